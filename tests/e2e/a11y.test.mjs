// End-to-end accessibility: axe-core finds zero violations on every view, in light and dark
// colour schemes, with every heatmap's table open; the table equivalent is a real table that the
// arrow keys move through, each cell named with its row and column.
// axe is injected as a script, which the page's CSP would refuse: only this test's browser
// context bypasses the CSP (security.test.mjs checks the policy itself).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { openSite, launchBrowser, openPage, viewIds, showHeatmap, drawAllHeatmaps } from './support.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const { server, context, core } = await openSite({ bypassCSP: true });

async function scan(page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
}

async function openEverything(page) {
  // maps draw when they come into view: scan them drawn
  await drawAllHeatmaps(page);
  // Opening a table may redraw its figure, so look the toggles up again after each click.
  // Toggles inside a closed panel (a <details>, a hidden step) are left as they are.
  for (let opened = 0; opened < 100; opened++) {
    const next = page.locator('.table-toggle[aria-expanded="false"]:visible').first();
    if ((await next.count()) === 0) break;
    await next.click();
  }
  const menu = page.locator('.export-menu summary:visible').first();
  if ((await menu.count()) > 0) await menu.click();
}

test('axe: zero violations on every view with its tables and menus open; dark and embedded too', async () => {
  const { page: first } = await openPage(context, server.url);
  const ids = await viewIds(first);
  await first.close();
  // Every view in the light scheme; the dark scheme (which changes only colours) and embed mode
  // (which changes only the page chrome) on the first view, to keep the suite fast as views grow.
  // Also the Q/K/V view with 16 words and d_model = 64, where the larger maps are images.
  const wide = `&d=64&s=${encodeURIComponent('bank of the river money account water flows '.repeat(2).trim())}`;
  const runs = [...ids.map((id) => [id, '', 'light']), [ids[0], '', 'dark'], [ids[0], '&embed=1', 'light'], ['qkv', wide, 'light'], ['qkv', wide, 'dark']];
  for (const [id, extra, colorScheme] of runs) {
    const { page } = await openPage(context, `${server.url}?view=${id}${extra}`);
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await openEverything(page);
    assert.deepEqual(await scan(page), [], `${id}${extra} in ${colorScheme}`);
    await page.close();
  }
});

/**
 * Records, in window.unnamedImages, every role="img" element that was in the document without a
 * name at a moment the page gave back control (a microtask checkpoint): axe sees one moment, this
 * sees them all (a canvas waiting for a worker's first layout had no name, and an axe scan on a
 * slow machine met it).
 */
