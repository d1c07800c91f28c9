// End-to-end: the trained-encoder view in Chromium. Before any download it shows the untrained
// class block's attention, computed by the core; the model loads only on a click (a link with
// load=1 only points at the button), with progress, in a worker; the page follows typing like
// every view, draws only the newest sentence's answer, and its numbers equal the core's run in
// Node on the same pack. Tests wait on the page's own signals: data-computing, data-drawn,
// data-sentence1 and the 'trained-drawn' event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openSite, launchBrowser, openPage, heatmapValues } from './support.mjs';
import { num } from '../../web/src/format.js';
import { loadCore } from '../js/load-core.js';

const pack = new Uint8Array(readFileSync(new URL('../../public/models/use-lite-int8.bin', import.meta.url)));
const { server, context, core } = await openSite();
const model = (await loadCore('encoder')).createEncoderModel(pack); // made as the page's worker makes it (int8 products)
const S1 = 'The bank of the river is muddy today.';
const S2 = 'I have money in my bank account.';
const S3 = 'They fished from the bank of the stream.'; // the default control: "bank" as in sentence 1

const modelRequests = (page) => {
  const seen = [];
  page.on('request', (r) => { if (r.url().includes('use-lite-int8.bin')) seen.push(r.url()); });
  return seen;
};

const untrainedOf = (sentence, sentence2, target = 'bank', control = S3) => core.bankExperiment({ source: 'numpy', sentence, sentence2, control, target, maxTokens: 64 });

/**
 * The cosine table's control column and the verdict beside it, against the core's separation
 * reports: `trained` (null before the model is loaded) and `untrained` (the class block).
 */
async function assertVerdict(page, { trained, untrained }) {
  const verdict = await page.$eval('p.trained-verdict', (p) => ({ ...p.dataset, text: p.textContent }));
  assert.equal(verdict.untrainedVerdict, untrained.separation.verdict);
  assert.equal(verdict.untrainedMargin, untrained.separation.margin == null ? undefined : String(untrained.separation.margin));
  const cell = (id, column) => page.$eval(`tr[data-cosine="${id}"] td.${column}`, (td) => td.title);
  assert.equal(await cell('untrained-contextual', 'same-sense'), String(untrained.controlCosines.find((c) => c.name === 'contextual_target_vs_control').value));
  const judged = [['Random class block', untrained.separation]];
  if (trained) {
    assert.equal(verdict.verdict, trained.separation.verdict);
    assert.equal(verdict.margin, String(trained.separation.margin));
    assert.equal(await cell('layer2', 'same-sense'), String(trained.controlContextualCosine[1]));
    assert.equal(await cell('layer2', 'margin'), String(trained.separation.margin));
    assert.equal(await cell('layer1', 'same-sense'), String(trained.controlContextualCosine[0]));
    assert.equal(await cell('sentence', 'same-sense'), String(trained.controlSentenceCosine));
    judged.unshift(['Trained model, after both layers', trained.separation]);
  } else {
    assert.equal(verdict.verdict, undefined);
  }
  // Each model's sentence names its own numbers, and claims a separation only with the margin.
  const parts = verdict.text.split(/(?=Trained model, after both layers:|Random class block:)/);
  for (const [name, sep] of judged) {
    const part = parts.find((p) => p.startsWith(`${name}:`));
    assert.ok(part, verdict.text);
    assert.ok(part.includes(num(sep.sameSense)) && part.includes(num(sep.differentSense)), part);
    if (sep.verdict === 'separates') assert.match(part, /it separates the two uses/);
    else assert.match(part, /does not separate the two uses here/);
    if (sep.verdict !== 'reversed') assert.ok(part.includes(num(sep.margin)), part);
  }
  const caveats = await page.textContent('p.trained-caveats');
  assert.match(caveats, /position .*pre-LayerNorm.*residual.*ReLU feed-forward.*mean pooling/);
  return verdict;
}

// The whole chapter: before loading, its key figure (the untrained block, section 1) is shown
// under the sentences, outside #trained-results (components/first-screen.js).
const headings = (page) => page.$$eval('#trained h3', (hs) => hs.map((h) => h.textContent));

/** The headings are numbered 1, 2, … n in the order they appear. */
function assertNumbered(titles) {
  assert.ok(titles.length > 0);
  assert.deepEqual(titles.map((t) => t.match(/^(\d+)\. /)?.[1]), titles.map((_, k) => String(k + 1)), titles.join(' | '));
}

