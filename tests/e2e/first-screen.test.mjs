// End-to-end: the first screen of every chapter (issue 15, items 1 and 5). At 1280×800 and at
// 360×740, with no scrolling, the learner sees the chapter's sentence field (or the field that
// drives it) and its key figure; the page never scrolls sideways; the attention matrix's cells
// are a few Tab presses from the sentence; a selected cell and a focused cell look different.
//
// "On the first screen" is one of two rules, stated per check:
//   whole  the figure's box lies inside the viewport (top ≥ 0, bottom ≤ its height);
//   tall   a figure taller than what is left of the screen: its top is on the screen and at least
//          60 % of it is visible, or, when even that cannot fit (a figure taller than the whole
//          screen), it fills at least 60 % of the screen's height.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, settled } from './support.mjs';
import { CHAPTERS } from '../../web/src/views/chapters.js';

const { server, context } = await openSite();

const SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
];

// Per view: the field the learner types into (or drives the chapter with), and the key figure.
// ids: the corpus, and the token IDs; window: sentence 1, and its tokens coloured by what the
// window reaches; smoothing: β, and the series with its smoothing; flow: the diagram region (the
// stepper, the step's explanation and the diagram); bank: the bar chart's figure (its heading,
// the bars, the key to their names and the table); heads: the per-head weights; lab: sentence
// 1's attn_weights with row sums (the lab records numbers, as a table); trained: the
// untrained class block's heatmap, drawn before any model is loaded (under the Load button);
// space: the word search, and the projection.
const FIRST_SCREEN = {
  ids: { field: '#rep-corpus', figure: '#rep-ids' },
  window: { field: '#win-sentence-a', figure: '.window-panel .window-tokens' },
  smoothing: { field: '#smooth-beta', figure: '.line-chart' },
  cosine: { field: '#vec-a', figure: '.cosine-plot' },
  flow: { field: '#flow-sentence', figure: '[data-figure="flow"]' },
  qkv: { field: '#sentence', figure: '[data-figure="attn_weights"]' },
  bank: { field: '#sentence', figure: '[data-figure="bank_cosines"]' },
  heads: { field: '#heads-s1', figure: '#heads-per' },
  lab: { field: '#sentence', figure: 'table.lab-attn[data-sentence="1"]' },
  trained: { field: '#trained-s1', figure: '.untrained-block .heatmap-holder' },
  space: { field: '#space-word', figure: '[data-figure="space_map"]' },
};

async function openAt(size, query) {
  const page = await context.newPage();
  await page.setViewportSize(size);
  await page.goto(`${server.url}${query}`);
  await page.waitForSelector('body[data-ready="true"]');
  await settled(page);
  return page;
}

function box(page, selector) {
  return page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: r.height };
  });
}

/** Why `b` is not on a first screen of `height` px, or '' when it is (rules at the top). */
function offScreen(b, height) {
  if (b.height === 0) return 'not drawn';
  if (b.top < 0) return `top ${b.top} above the screen`;
  if (b.bottom <= height) return ''; // whole
  if (b.top >= height) return `top at ${Math.round(b.top)}, below the screen`;
  const visible = height - b.top;
  if (visible >= 0.6 * b.height || visible >= 0.6 * height) return ''; // tall
  return `only ${Math.round(visible)} of ${Math.round(b.height)} px visible (top at ${Math.round(b.top)})`;
}

for (const size of SIZES) {
  test(`every view at ${size.width}×${size.height}: the field and the key figure are on the first screen, no sideways scroll`, async () => {
    const failures = [];
    for (const [view, { field, figure }] of Object.entries(FIRST_SCREEN)) {
      const page = await openAt(size, `?view=${view}`);
      // a figure drawn from data that arrives after the first render (the lab on GloVe) is awaited
      await page.waitForSelector(figure, { state: 'attached' });
      const fieldBox = await box(page, field);
      if (fieldBox.top < 0 || fieldBox.bottom > size.height) failures.push(`${view}: the field ${field} at ${Math.round(fieldBox.top)}–${Math.round(fieldBox.bottom)}`);
      const why = offScreen(await box(page, figure), size.height);
      if (why) failures.push(`${view}: the figure ${figure}: ${why}`);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (sideways > 0) failures.push(`${view}: the page scrolls sideways by ${sideways} px`);
      assert.equal(await page.evaluate(() => window.scrollY), 0, `${view} opened scrolled`);
      await page.close();
    }
    assert.deepEqual(failures, []);
  });
}

