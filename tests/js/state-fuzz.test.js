// URL state parsing, fuzzed: 20,000 query strings from a seeded generator (real keys and junk,
// values in and out of each parser's domain, huge numbers, unicode, broken %-escapes, repeated
// keys). stateFromQuery must never throw, must keep every value inside its parser's domain with
// the type of its default, and queryFromState must write a query that reads back to the same state.
// The seed is fixed so a failure repeats; the failing query is in the message.
import { describe, it, expect } from 'vitest';
import { PARAMS, DEFAULT_STATE, stateFromQuery, queryFromState } from '../../web/src/state.js';
import { VIEWS } from '../../web/src/views/index.js';
import { SOURCE_VALUES } from '../../web/src/vectors/store.js';
import { FIGURES, FIGURE_NAMES } from '../../web/src/views/chapters.js';
import { CONTROLS_VALUES } from '../../web/src/components/figures.js';
import { TABLE_SCALES } from '../../web/src/views/flow/chapter.js';
import { prng } from '../prng.mjs';

const SEED = 20;
const CASES = 20000;


// Words some parser accepts (the enumerations), so oneOf parsers are hit inside their domain too.
const KNOWN_WORDS = [
  ...VIEWS.map((v) => v.id), ...SOURCE_VALUES, ...FIGURE_NAMES, ...CONTROLS_VALUES, ...TABLE_SCALES.map(String),
  'skip', 'zero', 'random', 'free', 'qkv', 'both', 'left', 'right', 'true', 'false', '1', '0',
];
const NASTY_VALUES = [
  '', 'NaN', 'Infinity', '-Infinity', '-1', '-0', '0.5', '1e3', '0x10', ' 3', '3 ', '+3', '007', '2147483647', '2147483648',
  '4294967296', '9999999999', '99999999999', '1'.repeat(400), '１２', '٣', 'null', 'undefined', '__proto__', 'constructor',
  '0,0', '63,63', '64,0', '1,2,3', ',', '%', '%2', '%ZZ', '%C3', '%C3%28', '%F0%9F%98', '%ED%A0%80', '%00', '%FF%FE', '&', '=', '==',
  '+', '%2B', '#', '?', ';', '\u0000', '\u202e', '\ud83d\ude00', 'e\u0301', '<b>x</b>', 'Bank of the river',
];
const TEXT_LIMITS = [40, 64, 400, 500, 2000];
const UNICODE_PIECES = ['a', 'Z', ' ', '\u00e9', '\u4e2d', '\ud83d\ude00', '\ud83c\udff3\ufe0f\u200d\ud83c\udf08', '\u0000', '\t', '\u200b', '%', '+', '&', '='];
const JUNK_KEYS = ['', 'x', 'View', 'S', 'd ', '__proto__', 'constructor', 'toString', '%', '%zz', '\u00e9', 'a=b', 'heads'];

function randomText(r, length) {
  let s = '';
  while (s.length < length) s += r.pick(UNICODE_PIECES);
  return s;
}

/** Text about as long as one of the text parsers' caps, so a cut lands on every kind of character. */
function nearLimitText(r) {
  // the 20,000-character cap (the sentence) is rare: its queries cost a hundred times the others
  const limit = r.chance(0.03) ? 20000 : r.pick(TEXT_LIMITS);
  const filler = r.pick(['a', '\u00e9', '\ud83d\ude00']);
  let s = filler.repeat(Math.max(0, Math.floor((limit - 4) / filler.length)));
  s += randomText(r, 2 + r.int(6));
  return s;
}

function randomNumberText(r) {
  return r.pick([
    () => String(r.int(70)),
    () => String(r.int(2 ** 31)),
    () => String(2 ** 31 + r.int(1000)),
    () => String(r.next() * 1e12),
    () => String(-r.int(100)),
    () => `${r.int(64)},${r.int(70)}`,
    () => '9'.repeat(1 + r.int(25)),
  ])();
}

/** A value as it appears in a query: raw, or %-encoded (whole, or with broken escapes spliced in). */
function randomValue(r) {
  const value = r.pick([
    () => r.pick(KNOWN_WORDS),
    () => r.pick(NASTY_VALUES),
    () => randomNumberText(r),
    () => randomText(r, r.int(12)),
    () => nearLimitText(r),
  ])();
  return r.pick([
    () => value,
    () => encodeURIComponent(value),
    () => encodeURIComponent(value).replace(/%/g, () => (r.chance(0.2) ? r.pick(['%', '%Z', '%E2%8', '%%']) : '%')),
  ])();
}

