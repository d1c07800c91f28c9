// Page start-up: read the state from the URL, start the core, mount the chosen view, and
// redraw it on every change. The views (views/index.js) do the drawing; the core does the math.
import './styles.css';
import { loadAttentionCore } from './core/attention-core.js';
import { stateFromQuery, queryFromState, applyTiedWidths } from './state.js';
import { VIEWS } from './views/index.js';
import { drawNav } from './components/nav.js';

const app = document.getElementById('app');
const nav = document.getElementById('views-nav');
const { state, ignored } = stateFromQuery(window.location.search);
let core;
let active; // {view, instance} of the mounted view

function viewById(id) {
  return VIEWS.find((v) => v.id === id) ?? VIEWS[0];
}

function mountView() {
  const view = viewById(state.view);
  app.replaceChildren();
  active = { view, instance: view.mount(app, { core, state, update }) };
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
  document.body.dataset.ready = 'true';
}

function queryFor(patch) {
  return queryFromState(applyTiedWidths({ ...state, ...patch }));
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

async function start() {
  try {
    core = await loadAttentionCore();
  } catch (error) {
    document.getElementById('loading').textContent = `The attention core could not start: ${error.message}`;
    return;
  }
  document.getElementById('simd-status').textContent = core.info.simd ? 'with SIMD' : 'without SIMD';
  mountView();
  render();
  if (ignored.length) {
    active.instance.status?.prependNotice(
      `Ignored unknown or invalid link settings: ${ignored.map((k) => k.slice(0, 40)).join(', ')}.`,
    );
  }
}

start();
