// End-to-end: Back and Forward. Each change of chapter and each settled edit is an entry in the
// browser's history (main.js): Back returns to the previous chapter with its sentence, and the
// keystrokes of one edit are one entry, not one each. Waits only on the page's own signals:
// body[data-view] (the mounted chapter), body[data-renders] and the fields' values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, openPage, launchBrowser } from './support.mjs';

const { server, context } = await openSite();

async function pickChapter(page, id) {
  await page.click(`#views-nav a[data-view="${id}"]`);
  await page.waitForSelector(`body[data-view="${id}"][data-ready="true"]`);
}

/** Waits for the chapter `id` to be mounted with `value` in the field `field`, drawn. */
async function expectChapter(page, id, field, value) {
  await page.waitForFunction(([v, f, text]) => document.body.dataset.view === v && document.querySelector(f)?.value === text,
    [id, field, value]);
  return page.evaluate(() => new URLSearchParams(window.location.search).get('view'));
}

test('Back and Forward step through chapters and a settled edit', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=ids`);
  const entries = await page.evaluate(() => history.length);
  await pickChapter(page, 'flow');
  await pickChapter(page, 'bank');
  assert.equal(await page.inputValue('#sentence'), 'Bank of the river');

  // an edit: several keystrokes, then the field is left (a change event settles it)
  const renders = await page.evaluate(() => Number(document.body.dataset.renders));
  await page.click('#sentence');
  // the five keystrokes in one task of the page: its 1 s settle timer cannot end the edit
  // between two of them, however slow the machine (typed one call each, a gap could)
  await page.evaluate(() => {
    const field = document.getElementById('sentence');
    for (const letter of ' bank') {
      field.value += letter;
      field.dispatchEvent(new InputEvent('input', { bubbles: true, data: letter, inputType: 'insertText' }));
    }
  });
  // the text box holds exactly what was typed: no render rewrote it mid-typing
  assert.equal(await page.inputValue('#sentence'), 'Bank of the river bank');
  await page.keyboard.press('Tab');
  await page.waitForFunction((n) => Number(document.body.dataset.renders) > n
    && new URLSearchParams(window.location.search).get('s') === 'Bank of the river bank', renders);
  // three chapters and one edit: four entries more than at the start (the keystrokes share one)
  assert.equal(await page.evaluate(() => history.length), entries + 3);

  await page.goBack();
  assert.equal(await expectChapter(page, 'bank', '#sentence', 'Bank of the river'), 'bank');
  await page.goBack();
  assert.equal(await expectChapter(page, 'flow', '#flow-sentence', 'Bank of the river'), 'flow');
  await page.goBack();
  await page.waitForSelector('body[data-view="ids"]');
  assert.equal(await page.textContent('#views-nav a[aria-current="page"]'), await page.textContent('#views-nav a[data-view="ids"]'));

  await page.goForward();
  assert.equal(await expectChapter(page, 'flow', '#flow-sentence', 'Bank of the river'), 'flow');
  await page.goForward();
  assert.equal(await expectChapter(page, 'bank', '#sentence', 'Bank of the river'), 'bank');
  await page.goForward();
  assert.equal(await expectChapter(page, 'bank', '#sentence', 'Bank of the river bank'), 'bank');
  // the restored edit is drawn: sentence 1 has five tokens
  await page.waitForFunction(() => /Sentence 1 has 5 tokens/.test(document.querySelector('li[data-fact="tokens"]')?.textContent ?? ''));
  assert.deepEqual(errors, []);
  await page.close();
});

test('an edit in a chapter and Back: the same chapter, redrawn for the earlier sentence', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=qkv`);
  const renders = await page.evaluate(() => Number(document.body.dataset.renders));
  await page.fill('#sentence', 'the river bank');
  await page.keyboard.press('Tab');
  await page.waitForFunction((n) => Number(document.body.dataset.renders) > n
    && document.querySelectorAll('#results ol.tokens li').length === 3, renders);
  await page.goBack();
  await page.waitForFunction(() => document.querySelector('#sentence').value === 'Bank of the river'
    && document.querySelectorAll('#results ol.tokens li').length === 4);
  assert.equal(await page.evaluate(() => document.body.dataset.view), 'qkv');
  assert.deepEqual(errors, []);
  await page.close();
});

test('Back works before the core has started: the skeleton returns to the previous chapter', async () => {
  // a browser of its own, without service workers (one left by an earlier test would serve the
  // .wasm from its cache, past the route below)
  const fresh = await launchBrowser({ serviceWorkers: 'block' });
  const page = await fresh.newPage();
  // the core's .wasm never arrives, so the page stays on its skeleton
  await page.route('**/*.wasm', () => {});
  await page.goto(`${server.url}?view=qkv`);
  await page.waitForSelector('#view-skeleton h2');
  const first = await page.textContent('#view-skeleton h2');
  await page.click('#views-nav a[data-view="bank"]');
  await page.waitForFunction((t) => document.querySelector('#view-skeleton h2')?.textContent !== t, first);
  assert.equal(new URL(page.url()).searchParams.get('view'), 'bank');
  await page.goBack();
  await page.waitForFunction((t) => document.querySelector('#view-skeleton h2')?.textContent === t, first);
  assert.equal(new URL(page.url()).searchParams.get('view'), 'qkv');
  await fresh.close();
});
