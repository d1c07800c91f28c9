// End-to-end: the built page in Debian's Chromium. Types sentences, reads the numbers back from
// the DOM and compares them with the same core run in Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openSite, openPage, showHeatmap, heatmapValues } from './support.mjs';
import { num } from '../../web/src/format.js';

const { server, context, core } = await openSite();

const titles = heatmapValues;

async function typeSentence(page, text) {
  const before = await page.evaluate(() => document.body.dataset.renders);
  await page.fill('#sentence', text);
  // the input is debounced: wait for the next render attempt
  await page.waitForFunction((n) => document.body.dataset.renders !== n, before);
}

test('opens on the class example with the notebook numbers', async () => {
  const { page, errors } = await openPage(context, server.url);
  const tokens = await page.$$eval('.tokens .token-text', (els) => els.map((e) => e.textContent));
  assert.deepEqual(tokens, ['Bank', 'of', 'the', 'river']);
  const expected = core.workbench({});
  assert.deepEqual(await titles(page, 'attn_weights'), Array.from(expected.projected.attn_weights.data));
  assert.deepEqual(await titles(page, 'Y'), Array.from(expected.projected.Y.data));
  assert.deepEqual(await titles(page, 'X'), Array.from(expected.X.data));
  // the whole embedding table the notebook builds, one row per vocabulary word
  assert.deepEqual(await titles(page, 'table'), Array.from(expected.table.vectors.data));
  assert.equal(expected.table.vectors.rows, 8);
  await showHeatmap(page, 'attn_weights');
  const sums = await page.$$eval('figure[data-name="attn_weights"] .row-sums text.sum', (els) => els.map((e) => e.textContent));
  assert.deepEqual(sums, ['1.000', '1.000', '1.000', '1.000']);
  const shape = await page.$eval('table.shapes tr[data-name="attn_weights"] td.shape', (e) => e.textContent);
  assert.equal(shape, '(4, 4)');
  assert.equal(await page.$eval('#simd-status', (e) => e.textContent), 'with SIMD');
  assert.deepEqual(errors, []);
  await page.close();
});

test('typing a sentence recomputes every matrix', async () => {
  const { page } = await openPage(context, server.url);
  await typeSentence(page, 'bank account has money today');
  const expected = core.workbench({ sentence: 'bank account has money today' });
  assert.deepEqual(await titles(page, 'attn_weights'), Array.from(expected.projected.attn_weights.data));
  assert.equal(await page.$eval('table.shapes tr[data-name="X"] td.shape', (e) => e.textContent), '(5, 8)');
  assert.match(page.url(), /s=bank\+account\+has\+money\+today/);
  await page.close();
});

test('the inspector explains a weight on hover and follows the arrow keys', async () => {
  const { page } = await openPage(context, server.url);
  const expected = core.workbench({});
  await showHeatmap(page, 'attn_weights');
  await page.hover('figure[data-name="attn_weights"] .cell[data-i="1"][data-j="3"]');
  const heading = await page.$eval('.inspector h4', (e) => e.textContent);
  assert.equal(heading, 'How attn_weights[1, 3] was made');
  const explained = core.explainWeight(expected.projected.Q, expected.projected.K, 1, 3);
  const fullText = await page.$eval('.inspector-full', (e) => e.textContent);
  assert.equal(fullText, `Full precision: ${explained.weight}`);
  await page.focus('figure[data-name="attn_weights"] .cell[data-i="1"][data-j="3"]');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.$eval('.inspector h4', (e) => e.textContent), 'How attn_weights[2, 3] was made');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.$eval('.inspector h4', (e) => e.textContent), 'How attn_weights[2, 2] was made');
  await page.close();
});

