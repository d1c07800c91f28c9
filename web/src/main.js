// Page start-up: read the state from the URL, start the core, mount the chosen view, and
// redraw it on every change. The views (views/index.js) do the drawing; the core does the math.
// Cross-cutting parts live here so every view gets them: the "copy link" field, embed mode
// (?embed=1, components/embed.js), the notice for ignored link settings, and the offline cache
// (a service worker, registered when the page is served over http(s)).
import './styles.css';
import './components/unchanged-text.js'; // before any drawing: text already right is not written again
import './components/unchanged-attributes.js'; // and attributes and classes already right
import { loadAttentionCore } from './core/view-core.js';
import { stateFromQuery, queryFromState, applyTiedWidths, applyViewDefaults, patchedState } from './state.js';
import { VIEWS, FIGURES, DEFAULT_VIEW_ID, COURSE_PARTS } from './views/index.js';
import { drawNav, startChaptersMenu } from './components/nav.js';
import { drawNextChapter } from './components/next-chapter.js';
import { courseMap, courseStart } from './components/course-map.js';
import { createShare } from './components/share.js';
import { startEmbed } from './components/embed.js';
import { holdRenders, whenSectionsDrawn } from './components/deferred.js';
import { createCoreJobs } from './core/core-jobs.js';
import { createEmbedCode } from './components/embed-code.js';
import { figureId } from './components/figures.js';
import { arrangeFirstScreen } from './components/first-screen.js';
import { startPresent } from './components/present.js';
import { revealFold } from './components/more.js';

const app = document.getElementById('app');
const nav = document.getElementById('views-nav');
const { state, ignored } = stateFromQuery(window.location.search);
// a figure the link asked for by a name that does not exist: embedded, a message lists the real ones
const askedFigure = new URLSearchParams(window.location.search).get('figure');
const unknownFigure = askedFigure !== null && !state.figure ? askedFigure : null;
let core;
let jobs; // the core calls that run in a worker when they are big (core/core-jobs.js)
let active; // {view, instance} of the mounted view
let share;
let embed;
let present; // present mode (?present=1): one stage per screen
let embedCode; // the Embed button on each figure (components/embed-code.js)
let placeKeyFigure = () => {}; // after each drawing (components/first-screen.js)

function viewById(id) {
  return VIEWS.find((v) => v.id === id) ?? VIEWS[0];
}

function mountView() {
  const view = viewById(state.view);
  active?.instance.unmount?.(); // a view's worker or timers stop when it is left
  app.replaceChildren();
  active = { view, instance: view.mount(app, { core, jobs, state, update, remember, drawnLater: queueAfterDraw }) };
  // the full page opens on the sentence and the chapter's key figure; an embed is laid out already,
  // and present mode keeps the chapter's own order, one stage at a time
  // the default chapter (the root address) also shows the course map, under its live figure
  const extra = view.id === DEFAULT_VIEW_ID ? [courseMap({ views: VIEWS, parts: COURSE_PARTS, current: view.id, queryFor, onPick: (id) => update({ view: id }) })] : [];
  placeKeyFigure = state.embed || present ? () => {} : arrangeFirstScreen(app, view.firstScreen, FIGURES, extra);
  // and, above that figure, where the course starts: one tap to Class 04's first chapter on a phone
  if (extra.length && !state.embed && !present) {
    app.querySelector('.key-figure-slot')?.before(courseStart({ views: VIEWS, parts: COURSE_PARTS, queryFor, onPick: (id) => update({ view: id }) }));
  }
  drawNav(nav, { views: VIEWS, state, queryFor, onPick: (id) => update({ view: id }) });
  // the chapter ends with the next one (not in an embed, which is one chapter or figure, nor in present mode)
  if (!state.embed && !present) drawNextChapter(app, { views: VIEWS, current: view.id, queryFor, onPick: (id) => update({ view: id }) });
  document.title = `${view.title} · Attention Whiteboard`;
  document.body.dataset.view = view.id;
}

function render() {
  cancelScheduledRender(); // this render draws the latest state: a scheduled one is superseded
  const started = performance.now();
  try {
    active.instance.render(state);
    afterDraw();
  } catch (error) {
    // A view that fails to draw must still say so where the learner looks.
    active.instance.status?.error(`Something went wrong drawing this view: ${error.message}`);
    console.error(error);
  }
  lastRenderMs = performance.now() - started;
  keysSinceRender = 0;
  // Two counters tests (and curious readers) can watch. data-shown changes once the visible part
  // is drawn; data-renders once every section is (those off screen follow, components/deferred.js).
  document.body.dataset.shown = String(Number(document.body.dataset.shown ?? 0) + 1);
  // Sentences the page's core has computed so far: tests check one per sentence per edit.
  document.body.dataset.sentencesComputed = String(core.sentencesComputed());
  if (!renderCounted) {
    renderCounted = true;
    rendering = true;
    whenSectionsDrawn(countRender);
    rendering = false;
  }
  share?.update(linkFor({}));
}