// Issue 34: every chapter starts with its lead above the figure, on a phone too, in the order a
// screen reader meets it (the DOM's); the field and the key figure stay on the first screen (above).
for (const size of SIZES) {
  test(`every chapter and the root at ${size.width}×${size.height}: the lead is on the first screen, above the sentence and the key figure, first in reading order`, async () => {
    const failures = [];
    for (const query of ['', ...CHAPTERS.map((c) => `?view=${c.id}`)]) {
      const page = await openAt(size, query);
      const seen = await page.evaluate(() => {
        const lead = document.querySelector('#app .view > p.lead');
        const form = document.querySelector('#app .view > form.controls');
        const slot = document.querySelector('#app .key-figure-slot');
        const figure = slot && [...slot.children].find((el) => el.getClientRects().length && !el.classList.contains('key-figure-title'));
        const box = (el) => el && el.getBoundingClientRect();
        const before = (a, b) => Boolean(a && b && (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING));
        return {
          lead: box(lead), form: box(form), figure: box(figure),
          readsFirst: before(lead, form) && (!slot || before(lead, slot)),
        };
      });
      const name = query || 'the root';
      if (!seen.lead || seen.lead.height === 0) { failures.push(`${name}: no lead`); await page.close(); continue; }
      if (seen.lead.top < 0 || seen.lead.bottom > size.height) failures.push(`${name}: the lead at ${Math.round(seen.lead.top)}–${Math.round(seen.lead.bottom)}, off the first screen`);
      if (seen.form && seen.lead.bottom > seen.form.top + 0.5) failures.push(`${name}: the lead (bottom ${Math.round(seen.lead.bottom)}) is not above the sentence (top ${Math.round(seen.form.top)})`);
      if (seen.figure && seen.lead.bottom > seen.figure.top + 0.5) failures.push(`${name}: the lead (bottom ${Math.round(seen.lead.bottom)}) is not above the key figure (top ${Math.round(seen.figure.top)})`);
      if (!seen.readsFirst) failures.push(`${name}: the lead is not first in reading order`);
      await page.close();
    }
    assert.deepEqual(failures, []);
  });
}

test('phones: the chapter list is a menu that opens with the keyboard; wide screens show the links', async () => {
  const phone = await openAt({ width: 360, height: 740 }, '?view=qkv');
  assert.equal(await phone.isVisible('#views-nav a[data-view="bank"]'), false);
  await phone.focus('#chapters-menu > summary');
  await phone.keyboard.press('Enter');
  assert.equal(await phone.isVisible('#views-nav a[data-view="bank"]'), true);
  await phone.click('#views-nav a[data-view="bank"]');
  await phone.waitForSelector('body[data-view="bank"][data-ready="true"]');
  assert.equal(await phone.isVisible('#views-nav a[data-view="qkv"]'), false, 'a pick closes the menu');
  await phone.close();
  const wide = await openAt({ width: 1280, height: 800 }, '?view=qkv');
  assert.equal(await wide.isVisible('#views-nav a[data-view="bank"]'), true);
  assert.equal(await wide.isVisible('#chapters-menu > summary'), false);
  await wide.close();
});

test('flow: a link without step= opens at step 1, where the flow starts; step= links still pick the step', async () => {
  const page = await openAt({ width: 1280, height: 800 }, '?view=flow');
  assert.match(await page.textContent('.flow-region .step-label'), /^Step 1 of 10/);
  assert.doesNotMatch(page.url(), /step=/);
  await page.close();
  const fifth = await openAt({ width: 1280, height: 800 }, '?view=flow&step=4');
  assert.match(await fifth.textContent('.flow-region .step-label'), /^Step 5 of 10: the coefficients/);
  await fifth.close();
});

test('qkv: the first attn_weights cell is at most 5 Tab presses from the sentence field', async () => {
  for (const size of SIZES) {
    const page = await openAt(size, '?view=qkv');
    await page.focus('#sentence');
    let presses = 0;
    let onCell = false;
    while (presses < 5 && !onCell) {
      await page.keyboard.press('Tab');
      presses += 1;
      onCell = await page.evaluate(() => Boolean(document.activeElement?.closest('[data-figure="attn_weights"] svg')) && document.activeElement.matches('g.cell'));
    }
    assert.ok(onCell, `${size.width} px: no attn_weights cell after ${presses} Tab presses`);
    await page.close();
  }
});

