// End-to-end, audit 34: sentences that must follow what the inputs really are, on the built page
// under each source (NumPy, PyTorch, one-hot, GloVe, a learner's file of random numbers):
// what the embedding table is for each source; "mixes" only where the output can change (a
// repeated word's copy changes nothing); the distance card graded by the weight; float32 rounding
// judged by float32's precision; absent words said as absent, each reason once, and a one-feature
// cosine called a sign. Every expectation is read from the page (data attributes, cells) or the
// same core run in Node. Waits only on page signals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSite, openPage } from './support.mjs';
import { num } from '../../web/src/format.js';
import { LITTLE_MIXING, weightChangeGrade } from '../../web/src/views/shared/thresholds.js';

const { server, context, core } = await openSite();

// [source, GloVe must load first]
const SOURCES = [['numpy', false], ['torch', false], ['onehot', false], ['glove', true]];

async function open(query, glove) {
  const { page, errors } = await openPage(context, `${server.url}?${query}`);
  if (glove) {
    await page.waitForFunction(() => /d_model (follows the vectors: )?=? ?100\b/.test(`${document.querySelector('#messages')?.textContent ?? ''} ${document.querySelector('li[data-fact="source"]')?.textContent ?? ''}`));
    await page.waitForSelector('body[data-ready="true"]');
  }
  return { page, errors };
}

/** A small vector file of seeded pseudo-random numbers: nothing trained about it. */
function randomVectorFile(dim) {
  let s = 12345;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return (s / 2147483648) * 2 - 1;
  };
  const words = ['bank', 'of', 'the', 'river', 'account', 'has', 'money', 'today', 'cat'];
  const file = join(mkdtempSync(join(tmpdir(), 'aw-vectors-')), 'random.txt');
  writeFileSync(file, words.map((w) => `${w} ${Array.from({ length: dim }, () => next().toFixed(4)).join(' ')}\n`).join(''));
  return file;
}

async function loadFile(page, file) {
  await page.setInputFiles('#vector-file', file);
  await page.waitForFunction(() => /words × /.test(document.querySelector('#vector-summary')?.textContent ?? ''));
  await page.waitForSelector('body[data-ready="true"]');
}

