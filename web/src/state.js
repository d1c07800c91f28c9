// The page's one state object, and its round trip through the URL's query string.
// Only known keys are read; each is checked and clamped; anything else is reported, never used.

export const PAGE_LIMITS = { maxTokens: 64, maxWidth: 64, maxSeed: 2 ** 31 - 1 };

export const DEFAULT_STATE = Object.freeze({
  sentence: 'Bank of the river',
  sentence2: 'bank account has money', // the bank experiment's second sentence
  target: 'bank',
  source: 'numpy',
  dModel: 8,
  dK: 8,
  dV: 8,
  tieWidths: true, // d_k = d_v = d_model, as the notebook sets d_k = d_model
  embedSeed: 0,
  projSeed: 1,
  scale: true,
  causal: false,
});

const SOURCES = ['numpy', 'torch'];

// URL key -> [state key, parser]
const PARAMS = {
  s: ['sentence', (v) => v.slice(0, 2000)],
  s2: ['sentence2', (v) => v.slice(0, 2000)],
  t: ['target', (v) => v.slice(0, 64)],
  source: ['source', (v) => (SOURCES.includes(v) ? v : undefined)],
  d: ['dModel', (v) => intIn(v, 1, PAGE_LIMITS.maxWidth)],
  dk: ['dK', (v) => intIn(v, 1, PAGE_LIMITS.maxWidth)],
  dv: ['dV', (v) => intIn(v, 1, PAGE_LIMITS.maxWidth)],
  tie: ['tieWidths', flag],
  seed: ['embedSeed', (v) => intIn(v, 0, PAGE_LIMITS.maxSeed)],
  pseed: ['projSeed', (v) => intIn(v, 0, PAGE_LIMITS.maxSeed)],
  scale: ['scale', flag],
  causal: ['causal', flag],
};

function intIn(text, lo, hi) {
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= lo && n <= hi ? n : undefined;
}

function flag(text) {
  if (text === '1' || text === 'true') return true;
  if (text === '0' || text === 'false') return false;
  return undefined;
}

/** Reads a state from a query string; returns it with a list of what was ignored. */
export function stateFromQuery(search) {
  const params = new URLSearchParams(search);
  const state = { ...DEFAULT_STATE };
  const ignored = [];
  for (const [key, value] of params) {
    const entry = PARAMS[key];
    const parsed = entry ? entry[1](value) : undefined;
    if (parsed === undefined) ignored.push(key);
    else state[entry[0]] = parsed;
  }
  if (state.tieWidths) {
    state.dK = state.dModel;
    state.dV = state.dModel;
  }
  return { state, ignored };
}

/** The query string for a state: only what differs from the defaults. */
export function queryFromState(state) {
  const params = new URLSearchParams();
  for (const [key, [stateKey]] of Object.entries(PARAMS)) {
    const value = state[stateKey];
    if (value === DEFAULT_STATE[stateKey]) continue;
    if (state.tieWidths && (stateKey === 'dK' || stateKey === 'dV')) continue;
    params.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
