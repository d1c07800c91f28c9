// The notes' third question, "do the attention projections improve a semantic task?", answered
// from held-out data once the block is trained: (1) validation accuracy and loss before and
// after training, against chance; (2) the bank experiment rerun on three validation sentences,
// "bank" in one sense, in the other, and in the first sense again (the control), through the
// projections at step 0 and the trained ones (core.trainedSenseCheck), judged as the trained
// chapter judges its model.
import { part, parts, shown, keptTable } from '../../components/parts.js';
import { num, numOrNotDefined, full } from '../../format.js';
import { senseTriple } from './run-data.js';
import { accuracyText, againstBaseline, wordAccuracyNote } from './text.js';

// Made once, filled after every step (components/parts.js); a part that a run has no number for
// yet is hidden, not removed, so the section keeps its order.
export function drawSenseCheck(section, { run, core }) {
  const first = run.epochs[0];
  const last = run.epochs[run.epochs.length - 1];
  const classes = run.dataset.classes.length;
  const trainedYet = Boolean(last && last.epoch > 0);
  shown(part(section, 'p.muted', 'train-first'), !trainedYet).text(trainedYet ? '' : // a hidden part keeps no text: the page's text is what it shows
    'Train at least one epoch: this section then asks the notes’ third question (do the attention projections improve a semantic task?) of the held-out validation sentences.');
  const answer = shown(part(section, 'div', 'answer'), trainedYet);
  if (!trainedYet) return;
  const baseline = last.wordIdentityBaseline; // the core's (Trainer::evaluate)
  const versus = againstBaseline(last.validationAccuracy, baseline);
  part(answer, 'p.sense-accuracy', 'accuracy').attr('data-before', full(first.validationAccuracy)).attr('data-after', full(last.validationAccuracy))
    .attr('data-baseline', full(baseline)).attr('data-versus', versus).text(accuracyText({
      before: first.validationAccuracy, after: last.validationAccuracy, epoch: last.epoch, sentences: run.dataset.validation.length,
      classes, baseline, lossBefore: first.validationLoss, lossAfter: last.validationLoss,
    }));
  drawWordAccuracy(answer, first, last, run.dataset.validation.length);
  const triple = senseTriple(run);
  let result = null;
  let why = triple.ok ? '' : triple.why;
  if (triple.ok) {
    try {
      // with trainable embeddings, step 0 is judged on the initial table and the trained block on today's
      const check = (table) => {
        const [one, otherSense, sameSense] = triple.at(table);
        return core.trainedSenseCheck({ first: one, otherSense, sameSense, initial: run.initial, trained: run.parameters });
      };
      const atStart = check(run.initial.embeddings);
      result = run.config.trainableEmbeddings ? { ...atStart, trained: check(run.parameters.embeddings).trained } : atStart;
    } catch (error) {
      why = error.message;
    }
  }
  shown(part(answer, 'p', 'why'), !result).attr('class', triple.ok ? 'error' : 'muted').text(why);
  const check = shown(part(answer, 'div', 'check'), Boolean(result));
  if (!result) return;
  part(check, 'p', 'triple').text(
    `The bank experiment again, on three validation sentences: 1. “${triple.texts[0]}”, 2. “${triple.texts[1]}” (the other sense), 3. “${triple.texts[2]}” (the control: the same sense as 1). ` +
      `The contextual vector of “${triple.word}” is its row of Y; a pair counts as separated only when the same-sense pair sits at least ${num(result.trained.requiredMargin)} above the different-sense pair.`,
  );
  const table = keptTable(check, 'table', 'cosine-table training-sense-table');
  const head = part(part(table, 'thead', 'head'), 'tr', 'row');
  parts(head, 'th', ['vectors', '1 vs 2 (different sense)', '1 vs 3 (same sense)', 'margin', 'verdict'], (h) => h, (th, h) => th.attr('scope', 'col').text(h));
  const rows = [['raw', `looked-up rows of X${run.config.trainableEmbeddings ? ' (at step 0)' : ''}`], ['initial', 'contextual, projections at step 0'], ['trained', `contextual, trained projections (step ${run.counts.step})`]];
  parts(part(table, 'tbody', 'body'), 'tr', rows, ([key]) => key, (tr, [key, label]) => {
    const c = result[key];
    tr.attr('data-row', key).attr('data-verdict', c.verdict);
    part(tr, 'th', 'label').attr('scope', 'row').text(label);
    for (const field of ['differentSense', 'sameSense', 'margin']) {
      part(tr, 'td', field).attr('data-value', c[field] == null ? '' : full(c[field])).text(numOrNotDefined(c[field]));
    }
    part(tr, 'td', 'verdict').text(c.verdict.replace('_', ' '));
  });
  part(check, 'p.sense-verdict', 'verdict').attr('data-trained', result.trained.verdict).attr('data-initial', result.initial.verdict)
    .text(senseVerdict(result, versus));
}

