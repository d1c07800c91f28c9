// End-to-end: word vectors in Debian's Chromium. Loads a GloVe text file through the file
// picker (the worker parses it in the C++ core), reads the report and cosines back from the
// DOM and compares them with the same core run in Node; a malformed file gets its line named;
// the bundled GloVe subset drives the bank experiment; the exported NumPy script reproduces
// the page's numbers under Debian's Python.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSite, openPage, heatmapValues, launchBrowser } from './support.mjs';
import { bundledGlove } from '../js/glove-pack.js';
import { rowsFor } from '../../web/src/vectors/store.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/glove_small.txt', import.meta.url));
const DEFAULTS = { sentence: 'Bank of the river', sentence2: 'bank account has money', target: 'bank', tieWidths: true, scale: true, causal: false, embedSeed: 0, projSeed: 1, oov: 'zero', maxTokens: 64 };

const { server, context, core } = await openSite({ acceptDownloads: true });

function parsedTable(bytes, name) {
  const parser = core.vectorFileParser({ maxWords: 20000 });
  try {
    parser.feed(new Uint8Array(bytes));
    parser.finish();
    const r = parser.result();
    const words = Array.from(r.words);
    return { name, words, dim: r.dim, data: r.data, index: new Map(words.map((w, i) => [w, i])) };
  } finally {
    parser.delete();
  }
}

function gloveTable() {
  const table = bundledGlove(core, 'GloVe 6B 100-d (20,001-word int8 subset)');
  return { ...table, index: new Map(table.words.map((w, i) => [w, i])) };
}

function expectedExperiment(table, state = {}) {
  const s = { ...DEFAULTS, ...state };
  return core.bankExperiment({ ...s, source: 'pretrained', pretrained: rowsFor(core, table, [s.sentence, s.sentence2], 64) });
}

/** The bank view's rows: the notes' comparisons, then each sentence's contextual target against
 *  every raw word except "river" and "money", which the notes' rows already compare. */
function bankRows(e) {
  const others = (list) => list.filter((c) => c.name !== 'river' && c.name !== 'money');
  return [...e.cosines, ...others(e.contextualVsRawWords), ...others(e.contextualVsRawWordsSecond)].map((c) => c.value);
}

async function pageCosines(page, selector) {
  return page.$$eval(`${selector} tr[data-cosine] td.value`, (tds) => tds.map((td) => (td.dataset.full === '' ? null : Number(td.dataset.full))));
}

