// End-to-end: the drawing scales with what is visible, not with the matrix size. A 1024-wide
// matrix is one image with a readout (a few hundred DOM nodes, not millions); a redraw updates
// the same figure in place; a map off screen draws when it comes into view. Every wait is on
// the page's own signals (data-drawn, the render counter), never on time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openSite, openPage, showHeatmap, heatmapValues, drawAllHeatmaps, viewIds } from './support.mjs';

const { server, context, core } = await openSite({ acceptDownloads: true });

/** A GloVe-format text file of `dim`-wide vectors for the class sentence and a few more words. */
function vectorFile(dim) {
  const words = ['bank', 'of', 'the', 'river', 'money', 'account', 'water', 'flows', ...Array.from({ length: 24 }, (_, k) => `w${k}`)];
  let seed = 7;
  const next = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5).toFixed(5);
  return `${words.map((w) => `${w} ${Array.from({ length: dim }, next).join(' ')}`).join('\n')}\n`;
}

async function loadVectors(page, dim) {
  const before = await page.evaluate(() => document.body.dataset.renders);
  await page.setInputFiles('#vector-file', { name: `synthetic-${dim}d.txt`, mimeType: 'text/plain', buffer: Buffer.from(vectorFile(dim)) });
  await page.waitForFunction((n) => document.body.dataset.renders !== n, before);
  await page.waitForFunction(() => document.querySelector('table.shapes tr[data-name="W_q"] td.shape')?.textContent === '(1024, 1024)');
}