/** Types into a field key by key (input events only, no Enter, no change event). */
async function typeInto(page, selector, text) {
  await page.fill(selector, '');
  await page.focus(selector);
  await page.keyboard.type(text);
}

/** Waits until the page has drawn the sentences now in the fields and computes nothing more. */
async function waitForFields(page) {
  await page.waitForFunction(() => {
    const results = document.querySelector('#trained-results');
    return document.querySelector('#trained').dataset.computing === 'false'
      && results.dataset.sentence1 === document.querySelector('#trained-s1').value
      && results.dataset.sentence2 === document.querySelector('#trained-s2').value
      && results.dataset.sentence3 === document.querySelector('#trained-s3').value;
  });
}

/** Collects the 'trained-drawn' events of the page, in order. */
async function recordDraws(page) {
  await page.evaluate(() => {
    window.trainedDraws = [];
    document.addEventListener('trained-drawn', (e) => window.trainedDraws.push(e.detail));
  });
  return () => page.evaluate(() => window.trainedDraws);
}

test('before any download: the untrained class block’s heatmap with the core’s numbers, a note from them, headings 1..n', async () => {
  const page = await context.newPage();
  const seen = modelRequests(page);
  await page.goto(`${server.url}?view=trained`);
  await page.waitForSelector('body[data-ready="true"]');
  const e = untrainedOf(S1, S2);
  assert.deepEqual(await heatmapValues(page, 'untrained attn_weights, sentence 1'), Array.from(e.first.projected.attn_weights.data));
  assert.match(await page.textContent('#trained'), /untrained class block/i);
  assert.match(await page.textContent('.load-hint'), /Load the trained model .* what training changes/);
  // The note beside the map names the largest weight of "bank"'s row, as the map has it.
  const W = e.first.projected.attn_weights;
  const row = Array.from(W.data.slice(e.targetIndexFirst * W.cols, (e.targetIndexFirst + 1) * W.cols));
  const top = row.indexOf(Math.max(...row));
  const tokens = Array.from(e.first.tokens, (t) => t.text);
  assert.match(await page.textContent('.untrained-note'), new RegExp(`“bank” \\(row ${e.targetIndexFirst + 1}\\) puts its largest weight, ${num(row[top])}, on “${tokens[top]}”`));
  const u = e.cosines.find((c) => c.name === 'contextual_target_across_sentences').value;
  assert.equal(await page.$eval('tr[data-cosine="untrained-contextual"] td.value', (el) => el.title), String(u));
  assertNumbered(await headings(page));
  await assertVerdict(page, { trained: null, untrained: e });
  assert.match(await page.textContent('p.trained-verdict'), /Load the trained model to put it through the same test/);
  assert.equal(await page.$eval('#trained', (el) => el.dataset.computing), 'false');
  assert.equal(seen.length, 0);
  await page.close();
});

