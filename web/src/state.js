// The page's one state object, and its round trip through the URL's query string.
// The parameters are the shared ones below plus those each chapter declares (views/<id>/chapter.js).
// Only known keys are read; each is checked by its parser; anything else is reported, never used.
import { PAGE_LIMITS } from './limits.js';
import { intIn, flag, oneOf, text } from './params.js';
import { CHAPTERS, DEFAULT_VIEW_ID, FIGURES, FIGURE_NAMES } from './views/chapters.js';
import { SOURCE_VALUES } from './vectors/store.js';
import { CONTROLS_VALUES } from './components/figures.js';

/** Shared by every view: the sentence, where the numbers come from, widths, seeds, toggles. */
const SHARED_PARAMS = [
  { url: 'view', key: 'view', parse: oneOf(CHAPTERS.map((c) => c.id)), default: DEFAULT_VIEW_ID },
  { url: 's', key: 'sentence', parse: text(PAGE_LIMITS.maxChars), default: 'Bank of the river' },
  // numpy/torch: the notebooks' random tables; onehot; glove: the bundled subset; file: the learner's
  { url: 'source', key: 'source', parse: oneOf(SOURCE_VALUES), default: 'numpy' },
  // what a pretrained table does with a word it lacks
  { url: 'oov', key: 'oov', parse: oneOf(['skip', 'zero', 'random']), default: 'zero' },
  { url: 'd', key: 'dModel', parse: intIn(1, PAGE_LIMITS.maxWidth), default: 8 },
  { url: 'dk', key: 'dK', parse: intIn(1, PAGE_LIMITS.maxWidth), default: 8 },
  { url: 'dv', key: 'dV', parse: intIn(1, PAGE_LIMITS.maxWidth), default: 8 },
  // d_k = d_v = d_model, as the notebook sets d_k = d_model
  { url: 'tie', key: 'tieWidths', parse: flag, default: true },
  { url: 'seed', key: 'embedSeed', parse: intIn(0, PAGE_LIMITS.maxSeed), default: 0 },
  { url: 'pseed', key: 'projSeed', parse: intIn(0, PAGE_LIMITS.maxSeed), default: 1 },
  { url: 'scale', key: 'scale', parse: flag, default: true },
  { url: 'causal', key: 'causal', parse: flag, default: false },
  // embed=1: only the chosen view, compact, for an iframe (main.js, components/embed.js)
  { url: 'embed', key: 'embed', parse: flag, default: false },
  // with embed=1: one figure alone (the registry: views/chapters.js), with the sentence field or nothing else
  { url: 'figure', key: 'figure', parse: oneOf(FIGURE_NAMES), default: '' },
  { url: 'controls', key: 'controls', parse: oneOf(CONTROLS_VALUES), default: 'sentence' },
  // present=1: large type, one stage per screen, keys to move (components/present.js); stage= where
  { url: 'present', key: 'present', parse: flag, default: false },
  { url: 'stage', key: 'presentStage', parse: intIn(1, 99), default: 1 },
];

export const PARAMS = [...SHARED_PARAMS, ...CHAPTERS.flatMap((chapter) => chapter.params ?? [])];
for (const [i, p] of PARAMS.entries()) {
  if (PARAMS.findIndex((q) => q.url === p.url || q.key === p.key) !== i) {
    throw new Error(`URL parameter "${p.url}" (${p.key}) is declared twice`);
  }
}

export const DEFAULT_STATE = Object.freeze(Object.fromEntries(PARAMS.map((p) => [p.key, p.default])));

/**
 * The defaults of one view: the shared ones with the chapter's own `defaults` over them (the lab
 * starts on GloVe, as the assignment does). A setting left at its view's default is not written
 * into the link, and it follows the view when the learner moves to another chapter.
 */
export function defaultsFor(viewId) {
  const chapter = CHAPTERS.find((c) => c.id === viewId);
  return chapter?.defaults ? { ...DEFAULT_STATE, ...chapter.defaults } : DEFAULT_STATE;
}

/**
 * Moving from view `from` to `state.view`: each setting one of the two views sets a default for
 * takes the new view's default when it still holds the old view's (a choice the learner made is
 * kept), unless `patch` sets it. Changes `state` and returns it.
 */
export function applyViewDefaults(state, from, patch = {}) {
  if (from === state.view) return state;
  const before = defaultsFor(from);
  const after = defaultsFor(state.view);
  const keys = new Set([...Object.keys(CHAPTERS.find((c) => c.id === from)?.defaults ?? {}), ...Object.keys(CHAPTERS.find((c) => c.id === state.view)?.defaults ?? {})]);
  for (const key of keys) {
    if (!(key in patch) && state[key] === before[key]) state[key] = after[key];
  }
  return state;
}

/** `state` with `patch` applied (view defaults followed, widths tied): a new object. */
export function patchedState(state, patch) {
  const next = { ...state, ...patch };
  if ('view' in patch) applyViewDefaults(next, state.view, patch);
  return applyTiedWidths(next);
}

/** Keeps d_k and d_v equal to d_model while the widths are tied. */
export function applyTiedWidths(state) {
  if (state.tieWidths) {
    state.dK = state.dModel;
    state.dV = state.dModel;
  }
  return state;
}

/** A figure belongs to one view: figure=flow opens the flow chapter whatever `view` says. */
function applyFigureView(state) {
  if (state.figure) state.view = FIGURES[state.figure].view;
  return state;
}

/** Reads a state from a query string; returns it with the list of keys that were ignored. */
export function stateFromQuery(search) {
  const byUrl = new Map(PARAMS.map((p) => [p.url, p]));
  const state = { ...DEFAULT_STATE };
  const ignored = [];
  const given = new Set();
  for (const [key, value] of new URLSearchParams(search)) {
    const param = byUrl.get(key);
    const parsed = param ? param.parse(value) : undefined;
    if (parsed === undefined) ignored.push(key);
    else {
      state[param.key] = parsed;
      given.add(param.key);
    }
  }
  applyFigureView(state);
  // what the link does not say takes the view's own default
  for (const [key, value] of Object.entries(defaultsFor(state.view))) {
    if (!given.has(key) && value !== DEFAULT_STATE[key]) state[key] = value;
  }
  return { state: applyTiedWidths(state), ignored };
}

/** The query string for a state: only what differs from the defaults. */
export function queryFromState(state) {
  const params = new URLSearchParams();
  const defaults = defaultsFor(state.view);
  for (const { url, key } of PARAMS) {
    const value = state[key];
    if (value === defaults[key]) continue;
    if (state.tieWidths && (key === 'dK' || key === 'dV')) continue;
    params.set(url, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