test('the causal mask and the scale toggle change the numbers', async () => {
  const { page } = await openPage(context, server.url);
  const renders = await page.evaluate(() => document.body.dataset.renders);
  await page.check('#causal');
  await page.waitForFunction((n) => document.body.dataset.renders !== n, renders);
  // the map may have left the screen (the checkbox is above it): it draws once back in view
  await showHeatmap(page, 'attn_weights');
  await page.waitForFunction(() => document.querySelector('figure[data-name="attn_weights"] .cell[data-i="0"][data-j="1"] title').textContent.endsWith(' = 0'));
  const weights = await titles(page, 'attn_weights');
  assert.deepEqual(weights, Array.from(core.workbench({ causal: true }).projected.attn_weights.data));
  await page.uncheck('#scale');
  await page.waitForFunction(() => /scaling is off/.test(document.querySelector('.inspector').textContent));
  assert.deepEqual(await titles(page, 'attn_weights'), Array.from(core.workbench({ causal: true, scale: false }).projected.attn_weights.data));
  await page.close();
});

test('bad input gets a clear message and the last result stays', async () => {
  const { page, errors } = await openPage(context, server.url);
  await typeSentence(page, '');
  await page.waitForSelector('#error .error');
  assert.equal(await page.$eval('#error .error', (e) => e.textContent), 'Type a sentence: attention needs at least one token.');
  assert.equal(await page.$$eval('.tokens li', (els) => els.length), 4, 'the previous result is kept');

  await typeSentence(page, '?!... ,,, ---');
  await page.waitForFunction(() => /No words found/.test(document.querySelector('#error').textContent));

  await typeSentence(page, 'bank');
  assert.equal(await page.$$eval('#error .error', (els) => els.length), 0);
  assert.deepEqual(await titles(page, 'attn_weights'), [1]);

  await page.fill('#d-model', '0');
  await page.dispatchEvent('#d-model', 'change');
  await page.waitForSelector('#error .error');
  assert.equal(await page.$eval('#error .error', (e) => e.textContent), 'd_model must be a whole number from 1 to 64.');
  assert.deepEqual(errors, []);
  await page.close();
});

test('HTML and script in the sentence or the URL are shown as text, never run', async () => {
  const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script> bank';
  const { page } = await openPage(context, `${server.url}?s=${encodeURIComponent(hostile)}&evil=%3Cscript%3E`);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.$$eval('main img, main script', (els) => els.length), 0);
  const tokens = await page.$$eval('.tokens .token-text', (els) => els.map((e) => e.textContent));
  assert.ok(tokens.includes('onerror'));
  assert.match(await page.$eval('#messages', (e) => e.textContent), /Ignored unknown or invalid link settings: evil/);
  await page.close();
});

test('2,000 words: the page stays responsive and says what it kept', async () => {
  const long = Array.from({ length: 2000 }, (_, i) => ['bank', 'of', 'the', 'river'][i % 4]).join(' ');
  const { page } = await openPage(context, server.url);
  await page.fill('#sentence', long);
  assert.equal(await page.inputValue('#sentence'), long, 'the whole text arrives, not a silently cut one');
  await page.waitForFunction(() => /The sentence has 2000 words; only the first 64 are used/.test(document.querySelector('#messages').textContent));
  // the shapes panel is below the screen: it is redrawn a task after the visible part
  await page.waitForFunction(() => !document.querySelector('[data-section="waiting"]') && !document.body.dataset.computing);
  assert.equal(await page.$eval('table.shapes tr[data-name="X"] td.shape', (e) => e.textContent), '(64, 8)');
  const weights = await titles(page, 'attn_weights');
  assert.equal(weights.length, 64 * 64);
  assert.ok(weights.every(Number.isFinite));
  await page.close();
});

test('unknown words and the PyTorch source are labelled', async () => {
  const { page } = await openPage(context, `${server.url}?s=${encodeURIComponent('the cat sat by the river')}`);
  assert.match(await page.$eval('#messages', (e) => e.textContent), /Not in the course vocabulary: "cat", "sat", "by"/);
  await page.selectOption('#source', 'torch');
  await page.waitForFunction(() => /PyTorch notebook/.test(document.querySelector('.source-note').textContent));
  const expected = core.workbench({ sentence: 'the cat sat by the river', source: 'torch' });
  assert.deepEqual(await titles(page, 'Y'), Array.from(expected.projected.Y.data));
  await page.close();
});