/**
 * What follows the view's drawing, kept here so no component watches the DOM: the key figure
 * goes under the sentence, present mode shows the current stage, an embed shows its figure (or
 * says why not) and posts its height, and each figure gets its Embed button. Run after each
 * render, once every section of it is drawn, and after each drawing outside a render (a view
 * calls the `drawnLater` it was mounted with: a worker's answer, a model loaded).
 */
function afterDraw() {
  placeKeyFigure();
  present?.update();
  embed?.update();
  embedCode?.update();
}

let afterDrawQueued = false;
/** afterDraw once, at the end of the current task, however many drawings ask for it. */
function queueAfterDraw() {
  if (afterDrawQueued) return;
  afterDrawQueued = true;
  queueMicrotask(() => {
    afterDrawQueued = false;
    if (active) afterDraw();
  });
}

let renderCounted = false;
let rendering = false; // inside render(), which has run afterDraw already
function countRender() {
  renderCounted = false;
  if (!rendering) afterDraw(); // sections drawn after the render's frame may hold figures
  // A keystroke's address not yet written is written first, so a render counted as finished has
  // its address too; that happens in a task of its own, after the frame, not in the render's.
  if (addressPending) afterRenderTask.port2.postMessage(null);
  else bumpRenders();
}

const afterRenderTask = new MessageChannel();
afterRenderTask.port1.onmessage = () => {
  flushAddress();
  bumpRenders();
};

function bumpRenders() {
  document.body.dataset.renders = String(Number(document.body.dataset.renders ?? 0) + 1);
  document.body.dataset.ready = 'true';
}

// Typing is drawn once per frame, with no fixed delay: every keystroke updates the state at once
// and asks for a render; all the keystrokes that arrive before the next frame share one render.
// A view whose last render took at most IN_FRAME_RENDER_MS renders inside that frame (the letter
// and its numbers painted together); a slower one renders just after the frame is painted, so the
// text box shows the new letter before the redraw starts. When keys pile up behind a slow view (two or more since its last render, and
// that render took more than a frame's budget: a big sentence at d_model 64), the render waits for
// them to pause for as long as one render takes, at most MAX_TYPING_HOLD_MS: otherwise each key
// would queue behind a render and the text box would fall behind the typist. A single key is
// drawn in the next frame.
// Hidden pages get no frames: a timer stands in for them.
const SLOW_RENDER_MS = 50;
const IN_FRAME_RENDER_MS = 16;
const MAX_TYPING_HOLD_MS = 300;
let scheduledFrame = 0;
let scheduledTimer = 0;
let lastRenderMs = 0;
let lastTypingAt = -Infinity;
let keysSinceRender = 0;
const afterPaintChannel = new MessageChannel();
afterPaintChannel.port1.onmessage = renderScheduled;

function scheduleRender({ typing }) {
  if (typing) {
    lastTypingAt = performance.now();
    keysSinceRender += 1;
  }
  if (scheduledFrame) return;
  // A render that fits in a frame runs inside it, so the letter and its numbers are painted
  // together; a slower one runs just after that frame is painted, so the letter shows first.
  scheduledFrame = requestAnimationFrame(() => {
    if (lastRenderMs <= IN_FRAME_RENDER_MS) renderScheduled();
    else afterPaintChannel.port2.postMessage(null);
  });
  scheduledTimer = setTimeout(renderScheduled, 500);
}

function renderScheduled() {
  if (!scheduledFrame) return; // drawn already
  const hold = Math.min(lastRenderMs, MAX_TYPING_HOLD_MS) - (performance.now() - lastTypingAt);
  if (lastRenderMs > SLOW_RENDER_MS && keysSinceRender >= 2 && hold > 0) {
    clearTimeout(scheduledTimer);
    scheduledTimer = setTimeout(renderScheduled, hold);
    return;
  }
  render();
}

function cancelScheduledRender() {
  if (!scheduledFrame) return;
  cancelAnimationFrame(scheduledFrame);
  clearTimeout(scheduledTimer);
  scheduledFrame = 0;
}

function queryFor(patch) {
  return queryFromState(patchedState(state, patch));
}

