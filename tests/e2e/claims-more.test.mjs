// End-to-end, issue 34 part 1: every sentence that states a result is chosen by the numbers
// beside it through views/shared/thresholds.js, under several inputs (NumPy, PyTorch, one-hot,
// GloVe, other seeds, a control that changes the mixing, a tie, another training seed). Each
// expectation is read from the page (heatmap cells, table cells, data attributes) and compared
// with the thresholds; no number is written here. Waits only on page signals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, openPage, heatmapValues, openFoldsAround } from './support.mjs';
import { num } from '../../web/src/format.js';
import { BASELINE_MARGIN, LOSS_RISE_NOISE, VARIANCE_OVERSTATES, analogyGrade, mixingGrade, overfittingGrade, ties } from '../../web/src/views/shared/thresholds.js';
import { loadCore } from '../js/load-core.js';

const { server, context } = await openSite();

// [label, URL settings, vector kind, GloVe must load first]
const INPUTS = [
  ['NumPy', '', 'random', false],
  ['PyTorch', 'source=torch', 'random', false],
  ['one-hot (a tie)', 'source=onehot', 'onehot', false],
  ['GloVe', 'source=glove', 'pretrained', true],
  ['other seeds', 'seed=3&pseed=5', 'random', false],
  ['÷√d (fscale=1)', 'fscale=1', 'random', false],
];

async function open(view, settings, glove) {
  const { page, errors } = await openPage(context, `${server.url}?view=${view}${settings ? `&${settings}` : ''}`);
  if (glove) {
    await page.waitForFunction(() => /d_model follows the vectors: 100/.test(document.querySelector('#messages')?.textContent ?? ''));
    await page.waitForSelector('body[data-ready="true"]');
  }
  return { page, errors };
}

/** The indices of `row` tied for its largest value (among `among`), by the page's tie rule. */
function tiedTop(row, among = row.map((_, j) => j)) {
  const top = Math.max(...among.map((j) => row[j]));
  return among.filter((j) => ties(row[j], top));
}

const quoted = (names) => names.map((w) => `“${w}”`);
const listed = (names) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** The words the page must say for a grade, and must not. */
const GRADE_WORDS = {
  'almost-nothing': [/mixes almost nothing/, /here the output (barely )?mixes/],
  barely: [/barely mixes/, /mixes almost nothing|here the output mixes/],
  mixes: [/here the output mixes/, /mixes almost nothing|barely mixes/],
};

async function flowNumbers(page) {
  return page.evaluate(() => {
    const base = document.querySelector('#flow table.mixing-table tbody tr.is-base');
    return {
      tokens: [...document.querySelectorAll('#flow table.mixing-table tbody tr th')].map((th) => th.textContent.replace(/^\d+\. /, '')),
      base: Number(base.dataset.row),
      elsewhere: Number(base.dataset.elsewhere),
      different: Number(base.dataset.fromDifferent), // from tokens with other vectors: what the grade reads
      weights: [...document.querySelectorAll('#flow table.flow-table tbody td[data-col="weight"]')].map((td) => Number(td.dataset.value)),
      grade: document.querySelector('#flow .mixing-text').dataset.grade,
      said: document.querySelector('#flow .mixing-text').textContent,
    };
  });
}

