// End-to-end: reading length (issue 34). At 1280 px, by default, every chapter shows at most 600
// words (support.mjs visibleWords says what counts as a visible word); the rest of its text waits
// under "More: …" folds (components/more.js). Every chapter keeps its lead and its
// Next link in view. A fold the reader opened stays open while the sentence is typed (the fold is
// built once and filled on each render), a heatmap and a diagram inside a fold are drawn at their
// full size once it opens, and a summary is a keyboard control. Waits on the page's own signals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, openPage, settled, visibleWords } from './support.mjs';
import { CHAPTERS } from '../../web/src/views/chapters.js';

const MAX_WORDS = 600;
const { server, context } = await openSite();

/** Types `text` at the end of the field and waits for the render every section of it is drawn in. */
async function typeInto(page, selector, text) {
  const renders = await page.evaluate(() => document.body.dataset.renders);
  await page.locator(selector).press('End');
  await page.locator(selector).pressSequentially(text);
  await page.waitForFunction((n) => document.body.dataset.renders !== n, renders);
  await page.waitForFunction(() => !document.querySelector('.notice.computing') && !document.body.dataset.computing);
}

/** Clicks a fold's summary and waits until the fold is open. */
async function openFold(page, fold) {
  await fold.locator(':scope > summary').click();
  await page.waitForFunction((el) => el.open, await fold.elementHandle());
}

test('at 1280 px: every chapter shows at most 600 words, its lead and its Next link', async () => {
  const counts = {};
  for (const { id } of CHAPTERS) {
    const { page, errors } = await openPage(context, `${server.url}?view=${id}`);
    await settled(page);
    const { words, byPart } = await visibleWords(page);
    counts[id] = words;
    assert.ok(words <= MAX_WORDS, `${id}: ${words} visible words, by part ${JSON.stringify(byPart)}`);
    assert.ok(words > 50, `${id}: only ${words} visible words were counted`);
    assert.ok(await page.locator('#app p.lead').first().isVisible(), `${id}: the lead is not visible`);
    assert.ok(await page.locator('#app nav.next-chapter a').isVisible(), `${id}: the Next link is not visible`);
    assert.deepEqual(errors, [], id);
    await page.close();
  }
  console.log(`visible words at 1280 px: ${JSON.stringify(counts)}`);
});

test('the root address: at most 600 words with the course map and its start line, one line per chapter, and the live figure', async () => {
  const { page, errors } = await openPage(context, server.url);
  await settled(page);
  const { words, byPart } = await visibleWords(page, { withCourseMap: true });
  console.log(`visible words at the root, 1280 px: ${words}`);
  assert.ok(words <= MAX_WORDS, `the root: ${words} visible words, by part ${JSON.stringify(byPart)}`);
  assert.ok(byPart['course-map-title'] > 0, 'the course map is counted');
  // every chapter keeps its line in the map, and the start line its one link
  const lines = await page.$$eval('.course-map li', (items) => items.filter((li) => li.checkVisibility()).map((li) => li.dataset.view));
  assert.deepEqual(lines, CHAPTERS.map((c) => c.id));
  assert.ok(await page.locator('p.course-start a[data-view="ids"]').isVisible());
  assert.ok(await page.locator('[data-figure="attn_weights"] svg').isVisible());
  assert.deepEqual(errors, []);
  await page.close();
});

test('an opened fold stays open (the same element) while the sentence is typed, in both chapters', async () => {
  for (const [view, field, fold] of [
    ['qkv', '#sentence', 'details.more[data-more="stage-kinds"]'],
    ['qkv', '#sentence', '.stage.form-free details.more'],
    ['flow', '#flow-sentence', 'details.more[data-more="mixing-why"]'],
    ['flow', '#flow-sentence', '#obs-shuffle details.more'],
  ]) {
    const { page, errors } = await openPage(context, `${server.url}?view=${view}`);
    const details = page.locator(fold);
    await details.scrollIntoViewIfNeeded();
    assert.equal(await details.evaluate((d) => d.open), false, `${view} ${fold} starts closed`);
    await openFold(page, details);
    // the element itself: a section filled in place keeps its elements (components/parts.js)
    const opened = await details.elementHandle();
    const sameAndOpen = async () => page.evaluate(([sel, el]) => document.querySelector(sel) === el && el.open, [fold, opened]);
    await typeInto(page, field, 's');
    assert.equal(await sameAndOpen(), true, `${view}: ${fold} closed or was rebuilt after a keystroke`);
    await typeInto(page, field, 'o');
    assert.equal(await sameAndOpen(), true, `${view}: ${fold} closed or was rebuilt after a second keystroke`);
    assert.deepEqual(errors, [], view);
    await page.close();
  }
});

