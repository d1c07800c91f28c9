// End-to-end: one figure per embed (?embed=1&figure=<name>). Every figure of the registry framed
// by a page on another origin at 320, 360 and 600 px: alone, drawn, sized by its height message,
// no inner scrollbar, and at most one 740 px screen tall unless the registry says why not. Unknown
// names get a list of the real ones; the "Embed" dialog's code opens the same figure at the same
// state; "Open the full page" lands on the figure. Waits on the page's own signals only.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { openSite, serveStatic, openPage, heatmapValues, clipboardWill } from './support.mjs';
import { FIGURES, FIGURE_NAMES } from '../../web/src/views/chapters.js';

const PARENT = fileURLToPath(new URL('./parent', import.meta.url));
const SCREEN = 740; // a phone's screen height, the budget of one embed
const { server, context } = await openSite({ viewport: { width: 1280, height: SCREEN } });
const parentServer = await serveStatic(PARENT, { csp: null });
after(() => parentServer.close());

/** The whiteboard at `query`, in an iframe `width` px wide on the parent page's origin. */
async function framed(query, width = 320) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${parentServer.url}?width=${width}#${encodeURIComponent(`${server.url}${query}`)}`);
  const frame = await (await page.waitForSelector('#whiteboard')).contentFrame();
  await frame.waitForSelector('body[data-ready="true"]');
  return { page, frame, errors };
}

/** Waits until the figure and every map in it are drawn, and the frame has taken its last posted height. */
async function settled(page, frame, figure) {
  const root = frame.locator(`[data-figure="${figure}"]`);
  await root.waitFor({ state: 'visible' });
  // a map draws when it comes into view, and the parent's window is the view of a frame
  for (const map of await root.locator('figure.heatmap').all()) {
    await map.scrollIntoViewIfNeeded();
    await map.and(frame.locator('[data-drawn="true"]')).waitFor();
  }
  // The frame posts its height whenever its page's size changes (a ResizeObserver, once a frame
  // after layout). Settled: the parent has taken the last height, and two more frames of the
  // page have passed without a new one (the parent's resize of the frame can lay it out again).
  const tookLast = () => page.waitForFunction(() => window.heights.length > 0
    && document.getElementById('whiteboard').getBoundingClientRect().height === window.heights.at(-1).height);
  for (;;) {
    await tookLast();
    const posted = await page.evaluate(() => window.heights.length);
    await frame.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    if (await page.evaluate(() => window.heights.length) === posted) break;
  }
  await tookLast();
  return root;
}

const scrollOf = (frame) => frame.evaluate(() => ({
  vertical: document.documentElement.scrollHeight - window.innerHeight,
  horizontal: document.documentElement.scrollWidth - window.innerWidth,
}));

/** Figures of the registry that draw without the trained model (that one has its own test). */
const DRAWN_AT_ONCE = FIGURE_NAMES.filter((name) => name !== 'trained_heads');

test('every figure framed by another origin at 320, 360 and 600 px: alone, sized by its height messages, no inner scroll, one screen tall or says why', async (t) => {
  assert.notEqual(new URL(server.url).origin, new URL(parentServer.url).origin);
  for (const figure of DRAWN_AT_ONCE) {
    for (const width of [320, 360, 600]) {
      const where = `${figure} at ${width} px`;
      const { page, frame, errors } = await framed(`?embed=1&figure=${figure}`, width);
      await settled(page, frame, figure);
      // alone: no chrome, no other figure, the view's lead hidden; the sentence field kept
      assert.equal(await frame.isVisible('.site-header'), false, where);
      assert.equal(await frame.locator('[data-figure]:visible').count(), 1, where);
      assert.equal(await frame.locator('.view > .lead:visible').count(), 0, where);
      // the chapter's title stays for screen readers only
      assert.ok((await frame.locator('.view > h2').boundingBox()).width <= 1, where);
      // a chapter's sentence field stays with its figure (a chapter without one, such as a
      // slider-only chapter, has none to keep)
      if (await frame.locator('.control.sentence input').count()) {
        assert.equal(await frame.locator('.control.sentence input:visible').count() >= 1, true, where);
      }
      assert.equal(await frame.isVisible('.figure-missing'), false, where);
      const heights = await page.evaluate(() => window.heights);
      assert.ok(heights.every((h) => h.type === 'attention-whiteboard:height' && h.figure === figure && h.view === FIGURES[figure].view), where);
      assert.deepEqual(await scrollOf(frame), { vertical: 0, horizontal: 0 }, where);
      const height = heights.at(-1).height;
      if (FIGURES[figure].tall) t.diagnostic(`${where}: ${height} px; may be taller than one screen because ${FIGURES[figure].tall}`);
      else assert.ok(height <= SCREEN, `${where} is ${height} px tall, more than one ${SCREEN} px screen`);
      assert.deepEqual(errors, [], where);
      await page.close();
    }
  }
});

