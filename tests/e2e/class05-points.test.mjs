// End-to-end: four of the Class 05 notes' points (issue 34), each in a fold at the end of its
// chapter, in Chromium: soft against exact lookup (Q/K/V chapter), linearity and rows computed
// alone (flow chapter), the trained encoder split into other head counts (trained chapter). Each
// fold is opened, its numbers compared with the same core run in Node, and its verdict checked
// under two inputs. Tests wait on the page's own signals (data-renders, data-drawn, data-refused).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openSite, openPage } from './support.mjs';
import { loadCore } from '../js/load-core.js';

const pack = new Uint8Array(readFileSync(new URL('../../public/models/use-lite-int8.bin', import.meta.url)));
const { server, context, core } = await openSite();
const model = (await loadCore('encoder')).createEncoderModel(pack); // int8 products, as the page's worker

/** Runs `act` and waits for the render it causes. */
async function rendered(page, act) {
  const before = await page.evaluate(() => document.body.dataset.renders);
  await act();
  await page.waitForFunction((n) => document.body.dataset.renders !== n, before);
}

const counts = (page) => page.evaluate(() => Number(document.body.dataset.sentencesComputed));

test('Q/K/V: the exact lookup next to the soft one, its verdict chosen by the share, sharper without ÷√d_k', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=qkv`);
  await page.click('#soft-lookup > summary');
  await page.waitForSelector('.soft-lookup-verdict[data-grade]'); // drawn once the fold is open (its toggle event)
  const verdict = () => page.$eval('.soft-lookup-verdict', (p) => ({ ...p.dataset, text: p.textContent }));
  let want = core.qkvChapter({}).softLookup;
  let v = await verdict();
  assert.equal(v.row, '0');
  assert.equal(v.topShare, String(want[0].topShare));
  assert.equal(v.grade, 'mix');
  assert.match(v.text, /^A real mix, not a lookup: “Bank”’s largest weight, on “the”, is only 0\.3881/);
  assert.equal(await page.$eval('.soft-lookup-distance', (p) => p.dataset.relative), String(want[0].relativeDistance));
  const sharp = await page.$$eval('table.soft-lookup-sharp tbody td.share', (tds) => tds.map((td) => td.dataset.value));
  assert.deepEqual(sharp, Array.from(want[0].sharpTopShare, String));
  const grades = await page.$$eval('table.soft-lookup-rows tbody tr', (trs) => trs.map((tr) => tr.dataset.grade));
  assert.deepEqual(grades, ['mix', 'leans', 'leans', 'mix']);
  // the query "the": leans on "river" with the scale, almost an exact lookup without it
  await page.selectOption('#soft-lookup-row', '2');
  v = await verdict();
  assert.equal(v.grade, 'leans');
  assert.equal(v.topShare, String(want[2].topShare));
  assert.match(v.text, /^Leans on one key, but a mix: “the” gives “river” 0\.8376/);
  const start = await counts(page);
  await rendered(page, () => page.click('#scale'));
  want = core.qkvChapter({ scale: false }).softLookup;
  v = await verdict();
  assert.equal(v.row, '2');
  assert.equal(v.grade, 'exact');
  assert.equal(v.topShare, String(want[2].topShare));
  assert.match(v.text, /^Almost an exact lookup: “the” gives 0\.9949 of its weight to “river”/);
  assert.match(await page.textContent('.soft-lookup-sharp-note'), /already undivided/);
  // the fold adds no computation: the chapter's two sentences, once each
  assert.equal(await counts(page) - start, 2);
  assert.deepEqual(errors, []);
  await page.close();
});

test('flow: the projections are linear and the block is not; each row alone equals Y, and the causal mask shows in the dependency', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=flow`);
  await page.click('#linearity > summary');
  await page.click('#parallel-rows > summary');
  await page.waitForSelector('.linearity-verdict[data-verdict]');
  await page.waitForSelector('.parallel-verdict[data-grade]');
  let want = core.flowChapter({ form: 'free' });
  const checks = await page.$$eval('table.linearity-checks tbody tr', (trs) => trs.map((tr) => ({
    name: tr.dataset.check, grade: tr.dataset.grade, max: tr.querySelector('.max').dataset.value,
  })));
  assert.deepEqual(checks.map((c) => c.name), want.linearity.checks.map((c) => c.name));
  assert.deepEqual(checks.map((c) => c.max), want.linearity.checks.map((c) => String(c.maxDifference)));
  assert.deepEqual(checks.map((c) => c.grade), ['same', 'same', 'same', 'differs', 'same', 'differs', 'differs']);
  const lin = await page.$eval('.linearity-verdict', (p) => ({ ...p.dataset, text: p.textContent }));
  assert.equal(lin.verdict, 'nonlinear');
  assert.match(lin.text, /^The projections are linear to rounding .* the block is not: Y\(2X\) misses 2 Y\(X\) by 0\.4993/);
  const par = await page.$eval('.parallel-verdict', (p) => ({ ...p.dataset, text: p.textContent }));
  assert.equal(par.max, String(want.parallel.maxDifference));
  assert.equal(par.grade, 'same');
  assert.match(par.text, /The rows do not depend on each other/);
  const stages = await page.$$eval('table.parallel-chain tbody tr', (trs) => trs.map((tr) => tr.dataset.stage));
  assert.deepEqual(stages, ['query', 'keys and values', 'score row', 'weight row', 'output row']);
  let other = await page.$eval('.parallel-other', (p) => ({ ...p.dataset, text: p.textContent }));
  assert.equal(other.effect, String(want.parallel.otherInputEffect));
  // in the parameter-free form "Bank" gives "river" almost no weight: a trace, said as one
  assert.ok(want.parallel.otherInputEffect < 0.01);
  assert.match(other.text, /^Adding 1 to the first feature of “river” \(token 4\) moves the output of “Bank” \(row 1, the base token\) by only .*barely in these numbers/);
  // a second input: the causal mask hides "river" from "Bank"
  await rendered(page, () => page.click('#flow-causal'));
  want = core.flowChapter({ form: 'free', causal: true });
  other = await page.$eval('.parallel-other', (p) => ({ ...p.dataset, text: p.textContent }));
  assert.equal(other.effect, '0');
  assert.match(other.text, /the causal mask hides that token from it/);
  assert.equal(await page.$eval('.parallel-verdict', (p) => p.dataset.max), String(want.parallel.maxDifference));
  // and one word: the block is Y = V, linear
  const start = await counts(page);
  await rendered(page, () => page.fill('#flow-sentence', 'bank'));
  assert.equal(await page.$eval('.linearity-verdict', (p) => p.dataset.verdict), 'one-token');
  assert.equal(await counts(page) - start, 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('trained: other head counts load the same weights but change the outputs; a non-divisor is refused', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=trained`);
  await page.click('#heads-change > summary');
  await page.waitForSelector('#heads-change[data-state="needs-model"]');
  assert.match(await page.textContent('.heads-change-message'), /^Load the trained model/);
  await page.click('#trained-load');
  await page.waitForSelector('.heads-change-verdict[data-heads="8"]');
  const S1 = 'The bank of the river is muddy today.';
  const want = model.headsChange(S1, [1, 2, 4, 8, 16]);
  const rows = await page.$$eval('table.heads-change-table tbody tr', (trs) => trs.map((tr) => ({
    heads: tr.dataset.heads, grade: tr.dataset.grade, layer2: tr.querySelector('.layer2').dataset.value, cosine: tr.querySelector('.cosine').dataset.value,
    shapes: tr.querySelector('.shapes').textContent,
  })));
  assert.deepEqual(rows.map((r) => r.heads), ['1', '2', '4', '8', '16']);
  assert.deepEqual(rows.map((r) => r.layer2), want.rows.map((r) => String(r.layers[1].relativeDifference)));
  assert.deepEqual(rows.map((r) => r.cosine), want.rows.map((r) => String(r.sentenceCosine)));
  assert.deepEqual(rows.map((r) => r.grade), ['differs', 'differs', 'same', 'differs', 'differs']);
  assert.ok(rows.every((r) => r.shapes === '(256, 768), (512, 1536)'));
  let verdict = await page.$eval('.heads-change-verdict', (p) => ({ ...p.dataset, text: p.textContent }));
  assert.equal(verdict.heads, '8');
  assert.match(verdict.text, /^With 8 heads \(slices of 32 and 64 columns instead of 64 and 128\) the weights still load/);
  // 3 heads: refused, with the counts that divide the widths
  await page.fill('#heads-change-count', '3');
  await page.press('#heads-change-count', 'Enter');
  await page.waitForSelector('#heads-change[data-refused="true"]');
  assert.match(await page.textContent('.heads-change-message'), /^3 heads cannot cut 256 query columns into equal slices.*1, 2, 4, 8, 16, 32, 64, 128, 256/);
  // back to 8: the numbers already computed, drawn again; then 32 heads, computed
  await page.fill('#heads-change-count', '8');
  await page.press('#heads-change-count', 'Enter');
  await page.waitForSelector('#heads-change:not([data-refused])');
  assert.match(await page.textContent('.heads-change-message'), /^Sentence 1, “The bank of the river is muddy today\.”/);
  await page.fill('#heads-change-count', '32');
  await page.press('#heads-change-count', 'Enter');
  await page.waitForSelector('.heads-change-verdict[data-heads="32"]');
  verdict = await page.$eval('.heads-change-verdict', (p) => ({ ...p.dataset, text: p.textContent }));
  assert.equal(verdict.heads, '32');
  assert.equal(verdict.grade, 'differs');
  const row32 = model.headsChange(S1, [32]).rows[0];
  assert.equal(await page.$eval('tr[data-heads="32"] .layer2', (td) => td.dataset.value), String(row32.layers[1].relativeDifference));
  assert.deepEqual(errors, []);
  await page.close();
});