/** The absolute address of the current state (with `patch` applied), for sharing. */
function linkFor(patch) {
  return new URL(`${window.location.pathname}${queryFor(patch)}`, window.location.href).href;
}

/** The embed link of one figure at the current state (its view is the figure's own). */
function figureEmbedLink(figure, controls = 'sentence') {
  return linkFor({ embed: true, figure, controls, view: FIGURES[figure].view });
}

/** From an embed to the full page: the same state, without embed, scrolled to the figure shown. */
function fullPageLink() {
  const link = linkFor({ embed: false, figure: '', controls: 'sentence' });
  return state.figure ? `${link}#${figureId(state.figure)}` : link;
}

/**
 * figure= without embed=1 opens the full page at that figure: the name becomes the address's
 * #figure-<name>, as the embeds' "open the full page" links write it.
 */
function figureToAnchor() {
  if (state.embed) return;
  if (state.figure) window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}#${figureId(state.figure)}`);
  state.figure = '';
  state.controls = 'sentence';
}

/** The full page opened at a figure (#figure-<name>) scrolls to it once it is drawn. */
function scrollToAnchoredFigure() {
  const { hash } = window.location;
  if (!hash.startsWith('#figure-')) return;
  const figure = document.getElementById(decodeURIComponent(hash.slice(1)));
  revealFold(figure); // a figure in a "More: …" fold is shown with it open
  figure?.scrollIntoView({ block: 'start' });
}

// Back and Forward: each settled edit is one history entry. The first change after a pause opens
// a new entry (pushState); the changes that follow it within SETTLE_MS (the keystrokes of a word,
// a slider's drag) rewrite that entry (replaceState); a pause, a `change` event (a text field
// left, a box ticked) or a change of view settles it. Embedded, the page only rewrites its entry:
// a widget must not fill its host page's history.
const SETTLE_MS = 1000;
let editing = false;
let settleTimer;

function addressOf() {
  return `${window.location.pathname}${queryFromState(state)}${window.location.hash}`;
}

function writeAddress({ newEntry }) {
  const address = addressOf();
  const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  if (newEntry && !state.embed && address !== current) window.history.pushState(null, '', address);
  else window.history.replaceState(null, '', address);
}

function settle() {
  editing = false;
  clearTimeout(settleTimer);
}

// A keystroke's address is written when the browser is idle, not before its frame: Chromium's
// replaceState took 10-35 ms a key at times. The pending write is made before a render is
// counted as finished (body[data-renders], in a task after the render's), so what a test reads after it is current;
// Back or Forward drop it (the address they bring is the state).
let addressPending = null; // {newEntry} of the edit not yet written
let addressIdle = 0;

function queueAddress(newEntry) {
  addressPending = { newEntry: Boolean(addressPending?.newEntry) || newEntry };
  if (addressIdle) return;
  addressIdle = typeof requestIdleCallback === 'function'
    ? requestIdleCallback(flushAddress, { timeout: 500 })
    : setTimeout(flushAddress, 50);
}

function flushAddress() {
  addressIdle = 0;
  if (!addressPending) return;
  const { newEntry } = addressPending;
  addressPending = null;
  writeAddress({ newEntry });
}

/** Records a change of the state in the address bar (see the history note above). */
function recordEdit({ viewChanged, typing = false }) {
  if (viewChanged) {
    settle();
    addressPending = null;
    writeAddress({ newEntry: true });
    return;
  }
  if (typing) queueAddress(!editing);
  else {
    flushAddress();
    writeAddress({ newEntry: !editing });
  }
  editing = true;
  clearTimeout(settleTimer);
  settleTimer = setTimeout(settle, SETTLE_MS);
}

/**
 * Changes the shared state and redraws. `{typing: true}` (text fields, on every keystroke) and
 * `{afterPaint: true}` (a change that arrives with work of its own done, such as a vector file's
 * table: drawing it in the same task would make one long pause) draw just after the next frame
 * is painted; other changes (a click, a choice) draw now.
 */
function update(patch, { typing = false, afterPaint = false } = {}) {
  if (patch.inputError) {
    active.instance.status?.error(patch.inputError);
    return;
  }
  const viewChanged = 'view' in patch && patch.view !== state.view;
  const from = state.view;
  Object.assign(state, patch);
  applyViewDefaults(state, from, patch); // a setting at the old view's default takes the new view's (the lab's GloVe)
  applyTiedWidths(state);
  recordEdit({ viewChanged, typing });
  if (viewChanged) {
    present?.restart();
    if (present) state.presentStage = 1;
    mountView();
    window.scrollTo(0, 0);
  }
  if ((typing || afterPaint) && !viewChanged) scheduleRender({ typing });
  else render();
}