function randomKey(r) {
  return r.chance(0.8) ? r.pick(PARAMS).url : r.pick(JUNK_KEYS);
}

function randomQuery(r) {
  const pairs = [];
  for (let n = r.int(10); n > 0; n -= 1) {
    const key = randomKey(r);
    const shape = r.int(10);
    if (shape === 0) pairs.push(key); // a key with no "="
    else pairs.push(`${key}=${randomValue(r)}`);
    if (r.chance(0.15)) pairs.push(pairs[pairs.length - 1]); // the same pair twice
  }
  const separator = r.pick(['&', '&', '&', '&&', ';']);
  return `${r.chance(0.7) ? '?' : ''}${pairs.join(separator)}`;
}

// A lone surrogate cannot be written into a URL: URLSearchParams turns it into U+FFFD.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** How queryFromState writes one value (a copy of its rule, to re-parse values one by one). */
const written = (value) => (typeof value === 'boolean' ? (value ? '1' : '0') : String(value));

/** What is wrong with one parsed state, as text; empty when it is valid. */
function problemsOf(state) {
  const problems = [];
  const keys = Object.keys(state).sort();
  const expected = PARAMS.map((p) => p.key).sort();
  if (JSON.stringify(keys) !== JSON.stringify(expected)) problems.push(`keys ${keys.join(',')}`);
  for (const p of PARAMS) {
    const value = state[p.key];
    if (value === p.default) continue;
    const type = p.default === null ? 'number' : typeof p.default;
    if (typeof value !== type) problems.push(`${p.url}: ${typeof value} ${JSON.stringify(value)}, want ${type}`);
    else if (typeof value === 'number' && !Number.isFinite(value)) problems.push(`${p.url}: ${value}`);
    else if (!Object.is(p.parse(written(value)), value)) problems.push(`${p.url}: ${JSON.stringify(value)} is outside its parser's domain`);
    if (typeof value === 'string' && LONE_SURROGATE.test(value)) problems.push(`${p.url}: a lone surrogate`);
  }
  if (state.tieWidths && (state.dK !== state.dModel || state.dV !== state.dModel)) problems.push('tied widths differ');
  if (state.figure && state.view !== FIGURES[state.figure].view) problems.push(`figure ${state.figure} in view ${state.view}`);
  return problems;
}

/** The keys whose values differ between two states (compared with Object.is). */
function differences(a, b) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => !Object.is(a[k], b[k])).map((k) => `${k}: ${JSON.stringify(a[k])?.slice(0, 80)} -> ${JSON.stringify(b[k])?.slice(0, 80)}`);
}

/** Everything wrong with one query's handling, as text (empty when all is well). */
function checkQuery(query) {
  let parsed;
  try {
    parsed = stateFromQuery(query);
  } catch (error) {
    return [`stateFromQuery threw ${error}`];
  }
  const problems = problemsOf(parsed.state);
  if (!Array.isArray(parsed.ignored)) problems.push('ignored is not a list');
  const again = stateFromQuery(queryFromState(parsed.state));
  problems.push(...differences(parsed.state, again.state).map((d) => `round trip changed ${d}`));
  if (again.ignored.length) problems.push(`round trip ignored ${again.ignored.join(',')}`);
  return problems;
}

describe('URL state parsing, fuzzed', () => {
  it(`${CASES} random queries (seed ${SEED}): no throw, valid values, exact round trip`, { timeout: 60000 }, () => {
    // Checked by hand and reported through one expect: expect() per case costs vitest seconds.
    const r = prng(SEED);
    for (let i = 0; i < CASES; i += 1) {
      const query = randomQuery(r);
      const problems = checkQuery(query);
      if (problems.length) {
        expect(problems, `case ${i} (seed ${SEED}), query ${JSON.stringify(query.slice(0, 300))}`).toEqual([]);
      }
    }
  });

  it('the defaults write an empty query', () => {
    expect(queryFromState({ ...DEFAULT_STATE })).toBe('');
  });

  it('text cut at its cap keeps whole characters (no half of an emoji)', () => {
    const emoji = '\ud83d\ude00';
    const { state } = stateFromQuery(`?wta=${encodeURIComponent(`${'a'.repeat(39)}${emoji}`)}`);
    expect(state.winTargetA).toBe('a'.repeat(39));
    expect(stateFromQuery(queryFromState(state)).state).toEqual(state);
  });
});
