// Page-speed benchmark (not a test): how long the built page takes from a keystroke (or a
// click) to the painted frame that shows it, in Debian's headless Chromium, plus long tasks,
// DOM size, memory after loading large vector files, time to the first heatmap and the bytes
// the default view sends over the wire. See bench/README.md ("Page speed").
//
//   node bench/page.mjs                 # everything (about 3-5 minutes on 2 cores)
//   node bench/page.mjs --quick         # qkv only, 4 and 64 words, d_model 8: about a minute
//   node bench/page.mjs --views qkv,flow --words 4,64 --dims 8 --edits 10 --budget 8000
//   node bench/page.mjs --before bench/page-before.json   # also print those numbers as "before"
//   node bench/page.mjs --save-json bench/page-before.json   # keep this run's numbers
//   node bench/page.mjs --dist-before ../old-build/dist --before-label 5559102   # measure that build too, alternating row by row
//   node bench/page.mjs --against 5559102   # the same, building that commit's page first (once, kept in the temporary folder)
//
// The Markdown table goes to stdout, progress to stderr, and bench/PAGE_RESULTS.md is written
// (unless --no-write). It builds what is missing (the wasm, dist/) but never rebuilds an
// existing dist/: run `node_modules/.bin/vite build` yourself after changing the page.
//
// "Drawn" is the page's own signal: body[data-shown] counts renders whose visible part is drawn
// (main.js; older builds: body[data-renders]). An
// edit counts as drawn at the first frame painted after the first render that started after
// its keydown (or click). Start: the key event's timeStamp, so time the keystroke waited
// behind a long task is included. End: a message posted after the frame holding that render
// (from inside the frame when the render ran in requestAnimationFrame, else after the next
// one), which runs once the frame has been painted.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, tmpdir, release } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveDist } from '../scripts/serve-dist.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const log = (...a) => console.error('[bench:page]', ...a);

// ---- options --------------------------------------------------------------------------
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const has = (name) => args.includes(`--${name}`);
const list = (v) => String(v).split(',').map((s) => s.trim()).filter(Boolean);
const quick = has('quick');
const OPTIONS = {
  views: list(opt('views', quick ? 'qkv' : 'qkv,flow,bank,heads')),
  words: list(opt('words', quick ? '4,64' : '4,16,64')).map(Number),
  dims: list(opt('dims', quick ? '8' : '8,64')).map(Number),
  edits: Number(opt('edits', quick ? 8 : 12)),
  // a configuration stops after this much time (at least 3 edits), so a slow page still finishes
  budgetMs: Number(opt('budget', quick ? 5000 : 5000)),
  toggles: Number(opt('toggles', 4)),
  memory: !has('no-memory') && !quick,
  coldLoads: Number(opt('cold-loads', 3)),
  sensesRuns: Number(opt('senses-runs', quick ? 0 : 3)),
  before: opt('before', null),
  // another build of the page (e.g. the commit before a change), measured in the same run,
  // alternating row by row with dist/, so both see the same load on a shared machine
  distBefore: opt('dist-before', null),
  // a commit to measure against: its page is built once into a temporary folder (its own wasm,
  // the four parts the page loads), then measured as --dist-before
  against: opt('against', null),
  // what the other build is, for the report (a commit, say); not its path on this machine
  beforeLabel: opt('before-label', 'the other build'),
  saveJson: opt('save-json', null),
  write: !has('no-write'),
  label: opt('label', 'this run'),
};

