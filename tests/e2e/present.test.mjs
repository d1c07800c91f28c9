// End-to-end: present mode (?present=1, issue 15 item 3), for teaching live on a shared 1280×720
// screen: large type, one stage of the chapter at a time, → ← and a clicker's PageDown/PageUp
// move (through the flow's steps first), Home/End jump, the sentence stays editable, the stage is
// kept in the link, and the bar picks a chapter or leaves present mode.
// Every wait is on the page's own state: the bar's text, the address, body[data-renders].
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSite } from './support.mjs';

const { server, context } = await openSite();
after(async () => {
  await context.close();
  server.close();
});

async function openPresent(query) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 720 });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}${query}`);
  await page.waitForSelector('body[data-ready="true"]');
  return { page, errors };
}

/** The bar's "Stage k of n: title", split. */
async function where(page) {
  const text = await page.locator('.present-where').textContent();
  const m = /^Stage (\d+) of (\d+): (.+)$/.exec(text);
  assert.ok(m, `the bar says where we are: "${text}"`);
  return { stage: Number(m[1]), count: Number(m[2]), title: m[3] };
}

async function waitForStage(page, stage) {
  await page.waitForFunction((n) => document.querySelector('.present-where')?.textContent.startsWith(`Stage ${n} of`), stage);
}

/** The stages the page shows now: leaf stages with a box. Exactly one is expected. */
function visibleStages(page) {
  return page.$$eval('.view section.stage, .view [data-stage]', (els) => els
    .filter((el) => !el.querySelector('section.stage, [data-stage]'))
    .filter((el) => el.getClientRects().length > 0)
    .map((el) => el.dataset.stage ?? el.querySelector('h3, h2')?.textContent ?? el.className));
}

test('qkv in present mode: large type, one stage at a time, keys and the link follow', async () => {
  const { page, errors } = await openPresent('?present=1');
  assert.ok(await page.$eval('html', (el) => el.classList.contains('present')));
  const header = await page.$eval('.site-header', (el) => el.getBoundingClientRect().height);
  assert.ok(header <= 1, `the page header gives its room to the stage (its title stays for screen readers): ${header} px`);
  assert.equal(await page.locator('#views-nav').isVisible(), false);
  assert.ok(await page.locator('#sentence').isVisible(), 'the sentence stays');

  const first = await where(page);
  assert.equal(first.stage, 1);
  assert.ok(first.count >= 8, `the notebook's stages: ${first.count}`);
  assert.deepEqual(await visibleStages(page), [first.title], 'one stage on screen');

  // large type: a paragraph of the stage is drawn at 19 px or more (16 px × the mode's zoom)
  const textPx = await page.$eval('.view section.stage p', (p) => parseFloat(getComputedStyle(p).fontSize) * p.currentCSSZoom);
  assert.ok(textPx >= 19, `stage text is ${textPx} px on screen`);
  // and a heatmap's labels are larger than the full page's 11 px minimum
  await page.keyboard.press('PageDown');
  await waitForStage(page, 2);
  await page.waitForSelector('[data-figure="W_q"] svg text'); // drawn once the page sees it on screen
  const labelPx = await page.$eval('[data-figure="W_q"] svg text', (t) => parseFloat(getComputedStyle(t).fontSize) * t.currentCSSZoom);
  assert.ok(labelPx >= 13, `heatmap labels are ${labelPx} px on screen`);
  assert.deepEqual(await visibleStages(page), ['W_q, W_k, W_v: the parameters']);
  await page.waitForFunction(() => new URLSearchParams(window.location.search).get('stage') === '2');

  await page.keyboard.press('ArrowRight');
  await waitForStage(page, 3);
  await page.keyboard.press('ArrowLeft');
  await waitForStage(page, 2);
  await page.keyboard.press('End');
  await waitForStage(page, first.count);
  await page.keyboard.press('Home');
  await waitForStage(page, 1);
  await page.click('.present-next');
  await waitForStage(page, 2);
  await page.click('.present-prev');
  await waitForStage(page, 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a link opens on its stage, with the attention matrix and its inspector on the shared screen', async () => {
  const { page, errors } = await openPresent('?present=1&stage=6');
  const at = await where(page);
  assert.equal(at.stage, 6);
  assert.match(at.title, /attn_weights/);
  const map = await page.$eval('[data-figure="attn_weights"] svg', (el) => el.getBoundingClientRect().toJSON());
  const barTop = await page.$eval('.present-bar', (el) => el.getBoundingClientRect().top);
  assert.ok(map.top >= 0 && map.bottom <= barTop, `the map (${map.top}–${map.bottom}) is above the bar (${barTop})`);
  assert.ok(await page.locator('.inspector').isVisible());
  assert.deepEqual(errors, []);
  await page.close();
});

