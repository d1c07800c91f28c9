// End-to-end: a learner's path through the course (issue 34, part 3). The root address opens on
// the class notebook's live attn_weights with the course map under it. Every chapter ends with a
// link to the next one in the course's order (views/chapters.js), with the question it answers;
// the last leads back to the first; a phone walks all twelve with the keyboard alone (the flow
// opening at step 1 is in first-screen.test.mjs). Waits only on the page's signals (data-view, data-ready).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, openPage, heatmapValues } from './support.mjs';
import { CHAPTERS, COURSE_PARTS, DEFAULT_VIEW_ID } from '../../web/src/views/chapters.js';

const { server, context } = await openSite();

test('at 360 px, chapter 1 to 12 and back to 1 by each chapter’s Next link, keyboard only', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=${CHAPTERS[0].id}`);
  await page.setViewportSize({ width: 360, height: 740 });
  const walked = [await page.evaluate(() => document.body.dataset.view)];
  for (let i = 0; i < CHAPTERS.length; i++) {
    const next = CHAPTERS[(i + 1) % CHAPTERS.length];
    const link = page.locator('nav.next-chapter a');
    assert.equal(await link.count(), 1, `${CHAPTERS[i].id}: one Next link`);
    assert.match(await link.textContent(), new RegExp(`^(Next|Back to the start): ${next.chapter}\\. `), CHAPTERS[i].id);
    assert.equal(await page.locator('nav.next-chapter .next-chapter-question').textContent(), next.question);
    // the link is a real address, so it opens in a new tab too
    assert.match(await link.getAttribute('href'), new RegExp(`view=${next.id}\\b|^\\?$`));
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction((id) => document.body.dataset.view === id, next.id);
    await page.waitForSelector('body[data-ready="true"]');
    walked.push(next.id);
  }
  assert.deepEqual(walked, [...CHAPTERS.map((c) => c.id), CHAPTERS[0].id]);
  assert.deepEqual(errors, []);
  await page.close();
});

test('no Next link in an embed or in present mode: they show one chapter or one figure', async () => {
  for (const query of ['?view=qkv&embed=1', '?embed=1&figure=attn_weights', '?view=qkv&present=1']) {
    const { page } = await openPage(context, `${server.url}${query}`);
    assert.equal(await page.locator('nav.next-chapter').count(), 0, query);
    await page.close();
  }
});

test('the root address: the live attn_weights first, then the course map, every chapter in order with its question; one tap to chapter 1 at 360 px', async () => {
  const { page, errors } = await openPage(context, server.url);
  await page.setViewportSize({ width: 360, height: 740 });
  assert.equal(await page.evaluate(() => document.body.dataset.view), DEFAULT_VIEW_ID);
  const order = await page.evaluate(() => {
    const figure = document.querySelector('[data-figure="attn_weights"]');
    const map = document.querySelector('.course-map');
    return Boolean(figure && map && (figure.compareDocumentPosition(map) & Node.DOCUMENT_POSITION_FOLLOWING));
  });
  assert.ok(order, 'the map follows the live figure');
  const parts = await page.$$eval('.course-map-part', (blocks) => blocks.map((b) => ({
    part: b.dataset.part,
    items: [...b.querySelectorAll('li')].map((li) => ({ view: li.dataset.view, text: li.textContent })),
  })));
  assert.deepEqual(parts.map((p) => p.part), COURSE_PARTS.map((p) => p.id));
  const listed = parts.flatMap((p) => p.items);
  assert.deepEqual(listed.map((i) => i.view), CHAPTERS.map((c) => c.id));
  for (const [i, item] of listed.entries()) assert.ok(item.text.includes(CHAPTERS[i].question), item.view);
  // the map's numbering is the chapters' (each list starts where its part starts)
  const starts = await page.$$eval('.course-map ol', (lists) => lists.map((l) => Number(l.getAttribute('start'))));
  assert.deepEqual(starts, COURSE_PARTS.map((p) => CHAPTERS.find((c) => c.course === p.id).chapter));
  // typing a sentence there: the figure above the map follows it
  const before = await page.evaluate(() => document.body.dataset.renders);
  await page.fill('#sentence', 'Noa is a great cat');
  await page.waitForFunction((n) => document.body.dataset.renders !== n, before);
  assert.equal((await heatmapValues(page, 'attn_weights')).length, 5 * 5, 'five words: a 5 × 5 map');
  await page.click('.course-map li[data-view="ids"] a'); // one tap
  await page.waitForFunction(() => document.body.dataset.view === 'ids');
  await page.waitForSelector('body[data-ready="true"]');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the root address at 360 px: the first screen holds the live figure and a link to chapter 1, one tap away', async () => {
  const { page, errors } = await openPage(context, server.url);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const seen = await page.evaluate(() => {
    const start = document.querySelector('p.course-start a[data-view]');
    const figure = document.querySelector('[data-figure="attn_weights"] svg');
    return { start: start?.getBoundingClientRect().bottom, figure: figure?.getBoundingClientRect().top, text: start?.textContent };
  });
  assert.ok(seen.start > 0 && seen.start <= 740, `the link to chapter 1 is on the first screen (bottom at ${seen.start} px)`);
  assert.ok(seen.figure > 0 && seen.figure < 740, `the live figure starts on the first screen (at ${seen.figure} px)`);
  assert.equal(seen.text, `1. ${CHAPTERS[0].title}`);
  await page.click('p.course-start a[data-view]'); // one tap, no scrolling
  await page.waitForFunction(() => document.body.dataset.view === 'ids');
  await page.waitForSelector('body[data-ready="true"]');
  for (const query of ['?view=flow', '?view=qkv&embed=1', '?view=qkv&present=1']) {
    const other = await openPage(context, `${server.url}${query}`);
    assert.equal(await other.page.locator('p.course-start').count(), 0, `${query}: the start line is the root's`);
    await other.page.close();
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('the course map is on the default chapter only; chapters, embeds and present mode have none', async () => {
  for (const query of ['?view=flow', '?view=bank', '?view=qkv&embed=1', '?embed=1&figure=attn_weights', '?view=qkv&present=1']) {
    const { page } = await openPage(context, `${server.url}${query}`);
    assert.equal(await page.locator('.course-map').count(), 0, query);
    await page.close();
  }
  const { page } = await openPage(context, `${server.url}?view=qkv`); // an old link to the chapter keeps working
  assert.equal(await page.locator('.course-map').count(), 1);
  await page.close();
});