test('a 1024-wide file: W_q (1024 × 1024) is a few hundred DOM nodes, with every value reachable', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=qkv&source=file`);
  await loadVectors(page, 1024);
  for (const name of ['W_q', 'X', 'Q', 'Y']) {
    const figure = await showHeatmap(page, name);
    const nodes = await figure.evaluate((f) => f.querySelectorAll('*').length);
    assert.ok(nodes <= 400, `${name}: ${nodes} DOM nodes`);
    assert.equal(await figure.evaluate((f) => f.classList.contains('image-mode')), true);
  }
  // the keyboard cursor: the readout and data-value give the exact value of the cell under it
  const figure = await showHeatmap(page, 'W_q');
  const values = await heatmapValues(page, 'W_q');
  assert.equal(values.length, 1024 * 1024);
  await figure.locator('rect.cells-cursor').focus();
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'End']) await page.keyboard.press(key);
  const expected = values[1 * 1024 + 1023];
  assert.equal(await figure.locator('.cell-readout').textContent(), `W_q[1, 1023] (in1, out1023) = ${expected}`);
  assert.equal(await figure.locator('rect.cells-cursor').getAttribute('data-value'), String(expected));
  // the focus mark (dashed) is drawn and differs from the pointer's mark
  assert.equal(await figure.locator('rect.mark-focus').getAttribute('hidden'), null);
  // zoom: twice the cell size, the image stays one element
  const width = Number(await figure.locator('svg').getAttribute('width'));
  await figure.locator('button.zoom-in').click();
  assert.equal(await figure.getAttribute('data-zoom'), '1');
  assert.ok(Number(await figure.locator('svg').getAttribute('width')) > width * 1.5);
  assert.equal(await figure.locator('image').count(), 1);
  // the table equivalent shows a window of the matrix, not a million cells
  await figure.locator('.table-toggle').click();
  assert.ok(await figure.locator('table.matrix td').count() <= 32 * 16);
  assert.equal(Number(await figure.locator('table.matrix td[data-i="0"][data-j="0"]').getAttribute('title')), values[0]);
  // an SVG export carries the image itself (a data: URL, not the page's blob: URL)
  const menu = figure.locator('.export-menu');
  await menu.locator('summary').click();
  const [download] = await Promise.all([page.waitForEvent('download'), menu.locator('button[data-format="svg"]').click()]);
  const svg = readFileSync(await download.path(), 'utf8');
  assert.match(svg, /<image [^>]*href="data:image\/png;base64,/);
  assert.ok(!svg.includes('blob:'));
  // the whole page stays small, every map drawn
  await page.evaluate(async () => {
    for (const f of document.querySelectorAll('figure.heatmap')) {
      f.scrollIntoView();
      await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
    }
  });
  for (const name of await page.$$eval('figure.heatmap', (fs) => fs.map((f) => f.dataset.name))) await showHeatmap(page, name);
  const total = await page.evaluate(() => document.querySelectorAll('*').length);
  assert.ok(total <= 20000, `${total} elements on the page`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a redraw updates the same figure in place, with the new values', async () => {
  const { page } = await openPage(context, server.url);
  await showHeatmap(page, 'X');
  const before = await page.$('figure.heatmap[data-name="X"]');
  const cell = await page.$('figure.heatmap[data-name="X"] .cell[data-i="0"][data-j="0"]');
  const renders = await page.evaluate(() => document.body.dataset.renders);
  await page.fill('#sentence', 'money flows to the bank');
  await page.waitForFunction((n) => document.body.dataset.renders !== n, renders);
  await showHeatmap(page, 'X');
  const after = await page.$('figure.heatmap[data-name="X"]');
  assert.equal(await page.evaluate(([a, b]) => a === b, [before, after]), true, 'the same <figure>');
  assert.equal(await page.evaluate(([c, f]) => f.contains(c), [cell, after]), true, 'the same cell element');
  const expected = core.workbench({ sentence: 'money flows to the bank' });
  assert.deepEqual(await heatmapValues(page, 'X'), Array.from(expected.X.data));
  await page.close();
});

test('chapters that write their sections again keep their maps: the same figure, its picked cell and open table', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=heads`);
  const map = 'figure.heatmap[data-name="head 0 weights"]';
  await showHeatmap(page, 'head 0 weights');
  const before = await page.$(map);
  const titles = () => page.$$eval(`${map} .cell title`, (ts) => ts.map((t) => t.textContent));
  const old = await titles();
  await page.click(`${map} .cell[data-i="1"][data-j="0"]`);
  await page.click(`${map} .table-toggle`);
  const renders = await page.evaluate(() => document.body.dataset.renders);
  await page.click('button[data-item="1"]');
  await page.waitForFunction((n) => document.body.dataset.renders !== n, renders);
  await showHeatmap(page, 'head 0 weights');
  assert.equal(await page.evaluate(([a, b]) => a === b, [before, await page.$(map)]), true, 'the same <figure>');
  assert.notDeepEqual(await titles(), old, 'the other batch item’s weights');
  assert.equal(await page.$eval(`${map} .cell.picked`, (g) => `${g.dataset.i},${g.dataset.j}`), '1,0');
  assert.equal(await page.getAttribute(`${map} .table-toggle`, 'aria-expanded'), 'true');
  const shown = await page.$$eval(`${map} .cell`, (cs) => cs.map((c) => c.dataset.value));
  assert.deepEqual(await page.$$eval(`${map} table.matrix td`, (tds) => tds.map((td) => td.title)), shown, 'the table shows the new numbers');
  assert.deepEqual(errors, []);
  await page.close();
});

test('heads fills its sections in place: an opened disclosure stays open and the text follows the sentence', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=heads`);
  await page.click('#heads-split details.in-proj summary');
  const how = '#heads-split p[data-part="how"]';
  const before = { paragraph: await page.$(how), text: await page.textContent(how) };
  assert.match(before.text, /three \(4, 8\) matrices/);
  const renders = await page.evaluate(() => document.body.dataset.renders);
  await page.fill('#heads-s1', 'bank of the river today');
  await page.waitForFunction((n) => document.body.dataset.renders !== n, renders);
  assert.match(await page.textContent(how), /three \(5, 8\) matrices/, 'the text follows the new sentence');
  assert.equal(await page.evaluate(([a, b]) => a === b, [before.paragraph, await page.$(how)]), true, 'the same paragraph, filled again');
  assert.equal(await page.$eval('#heads-split details.in-proj', (d) => d.open), true, 'the disclosure the learner opened is still open');
  // fewer heads: the grid keeps one map per head, no more
  await page.selectOption('#heads-d', '8');
  const r2 = await page.evaluate(() => document.body.dataset.renders);
  await page.focus('#heads-h');
  await page.keyboard.press('Home');
  await page.waitForFunction((n) => document.body.dataset.renders !== n, r2);
  assert.equal(await page.$$eval('.heads-grid figure.heatmap', (f) => f.length), 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('bank fills its sections in place: the other words closed by the learner stay closed, the table is the same', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=bank`);
  await page.click('details.bank-words > summary');
  assert.equal(await page.$eval('details.bank-words', (d) => d.open), false);
  const table = await page.$('table.bank-table');
  const answer = () => page.textContent('dd[data-answer="context"]');
  const before = await answer();
  const renders = await page.evaluate(() => document.body.dataset.renders);
  await page.fill('#sentence', 'the bank of the muddy river');
  await page.waitForFunction((n) => document.body.dataset.renders !== n, renders);
  assert.notEqual(await answer(), before, 'the answer follows the new sentence');
  assert.equal(await page.$eval('details.bank-words', (d) => d.open), false, 'still closed');
  assert.equal(await page.evaluate(([a, b]) => a === b, [table, await page.$('table.bank-table')]), true, 'the same table');
  assert.equal(await page.$$eval('dd[data-answer]', (d) => d.length), 3);
  assert.deepEqual(errors, []);
  await page.close();
});

