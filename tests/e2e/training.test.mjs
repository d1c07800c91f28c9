// End-to-end, issue 18: the training chapter in Chromium. Three epochs trained on the page give
// the same losses as the same run of the core in Node; a learning rate far too high stops with
// a message and never shows NaN; the exported PyTorch script, run by Debian's Python, prints the
// same losses within 1e-4; the run survives a redraw and a trip to another chapter, not a
// reload; the chapter works from the keyboard alone; nothing spills sideways at 360 px.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { openSite, openPage, launchBrowser, misfits } from './support.mjs';
import { loadCore } from '../js/load-core.js';

const PYTHON = process.env.PYTHON ?? '/usr/bin/python3';
const { server, context, core } = await openSite();
const trainCore = await loadCore('train'); // the part of the core the chapter's worker loads

// The page's defaults (views/training/view.js), written out: the run the test repeats in Node.
const CONFIG = {
  inputs: 'random', trainableEmbeddings: false, dModel: 8, dK: 8, seed: 0,
  optimizer: 'adam', learningRate: 0.01, batchSize: 4, trainSet: 'full',
};

/** Opens the chapter and waits until its run exists (step 0 evaluated). */
async function openTraining(query = '', ctx = context) {
  const opened = await openPage(ctx, `${server.url}?view=training${query}`);
  await opened.page.waitForSelector('#training[data-step="0"][data-training="false"] #training-counts dd');
  return opened;
}

/** The numbers in the page's loss and accuracy tables, one object per epoch (0 = before training). */
async function epochsOnPage(page) {
  return page.evaluate(() => {
    const read = (chart, key) => Array.from(document.querySelectorAll(`table[data-name="${chart}"] td[data-series="${key}"]`), (td) => Number(td.dataset.value));
    const trainLoss = read('training_loss', 'trainLoss');
    const validationLoss = read('training_loss', 'validationLoss');
    const trainAccuracy = read('training_accuracy', 'trainAccuracy');
    const validationAccuracy = read('training_accuracy', 'validationAccuracy');
    return trainLoss.map((_, e) => ({ epoch: e, trainLoss: trainLoss[e], validationLoss: validationLoss[e], trainAccuracy: trainAccuracy[e], validationAccuracy: validationAccuracy[e] }));
  });
}

/** The same run in Node: epoch 0 evaluated, then `n` epochs. */
function epochsInNode(config, n) {
  const trainer = trainCore.createTrainer(config);
  try {
    const rows = [{ epoch: 0, ...trainer.evaluate() }];
    for (let e = 1; e <= n; e++) {
      const r = trainer.runEpoch();
      rows.push({ epoch: e, trainLoss: r.trainLoss, validationLoss: r.validationLoss, trainAccuracy: r.trainAccuracy, validationAccuracy: r.validationAccuracy });
    }
    return rows;
  } finally {
    trainer.delete();
  }
}

const pick = (rows) => rows.map(({ epoch, trainLoss, validationLoss, trainAccuracy, validationAccuracy }) => ({ epoch, trainLoss, validationLoss, trainAccuracy, validationAccuracy }));

async function trainThreeEpochs(page) {
  await page.selectOption('#train-epochs', '3');
  await page.click('#train-run');
  await page.waitForSelector('#training[data-epoch="3"][data-training="false"]');
}

/** Clicks an export button and resolves to the saved file's bytes. */
async function exported(page, name) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(`button[data-export="${name}"]`)]);
  return readFileSync(await download.path());
}

test('three epochs in Chromium: every loss and accuracy on the page equals the core run in Node', async () => {
  const { page, errors } = await openTraining();
  await trainThreeEpochs(page);
  const onPage = await epochsOnPage(page);
  assert.equal(onPage.length, 4);
  assert.deepEqual(onPage, pick(epochsInNode(CONFIG, 3)));
  // the counts follow the numbers: three whole epochs of steps
  const counts = await page.$$eval('#training-counts [data-count] dd', (dds) => Object.fromEntries(dds.map((dd) => [dd.parentElement.dataset.count, Number(dd.dataset.value)])));
  assert.equal(counts.epochs, 3);
  assert.equal(counts.steps, 3 * counts.batches);
  assert.match(await page.textContent('.counts-sentence'), new RegExp(`${counts.batches} batches of a ${counts.batches}-batch set = ${counts.batches} steps = one epoch`));
  assert.deepEqual(errors, []);
  await page.close();
});