// ---- build what is missing -------------------------------------------------------------
function buildIfMissing() {
  const sh = (cmd, a) => execFileSync(cmd, a, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (!existsSync(join(ROOT, 'web/src/wasm/attention_core.wasm'))) {
    log('building the wasm (scripts/build-wasm.sh)');
    sh('bash', ['scripts/build-wasm.sh']);
  }
  if (!existsSync(join(ROOT, 'dist/index.html'))) {
    log('building the page (vite build)');
    sh(join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn']);
  }
}

/** Builds the page of `commit` (kept in the system's temporary folder for the next run); returns its dist/. */
function buildCommit(commit) {
  const sh = (cmd, a, cwd, env = process.env) => execFileSync(cmd, a, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const sha = execFileSync('git', ['rev-parse', '--short', commit], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dir = join(tmpdir(), `aw-page-${sha}`);
  if (existsSync(join(dir, 'dist/index.html'))) return join(dir, 'dist');
  log(`building commit ${sha} into ${dir} (its wasm and page: several minutes)`);
  execFileSync('bash', ['-c', `mkdir -p "${dir}" && git archive ${sha} | tar -x -C "${dir}"`], { cwd: ROOT, stdio: 'inherit' });
  if (!existsSync(join(dir, 'node_modules'))) execFileSync('ln', ['-s', join(ROOT, 'node_modules'), join(dir, 'node_modules')]);
  const env = { ...process.env, NODE_PATH: '/usr/share/nodejs' };
  sh('emcmake', ['cmake', '-S', '.', '-B', 'build/wasm', '-G', 'Ninja', '-DCMAKE_BUILD_TYPE=Release'], dir, env);
  sh('cmake', ['--build', 'build/wasm', '--target', 'attention_core', 'attention_encoder', 'attention_space', 'attention_train'], dir, env);
  sh(join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], dir);
  return join(dir, 'dist');
}

// ---- the sentences ---------------------------------------------------------------------
// Short everyday words, so that 64 of them fit the heads view's 400-character fields.
const WORDS = ('bank of the river water flows past old trees near town where people walk their dogs each day and ' +
  'children play by stones while birds sing above green hills under blue sky some boats drift on slow ' +
  'current as fish swim below cold deep pools many years ago a mill stood here it made flour for bread')
  .split(' ');
const sentenceOf = (n) => Array.from({ length: n }, (_, i) => WORDS[i % WORDS.length]).join(' ');

const VIEW_SETUP = {
  qkv: { field: '#sentence', query: (s, d) => ({ view: 'qkv', s, d }) },
  flow: { field: '#flow-sentence', query: (s, d) => ({ view: 'flow', s, d }) },
  bank: { field: '#sentence', query: (s, d) => ({ view: 'bank', s, d }) },
  heads: { field: '#heads-s1', query: (s, d) => ({ view: 'heads', hs1: s, hd: d }) },
  // (their vectors have no d_model: d is not used)
  window: { field: '#win-sentence-a', query: (s) => ({ view: 'window', wa: s }) },
  ids: { field: '#rep-corpus', query: (s) => ({ view: 'ids', rc: s }) },
};

// ---- in-page instrumentation (runs before the page's own scripts) -----------------------
function instrument() {
  const bench = { longtasks: [], painted: [], allPainted: [], starts: [], firstHeatmap: null };
  window.__bench = bench;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch { /* no long-task timing in this browser */ }
  // Is script running inside a requestAnimationFrame callback right now? (see the header)
  let inFrame = false;
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => raf((t) => {
    inFrame = true;
    try { cb(t); } finally { queueMicrotask(() => { inFrame = false; }); }
  });
  const channel = new MessageChannel();
  const afterPaint = [];
  channel.port1.onmessage = () => afterPaint.shift()?.();
  const whenPainted = (fn) => {
    const post = () => { afterPaint.push(fn); channel.port2.postMessage(0); };
    if (inFrame) post();
    else raf(post);
  };
  // body[data-shown] counts renders whose visible part is drawn (sections off screen follow in
  // later tasks, components/deferred.js); a build without it counts finished renders instead.
  const counter = () => (document.body?.dataset.shown !== undefined ? 'shown' : 'renders');
  const renders = () => Number(document.body?.dataset[counter()] ?? 0);
  // body[data-renders] counts renders whose every section is drawn, off-screen ones included:
  // "key → everything drawn" is the first frame painted after it moves past the key's count
  const rendersAll = () => Number(document.body?.dataset.renders ?? 0);
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.attributeName === `data-${counter()}` && r.target === document.body) {
        const n = renders();
        whenPainted(() => bench.painted.push({ renders: n, t: performance.now() }));
      }
      if (r.attributeName === 'data-renders' && r.target === document.body) {
        const n = rendersAll();
        whenPainted(() => bench.allPainted.push({ renders: n, t: performance.now() }));
      }
    }
    if (bench.firstHeatmap === null && document.querySelector('figure.heatmap[data-name="attn_weights"]')) {
      bench.firstHeatmap = -1;
      whenPainted(() => { bench.firstHeatmap = performance.now(); });
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-renders', 'data-shown'] });
  const start = (e) => bench.starts.push({ type: e.type, t: e.timeStamp, at: performance.now(), renders: renders(), rendersAll: rendersAll() });
  addEventListener('keydown', start, true);
  addEventListener('click', start, true);
  addEventListener('input', (e) => bench.starts.push({ type: 'input', t: e.timeStamp, at: performance.now(), renders: renders() }), true);
}

// ---- helpers ---------------------------------------------------------------------------
const pct = (xs, p) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const ms = (x) => (Number.isFinite(x) ? (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${Math.round(x)} ms`) : '–');
const mb = (x) => (Number.isFinite(x) ? `${(x / 1048576).toFixed(1)} MB` : '–');
const kb = (x) => (Number.isFinite(x) ? `${(x / 1024).toFixed(0)} KB` : '–');
const urlFor = (base, query) => `${base}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;

async function waitReady(page, timeout = 120000) {
  await page.waitForSelector('body[data-ready="true"]', { timeout });
  await settle(page);
}

/** Two frames and a pause without long tasks: what the page was doing has been painted. */
async function settle(page) {
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(ok, 50)))));
}

