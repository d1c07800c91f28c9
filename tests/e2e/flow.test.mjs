// End-to-end: the whiteboard flow (?view=flow) in Debian's Chromium. Steps through both flows
// with the buttons and the keyboard, picks base tokens, runs the four observations, and compares
// every number the page shows with the same core run in Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, launchBrowser, openPage, resizeTo, openFoldsAround } from './support.mjs';
import { num } from '../../web/src/format.js';

const { server, context, core } = await openSite();

const full = (v) => String(v);
const rowOf = (m, j) => Array.from(m.data.subarray(j * m.cols, (j + 1) * m.cols));

async function stepLabel(page) {
  return page.$eval('.flow-region .step-label', (e) => e.textContent);
}

/** Clicks Next and waits for the page to draw the next step. */
async function next(page) {
  const before = await page.evaluate(() => document.body.dataset.renders);
  await page.click('.flow-region .step-next');
  await page.waitForFunction((n) => document.body.dataset.renders !== n, before);
}

/** data-value of every body cell of a column of the step table ('—' when not yet shown). */
async function column(page, col) {
  return page.$$eval(`table.flow-table tbody td[data-col="${col}"]`, (tds) => tds.map((td) => td.dataset.value ?? td.textContent));
}

/** Checks the step table against the core's flow report for the step's revealed columns. */
async function checkTable(page, f, revealed, n) {
  const dash = Array(n).fill('—');
  const expectCol = async (col, values, shown) => assert.deepEqual(await column(page, col), shown ? values.map(full) : dash, col);
  await expectCol('score', Array.from(f.rawScores), revealed.has('compare'));
  if (f.form === 'qkv') await expectCol('scaled', Array.from(f.scores), revealed.has('scale'));
  await expectCol('exp', Array.from(f.expTerms), revealed.has('normalise'));
  await expectCol('weight', Array.from(f.weights), revealed.has('coefficients'));
  const terms = await column(page, 'term');
  const partials = await column(page, 'partial');
  for (let j = 0; j < n; j++) {
    if (revealed.has(`term${j}`)) {
      assert.equal(terms[j], rowOf(f.scaledValues, j).map(full).join(','), `term ${j}`);
      assert.equal(partials[j], rowOf(f.partialSums, j).map(full).join(','), `partial ${j}`);
    } else {
      assert.equal(terms[j], '—');
      assert.equal(partials[j], '—');
    }
  }
}

async function stepThrough(page, f, kinds) {
  const n = f.weights.length;
  const revealed = new Set();
  for (let s = 0; s < kinds.length; s++) {
    revealed.add(kinds[s]);
    assert.match(await stepLabel(page), new RegExp(`^Step ${s + 1} of ${kinds.length}: `));
    await checkTable(page, f, revealed, n);
    if (s < kinds.length - 1) await next(page);
  }
  assert.equal(await page.$eval('.flow-region .step-next', (b) => b.getAttribute('aria-disabled')), 'true');
  // At the last step Next does nothing but keeps the focus, so the keys go on working.
  await page.focus('.flow-region .step-next');
  await page.keyboard.press('Enter');
  assert.match(await stepLabel(page), new RegExp(`^Step ${kinds.length} of ${kinds.length}: `));
  assert.equal(await page.evaluate(() => document.activeElement.className), 'step-next');
  // The last step: y_i, in the table foot and in the text, equal to row i of the core's Y.
  const y = await page.$eval('table.flow-table tfoot td[data-col="partial"]', (td) => td.dataset.value);
  assert.equal(y, Array.from(f.y).map(full).join(','));
  assert.ok(f.maxDeviation < 1e-12);
  const deviation = await page.$$eval('.flow-text b.num', (bs) => bs.map((b) => Number(b.dataset.value)));
  assert.ok(deviation.includes(f.maxDeviation));
  const atStep = (k) => page.waitForFunction((prefix) => document.querySelector('.flow-region .step-label').textContent.startsWith(prefix), `Step ${k} of ${kinds.length}: `);
  await page.keyboard.press('ArrowLeft');
  await atStep(kinds.length - 1);
  await page.keyboard.press('End');
  await atStep(kinds.length);
}

