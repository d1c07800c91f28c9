// End-to-end: a learner's path through the course (issue 34, part 3). Every chapter ends with a
// link to the next one in the course's order (views/chapters.js), with the question it answers;
// the last leads back to the first; a phone walks all twelve with the keyboard alone (the flow
// opening at step 1 is in first-screen.test.mjs). Waits only on the page's signals (data-view, data-ready).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, openPage } from './support.mjs';
import { CHAPTERS } from '../../web/src/views/chapters.js';

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