test('the exported PyTorch script repeats the run: Debian’s Python prints the same losses within 1e-4', async (t) => {
  const probe = spawnSync(PYTHON, ['-c', 'import torch']);
  if (probe.status !== 0) {
    t.skip(`no PyTorch at ${PYTHON} (install python3-torch)`);
    return;
  }
  const { page } = await openTraining();
  // two single steps (listed with their losses), then Train finishes epoch 1 and runs 2 and 3
  await page.click('#train-step');
  await page.waitForSelector('#training[data-step="1"]');
  await page.click('#train-step');
  await page.waitForSelector('#training[data-step="2"]');
  await trainThreeEpochs(page);
  const onPage = await epochsOnPage(page);
  const script = await exported(page, 'training_run.py');
  const file = join(mkdtempSync(join(tmpdir(), 'aw-train-')), 'training_run.py');
  writeFileSync(file, script);
  const run = spawnSync(PYTHON, [file], { encoding: 'utf8', timeout: 120000 });
  assert.equal(run.status, 0, run.stderr);
  const printed = JSON.parse(run.stdout.trim().split('\n').pop());
  assert.equal(printed.epochs.length, 4);
  for (const e of printed.epochs) {
    for (const key of ['trainLoss', 'validationLoss', 'trainAccuracy', 'validationAccuracy']) {
      assert.ok(Math.abs(e[key] - onPage[e.epoch][key]) <= 1e-4, `epoch ${e.epoch} ${key}: PyTorch ${e[key]}, page ${onPage[e.epoch][key]}`);
    }
  }
  // and the batch loss of each step the page lists (the steps taken one at a time)
  const steps = await page.$$eval('.step-loss-table tbody tr', (trs) => trs.map((tr) => [Number(tr.querySelector('th').textContent), Number(tr.querySelector('td.computed').dataset.value)]));
  assert.deepEqual(steps.map(([step]) => step), [1, 2]);
  for (const [step, loss] of steps) assert.ok(Math.abs(printed.steps[step - 1] - loss) <= 1e-4, `step ${step}: PyTorch ${printed.steps[step - 1]}, page ${loss}`);
  // the weights as .npy: NumPy's header and float64 values
  const npy = await exported(page, 'W_q.npy');
  assert.deepEqual([...npy.subarray(0, 6)], [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]);
  await page.close();
});

test('a learning rate far too high: training stops with a message, the weights stay finite, no NaN on screen', async () => {
  const { page, errors } = await openTraining('&trlr=1000&tropt=sgd');
  await page.selectOption('#train-epochs', '10');
  await page.click('#train-run');
  await page.waitForSelector('#training[data-diverged="true"][data-training="false"]');
  const message = await page.textContent('#training-counts .divergence');
  const step = await page.getAttribute('#training', 'data-step');
  assert.match(message, new RegExp(`^Stopped after step ${step} at learning rate 1000\\. Training diverged: the batch loss reached [^ ]+, past the bound of 100\\.`));
  const text = await page.textContent('#training');
  assert.doesNotMatch(text, /NaN|Infinity|undefined/);
  // the buttons that train are off until a new run; evaluation still works
  assert.equal(await page.isDisabled('#train-step'), true);
  assert.equal(await page.isDisabled('#train-evaluate'), false);
  assert.deepEqual(errors, []);
  await page.close();
});

test('eight training sentences: the page says overfitting when validation loss rises, from its own numbers', async () => {
  const { page } = await openTraining('&trset=eight&trlr=0.03');
  await page.selectOption('#train-epochs', '20');
  await page.click('#train-run');
  await page.waitForSelector('#training[data-epoch="20"][data-training="false"]');
  const epochs = await epochsOnPage(page);
  const best = epochs.reduce((b, e) => (e.validationLoss < b.validationLoss ? e : b));
  const last = epochs.at(-1);
  assert.ok(last.validationLoss > best.validationLoss && last.trainLoss < best.trainLoss, 'this run overfits');
  assert.equal(await page.getAttribute('.overfit-note', 'data-rising'), 'true');
  assert.match(await page.textContent('.overfit-note'), new RegExp(`^Overfitting: validation loss was lowest after epoch ${best.epoch} `));
  await page.close();
});