/** Types `text` into `field` and waits until every section has drawn it. */
async function retype(page, field, text) {
  const renders = await page.evaluate(() => document.body.dataset.renders);
  await page.fill(field, text);
  await page.waitForFunction((n) => document.body.dataset.renders !== n, renders);
}

const same = (page, a, b) => page.evaluate(([x, y]) => x === y, [a, b]);

test('qkv, the lab and the flow change their sections in place: the same elements, an opened fold stays open', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=qkv`);
  // qkv's other kinds of attention: the fold the learner opened, its table and its maps stay
  await page.click('details.more[data-more="stage-kinds"] > summary');
  const shares = await page.$('.panel-kinds table.cross-share');
  const crossMap = await page.$('.panel-kinds [data-kind="cross"] figure.heatmap');
  assert.equal(await page.getAttribute('.panel-kinds [data-kind="cross"]', 'data-scores-shape'), '(4, 4)');
  await retype(page, '#sentence', 'bank of the muddy river');
  assert.equal(await page.getAttribute('.panel-kinds [data-kind="cross"]', 'data-scores-shape'), '(5, 4)', 'the numbers follow the sentence');
  assert.equal(await page.$eval('details.more[data-more="stage-kinds"]', (d) => d.open), true, 'still open');
  assert.equal(await same(page, shares, await page.$('.panel-kinds table.cross-share')), true, 'the same table');
  assert.equal(await same(page, crossMap, await page.$('.panel-kinds [data-kind="cross"] figure.heatmap')), true, 'the same map');
  assert.equal(await page.$$eval('.panel-kinds table.cross-share tbody tr', (rows) => rows.length), 9, 'a row per word of A and B');
  await page.close();

  // the lab: the Markdown preview the learner opened stays open and shows the new sentence
  const lab = await openPage(context, `${server.url}?view=lab`);
  await lab.page.click('details:has(#md-preview) > summary');
  const preview = await lab.page.$('#md-preview');
  const rawRow = await lab.page.$('table.lab-cosines tr[data-cosine="raw_target_across_sentences"]');
  const attnTable = await lab.page.$('table.lab-attn[data-sentence="1"]');
  await retype(lab.page, '#sentence', 'the bank of the muddy river');
  assert.equal(await lab.page.$eval('#md-preview', (pre) => pre.parentElement.open), true, 'the preview is still open');
  assert.equal(await same(lab.page, preview, await lab.page.$('#md-preview')), true, 'the same preview');
  assert.match(await lab.page.textContent('#md-preview'), /muddy/);
  // the report's tables are filled in place: the same row and table, with the new sentence's numbers
  assert.equal(await same(lab.page, rawRow, await lab.page.$('table.lab-cosines tr[data-cosine="raw_target_across_sentences"]')), true, 'the same cosine row');
  assert.equal(await same(lab.page, attnTable, await lab.page.$('table.lab-attn[data-sentence="1"]')), true, 'the same attn_weights table');
  assert.equal(await lab.page.$$eval('table.lab-attn[data-sentence="1"] tbody tr', (rows) => rows.length), 6, 'a row per token');
  assert.equal(await lab.page.$$eval('table.lab-attn[data-sentence="1"] tbody tr:first-child td', (tds) => tds.map((td) => td.className).join(' ')),
    'value value value value value value row-sum', 'six weights, then the row sum');
  await lab.page.close();

  // the flow: the diagram and its step table are the same elements, with the new word in them
  const flow = await openPage(context, `${server.url}?view=flow`);
  const diagram = await flow.page.$('.flow-diagram svg.flow-svg');
  const table = await flow.page.$('table.flow-table');
  // the overview, two steps on: after the edit it is the same picture, on the same step, with the new rows
  const overview = await flow.page.$('section.overview svg.overview-svg');
  await flow.page.click('section.overview .step-next');
  await flow.page.click('section.overview .step-next');
  assert.match(await flow.page.textContent('section.overview .step-label'), /^Step 3 of 4/);
  // the heads sketch, written again on each edit, stays on the reader's step too
  await flow.page.click('section.heads .step-next');
  assert.match(await flow.page.textContent('section.heads .step-label'), /^Step 2 of 4/);
  await retype(flow.page, '#flow-sentence', 'bank of the muddy river');
  assert.match(await flow.page.textContent('section.heads .step-label'), /^Step 2 of 4/, 'the heads sketch is still on its step');
  assert.match(await flow.page.textContent('section.heads .step-caption'), /muddy/);
  assert.equal(await same(flow.page, diagram, await flow.page.$('.flow-diagram svg.flow-svg')), true, 'the same diagram');
  assert.equal(await same(flow.page, table, await flow.page.$('table.flow-table')), true, 'the same table');
  assert.equal(await same(flow.page, overview, await flow.page.$('section.overview svg.overview-svg')), true, 'the same overview');
  assert.match(await flow.page.textContent('section.overview .step-label'), /^Step 3 of 4/, 'still on its step');
  assert.equal(await flow.page.$$eval('section.overview .overview-row', (rows) => rows.length), 5);
  assert.match(await flow.page.textContent('section.overview .step-caption'), /All 5 vectors/);
  assert.equal(await flow.page.$$eval('.flow-diagram g.flow-row', (rows) => rows.length), 5);
  assert.match(await flow.page.textContent('.flow-diagram g.flow-row[data-j="3"] .row-token'), /muddy/);
  assert.deepEqual([...errors, ...lab.errors, ...flow.errors], []);
  await flow.page.close();
});

test('a map below the fold draws when it is scrolled into view, with the latest values', async () => {
  const { page } = await openPage(context, server.url);
  const drawn = () => page.$eval('figure.heatmap[data-name="Y_literal"]', (f) => f.dataset.drawn);
  assert.equal(await drawn(), 'false', 'not drawn while off screen');
  assert.equal(await page.$$eval('figure.heatmap[data-name="Y_literal"] .cell', (c) => c.length), 0);
  // a redraw while it is off screen waits too
  const renders = await page.evaluate(() => document.body.dataset.renders);
  await page.check('#causal');
  await page.waitForFunction((n) => document.body.dataset.renders !== n, renders);
  assert.equal(await drawn(), 'false');
  const values = await heatmapValues(page, 'Y_literal'); // scrolls it into view and waits for data-drawn
  assert.deepEqual(values, Array.from(core.workbench({ causal: true }).projected.Y_literal.data));
  await page.close();
});

test('a map off screen whose box changes width is sized at once and drawn only when it comes into view', async () => {
  // heads at 16 words: a letter more on the last word widens a map of section 3, far below the
  // first screen (its turned column labels need more room)
  const words = 'bank of the river water flows past old trees near town where people walk their dogs';
  const { page, errors } = await openPage(context, `${server.url}?view=heads&hs1=${encodeURIComponent(words)}&hd=8`);
  const figure = 'figure.heatmap[data-name="attn_weights_mha"]';
  const state = () => page.$eval(figure, (f) => ({ drawn: f.dataset.drawn, cells: f.querySelectorAll('g.cell').length, width: f.querySelector('svg').getAttribute('width') }));
  const before = await state();
  assert.deepEqual([before.drawn, before.cells], ['false', 0], 'not drawn while off screen');
  const renders = await page.evaluate(() => document.body.dataset.renders);
  await page.focus('#heads-s1');
  await page.keyboard.press('End');
  await page.keyboard.press('x');
  await page.waitForFunction((n) => document.body.dataset.renders !== n, renders);
  // two frames: every ResizeObserver has run and scheduled its redraw; then they have all run
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForSelector('body[data-width]', { state: 'attached' });
  const after = await state();
  assert.deepEqual([after.drawn, after.cells], ['false', 0], 'still waiting to be drawn: its box changed, it is still off screen');
  assert.notEqual(after.width, before.width, 'sized for its new box');
  const values = await heatmapValues(page, 'attn_weights_mha'); // scrolls it into view
  assert.equal(values.length, 16 * 16, 'drawn once in view');
  assert.equal(await page.$eval(`${figure} g.col-labels text:last-child`, (t) => t.textContent), 'dogsx', 'with the latest sentence');
  assert.deepEqual(errors, []);
  await page.close();
});

test('sections off screen redraw after the visible part is shown, and only with the latest sentence', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=qkv`);
  // the page has seen that the panel is off screen (data-ready can come a task before it looks)
  await page.waitForSelector('.panel-shapes[data-on-screen="false"]', { state: 'attached' });
  // Note, at each render the page shows (data-shown), whether the shapes panel far below waits.
  await page.evaluate(() => {
    window.sectionAtShown = [];
    new MutationObserver(() => {
      window.sectionAtShown.push(document.querySelector('.panel-shapes').dataset.section);
    }).observe(document.body, { attributes: true, attributeFilter: ['data-shown'] });
  });
  const renders = await page.evaluate(() => document.body.dataset.renders);
  await page.fill('#sentence', 'the cat sat on the mat');
  await page.locator('#sentence').press('End');
  await page.keyboard.type(' today', { delay: 0 });
  // data-renders counts a render once every section is drawn; an earlier keystroke's render can
  // finish before the last one's starts (" to" has 7 tokens too), so wait for the last word in
  // the key figure and then for the sections its render left waiting, drawn
  await page.waitForFunction((n) => document.body.dataset.renders !== n && !document.querySelector('[data-section="waiting"]')
    && document.querySelector('figure.heatmap[data-name="attn_weights"] g.col-labels text:last-of-type')?.textContent === 'today'
    && document.querySelector('.panel-shapes table.shapes tr[data-name="X"] td.shape')?.textContent === '(7, 8)', renders);
  const atShown = await page.evaluate(() => window.sectionAtShown);
  assert.ok(atShown.length >= 1);
  assert.ok(atShown.every((s) => s === 'waiting'), `the panel off screen waited at every shown render: ${atShown}`);
  // the panel holds the last sentence's shapes (7 tokens), not an earlier keystroke's
  assert.equal(await page.textContent('.panel-shapes table.shapes tr[data-name="X"] td.shape'), '(7, 8)');
  assert.equal(await page.getAttribute('.panel-shapes', 'data-section'), 'drawn');
  // a panel brought on screen is drawn at once: scroll to it, then edit again
  await page.locator('.panel-shapes').scrollIntoViewIfNeeded();
  await page.waitForSelector('.panel-shapes[data-on-screen="true"]');
  await page.evaluate(() => { window.sectionAtShown = []; });
  const shown = await page.evaluate(() => document.body.dataset.shown);
  // Edited without moving the view (fill() focuses the field, which scrolls it back up, and a frame
  // between its calls would see the panel off screen again): the panel stays on screen throughout.
  await page.evaluate(() => {
    const field = document.querySelector('#sentence');
    field.value = 'the cat sat';
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.waitForFunction((n) => document.body.dataset.shown !== n, shown);
  assert.equal(await page.textContent('.panel-shapes table.shapes tr[data-name="X"] td.shape'), '(3, 8)');
  assert.deepEqual(errors, []);
  await page.close();
});