test('parameter-free flow: every step of "Bank of the river" shows the core\'s numbers', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=flow&step=0`);
  const tokens = await page.$$eval('.token-button', (bs) => bs.map((b) => b.textContent));
  assert.deepEqual(tokens, ['1. Bank', '2. of', '3. the', '4. river']);
  assert.equal(await page.$eval('.token-button[aria-pressed="true"]', (b) => b.textContent), '1. Bank');
  const f = core.flow({ form: 'free', base: 0 });
  const kinds = ['vectors', 'base', 'compare', 'normalise', 'coefficients', 'term0', 'term1', 'term2', 'term3', 'output'];
  await stepThrough(page, f, kinds);
  // the row sums in the table foot
  assert.equal(await page.$eval('tfoot td[data-col="exp"]', (td) => td.dataset.value), full(f.expSum));
  assert.equal(await page.$eval('tfoot td[data-col="weight"]', (td) => td.dataset.value), full(f.weightSum));
  // the diagram carries the same numbers: one score box per token, titled with full precision
  const boxes = await page.$$eval('.flow-svg .scalar[data-kind="weight"] title', (ts) => ts.map((t) => t.textContent));
  assert.deepEqual(boxes, Array.from(f.weights).map(full));
  assert.match(page.url(), /step=9/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the text beside the steps carries the notes\' distinctions with live numbers', async () => {
  const { page } = await openPage(context, `${server.url}?view=flow&base=1&step=2`);
  const f = core.flow({ form: 'free', base: 1 });
  const text = await page.$eval('.flow-text', (e) => e.textContent);
  assert.match(text, /inner product/);
  assert.match(text, /elementwise product/);
  assert.match(text, /symmetric/);
  const nums = await page.$$eval('.flow-text b.num', (bs) => bs.map((b) => Number(b.dataset.value)));
  // s_24 and s_42: the same number twice (raw scores are symmetric)
  assert.ok(nums.includes(f.rawScores[3]));
  assert.ok(nums.includes(f.rawScoresColumn[3]));
  await next(page);
  await next(page);
  const coeffText = await page.$eval('.flow-text', (e) => e.textContent);
  assert.match(coeffText, /not parameters/);
  const coeffNums = await page.$$eval('.flow-text b.num', (bs) => bs.map((b) => Number(b.dataset.value)));
  assert.ok(coeffNums.includes(f.weights[3]) && coeffNums.includes(f.weightsColumn[3]));
  assert.notEqual(f.weights[3], f.weightsColumn[3]);
  await page.close();
});

test('picking a base token by click or keyboard rebuilds the flow for it', async () => {
  const { page } = await openPage(context, `${server.url}?view=flow&step=9`);
  // aria-pressed is set at once; the table (a section that may be put off) counts in data-renders
  let renders = await page.evaluate(() => document.body.dataset.renders);
  await page.click('.token-button[data-j="3"]');
  await page.waitForFunction((n) => document.querySelector('.token-button[aria-pressed="true"]')?.dataset.j === '3' && document.body.dataset.renders !== n, renders);
  const f = core.flow({ form: 'free', base: 3 });
  assert.deepEqual(await column(page, 'weight'), Array.from(f.weights).map(full));
  assert.match(await page.$eval('table.flow-table caption', (c) => c.textContent), /“river” \(base token 4\)/);
  // keyboard: Tab to the "2. of" button and press Enter
  await page.focus('.token-button[data-j="1"]');
  renders = await page.evaluate(() => document.body.dataset.renders);
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => document.querySelector('.token-button[aria-pressed="true"]')?.dataset.j === '1' && document.body.dataset.renders !== n, renders);
  assert.deepEqual(await column(page, 'weight'), Array.from(core.flow({ base: 1 }).weights).map(full));
  assert.match(page.url(), /base=1/);
  await page.close();
});

test('keyboard stepping: arrows, Home/End, Space plays and pauses', async () => {
  const { page } = await openPage(context, `${server.url}?view=flow&step=0`);
  await page.focus('.flow-region');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('.flow-region .step-label').textContent.startsWith('Step 2 of'));
  await page.keyboard.press('End');
  await page.waitForFunction(() => document.querySelector('.flow-region .step-label').textContent.startsWith('Step 10 of 10'));
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => document.querySelector('.flow-region .step-label').textContent.startsWith('Step 9 of'));
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.querySelector('.flow-region .step-label').textContent.startsWith('Step 1 of'));
  await page.focus('.flow-region');
  await page.keyboard.press(' ');
  assert.equal(await page.$eval('.flow-region .step-play', (b) => b.getAttribute('aria-pressed')), 'true');
  await page.waitForFunction(() => document.querySelector('.flow-region .step-label').textContent.startsWith('Step 2 of'));
  await page.keyboard.press(' ');
  assert.equal(await page.$eval('.flow-region .step-play', (b) => b.getAttribute('aria-pressed')), 'false');
  await page.close();
});

test('Class 05 single-query flow: projections, ÷√d_k, softmax, weighted values', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=flow&base=2`);
  // the step label changes in the render's frame; the step table (in a closed fold, so off
  // screen) is drawn after it: wait for the render to be counted as finished (body[data-renders])
  const before = await page.evaluate(() => document.body.dataset.renders);
  await page.check('#flow-form-qkv');
  await page.waitForFunction((n) => document.body.dataset.renders !== n
    && document.querySelector('.flow-region .step-label').textContent.includes('of 11'), before);
  const f = core.flow({ form: 'qkv', base: 2 });
  const kinds = ['vectors', 'project', 'compare', 'scale', 'normalise', 'coefficients', 'term0', 'term1', 'term2', 'term3', 'output'];
  await stepThrough(page, f, kinds);
  // the query strip of the base block is q_3 = x_3 W_q, cell by cell
  const q = await page.$$eval('.base-block .strip[data-name="q₃"] title', (ts) => ts.map((t) => Number(t.textContent.split(' = ').pop())));
  assert.deepEqual(q, Array.from(f.query));
  assert.match(page.url(), /form=qkv/);
  // scaling off: the divisor is 1 and the scaled column equals the raw one
  await page.uncheck('#flow-scale');
  await page.waitForFunction(() => document.querySelector('.flow-text').textContent.includes('√d_k') || true);
  const g = core.flow({ form: 'qkv', base: 2, scale: false });
  await page.waitForFunction((w) => document.querySelector('table.flow-table tbody td[data-col="weight"]')?.dataset.value === w, full(g.weights[0]));
  assert.deepEqual(await column(page, 'scaled'), Array.from(g.rawScores).map(full));
  assert.deepEqual(errors, []);
  await page.close();
});

