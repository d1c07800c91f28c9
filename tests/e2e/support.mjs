// Shared helpers for the end-to-end tests: a static server for dist/ (with the page's CSP as a
// header; scripts/static-server.mjs) and Debian's Chromium driven by playwright-core.
import { readFile } from 'node:fs/promises';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after } from 'node:test';
import { chromium } from 'playwright-core';
import { CSP, ISOLATION_HEADERS } from '../../vite-plugins/csp.js';
import { contentType, fileUnder, listen, requestPath } from '../../scripts/static-server.mjs';
import { loadCore } from '../js/load-core.js';

export const DIST = resolve(fileURLToPath(new URL('../../dist', import.meta.url)));
/**
 * Serves `root` on 127.0.0.1 at a free port, plain (no compressed copies), with the page's CSP
 * unless `csp` is null, and cross-origin isolated only when `isolated` (as an embedded page is
 * not; scripts/serve-dist.mjs isolates); resolves to {url, served, close, stop}; stop() also drops
 * open connections.
 */
export async function serveStatic(root = DIST, { csp = CSP, isolated = false } = {}) {
  const served = []; // every path asked for, in order: what the page and its workers downloaded
  const { url, close, stop } = await listen(async (req, res) => {
    try {
      const path = requestPath(req);
      served.push(path);
      const file = await fileUnder(root, path);
      const body = await readFile(file);
      const headers = { 'Content-Type': contentType(file), 'Content-Length': body.length };
      if (csp) headers['Content-Security-Policy'] = csp;
      if (isolated) Object.assign(headers, ISOLATION_HEADERS);
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  return { url, served, close, stop };
}

const openContexts = new Set();
const profiles = [];
// When the file's tests end: every browser a failed test left open is closed, then every profile is
// removed (removing one as its browser closes lost the race with Chromium's last writes, 32 times a run).
after(async () => {
  for (const context of [...openContexts]) await context.close().catch(() => {});
  for (const profile of profiles) {
    try { rmSync(profile, { recursive: true, force: true, maxRetries: 3 }); } catch { /* a leftover temp folder fails no test */ }
  }
});

/** Debian's Chromium, headless, with a fresh profile (or the folder given) and no background networking. */
export async function launchBrowser(options = {}, profile = mkdtempSync(join(tmpdir(), 'aw-chromium-'))) {
  // `profile`: a benchmark passes its own, to find the browser's processes by it
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    ...options,
  });
  // Tests wait on the page's own signals; a timeout only ends a test that is already failing. Two
  // test files share CI's two cores, so the default wait is twice Playwright's 30 s.
  context.setDefaultTimeout(60_000);
  // Closed when the file's tests end if the test that launched it did not get to close it: a
  // browser left open by a failed assertion kept keep-alive connections to the server, so the file
  // never ended and CI ran into its time limit.
  openContexts.add(context);
  profiles.push(profile);
  context.on('close', () => openContexts.delete(context));
  return context;
}

/**
 * What most test files share, for top-level await: the built site served, one Chromium (with
 * `browserOptions`), and the core run in Node to compare the page with. Closed after the
 * file's tests.
 */
export async function openSite(browserOptions = {}) {
  const [server, context, core] = await Promise.all([serveStatic(), launchBrowser(browserOptions), loadCore()]);
  // stop() also drops keep-alive connections, which close() would wait on for ever
  after(() => server.stop());
  return { server, context, core };
}

/** Opens the page and waits until the core has drawn a result. Collects console errors. */
export async function openPage(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  return { page, errors };
}

/**
 * Records every request the context makes (pages, frames, workers) into the returned array,
 * as {url, frame}; call it before opening pages.
 */
export function recordRequests(context) {
  const requests = [];
  context.on('request', (r) => requests.push(r.url()));
  return requests;
}

/** Requests whose origin is not one of `allowed` (data: and blob: never leave the machine). */
export function foreignRequests(requests, allowed) {
  const origins = new Set(allowed.map((u) => new URL(u).origin));
  return requests.filter((u) => {
    const { protocol, origin } = new URL(u);
    if (protocol === 'data:' || protocol === 'blob:') return false;
    return !origins.has(origin);
  });
}

/**
 * Listens for Content-Security-Policy violations in every page of the context (from before any
 * script of the page runs) and collects console errors that mention the policy. Read them
 * with `cspViolations(page)`.
 */
export async function watchCsp(context) {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
}

export async function cspViolations(page) {
  return page.evaluate(() => window.__cspViolations ?? ['the CSP listener is missing']);
}

/** Every view id, read from the chapter navigation of a loaded page. */
export async function viewIds(page) {
  return page.$$eval('#views-nav a', (links) => links.map((a) => a.dataset.view));
}

/**
 * What does not fit the page's width, as text for an assertion message: the page itself, every
 * element that scrolls sideways inside it, and every SVG text drawn outside its picture (cut off).
 * The heatmaps' table equivalents (.matrix-table) are left out: opened by hand, they keep their
 * 2-D grid in a box of their own.
 */
export async function misfits(page) {
  return page.evaluate(() => {
    const out = [];
    const name = (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
    const page = document.documentElement.scrollWidth - window.innerWidth;
    if (page > 0) out.push(`the page scrolls sideways by ${page} px`);
    for (const el of document.querySelectorAll('#app *')) {
      if (el.closest('.matrix-table') || !el.getClientRects().length) continue;
      const { overflowX } = getComputedStyle(el);
      // A heatmap too wide for its room scrolls in its own box, a labelled Tab stop (issue 15:
      // its type is never shrunk); nothing else may.
      const ownBox = el.matches('.heatmap-plot.scrolls[tabindex="0"][role="region"][aria-label]');
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1 && !ownBox) {
        out.push(`${name(el)} scrolls sideways (${el.clientWidth} of ${el.scrollWidth} px)`);
      }
    }
    for (const svg of document.querySelectorAll('#app svg')) {
      const box = svg.getBoundingClientRect();
      if (!box.width) continue;
      for (const t of svg.querySelectorAll('text')) {
        const r = t.getBoundingClientRect();
        if (!r.width) continue;
        if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) {
          out.push(`${name(svg)} cuts off “${t.textContent}”`);
        }
      }
    }
    return out;
  });
}