async function checkCells(page) {
  return page.$$eval('table.checks tbody tr', (rows) =>
    Object.fromEntries(rows.map((r) => [r.dataset.check, [...r.querySelectorAll('td')].map((td) => td.textContent)])));
}

test('NumPy mode: the values the notes record stand next to the computed ones', async () => {
  const { page } = await openPage(context, server.url);
  const checks = await checkCells(page);
  assert.deepEqual(checks['y-literal'], ['[0.3247, 0.5943, 0.2543]', '[0.3247, 0.5943, 0.2543]']);
  assert.deepEqual(checks['y1-manual'], ['[0.3247, 0.5943, 0.2543]', '[0.3247, 0.5943, 0.2543]']);
  assert.deepEqual(checks.allclose, ['True', 'True']);
  assert.deepEqual(checks['raw-bank'], ['1.0', '1.0000']);
  assert.match(checks['bank-river'][1], /^lower \(−0\.6063 vs −0\.5045\)$/);
  assert.match(checks['bank-money'][1], /^True \(0\.6502 vs −0\.6063\)$/);
  // Every matrix names the notebook cell it comes from.
  assert.match(await page.$eval('figure[data-name="W_q"] .cell-ref', (e) => e.textContent), /cell 6: rng = np.random.default_rng\(1\)/);
  // Off the class settings the recorded column steps aside instead of showing numbers that no longer apply.
  await typeSentence(page, 'bank account has money');
  assert.deepEqual((await checkCells(page))['y-literal'][0], '—');
  await page.close();
});

test('PyTorch mode: contextual bank cosine 0.814038… and the one-head nn.MultiheadAttention cell', async () => {
  const { page } = await openPage(context, `${server.url}?source=torch&s=bank+of+the+river`);
  const checks = await checkCells(page);
  const experiment = core.bankExperiment({ source: 'torch', sentence: 'bank of the river' });
  const contextual = experiment.cosines.find((c) => c.name === 'contextual_target_across_sentences').value;
  assert.equal(checks['torch-bank'][0], '0.814038…');
  assert.equal(checks['torch-bank'][1], String(contextual));
  assert.ok(String(contextual).startsWith('0.814038'));
  assert.deepEqual(checks['raw-equal'], ['True', 'True']);
  const expected = core.workbench({ source: 'torch', sentence: 'bank of the river' });
  assert.deepEqual(await titles(page, 'Y_mha'), Array.from(expected.mha.Y_mha.data));
  assert.deepEqual(await titles(page, 'attn_weights_mha'), Array.from(expected.mha.attn_weights_mha.data));
  assert.deepEqual(await titles(page, 'mha.out_proj.weight'), Array.from(expected.mha.out_proj_weight.data));
  await page.close();
});

test('PyTorch mode, a word only the second sentence has: heatmaps and cosines share one table, as in PyTorch', async () => {
  // "in" is new and only in sentence 2; it joins nn.Embedding's table, which shifts every later
  // draw from torch.manual_seed, so sentence 1's Q, K, V change too (tests/fixtures/torch_seed5_d16.json).
  const golden = JSON.parse(readFileSync(new URL('../fixtures/torch_seed5_d16.json', import.meta.url)));
  const { page, errors } = await openPage(context, `${server.url}?source=torch&seed=5&d=16&s=the+river+bank&s2=money+in+the+bank`);
  for (const name of ['X', 'Q', 'K', 'V', 'attn_weights', 'Y']) {
    const shown = await titles(page, name);
    const expected = golden.sentence1[name].flat();
    assert.equal(shown.length, expected.length, name);
    const worst = Math.max(...shown.map((v, k) => Math.abs(v - expected[k])));
    assert.ok(worst <= 1e-6, `${name} is ${worst} from PyTorch`);
  }
  const checks = await checkCells(page);
  assert.ok(Math.abs(Number(checks['torch-bank'][1]) - golden.cosines.contextual_bank_cosine_float64) < 1e-6);
  assert.deepEqual(errors, []);
  await page.close();
});

