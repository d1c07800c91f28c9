// End-to-end: the syllabus chapters in Debian's Chromium. Each test drives a view and reads the
// numbers back from the DOM, comparing them with the same core run in Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, openPage, heatmapValues, resizeTo } from './support.mjs';

const { server, context, core } = await openSite();

async function nextRender(page, action) {
  const before = await page.evaluate(() => document.body.dataset.renders);
  await action();
  await page.waitForFunction((n) => document.body.dataset.renders !== n, before);
}

async function noPageScroll(page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

// ---- chapter 5 ------------------------------------------------------------------------------
async function vectorValues(page) {
  return page.$$eval('.vector-table tr[data-key] td.value[data-value]', (tds) =>
    Object.fromEntries(tds.map((td) => [td.closest('tr').dataset.key, td.dataset.value === '' ? null : Number(td.dataset.value)])));
}

function expectedVectorValues(a, b) {
  const r = core.compareVectors(a, b);
  return { dot: r.dot, normA: r.normA, normB: r.normB, cosine: r.cosine, angle: r.angleDegrees, dot2b: r.dotWith2b, cos2b: r.cosineWith2b };
}

test('cosine: the default vectors, then the arrow keys move a tip', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=cosine`);
  assert.deepEqual(await vectorValues(page), expectedVectorValues([2, 1], [1, 2]));
  assert.equal(await page.$eval('#agreement', (e) => e.dataset.agree), 'false');
  const table = await page.$('table.vector-table');
  await page.focus('.tip[data-vec="a"]');
  await nextRender(page, () => page.keyboard.press('ArrowUp'));
  await nextRender(page, () => page.keyboard.press('ArrowLeft'));
  assert.equal(await page.inputValue('#vec-a'), '1.9, 1.1');
  // the table is filled in place (components/parts.js), not made again on each move
  assert.equal(await page.evaluate(([a, b]) => a === b, [table, await page.$('table.vector-table')]), true);
  assert.equal(await page.$$eval('table.vector-table tbody tr', (rows) => rows.length), 8);
  assert.deepEqual(await vectorValues(page), expectedVectorValues([1.9, 1.1], [1, 2]));
  assert.match(page.url(), /va=1\.9%2C\+1\.1/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('cosine: perpendicular vectors agree at 0 whatever their lengths, and the page says why', async () => {
  const { page } = await openPage(context, `${server.url}?view=cosine&va=2,0&vb=0,1.5`);
  assert.equal(await page.$eval('#agreement', (e) => e.dataset.agree), 'true');
  const verdict = await page.textContent('#agreement');
  assert.match(verdict, /perpendicular/);
  assert.doesNotMatch(verdict, /length 1/);
  await page.close();
});

test('cosine: dragging a tip with the mouse changes the vector', async () => {
  const { page } = await openPage(context, `${server.url}?view=cosine`);
  const box = await page.$eval('.tip[data-vec="b"]', (c) => { const r = c.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; });
  await page.mouse.move(box[0], box[1]);
  await page.mouse.down();
  await page.mouse.move(box[0] + 60, box[1] + 40, { steps: 4 });
  await page.mouse.up();
  await page.waitForFunction(() => document.querySelector('#vec-b').value !== '1, 2');
  const typed = core.parseVector(await page.inputValue('#vec-b'));
  assert.ok(typed[0] > 1 && typed[1] < 2, `b moved right and down: ${typed}`);
  assert.deepEqual(await vectorValues(page), expectedVectorValues([2, 1], typed));
  await page.close();
});

test('cosine: n-D entry, normalise from the core, and errors next to the input', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=cosine&va=1,2,3,4&vb=-1,0.5,2,0`);
  assert.deepEqual(await vectorValues(page), expectedVectorValues([1, 2, 3, 4], [-1, 0.5, 2, 0]));
  assert.equal(await page.isVisible('.vector-plot'), false);
  await nextRender(page, () => page.click('#normalise'));
  const r = core.compareVectors([1, 2, 3, 4], [-1, 0.5, 2, 0]);
  assert.equal(await page.inputValue('#vec-a'), Array.from(r.unitA, String).join(', '));
  assert.equal(await page.$eval('#agreement', (e) => e.dataset.agree), 'true');
  const values = await vectorValues(page);
  assert.equal(values.dot, core.compareVectors(r.unitA, r.unitB).dot);
  await nextRender(page, () => page.fill('#vec-b', '1, 2'));
  assert.match(await page.$eval('#error', (e) => e.textContent), /different numbers of coordinates \(4 and 2\)/);
  await nextRender(page, () => page.fill('#vec-b', '1, <b>x</b>, 3, 4'));
  assert.match(await page.$eval('#error', (e) => e.textContent), /is not a number/);
  assert.equal(await page.$$eval('#error b', (els) => els.length), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('cosine: fits 360 px without page-level horizontal scroll', async () => {
  const { page } = await openPage(context, `${server.url}?view=cosine`);
  await resizeTo(page, 360);
  assert.equal(await noPageScroll(page), true);
  await page.close();
});

// ---- chapter 2 ------------------------------------------------------------------------------
async function panelState(page, id) {
  // the maps draw when in view: bring each in and wait for its drawn signal
  for (const figure of await page.$$(`.window-panel[data-panel="${id}"] figure.heatmap`)) await figure.scrollIntoViewIfNeeded();
  await page.waitForFunction((panel) => [...document.querySelectorAll(`.window-panel[data-panel="${panel}"] figure.heatmap`)]
    .every((f) => f.dataset.drawn === 'true'), id);
  return page.$eval(`.window-panel[data-panel="${id}"]`, (panel) => ({
    reach: panel.querySelector('.window-summary').dataset.reach,
    reaches: panel.querySelector('.window-target').dataset.reaches,
    needed: panel.querySelector('.window-target').dataset.radiusNeeded,
    centre: panel.querySelector('.chip[aria-pressed="true"]').textContent,
    covers: Array.from(panel.querySelectorAll('figure[data-name^="window reach"] .cell title'), (t) => Number(t.textContent.split(' = ').pop())),
    attention: Array.from(panel.querySelectorAll('figure[data-name^="attention reach"] .cell title'), (t) => Number(t.textContent.split(' = ').pop())),
  }));
}

test('window: both sentences with their reach sets, as the core computes them', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=window`);
  const a = await panelState(page, 'a');
  const expectedA = core.localWindow({ sentence: 'I am going to London', radius: 2, centre: 2, target: 'London' });
  assert.equal(a.centre, 'going');
  assert.equal(a.reach, Array.from(expectedA.reach[2]).join(','));
  assert.deepEqual(a.covers, Array.from(expectedA.covers.data));
  const b = await panelState(page, 'b');
  assert.equal(b.centre, 'cat');
  assert.equal(b.reaches, 'false');
  assert.equal(b.needed, '9');
  assert.ok(b.attention.length === 100 && b.attention.every((v) => v === 1));
  assert.deepEqual(errors, []);
  await page.close();
});

test('window: the radius slider, the direction and a new centre change the reach', async () => {
  const { page } = await openPage(context, `${server.url}?view=window`);
  await nextRender(page, () => page.fill('#win-radius', '9'));
  assert.equal((await panelState(page, 'b')).reaches, 'true');
  await nextRender(page, () => page.selectOption('#win-direction', 'right'));
  const b = await panelState(page, 'b');
  assert.equal(b.reaches, 'false');
  assert.equal(b.needed, '');
  await page.focus('.window-panel[data-panel="a"] .chip[data-pos="0"]');
  await nextRender(page, () => page.keyboard.press('Enter'));
  const a = await panelState(page, 'a');
  assert.equal(a.centre, 'I');
  const expected = core.localWindow({ sentence: 'I am going to London', radius: 9, direction: 'right', centre: 0 });
  assert.equal(a.reach, Array.from(expected.reach[0]).join(','));
  assert.match(page.url(), /wr=9/);
  assert.match(page.url(), /wca=0/);
  // the chip picked from the keyboard keeps the focus: the next Tab goes on along the chips
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.pos), '0');
  await page.keyboard.press('Tab');
  await nextRender(page, () => page.keyboard.press('Enter'));
  assert.equal((await panelState(page, 'a')).centre, 'am');
  await page.close();
});

test('window: an empty sentence is reported next to the controls, and 360 px fits', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=window`);
  await nextRender(page, () => page.fill('#win-sentence-b', '  '));
  assert.match(await page.$eval('#error', (e) => e.textContent), /Sentence 2: .*at least one word/);
  await resizeTo(page, 360);
  assert.equal(await noPageScroll(page), true);
  assert.deepEqual(errors, []);
  await page.close();
});