/**
 * Resizes the page and waits until the views have redrawn for the new width: they wait for
 * resizing to pause, then the page writes the width it caught up with in body[data-width]
 * (components/width-signal.js).
 */
export async function resizeTo(page, width, height = 800) {
  await page.setViewportSize({ width, height });
  await page.waitForFunction((w) => document.body.dataset.width === String(w), width);
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
}

/**
 * Scrolls the named heatmap into view and waits for its own signal that its cells show the
 * latest values (data-drawn="true"): a map off screen is drawn only when it comes into view.
 * `page` may be a Page or a Frame. Resolves to a Locator of the figure.
 */
export async function showHeatmap(page, name) {
  await openFoldsAround(page, `figure.heatmap[data-name="${name}"]`);
  const figure = page.locator(`figure.heatmap[data-name="${name}"]`).filter({ visible: true }).first();
  await figure.scrollIntoViewIfNeeded();
  await figure.and(page.locator('[data-drawn="true"]')).waitFor();
  return figure;
}

/**
 * The values of the named heatmap as the page shows them, in row-major order: each cell's
 * tooltip (a small map has one element per cell), or for a large map drawn as an image, the
 * numbers its own Export menu saves as JSON.
 */
export async function heatmapValues(page, name) {
  const figure = await showHeatmap(page, name);
  if (await figure.evaluate((f) => !f.classList.contains('image-mode'))) {
    return figure.evaluate((f) => Array.from(f.querySelectorAll('.cell title'), (t) => Number(t.textContent.split(' = ').pop())));
  }
  const menu = figure.locator('.export-menu');
  if (!(await menu.evaluate((d) => d.open))) await menu.locator('summary').click();
  const [download] = await Promise.all([page.waitForEvent('download'), menu.locator('button[data-format="json"]').click()]);
  const saved = JSON.parse(readFileSync(await download.path(), 'utf8'));
  await menu.locator('summary').click();
  const parse = (v) => ({ '-inf': -Infinity, inf: Infinity, nan: NaN })[v] ?? v;
  return Object.values(saved)[0].values.flat().map(parse);
}

/** Brings every heatmap of the page into view in turn and waits until each is drawn. */
/**
 * Waits for what the page's workers answer after body[data-ready]: on the embedding space, its
 * layout's report (or the state it stopped in). A scan or a measurement before it would see the
 * panels arrive under it.
 */
export async function settled(page) {
  if (await page.locator('#space-view').count()) {
    await page.waitForSelector('#space-view[data-report], #space-view[data-state]', { state: 'attached' });
  }
}