test('before any download: typing redraws the class block without Enter, for either sentence', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=trained&tshow=2`);
  // the sections are filled in place (issue 33): mark the cosine row and the note before the edit
  await page.evaluate(() => {
    document.querySelector('tr[data-cosine="untrained-contextual"]').dataset.marked = 'kept';
    document.querySelector('.untrained-note').dataset.marked = 'kept';
  });
  await typeInto(page, '#trained-s2', 'money in the bank');
  await waitForFields(page);
  const e = untrainedOf(S1, 'money in the bank');
  assert.deepEqual(await heatmapValues(page, 'untrained attn_weights, sentence 2'), Array.from(e.second.projected.attn_weights.data));
  const u = e.cosines.find((c) => c.name === 'contextual_target_across_sentences').value;
  assert.equal(await page.$eval('tr[data-cosine="untrained-contextual"][data-marked="kept"] td.value', (el) => el.title), String(u));
  assert.equal(await page.locator('.untrained-note[data-marked="kept"]').count(), 1);
  assert.equal(await page.locator('#trained section.stage').count(), 2, 'no section written twice');
  assert.match(page.url(), /ts2=money/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the model is fetched only on a click, then every number equals the core', async () => {
  const page = await context.newPage();
  const seen = modelRequests(page);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${server.url}?view=trained`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector('figure[data-name="untrained attn_weights, sentence 1"]');
  assert.equal(seen.length, 0);

  await page.click('#trained-load');
  await page.waitForSelector('#trained[data-drawn="1"][data-computing="false"]');
  assert.equal(seen.length, 1);
  assert.match(page.url(), /load=1/);

  const expected = model.compareTrained({ sentence: S1, sentence2: S2, target: 'bank', control: S3 });
  const pieces = await page.$$eval('#trained-results ol.tokens', (ols) => ols.map((ol) => [...ol.querySelectorAll('li')].map((li) => li.dataset.piece)));
  assert.deepEqual(pieces, [expected.first.tokens.map((t) => t.piece), expected.second.tokens.map((t) => t.piece), expected.control.tokens.map((t) => t.piece)]);
  await assertVerdict(page, { trained: expected, untrained: untrainedOf(S1, S2) });
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
  // The class block stays, for comparison, after the trained sections; still numbered in order.
  assert.deepEqual(await heatmapValues(page, 'untrained attn_weights, sentence 1'), Array.from(untrainedOf(S1, S2).first.projected.attn_weights.data));
  const titles = await headings(page);
  assertNumbered(titles);
  assert.equal(titles.length, 5);
  assert.match(titles.at(-1), /^5\. For comparison: the untrained class block/);
  // Another chapter and back: the loaded model is kept, nothing is downloaded again.
  await page.click('#views-nav a[data-view="bank"]');
  await page.waitForSelector('#bank');
  await page.click('#views-nav a[data-view="trained"]');
  await page.waitForSelector('#trained[data-drawn="1"][data-computing="false"]');
  assert.match(await page.textContent('#trained-load'), /Trained model loaded/);
  assert.equal(seen.length, 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('loaded: fast typing follows the field; an answer for an older sentence is never drawn over a newer one', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=trained`);
  await page.click('#trained-load');
  await page.waitForSelector('#trained[data-drawn="1"][data-computing="false"]');
  const draws = await recordDraws(page);
  const final = 'The bank of the stream was wet';
  await page.fill('#trained-s1', '');
  await page.focus('#trained-s1');
  await page.keyboard.type('T'); // a real key: the worker is asked for "T"
  // The other keys arrive within one task, as fast typing does on a slow machine, so every one of
  // them is asked while the worker is still busy (with "T" or with the first of them) whatever the
  // machine's speed. (Waiting to see data-computing="true" missed it when "T" was answered within a frame.)
  await page.evaluate((text) => {
    const field = document.querySelector('#trained-s1');
    for (let length = 2; length <= text.length; length++) {
      field.value = text.slice(0, length);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, final);
  await waitForFields(page);

  const drawn = await draws();
  assert.equal(drawn.at(-1).sentence, final);
  for (let k = 1; k < drawn.length; k++) {
    // each drawn answer is for a newer request and a longer prefix of what was typed
    assert.ok(drawn[k].seq > drawn[k - 1].seq, JSON.stringify(drawn));
    assert.ok(drawn[k].sentence.length > drawn[k - 1].sentence.length, JSON.stringify(drawn));
  }
  for (const d of drawn) assert.ok(final.startsWith(d.sentence), d.sentence);
  // Fewer answers drawn than keys typed: the requests made while the worker was busy were merged.
  assert.ok(drawn.length < final.length, `${drawn.length} draws for ${final.length} keys`);

  const expected = model.compareTrained({ sentence: final, sentence2: S2, target: 'bank', control: S3 });
  const pieces = await page.$$eval('#trained-results ol.tokens[aria-label="Sentence 1 tokens"] li', (lis) => lis.map((li) => li.dataset.piece));
  assert.deepEqual(pieces, expected.first.tokens.map((t) => t.piece));
  assert.equal(await page.$eval('tr[data-cosine="layer2"] td.value', (e) => e.title), String(expected.contextualCosine[1]));
  assert.deepEqual(await heatmapValues(page, 'layer 2 head 1'), Array.from(expected.first.layers[1].heads[0].attn_weights.data));
  assert.deepEqual(await heatmapValues(page, 'untrained attn_weights, sentence 1'), Array.from(untrainedOf(final, S2).first.projected.attn_weights.data));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a link with load=1 points at the button but downloads nothing until the click; then edits follow', async () => {
  const page = await context.newPage();
  const seen = modelRequests(page);
  await page.goto(`${server.url}?view=trained&load=1&layer=1&tshow=2`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector('figure[data-name="untrained attn_weights, sentence 2"]');
  assert.equal(await page.$eval('#trained-load', (b) => b.classList.contains('suggested') && !b.disabled), true);
  assert.match(await page.textContent('#trained-load-note'), /press the button to download it/);
  assert.match(page.url(), /load=1/);
  assertNumbered(await headings(page));
  // Typing before the click still downloads nothing.
  await typeInto(page, '#trained-s1', 'A bank of snow');
  await waitForFields(page);
  assert.equal(await page.$('#trained[data-drawn]'), null);
  assert.equal(seen.length, 0);

  await page.click('#trained-load');
  await page.waitForSelector('#trained[data-drawn][data-computing="false"]');
  assert.equal(seen.length, 1);
  assert.ok(await page.$('figure[data-name="layer 1 head 4"]'));
  await typeInto(page, '#trained-s2', 'The weather is fine');
  await page.waitForFunction(() => /not a single whole-word token in the second sentence/.test(document.querySelector('#messages').textContent));
  await waitForFields(page);
  assert.equal(await page.$eval('tr[data-cosine="layer2"] td.value', (e) => e.textContent), 'not defined');
  await page.close();
});

test('a second input: the verdict follows that input’s numbers, for the trained model and the class block', async () => {
  const [a, b, c] = ['We walked along the bank at dusk.', 'The bank raised its interest rates.', 'Ducks rested on the grassy bank of the pond.'];
  const { page, errors } = await openPage(context, `${server.url}?view=trained&ts=${encodeURIComponent(a)}&ts2=${encodeURIComponent(b)}&tc=${encodeURIComponent(c)}&tshow=3`);
  assert.equal(await page.inputValue('#trained-s3'), c);
  const untrained = untrainedOf(a, b, 'bank', c);
  await assertVerdict(page, { trained: null, untrained });
  // "Heatmaps for: sentence 3" shows the control, in the class block and in the trained heads
  assert.deepEqual(await heatmapValues(page, 'untrained attn_weights, sentence 3'), Array.from(untrained.control.projected.attn_weights.data));
  await page.click('#trained-load');
  await page.waitForSelector('#trained[data-drawn="1"][data-computing="false"]');
  const trained = model.compareTrained({ sentence: a, sentence2: b, target: 'bank', control: c });
  await assertVerdict(page, { trained, untrained });
  assert.deepEqual(await heatmapValues(page, 'layer 2 head 3'), Array.from(trained.control.layers[1].heads[2].attn_weights.data));
  assert.match(await page.textContent('#trained-heads'), /sentence 3 \(the control\)/);
  // A control without the word: no verdict, and the page says why.
  await typeInto(page, '#trained-s3', 'The stream was cold');
  await waitForFields(page);
  assert.match(page.url(), /tc=The/);
  const verdict = await page.$eval('p.trained-verdict', (p) => ({ ...p.dataset, text: p.textContent }));
  assert.equal(verdict.verdict, 'undefined');
  assert.equal(verdict.untrainedVerdict, 'undefined');
  assert.match(verdict.text, /^Trained model, after both layers: no verdict/);
  assert.doesNotMatch(verdict.text, /it separates/);
  assert.match(await page.textContent('#messages'), /not a single whole-word token in the control sentence/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a failed download says so and can be retried', async () => {
  // page.route cannot see requests a service worker answers, so this page runs without one.
  const noWorker = await launchBrowser({ serviceWorkers: 'block' });
  const page = await noWorker.newPage();
  await page.route(/use-lite-int8\.bin/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(`${server.url}?view=trained`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.click('#trained-load');
  await page.waitForSelector('#error .error');
  assert.match(await page.$eval('#error .error', (e) => e.textContent), /could not be loaded \(404/);
  assert.match(await page.$eval('#trained-load', (e) => e.textContent), /Try loading the trained model again/);
  assert.equal(await page.$eval('#trained-load', (e) => e.disabled), false);
  await noWorker.close();
});

test('a half-downloaded pack is refused with a message, and a retry loads the whole one', async () => {
  // the first half of the real pack, served as if it were the whole file (a cut connection
  // behind a proxy, a truncated cache entry)
  const whole = readFileSync(new URL('../../dist/models/use-lite-int8.bin', import.meta.url));
  const noWorker = await launchBrowser({ serviceWorkers: 'block' });
  const page = await noWorker.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route(/use-lite-int8\.bin/, (route) => route.fulfill({ status: 200, contentType: 'application/octet-stream', body: whole.subarray(0, whole.length >> 1) }));
  await page.goto(`${server.url}?view=trained`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.click('#trained-load');
  await page.waitForSelector('#error .error');
  assert.match(await page.$eval('#error .error', (e) => e.textContent), /model pack|cut short/);
  assert.match(await page.$eval('#trained-load', (e) => e.textContent), /Try loading the trained model again/);
  // the whole file this time: the retry loads it and the trained heads are drawn
  await page.unroute(/use-lite-int8\.bin/);
  await page.click('#trained-load');
  await page.waitForFunction(() => Number(document.querySelector('#trained')?.dataset.drawn ?? 0) > 0, null, { timeout: 60000 });
  assert.ok(await page.$('[data-figure="trained_heads"]'));
  assert.deepEqual(errors, []);
  await noWorker.close();
});

test('the model worker killed mid-download: the page says so at once, and a retry loads the model', async () => {
  const noWorker = await launchBrowser({ serviceWorkers: 'block' });
  const page = await noWorker.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  let held; // the pack request, left unanswered: the worker is mid-load
  const requested = new Promise((ok) => { held = ok; });
  await page.route(/use-lite-int8\.bin/, (route) => held(route));
  await page.goto(`${server.url}?view=trained`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.click('#trained-load');
  const route = await requested;
  // What the browser does to a worker it ends (out of memory): it stops, and sends no event.
  const worker = page.workers().find((w) => /encoder-worker/.test(w.url()));
  await worker.evaluate(() => self.close()).catch(() => {});
  await page.waitForSelector('#error .error');
  assert.match(await page.$eval('#error .error', (e) => e.textContent), /model worker stopped unexpectedly while loading/);
  assert.match(await page.$eval('#trained-load', (e) => e.textContent), /Try loading the trained model again/);
  await route.abort().catch(() => {});
  await page.unroute(/use-lite-int8\.bin/);
  await page.click('#trained-load');
  await page.waitForFunction(() => Number(document.querySelector('#trained')?.dataset.drawn ?? 0) > 0, null, { timeout: 60000 });
  assert.deepEqual(errors, []);
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

test('chapters beyond the class are marked, in the chapter list and beside their headings', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=heads`);
  // the chapter list's mark is a "+" badge, with the words for screen readers and as a tooltip
  const marks = await page.$$eval('#views-nav a', (as) => Object.fromEntries(as.map((a) => [a.dataset.view, a.querySelector('.beyond-mark')?.textContent ?? null])));
  assert.equal(marks.trained, '+ (beyond the class)');
  assert.equal(marks.heads, '+ (partly beyond the class)');
  assert.match(await page.getAttribute('#views-nav a[data-view="trained"] .beyond-mark', 'title'), /^Beyond the class\. Not taught in Classes 04–05/);
  assert.ok(await page.isVisible('#views-nav a[data-view="trained"] .beyond-mark'));
  assert.ok(await page.isVisible('#views-nav a[data-view="heads"] .beyond-mark'));
  // the chapters the classes taught carry no mark
  for (const id of ['ids', 'window', 'smoothing', 'cosine', 'flow', 'qkv', 'bank', 'lab']) assert.equal(marks[id], null, id);
  assert.equal(await page.$eval('#heads-title .beyond-mark', (m) => m.textContent), '+ Partly beyond the class');
  await page.waitForSelector('#heads-concat');
  // the chapter's key figure (section 2) sits under the sentences (first-screen.js): look in the whole chapter
  const sections = await page.$$eval('#app section.stage[id^="heads-"]', (ss) => Object.fromEntries(ss.map((sec) => [sec.id, Boolean(sec.querySelector('h3 .beyond-mark'))])));
  assert.deepEqual(sections, { 'heads-split': true, 'heads-per': true, 'heads-concat': true, 'heads-axes': false, 'heads-one': false });
  assert.ok(await page.isVisible('#heads-split h3 .beyond-mark'));
  await page.click('#views-nav a[data-view="trained"]');
  await page.waitForSelector('#trained-title .beyond-mark');
  assert.equal(await page.$eval('#trained-title .beyond-mark', (m) => m.textContent), '+ Beyond the class');
  assert.ok(await page.isVisible('#trained-title .beyond-mark'));
  assert.deepEqual(errors, []);
  await page.close();
});
