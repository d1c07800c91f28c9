#!/usr/bin/env node
// Measures loading a large word-vector file through the page's file picker in Chromium:
// generates a GloVe-style text file (default 400,000 words x 50, about 170 MB, like
// glove.6B.50d.txt) in the temp directory, loads it in the lab view, and reports the time, the
// longest stall of the page's main thread (a 50 ms heartbeat) and the peak memory (RSS) of the
// browser's processes. The file is deleted afterwards; nothing is committed.
//   node scripts/bench_vector_file.mjs [words] [dim]     (needs a built page in dist/)
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveStatic, launchBrowser, openPage } from '../tests/e2e/support.mjs';

const words = Number(process.argv[2] ?? 400000);
const dim = Number(process.argv[3] ?? 50);
const dir = mkdtempSync(join(tmpdir(), 'aw-bench-vectors-'));
const file = join(dir, 'big.txt');

await new Promise((resolve) => {
  const out = createWriteStream(file);
  let seed = 1;
  const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648 * 2 - 1; };
  let i = 0;
  const write = () => {
    let ok = true;
    while (i < words && ok) {
      const w = i < 10 ? ['bank', 'of', 'the', 'river', 'account', 'money', 'has', 'today', 'cat', 'king'][i] : `w${i}x`;
      const parts = [w];
      for (let f = 0; f < dim; f++) parts.push(rand().toFixed(6));
      ok = out.write(`${parts.join(' ')}\n`);
      i += 1;
    }
    if (i < words) out.once('drain', write);
    else out.end(resolve);
  };
  write();
});
const size = statSync(file).size;
console.log(`generated ${words} words x ${dim}: ${(size / 1e6).toFixed(1)} MB`);

// The browser process (found by its profile directory) and all its descendants, RSS in MB.
function browserRss(profile) {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' }).trim().split('\n')
    .map((l) => { const [pid, ppid, rss, ...args] = l.trim().split(/\s+/); return { pid: Number(pid), ppid: Number(ppid), rss: Number(rss), args: args.join(' ') }; });
  const tree = new Set(table.filter((p) => p.args.includes(profile) && !p.args.includes('--type=')).map((p) => p.pid));
  for (let grew = true; grew;) {
    grew = false;
    for (const p of table) if (tree.has(p.ppid) && !tree.has(p.pid)) { tree.add(p.pid); grew = true; }
  }
  return table.filter((p) => tree.has(p.pid)).reduce((sum, p) => sum + p.rss, 0) / 1024;
}

const server = await serveStatic();
const profile = mkdtempSync(join(tmpdir(), 'aw-bench-chromium-'));
const context = await launchBrowser({}, profile);
const { page } = await openPage(context, `${server.url}?view=lab&source=file`);
const before = browserRss(profile);
let peak = before;
const sampler = setInterval(() => { peak = Math.max(peak, browserRss(profile)); }, 200);
await page.evaluate(() => {
  window.__gaps = [];
  let last = performance.now();
  window.__beat = setInterval(() => { const now = performance.now(); window.__gaps.push(now - last); last = now; }, 50);
});
const t0 = Date.now();
await page.setInputFiles('#vector-file', file);
await page.waitForSelector('#lab-results table.lab-cosines', { timeout: 600000 });
const seconds = (Date.now() - t0) / 1000;
clearInterval(sampler);
const maxGap = await page.evaluate(() => { clearInterval(window.__beat); return Math.max(...window.__gaps); });
console.log(`loaded in ${seconds.toFixed(1)} s (${(size / 1e6 / seconds).toFixed(0)} MB/s); summary: ${await page.textContent('#vector-summary')}`);
console.log(`longest main-thread heartbeat gap: ${maxGap.toFixed(0)} ms (50 ms expected)`);
console.log(`browser RSS (all its processes): ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB while loading`);
console.log(`worker's wasm heap after parsing: ${(Number(await page.getAttribute('#vector-summary', 'data-wasm-heap')) / 1e6).toFixed(0)} MB`);
await context.close();
await server.close();
rmSync(dir, { recursive: true, force: true });
rmSync(profile, { recursive: true, force: true });
