// End-to-end: the embedding space's new sources (issue 17) in Debian's Chromium. The ambiguous
// words in context from the untrained block on GloVe: 112 points, 8 classes in the legend, and
// the grouping text's figures equal the core's in Node. The trained encoder's token table and
// words in context: nothing is downloaded until the load button is pressed; then the readout and
// the grouping follow the core run in Node on the same pack. A failed download gives the
// loader's message and a retry. Waits on the page's signals (data-report, data-state), never on time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openSite, openPage, launchBrowser, misfits, resizeTo } from './support.mjs';
import { bundledGlove } from '../js/glove-pack.js';
import { loadCore } from '../js/load-core.js';

const { server, context, core: pageCore } = await openSite();
// the parts of the core the chapter's workers load: the space chapter's, the encoder's
const [core, encoderCore] = await Promise.all([loadCore('space'), loadCore('encoder')]);
const pack = new Uint8Array(readFileSync(new URL('../../public/models/use-lite-int8.bin', import.meta.url)));


const sentences = core.senseSentences();
const words = sentences.map((s) => s.word), senses = sentences.map((s) => s.sense);
const pct = (x) => `${(100 * x).toFixed(1)} %`;
const legendOnPage = (page) => page.$$eval('#space-legend li', (items) => items.map((li) => [li.dataset.class, Number(li.dataset.count)]));
const modelRequests = (page) => {
  const seen = [];
  page.on('request', (r) => { if (r.url().includes('use-lite-int8.bin')) seen.push(r.url()); });
  return seen;
};