// ---- chapter 3 ------------------------------------------------------------------------------
async function chartValues(page, name, series) {
  return page.$$eval(`table[data-name="${name}"] td[data-series="${series}"]`, (tds) => tds.map((td) => Number(td.dataset.value)));
}

test('smoothing: the series and the smoothed curve are the core’s, and β moves them', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=smoothing`);
  let expected = core.smoothing({ seed: 0, length: 120, period: 40, noise: 0.4, beta: 0.3 });
  assert.deepEqual(await chartValues(page, 'series', 'x'), Array.from(expected.x));
  assert.deepEqual(await chartValues(page, 'series', 's'), Array.from(expected.s));
  assert.equal(Number(await page.$eval('#smoothing-metrics', (e) => e.dataset.mseSmoothed)), expected.mseSmoothed);
  await nextRender(page, () => page.click('button.example:has-text("0.9")'));
  expected = core.smoothing({ seed: 0, length: 120, period: 40, noise: 0.4, beta: 0.9 });
  assert.deepEqual(await chartValues(page, 'series', 's'), Array.from(expected.s));
  assert.equal(Number(await page.$eval('#smoothing-language-text', (e) => e.dataset.weightLag)), expected.weightAtLanguageLag);
  assert.equal(await page.$eval('#smoothing-formula', (e) => e.dataset.previous), String(expected.previousShare));
  const weights = await chartValues(page, 'weights', 'weight');
  assert.equal(weights[0], expected.lastWeights[119]);
  assert.equal(weights[9], expected.lastWeights[110]);
  await page.focus('#smooth-beta');
  await nextRender(page, () => page.keyboard.press('ArrowLeft'));
  assert.match(page.url(), /sb=89/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('smoothing: a bad seed is reported, and 360 px fits', async () => {
  const { page } = await openPage(context, `${server.url}?view=smoothing&ss=5`);
  const expected = core.smoothing({ seed: 5, length: 120, period: 40, noise: 0.4, beta: 0.3 });
  assert.deepEqual(await chartValues(page, 'series', 'x'), Array.from(expected.x));
  await page.fill('#smooth-seed', '-3');
  await page.dispatchEvent('#smooth-seed', 'change');
  await page.waitForSelector('#error p');
  assert.match(await page.$eval('#error', (e) => e.textContent), /seed must be a whole number/);
  await resizeTo(page, 360);
  assert.equal(await noPageScroll(page), true);
  await page.close();
});

// ---- chapter 1 ------------------------------------------------------------------------------
async function heatValues(page, name) {
  return heatmapValues(page, name);
}

test('ids: IDs, one-hot, counts, TF-IDF, dense and contextual numbers are the core’s', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=ids`);
  const r = core.analyseCorpus({ wordA: 'dog', wordB: 'car' });
  assert.deepEqual(await page.$$eval('.id-tokens li', (els) => els.map((e) => Number(e.dataset.id))), Array.from(r.ids[0]));
  assert.equal(await page.$eval('.id-gap', (e) => e.dataset.gapFirst), String(r.gapFirst));
  assert.deepEqual(await heatValues(page, 'one-hot'), Array.from(r.oneHot.data));
  assert.deepEqual(await heatValues(page, 'counts'), Array.from(r.counts.data));
  assert.deepEqual(await heatValues(page, 'tf-idf'), Array.from(r.tfidf.data));
  const idf = await page.$$eval('.idf-table td.computed', (tds) => tds.map((td) => Number(td.dataset.value)));
  assert.deepEqual(idf, Array.from(r.idf));
  assert.equal(await page.$eval('.same-counts', (e) => e.dataset.pairs), '0-1');
  // "dog" in document 1 against document 3 (document 2 is only a reordering of document 1)
  const experiment = core.bankExperiment({ sentence: 'the dog chased the cat', sentence2: 'a dog is a loyal pet', target: 'dog' });
  const byName = Object.fromEntries(experiment.cosines.map((c) => [c.name, c.value]));
  const dense = await page.$eval('.dense-compare', (e) => ({ raw: Number(e.dataset.raw), contextual: Number(e.dataset.contextual) }));
  assert.equal(dense.raw, byName.raw_target_across_sentences);
  assert.equal(dense.contextual, byName.contextual_target_across_sentences);
  assert.ok(dense.contextual < 0.999);
  assert.deepEqual(await heatValues(page, 'X (dense)'), Array.from(experiment.first.X.data));
  assert.deepEqual(errors, []);
  await page.close();
});