test('a heatmap and the gradient diagram inside a closed fold draw at full size when it opens, at 1280 and 360 px', async () => {
  for (const width of [1280, 360]) {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${server.url}?view=qkv`);
    await page.waitForSelector('body[data-ready="true"]');
    for (const name of ['table', 'W_q', 'S', 'Y_literal']) {
      const figure = page.locator(`figure.heatmap[data-name="${name}"]`).first();
      assert.equal(await figure.isVisible(), false, `${name} starts in a closed fold`);
      await openFold(page, figure.locator('xpath=ancestor::details[contains(@class, "more")][1]'));
      await figure.scrollIntoViewIfNeeded();
      await figure.and(page.locator('[data-drawn="true"]')).waitFor();
      const size = await figure.evaluate((f) => {
        const svg = f.querySelector('.heatmap-plot svg').getBoundingClientRect();
        const cells = f.querySelectorAll('.cell').length;
        return { width: svg.width, height: svg.height, cells, room: f.closest('.view').clientWidth };
      });
      assert.ok(size.width > 100 && size.height > 100 && size.cells > 0, `${width} px, ${name}: ${JSON.stringify(size)}`);
      assert.ok(size.width <= size.room, `${width} px, ${name} is wider than its chapter: ${JSON.stringify(size)}`);
    }
    await page.goto(`${server.url}?view=flow`);
    await page.waitForSelector('body[data-ready="true"]');
    const fold = page.locator('details.more[data-more="gradient"]');
    await fold.scrollIntoViewIfNeeded();
    await openFold(page, fold);
    // the diagram was laid out for its box's width while closed: wide in landscape, a phone's in
    // portrait; drawn in the page's own width units (its viewBox), so its type is not shrunk
    const svg = await fold.locator('svg').first().evaluate((s) => {
      const r = s.getBoundingClientRect();
      return { width: r.width, height: r.height, box: s.closest('.more-body').clientWidth, viewBoxWidth: Number(s.getAttribute('viewBox').split(' ')[2]) };
    });
    assert.ok(svg.width > 200 && svg.height > 100 && svg.width <= svg.box + 1, `${width} px, gradient diagram: ${JSON.stringify(svg)}`);
    assert.ok(svg.viewBoxWidth <= svg.box + 1, `${width} px, the gradient diagram is laid out wider than its box: ${JSON.stringify(svg)}`);
    assert.deepEqual(errors, [], `${width} px`);
    await page.close();
  }
});

test('a fold’s summary is a keyboard control: Tab reaches it, Enter and Space open and close it', async () => {
  const { page } = await openPage(context, `${server.url}?view=qkv`);
  const fold = page.locator('details.more[data-more="stage-kinds"]');
  const summary = fold.locator(':scope > summary');
  await summary.scrollIntoViewIfNeeded();
  // Tab from the control before it: the second sentence's "Word to follow"
  await page.locator('#target').focus();
  let hops = 0;
  while (!(await summary.evaluate((s) => s === document.activeElement)) && hops < 10) {
    await page.keyboard.press('Tab');
    hops += 1;
  }
  assert.ok(hops < 10, 'Tab did not reach the summary');
  assert.match(await summary.textContent(), /^More: /);
  await page.keyboard.press('Enter');
  await page.waitForFunction((el) => el.open, await fold.elementHandle());
  await page.keyboard.press(' ');
  await page.waitForFunction((el) => !el.open, await fold.elementHandle());
  await page.close();
});

test('in an embed and in present mode the folds start open, as the page was before them', async () => {
  for (const query of ['?view=qkv&embed=1', '?view=flow&present=1']) {
    const { page } = await openPage(context, `${server.url}${query}`);
    const states = await page.$$eval('#app details.more', (ds) => ds.map((d) => d.open));
    assert.ok(states.length > 0, query);
    assert.ok(states.every(Boolean), `${query}: ${states}`);
    await page.close();
  }
});