test('1024-wide vectors are computed off the main thread: the page says so, then draws the answer', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=qkv&source=file`);
  await loadVectors(page, 1024);
  // At each render the page shows (data-shown), note whether it said it was computing.
  await page.evaluate(() => {
    window.computingAtShown = [];
    new MutationObserver(() => {
      window.computingAtShown.push({
        notice: document.querySelector('#messages .notice.computing')?.textContent ?? null,
        flag: document.body.dataset.computing ?? null,
      });
    }).observe(document.body, { attributes: true, attributeFilter: ['data-shown'] });
  });
  const renders = await page.evaluate(() => document.body.dataset.renders);
  await page.locator('#sentence').fill('bank of the river water');
  await page.waitForFunction((n) => document.body.dataset.renders !== n, renders);
  const seen = await page.evaluate(() => window.computingAtShown);
  assert.match(seen[0].notice ?? '', /Computing with 1024-wide vectors in the background/);
  assert.equal(seen[0].flag, 'true');
  // the answer is drawn: five tokens, rows of attn_weights summing to 1, no notice left
  assert.equal(await page.textContent('table.shapes tr[data-name="X"] td.shape'), '(5, 1024)');
  const weights = await heatmapValues(page, 'attn_weights');
  assert.equal(weights.length, 25);
  for (let i = 0; i < 5; i++) assert.ok(Math.abs(weights.slice(i * 5, i * 5 + 5).reduce((a, b) => a + b, 0) - 1) < 1e-12);
  assert.equal(await page.locator('#messages .notice.computing').count(), 0);
  assert.equal(await page.evaluate(() => document.body.dataset.computing ?? null), null);
  assert.deepEqual(errors, []);
  await page.close();
});

test('at 360 px no heatmap text is under 11 px, in every view: wide maps scroll in their own box instead', async () => {
  const { page: first } = await openPage(context, server.url);
  const views = await viewIds(first);
  await first.close();
  for (const view of views) {
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${server.url}?view=${view}`);
    await page.waitForSelector('body[data-ready="true"]');
    await drawAllHeatmaps(page);
    const small = await page.evaluate(() => {
      const out = [];
      for (const t of document.querySelectorAll('figure.heatmap svg text')) {
        if (!t.textContent.trim() || !t.getClientRects().length) continue;
        const m = t.getScreenCTM();
        const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
        if (px < 10.95) out.push(`${t.closest('figure').dataset.name}: “${t.textContent}” at ${px.toFixed(1)} px`);
      }
      return out;
    });
    assert.deepEqual(small.slice(0, 5), [], view);
    // a map wider than the phone scrolls in its own labelled box; the page itself does not
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 0, view);
    for (const box of await page.locator('.heatmap-plot.scrolls').all()) {
      assert.equal(await box.getAttribute('tabindex'), '0');
      assert.equal(await box.getAttribute('role'), 'region');
    }
    await page.close();
  }
});

