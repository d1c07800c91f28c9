// End-to-end: the core comes in parts, one wasm module each (wasm/CMakeLists.txt), so that a
// chapter's code loads with that chapter (issue 19). The default view downloads only every view's
// part; the embedding-space chapter downloads its own part in its worker, which also computes the
// contextual vectors of ambiguous words. Read from the server's log of requests (workers' requests
// included); the service worker is blocked, so its precaching does not blur the picture.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveStatic, launchBrowser, openPage } from './support.mjs';

const server = await serveStatic();
const context = await launchBrowser({ serviceWorkers: 'block' });
after(() => server.stop());

/** The parts of the core downloaded since `from` (an index into the server's log), in order. */
const partsSince = (from) => [...new Set(server.served.slice(from)
  .map((path) => /\/attention_([a-z]+)-[^/]*\.wasm$/.exec(path)?.[1]).filter(Boolean))];

test('the default view downloads only every view’s part of the core', async () => {
  const from = server.served.length;
  const { page, errors } = await openPage(context, server.url);
  assert.equal(await page.textContent('#simd-status'), 'with SIMD');
  assert.deepEqual(partsSince(from), ['core']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the embedding space downloads its part in its worker, and its words in context need no other', async () => {
  const from = server.served.length;
  const { page, errors } = await openPage(context, `${server.url}?view=space&spn=500`);
  await page.waitForSelector('#space-view[data-layout][data-report]');
  assert.deepEqual(partsSince(from), ['core', 'space'], 'the layouts run on the chapter’s part; nothing else loaded');

  const before = server.served.length;
  await page.selectOption('#space-data', 'ctx-block');
  await page.waitForSelector('#space-view[data-report] #space-senses-text');
  assert.deepEqual(partsSince(before), []);
  assert.equal(await page.textContent('#space-readout'), 'points 112 · original dimension 100 · display dimension 2');
  assert.deepEqual(errors, []);
  await page.close();
});
