// Issue 34 part 1: the pure text functions choose their wording by the numbers they are given,
// through views/shared/thresholds.js: mixing graded, ties named, vectors called what they are,
// the bank answers shared, the dimension table without a causal claim, training judged against
// the word-identity baseline. Numbers come from the real core or are built to sit on each side
// of a threshold.
import { describe, it, expect, beforeAll } from 'vitest';
import { loadCore } from './load-core.js';
import { num } from '../../web/src/format.js';
import { BARELY_MIXES, BASELINE_MARGIN, LITTLE_MIXING, LOSS_RISE_CLEAR, LOSS_RISE_NOISE, NEARLY_ALL, TIE_TOLERANCE, VARIANCE_OVERSTATES, largestTied, mixingGrade, ties } from '../../web/src/views/shared/thresholds.js';
import { mixingText, selfScoreReason } from '../../web/src/views/flow/mixing.js';
import { outputMixing } from '../../web/src/views/flow/text.js';
import { largestWeightNote, selfWeightNote, threeAnswers } from '../../web/src/views/qkv/notebook-panels.js';
import { closerText, widthFact } from '../../web/src/views/bank/view.js';
import { movesText, untrainedNote } from '../../web/src/views/trained/view.js';
import { lopsidedText, survivalText } from '../../web/src/views/space/text.js';
import { accuracyText, againstBaseline, overfittingNote, stepLossTitle, wordAccuracyNote } from '../../web/src/views/training/text.js';
import { senseVerdict } from '../../web/src/views/training/sense.js';

let core;
beforeAll(async () => {
  core = await loadCore();
});

const text = (paragraphs) => paragraphs.map((p) => (Array.isArray(p) ? p : [p]).map((x) => (typeof x === 'string' ? x : 'value' in x ? num(x.value) : x.code)).join('')).join('\n');
const tokensOf = (wb) => Array.from(wb.tokens, (t) => t.text);
const rowOf = (m, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols));

describe('thresholds', () => {
  it('grades mixing at LITTLE_MIXING and BARELY_MIXES, and ties within TIE_TOLERANCE', () => {
    expect(mixingGrade(LITTLE_MIXING / 2)).toBe('almost-nothing');
    expect(mixingGrade(LITTLE_MIXING)).toBe('barely');
    expect(mixingGrade(BARELY_MIXES)).toBe('mixes');
    expect(ties(0.1749, 0.1749 * (1 + TIE_TOLERANCE / 2))).toBe(true);
    expect(ties(0.17490, 0.17494)).toBe(false); // rounds alike to 4 decimals, but is no tie
    expect(largestTied([0.4, 0.2, 0.2, 0.2], [1, 2, 3])).toEqual([1, 2, 3]);
    expect(largestTied([0.4, 0.3, 0.2, 0.1])).toEqual([0]);
  });
});

describe('flow', () => {
  const tokens = ['Bank', 'of', 'the', 'river'];
  const ctxOf = (wb, source, qkv = false) => ({ tokens, qkv, divisor: qkv ? wb.projected.scale_divisor : wb.paramFree.divisor, source, weights: rowOf(qkv ? wb.projected.attn_weights : wb.paramFree.attn_weights, 0) });

  it('fscale=1: 0.0355 from the others barely mixes, it does not "really mix"', () => {
    const wb = core.workbench({ freeScale: true });
    const m = wb.paramFreeMixing[0];
    expect(mixingGrade(m.weightElsewhere)).toBe('barely');
    const said = text(mixingText(m, ctxOf(wb, 'numpy')));
    expect(said).toMatch(/barely mixes/);
    expect(said).not.toMatch(/really mixes|here the output mixes/);
    const r = core.flow({ form: 'free', base: 0, freeScale: true });
    expect(text([outputMixing(r, tokens, false, 'numpy')])).toMatch(/barely mixes/);
  });

  it('one-hot: “of”, “the” and “river” tie and are all named; the vectors are not called random', () => {
    const wb = core.workbench({ source: 'onehot' });
    const said = text(mixingText(wb.paramFreeMixing[0], ctxOf(wb, 'onehot')));
    expect(said).toContain('“of”, “the” and “river” (tied)');
    expect(said).not.toMatch(/vectors are random|random vectors/);
    const output = text([outputMixing(core.flow({ form: 'free', base: 0, source: 'onehot' }), tokens, false, 'onehot')]);
    expect(output).toContain('most from “of”, “the” and “river”, tied');
    expect(output).not.toMatch(/random vectors/);
  });

  it('the reason for a saturated row names the vectors on screen', () => {
    expect(selfScoreReason('numpy', 'x₁', 'a₁₂')).toMatch(/This is what random vectors do/);
    expect(selfScoreReason('torch', 'x₁', 'a₁₂')).toMatch(/random vectors/);
    for (const source of ['glove', 'file', 'onehot']) expect(selfScoreReason(source, 'x₁', 'a₁₂')).not.toMatch(/what random vectors do|grows like √d/);
    expect(selfScoreReason('glove', 'x₁', 'a₁₂')).toMatch(/pretrained GloVe vectors, not random ones/);
    expect(selfScoreReason('file', 'x₁', 'a₁₂')).toMatch(/your file/);
  });
});