/**
 * Each ambiguous word's held-out sentences predicted right, at step 0 and now, beside its
 * word-identity baseline: all counted by the core (Evaluation::validation_words).
 */
function drawWordAccuracy(answer, first, last, sentences) {
  const table = keptTable(answer, 'table', 'checks training-word-accuracy');
  part(table, 'caption', 'caption').text('Held-out sentences whose sense is predicted right, word by word');
  const head = part(part(table, 'thead', 'head'), 'tr', 'row');
  const heads = ['word', 'before training', `after epoch ${last.epoch}`, 'word-identity baseline'];
  parts(head, 'th', heads, (_, i) => i, (th, h) => th.attr('scope', 'col').text(h));
  const before = new Map(first.validationWords.map((w) => [w.word, w]));
  const right = (w) => (w ? `${w.correct} of ${w.sentences} (${num(w.accuracy)})` : '—');
  parts(part(table, 'tbody', 'body'), 'tr', last.validationWords, (w) => w.word, (tr, w) => {
    tr.attr('data-word', w.word).attr('data-correct', String(w.correct)).attr('data-sentences', String(w.sentences))
      .attr('data-accuracy', full(w.accuracy)).attr('data-baseline', full(w.baseline));
    part(tr, 'th', 'word').attr('scope', 'row').text(w.word);
    part(tr, 'td.computed', 'before').attr('data-value', before.has(w.word) ? full(before.get(w.word).accuracy) : null).text(right(before.get(w.word)));
    part(tr, 'td.computed', 'after').attr('data-value', full(w.accuracy)).text(right(w));
    part(tr, 'td.computed', 'baseline').attr('data-value', full(w.baseline)).text(num(w.baseline));
  });
  part(answer, 'p.word-accuracy-note', 'word-note').text(wordAccuracyNote(last.validationWords, sentences));
}

/**
 * The answer to the third question, from the verdicts at step 0 and after training (the core's,
 * core/math/sense_control.hpp) and how the validation accuracy stands against the word-identity
 * baseline (`versus`, againstBaseline in text.js): the trained triple is always compared with the
 * same triple at step 0, and one triple is credited as evidence that the task improved only
 * when the wider test agrees.
 */
export function senseVerdict({ initial, trained }, versus = 'above') {
  if (trained.verdict === 'undefined') return 'No verdict: a contextual vector is zero, so a cosine is not defined.';
  const verdictName = (c) => c.verdict.replace('_', ' ');
  const at = (c) => (c.margin == null ? 'no margin' : `margin ${num(c.margin)}, ${verdictName(c)}`);
  const change = `margin ${initial.margin == null ? 'undefined' : num(initial.margin)} at step 0 → ${num(trained.margin)} trained`;
  if (trained.verdict === 'separates' && initial.verdict !== 'separates' && versus !== 'above') {
    return `Trained, the block separates the senses on this triple, and at step 0 it did not (${change}): training changed these three vectors. But the validation accuracy above does not beat knowing the word alone, so this is no evidence that the task improved: one triple can come apart by chance.`;
  }
  if (trained.verdict === 'separates' && initial.verdict !== 'separates') {
    return `Trained, the block separates the senses on these held-out sentences, and at step 0 it did not (${change}): evidence, on this triple, that training the projections improved the task. One triple is one example: the validation accuracy above is the wider test.`;
  }
  if (trained.verdict === 'separates') {
    return `The block separates the senses here trained and already did at step 0 (${change}): this triple does not show what training added.`;
  }
  if (initial.verdict === 'separates') {
    return `Training took the separation away on this triple: at step 0 the block separated the senses (${at(initial)}); trained, it does not (${at(trained)}). These contextual vectors keep the senses apart less than the untrained ones did.`;
  }
  return `The block does not separate the senses on this triple, neither at step 0 (${at(initial)}) nor trained (${at(trained)}): training did not make these contextual vectors keep the senses apart.`;
}