test('ambiguous words in context, untrained block: 112 points, the legend, and the grouping figures from the core', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=space&spd=ctx-block`);
  await page.waitForSelector('#space-view[data-report]');
  assert.equal(await page.textContent('#space-readout'), 'points 112 · original dimension 100 · display dimension 2');
  assert.deepEqual(await legendOnPage(page), [['bank (river)', 14], ['bank (money)', 14], ['plant (factory)', 14], ['plant (flora)', 14],
    ['bat (animal)', 14], ['bat (sport)', 14], ['cell (prison)', 14], ['cell (biology)', 14]]);
  const v = core.untrainedSenseVectors(bundledGlove(pageCore));
  const expected = core.senseGrouping(v.outputs, 112, 100, words, senses);
  const baseline = core.senseGrouping(v.contextMean, 112, 100, words, senses);
  assert.equal(Number(await page.getAttribute('#space-senses-text', 'data-value')), expected.neighbourSameSense);
  assert.equal(Number(await page.getAttribute('#space-senses-text', 'data-gap')), expected.meanGap);
  assert.equal(Number(await page.getAttribute('#space-senses-meaning', 'data-baseline')), baseline.neighbourSameSense);
  const text = await page.textContent('#space-senses-text');
  assert.ok(text.includes(`for ${pct(expected.neighbourSameSense)} of the 112 sentences`), text);
  assert.ok(text.includes(`the ${pct(expected.neighbourChance)} that senses assigned at random`), text);
  const meaning = await page.textContent('#space-senses-meaning');
  assert.match(meaning, /untrained block.*nothing was trained on this task/s);
  assert.ok(meaning.includes(`in ${v.rowsOver90} of the 112 sentences the word’s attention row gives more than 90 %`), meaning);
  assert.ok(meaning.includes(`most often “${v.commonTopWord}”, ${v.commonTopCount} times`), meaning);
  assert.equal(await page.locator('#space-senses-table tbody tr').count(), 4);
  // at 360 px the per-word table fits (as cards) and the page does not scroll sideways; the row of
  // example sentences is meant to scroll on its own on a phone (styles.css)
  await resizeTo(page, 360);
  assert.deepEqual((await misfits(page)).filter((m) => !m.startsWith('div.examples ')), []);
  await resizeTo(page, 1280, 900);
  // the first point is picked (its label is not typed) and its sentence is shown
  assert.equal(await page.getAttribute('#space-view', 'data-neighbours'), 'bank (river) 1');
  assert.equal(await page.textContent('#space-picked-sentence'), `Its sentence: “${sentences[0].sentence}”`);
  // the layout's share is the core's for the layout the page drew (PCA: the first 2 components)
  const layoutShare = Number(await page.getAttribute('#space-senses-layout', 'data-value'));
  assert.ok(layoutShare >= 0 && layoutShare <= 1);
  // the token table needs the model: nothing of this source stays on screen, nothing downloads
  const requested = modelRequests(page);
  await page.selectOption('#space-data', 'encoder');
  await page.waitForSelector('#space-view[data-state="needs-model"]');
  assert.equal(await page.textContent('#space-readout'), '');
  assert.equal(await page.locator('#space-senses-box *, #space-neighbours-original li, #space-legend li').count(), 0);
  assert.match(await page.getAttribute('canvas.space-canvas', 'aria-label'), /^Scatter of 0 points/);
  assert.deepEqual(requested, []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the trained encoder: nothing downloads before the click; token table and words in context follow the core', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=space&spd=encoder&spn=2000`);
  const requested = modelRequests(page);
  await page.waitForSelector('#space-view[data-state="needs-model"]');
  assert.equal(await page.isVisible('#space-load'), true);
  assert.deepEqual(requested, []);
  await page.click('#space-load');
  await page.waitForSelector('#space-view[data-report]', { timeout: 60000 });
  assert.equal(requested.length, 1);
  assert.equal(await page.textContent('#space-readout'), 'points 2,000 · original dimension 256 · display dimension 2');
  const model = encoderCore.createEncoderModel(pack);
  try {
    const table = model.tokenTable(6, 2000);
    assert.match(await page.textContent('#space-source-note'), new RegExp(`pieces 7 to 2006 of its ${table.vocabulary.toLocaleString('en')}-piece vocabulary.*${table.wordStarts.toLocaleString('en')} of them start a word`, 's'));
    // the same model, now to the words in context: no second download
    await page.selectOption('#space-data', 'ctx-encoder');
    await page.waitForSelector('#space-view[data-report] #space-senses-text');
    assert.equal(await page.textContent('#space-readout'), 'points 112 · original dimension 512 · display dimension 2');
    const v = model.wordVectorsInContext(sentences.map((s) => s.sentence), words);
    const expected = core.senseGrouping(v.data, 112, 512, words, senses);
    assert.equal(Number(await page.getAttribute('#space-senses-text', 'data-value')), expected.neighbourSameSense);
    assert.ok((await page.textContent('#space-senses-text')).includes(`for ${pct(expected.neighbourSameSense)} of the 112 sentences`));
    assert.match(await page.textContent('#space-senses-meaning'), /second layer at the word’s own token/);
    assert.equal((await legendOnPage(page)).length, 8);
  } finally {
    model.delete();
  }
  assert.equal(requested.length, 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a failed download of the pack says so where the learner looks, and can be retried', async () => {
  // page.route cannot see requests a service worker answers, so this page runs without one.
  const noWorker = await launchBrowser({ serviceWorkers: 'block' });
  const page = await noWorker.newPage();
  await page.route(/use-lite-int8\.bin/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(`${server.url}?view=space&spd=ctx-encoder`);
  await page.waitForSelector('#space-view[data-state="needs-model"]');
  await page.click('#space-load');
  await page.waitForSelector('#error .error');
  assert.match(await page.$eval('#error .error', (e) => e.textContent), /could not be loaded \(404/);
  assert.match(await page.$eval('#space-load', (e) => e.textContent), /Try loading the trained model again/);
  assert.equal(await page.$eval('#space-load', (e) => e.disabled), false);
  // the retry, with the file there this time, draws the words in context
  await page.unroute(/use-lite-int8\.bin/);
  await page.click('#space-load');
  await page.waitForSelector('#space-view[data-report] #space-senses-text', { timeout: 60000 });
  assert.equal(await page.textContent('#space-readout'), 'points 112 · original dimension 512 · display dimension 2');
  assert.equal(await page.$eval('#error', (e) => e.textContent), '');
  await noWorker.close();
});
