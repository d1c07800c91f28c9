// Page start-up: read the state from the URL, start the core, draw, and redraw on change.
import './styles.css';
import { loadAttentionCore } from './core/attention-core.js';
import { stateFromQuery, queryFromState } from './state.js';
import { buildWorkbench, drawWorkbench, syncControls } from './views/workbench.js';

const app = document.getElementById('app');
const { state, ignored } = stateFromQuery(window.location.search);
const selected = { i: 0, j: 0 };
let core;
let resultsEl;

function showMessages(notices) {
  const box = document.getElementById('messages');
  box.replaceChildren(...notices.map((text) => Object.assign(document.createElement('p'), { className: 'notice', textContent: text })));
}

function showError(message) {
  const box = document.getElementById('error');
  box.replaceChildren();
  if (message) box.append(Object.assign(document.createElement('p'), { className: 'error', textContent: message }));
  resultsEl?.classList.toggle('stale', Boolean(message));
}

function render() {
  // A counter tests (and curious readers) can watch: it changes after every attempt.
  document.body.dataset.renders = String(Number(document.body.dataset.renders ?? 0) + 1);
  syncControls(app, state);
  let report;
  let experiment = null;
  try {
    report = core.workbench({ ...state, maxTokens: 64 });
  } catch (error) {
    // Keep the last good result on screen (dimmed) and say what is wrong next to the input.
    showError(error instanceof Error ? error.message : String(error));
    return;
  }
  const notices = Array.from(report.notices);
  try {
    experiment = core.bankExperiment({ ...state, maxTokens: 64 });
  } catch (error) {
    notices.push(`Bank comparison: ${error.message}`);
  }
  showError('');
  showMessages(notices);
  drawWorkbench(resultsEl, { core, report, experiment, state, selected, onChange: update });
  document.body.dataset.ready = 'true';
}

function update(patch) {
  if (patch.inputError) {
    showError(patch.inputError);
    return;
  }
  Object.assign(state, patch);
  if (state.tieWidths) {
    state.dK = state.dModel;
    state.dV = state.dModel;
  }
  window.history.replaceState(null, '', `${window.location.pathname}${queryFromState(state)}${window.location.hash}`);
  render();
}

async function start() {
  try {
    core = await loadAttentionCore();
  } catch (error) {
    document.getElementById('loading').textContent = `The attention core could not start: ${error.message}`;
    return;
  }
  document.getElementById('loading').remove();
  document.getElementById('simd-status').textContent = core.info.simd ? 'with SIMD' : 'without SIMD';
  resultsEl = buildWorkbench(app, { state, onChange: update });
  render();
  if (ignored.length) {
    const box = document.getElementById('messages');
    box.prepend(Object.assign(document.createElement('p'), { className: 'notice', textContent: `Ignored unknown or invalid link settings: ${ignored.map((k) => k.slice(0, 40)).join(', ')}.` }));
  }
}

start();
