#!/usr/bin/env node
// The vector-file benchmark (issue 19, item 4). Not a test: nothing in CI runs it.
//
// 1. Parser throughput in Chromium's worker: a GloVe-style text file (default 400,000 words x 50,
//    about 170 MB, like glove.6B.50d.txt) and the same vectors as word2vec binary are read the way
//    the page's vectors worker reads them (web/src/vectors/read-file.js, 2 MB pieces of one byte
//    stream), by
//    this tree's core and by the core of an earlier commit (default: 0328c29, before the one-pass
//    reading of plain text lines and the faster binary loop), alternately in the same run, each
//    in a fresh worker, warmed up first as the page's is (warmUpParser). Twice per file: with the
//    page's cap (20,000 words kept) and keeping every vector. Reported: MB/s (best / median), and the memory the parse added to Chromium's
//    processes (peak RSS during the parse minus RSS with the worker ready) against the bytes of
//    the vectors kept.
// 2. The page: the text file chosen with the lab view's picker (dist/, as served): time to drawn
//    results, the longest pause of the main thread (a 10 ms heartbeat), peak browser RSS.
//
//   node bench/vector-file.mjs [--words N] [--dim D] [--reps R] [--before COMMIT] [--no-page]
// Needs the wasm built (bash scripts/build-wasm.sh) and, for part 2, the page (vite build).
// Writes its tables into bench/RESULTS.md between the vector-file markers.
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { execFileSync, execSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveBench } from './serve.mjs';
import { machineFacts } from './report.mjs';
import { serveStatic, launchBrowser } from '../tests/e2e/support.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const WORDS = Number(arg('words', 400000));
const DIM = Number(arg('dim', 50));
const REPS = Number(arg('reps', 7));
// The core before the one-pass reading of plain text lines (f321c3f: the last with std::strtof).
const BEFORE = arg('before', '0328c29');
const PAGE_CAP = 20000; // the lab's default "words kept" (web/src/vectors/store.js)
const say = (line) => process.stderr.write(`${line}\n`);

// ---- the earlier commit's core, built once into build/bench-before/<commit>/ ----------------
function buildBefore(commit) {
  const base = join(ROOT, 'build/bench-before', commit);
  const glue = join(base, 'src/web/src/wasm/attention_core.js');
  if (existsSync(glue)) return glue;
  say(`building the core of ${commit} (once)…`);
  rmSync(base, { recursive: true, force: true });
  mkdirSync(join(base, 'src'), { recursive: true });
  execSync(`git archive ${commit} | tar -x -C "${join(base, 'src')}"`, { cwd: ROOT, stdio: 'inherit' });
  const env = { ...process.env, NODE_PATH: '/usr/share/nodejs' };
  execFileSync('emcmake', ['cmake', '-S', join(base, 'src'), '-B', join(base, 'wasm'), '-G', 'Ninja', '-DCMAKE_BUILD_TYPE=Release'], { env, stdio: 'ignore' });
  execFileSync('cmake', ['--build', join(base, 'wasm'), '--target', 'attention_core'], { env, stdio: 'inherit' });
  return glue;
}

// ---- the files: seeded values, written as GloVe text and as word2vec binary ------------------
async function writeFiles(dir) {
  const text = join(dir, 'vectors.txt');
  const binary = join(dir, 'vectors.bin');
  const outText = createWriteStream(text);
  const outBinary = createWriteStream(binary);
  outBinary.write(`${WORDS} ${DIM}\n`);
  let seed = 1;
  const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648 * 2 - 1; };
  const examples = ['bank', 'of', 'the', 'river', 'account', 'money', 'has', 'today', 'cat', 'king'];
  const row = new Float32Array(DIM);
  for (let i = 0; i < WORDS; i++) {
    const word = i < examples.length ? examples[i] : `w${i}x`;
    const parts = [word];
    for (let f = 0; f < DIM; f++) {
      const v = rand().toFixed(6);
      parts.push(v);
      row[f] = Number(v);
    }
    const okText = outText.write(`${parts.join(' ')}\n`);
    const okBinary = outBinary.write(Buffer.concat([Buffer.from(`${word} `), Buffer.from(row.buffer.slice(0)), Buffer.from('\n')]));
    if (!okText) await new Promise((resolve) => outText.once('drain', resolve));
    if (!okBinary) await new Promise((resolve) => outBinary.once('drain', resolve));
  }
  await Promise.all([new Promise((r) => outText.end(r)), new Promise((r) => outBinary.end(r))]);
  return { text, binary };
}