for (const [source, glove] of SOURCES) {
  test(`flow (${source}), fold (d): the embedding table is what the source gives, and the table fits its box at 1280 px`, async () => {
    const { page, errors } = await open(`view=flow&source=${source}`, glove);
    await page.evaluate(() => document.querySelectorAll('#obs-training details').forEach((d) => { d.open = true; }));
    const row = await page.$eval('#obs-training tr[data-name^="embedding"]', (tr) => ({ shape: tr.children[1].textContent, origin: tr.lastElementChild.textContent }));
    const fits = await page.$eval('#obs-training table.training-table', (t) => t.scrollWidth <= t.parentElement.clientWidth);
    assert.ok(fits, 'no column is cut off in its scrolling box');
    const origin = {
      numpy: /^np\.random\.default_rng\(seed\)\.normal/,
      torch: /^nn\.Embedding after torch\.manual_seed/,
      onehot: /^one-hot rows/,
      glove: /^GloVe .*: pretrained rows, trained elsewhere/,
    }[source];
    assert.match(row.origin, origin);
    if (source !== 'numpy') assert.doesNotMatch(row.origin, /NumPy notebook never trains/);
    if (source === 'glove') assert.ok(Number(row.shape.match(/\((\d+),/)[1]) > 1000, `the whole GloVe table, not the sentence's rows: ${row.shape}`);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('a file of random numbers: the page does not call its vectors trained, in qkv, lab and flow', async () => {
  const file = randomVectorFile(5);
  const qkv = await open('view=qkv&source=file');
  await loadFile(qkv.page, file);
  const note = await qkv.page.$eval('p.source-note', (p) => p.textContent);
  assert.doesNotMatch(note, /trained word vectors|Pretrained vectors/);
  assert.match(note, /this page cannot tell/);
  const answers = await qkv.page.$eval('p.three-answers', (p) => p.textContent);
  assert.match(answers, /this page cannot tell how they were made/);
  assert.deepEqual(qkv.errors, []);
  await qkv.page.close();

  const lab = await open('view=lab&source=file');
  await loadFile(lab.page, file);
  await lab.page.waitForSelector('#lab-results h3#lab-untrained');
  const record = await lab.page.$eval('li[data-item="untrained"]', (li) => li.textContent);
  assert.doesNotMatch(record, /trained elsewhere/);
  assert.match(record, /this page cannot tell/);
  const untrained = await lab.page.$eval('#lab-results section.stage:has(#lab-untrained)', (s) => s.textContent);
  assert.doesNotMatch(untrained, /Trained, but frozen here|Pretrained inputs/);
  assert.match(untrained, /Frozen here, origin unknown: embedding table/);
  assert.deepEqual(lab.errors, []);
  await lab.page.close();

  const flow = await open('view=flow&source=file');
  await loadFile(flow.page, file);
  await flow.page.waitForFunction(() => /your file/.test(document.querySelector('#obs-training tr[data-name^="embedding"]')?.lastElementChild.textContent ?? ''));
  const origin = await flow.page.$eval('#obs-training tr[data-name^="embedding"]', (tr) => tr.lastElementChild.textContent);
  assert.match(origin, /cannot tell how they were made/);
  assert.doesNotMatch(origin, /pretrained|trained elsewhere|default_rng/);
  assert.deepEqual(flow.errors, []);
  await flow.page.close();
});

for (const [source, glove] of SOURCES) {
  test(`a repeated word (${source}): weight on its own copy is not called mixing`, async () => {
    const sentence = 'the cat saw the cat';
    const { page, errors } = await open(`view=qkv&source=${source}&s=${encodeURIComponent(sentence)}`, glove);
    const note = await page.$eval('p.self-weights', (p) => p.textContent);
    const options = glove ? null : { source, sentence };
    if (options) {
      const wb = core.workbench(options);
      const the = wb.paramFreeMixing[0];
      if (the.weightFromDifferent < LITTLE_MIXING) assert.doesNotMatch(note, /“the” takes/, note);
      if (the.weightOnCopies >= LITTLE_MIXING) assert.ok(note.includes(`${num(the.weightOnCopies)} to the other “the” (the same vector)`), note);
    }
    assert.doesNotMatch(note, /takes [\d.]+ from the others, most from “the”[;:]/, 'the copy is not named as the word mixed in');
    await page.close();

    const flow = await open(`view=flow&source=${source}&s=bank+bank+bank`, glove);
    const m = await flow.page.$eval('#flow .mixing-text', (e) => ({ grade: e.dataset.grade, mixes: e.dataset.mixes, said: e.textContent }));
    const base = await flow.page.$eval('#flow table.mixing-table tr.is-base', (tr) => ({ elsewhere: Number(tr.dataset.elsewhere), different: Number(tr.dataset.fromDifferent) }));
    assert.ok(base.elsewhere > 0.5, 'two thirds of the weight is on the other two tokens');
    assert.equal(base.different, 0);
    assert.equal(m.grade, 'almost-nothing');
    assert.equal(m.mixes, 'false');
    assert.doesNotMatch(m.said, /here the output mixes/);
    assert.match(m.said, /y₁ is x₁ exactly/);
    assert.deepEqual([...errors, ...flow.errors], []);
    await flow.page.close();
  });
}

test('the distance card with positional encoding: graded by how far the weight moves, under every source', async () => {
  for (const [source, glove] of SOURCES) {
    for (const form of ['free', 'qkv']) {
      const { page, errors } = await open(`view=flow&pe=1&source=${source}&form=${form}`, glove);
      const card = await page.$eval('#obs-distance .obs-result', (p) => ({ grade: p.dataset.grade, free: p.dataset.distanceFree, text: p.textContent }));
      const weights = await page.$$eval('.distance-table tbody tr td:nth-child(4)', (tds) => tds.map((td) => Number(td.dataset.value)));
      const spread = Math.max(...weights) - Math.min(...weights);
      assert.equal(card.free, 'false');
      assert.equal(card.grade, weightChangeGrade(spread), `${source} ${form}: ${card.text}`);
      if (card.grade === 'negligible') {
        assert.doesNotMatch(card.text, /Distance now matters/);
        assert.match(card.text, /too little to matter/);
      } else {
        assert.match(card.text, /Distance now matters/);
      }
      assert.deepEqual(errors, []);
      await page.close();
    }
  }
});

test('bank: an absent word is said as absent, each reason once, under every source', async () => {
  for (const [source, glove] of SOURCES) {
    for (const query of [`view=bank&source=${source}&t=cat`, `view=bank&source=${source}&s2=${encodeURIComponent('river the of bank')}`]) {
      const { page, errors } = await open(query, glove);
      const answers = await page.$$eval('dd[data-answer]', (dds) => dds.map((d) => d.textContent));
      for (const a of answers) assert.doesNotMatch(a, /no value/, `${query}: ${a}`);
      const notice = await page.$eval('#app .bank-missing', (p) => (p.hidden || p.closest('[hidden]') ? '' : p.textContent));
      const reasons = notice.replace(/^.*?not drawn: /, '').replace(/\.$/, '').split('; ').filter(Boolean);
      assert.equal(new Set(reasons).size, reasons.length, `each reason once: ${notice}`);
      if (query.includes('t=cat')) assert.deepEqual(reasons, ['"cat" is not in sentence 1', '"cat" is not in sentence 2']);
      assert.deepEqual(errors, []);
      await page.close();
    }
  }
});

test('qkv in PyTorch mode: the masked concatenation equals the batch up to float32 rounding, and says so', async () => {
  const { page, errors } = await open('view=qkv&source=torch', false);
  const kinds = core.attentionKinds({ source: 'torch' });
  assert.ok(kinds.concat.maskedVsBatchedMaxDiff > 0, 'float32 leaves a rounding difference here');
  await page.waitForFunction(() => /block mask/.test(document.querySelector('#app')?.textContent ?? ''));
  const text = await page.$eval('#app', (e) => e.textContent);
  assert.match(text, /the outputs equal the batched ones \(largest difference [^)]*, rounding in float32\)/);
  assert.doesNotMatch(text, /the outputs differ from the batched ones/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('one feature: a cosine is called a sign, and the change is judged on the outputs', async () => {
  const { page, errors } = await open('view=qkv&d=1', false);
  const e = core.bankExperiment({ dModel: 1, dK: 1, dV: 1 });
  await page.waitForSelector('p.three-answers', { state: 'attached' });
  const answers = await page.$eval('p.three-answers', (p) => p.textContent);
  assert.doesNotMatch(answers, /Not measurably/);
  assert.ok(answers.includes(`differ by ${num(e.contextualTargetChange)} of the larger one`), answers);
  assert.doesNotMatch(answers, /chance values of this seed/);
  assert.match(answers, /only the sign/);
  assert.deepEqual(errors, []);
  await page.close();

  // a one-column file of random numbers: the same
  const file = await open('view=qkv&source=file');
  await loadFile(file.page, randomVectorFile(1));
  const said = await file.page.$eval('p.three-answers', (p) => p.textContent);
  assert.match(said, /With one feature a cosine can only be \+1 or −1/);
  assert.match(said, /With one feature each cosine is only a sign/);
  assert.deepEqual(file.errors, []);
  await file.page.close();
});