/** Waits until the edit or click started at `start` is painted; returns ms, or null on timeout. */
async function paintedAfter(page, startIndex, timeout) {
  const handle = await page.waitForFunction((i) => {
    const b = window.__bench;
    const start = b.starts[i];
    if (!start) return false;
    const done = b.painted.find((p) => p.renders > start.renders && p.t >= start.at);
    return done ? done.t - start.t : false;
  }, startIndex, { timeout, polling: 20 }).catch(() => null);
  return handle ? handle.jsonValue() : null;
}

/** Waits until every section of the edit started at `start` is drawn and painted; ms, or null. */
async function allDrawnAfter(page, startIndex, timeout) {
  const handle = await page.waitForFunction((i) => {
    const b = window.__bench;
    const start = b.starts[i];
    const done = start && b.allPainted.find((p) => p.renders > start.rendersAll && p.t >= start.at);
    return done ? done.t - start.t : false;
  }, startIndex, { timeout, polling: 20 }).catch(() => null);
  return handle ? handle.jsonValue() : null;
}

async function benchState(page) {
  return page.evaluate(() => ({ starts: window.__bench.starts.length, longtasks: window.__bench.longtasks.length }));
}

async function longtasksSince(page, index) {
  return page.evaluate((i) => window.__bench.longtasks.slice(i).map((l) => l.duration), index);
}

// ---- measurements ----------------------------------------------------------------------
async function measureTyping(context, base, view, words, d) {
  const setup = VIEW_SETUP[view];
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const row = { view, words, d, latencies: [], allDrawn: [], keyToInput: [], longtasks: [], dom: NaN, note: '' };
  try {
    await page.goto(urlFor(base, setup.query(sentenceOf(words), d)));
    await waitReady(page);
    await page.waitForSelector(setup.field);
    await page.focus(setup.field);
    await page.evaluate((sel) => { const el = document.querySelector(sel); el.setSelectionRange(el.value.length, el.value.length); }, setup.field);
    await settle(page);
    const began = Date.now();
    const { longtasks: ltBefore } = await benchState(page);
    for (let i = 0; i < OPTIONS.edits; i++) {
      if (i >= 3 && Date.now() - began > OPTIONS.budgetMs) break;
      const { starts } = await benchState(page);
      // type a letter onto the last word, then take it back: the word count stays
      await page.keyboard.press(i % 2 === 0 ? 'x' : 'Backspace');
      const latency = await paintedAfter(page, starts, 60000);
      if (latency === null) { row.note = 'an edit was not drawn within 60 s'; break; }
      row.latencies.push(latency);
      // as a learner waits: until everything on the page shows the edit (then the next key)
      const all = await allDrawnAfter(page, starts, 60000);
      if (all !== null) row.allDrawn.push(all);
      const keyToInput = await page.evaluate((s) => {
        const [down, input] = [window.__bench.starts[s], window.__bench.starts.find((e, j) => j > s && e.type === 'input')];
        return input ? input.t - down.t : null;
      }, starts);
      if (keyToInput !== null) row.keyToInput.push(keyToInput);
    }
    row.longtasks = await longtasksSince(page, ltBefore);
    row.dom = await page.evaluate(() => document.getElementsByTagName('*').length);
  } catch (error) {
    row.note = `failed: ${error.message.split('\n')[0]}`;
  }
  if (errors.length) row.note += ` page errors: ${errors.slice(0, 2).join('; ')}`;
  await page.close();
  return row;
}

/**
 * A burst of keys at 10 per second, without waiting for any to be drawn: how long a key takes
 * to reach the text box (keydown → input event), and the last key → painted.
 */