for (const [label, settings, kind, glove] of INPUTS) {
  test(`flow (${label}): the mixing verdict is graded by the base row’s share, names every tied key and fits the vector source`, async () => {
    const { page, errors } = await open('flow', settings, glove);
    const f = await flowNumbers(page);
    assert.equal(f.weights.length, f.tokens.length, 'the coefficients are on screen');
    const grade = mixingGrade(f.different);
    const [must, mustNot] = GRADE_WORDS[grade];
    assert.match(f.said, must);
    assert.doesNotMatch(f.said, mustNot);
    assert.doesNotMatch(f.said, /really mixes/);
    // the strongest other keys: all tied ones named, a tie said as one
    const others = tiedTop(f.weights, f.weights.map((_, j) => j).filter((j) => j !== f.base));
    const names = listed(quoted(others.map((j) => f.tokens[j])));
    assert.ok(f.said.includes(others.length > 1 ? `${names} (tied)` : names), `${names} in ${f.said}`);
    // the vectors are called what they are
    if (kind !== 'random') assert.doesNotMatch(f.said, /random vectors|vectors are random/, f.said);
    if (grade === 'almost-nothing' && kind === 'random') assert.match(f.said, /This is what random vectors do/);
    if (grade === 'almost-nothing' && kind === 'pretrained') assert.match(f.said, /pretrained GloVe vectors, not random ones/);
    assert.equal(f.grade, grade, `${label}: the base row gives ${f.different} to tokens with other vectors`);

    // the output step: the same grade, the same tied keys
    const last = 5 + f.tokens.length; // the free form's fixed stages, n terms, then the output (0-based)
    await page.goto(`${server.url}?view=flow&${settings ? `${settings}&` : ''}step=${last}`);
    await page.waitForSelector('body[data-ready="true"]');
    if (glove) await page.waitForFunction(() => /d_model follows the vectors: 100/.test(document.querySelector('#messages')?.textContent ?? ''));
    const output = await page.$eval('#flow .flow-text', (e) => e.textContent);
    assert.match(output, { 'almost-nothing': /mixes almost nothing/, barely: /barely mixes/, mixes: /takes a share of/ }[grade]);
    if (grade !== 'almost-nothing') assert.ok(output.includes(others.length > 1 ? `most from ${names}, tied` : `most from ${names}`), output);
    if (kind !== 'random') assert.doesNotMatch(output, /random vectors|vectors are random/, output);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

// [label, URL settings, vector kind, GloVe]: the Q/K/V chapter with a sentence whose rows all tie
const QKV_INPUTS = [...INPUTS.filter(([l]) => l !== '÷√d (fscale=1)'), ['one word three times (every row ties)', `s=${encodeURIComponent('the the the')}`, 'random', false]];

for (const [label, settings, kind, glove] of QKV_INPUTS) {
  test(`qkv (${label}): largest weights and self weights name every tied key, mixing is graded, the bank panel says what the bank chapter says`, async () => {
    const { page, errors } = await open('qkv', settings, glove);
    const tokens = await page.$$eval('#app ol.tokens li .token-text', (ls) => ls.map((l) => l.textContent));
    const n = tokens.length;
    const row = (M, i) => M.slice(i * n, (i + 1) * n);
    const W = await heatmapValues(page, 'attn_weights');
    const note = await page.$eval('p.largest-weights', (e) => ({ text: e.textContent, keys: e.dataset.topKeys }));
    for (let i = 0; i < n; i++) {
      const keys = tiedTop(row(W, i));
      const names = listed(quoted(keys.map((j) => tokens[j])));
      const expected = keys.length > 1 ? `“${tokens[i]}” → ${names} (tied at ${num(W[i * n + keys[0]])})` : `“${tokens[i]}” → ${names} (${num(W[i * n + keys[0]])})`;
      assert.ok(note.text.includes(expected), `${label} row ${i}: ${expected} in ${note.text}`);
    }
    const firstKeys = tiedTop(row(W, 0));
    if (label.startsWith('one word')) assert.equal(firstKeys.length, n, 'the tie case ties');
    if (firstKeys.length > 1) assert.match(note.text, /a tie\./);

    const A = await heatmapValues(page, 'A');
    // a key whose row of X is the row's own (a repeated word) changes nothing: its weight is no mixing
    const X = await heatmapValues(page, 'X');
    const d = X.length / n;
    const same = (i, j) => X.slice(i * d, (i + 1) * d).every((x, f) => x === X[j * d + f]);
    const selfNote = await page.$eval('p.self-weights', (e) => e.textContent);
    for (let i = 0; i < n; i++) {
      const r = row(A, i);
      const copies = r.map((_, j) => j).filter((j) => j !== i && same(i, j));
      const share = r.reduce((sum, a, j) => (j === i || copies.includes(j) ? sum : sum + a), 0);
      const grade = mixingGrade(share);
      if (grade === 'almost-nothing') {
        if (copies.length) assert.ok(selfNote.includes(`“${tokens[i]}” gives `) && !selfNote.includes(`“${tokens[i]}” takes `), `${tokens[i]} gives its weight to copies: ${selfNote}`);
        continue;
      }
      const others = tiedTop(r, r.map((_, j) => j).filter((j) => j !== i && !copies.includes(j)));
      const names = listed(quoted(others.map((j) => tokens[j])));
      const most = `most from ${others.length > 1 ? `${names} (tied)` : names}`;
      assert.ok(selfNote.includes(`“${tokens[i]}” takes ${grade === 'barely' ? 'only ' : ''}`), `${tokens[i]} (${grade}): ${selfNote}`);
      assert.ok(selfNote.includes(most), `${most} in ${selfNote}`);
    }

    // the bank panel: the vector source decides the trained-inputs answer, as in the bank chapter
    // the panel's answers and table are under its "More" fold: opened as a reader would
    await page.waitForSelector('p.three-answers', { state: 'attached' });
    await openFoldsAround(page, 'p.three-answers');
    await page.waitForSelector('p.three-answers');
    const three = await page.$eval('p.three-answers', (e) => e.textContent);
    const rawNote = await page.$eval('table.cosine-table tr[data-cosine="raw_target_vs_raw_river"] td:last-child', (e) => e.textContent);
    if (rawNote.startsWith('No cosine')) {
      assert.doesNotMatch(three, /random tables/); // no value: nothing to read, but the answer still names the source
    } else if (kind === 'pretrained') {
      assert.doesNotMatch(three + rawNote, /random tables|Random inputs/);
      assert.match(rawNote, /GloVe/);
    } else if (kind === 'onehot') {
      assert.match(rawNote, /One-hot/);
    } else {
      assert.match(rawNote, /Random inputs/);
    }
    const bank = await open('bank', settings, false);
    if (glove) await bank.page.waitForFunction(() => /d_model = 100\b/.test(document.querySelector('li[data-fact="source"]')?.textContent ?? ''));
    await bank.page.waitForSelector('dd[data-answer="trained-inputs"]');
    for (const id of ['trained-inputs', 'context']) {
      const answer = await bank.page.$eval(`dd[data-answer="${id}"]`, (e) => e.textContent);
      assert.ok(three.includes(answer), `the bank chapter’s ${id} answer “${answer}” in “${three}”`);
    }
    assert.equal(note.keys, firstKeys.join(','));
    assert.deepEqual([...errors, ...bank.errors], []);
    await bank.page.close();
    await page.close();
  });
}

for (const [label, settings] of [['GloVe', ''], ['random table', 'spd=random']]) {
  test(`space (${label}): the dimension table’s sentence says only what its rows show`, async () => {
    const { page, errors } = await open('space', settings, false);
    await page.waitForSelector('#space-view[data-report], #space-view[data-state]', { state: 'attached' });
    await page.waitForSelector('#space-survival-table', { state: 'attached' });
    const rows = await page.$$eval('#space-survival-table tbody tr', (trs) => trs.map((tr) => ({
      dimensions: Number(tr.dataset.dimensions), variance: Number(tr.children[1].dataset.value), neighbours: Number(tr.children[2].dataset.value),
    })));
    const said = await page.$eval('#space-survival p', (e) => e.textContent);
    assert.doesNotMatch(said, /This is why real embeddings/);
    if (settings) {
      assert.match(said, /this table is random/);
      assert.doesNotMatch(said, /every cut|look better/);
    } else {
      const byWidth = [...rows].sort((a, b) => b.dimensions - a.dimensions);
      const falling = byWidth.every((r, i) => i === 0 || r.neighbours < byWidth[i - 1].neighbours);
      assert.equal(/every cut in dimensions lost neighbours/.test(said), falling, said);
      const overstated = rows.some((r) => r.variance - r.neighbours >= VARIANCE_OVERSTATES);
      assert.equal(/can look better than the neighbourhoods/.test(said), overstated, said);
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
}

/** The word-identity baseline counted from the trainer's own dataset, run in Node. */
async function baselineOf(trainSet) {
  const core = await loadCore('train');
  const trainer = core.createTrainer({ inputs: 'random', trainableEmbeddings: false, dModel: 8, dK: 8, seed: 0, optimizer: 'adam', learningRate: 0.01, batchSize: 4, trainSet });
  const { train, validation } = trainer.dataset();
  trainer.delete();
  const senses = {};
  for (const e of train) (senses[e.target] ??= {})[e.label] = (senses[e.target][e.label] ?? 0) + 1;
  let credit = 0;
  for (const e of validation) {
    const counts = senses[e.target] ?? {};
    const most = Math.max(...Object.values(counts));
    const favourites = Object.keys(counts).filter((l) => counts[l] === most).map(Number);
    if (favourites.includes(e.label)) credit += 1 / favourites.length;
  }
  return credit / validation.length;
}

for (const seed of [0, 3]) {
  test(`training (trseed=${seed}): accuracy is judged against the word-identity baseline, the verdict follows it, the step table says what it lists`, async () => {
    const { page, errors } = await open('training', `trseed=${seed}`, false);
    await page.waitForSelector('#training[data-step="0"][data-training="false"] #training-counts dd');
    await page.click('#train-run');
    await page.waitForFunction(() => { const t = document.querySelector('#training'); return t.dataset.training === 'false' && Number(t.dataset.epoch) > 0; });
    const acc = await page.$eval('.sense-accuracy', (e) => ({ ...e.dataset, text: e.textContent }));
    const baseline = await baselineOf('full');
    assert.ok(acc.text.includes(`scores ${num(baseline)} (the word-identity baseline)`), acc.text);
    assert.equal(Number(acc.baseline), baseline);
    const after = Number(acc.after);
    const versus = after >= baseline + BASELINE_MARGIN ? 'above' : after > baseline - BASELINE_MARGIN ? 'level' : 'below';
    assert.equal(acc.versus, versus);
    assert.match(acc.text, { above: /beats that baseline/, level: /within .* of the baseline/, below: /below the baseline/ }[versus]);
    const verdict = await page.$eval('.sense-verdict', (e) => ({ ...e.dataset, text: e.textContent }));
    if (versus !== 'above') assert.doesNotMatch(verdict.text, /evidence, on this triple, that training the projections improved the task/);
    if (verdict.trained === 'separates' && verdict.initial !== 'separates' && versus !== 'above') assert.match(verdict.text, /no evidence that the task improved/);
    const steps = Number(await page.$eval('#training', (e) => e.dataset.step));
    const listed = await page.locator('.step-loss-table tbody tr').count();
    const summary = await page.$eval('.step-losses summary', (e) => e.textContent);
    if (listed === steps) assert.match(summary, new RegExp(`\\(${steps} steps? so far\\)`));
    else assert.ok(summary.includes(`(${listed} of ${steps} steps so far`), summary);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

/** The epochs of the loss and accuracy tables under the curves (epoch 0: before training). */
async function epochsOnPage(page) {
  return page.evaluate(() => {
    const read = (chart, key) => Array.from(document.querySelectorAll(`table[data-name="${chart}"] td[data-series="${key}"]`), (td) => Number(td.dataset.value));
    const trainLoss = read('training_loss', 'trainLoss');
    const validationLoss = read('training_loss', 'validationLoss');
    const validationAccuracy = read('training_accuracy', 'validationAccuracy');
    return trainLoss.map((_, e) => ({ epoch: e, trainLoss: trainLoss[e], validationLoss: validationLoss[e], validationAccuracy: validationAccuracy[e] }));
  });
}

// The runs the audit found contradicted (issue 34): a validation loss 0.0077 above its lowest
// called overfitting (GloVe, seed 3); a triple separated at step 0 and not after training called
// "does not separate, even trained" (seeds 1, 2, 5).
for (const settings of ['trin=glove&trseed=3', 'trseed=2', 'trseed=5', 'trseed=1']) {
  test(`training (${settings}): overfitting by its thresholds, the triple against step 0, each word’s held-out accuracy`, async () => {
    const { page, errors } = await open('training', settings, false);
    await page.waitForSelector('#training[data-step="0"][data-training="false"] #training-counts dd');
    await page.click('#train-run');
    await page.waitForFunction(() => { const t = document.querySelector('#training'); return t.dataset.training === 'false' && Number(t.dataset.epoch) === 20; });
    // overfitting: graded from the curves' own numbers
    const epochs = await epochsOnPage(page);
    const { grade, best, last, rise } = overfittingGrade(epochs);
    const note = await page.$eval('.overfit-note', (e) => ({ ...e.dataset, text: e.textContent }));
    assert.equal(note.grade, grade, note.text);
    assert.equal(note.rising, String(grade === 'signs' || grade === 'clear'));
    if (rise < LOSS_RISE_NOISE || last.validationAccuracy > best.validationAccuracy) assert.doesNotMatch(note.text, /overfitting:/i);
    if (grade !== 'clear') assert.doesNotMatch(note.text, /no longer carries over/);
    // the triple: the trained verdict is said against step 0's
    const rows = await page.$$eval('.training-sense-table tbody tr', (trs) => Object.fromEntries(trs.map((tr) => [tr.dataset.row, { verdict: tr.dataset.verdict, margin: tr.querySelector('td:nth-of-type(3)').textContent }])));
    const verdict = await page.$eval('.sense-verdict', (e) => e.textContent);
    assert.ok(verdict.includes(rows.initial.margin) && verdict.includes(rows.trained.margin), verdict);
    if (rows.initial.verdict === 'separates' && rows.trained.verdict !== 'separates') assert.match(verdict, /^Training took the separation away on this triple/);
    assert.doesNotMatch(verdict, /Even trained/);
    // each word's held-out sentences, counted by the core, add up to the accuracy beside them
    const words = await page.$$eval('.training-word-accuracy tbody tr', (trs) => trs.map((tr) => ({ ...tr.dataset })));
    assert.deepEqual(words.map((w) => w.word).sort(), ['bank', 'bat', 'cell', 'plant']);
    const accuracy = await page.$eval('.sense-accuracy', (e) => ({ ...e.dataset }));
    const correct = words.reduce((sum, w) => sum + Number(w.correct), 0);
    const sentences = words.reduce((sum, w) => sum + Number(w.sentences), 0);
    assert.equal(correct / sentences, Number(accuracy.after));
    for (const w of words) assert.equal(Number(w.baseline), Number(accuracy.baseline)); // every word's senses are balanced in training
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('space: the difference-direction sentence is graded by its cosine, and on the random table said to be chance', async () => {
  for (const source of ['glove', 'random']) {
    const { page, errors } = await open('space', `spd=${source}`, false);
    await page.waitForSelector('#space-view[data-report]', { state: 'attached' });
    const said = await page.$eval('#space-analogy-text', (p) => ({ value: Number(p.dataset.value), text: p.textContent }));
    assert.ok(said.text.startsWith(`cos(king − queen, man − woman) = ${num(said.value)}`), said.text);
    if (source === 'random') {
      assert.match(said.text, /This table is random, so this cosine is chance/);
      assert.doesNotMatch(said.text, /tendency/);
    } else {
      const grade = analogyGrade(said.value);
      assert.match(said.text, { parallel: /close to one direction/, partly: /partly the same way/, none: /no analogy shows/ }[grade]);
      if (grade === 'none') assert.doesNotMatch(said.text, /tendency/);
    }
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('space: colour by sense asked for GloVe words says why it colours by frequency rank instead', async () => {
  const { page, errors } = await open('space', 'spc=sense', false);
  await page.waitForSelector('.space-legend-box[data-colour="rank"] #space-colour-legend');
  assert.equal(await page.getAttribute('.space-legend-box', 'data-colour-asked'), 'sense');
  assert.match(await page.textContent('#space-colour-fallback'), /^Colour by sense needs sentences: .* the GloVe table, one per word and with no sense, so they are coloured by frequency rank instead/);
  // where senses exist they are drawn, and nothing needs saying
  await page.selectOption('#space-data', 'ctx-block');
  await page.waitForSelector('.space-legend-box[data-colour="sense"] #space-legend');
  assert.equal(await page.locator('#space-colour-fallback').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the case note describes the table in use: the GloVe subset’s facts only for GloVe, a learner’s file its own', async () => {
  const { page, errors } = await open('qkv', 'source=glove', true);
  await page.waitForFunction(() => document.querySelector('.case-note')?.textContent);
  assert.match(await page.textContent('.case-note'), /The bundled GloVe subset has only lowercase words, no single-letter words such as “a” or “i”, and no numbers\.$/);
  await page.selectOption('#source', 'file');
  const body = ['bank', 'of', 'the', 'river', 'London', 'a', '2026'].map((w, i) => `${w} ${i + 1} ${(i % 3) - 1} 0.5`).join('\n');
  await page.setInputFiles('#vector-file', { name: 'mine.txt', mimeType: 'text/plain', buffer: Buffer.from(`${body}\n`) });
  await page.waitForFunction(() => /mine\.txt/.test(document.querySelector('.case-note')?.textContent ?? ''));
  const note = await page.textContent('.case-note');
  assert.match(note, /Your file “mine\.txt” keeps capitals/);
  assert.doesNotMatch(note, /GloVe subset|single-letter|no numbers/);
  assert.deepEqual(errors, []);
  await page.close();
});
