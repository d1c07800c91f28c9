// End-to-end: the page with no network. (a) The one-file build opened from disk (file://),
// wasm inside, computes the class example under its CSP. (b) The served site, visited once,
// keeps working after the network goes off and the server is gone (service worker).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serveStatic, launchBrowser, openPage, recordRequests, watchCsp, cspViolations, heatmapValues } from './support.mjs';
import { loadCore } from '../js/load-core.js';

const FILE = resolve(fileURLToPath(new URL('../../dist-file/attention-whiteboard.html', import.meta.url)));
let core;

before(async () => {
  core = await loadCore();
});

const weights = (page) => heatmapValues(page, 'attn_weights');

test('one self-contained HTML file: opened from disk it computes the class example', async () => {
  assert.ok(existsSync(FILE), 'build it with: vite build --config vite.file.config.js');
  const html = readFileSync(FILE, 'utf8');
  assert.doesNotMatch(html, /<script[^>]+src=|<link[^>]+stylesheet|\.wasm"/, 'nothing loaded from beside the file');
  assert.match(html, /script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/=]+'; /, 'only the one inline script, by hash');
  assert.doesNotMatch(html, /'unsafe-eval'|script-src[^;]*'unsafe-inline'/);

  const context = await launchBrowser();
  try {
    await fromDisk(context);
  } finally {
    await context.close();
  }
});

async function fromDisk(context) {
  const requests = recordRequests(context);
  await watchCsp(context);
  const url = pathToFileURL(FILE).href;
  const { page, errors } = await openPage(context, url);
  assert.deepEqual(await weights(page), Array.from(core.workbench({}).projected.attn_weights.data));
  assert.equal(await page.textContent('#simd-status'), 'with SIMD');

  // settings in the query work from disk too, and exports download
  const { page: causal } = await openPage(context, `${url}?causal=1&s=${encodeURIComponent('bank account has money')}`);
  assert.deepEqual(await weights(causal), Array.from(core.workbench({ causal: true, sentence: 'bank account has money' }).projected.attn_weights.data));
  await causal.click('figure[data-name="scores"] .export-menu summary');
  const [download] = await Promise.all([causal.waitForEvent('download'), causal.click('figure[data-name="scores"] button[data-format="npy"]')]);
  assert.equal(download.suggestedFilename(), 'scores.npy');
  assert.equal(readFileSync(await download.path()).subarray(1, 6).toString(), 'NUMPY');
  const [png] = await Promise.all([causal.waitForEvent('download'), causal.click('figure[data-name="scores"] button[data-format="png"]')]);
  assert.equal(png.suggestedFilename(), 'scores.png');
  assert.equal(readFileSync(await png.path()).subarray(1, 4).toString(), 'PNG', 'the canvas is not tainted on file://');

  assert.deepEqual(await cspViolations(page), []);
  assert.deepEqual(await cspViolations(causal), []);
  assert.deepEqual(errors, []);
  assert.deepEqual(requests.filter((u) => !/^(file|data|blob):/.test(u)), [], 'no network at all');
}

test('served site: after one visit it works with the network off and the server gone', async () => {
  const server = await serveStatic();
  const context = await launchBrowser();
  try {
    const { page } = await openPage(context, `${server.url}?view=qkv`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cached = await page.evaluate(async () => (await caches.keys()).length);
    assert.equal(cached, 1);

    await server.stop();
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.deepEqual(await weights(page), Array.from(core.workbench({}).projected.attn_weights.data));

    // another link (another query string) and a new sentence, still offline
    await page.goto(`${server.url}?causal=1`);
    await page.waitForSelector('body[data-ready="true"]');
    const before = await page.evaluate(() => document.body.dataset.renders);
    await page.fill('#sentence', 'the river has a bank');
    await page.waitForFunction((n) => document.body.dataset.renders !== n, before);
    assert.deepEqual(await weights(page), Array.from(core.workbench({ causal: true, sentence: 'the river has a bank' }).projected.attn_weights.data));
    // Nothing could have come from the network: the server refuses connections now.
    await assert.rejects(fetch(server.url), /fetch failed/);
  } finally {
    await context.close();
    await server.close().catch(() => {});
  }
});

test('control: without the service worker the same reload fails', async () => {
  const server = await serveStatic();
  const context = await launchBrowser({ serviceWorkers: 'block' });
  try {
    const { page } = await openPage(context, server.url);
    await server.stop();
    await context.setOffline(true);
    await assert.rejects(page.reload(), /ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|net::/);
  } finally {
    await context.close();
  }
});

test('served site: the large packs are not fetched unasked, and the trained model works offline once loaded', async () => {
  const server = await serveStatic();
  const context = await launchBrowser();
  try {
    const requests = recordRequests(context);
    const { page } = await openPage(context, `${server.url}?view=qkv`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cachedPaths = await page.evaluate(async () => {
      const cache = await caches.open((await caches.keys())[0]);
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
    for (const part of ['core', 'encoder', 'space', 'train']) {
      assert.ok(cachedPaths.some((p) => p.includes(`/attention_${part}-`) && p.endsWith('.wasm')), `the ${part} part of the core is precached`);
    }
    assert.ok(!cachedPaths.some((p) => /\/(models|data)\//.test(p)), 'no large pack is precached');
    assert.ok(!requests.some((u) => /use-lite-int8\.bin|glove/.test(u)), 'no large pack was downloaded unasked');

    await page.goto(`${server.url}?view=trained`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.click('#trained-load');
    await page.waitForSelector('#trained[data-drawn="1"]');
    const online = await page.$eval('tr[data-cosine="layer2"] td.value', (e) => e.title);
    // the service worker may still be writing the 7 MB pack: its own message says when it is kept
    await page.waitForSelector('body[data-packs-stored*="use-lite-int8.bin"]', { state: 'attached' });

    await server.stop();
    await context.setOffline(true);
    await page.goto(`${server.url}?view=trained&load=1`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.click('#trained-load'); // load=1 only points at the button
    await page.waitForSelector('#trained[data-drawn="1"]');
    assert.equal(await page.$eval('tr[data-cosine="layer2"] td.value', (e) => e.title), online);
  } finally {
    await context.close();
    await server.close().catch(() => {});
  }
});

test('served site: storage full while the model is stored: it works now, and the page says it was not kept offline', async () => {
  const server = await serveStatic();
  const context = await launchBrowser();
  try {
    const { page } = await openPage(context, `${server.url}?view=trained`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // Leave 1 MB of room after the precached page: the 7 MB model cannot be stored.
    const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(server.url).origin, quotaSize: usage + 1e6 });
    await page.click('#trained-load');
    await page.waitForSelector('#trained[data-drawn="1"]');
    const notice = await page.waitForSelector('#page-notices p');
    assert.match(await notice.textContent(), /The trained model works now, but the browser’s storage for this site is full, so it was not kept for offline use: the next visit downloads it again \(7\.2 MB\)/);
    const stored = await page.evaluate(async () => {
      const cache = await caches.open((await caches.keys())[0]);
      return (await cache.keys()).some((r) => /use-lite-int8/.test(r.url));
    });
    assert.equal(stored, false, 'the model really was not stored');
  } finally {
    await context.close();
    await server.close();
  }
});

test('served site: an older build’s copy of the model in the offline cache is never served to this page', async () => {
  const server = await serveStatic();
  const context = await launchBrowser();
  try {
    const { page } = await openPage(context, `${server.url}?view=trained`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // What an older build left behind: other bytes under the pack's plain address (as builds
    // before content-tagged addresses stored it) and under another version's address.
    await page.evaluate(async () => {
      const cache = await caches.open((await caches.keys())[0]);
      const stale = new Response(new Uint8Array(1024), { headers: { 'Content-Type': 'application/octet-stream' } });
      await cache.put(new URL('models/use-lite-int8.bin', document.baseURI).href, stale.clone());
      await cache.put(new URL('models/use-lite-int8.bin?v=000000000000', document.baseURI).href, stale);
    });
    await page.click('#trained-load');
    await page.waitForSelector('#trained[data-drawn="1"]');
    assert.equal(await page.$eval('#messages', (e) => /damaged|not a|refused|could not/i.test(e.textContent)), false, 'no error from stale bytes');
    await page.waitForSelector('body[data-packs-stored*="use-lite-int8.bin"]', { state: 'attached' });
    const address = await page.evaluate(async () => {
      const cache = await caches.open((await caches.keys())[0]);
      return (await cache.keys()).map((r) => r.url).filter((u) => /use-lite-int8/.test(u) && /v=[0-9a-f]{12}$/.test(u) && !/v=0{12}/.test(u));
    });
    assert.equal(address.length, 1, 'the whole pack is now stored under its own content-tagged address');
  } finally {
    await context.close();
    await server.close();
  }
});

test('one file from disk: the separate packs say why they are missing, and your own vector file still loads', async () => {
  const context = await launchBrowser();
  try {
    const url = pathToFileURL(FILE).href;
    const { page: trained, errors } = await openPage(context, `${url}?view=trained&load=1`);
    assert.equal(await trained.$eval('#trained-load', (e) => e.disabled), true);
    assert.match(await trained.textContent('#trained-load-note'), /opened from disk cannot load/);

    const { page: glove } = await openPage(context, `${url}?view=bank&source=glove`);
    await glove.waitForFunction(() => /GloVe subset could not be loaded: .*opened from disk/.test(document.querySelector('#messages').textContent));

    // No worker can start from file://, so the page reads the file itself.
    const { page: lab } = await openPage(context, `${url}?view=lab&source=file`);
    await lab.setInputFiles('input[type="file"]', fileURLToPath(new URL('../fixtures/glove_small.txt', import.meta.url)));
    await lab.waitForFunction(() => /d_model follows the vectors/.test(document.querySelector('#messages').textContent));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