async function measureBurst(context, base, view, words, d, keys = 10) {
  const setup = VIEW_SETUP[view];
  const page = await context.newPage();
  const row = { view, words, d, keyToInput: [], last: NaN, longtasks: [] };
  try {
    await page.goto(urlFor(base, setup.query(sentenceOf(words), d)));
    await waitReady(page);
    await page.focus(setup.field);
    await page.evaluate((sel) => { const el = document.querySelector(sel); el.setSelectionRange(el.value.length, el.value.length); }, setup.field);
    await settle(page);
    const { starts: s0, longtasks: lt0 } = await benchState(page);
    await page.keyboard.type('abcdefghij'.slice(0, keys), { delay: 100 });
    const lastKey = s0 + (keys - 1) * 2; // keydown, input, keydown, input, …
    const last = await paintedAfter(page, lastKey, 120000);
    row.last = last ?? NaN;
    row.keyToInput = await page.evaluate((s) => {
      const events = window.__bench.starts.slice(s);
      const out = [];
      events.forEach((e, i) => { if (e.type === 'keydown') { const input = events.slice(i + 1).find((x) => x.type === 'input'); if (input) out.push(input.t - e.t); } });
      return out;
    }, s0);
    row.longtasks = await longtasksSince(page, lt0);
  } catch (error) {
    row.note = `failed: ${error.message.split('\n')[0]}`;
  }
  await page.close();
  return row;
}

async function measureToggle(context, base, view, words, d) {
  const selector = view === 'flow' ? '#flow-scale' : '#scale';
  const page = await context.newPage();
  const row = { view, words, d, latencies: [], longtasks: [] };
  try {
    await page.goto(urlFor(base, VIEW_SETUP[view].query(sentenceOf(words), d)));
    await waitReady(page);
    const { longtasks: lt0 } = await benchState(page);
    for (let i = 0; i < OPTIONS.toggles; i++) {
      const { starts } = await benchState(page);
      await page.click(selector);
      const latency = await paintedAfter(page, starts, 60000);
      if (latency === null) break;
      row.latencies.push(latency);
      await settle(page);
    }
    row.longtasks = await longtasksSince(page, lt0);
  } catch (error) {
    row.note = `failed: ${error.message.split('\n')[0]}`;
  }
  await page.close();
  return row;
}

/**
 * The embedding space with 500 GloVe words laid out, then "ambiguous words in context: untrained
 * block" chosen: the longest pause of the main thread (a 10 ms heartbeat) until the senses report
 * is drawn. The class block on 112 sentences ran on the page's thread before the core was split.
 */