/** Back or Forward: the state comes from the address of the history entry. */
function restoreFromAddress() {
  settle();
  addressPending = null;
  const { state: next } = stateFromQuery(window.location.search);
  const changed = Object.keys(next).filter((key) => next[key] !== state[key]);
  if (!changed.length) return;
  const viewChanged = next.view !== state.view;
  Object.assign(state, next);
  if (viewChanged) {
    mountView();
    render();
    window.scrollTo(0, 0);
    return;
  }
  // Text fields tagged with data-state-key are put right here; any other control is rebuilt
  // from the state by mounting the view again, where the reader was.
  const fields = [...app.querySelectorAll('[data-state-key]')];
  const tagged = new Set(fields.map((el) => el.dataset.stateKey));
  if (changed.every((key) => tagged.has(key))) {
    for (const el of fields) {
      const value = String(state[el.dataset.stateKey] ?? '');
      if (el.value !== value) el.value = value;
    }
    render();
    return;
  }
  const { scrollX, scrollY } = window;
  mountView();
  render();
  window.scrollTo(scrollX, scrollY);
}

let rememberTimer;
/** Changes the state and the link, but not the drawing (a selected cell, say). */
function remember(patch) {
  Object.assign(state, patch);
  clearTimeout(rememberTimer);
  // hovering sweeps across many cells: write the address once the pointer rests
  rememberTimer = setTimeout(() => {
    flushAddress(); // a keystroke's entry first, so this does not take its place
    window.history.replaceState(null, '', addressOf());
    share?.update(linkFor({}));
    embed?.update();
  }, 150);
}

/** Says which link settings were dropped: in the view's message area, or above it. */
function noticeIgnored() {
  if (!ignored.length) return;
  showNotice(`Ignored unknown or invalid link settings: ${ignored.map((k) => k.slice(0, 40)).join(', ')}.`);
}

/** A page-level notice where the learner looks: the view's message area, or above the view. */
function showNotice(text) {
  if (active?.instance.status?.prependNotice) {
    active.instance.status.prependNotice(text);
    return;
  }
  const p = document.createElement('p');
  p.className = 'notice';
  p.setAttribute('role', 'status');
  p.textContent = text;
  app.prepend(p);
}

/** A notice above the view that stays when the view redraws or changes (said once per text). */
function showLastingNotice(text) {
  let holder = document.getElementById('page-notices');
  if (!holder) {
    holder = document.createElement('div');
    holder.id = 'page-notices';
    holder.setAttribute('role', 'status');
    app.before(holder);
  }
  if ([...holder.children].some((p) => p.textContent === text)) return;
  const p = document.createElement('p');
  p.className = 'notice';
  p.textContent = text;
  holder.append(p);
}

/** The notice for a pack the service worker could not store (see vite-plugins/offline-cache.js). */
function packNotStoredText({ path, bytes, reason }) {
  const what = /\/models\//.test(path) ? 'The trained model' : /\/data\//.test(path) ? 'The GloVe subset' : 'A downloaded file';
  const size = bytes > 0 ? ` (${(bytes / 1e6).toFixed(1)} MB)` : '';
  const why = reason === 'QuotaExceededError' ? 'the browser’s storage for this site is full' : `the browser refused to store it (${reason})`;
  return `${what} works now, but ${why}, so it was not kept for offline use: the next visit downloads it again${size}. Freeing site storage in the browser’s settings fixes this.`;
}

function registerOfflineCache() {
  // Only the built, served site has a service worker (public sw.js is generated at build time).
  if (!import.meta.env.PROD || import.meta.env.VITE_SINGLE_FILE || !('serviceWorker' in navigator)) return;
  if (!/^https?:$/.test(window.location.protocol)) return;
  // The worker stores a large pack while the page reads it; if the browser refuses (storage
  // full), the page works now but the pack is not kept for offline use: say so.
  navigator.serviceWorker.addEventListener('message', ({ data }) => {
    if (data?.type === 'pack-not-stored') showLastingNotice(packNotStoredText(data));
    // the paths of the packs now kept for offline use: a signal for tests (nothing is shown)
    if (data?.type === 'pack-stored' && typeof data.path === 'string') {
      const stored = new Set((document.body.dataset.packsStored ?? '').split(' ').filter(Boolean)).add(data.path);
      document.body.dataset.packsStored = [...stored].join(' ');
    }
  });
  navigator.serviceWorker.register('./sw.js').catch(() => {
    // e.g. storage blocked for a framed page: the page still works, just not offline
  });
}