describe('qkv notes', () => {
  it('largest weights: one word three times ties in every row and is said as a tie', () => {
    const wb = core.workbench({ sentence: 'the the the' });
    const note = largestWeightNote(wb.projected.attn_weights, tokensOf(wb));
    expect(note).toContain(`“the” → “the”, “the” and “the” (tied at ${num(1 / 3)})`);
    expect(note).toMatch(/a tie\./);
    expect(note).not.toMatch(/keeps its largest weight on itself|not on itself/);
  });

  it('self weights: one-hot ties named, and a row that barely mixes is said to barely mix', () => {
    const hot = core.workbench({ source: 'onehot' });
    const tokens = tokensOf(hot);
    expect(selfWeightNote(hot.paramFreeMixing, tokens, 1, hot.paramFree.attn_weights)).toContain('“Bank” takes 0.5246 from the others, most from “of”, “the” and “river” (tied)');
    const scaled = core.workbench({ freeScale: true });
    const note = selfWeightNote(scaled.paramFreeMixing, tokens, scaled.paramFree.divisor, scaled.paramFree.attn_weights);
    expect(note).toContain(`“Bank” takes only ${num(scaled.paramFreeMixing[0].weightElsewhere)} from the others`);
    expect(note).toMatch(/barely mix/);
  });

  const experiment = (river, money) => ({
    cosines: [
      { name: 'raw_target_across_sentences', value: 1 },
      { name: 'contextual_target_across_sentences', value: 0.658 },
      { name: 'raw_target_vs_raw_river', value: river },
      { name: 'raw_target_vs_raw_money', value: money },
    ],
  });

  it('the three answers say what the bank chapter says for the source: GloVe was trained, one-hot is orthogonal, NumPy is random', () => {
    const glove = threeAnswers(experiment(0.3354, 0.5724), { source: 'glove', target: 'bank' });
    expect(glove).toMatch(/Yes, these vectors were trained/);
    expect(glove).not.toMatch(/random tables|table is random/);
    expect(threeAnswers(experiment(0, 0), { source: 'onehot', target: 'bank' })).toMatch(/One-hot vectors of different words are orthogonal/);
    expect(threeAnswers(experiment(0.1, -0.2), { source: 'numpy', target: 'bank' })).toMatch(/No\. The table is random/);
    expect(threeAnswers(experiment(0.1, -0.2), { source: 'file', target: 'bank' })).toMatch(/cannot tell how they were made/);
  });
});

describe('bank and trained chapters', () => {
  it('a tie between “river” and “money” is said as a tie', () => {
    expect(closerText(0.25, 0.25)).toBe('as close to “river” as to “money”');
    expect(closerText(0.3, 0.25)).toBe('closer to “river” than to “money”');
  });

  it('the class block "moves with context" only when its cosine is visibly below 1', () => {
    expect(movesText(0.9)).toBe('Moves with context');
    expect(movesText(0.99999)).toMatch(/^Hardly moves with context/);
  });

  it('the untrained note names every key tied for the largest weight', () => {
    const wb = core.workbench({ sentence: 'the the the' });
    const note = untrainedNote({ mixing: wb.projectedMixing, tokens: tokensOf(wb), targetIndex: 0, target: 'the', sentence: 1, weights: wb.projected.attn_weights });
    expect(note).toMatch(/itself, “the” and “the” alike \(a tie\)/);
  });
});