async function measureSensesPause(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${base}?view=space&spn=500`);
  await page.waitForSelector('#space-view[data-layout][data-report]', { timeout: 120000 });
  await page.evaluate(() => {
    window.__gaps = [];
    let last = performance.now();
    window.__beat = setInterval(() => { const now = performance.now(); window.__gaps.push(now - last); last = now; }, 10);
  });
  const started = Date.now();
  await page.selectOption('#space-data', 'ctx-block');
  await page.waitForSelector('#space-view[data-report] #space-senses-text', { timeout: 120000 });
  const drawnMs = Date.now() - started;
  const pause = await page.evaluate(() => Math.max(0, ...window.__gaps));
  await context.close();
  return { pause, drawnMs };
}

/** Navigation start → the attn_weights heatmap painted, and the bytes over the wire, on a cold cache. */
async function measureColdLoad(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let wire = 0;
  const encodings = {};
  cdp.on('Network.loadingFinished', (e) => { wire += e.encodedDataLength; });
  cdp.on('Network.responseReceived', (e) => {
    const enc = e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'identity';
    const ext = (new URL(e.response.url).pathname.match(/\.[a-z0-9]+$/) ?? ['/'])[0];
    encodings[ext] = enc;
  });
  await page.goto(base);
  await page.waitForFunction(() => window.__bench.firstHeatmap > 0, null, { timeout: 120000, polling: 20 });
  const result = await page.evaluate(() => {
    const longtasks = window.__bench.longtasks.filter((l) => l.start < window.__bench.firstHeatmap).map((l) => l.duration);
    return { firstHeatmap: window.__bench.firstHeatmap, longtasks };
  });
  await waitReady(page);
  await context.close();
  return { ...result, wire, encodings };
}

/** Renderer memory after loading a synthetic GloVe text file of `dim` dimensions into the qkv view. */
async function measureVectorFile(browser, base, dim, file) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const row = { dim, heap: NaN, nodes: NaN, rss: NaN, loadMs: NaN, longtasks: [], editMs: NaN, editLongtasks: [], note: '' };
  const measure = async () => {
    await page.goto(urlFor(base, { view: 'qkv', source: 'file' }));
    await waitReady(page);
    const { longtasks: lt0 } = await benchState(page);
    const t0 = Date.now();
    await page.setInputFiles('#vector-file', file);
    const name = file.split('/').pop();
    await page.waitForFunction((n) => (document.querySelector('#vector-summary')?.textContent ?? '').includes(n)
      && document.querySelector('figure.heatmap[data-name="attn_weights"]'), name, { polling: 100, timeout: 0 });
    await settle(page);
    row.loadMs = Date.now() - t0;
    row.longtasks = await longtasksSince(page, lt0);
    await cdp.send('HeapProfiler.collectGarbage').catch(() => {});
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (n) => metrics.find((m) => m.name === n)?.value;
    row.heap = metric('JSHeapUsedSize');
    row.nodes = metric('Nodes');
    row.rss = await rendererRss(browser);
    // then five edits of the sentence with these vectors: key → every section drawn, long tasks
    const { longtasks: lt1 } = await benchState(page);
    await page.focus('#sentence');
    await page.keyboard.press('End');
    for (const key of [' ', 'w', 'a', 'Backspace', 'Backspace']) {
      const before = await page.evaluate(() => document.body.dataset.renders);
      const t = Date.now();
      await page.keyboard.press(key);
      await page.waitForFunction((n) => document.body.dataset.renders !== n, before, { polling: 'raf', timeout: 60000 });
      row.editMs = Math.max(Number.isNaN(row.editMs) ? 0 : row.editMs, Date.now() - t);
    }
    row.editLongtasks = await longtasksSince(page, lt1);
  };
  // The deadline is kept here, not by Playwright: a renderer stuck in one long task (the old SVG
  // heatmaps of a 1024 × 1024 W_q) answers no timeout of its own.
  let timer;
  const deadline = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('not drawn within 60 s')), 60000); });
  const work = measure();
  work.catch(() => {}); // it fails once its renderer is stopped below
  try {
    await Promise.race([work, deadline]);
  } catch (error) {
    // Note the memory of a page still busy, then stop its renderer, or closing it would wait.
    row.rss = await rendererRss(browser);
    row.note = `${error.message.split('\n')[0].slice(0, 60)}; renderer stopped at ${mb(row.rss)} RSS`;
    await stopRenderers(browser);
  } finally {
    clearTimeout(timer);
  }
  await context.close().catch(() => {});
  return row;
}

/** Ends this browser's renderer processes (only ours: their ids come from its own CDP). */
async function stopRenderers(browser) {
  try {
    const session = await browser.newBrowserCDPSession();
    const { processInfo } = await session.send('SystemInfo.getProcessInfo');
    await session.detach();
    for (const { type, id } of processInfo) if (type === 'renderer') process.kill(id, 'SIGKILL');
  } catch { /* already gone */ }
}

/**
 * The largest resident set among the browser's renderer processes, in bytes: their ids from CDP
 * SystemInfo.getProcessInfo, their VmRSS from /proc (Linux only).
 */
async function rendererRss(browser) {
  try {
    const session = await browser.newBrowserCDPSession();
    const { processInfo } = await session.send('SystemInfo.getProcessInfo');
    await session.detach();
    let best = NaN;
    for (const { type, id } of processInfo) {
      if (type !== 'renderer') continue;
      const line = readFileSync(`/proc/${id}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
      const bytes = Number(line[1]) * 1024;
      if (!(bytes <= best)) best = bytes;
    }
    return best;
  } catch {
    return NaN;
  }
}