test('qkv: the selected cell and the keyboard-focused cell look different', async () => {
  const page = await openAt({ width: 1280, height: 800 }, '?view=qkv');
  const map = '[data-figure="attn_weights"] svg';
  // Tab onto the map (its selected cell), then Tab away: that cell stays selected, unfocused
  await page.focus('#sentence');
  for (let i = 0; i < 5 && !(await page.evaluate(() => document.activeElement.matches('g.cell'))); i++) await page.keyboard.press('Tab');
  const look = (selector) => page.$eval(selector, (g) => {
    const rect = getComputedStyle(g.querySelector('rect'));
    const own = getComputedStyle(g);
    return { stroke: rect.stroke, dash: rect.strokeDasharray, outline: `${own.outlineStyle} ${own.outlineColor}` };
  });
  const focused = await look(`${map} g.cell:focus`);
  await page.keyboard.press('Shift+Tab');
  const selected = await look(`${map} g.cell.selected`);
  assert.equal(await page.evaluate(() => document.activeElement.matches('g.cell')), false);
  // selection: a solid frame on the cell; focus adds a dashed outline of another colour around it
  assert.equal(selected.dash, 'none');
  assert.match(selected.outline, /^none/);
  assert.match(focused.outline, /^dashed/);
  assert.notEqual(focused.outline.replace('dashed ', ''), selected.stroke, 'the focus outline and the selection frame have different colours');
  assert.notDeepEqual(focused, selected);
  await page.close();
});

test('qkv: typing redraws the key figure in place at the top; one attn_weights, never a stale copy', async () => {
  const page = await openAt({ width: 360, height: 740 }, '?view=qkv');
  const renders = Number(await page.getAttribute('body', 'data-renders'));
  await page.fill('#sentence', 'the river bank is muddy');
  await page.waitForFunction((n) => Number(document.body.dataset.renders) > n, renders);
  assert.equal(await page.locator('[data-figure="attn_weights"]').count(), 1);
  assert.match(await page.textContent('.key-figure-slot [data-figure="attn_weights"] .shape'), /\(5, 5\)/);
  assert.equal(await page.locator('#figure-attn_weights').count(), 1, 'one element with the figure\'s id');
  await page.close();
});

test('heads: the numbered sections read 1, 2, 3… from the top, key figure first, on a phone and a wide screen', async () => {
  for (const size of SIZES) {
    const page = await openAt(size, '?view=heads');
    const numbers = await page.$$eval('#app h3', (hs) => hs.map((h) => h.textContent.match(/^(\d+)\./)?.[1]).filter(Boolean).map(Number));
    assert.deepEqual(numbers, [1, 2, 3, 4, 5], `${size.width} px: ${numbers}`);
    assert.match(await page.textContent('.key-figure-slot #heads-per h3'), /^1\. /);
    await page.close();
  }
});

test('lab: each attn_weights table names its sentence, the one moved to the top included', async () => {
  const page = await openAt({ width: 360, height: 740 }, `?view=lab&s=${encodeURIComponent('the river bank')}`);
  const captions = await page.$$eval('table.lab-attn', (ts) => ts.map((t) => [t.dataset.sentence, t.closest('.key-figure-slot') !== null, t.caption.textContent]));
  assert.ok(captions.length >= 2, `${captions.length} tables`);
  for (const [k, moved, caption] of captions) {
    const heading = await page.textContent(`#lab-s${k}`); // "Sentence k: its tokens"
    const words = heading.replace(/^Sentence \d+: /, '');
    assert.ok(caption.includes(`sentence ${k}`) && caption.includes(`“${words}”`), `table ${k}: “${caption}” does not name “${words}”`);
    assert.equal(moved, k === '1', `table ${k} ${moved ? 'is' : 'is not'} at the top`);
  }
  await page.close();
});

/** Tab presses from `field` until the focus matches `target` (a selector), at most `max`; 0 if never. */
async function tabsTo(page, field, target, max) {
  await page.focus(field);
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((t) => document.activeElement.matches(t), target)) return presses;
  }
  return 0;
}

test('keyboard: each key figure is a few Tab presses from its field, at 1280 and 360 px (flow, bank, heads)', async () => {
  const TARGETS = {
    // the diagram's box, where ← → step the flow
    flow: { field: '#flow-sentence', target: '[data-figure="flow"]', max: 5 },
    // the bars' numbers, as a table (the bars themselves take no focus), after the two charts'
    // Export menus and the other words' disclosure
    bank: { field: '#sentence', target: '[data-figure="bank_cosines"] .figure-table-box > summary', max: 6 },
    // a cell of the first head's weights
    heads: { field: '#heads-s1', target: '#heads-per figure[data-name="head 0 weights"] g.cell', max: 4 },
  };
  for (const size of SIZES) {
    for (const [view, { field, target, max }] of Object.entries(TARGETS)) {
      const page = await openAt(size, `?view=${view}`);
      assert.ok(await tabsTo(page, field, target, max), `${view} at ${size.width} px: ${target} not reached in ${max} Tab presses`);
      await page.close();
    }
  }
});