test('ids: the three size sliders move independently, the corpus is editable, errors are shown', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=ids`);
  await nextRender(page, () => page.fill('#rep-length', '12'));
  let shapes = core.representationShapes(10000, 12, 8);
  const shapeOf = (name) => page.$eval(`.rep-shapes tr[data-name="${name}"] td.shape`, (e) => e.textContent);
  assert.equal(await shapeOf('one-hot'), `(${shapes[1].shape.join(', ')})`);
  await nextRender(page, () => page.fill('#rep-width', '300'));
  shapes = core.representationShapes(10000, 12, 300);
  assert.equal(await shapeOf('embedding table'), '(10000, 300)');
  assert.equal(await shapeOf('dense embeddings X'), '(12, 300)');
  assert.equal(await page.$eval('.rep-shapes tr[data-name="embedding table"] td.count', (e) => Number(e.dataset.value)), shapes[3].values);
  assert.match(page.url(), /rt=12/);
  await nextRender(page, () => page.fill('#rep-corpus', 'Bank of the river\nbank account has money'));
  const r = core.analyseCorpus({ corpus: 'Bank of the river\nbank account has money', wordA: 'dog', wordB: 'car' });
  assert.deepEqual(await heatValues(page, 'tf-idf'), Array.from(r.tfidf.data));
  assert.equal(await page.$eval('.id-gap', (e) => e.dataset.gapSorted), '');
  await nextRender(page, () => page.fill('#rep-corpus', ' \n '));
  assert.match(await page.$eval('#error', (e) => e.textContent), /at least one document/);
  await resizeTo(page, 360);
  assert.equal(await noPageScroll(page), true);
  assert.deepEqual(errors, []);
  await page.close();
});

// ---- chapter 9 ------------------------------------------------------------------------------
test('heads: per-head weights, concat and output are the core’s; the slider offers only divisors', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=heads`);
  let r = core.headsLab({ heads: 2 });
  assert.deepEqual(await heatValues(page, 'head 0 weights'), Array.from(r.sentences[0].heads[0].attn_weights.data));
  assert.deepEqual(await heatValues(page, 'head 1 weights'), Array.from(r.sentences[0].heads[1].attn_weights.data));
  assert.deepEqual(await heatValues(page, 'concat'), Array.from(r.sentences[0].concat.data));
  assert.deepEqual(await heatValues(page, 'Y_mha'), Array.from(r.sentences[0].Y_mha.data));
  assert.equal(await page.$eval('#heads-h', (e) => e.max), '3');
  await page.focus('#heads-h');
  await nextRender(page, () => page.keyboard.press('ArrowRight'));
  assert.match(page.url(), /hh=4/);
  r = core.headsLab({ heads: 4 });
  assert.equal(await page.$$eval('.heads-grid figure', (els) => els.length), 4);
  assert.deepEqual(await heatValues(page, 'head 3 weights'), Array.from(r.sentences[0].heads[3].attn_weights.data));
  await nextRender(page, () => page.click('button[data-head="2"]'));
  assert.deepEqual(await heatValues(page, 'Q_2'), Array.from(r.sentences[0].heads[2].Q.data));
  await nextRender(page, () => page.click('button[data-item="1"]'));
  assert.deepEqual(await heatValues(page, 'Y_mha'), Array.from(r.sentences[1].Y_mha.data));
  const shapes = await page.$$eval('table.batch-shapes td.shape', (tds) => tds.map((td) => td.textContent));
  assert.deepEqual(shapes, r.batchShapes.map((s) => `(${s.dims.join(', ')})`));
  assert.equal(await page.$eval('.wrong-transpose', (e) => e.dataset.dims), '8,4,2');
  assert.deepEqual(errors, []);
  await page.close();
});

