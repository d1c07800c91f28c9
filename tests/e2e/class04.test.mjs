// End-to-end: Class 04's extra panels (issue 34) and the lab's assignment parts, two inputs each,
// read back from the DOM and compared with the same core run in Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, openPage } from './support.mjs';
import { bundledGlove } from '../js/glove-pack.js';
import { rowsFor } from '../../web/src/vectors/store.js';

const { server, context, core } = await openSite();

async function nextRender(page, action) {
  const before = await page.evaluate(() => document.body.dataset.renders);
  await action();
  await page.waitForFunction((n) => document.body.dataset.renders !== n, before);
}

const glove = (() => {
  const t = bundledGlove(core, 'GloVe 6B 100-d (20,001-word int8 subset)');
  return { ...t, index: new Map(t.words.map((w, i) => [w, i])) };
})();

// ---- window: who, where, when -------------------------------------------------------------------
async function answers(page) {
  return page.$$eval('table.win-answers tbody tr', (trs) => trs.map((tr) => [tr.dataset.question, tr.dataset.answer]));
}

test('window: “I am going to London” answers who and where, not when; “going”’s row is the core’s', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=window`);
  await page.click('#win-questions > summary');
  assert.deepEqual(await answers(page), [['who', '0'], ['where', '4'], ['when', '']]);
  assert.equal(await page.$eval('.win-ask-verdict', (p) => p.dataset.missing), 'when');
  assert.match(await page.textContent('.win-ask-verdict'), /“when” cannot/);
  const expected = core.contextQuestions({ sentence: 'I am going to London', centre: 2, source: 'numpy', dModel: 8, dK: 8, dV: 8, embedSeed: 0, projSeed: 1, scale: true, maxTokens: 64 });
  const row = await page.$$eval('table.win-ask-row td.computed[data-pos]', (tds) => tds.map((td) => Number(td.dataset.value)));
  assert.deepEqual(row, Array.from(expected.attentionRow));
  assert.match(await page.textContent('table.win-ask-row caption'), /Row of “going”/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('window: typing a time makes “when” answerable; an empty sentence gets a message next to the field', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=window`);
  await page.click('#win-questions > summary');
  await nextRender(page, () => page.fill('#win-ask-sentence', 'She flies to Paris tomorrow'));
  assert.deepEqual(await answers(page), [['who', '0'], ['where', '3'], ['when', '4']]);
  assert.match(await page.textContent('.win-ask-verdict'), /Every question has a word here/);
  const expected = core.contextQuestions({ sentence: 'She flies to Paris tomorrow', centre: 2, source: 'numpy', dModel: 8, dK: 8, dV: 8, embedSeed: 0, projSeed: 1, scale: true, maxTokens: 64 });
  assert.equal(await page.$eval('table.win-answers tr[data-question="when"]', (tr) => Number(tr.dataset.weight)), expected.questions[2].weight);
  await nextRender(page, () => page.fill('#win-ask-sentence', ''));
  assert.match(await page.textContent('#win-ask-error'), /Who, where, when: /);
  assert.equal(await page.$eval('.win-ask-results', (d) => d.classList.contains('stale')), true);
  assert.deepEqual(errors, []);
  await page.close();
});

