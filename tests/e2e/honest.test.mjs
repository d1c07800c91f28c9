// End-to-end, issue 16 ("Say only what the numbers show"): the flow's self-weight readout and
// the controls that make Class 04's form mix; sentences about mixing, reach, importance and
// parameters that follow the numbers on screen; the bank view with a missing target word; the
// counts legend. Waits on the page's own signals (body[data-renders], data attributes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, openPage, drawAllHeatmaps, openFoldsAround } from './support.mjs';
import { num } from '../../web/src/format.js';

const { server, context, core } = await openSite();
const NOA = 'Noa can be annoying, but she is a great cat';

/** Runs `action` and waits until the page has drawn again. */
async function redraw(page, action) {
  const before = await page.evaluate(() => document.body.dataset.renders);
  await action();
  await page.waitForFunction((n) => document.body.dataset.renders !== n, before);
}

const selfWeights = (page) => page.$$eval('#flow table.mixing-table tbody tr', (trs) => trs.map((tr) => Number(tr.dataset.selfWeight)));

test('flow: the self weight of every row, as the core gives it; each control lets “river” into y₁', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=flow`);
  const plain = core.workbench({}).paramFreeMixing;
  assert.deepEqual(await selfWeights(page), plain.map((m) => m.selfWeight));
  assert.equal(await page.$eval('#flow .mixing-text', (e) => e.dataset.mixes), 'false');
  const said = await page.$eval('#flow .mixing-text', (e) => e.textContent);
  assert.match(said, /mixes almost nothing/);
  assert.ok(said.includes(num(plain[0].selfRawScore)) && said.includes(num(plain[0].otherRawScore)), said);
  assert.match(said, /√d_k/);

  // the controls are in the "why, and how to make it mix" fold: opened as a reader would (it stays open)
  assert.equal(await openFoldsAround(page, '#mix-free-scale'), 1);
  for (const [selector, url, option] of [
    ['#mix-free-scale', 'fscale=1', { freeScale: true }],
    ['#mix-unit-rows', 'unit=1', { unitRows: true }],
  ]) {
    await redraw(page, () => page.click(selector));
    assert.ok(page.url().includes(url), page.url());
    const expected = core.workbench(option).paramFreeMixing;
    assert.deepEqual(await selfWeights(page), expected.map((m) => m.selfWeight), url);
    assert.ok(expected[0].selfWeight < 0.97);
    await redraw(page, () => page.click(selector));
  }
  await redraw(page, () => page.selectOption('#mix-table-scale', '0.25'));
  assert.ok(page.url().includes('tscale=0.25'));
  assert.equal(await page.$eval('#flow .mixing-text', (e) => e.dataset.mixes), 'true');
  assert.match(await page.$eval('#flow .mixing-text', (e) => e.textContent), /here the output mixes/);
  await redraw(page, () => page.click('#mix-one-hot'));
  assert.ok(page.url().includes('source=onehot'));
  assert.deepEqual(await selfWeights(page), core.workbench({ source: 'onehot', tableScale: 0.25 }).paramFreeMixing.map((m) => m.selfWeight));
  assert.deepEqual(errors, []);
  await page.close();
});

test('flow: the output step and the distance card say what the weights show, with and without a control', async () => {
  const steps = 5 + 4; // vectors, base, compare, normalise, coefficients, 4 terms, output (0-based 9)
  const { page } = await openPage(context, `${server.url}?view=flow&step=${steps}&other=3`);
  const output = await page.$eval('.flow-text', (e) => e.textContent);
  assert.match(output, /mixes almost nothing/);
  assert.doesNotMatch(output, /by how strongly the base token matched/);
  const distance = await page.$eval('#obs-distance .obs-result', (e) => e.textContent);
  assert.match(distance, /matters as little far away as next door/);
  assert.doesNotMatch(distance, /as much as a neighbour/);
  await page.close();

  const { page: unit } = await openPage(context, `${server.url}?view=flow&step=${steps}&other=3&unit=1`);
  assert.match(await unit.$eval('.flow-text', (e) => e.textContent), /takes a share of/);
  assert.match(await unit.$eval('#obs-distance .obs-result', (e) => e.textContent), /as much as a neighbour/);
  await unit.close();

  const { page: noa } = await openPage(context, `${server.url}?view=flow&s=${encodeURIComponent(NOA)}&unit=1`);
  const cat = NOA.split(/\W+/).filter(Boolean).length - 1;
  const noaRow = core.workbench({ sentence: NOA, unitRows: true }).paramFree.attn_weights;
  assert.ok(noaRow.data[cat] > 0.05, 'cat enters Noa with unit rows');
  await noa.close();
});

test('flow: PyTorch mode lists embedding.weight among the parameters; the heads sketch does not call slicing the simplification', async () => {
  const { page } = await openPage(context, `${server.url}?view=flow&form=qkv&source=torch&step=5`);
  const said = await page.$eval('.flow-text', (e) => e.textContent);
  assert.match(said, /embedding\.weight/);
  assert.doesNotMatch(said, /only parameters are W_q/);
  const heads = await page.$eval('#flow .stage.heads', (e) => e.textContent);
  assert.doesNotMatch(heads, /only slices of the same/);
  assert.match(heads, /W_o/);
  const training = await page.$eval('#obs-training', (e) => e.textContent);
  assert.match(training, /embedding\.weight/);
  await page.close();
  const { page: numpy } = await openPage(context, `${server.url}?view=flow`);
  assert.match(await numpy.$eval('#obs-training', (e) => e.textContent), /a parameter when trainable, a fixed input when frozen/);
  await numpy.close();
  const { page: ids } = await openPage(context, `${server.url}?view=ids`);
  const idsText = await ids.$eval('main#app', (e) => e.textContent);
  assert.doesNotMatch(idsText, /\(the parameters\)/);
  assert.match(idsText, /parameters when trainable, a fixed input when frozen/);
  // counts are never negative: a sequential legend from 0 (maps below the fold draw when seen)
  await drawAllHeatmaps(ids);
  const legend = await ids.$$eval('figure', (figs) => figs.map((f) => f.querySelector('svg')?.getAttribute('aria-label') ?? '').filter((l) => l.startsWith('counts')));
  assert.equal(legend.length, 1);
  assert.match(legend[0], /light for count 0 to dark blue for count/);
  await ids.close();
});

test('qkv: the largest weight of each row is named from the numbers, with the untrained caveat', async () => {
  for (const source of ['numpy', 'torch']) {
    const { page } = await openPage(context, `${server.url}?view=qkv&source=${source}`);
    const wb = core.workbench({ source });
    const tokens = wb.tokens.map((t) => t.text);
    const note = await page.$eval('p.largest-weights', (e) => e.textContent);
    const m = wb.projectedMixing[0];
    assert.ok(note.includes(`“${tokens[m.topKey]}” (${num(m.topWeight)})`), note);
    assert.match(note, /untrained/);
    const selfNote = await page.$eval('p.self-weights', (e) => e.textContent);
    const kept = wb.paramFreeMixing.filter((r) => r.weightElsewhere < 0.01).map((r) => `“${tokens[r.row]}”`).join(', ');
    assert.ok(selfNote.includes(kept), `${kept} in ${selfNote}`);
    await page.close();
  }
});

test('bank: a target missing from sentence 2 gets named reasons, no “undefined”, and no bar twice', async () => {
  const { page } = await openPage(context, `${server.url}?view=bank&s2=${encodeURIComponent('the account has money')}`);
  // the chart is the chapter's key figure, shown under the sentences (first-screen.js): look in the whole chapter
  await page.waitForSelector('#app .bank-missing');
  const results = await page.$eval('#app', (e) => e.textContent);
  assert.doesNotMatch(results, /undefined/);
  assert.match(results, /"bank" is not in sentence 2/);
  assert.doesNotMatch(await page.$eval('#app table.bank-table', (e) => e.textContent), /Exactly 1 by construction/);
  await page.close();
  const { page: full } = await openPage(context, `${server.url}?view=bank`);
  const labels = await full.$$eval('#app .bar-chart-holder svg text', (ts) => ts.map((t) => t.textContent.replace(t.querySelector('title')?.textContent ?? '', '')).filter((t) => /^(ctx|raw)/.test(t)));
  assert.equal(new Set(labels).size, labels.length, labels.join(' | '));
  assert.ok(labels.includes('ctx (s2) vs raw “money”'));
  const e = core.bankExperiment({});
  const money2 = e.cosines.find((c) => c.name === 'contextual_target2_vs_raw_money').value;
  assert.equal(await full.$eval('tr[data-cosine="contextual_target2_vs_raw_money"] td.value', (td) => td.dataset.full), String(money2));
  await full.close();
});

test('smoothing and trained chapters: the distance sentence says whose weight it is; no separation claim', async () => {
  const { page } = await openPage(context, `${server.url}?view=smoothing`);
  const said = await page.$eval('[data-weight-lag]', (e) => e.textContent);
  assert.match(said, /only looks back/);
  assert.doesNotMatch(said, /would give it/);
  await page.close();
});

test('flow, Class 04 with ÷√d_model on: the score boxes show what the softmax sees, and say they divide', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=flow&fscale=1&step=9`);
  const report = core.flow({ form: 'free', freeScale: true, base: 0 });
  assert.notEqual(report.divisor, 1);
  const shown = await page.$$eval('#flow .flow-diagram g.scalar[data-kind="score"] title', (ts) => ts.map((t) => Number(t.textContent)));
  assert.deepEqual(shown, Array.from(report.scores));
  assert.notDeepEqual(shown, Array.from(report.rawScores));
  assert.match(await page.$eval('#flow .flow-diagram svg', (s) => s.textContent), /÷/);
  assert.deepEqual(errors, []);
  await page.close();
});
