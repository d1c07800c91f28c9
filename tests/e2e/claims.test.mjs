// End-to-end, issue 16 item 6: the sentences that make a claim agree with the numbers beside
// them, on several inputs: the default sentence, the Noa sentence, one-hot vectors, the bundled
// GloVe subset and PyTorch mode. Every expectation is read from the page itself (data
// attributes, heatmap cells, tables), never from values written into this file, so the test
// follows whatever the core computes. It waits only on page signals (body[data-ready], the
// messages, data attributes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, openPage, heatmapValues } from './support.mjs';
import { num } from '../../web/src/format.js';
import { LITTLE_MIXING, mixingGrade } from '../../web/src/views/shared/thresholds.js';

const { server, context } = await openSite();
const NOA = 'Noa can be annoying, but she is a great cat';

// [label, extra URL settings, a page signal that the input's own numbers are drawn]
const INPUTS = [
  ['default', '', null],
  ['Noa sentence', `s=${encodeURIComponent(NOA)}`, null],
  ['one-hot', 'source=onehot', null],
  ['GloVe', 'source=glove', 'glove'],
  ['PyTorch', 'source=torch', null],
];

/** GloVe loads after the first drawing: wait until the 100-d vectors are what the page shows. */
async function waitForGlove(page, view) {
  const done = view === 'bank'
    ? () => /d_model = 100\b/.test(document.querySelector('li[data-fact="source"]')?.textContent ?? '')
    : () => /d_model follows the vectors: 100/.test(document.querySelector('#messages')?.textContent ?? '');
  await page.waitForFunction(done);
  await page.waitForSelector('body[data-ready="true"]');
}

async function open(view, settings, signal) {
  const { page, errors } = await openPage(context, `${server.url}?view=${view}${settings ? `&${settings}` : ''}`);
  if (signal === 'glove') await waitForGlove(page, view);
  return { page, errors };
}

/** The flow's "Does this output mix?" table and the sentences beside it, as the page has them. */
async function flowReadout(page) {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll('#flow table.mixing-table tbody tr')].map((tr) => ({
      row: Number(tr.dataset.row), self: Number(tr.dataset.selfWeight), elsewhere: Number(tr.dataset.elsewhere),
      different: Number(tr.dataset.fromDifferent),
      isBase: tr.classList.contains('is-base'), token: tr.querySelector('th').textContent.replace(/^\d+\. /, ''),
    }));
    const text = document.querySelector('#flow .mixing-text');
    return { rows, mixes: text.dataset.mixes, grade: text.dataset.grade, said: text.textContent, values: [...text.querySelectorAll('b.num')].map((b) => Number(b.dataset.value)) };
  });
}

/** The paragraphs of the flow's current step, with the numbers each one shows. */
async function stepParagraphs(page) {
  return page.$$eval('#flow .flow-text p', (ps) => ps.map((p) => ({ text: p.textContent, values: [...p.querySelectorAll('b.num')].map((b) => Number(b.dataset.value)) })));
}