test('masks in the flow: causal and local window keys get weight 0 and say why', async () => {
  const { page } = await openPage(context, `${server.url}?view=flow&base=1&step=9&win=1&r=0`);
  const f = core.flow({ form: 'free', base: 1, window: 0 });
  assert.deepEqual(await column(page, 'weight'), Array.from(f.weights).map(full));
  assert.deepEqual(Array.from(f.weights), [0, 1, 0, 0]);
  const heads = await page.$$eval('table.flow-table tbody th', (ths) => ths.map((t) => t.textContent));
  assert.match(heads[0], /hidden by the window mask/);
  await page.check('#flow-causal');
  await page.uncheck('#flow-window');
  const c = core.flow({ form: 'free', base: 1, causal: true });
  await page.waitForFunction((w) => document.querySelector('table.flow-table tbody tr[data-j="0"] td[data-col="weight"]')?.dataset.value === w, full(c.weights[0]));
  assert.deepEqual(await column(page, 'weight'), Array.from(c.weights).map(full));
  assert.equal(c.weights[2], 0);
  await page.close();
});

test('observation (a): shuffled outputs are permuted originals until positional encoding is on', async () => {
  const { page } = await openPage(context, `${server.url}?view=flow`);
  const off = core.shuffleExperiment({ form: 'free', shuffleSeed: 1 });
  assert.equal(await page.$eval('#obs-shuffle .obs-result', (p) => p.dataset.equivariant), 'true');
  assert.equal(await page.$eval('#obs-shuffle .obs-result b', (b) => b.dataset.value), full(off.maxDeviation));
  assert.equal(await page.$eval('#obs-shuffle .obs-order b', (b) => b.textContent), off.shuffledTokens.map((t) => t.text).join(' · '));
  await page.click('#obs-shuffle button[data-toggle="flowPE"]');
  await page.waitForFunction(() => document.querySelector('#obs-shuffle .obs-result')?.dataset.equivariant === 'false');
  const on = core.shuffleExperiment({ form: 'free', shuffleSeed: 1, positional: true });
  assert.equal(await page.$eval('#obs-shuffle .obs-result b', (b) => b.dataset.value), full(on.maxDeviation));
  assert.ok(on.maxDeviation > 0.01);
  assert.equal(await page.$eval('#flow-pe', (c) => c.checked), true);
  const renders = await page.evaluate(() => document.body.dataset.renders);
  await page.click('#obs-shuffle .obs-run');
  await page.waitForFunction((n) => /shuf=2/.test(window.location.search) && document.body.dataset.renders !== n, renders);
  const again = core.shuffleExperiment({ form: 'free', shuffleSeed: 2, positional: true });
  assert.equal(await page.$eval('#obs-shuffle .obs-order b', (b) => b.dataset.value), Array.from(again.permutation).join(','));
  await page.close();
});