test('the sentence stays editable: arrows edit it, PageDown moves, Esc gives the arrows back', async () => {
  const { page, errors } = await openPresent('?present=1&stage=6');
  await page.click('#sentence');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  assert.equal((await where(page)).stage, 6, 'arrows in the field move its caret, not the stage');

  const renders = await page.$eval('body', (b) => Number(b.dataset.renders));
  await page.fill('#sentence', 'Noa can be annoying, but she is a great cat');
  await page.waitForFunction((n) => Number(document.body.dataset.renders) > n, renders);
  assert.equal((await where(page)).stage, 6, 'a new sentence keeps the stage');
  const rows = await page.$$eval('[data-figure="attn_weights"] svg text', (ts) => ts.map((t) => t.textContent));
  assert.ok(rows.includes('Noa') && rows.includes('cat'), 'the stage shows the new sentence');
  assert.equal((await visibleStages(page)).length, 1);

  await page.keyboard.press('PageDown'); // a clicker, with the focus still in the field
  await waitForStage(page, 7);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'sentence', 'the field keeps the focus');
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowLeft');
  await waitForStage(page, 6);
  assert.deepEqual(errors, []);
  await page.close();
});

test('flow in present mode: Next goes through the flow\'s steps, then on to the next stage', async () => {
  const { page, errors } = await openPresent('?view=flow&present=1&stage=2');
  const at = await where(page);
  assert.equal(at.title, 'Build one output');
  const stepOf = () => page.locator('.flow-region .step-label').textContent();
  const diagram = await page.$eval('.flow-region .flow-diagram svg', (el) => el.getBoundingClientRect().top);
  assert.ok(diagram < 720, 'the diagram starts on the screen');
  let label = await stepOf();
  const [, first, total] = /^Step (\d+) of (\d+)/.exec(label).map(Number);
  for (let step = first; step < total; step += 1) {
    await page.keyboard.press('PageDown');
    await page.waitForFunction((n) => document.querySelector('.flow-region .step-label').textContent.startsWith(`Step ${n} of`), step + 1);
    assert.equal((await where(page)).stage, 2, 'the flow steps before the stage moves');
  }
  label = await stepOf();
  assert.match(label, new RegExp(`^Step ${total} of ${total}`));
  await page.keyboard.press('PageDown');
  await waitForStage(page, 3);
  await page.keyboard.press('PageUp');
  await waitForStage(page, 2);
  await page.keyboard.press('PageUp');
  await page.waitForFunction((n) => document.querySelector('.flow-region .step-label').textContent.startsWith(`Step ${n} of`), total - 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the bar picks a chapter (still presenting, from its first stage) and leaves present mode', async () => {
  const { page, errors } = await openPresent('?present=1&stage=3');
  await page.selectOption('.present-bar select', 'bank');
  await page.waitForFunction(() => document.body.dataset.view === 'bank');
  await page.waitForFunction(() => /^Stage 1 of \d+/.test(document.querySelector('.present-where').textContent));
  assert.ok(await page.$eval('html', (el) => el.classList.contains('present')));
  assert.equal((await visibleStages(page)).length, 1);
  const exit = await page.$eval('.present-exit', (a) => new URL(a.href).searchParams.toString());
  const params = new URLSearchParams(exit);
  assert.equal(params.get('present'), null);
  assert.equal(params.get('stage'), null);
  assert.equal(params.get('view'), 'bank');
  await Promise.all([page.waitForURL((url) => !url.search.includes('present')), page.click('.present-exit')]);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForFunction(() => !document.documentElement.classList.contains('present'));
  assert.ok(await page.$eval('.site-header', (el) => el.getBoundingClientRect().height > 20));
  assert.deepEqual(errors, []);
  await page.close();
});