export async function drawAllHeatmaps(page) {
  await settled(page);
  await openFolds(page); // the maps in "More: …" folds too
  for (const figure of await page.locator('figure.heatmap').filter({ visible: true }).all()) {
    await figure.scrollIntoViewIfNeeded();
    await figure.and(page.locator('[data-drawn="true"]')).waitFor();
  }
}

/**
 * Makes the page's Clipboard API accept, refuse or be missing. Whether Chromium's real clipboard
 * accepts a write depends on window focus, which a headless run does not control; so the three
 * outcomes the page must handle (accepted, refused, none: file://, some frames) are set up
 * explicitly. What is accepted goes to window.copied.
 */
export function clipboardWill(page, behaviour) {
  return page.evaluate((how) => {
    window.copied = [];
    const clipboard = how === 'missing' ? undefined : {
      writeText: async (text) => {
        if (how === 'refuse') throw new DOMException('Document is not focused.', 'NotAllowedError');
        window.copied.push(text);
      },
    };
    Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  }, behaviour);
}

/**
 * The words a reader sees in the chapter (issue 34): the text of every rendered element of #app,
 * less what is not read as text. Left out: the contents of a closed <details> and anything hidden
 * (not rendered), the heatmaps' "Show as table" tables (.matrix-table), SVG and canvas text (a
 * figure's labels), text for screen readers only (.visually-hidden), the options of a select
 * (one shows), and, unless `withCourseMap`, the course map the default chapter shows under its
 * figure and its start line above it (the page's table of contents, not the chapter's text; the
 * root address is counted with them). A word is a run of non-space characters with a letter in
 * it: a number alone is a value, like a figure's cell. Resolves to {words, byPart}: byPart counts
 * the words under each top-level part of the chapter (its section's heading, or its class), for
 * a message that says where the words are.
 */
export function visibleWords(page, { withCourseMap = false } = {}) {
  return page.evaluate((withMap) => {
    const skip = `svg, canvas, .matrix-table, .visually-hidden, option, script, style, template${withMap ? '' : ', .course-map, .course-start'}`;
    const app = document.querySelector('#app');
    const walker = document.createTreeWalker(app, NodeFilter.SHOW_TEXT);
    let words = 0;
    const byPart = {};
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest(skip)) continue;
      // a closed <details>'s contents and hidden elements are not rendered
      if (!el.checkVisibility({ visibilityProperty: true }) || !el.getClientRects().length) continue;
      const n = node.textContent.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
      if (!n) continue;
      words += n;
      const part = el.closest('section[aria-labelledby], nav, form, .course-start');
      const label = part?.getAttribute('aria-labelledby') ?? part?.className ?? 'view';
      byPart[label] = (byPart[label] ?? 0) + n;
    }
    return { words, byPart };
  }, withCourseMap);
}

/**
 * Opens the "More: …" folds (components/more.js) of the page, or those under `scope`, as a reader
 * clicking each summary would: a fold inside a closed one is opened after it. Resolves to how
 * many it opened.
 */
export async function openFolds(page, scope = '#app') {
  let opened = 0;
  for (;;) {
    const closed = page.locator(`${scope} details.more:not([open]) > summary`).filter({ visible: true });
    if (!(await closed.count())) return opened;
    await closed.first().click();
    opened += 1;
  }
}

/**
 * Opens the closed "More: …" folds around the first element matching `selector` (outermost first),
 * by clicking their summaries as a reader would. `page` may be a Page or a Frame. Resolves to how
 * many it opened (0 when the element is in none, or absent).
 */
export async function openFoldsAround(page, selector) {
  let opened = 0;
  for (;;) {
    const found = await page.evaluate((sel) => {
      for (const d of document.querySelectorAll('[data-fold-to-open]')) delete d.dataset.foldToOpen;
      const el = document.querySelector(sel);
      let outer = null;
      for (let d = el?.closest('details.more'); d; d = d.parentElement?.closest('details.more')) if (!d.open) outer = d;
      if (outer) outer.dataset.foldToOpen = 'yes';
      return Boolean(outer);
    }, selector);
    if (!found) return opened;
    const fold = page.locator('details.more[data-fold-to-open]');
    await fold.locator(':scope > summary').click();
    await fold.and(page.locator('[open]')).waitFor({ state: 'attached' });
    opened += 1;
  }
}