test('observation (b): distance plays no part, until a mask', async () => {
  const { page } = await openPage(context, `${server.url}?view=flow&form=qkv`);
  const free = core.distanceExperiment({ form: 'qkv', base: 0, other: 3 });
  const scores = await page.$$eval('.distance-table tbody tr td:nth-child(3)', (tds) => tds.map((td) => td.dataset.value));
  assert.deepEqual(scores, free.points.map((p) => full(p.rawScore)));
  assert.equal(await page.$eval('#obs-distance .obs-result', (p) => p.dataset.distanceFree), 'true');
  await page.click('#obs-distance button[data-toggle="flowWindow"]');
  await page.waitForFunction(() => document.querySelector('#obs-distance .obs-result')?.dataset.distanceFree === 'false');
  const win = core.distanceExperiment({ form: 'qkv', base: 0, other: 3, window: 1 });
  const weights = await page.$$eval('.distance-table tbody tr td:nth-child(4)', (tds) => tds.map((td) => td.dataset.value));
  assert.deepEqual(weights, win.points.map((p) => full(p.weight)));
  assert.equal(await page.$$eval('.distance-table tbody tr.masked', (trs) => trs.length), win.maskedCount);
  await page.close();
});

test('observations (c) and (d): any length; which matrices are parameters, none trained', async () => {
  const { page } = await openPage(context, `${server.url}?view=flow&form=qkv&s=Noa+can+be+annoying,+but+she+is+a+great+cat`);
  const rows = await page.$$eval('#obs-length tbody tr', (trs) => trs.map((tr) => tr.children[2].textContent));
  assert.deepEqual(rows, Array.from({ length: 10 }, (_, k) => `(${k + 1}, ${k + 1})`));
  const roles = await page.$$eval('#obs-training tbody tr', (trs) => trs.map((tr) => [tr.dataset.name, tr.children[3].textContent]));
  const t = core.trainingReport({ form: 'qkv', sentence: 'Noa can be annoying, but she is a great cat' });
  assert.deepEqual(roles.map((r) => r[0]), t.matrices.map((m) => m.name));
  assert.deepEqual(roles.filter((r) => r[1] === 'no (untrained)').map((r) => r[0]), ['W_q', 'W_k', 'W_v']);
  const counts = await page.$$eval('#obs-training .obs-result b', (bs) => bs.map((b) => b.dataset.value));
  assert.deepEqual(counts, [String(t.parameterCount), '0']);
  // the gradient diagram: parameters marked, and an honest note that nothing was trained
  assert.deepEqual(await page.$$eval('.grad-node.param', (gs) => gs.map((g) => g.dataset.node)), ['Wq', 'Wk', 'Wv']);
  assert.match(await page.$eval('.grad-notes', (u) => u.textContent), /0 gradient steps taken/);
  await page.close();
});

test('bad input gets a message; a base token past the end is clamped; no page-level scroll at 360 px', async () => {
  const narrow = await launchBrowser({ viewport: { width: 360, height: 800 }, reducedMotion: 'reduce' });
  try {
    const { page, errors } = await openPage(narrow, `${server.url}?view=flow&base=40&step=3`);
    assert.equal(await page.$eval('.token-button[aria-pressed="true"]', (b) => b.dataset.j), '3');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360));
    // reduced motion: what the step reveals is drawn at once, with no fade
    await page.click('.flow-region .step-next');
    await page.waitForFunction(() => document.querySelector('.flow-region .step-label').textContent.startsWith('Step 5'));
    const opacities = await page.$$eval('.flow-svg .flow-part.current', (gs) => gs.map((g) => g.getAttribute('opacity')));
    assert.ok(opacities.length > 0 && opacities.every((o) => o === null));
    await page.fill('#flow-sentence', '   ,,, ');
    await page.waitForSelector('#error .error');
    assert.match(await page.$eval('#error', (e) => e.textContent), /No words found/);
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    await narrow.close();
  }
});

