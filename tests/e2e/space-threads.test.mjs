// End-to-end: the space chapter's layouts on wasm threads where the page is cross-origin isolated
// (scripts/serve-dist.mjs sends COOP/COEP; web/src/core/space-threads.js), on one thread where it
// is not (as a page embedded by another origin): the page says which ran, and both give the same
// layout — the layout's neighbour distances of the picked word agree to the last digit. Waits on
// the page's own signals (#space-view[data-layout], [data-neighbours]), never on time.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveStatic, launchBrowser, openPage } from './support.mjs';

const [isolated, plain, context] = await Promise.all([serveStatic(undefined, { isolated: true }), serveStatic(), launchBrowser()]);
after(() => Promise.all([isolated.stop(), plain.stop()]));

const layoutNeighbours = (page) => page.$$eval('#space-neighbours-layout li', (items) => items.map((li) => ({ word: li.dataset.word, value: li.dataset.value })));

/** Runs `method` on 1,500 GloVe words with "husband" picked; what the page said and drew. */
async function run(server, method) {
  const { page, errors } = await openPage(context, `${server.url}?view=space&spn=1500&spm=${method}&spw=husband`);
  await page.waitForSelector('#space-view[data-layout]', { timeout: 120000 });
  await page.waitForSelector('#space-view[data-neighbours="husband"]');
  const out = {
    isolated: await page.evaluate(() => self.crossOriginIsolated),
    cores: await page.evaluate(() => navigator.hardwareConcurrency),
    threads: Number(await page.getAttribute('#space-progress-text', 'data-threads')),
    text: await page.textContent('#space-progress-text'),
    neighbours: await layoutNeighbours(page),
    errors,
  };
  await page.close();
  return out;
}

for (const method of ['tsne', 'umap']) {
  test(`${method}: on the machine's cores where the page is isolated, on one thread where not, the same layout`, async () => {
    const many = await run(isolated, method);
    const one = await run(plain, method);
    assert.equal(many.isolated, true);
    assert.equal(one.isolated, false);
    assert.equal(many.threads, Math.min(4, many.cores));
    assert.equal(one.threads, 1);
    if (many.threads > 1) assert.match(many.text, new RegExp(`on ${many.threads} threads\\)\\.$`));
    assert.match(one.text, /on one thread \(threads need a cross-origin isolated page/);
    assert.equal(many.neighbours.length, 10);
    assert.deepEqual(many.neighbours, one.neighbours);
    assert.deepEqual(many.errors, []);
    assert.deepEqual(one.errors, []);
  });
}