test('the sections are filled in place after each step: the step losses the learner opened stay open, a row per step', async () => {
  const { page, errors } = await openTraining();
  await page.click('#train-step');
  await page.waitForSelector('#training[data-step="1"][data-training="false"]');
  await page.click('details.step-losses > summary');
  const table = await page.$('table.step-loss-table');
  await page.click('#train-step');
  await page.waitForSelector('#training[data-step="2"][data-training="false"]');
  assert.equal(await page.$eval('details.step-losses', (d) => d.open), true, 'still open after the next step');
  assert.equal(await page.evaluate(([a, b]) => a === b, [table, await page.$('table.step-loss-table')]), true, 'the same table');
  assert.deepEqual(await page.$$eval('table.step-loss-table tbody tr', (rows) => rows.map((r) => r.dataset.step)), ['1', '2']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('inference updates nothing; the run survives a redraw and another chapter, not a reload', async () => {
  const { page, errors } = await openTraining();
  await page.click('#train-step');
  await page.waitForSelector('#training[data-step="1"][data-training="false"]');
  await page.click('#train-evaluate');
  await page.waitForSelector('.inference-result');
  assert.equal(await page.getAttribute('.inference-result', 'data-changed'), '0');
  assert.equal(await page.getAttribute('#training', 'data-step'), '1');
  // a redraw: another validation sentence; A is that sentence's own n × n
  await page.selectOption('#train-show', '1');
  await page.waitForFunction(() => document.querySelector('#train-show')?.value === '1' && document.querySelector('.persistence'));
  assert.equal(await page.getAttribute('#training', 'data-step'), '1');
  const [n, count] = await page.$eval('.persistence', (p) => [Number(p.dataset.n), Number(p.dataset.count)]);
  assert.equal(count, n * n);
  // another chapter and back
  await page.click('#views-nav a[data-view="bank"]');
  await page.waitForSelector('#bank');
  await page.click('#views-nav a[data-view="training"]');
  await page.waitForSelector('#training[data-step="1"] #training-counts dd');
  // a reload starts again, as the page says
  assert.match(await page.textContent('.not-stored'), /a reload or a new tab starts from step 0/);
  await page.reload();
  await page.waitForSelector('#training[data-step="0"] #training-counts dd');
  assert.deepEqual(errors, []);
  await page.close();
});

test('Stop keeps the weights reached: training halts between epochs and the next step continues from there', async () => {
  const { page, errors } = await openTraining();
  await page.selectOption('#train-epochs', '100');
  await page.click('#train-run');
  // epochs follow each other quickly: wait for any epoch past the first, not for one value
  await page.waitForFunction(() => Number(document.querySelector('#training')?.dataset.epoch) >= 1);
  await page.click('#train-stop');
  await page.waitForSelector('#training[data-training="false"]');
  const epoch = Number(await page.getAttribute('#training', 'data-epoch'));
  const step = Number(await page.getAttribute('#training', 'data-step'));
  assert.ok(epoch >= 1 && epoch < 100, `stopped after epoch ${epoch}`);
  // the weights changed since step 0 stay changed, and the next step is step + 1
  const changed = Number(await page.getAttribute('#training-weights tr[data-name="W_q"] td[data-value]', 'data-value'));
  assert.ok(changed > 0);
  await page.click('#train-step');
  await page.waitForSelector(`#training[data-step="${step + 1}"]`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('keyboard only: Tab to Step, Enter takes a step; Tab to Epoch, Space runs an epoch', async () => {
  const { page } = await openTraining();
  for (let i = 0; i < 80 && (await page.evaluate(() => document.activeElement?.id)) !== 'train-step'; i++) await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'train-step');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#training[data-step="1"][data-training="false"]');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'train-epoch');
  await page.keyboard.press('Space');
  await page.waitForSelector('#training[data-epoch="1"][data-training="false"]');
  await page.close();
});

test('360 px wide: after training, nothing spills sideways', async () => {
  const phone = await launchBrowser({ viewport: { width: 360, height: 800 } });
  try {
    const { page } = await openTraining('', phone);
    await trainThreeEpochs(page);
    assert.deepEqual(await misfits(page), []);
  } finally {
    await phone.close();
  }
});