/** A GloVe-format text file: the class sentence's words plus `extra` random words, `dim` values each. */
function makeVectorFile(dir, dim, extra = 3000) {
  const file = join(dir, `synthetic-${dim}d.txt`);
  let seed = dim;
  const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const words = ['bank', 'of', 'the', 'river', 'account', 'has', 'money'];
  for (let i = 0; i < extra; i++) words.push(`w${Array.from({ length: 6 }, () => letters[Math.floor(rand() * 26)]).join('')}${i}`);
  const lines = words.map((w) => `${w} ${Array.from({ length: dim }, () => (rand() * 2 - 1).toFixed(5)).join(' ')}`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

function machineFacts() {
  const sh = (c, a) => { try { return execFileSync(c, a, { encoding: 'utf8' }).trim(); } catch { return '?'; } };
  let commit = sh('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD']);
  if (sh('git', ['-C', ROOT, 'status', '--porcelain', '--', 'web', 'vite.config.js', 'vite-plugins']) !== '') commit += ' (with uncommitted page changes)';
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    cpu: `${cpus()[0]?.model ?? '?'} × ${cpus().length}`,
    memory: `${(totalmem() / 2 ** 30).toFixed(0)} GiB`,
    kernel: release(),
    node: process.version,
    chromium: sh('/usr/bin/chromium', ['--version']).split('\n').pop(),
    commit,
    load: sh('cat', ['/proc/loadavg']).split(' ').slice(0, 3).join(' '),
  };
}

// ---- report ----------------------------------------------------------------------------
function typingTable(rows, before) {
  const prior = (r) => before?.typing?.find((b) => b.view === r.view && b.words === r.words && b.d === r.d);
  const lines = [
    '| view | words | d_model | edits | input → painted p50 / p95 / max | before p50 / p95 / max | key → all drawn p50 / p95 | before | key → text box max | long tasks (max) | DOM elements |',
    '|---|---:|---:|---:|---|---|---|---|---:|---|---:|',
  ];
  for (const r of rows) {
    const b = prior(r);
    const cell = (x) => (x ? `${ms(pct(x.latencies, 50))} / ${ms(pct(x.latencies, 95))} / ${ms(Math.max(...x.latencies))}` : '–');
    const all = (x) => (x?.allDrawn?.length ? `${ms(pct(x.allDrawn, 50))} / ${ms(pct(x.allDrawn, 95))}` : '–');
    lines.push(`| ${r.view} | ${r.words} | ${r.d} | ${r.latencies.length} | ${cell(r)} | ${b ? cell(b) : '–'} | ${all(r)} | ${all(b)} | ${ms(pct(r.keyToInput, 100))} | ${r.longtasks.length} (${ms(Math.max(0, ...r.longtasks))}) | ${r.dom}${r.note ? ` ${r.note}` : ''} |`);
  }
  return lines.join('\n');
}

