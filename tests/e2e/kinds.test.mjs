// End-to-end, issue 16 item 5: "Other kinds of attention" at the end of the qkv chapter. Opens
// ?view=qkv, waits on the page's own signals (body[data-ready], the section's data-section and
// body[data-renders]) and checks each kind's shapes, numbers and claims against the same core
// run in Node, on the default sentences and on others.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, openPage, heatmapValues } from './support.mjs';
import { num } from '../../web/src/format.js';

const { server, context, core } = await openSite();
const NOA = 'Noa can be annoying, but she is a great cat';

/** Scrolls to the section and waits until its latest drawing is on the page. */
async function kindsSection(page) {
  const panel = page.locator('.panel-kinds');
  await panel.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('.panel-kinds')?.dataset.section === 'drawn'
    && !document.querySelector('[data-section="waiting"]'));
  return panel;
}

const attr = (page, selector, name) => page.getAttribute(`.panel-kinds ${selector}`, name);
const text = (page, selector) => page.$eval(`.panel-kinds ${selector}`, (e) => e.textContent);
const texts = (page, kind) => page.$$eval(`.panel-kinds [data-kind="${kind}"] .kind-text`, (ps) => ps.map((p) => p.textContent).join(' '));

test('default sentences: every kind’s shapes and numbers are the core’s, and each claim follows them', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=qkv`);
  await kindsSection(page);
  const k = core.attentionKinds({ sentence: 'Bank of the river', sentence2: 'bank account has money' });
  assert.equal(await attr(page, '[data-sentence="A"]', 'data-tokens'), '4');
  assert.equal(await attr(page, '[data-sentence="B"]', 'data-tokens'), '4');

  // a. cross-attention
  assert.equal(await attr(page, '[data-kind="cross"]', 'data-scores-shape'), '(4, 4)');
  assert.deepEqual(await heatmapValues(page, 'cross attn_weights'), Array.from(k.cross.attn_weights.data));
  assert.match(await texts(page, 'cross'), /Both sentences have 4 words/);
  // b. mha
  assert.equal(await attr(page, '[data-kind="mha"]', 'data-cross-shape'), '(4, 4)');
  assert.deepEqual(await heatmapValues(page, 'mha(X_A, X_B, X_B) weights'), Array.from(k.mha.cross.attn_weights.data));
  assert.match(await texts(page, 'mha'), /PyTorch notebook’s own table/);
  // only padding goes beyond the classes, and these sentences need none
  assert.equal(await page.locator('.panel-kinds .beyond-class').count(), 0);
  // c. batch against concatenation; chunks stay separate
  assert.equal(await attr(page, '[data-kind="batch"]', 'data-batch-shape'), '(2, 4, 4)');
  assert.equal(await attr(page, '[data-kind="batch"]', 'data-concat-shape'), '(8, 8)');
  const maskedDiff = Number(await attr(page, '[data-kind="batch"]', 'data-masked-vs-batched'));
  assert.ok(maskedDiff < 1e-12, String(maskedDiff));
  assert.equal(Number(await attr(page, '[data-kind="batch"]', 'data-cross-share-masked-max')), 0);
  assert.ok(Number(await attr(page, '[data-kind="batch"]', 'data-cross-share-min')) > 0);
  const batch = await texts(page, 'batch');
  assert.ok(batch.includes(num(k.concat.crossSharePlain[k.concat.crossSharePlainMaxRow])), batch);
  assert.match(batch, /equal the batched ones/);
  assert.match(batch, /an epoch never joins a word of one chunk to a word of another/);
  assert.doesNotMatch(batch, /padded/);
  assert.deepEqual(await heatmapValues(page, 'concatenated, block mask'), Array.from(k.concat.maskedWeights.data));
  const shares = await page.$$eval('.panel-kinds table.cross-share tbody td:nth-child(3)', (tds) => tds.map((td) => Number(td.dataset.value)));
  assert.deepEqual(shares, new Array(8).fill(0));
  // d. uniform average
  assert.ok(Number(await attr(page, '[data-kind="uniform"]', 'data-row-spread')) < 1e-15);
  assert.match(await texts(page, 'uniform'), /every row of its Y is the same vector/);
  assert.ok((await texts(page, 'uniform')).includes(num(k.uniform.attentionRowSpread)));
  // e. min–max
  assert.equal(Number(await attr(page, '[data-kind="min-max"]', 'data-row-sum')), k.minMax.rowSums[0]);
  assert.ok((await texts(page, 'min-max')).includes(`sums to ${num(k.minMax.rowSums[0])}, not 1`));
  // f. the transpose: the core's own message
  assert.equal(await attr(page, '[data-kind="transpose"]', 'data-has-shape'), 'false');
  assert.equal(await text(page, '[data-kind="transpose"] pre.core-error'), k.transpose.error);
  assert.match(k.transpose.error, /Q is \(4, 8\) and K is \(4, 8\)/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('another pair (Noa | bank account has money, PyTorch mode): shapes follow both lengths, padding and the key/value refusal', async () => {
  const url = `${server.url}?view=qkv&source=torch&s=${encodeURIComponent(NOA)}`;
  const { page, errors } = await openPage(context, url);
  await kindsSection(page);
  const k = core.attentionKinds({ sentence: NOA, sentence2: 'bank account has money', source: 'torch' });
  assert.equal(k.float32, true);
  assert.equal(await attr(page, '[data-kind="cross"]', 'data-scores-shape'), '(10, 4)');
  assert.doesNotMatch(await texts(page, 'cross'), /Both sentences have/);
  assert.deepEqual(await heatmapValues(page, 'cross scores (A, B)'), Array.from(k.cross.scores.data));
  assert.equal(await attr(page, '[data-kind="mha"]', 'data-cross-shape'), '(10, 4)');
  const mha = await texts(page, 'mha');
  assert.ok(mha.includes(k.mha.keyValueError) && k.mha.keyValueError.startsWith('key has 4 tokens but value has 10'), mha);
  assert.match(mha, /page’s rows in PyTorch mode/);
  assert.equal(await attr(page, '[data-kind="batch"]', 'data-batch-shape'), '(2, 10, 10)');
  assert.equal(await attr(page, '[data-kind="batch"]', 'data-concat-shape'), '(14, 14)');
  assert.match(await texts(page, 'batch'), /padded to 10 rows; a padding mask gives its 6 padding keys weight 0/);
  assert.equal(await page.locator('.panel-kinds [data-kind="batch"] .beyond-class').count(), 1);
  assert.equal(await text(page, '[data-kind="transpose"] pre.core-error'), k.transpose.error);
  assert.match(k.transpose.error, /Q is \(10, 8\) and K is \(10, 8\)/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('sentence B typed in the second-sentence field redraws the section; an empty one gets its message there', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=qkv`);
  await kindsSection(page);
  const redraw = async (value) => {
    const before = await page.evaluate(() => document.body.dataset.renders);
    await page.fill('#sentence2', value);
    await page.dispatchEvent('#sentence2', 'change');
    await page.waitForFunction((n) => document.body.dataset.renders !== n, before);
    await kindsSection(page);
  };
  await redraw('money has no river today at all');
  assert.equal(await attr(page, '[data-kind="cross"]', 'data-scores-shape'), '(4, 7)');
  assert.ok(page.url().includes('s2='), page.url());
  await redraw(' , ');
  assert.match(await text(page, '.kinds-error'), /Sentence B has no words/);
  // the chapter above still shows the sentence's own matrices
  assert.equal(await page.locator('figure.heatmap[data-name="attn_weights"]').count(), 1);
  assert.deepEqual(errors, []);
  await page.close();
});