test('window: “The train leaves at 5pm” has no place; the reason names what follows “at”, not “no word follows”', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=window&wq=${encodeURIComponent('The train leaves at 5pm')}`);
  await page.click('#win-questions > summary');
  assert.deepEqual(await answers(page), [['who', ''], ['where', ''], ['when', '4']]);
  const cue = await page.textContent('table.win-answers tr[data-question="where"] td:nth-of-type(3)');
  assert.equal(cue, '“at” is followed by “5pm”, a time, not a place');
  assert.doesNotMatch(cue, /no word follows/);
  const expected = core.contextQuestions({ sentence: 'The train leaves at 5pm', centre: 2, source: 'numpy', dModel: 8, dK: 8, dV: 8, embedSeed: 0, projSeed: 1, scale: true, maxTokens: 64 });
  assert.equal(cue, expected.questions[1].cue);
  assert.deepEqual(errors, []);
  await page.close();
});

// ---- window: images, sounds, GPUs ---------------------------------------------------------------
async function counts(page) {
  return page.$$eval('table.mod-counts tbody tr', (trs) => trs.map((tr) => [tr.dataset.name, Number(tr.dataset.tokens), Number(tr.dataset.pairs)]));
}

test('window: 224 × 224 in 16-pixel patches is 196 tokens, 1 s of sound is 98 frames; Q Kᵀ both ways agree', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=window`);
  await page.click('#win-modalities > summary');
  assert.deepEqual(await counts(page), [['text', 5, 25], ['image', 196, 38416], ['audio', 98, 9604]]);
  assert.equal(await page.$eval('.mod-pairs', (p) => Number(p.dataset.maxDifference)) < 1e-12, true);
  assert.match(await page.textContent('.mod-pairs'), /25 separate dot products/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('window: other sizes give the core’s counts; a patch larger than the image and a zero hop get a message', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=window&mih=100&miw=150&mp=32&mch=1&mas=2.5&mar=8000&maf=30&mah=15&mwd=768`);
  await page.click('#win-modalities > summary');
  const expected = core.modalityTokens({ imageHeight: 100, imageWidth: 150, patch: 32, channels: 1, audioSeconds: 2.5, sampleRate: 8000, frameMs: 30, hopMs: 15, textTokens: 5, width: 768 });
  assert.deepEqual(await counts(page), expected.counts.map((c) => [c.name, c.tokens, c.pairs]));
  assert.match(await page.textContent('.mod-how'), /cut off/);
  await nextRender(page, () => page.fill('#mod-patch', '400'));
  assert.match(await page.textContent('#mod-error'), /larger than the 100 × 150 image/);
  await nextRender(page, () => page.fill('#mod-patch', '32'));
  assert.equal(await page.textContent('#mod-error'), '');
  await nextRender(page, () => page.fill('#mod-hopMs', '0'));
  assert.match(await page.textContent('#mod-error'), /more than 0 ms/);
  assert.deepEqual(errors, []);
  await page.close();
});

// ---- ids: vector or embedding, how vectors are learned --------------------------------------------
test('ids: “dog” in the corpus: CBOW, skip-gram, GloVe counts, fastText pieces and ELMo contexts are the core’s', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=ids`);
  await page.click('#rep-learn > summary');
  const w = core.wordContexts({ word: 'dog', window: 2, ngram: 3 });
  assert.deepEqual(await page.$$eval('ol.learn-cbow li', (lis) => lis.length), w.cbow.length);
  assert.equal(await page.$eval('.learn-skipgram', (p) => Number(p.dataset.pairs)), w.skipgram.length);
  assert.equal(await page.$eval('.learn-ngrams', (p) => p.dataset.ngrams), '<do dog og>');
  const cooc = await page.$$eval('table.learn-cooc tbody tr', (trs) => trs.map((tr) => tr.dataset.word));
  assert.deepEqual(cooc, Array.from(w.vocabulary).filter((_, j) => w.cooccurrenceCounts[j] > 0));
  assert.equal(await page.$$eval('ol.learn-elmo li', (lis) => lis.length), 3);
  // GloVe on request: its cosines are the core's on the bundled rows, and its nearest word is named
  await page.click('#rep-learn-glove');
  await page.waitForSelector('table.learn-cosines td.glove[data-value]:not([data-value=""])');
  const vec = (word) => glove.data.subarray(glove.index.get(word) * 100, (glove.index.get(word) + 1) * 100);
  assert.equal(await page.$eval('table.learn-cosines tr[data-word="cat"] td.glove', (td) => Number(td.dataset.value)), core.cosine(vec('dog'), vec('cat')));
  assert.match(await page.textContent('table.learn-cosines tr[data-word="a"] td.glove'), /not in the subset/);
  assert.equal(await page.$eval('.learn-nearest', (p) => p.dataset.glove), 'cat');
  assert.deepEqual(errors, []);
  await page.close();
});

