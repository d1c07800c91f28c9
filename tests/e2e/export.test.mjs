// End-to-end: the Export menu of a heatmap saves PNG, SVG, CSV, JSON and .npy files whose
// numbers are the core's, bit for bit; the .npy is read back by NumPy itself (np.load).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { openSite, openPage, openFoldsAround } from './support.mjs';

const PYTHON = process.env.PYTHON ?? '/usr/bin/python3';
const { server, context, core } = await openSite();

/** Clicks Export > format on the named heatmap; resolves to {name, bytes} of the saved file. */
async function exportFile(page, matrix, format) {
  await openFoldsAround(page, `figure[data-name="${matrix}"]`); // W_q and others sit in a "More" fold
  const figure = page.locator(`figure[data-name="${matrix}"]`);
  const menu = figure.locator('.export-menu');
  if (!(await menu.evaluate((d) => d.open))) await menu.locator('summary').click();
  const [download] = await Promise.all([page.waitForEvent('download'), menu.locator(`button[data-format="${format}"]`).first().click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

const parseNumber = (t) => ({ '-inf': -Infinity, inf: Infinity, nan: NaN })[t] ?? Number(t);

test('CSV, JSON and .npy hold the full-precision numbers under the notebook names', async () => {
  const { page } = await openPage(context, `${server.url}?causal=1`);
  const report = core.workbench({ causal: true });
  const { scores } = report.projected;

  const csv = await exportFile(page, 'scores', 'csv');
  assert.equal(csv.name, 'scores.csv');
  const lines = csv.bytes.toString('utf8').trim().split('\n');
  assert.equal(lines[0], 'queries \\ keys,Bank,of,the,river');
  const values = lines.slice(1).flatMap((l) => l.split(',').slice(1).map(parseNumber));
  assert.deepEqual(values, Array.from(scores.data));
  assert.ok(values.includes(-Infinity), 'masked scores are -inf');

  const json = await exportFile(page, 'X', 'json');
  assert.equal(json.name, 'X.json');
  const obj = JSON.parse(json.bytes.toString('utf8'));
  assert.deepEqual(obj.X.shape, [report.X.rows, report.X.cols]);
  assert.deepEqual(obj.X.values.flat(), Array.from(report.X.data));
  assert.deepEqual(obj.X.row_labels, ['Bank', 'of', 'the', 'river']);

  const npy = await exportFile(page, 'W_q', 'npy');
  assert.equal(npy.name, 'W_q.npy');
  const headerLength = npy.bytes.readUInt16LE(8);
  const data = new Float64Array(npy.bytes.buffer.slice(npy.bytes.byteOffset + 10 + headerLength, npy.bytes.byteOffset + npy.bytes.length));
  assert.deepEqual(Array.from(data), Array.from(report.W_q.data));
  await page.close();
});

test('NumPy loads the exported .npy: float64, C order, the right shape and values', async (t) => {
  const probe = spawnSync(PYTHON, ['-c', 'import numpy']);
  if (probe.status !== 0) {
    t.skip(`no NumPy at ${PYTHON} (install python3-numpy); the byte-level check in tests/js/export.test.js still runs`);
    return;
  }
  const { page } = await openPage(context, `${server.url}?causal=1`);
  const npy = await exportFile(page, 'scores', 'npy');
  await page.close();
  const script = 'import sys, json, numpy as np\n'
    + 'a = np.load(sys.argv[1], allow_pickle=False)\n'
    + 'print(json.dumps({"dtype": a.dtype.str, "c": bool(a.flags.c_contiguous), "shape": list(a.shape), "values": [repr(float(v)) for v in a.ravel()]}))';
  const { writeFileSync, mkdtempSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const file = join(mkdtempSync(join(tmpdir(), 'aw-npy-')), npy.name);
  writeFileSync(file, npy.bytes);
  const run = spawnSync(PYTHON, ['-c', script, file], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const out = JSON.parse(run.stdout);
  const { scores } = core.workbench({ causal: true }).projected;
  assert.equal(out.dtype, '<f8');
  assert.equal(out.c, true);
  assert.deepEqual(out.shape, [scores.rows, scores.cols]);
  assert.deepEqual(out.values.map(parseNumber), Array.from(scores.data));
});

test('PNG and SVG images of a heatmap, colours written in', async () => {
  const { page } = await openPage(context, server.url);
  const width = Number(await page.getAttribute('figure[data-name="attn_weights"] svg', 'width'));
  const png = await exportFile(page, 'attn_weights', 'png');
  assert.equal(png.name, 'attn_weights.png');
  assert.deepEqual([...png.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.equal(png.bytes.readUInt32BE(16), 2 * width, 'drawn at twice the size');

  const svg = await exportFile(page, 'attn_weights', 'svg');
  const text = svg.bytes.toString('utf8');
  assert.match(text, /^<\?xml/);
  assert.match(text, /xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.equal((text.match(/<title\b/g) ?? []).length, 16);
  assert.doesNotMatch(text, /var\(--/, 'no page CSS variables left');
  assert.match(text, /attn_weights\[1, 3\] \(of, river\) = /);
  await page.close();
});