test('a GloVe text file chosen with the file picker drives the lab report', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=lab&source=file`);
  assert.match(await page.textContent('#messages'), /Choose a vector file/);
  await page.setInputFiles('#vector-file', FIXTURE);
  await page.waitForSelector('#lab-results table.lab-cosines');
  const table = parsedTable(readFileSync(FIXTURE), 'your file “glove_small.txt”');
  const expected = expectedExperiment(table);
  const cosines = await pageCosines(page, 'table.lab-cosines');
  assert.deepEqual(cosines, [...expected.cosines, ...expected.contextualVsRawWords].map((c) => c.value));
  assert.equal(await page.textContent('table.shapes[data-sentence="1"] tr[data-name="X"] td.shape'), '(4, 100)');
  assert.equal(await page.textContent('table.shapes[data-sentence="1"] tr[data-name="W_v"] td.shape'), '(100, 100)');
  const weights = await page.$$eval('table.lab-attn[data-sentence="1"] td.value', (tds) => tds.map((td) => Number(td.dataset.full)));
  assert.deepEqual(weights, Array.from(expected.first.projected.attn_weights.data));
  assert.match(await page.textContent('#vector-summary'), /glove_small\.txt.*words × 100/);
  assert.match(await page.textContent('#oov-report'), /Missing words: none/);
  assert.match(page.url(), /source=file/);

  // a missing word, with the random policy: drawn in the core, the same in Node
  await page.selectOption('#oov', 'random');
  await page.fill('#sentence', 'a bank of the river');
  await page.waitForFunction(() => /“a”/.test(document.querySelector('#oov-report')?.textContent ?? ''));
  const withMissing = expectedExperiment(table, { sentence: 'a bank of the river', oov: 'random' });
  assert.deepEqual(await pageCosines(page, 'table.lab-cosines'), [...withMissing.cosines, ...withMissing.contextualVsRawWords].map((c) => c.value));
  assert.match(await page.textContent('#oov-report'), /policy: random\)\. Missing words get random vectors/);

  // the exported NumPy script reproduces the page's numbers
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-py')]);
  const script = join(mkdtempSync(join(tmpdir(), 'aw-e2e-')), 'attention_report.py');
  await download.saveAs(script);
  const out = JSON.parse(execFileSync('/usr/bin/python3', [script], { encoding: 'utf8' }));
  for (const c of withMissing.cosines) {
    if (c.value == null) assert.equal(out.cosines[c.name], null);
    else assert.ok(Math.abs(out.cosines[c.name] - c.value) < 1e-9, c.name);
  }
  out.attn_weights_1.flat().forEach((v, i) => assert.ok(Math.abs(v - withMissing.first.projected.attn_weights.data[i]) < 1e-9));

  // the JSON and Markdown exports record what the notes ask for
  const [jsonDownload] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
  const json = JSON.parse(readFileSync(await jsonDownload.path(), 'utf8'));
  assert.equal(jsonDownload.suggestedFilename(), 'attention-report.json');
  assert.deepEqual({ ...json.source }, { kind: 'file', name: 'your file “glove_small.txt”', file: 'glove_small.txt', d_model: 100, d_k: 100, d_v: 100 });
  assert.deepEqual(json.missing_words.words, ['a']);
  assert.equal(json.missing_words.policy, 'random');
  assert.deepEqual(json.sentences[0].row_sums, Array.from(withMissing.first.row_sums));
  assert.deepEqual(json.sentences[0].shapes.find((s) => s.name === 'attn_weights').shape, [5, 5]);
  assert.equal(json.cosines.contextual_target_across_sentences, withMissing.cosines[1].value);
  assert.deepEqual(json.untrained_parameters.map((p) => p.name), ['W_q, W_k, W_v']);
  // a learner's file may hold anything: its table is frozen here, but not called trained
  assert.deepEqual(json.trained_but_frozen, []);
  assert.equal(json.frozen_of_unknown_origin[0].name, 'embedding table');
  const [mdDownload] = await Promise.all([page.waitForEvent('download'), page.click('#export-md')]);
  const md = readFileSync(await mdDownload.path(), 'utf8');
  assert.match(md, /- Widths: d_model = 100, d_k = 100, d_v = 100/);
  assert.match(md, /- Missing words: a \(policy: random\)/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a malformed vector file gets a message naming the line, and the page keeps working', async () => {
  const { page } = await openPage(context, `${server.url}?view=bank&source=file`);
  await page.setInputFiles('#vector-file', { name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from('bank 1 2 3\nriver 1 2\n') });
  await page.waitForSelector('#vector-error p.error');
  assert.equal(await page.textContent('#vector-error p.error'),
    'This file could not be used: Line 2 has 2 numbers after the word "river", but this file\'s vectors have 3 (set by line 1). Every row must have the same width.');
  await page.setInputFiles('#vector-file', { name: 'nan.vec', mimeType: 'text/plain', buffer: Buffer.from('2 2\nbank 1 2\nriver nan 1\n') });
  await page.waitForFunction(() => /Line 3, number 1/.test(document.querySelector('#vector-error')?.textContent ?? ''));
  await page.selectOption('#source', 'numpy');
  await page.waitForSelector('table.bank-table', { state: 'attached' }); // under its closed summary
  await page.close();
});

test('the vector reader killed mid-load: the message says so, and choosing the file again reads it', async () => {
  // The reader ends after each file (its memory is given back), so the worker that reads the
  // second file is a new one: its script is served with an ending that makes it end the way the
  // browser ends one (out of memory) when asked to load: no event, no answer. A context of its
  // own, without the service worker, which would serve the script from its cache.
  const own = await launchBrowser({ serviceWorkers: 'block' });
  let sabotageNext = false;
  await own.route(/vectors-worker-[^/]*\.js$/, async (route) => {
    const response = await route.fetch();
    if (!sabotageNext) return route.fulfill({ response });
    sabotageNext = false;
    // It ends once it holds its life lock (workers/serve.js answers `true`) and a load is asked:
    // as the browser would end it mid-read. (A worker ending before it holds the lock is not heard.)
    const ending = `;{
      const reply = self.onmessage, post = self.postMessage.bind(self);
      let held = false, loadAsked = false;
      self.postMessage = (message, transfer) => { post(message, transfer); if (message?.result === true) { held = true; if (loadAsked) self.close(); } };
      self.onmessage = (event) => { if (event.data.kind !== 'load') return reply(event); loadAsked = true; if (held) self.close(); };
    }`;
    // the envelope of workers/serve.js; the headers are not the original's (its encoding, length)
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: `${await response.text()}\n${ending}\n` });
  });
  try {
    const { page } = await openPage(own, `${server.url}?view=bank&source=file`);
    const good = (name) => ({ name, mimeType: 'text/plain', buffer: Buffer.from('bank 1 0 0\nriver 0 1 0\nmoney 0 0 1\nthe 1 1 0\nof 0 1 1\n') });
    await page.setInputFiles('#vector-file', good('first.txt'));
    await page.waitForFunction(() => /first\.txt/.test(document.querySelector('#vector-summary')?.textContent ?? ''));
    sabotageNext = true;
    await page.setInputFiles('#vector-file', good('second.txt'));
    await page.waitForFunction(() => /vector reader stopped unexpectedly/.test(document.querySelector('#vector-error')?.textContent ?? ''));
    assert.equal(sabotageNext, false, 'the second file was read by a new worker');
    await page.setInputFiles('#vector-file', good('third.txt'));
    await page.waitForFunction(() => /third\.txt/.test(document.querySelector('#vector-summary')?.textContent ?? ''));
    assert.equal(await page.$('#vector-error p.error'), null, 'the message is gone once the file is read');
  } finally {
    await own.close();
  }
});

test('the reader ends once a file is read (its memory is given back), and the next file starts a new one', async () => {
  const { page } = await openPage(context, `${server.url}?view=bank&source=file`);
  // Every reading worker is tracked from now until it closes (both in one synchronous step: a
  // worker's close event cannot come between them).
  const open = new Set();
  let started = 0;
  let changed = () => {};
  const track = (worker) => {
    if (!/vectors-worker/.test(worker.url())) return;
    started += 1;
    open.add(worker);
    worker.on('close', () => { open.delete(worker); changed(); });
  };
  page.workers().forEach(track);
  page.on('worker', track);
  // gives up after 60 s, like every wait of these tests (support.mjs), rather than hang the file
  const allEnded = () => new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${open.size} reading worker(s) still running after the file was read`)), 60_000);
    changed = () => { if (open.size === 0) { clearTimeout(timer); resolve(); } };
    changed();
  });
  for (const name of ['one.txt', 'two.txt']) {
    await page.setInputFiles('#vector-file', { name, mimeType: 'text/plain', buffer: Buffer.from('bank 1 0\nriver 0 1\nof 1 1\n') });
    await page.waitForFunction((n) => (document.querySelector('#vector-summary')?.textContent ?? '').includes(n), name);
    await allEnded();
  }
  assert.ok(started >= 2, `each file had a reader of its own (${started} started)`);
  await page.close();
});

