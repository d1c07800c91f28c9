// Page start-up: read the state from the URL, start the core, mount the chosen view, and
// redraw it on every change. The views (views/index.js) do the drawing; the core does the math.
// Cross-cutting parts live here so every view gets them: the "copy link" field, embed mode
// (?embed=1, components/embed.js), the notice for ignored link settings, and the offline cache
// (a service worker, registered when the page is served over http(s)).
import './styles.css';
import { loadAttentionCore } from './core/attention-core.js';
import { stateFromQuery, queryFromState, applyTiedWidths } from './state.js';
import { VIEWS } from './views/index.js';
import { drawNav } from './components/nav.js';
import { createShare } from './components/share.js';
import { startEmbed } from './components/embed.js';

const app = document.getElementById('app');
const nav = document.getElementById('views-nav');
const { state, ignored } = stateFromQuery(window.location.search);
let core;
let active; // {view, instance} of the mounted view
let share;
let embed;

function viewById(id) {
  return VIEWS.find((v) => v.id === id) ?? VIEWS[0];
}

function mountView() {
  const view = viewById(state.view);
  app.replaceChildren();
  active = { view, instance: view.mount(app, { core, state, update, remember }) };
  drawNav(nav, { views: VIEWS, state, queryFor, onPick: (id) => update({ view: id }) });
  document.title = `${view.title} · Attention Whiteboard`;
}

function render() {
  // A counter tests (and curious readers) can watch: it changes after every attempt.
  document.body.dataset.renders = String(Number(document.body.dataset.renders ?? 0) + 1);
  try {
    active.instance.render(state);
  } catch (error) {
    // A view that fails to draw must still say so where the learner looks.
    active.instance.status?.error(`Something went wrong drawing this view: ${error.message}`);
    console.error(error);
  }
  share?.update(linkFor({}));
  embed?.update();
  document.body.dataset.ready = 'true';
}

function queryFor(patch) {
  return queryFromState(applyTiedWidths({ ...state, ...patch }));
}

/** The absolute address of the current state (with `patch` applied), for sharing. */
function linkFor(patch) {
  return new URL(`${window.location.pathname}${queryFor(patch)}`, window.location.href).href;
}

function update(patch) {
  if (patch.inputError) {
    active.instance.status?.error(patch.inputError);
    return;
  }
  const viewChanged = 'view' in patch && patch.view !== state.view;
  Object.assign(state, patch);
  applyTiedWidths(state);
  window.history.replaceState(null, '', `${window.location.pathname}${queryFromState(state)}${window.location.hash}`);
  if (viewChanged) {
    mountView();
    window.scrollTo(0, 0);
  }
  render();
}

let rememberTimer;
/** Changes the state and the link, but not the drawing (a selected cell, say). */
function remember(patch) {
  Object.assign(state, patch);
  clearTimeout(rememberTimer);
  // hovering sweeps across many cells: write the address once the pointer rests
  rememberTimer = setTimeout(() => {
    window.history.replaceState(null, '', `${window.location.pathname}${queryFromState(state)}${window.location.hash}`);
    share?.update(linkFor({}));
    embed?.update();
  }, 150);
}

/** Says which link settings were dropped: in the view's message area, or above it. */
function noticeIgnored() {
  if (!ignored.length) return;
  const text = `Ignored unknown or invalid link settings: ${ignored.map((k) => k.slice(0, 40)).join(', ')}.`;
  if (active.instance.status?.prependNotice) {
    active.instance.status.prependNotice(text);
    return;
  }
  const p = document.createElement('p');
  p.className = 'notice';
  p.setAttribute('role', 'status');
  p.textContent = text;
  app.prepend(p);
}

function registerOfflineCache() {
  // Only the built, served site has a service worker (public sw.js is generated at build time).
  if (!import.meta.env.PROD || import.meta.env.VITE_SINGLE_FILE || !('serviceWorker' in navigator)) return;
  if (!/^https?:$/.test(window.location.protocol)) return;
  navigator.serviceWorker.register('./sw.js').catch(() => {
    // e.g. storage blocked for a framed page: the page still works, just not offline
  });
}

async function start() {
  if (state.embed) embed = startEmbed(app, { fullPageUrl: () => linkFor({ embed: false }), viewId: () => state.view });
  else share = createShare(document.getElementById('share'));
  try {
    core = await loadAttentionCore();
  } catch (error) {
    document.getElementById('loading').textContent = `The attention core could not start: ${error.message}`;
    return;
  }
  document.getElementById('simd-status').textContent = core.info.simd ? 'with SIMD' : 'without SIMD';
  // The address bar shows what is used: dropped settings leave it, defaults are not repeated.
  window.history.replaceState(null, '', `${window.location.pathname}${queryFromState(state)}${window.location.hash}`);
  mountView();
  render();
  noticeIgnored();
  registerOfflineCache();
}

start();