describe('lopsided rows, said only when most rows are', () => {
  it('bank: the wide-vectors fact counts the rows nearly all on one word', () => {
    const row = (topWeight) => ({ topWeight });
    const most = widthFact(100, [row(0.99), row(NEARLY_ALL), row(0.95), row(0.4)]);
    expect(most).toMatch(/^With 100 features.*: 3 of the 4 rows/);
    expect(most).toMatch(/barely move those outputs/);
    const few = widthFact(100, [row(0.99), row(0.5), row(0.4), row(0.3)]);
    expect(few).toMatch(/only 1 of the 4 rows/);
    expect(few).not.toMatch(/barely move/);
  });

  it('space: the untrained block’s mix is called lopsided only when most rows are', () => {
    const mixing = (rowsOver90) => ({ rows: 10, rowsOver90, medianTopWeight: 0.5, commonTopWord: 'the', commonTopCount: 4 });
    expect(lopsidedText(mixing(7))).toMatch(/^The mix is lopsided: in 7 of the 10/);
    expect(lopsidedText(mixing(2))).toMatch(/^The mix is not lopsided here: only in 2 of the 10/);
  });
});

describe('space: the dimension table', () => {
  const rows = [
    { dimensions: 50, varianceKept: 0.769, neighboursKept: 0.726 },
    { dimensions: 20, varianceKept: 0.482, neighboursKept: 0.458 },
    { dimensions: 2, varianceKept: 0.102, neighboursKept: 0.024 },
  ];

  it('makes no causal claim about model widths, and says the random table has nothing to find', () => {
    const said = survivalText(rows, 10);
    expect(said).not.toMatch(/This is why real embeddings/);
    expect(said).toMatch(/every cut in dimensions lost neighbours/);
    expect(said).not.toMatch(/look better/); // no row's variance is VARIANCE_OVERSTATES above its neighbours
    const random = survivalText(rows, 10, undefined, { random: true });
    expect(random).toMatch(/this table is random/);
    expect(random).not.toMatch(/every cut/);
  });

  it('says the variance kept looks better only where a row shows it', () => {
    const gap = [rows[0], { dimensions: 20, varianceKept: 0.56, neighboursKept: 0.56 - VARIANCE_OVERSTATES - 0.01 }, rows[2]];
    expect(survivalText(gap, 10)).toMatch(/at 20 dimensions it is 56\.0 %/);
    const flat = [rows[0], { dimensions: 20, varianceKept: 0.48, neighboursKept: 0.8 }];
    expect(survivalText(flat, 10)).toMatch(/do not fall with every cut/);
  });
});