test('every chapter link is a real URL that keeps the sentence', async () => {
  const { page } = await openPage(context, `${server.url}?s=bank+account`);
  const links = await page.$$eval('#views-nav a', (as) => as.map((a) => [a.getAttribute('href'), a.getAttribute('aria-current')]));
  assert.ok(links.length >= 1);
  for (const [href] of links) assert.match(href, /s=bank\+account/);
  assert.ok(links.some(([, current]) => current === 'page'));
  await page.close();
});

test('qkv: W_q\'s spread, measured by the core, under the sentence that scale=0.5 is a standard deviation', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=qkv&d=16`);
  const W_q = core.workbench({ dModel: 16, dK: 16, dV: 16 }).W_q;
  const summary = core.valueSummary(W_q, 12);
  assert.equal(Number(await page.getAttribute('.spread', 'data-std')), summary.std);
  const note = await page.textContent('.spread-note');
  assert.ok(note.includes('256 values') && note.includes(num(summary.std)) && /0\.5 is the standard deviation/.test(note), note);
  assert.deepEqual(await page.$$eval('.spread rect.bar', (bars) => bars.map((b) => Number(b.dataset.count))), Array.from(summary.binCounts));
  assert.deepEqual(errors, []);
  await page.close();
});

test('one keystroke computes each of the chapter\'s two sentences once; view state computes none', async () => {
  const { page } = await openPage(context, server.url);
  const counts = () => page.evaluate(() => ({
    sentences: Number(document.body.dataset.sentencesComputed), renders: document.body.dataset.renders,
  }));
  const start = await counts();
  assert.ok(start.sentences >= 2, `the first drawing computed ${start.sentences} sentences`);
  await page.focus('#sentence');
  await page.keyboard.press('End');
  await page.keyboard.type('s');
  // every section drawn, the off-screen ones too (body[data-renders], main.js)
  await page.waitForFunction((n) => document.body.dataset.renders !== n, start.renders);
  const typed = await counts();
  assert.equal(typed.sentences - start.sentences, 2, 'sentence A and sentence B, each once');
  // hovering a weight explains it from the Q and K already computed: no sentence again
  await showHeatmap(page, 'attn_weights');
  await page.hover('figure[data-name="attn_weights"] .cell[data-i="1"][data-j="2"]');
  await page.waitForFunction(() => document.querySelector('.inspector h4')?.textContent === 'How attn_weights[1, 2] was made');
  assert.equal((await counts()).sentences, typed.sentences);
  await page.close();
});

test('a keystroke updates the matrices in place: the same elements, the new numbers', async () => {
  const { page } = await openPage(context, server.url);
  await showHeatmap(page, 'attn_weights');
  const cell = 'figure[data-name="attn_weights"] .cell[data-i="0"][data-j="1"]';
  await page.evaluate((selector) => { window.keptCell = document.querySelector(selector); window.keptFigure = window.keptCell.closest('figure'); }, cell);
  const before = await page.$eval(cell, (e) => e.querySelector('title').textContent);
  await typeSentence(page, 'river of the bank');
  const expected = core.workbench({ sentence: 'river of the bank' });
  assert.deepEqual(await titles(page, 'attn_weights'), Array.from(expected.projected.attn_weights.data));
  const after = await page.evaluate((selector) => ({
    sameCell: document.querySelector(selector) === window.keptCell,
    sameFigure: window.keptFigure.isConnected && window.keptFigure.contains(window.keptCell),
    text: document.querySelector(selector).querySelector('title').textContent,
  }), cell);
  assert.ok(after.sameFigure, 'the attn_weights figure is the one drawn before');
  assert.ok(after.sameCell, 'cell (0, 1) is the element drawn before');
  assert.notEqual(after.text, before);
  await page.close();
});