test('on a phone the flow is a card per token with the core’s numbers; widening the page redraws every diagram and keeps its step', async () => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(`${server.url}?view=flow&form=qkv&embed=1&step=12`);
  await page.waitForSelector('body[data-ready="true"]');
  const f = core.flow({ form: 'qkv', base: 0 });
  const layout = () => page.$eval('.flow-svg', (s) => s.dataset.layout);
  assert.equal(await layout(), 'cards');
  const titles = (kind) => page.$$eval(`.flow-svg .scalar[data-kind="${kind}"] title`, (ts) => ts.map((t) => t.textContent));
  assert.deepEqual(await titles('score'), Array.from(f.scores).map(full));
  assert.deepEqual(await titles('exp'), Array.from(f.expTerms).map(full));
  assert.deepEqual(await titles('weight'), Array.from(f.weights).map(full));
  const y = await page.$$eval('.output-block .strip[data-name="y₁"] title', (ts) => ts.map((t) => t.textContent.split(' = ').pop()));
  assert.deepEqual(y, Array.from(f.y).map(full));
  // every box of a card lies inside the drawing, which lies inside its box
  const fits = await page.$eval('.flow-diagram', (box) => {
    const outer = box.getBoundingClientRect();
    return [...box.querySelectorAll('.scalar rect, .strip')].every((el) => {
      const r = el.getBoundingClientRect();
      return r.left >= outer.left - 1 && r.right <= outer.right + 1;
    });
  });
  assert.ok(fits, 'the cards fit the 320 px frame');
  // the overview and the training diagram, a few steps on, and their layouts for a phone
  await page.click('section.overview .step-next');
  await page.click('section.overview .step-next');
  for (let k = 0; k < 6; k++) await page.click('section.gradient .step-next');
  assert.equal(await page.$eval('.gradient-svg', (s) => s.dataset.layout), 'portrait');
  // in page order: the overview, the flow, the training diagram
  const labels = () => page.$$eval('section.overview .step-label, .flow-region .step-label, section.gradient .step-label', (ls) => ls.map((l) => l.textContent));
  const before = await labels();
  assert.match(before[0], /^Step 3 of 4/);
  assert.match(before[1], /^Step 11 of 11/);
  assert.match(before[2], /^Step 7 of 10/);
  // a wider window: the wide drawings, at the same steps
  await resizeTo(page, 1280);
  assert.equal(await layout(), 'roomy');
  assert.equal(await page.$eval('.gradient-svg', (s) => s.dataset.layout), 'landscape');
  assert.deepEqual(await labels(), before);
  assert.deepEqual(await titles('weight'), Array.from(f.weights).map(full));
  assert.ok(await page.$$eval('section.gradient [data-reveal].step-later', (els) => els.length) > 0, 'later parts still faded');
  await page.close();
});

