// End-to-end: the served site (scripts/serve-dist.mjs, what `bash scripts/serve.sh` runs) sends
// the build's brotli and gzip copies (vite-plugins/precompress.js) with the right headers, and
// the page still works when its .js and .wasm arrive compressed.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { CSP } from '../../vite-plugins/csp.js';
import { DIST, launchBrowser, watchCsp, cspViolations } from './support.mjs';

const server = await serveDist({ root: DIST });
const context = await launchBrowser();
after(async () => {
  await context.close();
  await server.stop();
});

const assets = readdirSync(join(DIST, 'assets'));
const wasmFile = assets.find((f) => /^attention_core-.*\.wasm$/.test(f)); // every view's part of the core
const pageScript = assets.find((f) => /^index-.*\.js$/.test(f));

/** GET `path` with an Accept-Encoding header; resolves to {status, headers, body (raw bytes)}. */
function get(path, acceptEncoding) {
  return new Promise((ok, fail) => {
    const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
    request(new URL(path, server.url), { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', fail).end();
  });
}

for (const [name, file, type] of [['the .wasm', wasmFile, 'application/wasm'], ['the page script', pageScript, 'text/javascript; charset=utf-8']]) {
  test(`${name} arrives as brotli or gzip, as the browser accepts, with its own Content-Type`, async () => {
    const original = readFileSync(join(DIST, 'assets', file));
    const br = await get(`assets/${file}`, 'gzip, deflate, br');
    assert.equal(br.status, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers['content-type'], type);
    assert.match(br.headers.vary, /Accept-Encoding/);
    assert.equal(br.headers['content-security-policy'], CSP);
    assert.equal(Number(br.headers['content-length']), br.body.length);
    assert.ok(br.body.length < original.length / 2, `brotli: ${br.body.length} of ${original.length} bytes`);
    assert.deepEqual(brotliDecompressSync(br.body), original);

    const gz = await get(`assets/${file}`, 'gzip');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gz.headers['content-type'], type);
    assert.deepEqual(gunzipSync(gz.body), original);

    for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get(`assets/${file}`, header);
      assert.equal(plain.headers['content-encoding'], undefined, `Accept-Encoding: ${header}`);
      assert.match(plain.headers.vary, /Accept-Encoding/);
      assert.deepEqual(plain.body, original);
    }
  });
}

test('the page works in Chromium with compressed .js and .wasm', async () => {
  await watchCsp(context);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const encodings = {};
  page.on('response', async (r) => {
    const path = new URL(r.url()).pathname;
    encodings[path.slice(path.lastIndexOf('.'))] = (await r.allHeaders())['content-encoding'] ?? 'identity';
  });
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector('figure.heatmap[data-name="attn_weights"]');
  for (const ext of ['.js', '.wasm']) assert.match(encodings[ext] ?? 'none', /^(br|gzip)$/, `${ext} arrived as ${encodings[ext]}`);
  assert.equal(await page.textContent('#simd-status'), 'with SIMD');
  assert.deepEqual(await cspViolations(page), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('while the .wasm downloads, the page shows its chapters, the sentence and a progress bar', async () => {
  // A browser of its own, without the service worker the other test installed: that would
  // answer the .wasm request from its cache, where page.route cannot hold it back.
  const fresh = await launchBrowser({ serviceWorkers: 'block' });
  after(() => fresh.close());
  const page = await fresh.newPage();
  // Hold the .wasm back until the frame has been checked: the page cannot have the core yet.
  let release;
  const held = new Promise((ok) => { release = ok; });
  let requested;
  const wasmRequested = new Promise((ok) => { requested = ok; });
  await page.route('**/*.wasm', async (route) => {
    requested();
    await held;
    await route.continue();
  });
  await page.goto(`${server.url}?view=flow&s=the+river+bank`);
  await wasmRequested;
  await page.waitForSelector('#view-skeleton h2');
  assert.equal(await page.textContent('#view-skeleton h2'), 'The whiteboard flow');
  assert.equal(await page.inputValue('#skeleton-sentence'), 'the river bank');
  assert.ok((await page.$$('#views-nav a')).length >= 10);
  assert.equal(await page.getAttribute('#views-nav a[aria-current="page"]', 'data-view'), 'flow');
  assert.ok(await page.$('#loading-progress'));
  assert.match(await page.textContent('#loading-text'), /Starting the attention core/);
  const footer = (await page.innerText('.site-footer')).replace(/\s+/g, ' ');
  assert.doesNotMatch(footer, /WebAssembly \./);
  assert.equal(await page.getAttribute('body', 'data-ready'), null);
  release();
  await page.waitForSelector('body[data-ready="true"][data-view="flow"]');
  assert.equal(await page.inputValue('#flow-sentence'), 'the river bank');
  assert.equal(await page.$('#view-skeleton'), null);
  assert.match((await page.innerText('.site-footer')).replace(/\s+/g, ' '), /WebAssembly with SIMD\./);
  await page.close();
});