// ---- memory: the RSS of the browser's whole process tree, read from /proc (cheap enough to
// sample every 10 ms without disturbing the timing much) ---------------------------------------
function browserPids(profile) {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' }).trim().split('\n')
    .map((l) => { const [pid, ppid, ...args] = l.trim().split(/\s+/); return { pid: Number(pid), ppid: Number(ppid), args: args.join(' ') }; });
  const tree = new Set(table.filter((p) => p.args.includes(profile) && !p.args.includes('--type=')).map((p) => p.pid));
  for (let grew = true; grew;) {
    grew = false;
    for (const p of table) if (tree.has(p.ppid) && !tree.has(p.pid)) { tree.add(p.pid); grew = true; }
  }
  return [...tree];
}
const PAGE = 4096;
function rssBytes(pids) {
  let sum = 0;
  for (const pid of pids) {
    try { sum += Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE; } catch { /* gone */ }
  }
  return sum;
}
function sampler(pids) {
  const start = rssBytes(pids);
  let peak = start;
  const timer = setInterval(() => { peak = Math.max(peak, rssBytes(pids)); }, 10);
  return { start, stop: () => { clearInterval(timer); peak = Math.max(peak, rssBytes(pids)); return peak; } };
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor((s.length - 1) / 2)]; };
const mb = (bytes) => bytes / 1e6;