test('ids: another word, window and n follow the core; a word not in the corpus gets a message', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=ids&rlw=the&rlwin=1&rln=4`);
  await page.click('#rep-learn > summary');
  const w = core.wordContexts({ word: 'the', window: 1, ngram: 4 });
  assert.equal(await page.$eval('.learn-skipgram', (p) => Number(p.dataset.pairs)), w.skipgram.length);
  assert.equal(await page.$eval('.learn-ngrams', (p) => p.dataset.ngrams), Array.from(w.charNgrams).join(' '));
  await nextRender(page, () => page.fill('#rep-learn-word', 'zebra'));
  assert.match(await page.textContent('#rep-learn-error'), /“zebra” is not in the corpus/);
  assert.equal(await page.$eval('.rep-learn-results', (d) => d.classList.contains('stale')), true);
  assert.deepEqual(errors, []);
  await page.close();
});

// ---- lab: GloVe by default, the steps, positional encoding --------------------------------------------
const LAB = { sentence: 'Bank of the river', sentence2: 'bank account has money', target: 'bank', tieWidths: true, scale: true, causal: false, embedSeed: 0, projSeed: 1, oov: 'zero', maxTokens: 64, dModel: 8, dK: 8, dV: 8 };

test('lab: opens on GloVe; the steps and the record list carry its numbers; PE changes the reversed sentence', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=lab`);
  await page.waitForSelector('table.lab-cosines');
  assert.equal(await page.$eval('#source', (s) => s.value), 'glove');
  assert.doesNotMatch(page.url(), /source=/);
  assert.equal(await page.$eval('.lab-steps li[data-item="replace"]', (li) => li.dataset.done), 'true');
  assert.match(await page.textContent('.lab-record-list li[data-item="source"]'), /GloVe 6B 100-d.*100 numbers per word/);
  assert.match(await page.textContent('.lab-steps li[data-item="share"]'), /app@krishnaik\.in/);
  const options = { ...LAB, source: 'pretrained', pretrained: rowsFor(core, glove, [LAB.sentence, LAB.sentence2], 64) };
  const order = core.shuffleExperiment({ ...options, form: 'qkv', permutation: [3, 2, 1, 0] });
  await page.click('#lab-pe > summary');
  assert.equal(await page.$eval('.lab-pe-facts', (u) => Number(u.dataset.without)), order.maxDeviationWithoutPE);
  assert.equal(await page.$eval('.lab-pe-facts', (u) => Number(u.dataset.with)), order.maxDeviationWithPE);
  assert.match(await page.textContent('li[data-pe="order"]'), /cannot tell the two orders apart.*now give other outputs/);
  const withPe = core.bankExperiment({ ...options, positional: true });
  const ctx = withPe.cosines.find((c) => c.name === 'contextual_target_across_sentences').value;
  assert.ok((await page.textContent('li[data-pe="contextual"]')).includes(ctx.toFixed(4)));
  assert.deepEqual(errors, []);
  await page.close();
});

test('lab: a source named in the link is kept, and the steps say the table is still random', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=lab&source=numpy&s=${encodeURIComponent('the river bank')}`);
  await page.waitForSelector('table.lab-cosines');
  assert.equal(await page.$eval('#source', (s) => s.value), 'numpy');
  assert.equal(await page.$eval('.lab-steps li[data-item="replace"]', (li) => li.dataset.done), 'false');
  assert.match(await page.textContent('.lab-steps li[data-item="replace"]'), /Not yet/);
  const order = core.shuffleExperiment({ ...LAB, sentence: 'the river bank', source: 'numpy', form: 'qkv', permutation: [2, 1, 0] });
  await page.click('#lab-pe > summary');
  assert.equal(await page.$eval('.lab-pe-facts', (u) => Number(u.dataset.with)), order.maxDeviationWithPE);
  assert.deepEqual(errors, []);
  await page.close();
});

test('lab: moving from the Q/K/V chapter into the lab switches the untouched source to GloVe', async () => {
  const { page } = await openPage(context, `${server.url}?view=qkv`);
  assert.equal(await page.$eval('a[data-view="lab"]', (a) => a.getAttribute('href')), '?view=lab', 'the link to the lab does not pin the random table');
  await page.$eval('a[data-view="lab"]', (a) => a.click());
  await page.waitForFunction(() => document.body.dataset.view === 'lab');
  await page.waitForSelector('table.lab-cosines');
  assert.equal(await page.$eval('#source', (s) => s.value), 'glove');
  await page.close();
});