test('heads: a weights cell is one Tab stop; arrows move it and pick the cell; picked and focused look different', async () => {
  const page = await openAt({ width: 360, height: 740 }, '?view=heads');
  const map = '#heads-per figure[data-name="head 0 weights"]';
  assert.ok(await tabsTo(page, '#heads-s1', `${map} g.cell`, 4));
  assert.equal(await page.$$eval(`${map} g.cell[tabindex="0"]`, (c) => c.length), 1, 'one Tab stop per map');
  await page.keyboard.press('ArrowRight');
  const [i, j, value] = await page.evaluate(() => ['i', 'j', 'value'].map((k) => document.activeElement.dataset[k]));
  assert.deepEqual([i, j], ['0', '1']);
  // picked as a tap picks it: its exact value under the map, and the Tab stop moved with it
  const readout = await page.textContent(`${map} .cell-readout`);
  assert.ok(readout.startsWith('head 0 weights[0, 1] (') && readout.endsWith(`= ${value}`), readout);
  assert.equal(await page.getAttribute(`${map} g.cell[tabindex="0"]`, 'data-j'), '1');
  const look = () => page.$eval(`${map} g.cell.picked`, (g) => {
    const rect = getComputedStyle(g.querySelector('rect'));
    const own = getComputedStyle(g);
    return { stroke: rect.stroke, width: rect.strokeWidth, outline: `${own.outlineStyle} ${own.outlineColor}` };
  });
  const focused = await look();
  await page.keyboard.press('Shift+Tab'); // the cell stays picked, without the focus
  assert.equal(await page.evaluate(() => document.activeElement.matches('g.cell')), false);
  const picked = await look();
  assert.match(picked.outline, /^none/);
  assert.equal(picked.width, '3px', 'a picked cell has a solid frame');
  assert.match(focused.outline, /^dashed/);
  assert.notEqual(focused.outline.replace('dashed ', ''), picked.stroke, 'the focus outline and the frame differ in colour');
  await page.close();
});

test('phones: an emptied sentence’s message is on the first screen, under the field (qkv, trained)', async () => {
  const size = { width: 360, height: 740 };
  for (const [view, field] of [['qkv', '#sentence'], ['trained', '#trained-s1']]) {
    const page = await openAt(size, `?view=${view}`);
    await page.fill(field, '');
    await page.waitForSelector('#error .error');
    const message = await box(page, '#error');
    assert.equal(offScreen(message, size.height), '', `${view}: the message at ${Math.round(message.top)}–${Math.round(message.bottom)}`);
    assert.ok(message.top >= (await box(page, field)).bottom, `${view}: the message is under the field`);
    await page.close();
  }
});

test('a refused sentence dims the last result and the key figure drawn from it, in every chapter; a good one brings them back', async () => {
  // (before, the bank chart under the sentence stayed as bright as a current answer beside the
  // message, its "s2" bars still those of the last sentence 2 that had words)
  const fields = [['qkv', '#sentence'], ['bank', '#sentence2'], ['lab', '#sentence2'], ['flow', '#flow-sentence'],
    ['heads', '#heads-s1'], ['window', '#win-sentence-a'], ['ids', '#rep-corpus']];
  const opacity = (page) => page.$eval('.key-figure-slot', (slot) => getComputedStyle(slot).opacity);
  for (const [view, field] of fields) {
    const page = await openAt({ width: 1280, height: 800 }, `?view=${view}`);
    const good = await page.inputValue(field);
    assert.equal(await opacity(page), '1', `${view}: the key figure is a current answer`);
    await page.fill(field, '!!! ???');
    await page.waitForSelector('#error .error');
    assert.ok(Number(await opacity(page)) < 1, `${view}: the key figure is dimmed beside the message`);
    assert.equal(await page.$$eval('.stale', (dimmed) => dimmed.some((el) => el.id.endsWith('results') && getComputedStyle(el).opacity < 1)), true, `${view}: the rest of the result too`);
    const renders = await page.getAttribute('body', 'data-renders');
    await page.fill(field, good);
    await page.waitForFunction((n) => document.body.dataset.renders !== n && !document.querySelector('#error .error'), renders);
    assert.equal(await opacity(page), '1', `${view}: bright again with a sentence that has words`);
    await page.close();
  }
});

test('heads: on a wide screen the per-head maps stand side by side at their own width, none cut to a scroll box', async () => {
  // (four equal grid tracks cut each 16-word map to 290 px at 1280 px, three quarters of it hidden)
  const words = 'bank of the river water flows past old trees near town where people walk their dogs';
  const page = await openAt({ width: 1280, height: 800 }, `?view=heads&hs1=${encodeURIComponent(words)}&hd=8`);
  const plots = await page.$$eval('.heads-grid .heatmap-plot', (list) => list.map((p) => ({ scroll: p.scrollWidth, client: p.clientWidth, top: Math.round(p.getBoundingClientRect().top) })));
  assert.equal(plots.length, 2);
  for (const p of plots) assert.ok(p.scroll <= p.client, `a map scrolls in its box: ${JSON.stringify(p)}`);
  assert.equal(plots[0].top, plots[1].top, 'side by side');
  await page.close();
});