for (const [label, settings, signal] of INPUTS) {
  // The Noa sentence also runs with unit-length rows, where Class 04's form does mix.
  const forms = label === 'PyTorch' || label === 'GloVe' ? ['form=qkv'] : label === 'Noa sentence' ? ['form=free', 'form=free&unit=1'] : ['form=free', 'form=qkv'];
  for (const form of forms) {
    test(`flow (${label}, ${form}): “Does this output mix?” and the output step follow the base row’s weights`, async () => {
      const all = [settings, form].filter(Boolean).join('&');
      const { page, errors } = await open('flow', all, signal);
      const r = await flowReadout(page);
      const base = r.rows.find((row) => row.isBase);
      assert.ok(base, 'the base row is marked');
      // graded by thresholds.js on the weight from tokens with other vectors: almost nothing, barely, mixes
      const mixes = base.different >= LITTLE_MIXING;
      assert.equal(r.mixes, String(mixes), `${label}: base row gives ${base.different} to tokens with other vectors`);
      const grade = mixingGrade(base.different);
      assert.equal(r.grade, grade);
      assert.match(r.said, { 'almost-nothing': /mixes almost nothing/, barely: /barely mixes/, mixes: /here the output mixes/ }[grade]);
      for (const other of ['almost-nothing', 'barely', 'mixes'].filter((g) => g !== grade)) {
        assert.doesNotMatch(r.said, { 'almost-nothing': /mixes almost nothing/, barely: /barely mixes/, mixes: /here the output mixes/ }[other]);
      }
      // "gives itself aᵢᵢ = …, its strongest other key … = …. All the other tokens together get …"
      assert.equal(r.values[0], base.self);
      assert.equal(r.values[2], base.elsewhere);

      // The output step: the same verdict, with the same numbers, and the task head's shapes.
      const n = r.rows.length;
      const last = (form.includes('qkv') ? 6 : 5) + n; // fixed stages, n terms, then the output (0-based)
      await page.goto(`${server.url}?view=flow&${all}&step=${last}`);
      await page.waitForSelector('body[data-ready="true"]');
      if (signal === 'glove') await waitForGlove(page, 'flow');
      const paragraphs = await stepParagraphs(page);
      const verdict = paragraphs.find((p) => /mixes almost nothing|takes a share of|mixes nothing|barely mixes/.test(p.text));
      assert.ok(verdict, paragraphs.map((p) => p.text).join(' | '));
      if (mixes) {
        assert.match(verdict.text, grade === 'barely' ? /barely mixes: it takes a share of only/ : /takes a share of/);
        assert.deepEqual([verdict.values[0], verdict.values[2]], [base.different, base.self]);
      } else {
        assert.match(verdict.text, /mixes almost nothing/);
        assert.deepEqual(verdict.values, [base.self, base.elsewhere]);
      }
      const width = await page.$eval('#flow table.flow-table tfoot td[data-col="partial"]', (td) => td.dataset.value.split(',').length);
      const head = paragraphs.find((p) => /intermediate representation, not a prediction/.test(p.text));
      assert.ok(head, 'the output step says what a task head would still do');
      assert.ok(head.text.includes(`(${n}, ${width})`) && head.text.includes(`(1, ${width})`) && head.text.includes(`(${width}, C)`), head.text);
      if (signal === 'glove') assert.equal(width, 100, 'GloVe rows are 100 wide');
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test(`qkv (${label}): the largest-weight and self-weight notes name what the heatmaps hold`, async () => {
    const { page, errors } = await open('qkv', settings, signal);
    const tokens = await page.$$eval('#app ol.tokens li .token-text', (ls) => ls.map((l) => l.textContent));
    const n = tokens.length;
    const W = await heatmapValues(page, 'attn_weights');
    assert.equal(W.length, n * n);
    const row = (M, i) => M.slice(i * n, (i + 1) * n);
    const argmax = (r) => r.indexOf(Math.max(...r));
    const note = await page.$eval('p.largest-weights', (e) => ({ text: e.textContent, top: Number(e.dataset.topKey) }));
    for (let i = 0; i < n; i++) {
      const k = argmax(row(W, i));
      assert.ok(note.text.includes(`“${tokens[i]}” → “${tokens[k]}” (${num(row(W, i)[k])})`), `${label} row ${i}: ${note.text}`);
    }
    const top = argmax(row(W, 0));
    assert.equal(note.top, top);
    if (top === 0) assert.ok(note.text.includes(`“${tokens[0]}” keeps its largest weight on itself (${num(W[0])})`), note.text);
    else assert.ok(note.text.includes(`“${tokens[0]}” puts its largest weight on “${tokens[top]}” (${num(W[top])}), not on itself`), note.text);
    assert.match(note.text, /random and untrained/);

    // Class 04's A: each self weight is named; the rows said to keep their vector keep > 1 − 0.01.
    const A = await heatmapValues(page, 'A');
    const selfNote = await page.$eval('p.self-weights', (e) => e.textContent);
    const kept = [];
    for (let i = 0; i < n; i++) {
      assert.ok(selfNote.includes(`${tokens[i]} ${num(A[i * n + i])}`), `${tokens[i]} in ${selfNote}`);
      const others = row(A, i).reduce((sum, a, j) => (j === i ? sum : sum + a), 0);
      if (others < LITTLE_MIXING) kept.push(i);
      else assert.ok(selfNote.includes(`“${tokens[i]}” takes `), `${tokens[i]} mixes (${others}): ${selfNote}`);
    }
    assert.equal(selfNote.includes('Here this form mixes almost nothing.'), kept.length === n, selfNote);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`bank (${label}): the three answers follow the cosines in the table`, async () => {
    const bankSettings = label === 'Noa sentence' ? `s=${encodeURIComponent(NOA)}` : settings; // "bank" is not in it
    const { page, errors } = await open('bank', bankSettings, signal);
    // the table starts closed under its summary (read from the DOM all the same)
    await page.waitForSelector('#app table.bank-table', { state: 'attached' });
    const cos = await page.$$eval('#app table.bank-table tr[data-cosine]', (trs) => Object.fromEntries(trs.map((tr) => {
      const full = tr.querySelector('td.value').dataset.full;
      return [tr.dataset.cosine, full === '' ? null : Number(full)];
    })));
    const answer = (id) => page.$eval(`dd[data-answer="${id}"]`, (e) => e.textContent);
    const ctx = cos.contextual_target_across_sentences;
    const raw = cos.raw_target_across_sentences;
    const context = await answer('context');
    if (ctx == null) {
      assert.match(context, /^Cannot tell here/);
      assert.doesNotMatch(context, /^Yes/);
    } else if (ctx < 1 - 1e-4) {
      assert.ok(context.startsWith('Yes.') && context.includes(num(raw)) && context.includes(num(ctx)), context);
    } else {
      assert.doesNotMatch(context, /^Yes\./);
    }
    const meaning = await answer('meaning');
    const [cr, cm] = [cos.contextual_target_vs_raw_river, cos.contextual_target_vs_raw_money];
    assert.match(meaning, /^Nothing here can show that/);
    if (cr != null && cm != null) {
      assert.ok(meaning.includes(num(cr)) && meaning.includes(num(cm)), meaning);
      assert.ok(meaning.includes(cr > cm ? 'closer to “river” than to “money”' : 'closer to “money” than to “river”'), meaning);
    } else {
      assert.doesNotMatch(meaning, /closer to/);
    }
    const inputs = await answer('trained-inputs');
    const [rr, rm] = [cos.raw_target_vs_raw_river, cos.raw_target_vs_raw_money];
    // a comparison the core could not make is said as absent, never as a value
    for (const value of [rr, rm]) if (value != null) assert.ok(inputs.includes(num(value)), inputs);
    assert.doesNotMatch(inputs, /no value/);
    if (rr == null || rm == null) assert.match(inputs, /none to show|no raw cosine to show|none against/);
    assert.match(inputs, signal === 'glove' ? /^Yes, these vectors were trained/ : /^No\./);
    assert.deepEqual(errors, []);
    await page.close();
  });
}