describe('training', () => {
  it('each word’s accuracy row is read as a count: no word is judged on its few sentences', () => {
    const word = (w, correct, baseline = 0.5) => ({ word: w, sentences: 8, correct, accuracy: correct / 8, baseline });
    const said = wordAccuracyNote([word('bank', 8), word('plant', 4), word('bat', 1), word('cell', 5)], 32);
    expect(said).toMatch(/^Each word has only 8 held-out sentences: one sentence more or less right moves its row by 1 in 8\./);
    expect(said).toContain('the accuracy over all 32 sentences above as the test');
    expect(said).not.toMatch(/above its baseline|below its baseline|beats/);
  });

  it('overfitting is judged by a rise beyond noise while held-out accuracy does not improve, and worded by degree', () => {
    const run = (validation, accuracy, train = validation.map((_, i) => 2 - 0.1 * i)) =>
      validation.map((v, i) => ({ epoch: i, validationLoss: v, trainLoss: train[i], validationAccuracy: accuracy[i] }));
    // ?view=training&trin=glove&trseed=3 after 20 epochs: lowest 0.3948, last 0.4025, accuracy 0.8125 throughout
    const wobble = overfittingNote(run([2.08, 0.3948, 0.4025], [0.03, 0.8125, 0.8125]));
    expect(wobble.grade).toBe('noise');
    expect(wobble.rising).toBe(false);
    expect(wobble.text).toMatch(/is 0\.4025 after epoch 2, less than 20 % above it, the least that counts as a rise here/);
    expect(wobble.text).not.toMatch(/Overfitting|no longer carries over/);
    // a rise beyond noise while held-out accuracy still improves is not called overfitting
    const confident = overfittingNote(run([2, 1, 1 + LOSS_RISE_NOISE + 0.1], [0.1, 0.5, 0.6]));
    expect(confident.grade).toBe('confident');
    expect(confident.text).not.toMatch(/overfitting:/i);
    // accuracy held: signs below LOSS_RISE_CLEAR, overfitting from it
    const signs = overfittingNote(run([2, 1, 1 + LOSS_RISE_NOISE + 0.05], [0.1, 0.5, 0.5]));
    expect(signs.grade).toBe('signs');
    expect(signs.text).toMatch(/^Signs of overfitting: .* held-out accuracy did not improve \(0\.5000 at epoch 1, 0\.5000 now\)/);
    expect(signs.text).not.toMatch(/no longer carries over/);
    const clear = overfittingNote(run([2, 1, 1 + LOSS_RISE_CLEAR + 0.1], [0.1, 0.5, 0.4]));
    expect(clear.grade).toBe('clear');
    expect(clear.text).toMatch(/^Overfitting: validation loss was lowest after epoch 1 \(1\.0000\) and has risen to 1\.6000 after epoch 2, more than 50 % above it/);
    // both losses rising is unsteadiness, not overfitting
    expect(overfittingNote(run([2, 1, 1.5], [0.1, 0.5, 0.4], [2, 1, 1.2])).grade).toBe('unstable');
  });

  it('the trained triple is compared with the same triple at step 0', () => {
    const c = (verdict, margin) => ({ verdict, margin });
    // ?view=training&trseed=2: step 0 separated (0.3905), trained does not (0.0037)
    const lost = senseVerdict({ initial: c('separates', 0.3905), trained: c('too_close', 0.0037) }, 'level');
    expect(lost).toMatch(/^Training took the separation away on this triple: at step 0 the block separated the senses \(margin 0\.3905, separates\); trained, it does not \(margin 0\.0037, too close\)/);
    expect(lost).not.toMatch(/Even trained/);
    expect(senseVerdict({ initial: c('separates', 0.5811), trained: c('reversed', -0.4255) })).toMatch(/margin −0\.4255, reversed/);
    const neither = senseVerdict({ initial: c('reversed', -0.2), trained: c('too_close', 0.05) });
    expect(neither).toMatch(/neither at step 0 \(margin −0\.2000, reversed\) nor trained \(margin 0\.0500, too close\)/);
    expect(senseVerdict({ initial: c('separates', 0.3), trained: c('separates', 0.2) })).toMatch(/already did at step 0 \(margin 0\.3000 at step 0 → 0\.2000 trained\)/);
  });

  it('a separated triple is not called evidence of a better task when accuracy does not beat the baseline', () => {
    const pair = { initial: { verdict: 'reversed', margin: -0.29 }, trained: { verdict: 'separates', margin: 0.16 } };
    expect(senseVerdict(pair, 'level')).toMatch(/no evidence that the task improved/);
    expect(senseVerdict(pair, 'level')).not.toMatch(/evidence, on this triple, that training the projections improved/);
    expect(senseVerdict(pair, 'above')).toMatch(/evidence, on this triple, that training the projections improved/);
  });

  it('the step table’s title says how many steps it lists', () => {
    expect(stepLossTitle(3, 3)).toBe('The loss of each step (3 steps so far)');
    expect(stepLossTitle(0, 400)).toMatch(/0 of 400 steps so far; steps run by Epoch or Train are not listed one by one/);
  });
});