test('parallel heads sketch: per-head weights of the base token from the core, head count selectable', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=flow&form=qkv&base=1`);
  const four = core.headsSketch({ heads: 4, base: 1 });
  assert.equal(await page.$$eval('.head-card', (cs) => cs.length), 4);
  // the table has a row per token and a column per head: read it head by head
  const perHead = () => page.$$eval('.heads-table tbody td', (tds) => {
    const heads = [];
    for (const td of tds) (heads[Number(td.dataset.head)] ??= []).push(td.dataset.value);
    return heads.flat();
  });
  const cells = await perHead();
  assert.deepEqual(cells, four.perHead.flatMap((h) => Array.from(h.baseWeights, full)));
  assert.equal(await page.$eval('.heads-concat code', (c) => c.dataset.value), Array.from(four.concatBase, full).join(','));
  await page.selectOption('#flow-heads', '2');
  await page.waitForFunction(() => document.querySelectorAll('.head-card').length === 2);
  const two = core.headsSketch({ heads: 2, base: 1 });
  const cells2 = await perHead();
  assert.deepEqual(cells2, two.perHead.flatMap((h) => Array.from(h.baseWeights, full)));
  assert.match(page.url(), /heads=2/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('overview, training diagram and heads sketch step through with the core’s numbers; a row picks the base token', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=flow&form=qkv&step=0`);
  const f = core.flow({ form: 'qkv', base: 0 });
  const wb = f.workbench;
  const rowOf = (m, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols), String).join(',');
  const label = (section) => page.$eval(`section.${section} .step-label`, (e) => e.textContent);
  const faded = (section) => page.$$eval(`section.${section} .step-later`, (es) => es.length);

  // the overview: tokens → vectors → one block → one output per token, rows of X and Y
  assert.match(await label('overview'), /^Step 1 of 4: tokens/);
  assert.ok(await faded('overview') > 0, 'later parts are faded at step 1');
  const strips = await page.$$eval('section.overview .overview-strip', (ss) => ss.map((s) => s.dataset.value));
  assert.deepEqual(strips, [0, 1, 2, 3].flatMap((i) => [rowOf(wb.X, i), rowOf(wb.projected.Y, i)]));
  await page.click('section.overview .step-next');
  await page.click('section.overview .step-next');
  const caption = await page.textContent('section.overview .step-caption');
  for (const w of f.weights) assert.ok(caption.includes(num(w)), `the weight ${w} is in “${caption}”`);
  await page.click('section.overview .step-next');
  assert.match(await label('overview'), /^Step 4 of 4: one output per token/);
  assert.equal(await faded('overview'), 0);
  // the main flow did not move
  assert.match(await page.textContent('.flow-region .step-label'), /^Step 1 of 11/);

  // the training diagram: one real value per box, forward then backward (in its "More" fold, opened as a reader would)
  assert.equal(await openFoldsAround(page, 'section.gradient'), 1);
  assert.match(await label('gradient'), /^Step 1 of 10: the input X/);
  const values = await page.$$eval('section.gradient .grad-value', (ts) => Object.fromEntries(ts.map((t) => [t.closest('.grad-node').dataset.node, t.dataset.value])));
  const p = wb.projected;
  assert.deepEqual(values, Object.fromEntries(Object.entries({ X: wb.X, Wq: wb.W_q, Wk: wb.W_k, Wv: wb.W_v, Q: p.Q, K: p.K, V: p.V, S: p.scores, A: p.attn_weights, Y: p.Y })
    .map(([k, m]) => [k, String(m.data[0])])));
  await page.focus('section.gradient .step-next');
  await page.keyboard.press('End');
  assert.match(await label('gradient'), /^Step 10 of 10: backward: into the parameters/);
  assert.equal(await faded('gradient'), 0);

  // the heads sketch: slices, weights, outputs, concatenation
  assert.match(await label('heads'), /^Step 1 of 4: cut into slices/);
  assert.equal(await page.$$eval('section.heads .head-card svg.step-later', (s) => s.length), 4, 'the weights come at step 2');
  await page.click('section.heads .step-next');
  assert.equal(await page.$$eval('section.heads .head-card svg.step-later', (s) => s.length), 0);

  // a click on an output row makes it the base token of the flow
  await page.click('section.overview .overview-row[data-row="2"]');
  await page.waitForFunction(() => document.querySelector('.token-button[aria-pressed="true"]')?.dataset.j === '2');
  assert.deepEqual(errors, []);
  await page.close();
});

test('one keystroke computes the flow chapter\'s sentence once, for every section', async () => {
  const { page } = await openPage(context, `${server.url}?view=flow`);
  const counts = () => page.evaluate(() => ({
    sentences: Number(document.body.dataset.sentencesComputed), renders: document.body.dataset.renders,
  }));
  const start = await counts();
  await page.focus('#flow-sentence');
  await page.keyboard.press('End');
  await page.keyboard.type('s');
  await page.waitForFunction((n) => document.body.dataset.renders !== n, start.renders);
  // every section drawn, the observations and the heads sketch too
  for (const id of ['#obs-shuffle', '#obs-distance', '#obs-length', '#obs-training']) await page.locator(id).scrollIntoViewIfNeeded();
  await page.waitForFunction(() => !document.querySelector('[data-section="waiting"]'));
  assert.equal((await counts()).sentences - start.sentences, 1);
  // a step of the diagram is view state: nothing computed
  const before = await counts();
  await next(page);
  assert.equal((await counts()).sentences, before.sentences);
  await page.close();
});
