// End-to-end: the trained-encoder view in Chromium. The model loads only when asked, with
// progress, in a worker; the page's numbers equal the core's run in Node on the same pack.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openSite, launchBrowser, openPage, heatmapValues } from './support.mjs';

const pack = new Uint8Array(readFileSync(new URL('../../public/models/use-lite-int8.bin', import.meta.url)));
const { server, context, core } = await openSite();

const modelRequests = (page) => {
  const seen = [];
  page.on('request', (r) => { if (r.url().includes('use-lite-int8.bin')) seen.push(r.url()); });
  return seen;
};

test('the model is fetched only when asked, then every number equals the core', async () => {
  const page = await context.newPage();
  const seen = modelRequests(page);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${server.url}?view=trained`);
  await page.waitForSelector('body[data-ready="true"]');
  // Before loading: the untrained comparison is there, and no model request was made.
  await page.waitForSelector('tr[data-cosine="untrained-contextual"]');
  assert.equal(seen.length, 0);
  const untrained = core.bankExperiment({ source: 'numpy', sentence: 'The bank of the river is muddy today.', sentence2: 'I have money in my bank account.', target: 'bank', maxTokens: 64 });
  const u = untrained.cosines.find((c) => c.name === 'contextual_target_across_sentences').value;
  assert.equal(await page.$eval('tr[data-cosine="untrained-contextual"] td.value', (e) => e.title), String(u));

  await page.click('#trained-load');
  await page.waitForSelector('#trained[data-drawn="1"]', { timeout: 30000 });
  assert.equal(seen.length, 1);
  assert.match(page.url(), /load=1/);

  const expected = core.compareTrained(pack, { sentence: 'The bank of the river is muddy today.', sentence2: 'I have money in my bank account.', target: 'bank' });
  const pieces = await page.$$eval('#trained-results ol.tokens', (ols) => ols.map((ol) => [...ol.querySelectorAll('li')].map((li) => li.dataset.piece)));
  assert.deepEqual(pieces, [expected.first.tokens.map((t) => t.piece), expected.second.tokens.map((t) => t.piece)]);
  const value = (id) => page.$eval(`tr[data-cosine="${id}"] td.value`, (e) => e.title);
  assert.equal(await value('static'), String(expected.staticCosine));
  assert.equal(await value('layer1'), String(expected.contextualCosine[0]));
  assert.equal(await value('layer2'), String(expected.contextualCosine[1]));
  assert.equal(await value('sentence'), String(expected.sentenceCosine));
  // The heads table names river and money, as the trained heads do.
  assert.match(await page.$eval('table.head-focus', (t) => t.textContent), /▁river/);
  assert.match(await page.$eval('table.head-focus', (t) => t.textContent), /▁money/);
  // Layer 2, sentence 1: the four heads' weights, cell for cell.
  for (let h = 0; h < 4; h++) {
    const titles = await heatmapValues(page, `layer 2 head ${h + 1}`);
    assert.deepEqual(titles, Array.from(expected.first.layers[1].heads[h].attn_weights.data));
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('a link with load=1 loads the model and follows edits; a sentence without the word says so', async () => {
  const { page } = await openPage(context, `${server.url}?view=trained&load=1&layer=1&tshow=2`);
  await page.waitForSelector('#trained[data-drawn]', { timeout: 30000 });
  assert.ok(await page.$('figure[data-name="layer 1 head 4"]'));
  await page.fill('#trained-s2', 'The weather is fine');
  await page.dispatchEvent('#trained-s2', 'change');
  await page.waitForFunction(() => /not a single whole-word token in the second sentence/.test(document.querySelector('#messages').textContent));
  assert.equal(await page.$eval('tr[data-cosine="layer2"] td.value', (e) => e.textContent), 'undefined');
  await page.close();
});

test('a failed download says so and can be retried', async () => {
  // page.route cannot see requests a service worker answers, so this page runs without one.
  const noWorker = await launchBrowser({ serviceWorkers: 'block' });
  const page = await noWorker.newPage();
  await page.route('**/use-lite-int8.bin', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(`${server.url}?view=trained`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.click('#trained-load');
  await page.waitForSelector('#error .error');
  assert.match(await page.$eval('#error .error', (e) => e.textContent), /could not be loaded \(404/);
  assert.match(await page.$eval('#trained-load', (e) => e.textContent), /Try loading the trained model again/);
  assert.equal(await page.$eval('#trained-load', (e) => e.disabled), false);
  await noWorker.close();
});

test('the bank experiment links to the trained encoder with the same sentences and word', async () => {
  const { page } = await openPage(context, `${server.url}?view=bank&s=${encodeURIComponent('The bank of the river')}&t=bank`);
  await page.click('#bank-to-trained');
  await page.waitForFunction(() => document.querySelector('#trained-s1')?.value === 'The bank of the river');
  assert.equal(await page.inputValue('#trained-target'), 'bank');
  assert.equal(await page.inputValue('#trained-s2'), 'bank account has money');
  await page.close();
});