test('a figure embed: controls=none shows the figure alone, the sentence field redraws it, and the full-page link lands on it', async () => {
  const { page, frame } = await framed('?embed=1&figure=attn_weights&controls=none', 360);
  await settled(page, frame, 'attn_weights');
  assert.equal(await frame.locator('input:visible').count(), 0, 'controls=none: no field');
  await page.close();

  const { page: withField, frame: f2 } = await framed('?embed=1&figure=attn_weights', 360);
  await settled(withField, f2, 'attn_weights');
  const count = await withField.evaluate(() => window.heights.length);
  await f2.fill('#sentence', 'the bank of the river has money and the river has a bank');
  await f2.waitForFunction(() => document.querySelector('[data-figure="attn_weights"] .shape').textContent.includes('13'));
  // taller: a new height message, and the frame follows it
  await withField.waitForFunction((n) => window.heights.length > n && window.heights.at(-1).height > window.heights[n - 1].height, count);
  await settled(withField, f2, 'attn_weights');
  assert.equal((await scrollOf(f2)).horizontal, 0);

  // "Open the full page": the same state, no embed settings, anchored at the figure
  const full = new URL(await f2.getAttribute('.embed-bar a', 'href'));
  for (const key of ['embed', 'figure', 'controls']) assert.equal(full.searchParams.get(key), null, key);
  assert.equal(full.searchParams.get('s'), 'the bank of the river has money and the river has a bank');
  assert.equal(full.hash, '#figure-attn_weights');
  const { page: landed } = await openPage(context, full.href);
  const box = await landed.locator('[data-figure="attn_weights"]').boundingBox();
  assert.ok(box.y >= -1 && box.y < SCREEN, `the figure is on the first screen of the full page (y = ${box.y})`);
  assert.ok(await landed.evaluate(() => window.scrollY) > 0, 'scrolled down to it');
  await Promise.all([withField.close(), landed.close()]);
});

test('a figure decides its view, and figure= without embed=1 opens the full page at that figure', async () => {
  const { page, frame } = await framed('?view=qkv&embed=1&figure=flow');
  await settled(page, frame, 'flow');
  assert.equal(await frame.evaluate(() => document.body.dataset.view), 'flow');
  await page.close();
  const { page: full } = await openPage(context, `${server.url}?figure=bank_cosines`);
  assert.equal(await full.evaluate(() => document.body.dataset.view), 'bank');
  assert.equal(new URL(full.url()).searchParams.get('figure'), null, 'the address keeps the anchor, not the setting');
  assert.equal(new URL(full.url()).hash, '#figure-bank_cosines');
  assert.equal(await full.isVisible('.site-header'), true, 'not an embed');
  await full.close();
});

test('an unknown figure name: a message that lists the real ones (each a working link), never a blank frame', async () => {
  const { page, frame, errors } = await framed(`?embed=1&figure=${encodeURIComponent('<b>nope</b>')}`, 360);
  await page.waitForFunction(() => window.heights.length > 0);
  const message = frame.locator('.figure-unknown-message');
  assert.match(await message.textContent(), /No figure is called “<b>nope<\/b>”/);
  assert.equal(await frame.locator('.figure-unknown-message b').count(), 0, 'the name is text, not HTML');
  const names = await message.locator('li code').allTextContents();
  assert.deepEqual(names, FIGURE_NAMES);
  assert.ok(await page.evaluate(() => window.heights.at(-1).height) > 200, 'the list has a height');
  assert.deepEqual(await scrollOf(frame), { vertical: 0, horizontal: 0 });
  const link = new URL(await message.locator('li a').filter({ hasText: 'scores' }).getAttribute('href'));
  assert.equal(link.searchParams.get('figure'), 'scores');
  assert.equal(link.searchParams.get('embed'), '1');
  assert.deepEqual(errors, []);
  await page.close();
  // on the full page it is one more ignored setting
  const { page: full } = await openPage(context, `${server.url}?figure=nope&controls=maybe`);
  assert.match(await full.textContent('#messages'), /Ignored unknown or invalid link settings: figure, controls/);
  await full.close();
});

test('a figure the settings leave out says so (the trained heads before the model is loaded), and the Load button stays', async () => {
  const { page, frame } = await framed('?embed=1&figure=trained_heads', 360);
  await frame.waitForSelector('.figure-missing:visible');
  assert.match(await frame.textContent('.figure-missing'), /once the trained model is loaded/);
  assert.equal(await frame.isVisible('#trained-load'), true);
  await page.close();
});