// ---- part 1 ----------------------------------------------------------------------------------
async function workerRuns(files, builds) {
  const server = await serveBench(ROOT);
  const profile = mkdtempSync(join(tmpdir(), 'aw-bench-chromium-'));
  const context = await launchBrowser({}, profile);
  const page = await context.newPage();
  await page.goto(`${server.url}/bench/vector-file.html`);
  const results = [];
  try {
    for (const [format, file] of Object.entries(files)) {
      await page.setInputFiles('#file', file);
      const size = statSync(file).size;
      const reads = [];
      for (let rep = 0; rep < REPS; rep++) {
        await page.evaluate((url) => window.startWorker(url), builds[0].url);
        reads.push(mb(size) / ((await page.evaluate(() => window.readOnly())) / 1000));
        await page.evaluate(() => window.stopWorker());
      }
      say(`${format}: reading alone ${reads.map((x) => x.toFixed(0)).join(', ')} MB/s`);
      results.push({ format, size, readOnly: reads });
      for (const cap of [PAGE_CAP, WORDS]) {
        const row = { format, size, cap, builds: {} };
        for (let rep = 0; rep < REPS; rep++) {
          const order = rep % 2 ? [...builds].reverse() : builds; // alternate who goes first
          for (const build of order) {
            // A parse with no answer in 60 s (a worker that died silently, or a read of the file
            // that never resolved: seen here before read-file.js held its streams) is counted
            // as stalled and run again in a fresh worker, at most twice.
            let r = null;
            let memory = null;
            let peak = 0;
            for (let attempt = 0; r === null; attempt++) {
              await page.evaluate((url) => window.startWorker(url), build.url);
              memory = sampler(browserPids(profile));
              r = await Promise.race([
                page.evaluate((maxWords) => window.parse(maxWords), cap),
                new Promise((resolve) => setTimeout(() => resolve(null), 60000).unref()),
              ]);
              peak = memory.stop();
              await page.evaluate(() => window.stopWorker());
              if (r === null) {
                row.stalls = (row.stalls ?? 0) + 1;
                say(`${format}, cap ${cap}, ${build.name}: stalled (no answer in 60 s), run again`);
                if (attempt === 2) throw new Error(`${build.name}: three parses in a row stalled`);
              }
            }
            if (!r.transferred) throw new Error('the kept table was not transferred');
            const run = { mbps: mb(size) / (r.ms / 1000), added: peak - memory.start, kept: r.keptBytes, heap: r.heapBytes, words: r.words };
            (row.builds[build.name] ??= []).push(run);
            say(`${format}, cap ${cap}, ${build.name}: ${run.mbps.toFixed(0)} MB/s, +${mb(run.added).toFixed(0)} MB RSS for ${mb(run.kept).toFixed(1)} MB kept (heap ${mb(run.heap).toFixed(0)} MB)`);
          }
        }
        results.push(row);
      }
    }
  } finally {
    await context.close();
    await server.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return results;
}

// ---- part 2 ----------------------------------------------------------------------------------
async function pageRun(file) {
  const server = await serveStatic();
  const profile = mkdtempSync(join(tmpdir(), 'aw-bench-chromium-'));
  const context = await launchBrowser({}, profile);
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}?view=lab&source=file`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
    const memory = sampler(browserPids(profile));
    await page.evaluate(() => {
      window.__gaps = [];
      window.__arrived = Infinity; // when the summary shows the table: reading is over, drawing starts
      const summary = document.getElementById('vector-summary');
      new MutationObserver(() => {
        if (window.__arrived === Infinity && /words ×/.test(summary?.textContent ?? '')) window.__arrived = performance.now();
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
      let last = performance.now();
      window.__beat = setInterval(() => { const now = performance.now(); window.__gaps.push([now, now - last]); last = now; }, 10);
    });
    const t0 = Date.now();
    await page.setInputFiles('#vector-file', file);
    await page.waitForSelector('#lab-results table.lab-cosines', { timeout: 600000 });
    const seconds = (Date.now() - t0) / 1000;
    const peak = memory.stop();
    const [gapReading, gapDrawing] = await page.evaluate(() => {
      clearInterval(window.__beat);
      // A pause belongs to the reading if it ended before the table arrived.
      const max = (xs) => Math.max(0, ...xs.map(([, gap]) => gap));
      return [max(window.__gaps.filter(([at]) => at <= window.__arrived)), max(window.__gaps.filter(([at]) => at > window.__arrived))];
    });
    const maxGap = Math.max(gapReading, gapDrawing);
    const heap = Number(await page.getAttribute('#vector-summary', 'data-wasm-heap'));
    return { seconds, maxGap, gapReading, gapDrawing, before: memory.start, peak, heap, summary: await page.textContent('#vector-summary') };
  } finally {
    await context.close();
    await server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

// ---- report ----------------------------------------------------------------------------------
function tables(rows, names, page, facts) {
  const lines = [
    `Files: ${WORDS.toLocaleString('en')} words × ${DIM}, seeded values written with 6 decimals; the binary file holds the same float32 values. ` +
    `"now" is this tree's core, "${names[1]}" the core of commit ${BEFORE}, both built with the same flags and run alternately in the same Chromium, ` +
    `each parse in a fresh worker warmed up as the page's is before a file is chosen (warmUpParser: small generated files parsed and dropped), ${REPS} parses each. MB/s is the file's size over the worker's time from the first piece to the kept table (best / median). ` +
    'Memory is the peak RSS of all of Chromium\'s processes during the parse minus their RSS with the worker ready, over the bytes of the kept vectors.',
    '',
    `| file | kept | MB/s now | MB/s ${names[1]} | speed-up (best) | memory added now | memory added ${names[1]} | kept vectors |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    if (r.readOnly) {
      lines.push(`| ${r.format} (${mb(r.size).toFixed(0)} MB), read only, no parsing (the ceiling) | – | ${Math.max(...r.readOnly).toFixed(0)} / ${median(r.readOnly).toFixed(0)} | | | | | |`);
      continue;
    }
    const [now, before] = names.map((n) => r.builds[n]);
    const best = (runs) => Math.max(...runs.map((x) => x.mbps));
    const mem = (runs) => median(runs.map((x) => x.added));
    const kept = now[0].kept;
    const stalled = r.stalls ? ` (${r.stalls} stalled parse${r.stalls > 1 ? 's' : ''} run again)` : '';
    lines.push(`| ${r.format} (${mb(r.size).toFixed(0)} MB)${stalled} | ${now[0].words.toLocaleString('en')} | ${best(now).toFixed(0)} / ${median(now.map((x) => x.mbps)).toFixed(0)} | ` +
      `${best(before).toFixed(0)} / ${median(before.map((x) => x.mbps)).toFixed(0)} | ${(best(now) / best(before)).toFixed(2)}× | ` +
      `${mb(mem(now)).toFixed(0)} MB (${(mem(now) / kept).toFixed(2)}×) | ${mb(mem(before)).toFixed(0)} MB (${(mem(before) / kept).toFixed(2)}×) | ${mb(kept).toFixed(1)} MB |`);
  }
  if (page) {
    lines.push('', `The page (dist/, lab view, cap ${PAGE_CAP.toLocaleString('en')}): the text file loaded and the results drawn in ${page.seconds.toFixed(1)} s; ` +
      `longest main-thread pause ${page.maxGap.toFixed(0)} ms (10 ms heartbeat): ${page.gapReading.toFixed(0)} ms while the worker read the file, ${page.gapDrawing.toFixed(0)} ms once the table had arrived (the page storing it and drawing the lab's results); browser RSS ${mb(page.before).toFixed(0)} MB before, peak ${mb(page.peak).toFixed(0)} MB; the worker's wasm heap after parsing ${mb(page.heap).toFixed(0)} MB. ` +
      `Summary shown: “${page.summary.trim()}”`);
  }
  lines.push('', `Machine: ${facts.cpu}, ${facts.logicalCpus} logical CPUs, ${facts.chromium}, ${facts.date}; the machine was shared with other jobs, so read the ratios.`);
  return lines.join('\n');
}

function writeIntoResults(markdown) {
  const path = join(ROOT, 'bench/RESULTS.md');
  const start = '<!-- vector-file:start -->';
  const end = '<!-- vector-file:end -->';
  const block = `${start}\n## Vector files (\`node bench/vector-file.mjs\`)\n\n${markdown}\n${end}`;
  const old = readFileSync(path, 'utf8');
  const next = old.includes(start)
    ? old.slice(0, old.indexOf(start)) + block + old.slice(old.indexOf(end) + end.length)
    : `${old.trimEnd()}\n\n${block}\n`;
  writeFileSync(path, next);
}

const nowGlue = join(ROOT, 'web/src/wasm/attention_core.js');
if (!existsSync(nowGlue)) execFileSync('bash', [join(ROOT, 'scripts/build-wasm.sh')], { stdio: 'inherit' });
const beforeGlue = buildBefore(BEFORE);
const builds = [
  { name: 'now', url: '/web/src/wasm/attention_core.js' },
  { name: BEFORE, url: `/${beforeGlue.slice(ROOT.length).replace(/^\/+/, '')}` },
];
const dir = mkdtempSync(join(tmpdir(), 'aw-bench-vectors-'));
try {
  say('writing the files…');
  const files = await writeFiles(dir);
  const rows = await workerRuns({ text: files.text, 'word2vec binary': files.binary }, builds);
  const page = process.argv.includes('--no-page') ? null : await pageRun(files.text);
  const markdown = tables(rows, builds.map((b) => b.name), page, machineFacts({ crossOriginIsolated: true, wasmBytes: {} }));
  console.log(markdown);
  writeIntoResults(markdown);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