test('1024-wide vectors in the flow chapter: it says it is computing, then every section draws the worker\'s one answer', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=flow&source=file`);
  // Every notice the chapter shows while its one call (flowChapter) is computed in the worker (core/core-jobs.js).
  await page.evaluate(() => {
    window.computingNotices = new Set();
    new MutationObserver(() => {
      for (const notice of document.querySelectorAll('.notice.computing')) window.computingNotices.add(notice.textContent);
    }).observe(document.body, { childList: true, subtree: true });
  });
  const before = await page.evaluate(() => document.body.dataset.renders);
  await page.setInputFiles('#vector-file', { name: 'synthetic-1024d.txt', mimeType: 'text/plain', buffer: Buffer.from(vectorFile(1024)) });
  await page.waitForFunction((n) => document.body.dataset.renders !== n, before);
  await page.waitForFunction(() => document.querySelector('#obs-length table') && !document.querySelector('.notice.computing') && !document.body.dataset.computing, null, { timeout: 60000 });
  const seen = await page.evaluate(() => [...window.computingNotices]);
  assert.ok(seen.length > 0 && seen.every((text) => /Computing with 1024-wide vectors in the background/.test(text)), JSON.stringify(seen));
  assert.equal(await page.locator('#flow-results .obs-card .error').count(), 0);
  assert.equal(await page.locator('#obs-training .training-table tr[data-name]').count() > 0, true);
  assert.deepEqual(errors, []);
  await page.close();
});
