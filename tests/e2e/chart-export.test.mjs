// End-to-end: the charts besides the heatmaps (the bank experiment's bar chart, the smoothing
// line chart) carry the same Export menu, and their CSV holds the core's numbers at full precision.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openSite, openPage } from './support.mjs';

const { server, context, core } = await openSite();

async function downloadCsv(page, stem) {
  await page.click(`.export-menu[data-export="${stem}"] summary`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click(`.export-menu[data-export="${stem}"] button[data-format="csv"]`),
  ]);
  const rows = readFileSync(await download.path(), 'utf8').trim().split('\n').map((line) => line.split(','));
  return { name: download.suggestedFilename(), header: rows[0], body: rows.slice(1) };
}

test('bank experiment: the bar charts export their cosines, as the core computed them', async () => {
  const { page, errors } = await openPage(context, `${server.url}?view=bank`);
  const csv = await downloadCsv(page, 'cosines');
  assert.equal(csv.name, 'cosines.csv');
  const experiment = core.bankExperiment({ sentence: 'Bank of the river', sentence2: 'bank account has money', target: 'bank' });
  const values = csv.body.map((row) => Number(row.at(-1)));
  for (const v of experiment.cosines.map((c) => c.value)) assert.ok(values.includes(v), `the export holds ${v}`);
  // the other words' cosines are a chart of their own, with its own export
  const others = await downloadCsv(page, 'cosines_other_words');
  assert.equal(others.name, 'cosines_other_words.csv');
  const otherValues = others.body.map((row) => Number(row.at(-1)));
  // (river and money are the notes' own bars, in the first chart)
  const otherWords = [...experiment.contextualVsRawWords, ...experiment.contextualVsRawWordsSecond].filter((c) => !['river', 'money'].includes(c.name));
  assert.ok(otherWords.length > 0);
  for (const v of otherWords.map((c) => c.value)) assert.ok(otherValues.includes(v), `the other words' export holds ${v}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('smoothing: the line chart exports x, the signal and s, column by column', async () => {
  const { page } = await openPage(context, `${server.url}?view=smoothing`);
  const csv = await downloadCsv(page, 'series');
  const expected = core.smoothing({ seed: 0, length: 120, period: 40, noise: 0.4, beta: 0.3 });
  assert.equal(csv.body.length, expected.x.length);
  assert.deepEqual(csv.body.map((row) => Number(row[2])), Array.from(expected.x));
  assert.deepEqual(csv.body.map((row) => Number(row[4])), Array.from(expected.s));
  await page.close();
});