async function watchForUnnamedImages(context) {
  await context.addInitScript(() => {
    window.unnamedImages = [];
    const check = (el) => {
      if (el.nodeType !== 1 || !el.isConnected || el.getAttribute('role') !== 'img') return;
      if (el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby')) return;
      window.unnamedImages.push(`${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') check(record.target);
        for (const node of record.addedNodes) {
          if (node.nodeType !== 1) continue;
          check(node);
          node.querySelectorAll('[role="img"]').forEach(check);
        }
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['role', 'aria-label', 'aria-labelledby'] });
  });
}

test('axe: zero violations on every view at 360 px, embedded (where boxes scroll sideways)', async () => {
  const phone = await launchBrowser({ bypassCSP: true, viewport: { width: 360, height: 800 } });
  await watchForUnnamedImages(phone);
  const { page: first } = await openPage(phone, server.url);
  const ids = await viewIds(first);
  await first.close();
  for (const id of ids) {
    const { page } = await openPage(phone, `${server.url}?view=${id}&embed=1`);
    await drawAllHeatmaps(page);
    assert.deepEqual(await scan(page), [], `${id} at 360 px`);
    assert.deepEqual(await page.evaluate(() => window.unnamedImages), [], `${id} at 360 px: images without a name at some moment`);
    await page.close();
  }
  await phone.close();
});

test('axe: zero violations on the trained chapter once its model is loaded (light and dark)', async () => {
  // The scans above see the chapter before its download; this one sees the trained sections.
  for (const colorScheme of ['light', 'dark']) {
    const { page } = await openPage(context, `${server.url}?view=trained`);
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await page.click('#trained-load');
    await page.waitForSelector('#trained[data-drawn="1"][data-computing="false"]');
    await openEverything(page);
    assert.deepEqual(await scan(page), [], `trained, loaded, in ${colorScheme}`);
    await page.close();
  }
});

test('axe: zero violations on the embedding space’s sense-coloured sources (untrained block; trained encoder once loaded), light and dark', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const { page } = await openPage(context, `${server.url}?view=space&spd=ctx-block`);
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await page.waitForSelector('#space-view[data-report] #space-senses-table');
    assert.deepEqual(await scan(page), [], `space, untrained block in context, in ${colorScheme}`);
    await page.selectOption('#space-data', 'ctx-encoder');
    await page.waitForSelector('#space-view[data-state="needs-model"]');
    assert.deepEqual(await scan(page), [], `space, waiting for the model, in ${colorScheme}`);
    await page.click('#space-load');
    await page.waitForSelector('#space-view[data-report] #space-senses-table', { timeout: 60000 });
    assert.deepEqual(await scan(page), [], `space, trained encoder in context, in ${colorScheme}`);
    await page.close();
  }
});

test('axe: zero violations in figure embeds (at 360 px, light and dark), the unknown-figure list, and the open Embed dialog', async () => {
  const phone = await launchBrowser({ bypassCSP: true, viewport: { width: 360, height: 740 } });
  for (const colorScheme of ['light', 'dark']) {
    for (const query of ['?embed=1&figure=attn_weights', '?embed=1&figure=flow&controls=none', '?embed=1&figure=bank_cosines', '?embed=1&figure=flow_heads', '?embed=1&figure=trained_heads', '?embed=1&figure=nope']) {
      const { page } = await openPage(phone, `${server.url}${query}`);
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await drawAllHeatmaps(page);
      assert.deepEqual(await scan(page), [], `${query} in ${colorScheme}`);
      await page.close();
    }
    const { page } = await openPage(context, server.url);
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await page.click('[data-figure="attn_weights"] .embed-code-button');
    await page.locator('#embed-code-dialog[open]').waitFor();
    assert.deepEqual(await scan(page), [], `the Embed dialog in ${colorScheme}`);
    await page.close();
  }
  await phone.close();
});

test('axe: zero violations in present mode (qkv on the attention stage, the flow on its diagram), light and dark', async () => {
  for (const [query, colorScheme] of [['?present=1&stage=6', 'light'], ['?view=flow&present=1&stage=2', 'dark']]) {
    const { page } = await openPage(context, `${server.url}${query}`);
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await page.waitForSelector('.present-bar');
    assert.deepEqual(await scan(page), [], `${query} in ${colorScheme}`);
    await page.close();
  }
});

test('axe does report a violation (control for the scan above)', async () => {
  const { page } = await openPage(context, server.url);
  await page.evaluate(() => {
    const b = document.createElement('button');
    document.querySelector('#app').append(b); // a button with no name
  });
  const found = await scan(page);
  assert.ok(found.some((v) => v.startsWith('button-name')), found.join('\n'));
  await page.close();
});

test('every heatmap has a table equivalent; arrow keys move through it and each cell is named', async () => {
  const { page } = await openPage(context, server.url);
  const figures = await page.$$eval('figure.heatmap', (fs) => fs.length);
  const toggles = await page.$$eval('figure.heatmap .table-toggle', (ts) => ts.length);
  assert.ok(figures > 5);
  assert.equal(toggles, figures, 'one toggle per heatmap');

  const X = core.workbench({}).X;
  await showHeatmap(page, 'X'); // X folds with the table under stage 1 (the root stays within 600 words)
  await page.click('figure[data-name="X"] .table-toggle');
  assert.equal(await page.getAttribute('figure[data-name="X"] .table-toggle', 'aria-expanded'), 'true');
  const table = 'figure[data-name="X"] table.matrix';
  assert.equal(await page.$$eval(`${table} thead th[scope="col"]`, (ths) => ths.length), X.cols + 1);
  assert.deepEqual(await page.$$eval(`${table} tbody th[scope="row"]`, (ths) => ths.map((t) => t.firstChild.textContent)), ['Bank', 'of', 'the', 'river']);
  const full = await page.$$eval(`${table} td`, (tds) => tds.map((td) => Number(td.title)));
  assert.deepEqual(full, Array.from(X.data));

  await page.focus(`${table} td[data-i="0"][data-j="0"]`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const label = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
  assert.match(label, /^X row of \(1\), column f1 \(1\): /);
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.j), String(X.cols - 1));
  assert.equal(await page.$$eval(`${table} td[tabindex="0"]`, (tds) => tds.length), 1, 'one tab stop per table');

  // the table stays open when the view redraws
  const renders = await page.evaluate(() => document.body.dataset.renders);
  await page.check('#causal');
  await page.waitForFunction((n) => document.body.dataset.renders !== n, renders);
  // the map may have left the screen (the checkbox is above it): it draws once back in view
  await showHeatmap(page, 'attn_weights');
  await page.waitForFunction(() => document.querySelector('figure[data-name="attn_weights"] .cell[data-i="0"][data-j="1"] title').textContent.endsWith(' = 0'));
  assert.equal(await page.$$eval(table, (t) => t.length), 1);
  await page.close();
});

test('a legend for both palettes; the masked colour is explained when the causal mask is on', async () => {
  const { page } = await openPage(context, `${server.url}?causal=1`);
  const ticks = async (name) => (await showHeatmap(page, name)) && page.$$eval(`figure[data-name="${name}"] .legend-ticks text`, (ts) => ts.map((t) => t.textContent));
  assert.deepEqual(await ticks('attn_weights'), ['0.000', '0.500', '1.000']);
  const x = await ticks('X');
  assert.equal(x[1], '0.000');
  assert.equal(x[0], x[2].startsWith('−') ? x[2] : `−${x[2]}`, 'symmetric around zero');
  await showHeatmap(page, 'scores');
  assert.equal(await page.$$eval('figure[data-name="scores"] .legend-masked', (m) => m.length), 1);
  await showHeatmap(page, 'X');
  assert.equal(await page.$$eval('figure[data-name="X"] .legend-masked', (m) => m.length), 0);
  await page.close();
});

test('touch: tapping a weight inspects it at 360 px, with no page-level horizontal scroll', async () => {
  const phone = await launchBrowser({ viewport: { width: 360, height: 800 }, hasTouch: true, isMobile: true });
  const { page } = await openPage(phone, server.url);
  await showHeatmap(page, 'attn_weights');
  await page.tap('figure[data-name="attn_weights"] .cell[data-i="2"][data-j="1"]');
  assert.equal(await page.$eval('.inspector h4', (e) => e.textContent), 'How attn_weights[2, 1] was made');
  // any other heatmap: the tapped cell's exact value appears under it
  await showHeatmap(page, 'scores');
  await page.tap('figure[data-name="scores"] .cell[data-i="1"][data-j="3"]');
  const scores = core.workbench({}).projected.scores;
  assert.equal(await page.textContent('figure[data-name="scores"] .cell-readout'), `scores[1, 3] (of, river) = ${scores.data[1 * scores.cols + 3]}`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  await phone.close();
});
