// End-to-end: readable on a phone (issue 15, item 4). At 360×740 no text in any figure is under
// 11 px on screen: every view with all of its figures drawn, the flow diagram at each of its steps
// in both forms, and every figure embed. "On screen" is the text's font size times the scale its
// drawing is shown at (an SVG fitted to a narrower box shrinks its type with it), read from the
// text's screen transform. A figure too wide for that scrolls in its own box or lays itself out
// for the width; it never shrinks its type. Waits on the page's own signals only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, viewIds, drawAllHeatmaps, openFoldsAround } from './support.mjs';
import { FIGURE_NAMES } from '../../web/src/views/chapters.js';

const PHONE = { width: 360, height: 740 };
const SMALLEST = 11; // px on screen
const { server, context } = await openSite({ viewport: PHONE });

async function open(query) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${server.url}${query}`);
  await page.waitForSelector('body[data-ready="true"]');
  return { page, errors };
}

/**
 * Every SVG text under `scope` drawn under SMALLEST px on screen, as "figure: “text” n px"; and
 * how many texts were measured (a walk that measured nothing proves nothing).
 */
function smallText(page, scope = '#app') {
  return page.evaluate(({ scope, smallest }) => {
    const small = [];
    let measured = 0;
    for (const root of document.querySelectorAll(scope)) {
      for (const t of root.querySelectorAll('svg text, svg tspan')) {
        // not laid out (display: none, an ancestor hidden) or empty: nothing to read
        if (!t.getClientRects().length || !t.textContent.trim()) continue;
        if (t.matches('text') && t.querySelector('tspan')) continue; // its lines are measured
        const m = t.getScreenCTM();
        const size = parseFloat(getComputedStyle(t).fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
        measured += 1;
        if (size < smallest - 0.01) {
          const svg = t.ownerSVGElement;
          const where = svg.closest('[data-figure]')?.dataset.figure ?? svg.getAttribute('class') ?? svg.closest('figure')?.dataset.name ?? 'svg';
          small.push(`${where}: “${t.textContent.slice(0, 40)}” ${size.toFixed(1)} px`);
        }
      }
    }
    return { small, measured };
  }, { scope, smallest: SMALLEST });
}

/** The embedding space draws its thousands of points and their labels on a canvas: the size it
 *  paints labels at is on the canvas (data-label-px), at one canvas pixel per CSS pixel. */
async function canvasLabels(page, where) {
  const canvas = page.locator('canvas.space-canvas');
  await canvas.waitFor();
  const px = Number(await canvas.getAttribute('data-label-px'));
  return px >= SMALLEST ? [] : [`${where}: canvas labels at ${px} px`];
}

test('every view at 360 px: no text in any figure under 11 px on screen', async () => {
  const { page: first } = await open('?view=qkv');
  const views = await viewIds(first);
  await first.close();
  assert.ok(views.length >= 10, `only ${views.length} views found`);
  const failures = [];
  for (const view of views) {
    const { page, errors } = await open(`?view=${view}`);
    await drawAllHeatmaps(page); // a map draws when it comes into view
    const { small, measured } = await smallText(page);
    failures.push(...small.map((s) => `${view}: ${s}`));
    if (view === 'space') failures.push(...(await canvasLabels(page, view)));
    else if (view !== 'lab') assert.ok(measured > 0, `${view}: no SVG text measured`);
    assert.deepEqual(errors, [], view);
    await page.close();
  }
  assert.deepEqual(failures, []);
});

test('the flow diagram at 360 px, at every step of both forms: no text under 11 px', async () => {
  const failures = [];
  // the class example, and a longer sentence with the causal mask (−∞ scores) in Class 05's form
  for (const query of ['?view=flow&step=0', `?view=flow&form=qkv&causal=1&step=0&s=${encodeURIComponent('Noa can be annoying, but she is a great cat')}`]) {
    const { page, errors } = await open(query);
    const next = page.locator('.flow-region .step-next');
    let steps = 0;
    for (;;) {
      const label = await page.textContent('.flow-region .step-label');
      await page.locator('.flow-diagram svg').waitFor();
      const { small, measured } = await smallText(page, '.flow-diagram');
      assert.ok(measured > 10, `${query}, ${label}: ${measured} texts measured`);
      failures.push(...small.map((s) => `${query}, ${label}: ${s}`));
      steps += 1;
      if ((await next.getAttribute('aria-disabled')) === 'true') break;
      const renders = Number(await page.getAttribute('body', 'data-renders'));
      await next.click();
      await page.waitForFunction((n) => Number(document.body.dataset.renders) > n, renders);
    }
    assert.ok(steps >= 10, `${query}: only ${steps} steps walked`);
    assert.equal(await page.getAttribute('.flow-diagram svg', 'data-layout'), 'cards', 'a phone gets the cards');
    assert.deepEqual(errors, [], query);
    await page.close();
  }
  assert.deepEqual(failures, []);
});

test('every figure embed at 360 px: no text under 11 px', async () => {
  const failures = [];
  for (const figure of FIGURE_NAMES.filter((name) => name !== 'trained_heads')) { // drawn once the model loads
    const { page, errors } = await open(`?embed=1&figure=${figure}`);
    await page.locator(`[data-figure="${figure}"]`).waitFor({ state: 'visible' });
    await drawAllHeatmaps(page);
    const { small, measured } = await smallText(page, `[data-figure="${figure}"]`);
    if (figure === 'space_map') failures.push(...(await canvasLabels(page, figure)));
    else assert.ok(measured > 0, `${figure}: no SVG text measured`);
    failures.push(...small.map((s) => `${figure}: ${s}`));
    assert.deepEqual(errors, [], figure);
    await page.close();
  }
  assert.deepEqual(failures, []);
});

test('the training diagram at 360 px: its boxes are laid out for the width, each line inside its box', async () => {
  const { page } = await open('?view=flow');
  // in its "More" fold, opened as a reader would
  assert.equal(await openFoldsAround(page, '.gradient-svg'), 1);
  const svg = page.locator('.gradient-svg');
  await svg.scrollIntoViewIfNeeded();
  assert.equal(await svg.getAttribute('data-layout'), 'portrait');
  const report = await svg.evaluate((el) => {
    const out = [];
    const box = el.getBoundingClientRect();
    for (const node of el.querySelectorAll('.grad-node')) {
      const rect = node.querySelector('rect').getBoundingClientRect();
      for (const t of node.querySelectorAll('text')) {
        const r = t.getBoundingClientRect();
        if (!r.width) continue;
        if (r.left < rect.left || r.right > rect.right || r.top < rect.top || r.bottom > rect.bottom) out.push(`${node.dataset.node}: “${t.textContent}” leaves its box`);
      }
    }
    return { out, width: box.width, room: el.parentElement.clientWidth };
  });
  assert.deepEqual(report.out, []);
  // drawn at its own size (scale 1), as wide as its room allows
  assert.ok(report.width <= report.room + 0.5 && report.width >= report.room - 12, `${report.width} px drawn in ${report.room} px`);
  await page.close();
});
