// End-to-end: embed mode framed by a page on another origin (a second local server on another
// port), and the state of every view round-tripping through its link.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openSite, serveStatic, openPage, viewIds, misfits, settled, resizeTo, showHeatmap, heatmapValues, clipboardWill } from './support.mjs';

const PARENT = fileURLToPath(new URL('./parent', import.meta.url));
const { server, context, core } = await openSite();
const parentServer = await serveStatic(PARENT, { csp: null });
after(() => parentServer.close());

async function framed(query) {
  const src = `${server.url}${query}`;
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${parentServer.url}#${encodeURIComponent(src)}`);
  const frame = await (await page.waitForSelector('#whiteboard')).contentFrame();
  await frame.waitForSelector('body[data-ready="true"]');
  await page.waitForFunction(() => window.heights.length > 0);
  return { page, frame, errors };
}

const noScroll = (frame) => frame.evaluate(() => ({
  vertical: document.documentElement.scrollHeight - window.innerHeight,
  horizontal: document.documentElement.scrollWidth - window.innerWidth,
}));

test('framed by another origin at 320 px: compact, sized by its height messages, no inner scrollbars', async () => {
  assert.notEqual(new URL(server.url).origin, new URL(parentServer.url).origin);
  const { page, frame, errors } = await framed('?view=qkv&embed=1');
  // the values inside the frame are the core's
  const weights = await heatmapValues(frame, 'attn_weights');
  assert.deepEqual(weights, Array.from(core.workbench({}).projected.attn_weights.data));
  // no site chrome; a link out to the full page, without embed=1
  assert.equal(await frame.isVisible('.site-header'), false);
  assert.equal(await frame.isVisible('.site-footer'), false);
  assert.equal(await frame.isVisible('#views-nav'), false);
  const full = new URL(await frame.getAttribute('.embed-bar a', 'href'));
  assert.equal(full.searchParams.get('embed'), null);
  assert.equal(await frame.getAttribute('.embed-bar a', 'target'), '_blank');

  const heights = await page.evaluate(() => window.heights);
  assert.ok(heights.every((h) => h.type === 'attention-whiteboard:height' && h.view === 'qkv' && Number.isInteger(h.height)));
  const last = heights.at(-1).height;
  assert.ok(last > 1000, `the whole view is tall at 320 px (${last})`);
  // the frame follows the newest height message (a later one may have come since `heights` was read)
  await page.waitForFunction(() => document.getElementById('whiteboard').getBoundingClientRect().height === window.heights.at(-1).height);
  assert.deepEqual(await noScroll(frame), { vertical: 0, horizontal: 0 });

  // a longer sentence makes the view taller: a new message, and still no inner scrollbar
  // (the sections below the visible part are drawn a task later, so the view grows in steps:
  // wait for every section of the new sentence, then for the frame to follow the last message)
  const count = heights.length;
  const renders = await frame.$eval('body', (b) => Number(b.dataset.renders));
  await frame.fill('#sentence', 'bank of the river bank account has money and the river has a bank');
  await frame.waitForFunction((n) => Number(document.body.dataset.renders) > n, renders);
  await page.waitForFunction((n) => window.heights.length > n && window.heights.at(-1).height > window.heights[n - 1].height, count);
  await frame.waitForFunction(() => document.documentElement.scrollHeight <= window.innerHeight);
  await page.waitForFunction(() => document.getElementById('whiteboard').getBoundingClientRect().height === window.heights.at(-1).height);
  const after = await noScroll(frame);
  assert.ok(after.vertical <= 0 && after.horizontal <= 0, JSON.stringify(after));

  // downloads work from inside the frame
  await frame.click('figure[data-name="X"] .export-menu summary');
  const [download] = await Promise.all([page.waitForEvent('download'), frame.click('figure[data-name="X"] button[data-format="csv"]')]);
  assert.equal(download.suggestedFilename(), 'X.csv');
  assert.match(readFileSync(await download.path(), 'utf8'), /^tokens \\ features \(d_model\),f0,/);
  const [png] = await Promise.all([page.waitForEvent('download'), frame.click('figure[data-name="X"] button[data-format="png"]')]);
  assert.equal(readFileSync(await png.path()).subarray(1, 4).toString(), 'PNG');
  assert.deepEqual(errors, []);
  await page.close();
});