test('a reading worker whose script cannot load: choosing a file says so, and a later choice reads it', async () => {
  // The picker's worker starts as soon as the picker is shown (to warm up). Its script is refused
  // here: the page must drop that worker, not leave the learner's file waiting on it. A context of
  // its own, without the service worker, which would serve the script from its cache.
  const own = await launchBrowser({ serviceWorkers: 'block' });
  const WORKER = /vectors-worker-[^/]*\.js$/;
  let refuse = true;
  let firstRefused;
  const refusedOnce = new Promise((resolve) => { firstRefused = resolve; });
  await own.route(WORKER, (route) => {
    if (!refuse) return route.continue();
    firstRefused();
    return route.fulfill({ status: 404, body: 'gone' });
  });
  try {
    const { page } = await openPage(own, `${server.url}?view=lab&source=file`);
    await Promise.race([refusedOnce, page.waitForEvent('close', { timeout: 60_000 }).catch(() => { throw new Error('the picker started no reading worker'); })]);
    const good = { name: 'good.txt', mimeType: 'text/plain', buffer: Buffer.from('bank 1 0 0\nriver 0 1 0\nmoney 0 0 1\nthe 1 1 0\nof 0 1 1\n') };
    await page.setInputFiles('#vector-file', good);
    await page.waitForFunction(() => /vector reader stopped/.test(document.querySelector('#vector-error')?.textContent ?? ''));
    refuse = false;
    await page.setInputFiles('#vector-file', good);
    await page.waitForFunction(() => /good\.txt/.test(document.querySelector('#vector-summary')?.textContent ?? ''));
    assert.equal(await page.$('#vector-error p.error'), null);
  } finally {
    await own.close();
  }
});