test('heads: changing d_model keeps a valid head count; the one-head comparison; bad links and 360 px', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=heads&hh=4`);
  await nextRender(page, () => page.selectOption('#heads-d', '6'));
  assert.match(page.url(), /hd=6/);
  assert.match(page.url(), /hh=3/);
  assert.equal(await page.$eval('#heads-h-value', (e) => e.textContent), '3 (1, 2, 3, 6)');
  const r = core.headsLab({ dModel: 6, heads: 3 });
  assert.deepEqual(await heatValues(page, 'Y (hand-written)'), Array.from(r.sentences[0].handWritten.Y.data));
  assert.deepEqual(await heatValues(page, 'Y_mha (1 head)'), Array.from(r.sentences[0].oneHead.Y_mha.data));
  assert.equal(Number(await page.$eval('.one-head-diffs', (e) => e.dataset.matched)), r.sentences[0].diffHandVsMatched);
  await page.close();
  const bad = await openPage(context, `${server.url}?view=heads&hh=3`);
  // explained, and the chapter drawn with the nearest count that divides (issue 20)
  assert.match(await bad.page.$eval('#messages', (e) => e.textContent), /3 heads do not divide d_model = 8.*Showing 2 heads/);
  assert.equal(await bad.page.$eval('#error', (e) => e.textContent), '');
  assert.equal(await bad.page.$eval('#heads-h-value', (e) => e.textContent), '2 (1, 2, 4, 8)');
  // the slider can only pick divisors: moving it (from 2) picks 4 and the explanation goes
  await bad.page.focus('#heads-h');
  await nextRender(bad.page, () => bad.page.keyboard.press('ArrowRight'));
  assert.match(bad.page.url(), /hh=4/);
  assert.doesNotMatch(await bad.page.$eval('#messages', (e) => e.textContent), /do not divide/);
  await nextRender(bad.page, () => bad.page.fill('#heads-s2', 'the river bank has money'));
  assert.match(await bad.page.$eval('#messages', (e) => e.textContent), /key_padding_mask/);
  assert.equal(await bad.page.$$eval('table.batch-shapes', (els) => els.length), 0);
  await resizeTo(bad.page, 360);
  assert.equal(await noPageScroll(bad.page), true);
  assert.deepEqual(errors, []);
  await bad.page.close();
});