test('embed mode fits every width from 320 px up without page-level horizontal scroll, in every view', async () => {
  const { page: first } = await openPage(context, server.url);
  const views = await viewIds(first);
  await first.close();
  for (const view of views) {
    const { page } = await openPage(context, `${server.url}?view=${view}&embed=1`);
    await settled(page);
    for (const width of [320, 480, 768]) {
      // waits for the page's own signal: the space's canvas keeps its old pixel width until its
      // redraw (a fixed two frames measured it at 1,272 px in a 320 px window)
      await resizeTo(page, width, 700);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.equal(overflow, 0, `${view} at ${width} px`);
      // a parent that ignores the height message (Notion) gets a page that scrolls, not one cut off
      const { taller, scrolled } = await page.evaluate(() => {
        window.scrollTo(0, 10 ** 6);
        return { taller: document.documentElement.scrollHeight > window.innerHeight, scrolled: window.scrollY };
      });
      if (taller) assert.ok(scrolled > 0, `${view} scrollable at ${width} px`);
    }
    await page.close();
  }
});

test('embed mode at 320 and 360 px, opened there or narrowed after opening: nothing scrolls sideways and no label is cut off, in every view', async () => {
  const { page: first } = await openPage(context, server.url);
  const views = await viewIds(first);
  await first.close();
  // a longer sentence and wider vectors than the default, to fill the diagrams and tables, and
  // one very long word (token buttons and chips must wrap it)
  const query = `&s=${encodeURIComponent(`Noa can be annoying, but she is a great cat and the river bank has money ${'x'.repeat(60)}`)}&d=64`;
  for (const view of views) {
    for (const extra of ['', query]) {
      // opened at 1280 px, then narrowed (a phone turned, an iframe resized)
      const { page, errors } = await openPage(context, `${server.url}?view=${view}&embed=1${extra}`);
      await settled(page);
      for (const width of [320, 360]) {
        await resizeTo(page, width);
        assert.deepEqual(await misfits(page), [], `${view}${extra ? ' (long)' : ''} narrowed to ${width} px`);
      }
      await page.close();
      // opened at 320 px
      const narrow = await context.newPage();
      await narrow.setViewportSize({ width: 320, height: 800 });
      narrow.on('pageerror', (e) => errors.push(String(e)));
      await narrow.goto(`${server.url}?view=${view}&embed=1${extra}`);
      await narrow.waitForSelector('body[data-ready="true"]');
      await settled(narrow);
      await narrow.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
      assert.deepEqual(await misfits(narrow), [], `${view}${extra ? ' (long)' : ''} opened at 320 px`);
      // and widened again: the desktop drawings fit too
      await resizeTo(narrow, 1280);
      assert.deepEqual(await misfits(narrow), [], `${view}${extra ? ' (long)' : ''} widened to 1280 px`);
      assert.deepEqual(errors, [], view);
      await narrow.close();
    }
  }
});

/**
 * What a view shows: its controls' values, every matrix value, its text (without notices). The
 * embedding space draws its layout and neighbours from a worker after the page is ready: its own
 * signal (data-report: the last answer of a run) is awaited first. The time a layout took is a
 * measurement, different on every load, so it is left out. The training chapter draws its run
 * when its worker answers (data-step). A heatmap paints its cells when it comes into view: each
 * one that can show is scrolled into view and its data-drawn awaited, so the fingerprint does not
 * depend on how far a notice pushed a map down the page.
 */
async function fingerprint(page) {
  await page.waitForFunction(() => !document.querySelector('#space-view') || document.querySelector('#space-view').dataset.report);
  await page.waitForFunction(() => !document.querySelector('#training') || document.querySelector('#training').dataset.step !== undefined);
  for (const map of await page.$$('#app figure.heatmap:not([data-drawn="true"])')) {
    if (!(await map.evaluate((el) => el.checkVisibility()))) continue; // in a closed fold or hidden: never painted
    await map.scrollIntoViewIfNeeded();
    await page.waitForFunction((el) => el.dataset.drawn === 'true', map);
  }
  return page.evaluate(() => {
    const app = document.getElementById('app').cloneNode(true);
    app.querySelectorAll('.messages, #messages').forEach((m) => m.remove());
    const controls = [...document.querySelectorAll('#app input, #app select, #app textarea')]
      .map((e) => `${e.id}=${e.type === 'checkbox' || e.type === 'radio' ? e.checked : e.value}`);
    const text = app.textContent.replace(/done in \d+ ms \(in the worker\)/g, 'done in … ms (in the worker)');
    return { controls, text, titles: [...document.querySelectorAll('#app svg title')].map((t) => t.textContent) };
  });
}