function report(results, before) {
  const out = [];
  out.push(`### Typing into the sentence field (one key at a time, each drawn before the next)\n`);
  out.push(typingTable(results.typing, before));
  if (results.bursts.length) {
    out.push(`\n### A burst of 10 keys at 100 ms intervals\n`);
    out.push('| view | words | d_model | key → text box p50 / max | last key → painted | before | long tasks (max) |');
    out.push('|---|---:|---:|---|---:|---:|---|');
    for (const r of results.bursts) {
      const b = before?.bursts?.find((x) => x.view === r.view && x.words === r.words && x.d === r.d);
      out.push(`| ${r.view} | ${r.words} | ${r.d} | ${ms(pct(r.keyToInput, 50))} / ${ms(pct(r.keyToInput, 100))} | ${ms(r.last)} | ${b ? `${ms(pct(b.keyToInput, 100))} to the box, ${ms(b.last)} painted` : '–'} | ${r.longtasks.length} (${ms(Math.max(0, ...r.longtasks))}) |`);
    }
  }
  if (results.toggles.length) {
    out.push(`\n### The ÷√d_k toggle (click → painted)\n`);
    out.push('| view | words | d_model | clicks | p50 / max | before p50 / max | long tasks (max) |');
    out.push('|---|---:|---:|---:|---|---|---|');
    for (const r of results.toggles) {
      const b = before?.toggles?.find((x) => x.view === r.view && x.words === r.words && x.d === r.d);
      const cell = (x) => `${ms(pct(x.latencies, 50))} / ${ms(Math.max(...x.latencies))}`;
      out.push(`| ${r.view} | ${r.words} | ${r.d} | ${r.latencies.length} | ${cell(r)} | ${b ? cell(b) : '–'} | ${r.longtasks.length} (${ms(Math.max(0, ...r.longtasks))}) |`);
    }
  }
  if (results.cold.length) {
    const first = results.cold.map((c) => c.firstHeatmap);
    const lt = results.cold.flatMap((c) => c.longtasks);
    const c0 = results.cold[0];
    const bf = before?.cold?.length ? before.cold : null;
    out.push(`\n### Cold start of the default view (qkv), cache disabled, ${results.cold.length} loads\n`);
    out.push('| | this run | before |');
    out.push('|---|---:|---:|');
    out.push(`| navigation → attn_weights heatmap painted (median / max) | ${ms(pct(first, 50))} / ${ms(Math.max(...first))} | ${bf ? `${ms(pct(bf.map((c) => c.firstHeatmap), 50))} / ${ms(Math.max(...bf.map((c) => c.firstHeatmap)))}` : '–'} |`);
    out.push(`| longest task before it | ${ms(Math.max(0, ...lt))} | ${bf ? ms(Math.max(0, ...bf.flatMap((c) => c.longtasks))) : '–'} |`);
    out.push(`| bytes over the wire (all requests of the load) | ${kb(c0.wire)} | ${bf ? kb(bf[0].wire) : '–'} |`);
    out.push(`| encodings | ${Object.entries(c0.encodings).map(([k, v]) => `${k} ${v}`).join(', ')} | ${bf ? Object.entries(bf[0].encodings).map(([k, v]) => `${k} ${v}`).join(', ') : '–'} |`);
  }
  if (results.senses?.length) {
    const bs = before?.senses?.length ? before.senses : null;
    const cell = (rows) => `${ms(pct(rows.map((r) => r.pause), 50))} / ${ms(Math.max(...rows.map((r) => r.pause)))}`;
    out.push(`\n### The embedding space: choosing the ambiguous words in context (untrained block), ${results.senses.length} times\n`);
    out.push('| | this run | before |');
    out.push('|---|---:|---:|');
    out.push(`| longest main-thread pause until the senses are drawn (median / max) | ${cell(results.senses)} | ${bs ? cell(bs) : '–'} |`);
  }
  if (results.memory.length) {
    out.push(`\n### After loading a synthetic GloVe text file (3,007 words) into the qkv view\n`);
    out.push('Memory: JS heap used after a forced GC (CDP `Performance.getMetrics` JSHeapUsedSize; the wasm heap is');
    out.push('an ArrayBuffer outside it) and the renderer process\'s resident set (VmRSS from /proc, Linux only).\n');
    out.push('| vectors | file → heatmap | JS heap used | renderer RSS | DOM nodes | long tasks (max) | then 5 edits: key → all drawn (max), long tasks (max) | before: file → heatmap, heap, RSS |');
    out.push('|---|---:|---:|---:|---:|---|---|---|');
    for (const r of results.memory) {
      const b = before?.memory?.find((x) => x.dim === r.dim);
      out.push(`| ${r.dim}-d | ${ms(r.loadMs)} | ${mb(r.heap)} | ${mb(r.rss)} | ${r.nodes ?? '–'} | ${r.longtasks.length} (${ms(Math.max(0, ...r.longtasks))}) | ${ms(r.editMs)}, ${(r.editLongtasks ?? []).length} (${ms(Math.max(0, ...(r.editLongtasks ?? [])))}) | ${b ? `${ms(b.loadMs)}, ${mb(b.heap)}, ${mb(b.rss)}` : '–'}${r.note ? ` ${r.note}` : ''} |`);
    }
  }
  return out.join('\n');
}

// ---- main ------------------------------------------------------------------------------
buildIfMissing();
if (OPTIONS.against) {
  OPTIONS.distBefore = buildCommit(OPTIONS.against);
  if (OPTIONS.beforeLabel === 'the other build') OPTIONS.beforeLabel = `commit ${OPTIONS.against}`;
}
const recorded = OPTIONS.before ? JSON.parse(readFileSync(OPTIONS.before, 'utf8')) : null;
const facts = machineFacts();
const server = await serveDist({ root: join(ROOT, 'dist') });
const serverBefore = OPTIONS.distBefore ? await serveDist({ root: resolve(OPTIONS.distBefore) }) : null;
const paired = serverBefore
  ? { facts: { commit: `${OPTIONS.beforeLabel}, measured in this run`, date: facts.date }, typing: [], bursts: [], toggles: [], cold: [], senses: [], memory: recorded?.memory ?? [] }
  : null;