test('the trained heads embedded once the model is loaded (load=1 points at the button; the click loads)', async (t) => {
  const { page, frame, errors } = await framed('?view=trained&embed=1&figure=trained_heads&load=1', 600);
  await frame.click('#trained-load');
  await frame.waitForSelector('[data-figure="trained_heads"]', { timeout: 60000 });
  await settled(page, frame, 'trained_heads');
  assert.equal(await frame.isVisible('.figure-missing'), false);
  assert.equal(await frame.locator('[data-figure="trained_heads"] figure.heatmap:visible').count(), 4);
  assert.equal((await scrollOf(frame)).horizontal, 0);
  t.diagnostic(`trained_heads at 600 px: ${await page.evaluate(() => window.heights.at(-1).height)} px; ${FIGURES.trained_heads.tall}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('"Embed" on a figure: the dialog’s HTML and link open that figure at the same state; Copy copies or selects', async () => {
  const state = `?s=${encodeURIComponent('the river bank has money')}&d=6&seed=3&cell=1,2`;
  const { page, errors } = await openPage(context, `${server.url}${state}`);
  const expected = await heatmapValues(page, 'attn_weights');
  // every figure of the view has its button
  const buttons = await page.$$eval('[data-figure] .embed-code-button', (els) => els.length);
  assert.equal(buttons, await page.$$eval('[data-figure]', (els) => els.length));
  const opener = page.locator('[data-figure="attn_weights"] .embed-code-button');
  await opener.click();
  const dialog = page.locator('#embed-code-dialog[open]');
  await dialog.waitFor();
  const html = await page.inputValue('#embed-code-html');
  const link = await page.inputValue('#embed-code-link');
  assert.match(html, /^<iframe src="[^"]+" title="Attention Whiteboard: [^"]+"/);
  assert.match(html, /attention-whiteboard:height/);
  const src = html.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&');
  assert.equal(src, link, 'the iframe and the Notion link are the same address');
  const params = new URL(link).searchParams;
  assert.equal(params.get('figure'), 'attn_weights');
  assert.equal(params.get('embed'), '1');
  assert.equal(params.get('cell'), '1,2');
  // controls=none is one click away
  await page.check('#embed-code-controls-none');
  assert.equal(new URL(await page.inputValue('#embed-code-link')).searchParams.get('controls'), 'none');
  await page.check('#embed-code-controls-sentence');

  // Copy: accepted, refused, missing
  await clipboardWill(page, 'accept');
  await page.click('button[data-copy="embed-code-html"]');
  await page.waitForFunction(() => document.querySelector('#embed-code-dialog .copy-done').textContent === 'Copied.');
  assert.deepEqual(await page.evaluate(() => window.copied), [html]);
  for (const behaviour of ['refuse', 'missing']) {
    await clipboardWill(page, behaviour);
    await page.evaluate(() => { document.querySelector('#embed-code-dialog .copy-done').textContent = ''; });
    await page.click('button[data-copy="embed-code-link"]');
    await page.waitForFunction(() => /selected/.test(document.querySelector('#embed-code-dialog .copy-done').textContent));
    const selected = await page.evaluate(() => document.activeElement.value.slice(document.activeElement.selectionStart, document.activeElement.selectionEnd));
    assert.equal(selected, link, `clipboard ${behaviour}: the link is selected instead`);
  }
  // Esc closes it and the focus returns to the button
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  // the focus returns in the dialog's close event, a task after it is gone
  await page.waitForFunction((button) => button === document.activeElement, await opener.elementHandle());

  // the copied code round-trips: the same figure, the same numbers, the same inspected cell
  const { page: host, frame } = await framed(new URL(src).search, 600);
  await settled(host, frame, 'attn_weights');
  assert.deepEqual(await heatmapValues(frame, 'attn_weights'), expected);
  assert.equal(await frame.textContent('.inspector h4'), 'How attn_weights[1, 2] was made');
  assert.equal(await frame.inputValue('#sentence'), 'the river bank has money');
  assert.deepEqual(errors, []);
  await Promise.all([page.close(), host.close()]);
});

test('the flow chapter’s figures have their Embed buttons too, and the dialog opens for them', async () => {
  const { page } = await openPage(context, `${server.url}?view=flow`);
  for (const figure of ['flow', 'flow_heads']) {
    await page.click(`[data-figure="${figure}"] .embed-code-button`);
    await page.locator('#embed-code-dialog[open]').waitFor();
    assert.equal(new URL(await page.inputValue('#embed-code-link')).searchParams.get('figure'), figure);
    await page.click('.embed-code-close');
  }
  await page.close();
});

test('bank_cosines embedded at 360 px: the notes’ bars alone; the other words and the table start closed, also after an edit redraws the chart', async () => {
  const { page, frame, errors } = await framed('?embed=1&figure=bank_cosines', 360);
  await settled(page, frame, 'bank_cosines');
  const closed = () => frame.$$eval('[data-figure="bank_cosines"] details:not(.export-menu)', (ds) => ds.map((d) => `${d.className}:${d.open}`));
  assert.deepEqual(await closed(), ['bank-words:false', 'figure-table-box:false']);
  assert.equal(await frame.locator('[data-figure="bank_cosines"] svg.bar-chart:visible g.bar').count(), 8, 'the notes’ eight comparisons');
  const renders = Number(await frame.getAttribute('body', 'data-renders'));
  await frame.fill('#sentence2', 'the bank has money');
  await frame.waitForFunction((n) => Number(document.body.dataset.renders) > n, renders);
  await settled(page, frame, 'bank_cosines');
  assert.deepEqual(await closed(), ['bank-words:false', 'figure-table-box:false'], 'the redrawn disclosures start closed too');
  assert.ok((await page.evaluate(() => window.heights.at(-1).height)) <= SCREEN);
  assert.deepEqual(errors, []);
  await page.close();
});