test('every view: its state round-trips through the copy-link address; hostile settings are dropped with a notice', async () => {
  const { page: first } = await openPage(context, server.url);
  const ids = await viewIds(first);
  await first.close();
  const changed = [];
  const hostile = `&evil=${encodeURIComponent('<img src=x onerror=alert(1)>')}&seed=${encodeURIComponent('1;alert(2)')}&embed=%3Cscript%3E`;
  for (const id of ids) {
    const query = `?view=${id}&s=${encodeURIComponent('the river bank has money')}&seed=3&pseed=4&d=6&causal=1&scale=0${hostile}`;
    const { page, errors } = await openPage(context, server.url + query);
    const messages = await page.textContent('#app');
    assert.match(messages, /Ignored unknown or invalid link settings: seed, evil, embed|Ignored unknown or invalid link settings: evil, seed, embed/, id);
    assert.equal(await page.$$eval('#app img, #app script', (els) => els.length), 0);
    const link = await page.inputValue('#share-url');
    const params = new URL(link).searchParams;
    assert.equal(params.get('s'), 'the river bank has money');
    assert.equal(params.get('d'), '6');
    assert.equal(params.get('causal'), '1');
    assert.equal(params.get('scale'), '0');
    assert.equal(params.get('pseed'), '4');
    assert.equal(params.get('seed'), '3', 'the bad second seed was dropped, the good one kept');
    assert.equal(params.get('evil'), null);
    assert.equal(link, page.url(), 'the field shows the address bar');
    const shown = await fingerprint(page);

    const { page: again } = await openPage(context, link);
    assert.deepEqual(await fingerprint(again), shown, `${id}: the link reproduces the view`);
    const { page: plain } = await openPage(context, `${server.url}?view=${id}`);
    // a view may not use every shared setting; at least one view must show the difference
    if (JSON.stringify(await fingerprint(plain)) !== JSON.stringify(shown)) changed.push(id);
    assert.deepEqual(errors, []);
    await Promise.all([page.close(), again.close(), plain.close()]);
  }
  assert.ok(changed.includes('qkv'), 'the settings in the link changed what the workbench shows');
});

test('the link follows every change, and Copy link copies it (or selects it where there is no clipboard)', async () => {
  const { page } = await openPage(context, server.url);
  await page.check('#causal');
  await page.waitForFunction(() => document.getElementById('share-url').value.includes('causal=1'));
  const selectedText = () => page.evaluate(() => window.getSelection().toString()
    || document.activeElement.value.slice(document.activeElement.selectionStart, document.activeElement.selectionEnd));
  const link = await page.inputValue('#share-url');

  await clipboardWill(page, 'accept');
  await page.click('#copy-link');
  await page.waitForFunction(() => document.querySelector('.copy-link .copy-done').textContent === 'Copied.');
  assert.deepEqual(await page.evaluate(() => window.copied), [link]);

  for (const behaviour of ['refuse', 'missing']) {
    await page.evaluate(() => { // start from nothing selected, so a leftover selection cannot pass
      const field = document.getElementById('share-url');
      field.setSelectionRange(0, 0);
      field.blur();
      document.querySelector('.copy-link .copy-done').textContent = '';
    });
    await clipboardWill(page, behaviour);
    await page.click('#copy-link');
    await page.waitForFunction(() => /selected/.test(document.querySelector('.copy-link .copy-done').textContent));
    assert.equal(await selectedText(), link, `clipboard ${behaviour}: the link is selected instead`);
  }
  await page.close();
});

test('the selected weight is in the link too: hover, copy, open, the inspector shows the same cell', async () => {
  const { page } = await openPage(context, `${server.url}?cell=2,3`);
  assert.equal(await page.textContent('.inspector h4'), 'How attn_weights[2, 3] was made');
  await showHeatmap(page, 'attn_weights');
  assert.equal(await page.$eval('figure[data-name="attn_weights"] .cell.selected', (c) => `${c.dataset.i},${c.dataset.j}`), '2,3');
  await page.hover('figure[data-name="attn_weights"] .cell[data-i="1"][data-j="0"]');
  await page.waitForFunction(() => document.getElementById('share-url').value.includes('cell=1%2C0'));
  assert.match(page.url(), /cell=1%2C0/);
  const { page: again } = await openPage(context, await page.inputValue('#share-url'));
  assert.equal(await again.textContent('.inspector h4'), 'How attn_weights[1, 0] was made');
  const { page: bad } = await openPage(context, `${server.url}?cell=99,0`);
  assert.match(await bad.textContent('#messages'), /Ignored unknown or invalid link settings: cell/);
  await Promise.all([page.close(), again.close(), bad.close()]);
});