const before = paired ?? recorded;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const started = Date.now();
const results = { facts, options: OPTIONS, typing: [], bursts: [], toggles: [], cold: [], senses: [], memory: [] };
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  await context.addInitScript(instrument);
  for (const view of OPTIONS.views) {
    for (const d of OPTIONS.dims) {
      for (const words of OPTIONS.words) {
        if (paired) paired.typing.push(await measureTyping(context, serverBefore.url, view, words, d));
        const row = await measureTyping(context, server.url, view, words, d);
        log(`${view} ${words} words d=${d}: p50 ${ms(pct(row.latencies, 50))} p95 ${ms(pct(row.latencies, 95))}, all drawn p95 ${ms(pct(row.allDrawn, 95))} (${row.latencies.length} edits) ${row.note}`);
        results.typing.push(row);
      }
    }
  }
  if (OPTIONS.views.includes('qkv')) {
    const words = Math.max(...OPTIONS.words);
    const d = Math.max(...OPTIONS.dims);
    if (paired) paired.bursts.push(await measureBurst(context, serverBefore.url, 'qkv', words, d));
    const burst = await measureBurst(context, server.url, 'qkv', words, d);
    log(`burst qkv ${words} words d=${d}: key → box max ${ms(pct(burst.keyToInput, 100))}, last → painted ${ms(burst.last)}`);
    results.bursts.push(burst);
    for (const dd of OPTIONS.dims) {
      if (paired) paired.toggles.push(await measureToggle(context, serverBefore.url, 'qkv', words, dd));
      const toggle = await measureToggle(context, server.url, 'qkv', words, dd);
      log(`toggle qkv ${words} words d=${dd}: p50 ${ms(pct(toggle.latencies, 50))} max ${ms(Math.max(...toggle.latencies))}`);
      results.toggles.push(toggle);
    }
  }
  await context.close();
  for (let i = 0; i < OPTIONS.coldLoads; i++) {
    if (paired) paired.cold.push(await measureColdLoad(browser, serverBefore.url));
    const cold = await measureColdLoad(browser, server.url);
    log(`cold load: first heatmap ${ms(cold.firstHeatmap)}, ${kb(cold.wire)} over the wire`);
    results.cold.push(cold);
  }
  for (let i = 0; i < OPTIONS.sensesRuns; i++) {
    if (paired) paired.senses.push(await measureSensesPause(browser, serverBefore.url));
    const row = await measureSensesPause(browser, server.url);
    log(`space, words in context: longest main-thread pause ${ms(row.pause)}, drawn in ${ms(row.drawnMs)}`);
    results.senses.push(row);
  }
  if (OPTIONS.memory) {
    const dir = mkdtempSync(join(tmpdir(), 'aw-bench-vectors-'));
    for (const dim of [300, 1024]) {
      const row = await measureVectorFile(browser, server.url, dim, makeVectorFile(dir, dim));
      log(`${dim}-d file: ${ms(row.loadMs)}, heap ${mb(row.heap)}, renderer RSS ${mb(row.rss)} ${row.note}`);
      results.memory.push(row);
    }
  }
} finally {
  await browser.close();
  await server.stop();
  await serverBefore?.stop();
}
results.seconds = Math.round((Date.now() - started) / 1000);
if (paired) results.pairedBefore = paired;

const table = report(results, before);
console.log(table);
if (OPTIONS.saveJson) writeFileSync(OPTIONS.saveJson, `${JSON.stringify(results, null, 1)}\n`);
if (OPTIONS.write) {
  const md = `# Page speed: results

Written by \`node bench/page.mjs\` (\`npm run bench:page\`); see bench/README.md for what is measured.
A benchmark on a shared 2-core machine: the numbers are noisy, and nothing asserts on them.
${paired ? `"before" is ${OPTIONS.beforeLabel}, measured in this same run, alternating row by row with dist/ (the machine's load hits both alike)${recorded ? `; the memory rows' "before" is ${recorded.facts.commit} from ${OPTIONS.before} (${recorded.facts.date})` : ''}.` : before ? `"before" is ${before.facts.commit} measured on ${before.facts.date} (${OPTIONS.before}; load then: ${before.facts.load}).` : ''}

| | |
|---|---|
${Object.entries(facts).map(([k, v]) => `| ${k} | ${v} |`).join('\n')}
| run | ${OPTIONS.label}: ${results.seconds} s; views ${OPTIONS.views.join(', ')}; ${OPTIONS.words.join('/')} words; d_model ${OPTIONS.dims.join('/')}; up to ${OPTIONS.edits} edits or ${OPTIONS.budgetMs / 1000} s per row |

${table}
`;
  writeFileSync(join(ROOT, 'bench/PAGE_RESULTS.md'), md);
  log('wrote bench/PAGE_RESULTS.md');
}
log(`done in ${results.seconds} s`);