test('a word2vec binary file is detected and used', async () => {
  const rows = [['bank', [1, 0.5, -2]], ['of', [0.1, 0.2, 0.3]], ['the', [0, 1, 0]], ['river', [2, 1, -1]], ['account', [1, 1, 1]], ['has', [-1, 0, 2]], ['money', [0.5, -0.5, 3]]];
  const parts = [Buffer.from(`${rows.length} 3\n`)];
  for (const [w, v] of rows) parts.push(Buffer.from(`${w} `), Buffer.from(new Float32Array(v).buffer), Buffer.from('\n'));
  const buffer = Buffer.concat(parts);
  const { page, errors } = await openPage(context, `${server.url}?view=bank&source=file`);
  await page.setInputFiles('#vector-file', { name: 'tiny.bin', mimeType: 'application/octet-stream', buffer });
  await page.waitForSelector('table.bank-table', { state: 'attached' }); // under its closed summary
  assert.match(await page.textContent('#vector-summary'), /7 words × 3, word2vec binary with a header line/);
  const expected = expectedExperiment(parsedTable(buffer, 'your file “tiny.bin”'));
  assert.deepEqual(await pageCosines(page, 'table.bank-table'), bankRows(expected));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a file dropped on the view is read and becomes the source', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=lab`);
  await page.waitForSelector('table.lab-cosines');
  const text = readFileSync(FIXTURE, 'utf8');
  const dataTransfer = await page.evaluateHandle((content) => {
    const dt = new DataTransfer();
    dt.items.add(new File([content], 'dropped.txt', { type: 'text/plain' }));
    return dt;
  }, text);
  await page.dispatchEvent('#lab', 'dragover', { dataTransfer });
  await page.dispatchEvent('#lab', 'drop', { dataTransfer });
  await page.waitForFunction(() => /dropped\.txt/.test(document.querySelector('#vector-summary')?.textContent ?? ''));
  await page.waitForFunction(() => document.querySelector('table.shapes[data-sentence="1"] tr[data-name="X"] td.shape')?.textContent === '(4, 100)');
  assert.equal(await page.$eval('#source', (s) => s.value), 'file');
  assert.match(page.url(), /source=file/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the bundled GloVe subset drives the bank experiment', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=bank&source=glove`);
  await page.waitForSelector('table.bank-table', { state: 'attached' }); // under its closed summary
  const expected = expectedExperiment(gloveTable());
  const cosines = await pageCosines(page, 'table.bank-table');
  assert.deepEqual(cosines, bankRows(expected));
  const rawRiver = expected.cosines.find((c) => c.name === 'raw_target_vs_raw_river').value;
  assert.ok(rawRiver > 0.3 && rawRiver < 0.4, `GloVe bank·river is about 0.33, got ${rawRiver}`);
  assert.match(await page.textContent('dd[data-answer="trained-inputs"]'), /^Yes, these vectors were trained/);
  assert.match(await page.textContent('dd[data-answer="context"]'), /^Yes\. The raw “bank” vectors have cosine 1\.0000/);
  assert.equal(await page.$$eval('svg.bar-chart g.bar', (g) => g.length), cosines.length);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the whiteboard flow runs on the GloVe subset too: 100-d rows, the core’s numbers', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=flow&source=glove&form=qkv&step=10`);
  await page.waitForFunction(() => /d_model follows the vectors: 100/.test(document.querySelector('#messages').textContent));
  assert.equal(await page.textContent('#error'), '');
  const expected = core.flow({
    sentence: DEFAULTS.sentence, form: 'qkv', base: 0, maxTokens: 64, source: 'pretrained', oov: 'zero', scale: true,
    dModel: 8, dK: 8, dV: 8, tieWidths: true, embedSeed: 0, projSeed: 1, positional: false, window: -1,
    pretrained: rowsFor(core, gloveTable(), [DEFAULTS.sentence], 64),
  });
  const y = await page.$eval('table.flow-table tfoot td[data-col="partial"]', (td) => td.dataset.value);
  assert.equal(y, Array.from(expected.y, String).join(','));
  assert.equal(expected.y.length, 100);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the Q/K/V view offers every source; one-hot sets the width to the vocabulary size', async () => {
  const { page } = await openPage(context, `${server.url}?view=qkv`);
  const options = await page.$$eval('#source option', (os) => os.map((o) => o.value));
  assert.deepEqual(options, ['numpy', 'torch', 'onehot', 'glove', 'file']);
  await page.selectOption('#source', 'onehot');
  await page.waitForFunction(() => document.querySelector('table.shapes tr[data-name="W_q"] td.shape')?.textContent === '(8, 8)');
  const expected = core.workbench({ ...DEFAULTS, source: 'onehot' });
  const x = await heatmapValues(page, 'X');
  assert.deepEqual(x, Array.from(expected.X.data));
  await page.close();
});