/** The page's frame before the core is ready: chapters, the view's title and sentence, progress. */
function drawSkeleton() {
  const view = viewById(state.view);
  drawNav(nav, { views: VIEWS, state, queryFor, onPick: (id) => { const from = state.view; state.view = id; applyViewDefaults(state, from); drawSkeleton(); recordEdit({ viewChanged: true }); } });
  document.title = `${view.title} · Attention Whiteboard`;
  const loading = document.getElementById('loading');
  let skeleton = document.getElementById('view-skeleton');
  if (!skeleton) {
    skeleton = document.createElement('section');
    skeleton.id = 'view-skeleton';
    skeleton.className = 'view skeleton';
    skeleton.setAttribute('aria-busy', 'true');
    app.insertBefore(skeleton, loading);
  }
  skeleton.replaceChildren();
  const title = document.createElement('h2');
  title.textContent = view.title;
  skeleton.append(title);
  // the chapter's sentence field (its descriptor's `skeletonField`): what is typed there while the core starts is kept
  const key = view.skeletonField;
  if (key) {
    const label = document.createElement('label');
    label.className = 'control sentence';
    label.textContent = 'Sentence';
    const input = document.createElement('input');
    input.type = 'text';
    input.id = 'skeleton-sentence';
    input.dataset.stateKey = key;
    input.value = state[key];
    input.autocomplete = 'off';
    input.spellcheck = false;
    label.append(input);
    skeleton.append(label);
  }
}

/** Download progress of the .wasm: a bar while its size is known, else the bytes so far. */
function showProgress(received, total) {
  const bar = document.getElementById('loading-progress');
  const text = document.getElementById('loading-text');
  if (!bar || !text) return;
  const kb = Math.round(received / 1024);
  if (total) {
    bar.max = total;
    bar.value = Math.min(received, total);
    text.textContent = `Starting the attention core: ${kb} of ${Math.round(total / 1024)} KB downloaded…`;
  } else {
    text.textContent = `Starting the attention core: ${kb} KB downloaded…`;
  }
  if (total && received >= total) text.textContent = 'Starting the attention core: compiling…';
}

async function start() {
  figureToAnchor();
  if (state.embed) {
    embed = startEmbed(app, {
      fullPageUrl: fullPageLink, viewId: () => state.view, figure: state.figure, controls: state.controls,
      unknownFigure, figureLink: (name) => figureEmbedLink(name, state.controls), figures: FIGURES,
    });
  } else {
    if (state.present) {
      present = startPresent(app, {
        stage: state.presentStage,
        onStage: (stage) => remember({ presentStage: stage }),
        exitLink: () => linkFor({ present: false, presentStage: 1 }),
        chapters: VIEWS, chapter: () => state.view, onChapter: (id) => update({ view: id }),
      });
    }
    share = createShare(document.getElementById('share'));
    startChaptersMenu(document.getElementById('chapters-menu'));
  }
  // every figure of a view gets a "Copy embed code" button (not in a figure embed: it is the figure)
  if (!state.figure) embedCode = createEmbedCode(app, { embedLink: figureEmbedLink, figures: FIGURES });
  drawSkeleton();
  // Back and Forward work from the start: before the core is ready they move the skeleton.
  window.addEventListener('popstate', () => {
    if (active) {
      restoreFromAddress();
      return;
    }
    Object.assign(state, stateFromQuery(window.location.search).state);
    drawSkeleton();
  });
  try {
    core = await loadAttentionCore({ onProgress: showProgress });
  } catch (error) {
    document.getElementById('loading').textContent = `The attention core could not start: ${error.message}`;
    return;
  }
  // What was typed into the skeleton's field while the core started is kept.
  const typed = document.getElementById('skeleton-sentence');
  if (typed && typed.value !== state[typed.dataset.stateKey]) state[typed.dataset.stateKey] = typed.value;
  // an answer computed in the worker holds the render counter until it is drawn (deferred.js)
  jobs = createCoreJobs(core, { onAnswer: render, hold: holdRenders });
  document.getElementById('simd-status').textContent = core.info.simd ? 'with SIMD' : 'without SIMD';
  document.getElementById('simd-note').hidden = false;
  // The address bar shows what is used: dropped settings leave it, defaults are not repeated.
  window.history.replaceState(null, '', addressOf());
  mountView();
  render();
  // A text field left or a box ticked ends the current edit: the next change is a new entry.
  app.addEventListener('change', settle);
  noticeIgnored();
  scrollToAnchoredFigure();
  registerOfflineCache();
}

start();
