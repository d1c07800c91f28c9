// The assignment report (chapter 10): everything the Class 05 notes ask to record, gathered from
// one bank-experiment report of the core, as JSON, as Markdown, and as a NumPy script that
// recomputes the numbers from the same vectors. Text assembly only: every number is the core's.

const PROJECTION_TEXT = {
  torch: 'nn.Linear(d_model, d, bias=False) default (Kaiming-uniform: uniform within ±1/√d_model) initialisation after torch.manual_seed(seed)',
  numpy: 'np.random.default_rng(projection seed).normal(scale=0.5)',
};

const rows = (m) => Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));

/**
 * @param {object} experiment  core.bankExperiment(...) result
 * @param {object} state       the page state it was computed from
 * @param {{kind: string, name: string, fileName?: string, caseFacts?: string}} source  caseFacts: what the table holds
 *   (vectors/case-note.js), after the core's lookup rule
 */
export function buildLabReport(experiment, state, source) {
  const { first, second } = experiment;
  const sentence = (r, text) => ({
    text,
    tokens: Array.from(r.tokens, (t) => t.key),
    shapes: Array.from(r.shapes, (s) => ({ name: s.name, shape: [s.rows, s.cols], rows: s.rowAxis, cols: s.colAxis })),
    attn_weights: rows(r.projected.attn_weights),
    row_sums: Array.from(r.row_sums),
  });
  const torch = state.source === 'torch';
  const untrained = [
    { name: 'W_q, W_k, W_v', how: PROJECTION_TEXT[torch ? 'torch' : 'numpy'], shapes: [[first.W_q.rows, first.W_q.cols], [first.W_k.rows, first.W_k.cols], [first.W_v.rows, first.W_v.cols]] },
  ];
  if (state.source === 'numpy' || torch) untrained.unshift({ name: 'embedding table', how: torch ? 'nn.Embedding default N(0, 1) after torch.manual_seed(seed)' : 'np.random.default_rng(seed).normal', shapes: [[second.table.vectors.rows, second.table.vectors.cols]] });
  // GloVe is known to be trained; a learner's file could hold anything, so it is listed apart
  const trained = [];
  const unknown = [];
  if (state.source === 'glove') trained.push({ name: 'embedding table', how: `pretrained (${first.sourceName}), used as fixed lookups: nothing here updates it` });
  if (state.source === 'file') unknown.push({ name: 'embedding table', how: `your vectors (${source.fileName ?? first.sourceName}), used as fixed lookups: nothing here updates them, and whether they were trained this page cannot tell` });
  const missing = [...new Set([...(first.oov?.missing ?? []), ...(second.oov?.missing ?? [])])];
  return {
    generated_by: 'Attention Whiteboard (C++ core compiled to WebAssembly)',
    source: { kind: state.source, name: first.sourceName, file: source.fileName ?? null, d_model: first.dModel, d_k: first.dK, d_v: first.dV },
    settings: { scale: state.scale, causal: state.causal, embed_seed: state.embedSeed, proj_seed: torch ? null : state.projSeed, oov_policy: first.oov?.policy ?? null },
    target: state.target,
    missing_words: first.oov ? { words: missing, policy: first.oov.policy, consequence: first.oov.consequence || 'none (no word was missing)', case_handling: [first.oov.caseNote, source.caseFacts].filter(Boolean).join(' ') } : { words: Array.from(second.table.added), policy: 'random vectors drawn after the course vocabulary', consequence: 'they carry no meaning', case_handling: 'lookup keys are lowercased' },
    sentences: [sentence(first, state.sentence), sentence(second, state.sentence2)],
    cosines: Object.fromEntries(Array.from(experiment.cosines, (c) => [c.name, c.value])),
    contextual_vs_raw_words: Object.fromEntries(Array.from(experiment.contextualVsRawWords, (c) => [c.name, c.value])),
    untrained_parameters: untrained,
    trained_but_frozen: trained,
    frozen_of_unknown_origin: unknown,
    not_parameters: 'attn_weights: computed from the input by softmax(Q Kᵀ / √d_k) for each sentence, not learned',
    table: { words: Array.from(second.table.words), vectors: rows(second.table.vectors) },
    projections: torch ? { W_q: rows(first.W_q), W_k: rows(first.W_k), W_v: rows(first.W_v) } : null,
  };
}

const fmt = (x) => (x == null ? 'undefined' : Number(x).toFixed(4));
const matrixMd = (labels, m) => [
  `| | ${labels.join(' | ')} | row sum |`,
  `|---|${labels.map(() => '---').join('|')}|---|`,
  ...m.attn_weights.map((row, i) => `| ${labels[i]} | ${row.map(fmt).join(' | ')} | ${fmt(m.row_sums[i])} |`),
].join('\n');

/** The report as Markdown, for a notebook or a hand-in. */
export function labMarkdown(r) {
  const out = [];
  out.push('# Assignment report: self-attention with word vectors', '');
  out.push(`- Source: ${r.source.name}${r.source.file ? ` (file ${r.source.file})` : ''}`);
  out.push(`- Widths: d_model = ${r.source.d_model}, d_k = ${r.source.d_k}, d_v = ${r.source.d_v}`);
  out.push(`- Scaling by √d_k: ${r.settings.scale ? 'on' : 'off'}; causal mask: ${r.settings.causal ? 'on' : 'off'}`);
  out.push(r.missing_words.words.length
    ? `- Missing words: ${r.missing_words.words.join(', ')} (policy: ${r.missing_words.policy}). ${r.missing_words.consequence}`
    : `- Missing words: none (policy: ${r.missing_words.policy}, not needed)`);
  out.push(`- Case handling: ${r.missing_words.case_handling}`, '');
  r.sentences.forEach((s, k) => {
    out.push(`## Sentence ${k + 1}: “${s.text}”`, '', `Tokens: ${s.tokens.join(' ')}`, '', '| matrix | shape | rows | columns |', '|---|---|---|---|');
    for (const sh of s.shapes) out.push(`| ${sh.name} | (${sh.shape.join(', ')}) | ${sh.rows} | ${sh.cols} |`);
    out.push('', 'attn_weights (each row sums to 1):', '', matrixMd(s.tokens, s), '');
  });
  out.push(`## Cosines of “${r.target}”`, '', '| comparison | cosine |', '|---|---|');
  for (const [k, v] of Object.entries(r.cosines)) out.push(`| ${k} | ${fmt(v)} |`);
  for (const [k, v] of Object.entries(r.contextual_vs_raw_words)) out.push(`| contextual ${r.target} (sentence 1) vs raw ${k} | ${fmt(v)} |`);
  out.push('', '## What stays untrained', '');
  for (const p of r.untrained_parameters) out.push(`- ${p.name}: ${p.how}; shapes ${p.shapes.map((s) => `(${s.join(', ')})`).join(', ')}`);
  for (const p of r.trained_but_frozen) out.push(`- Trained, but frozen here: ${p.name}, ${p.how}`);
  for (const p of r.frozen_of_unknown_origin ?? []) out.push(`- Frozen here, origin unknown: ${p.name}, ${p.how}`);
  out.push(`- Not parameters: ${r.not_parameters}`, '');
  out.push('A static lookup gives cosine 1 across contexts for any table; outputs passed through W_v live in another space than the raw inputs; context dependence is not an improvement in meaning.');
  return `${out.join('\n')}\n`;
}

const py = (x) => (x == null ? 'None' : Array.isArray(x) ? pyList(x) : typeof x === 'boolean' ? (x ? 'True' : 'False') : typeof x === 'number' ? String(x) : JSON.stringify(x));
function pyList(a) {
  return `[${a.map(py).join(', ')}]`;
}

/** A NumPy script that recomputes the report's numbers from the same vectors and prints JSON. */
export function labNumpyScript(r) {
  const [s1, s2] = r.sentences;
  const torch = r.source.kind === 'torch';
  const lines = [
    '#!/usr/bin/env python3',
    '# Recomputes the Attention Whiteboard assignment report with NumPy. Run: python3 this_file.py',
    `# Source: ${r.source.name}. The table rows below are the vectors the page used (missing words`,
    `# per the policy "${r.missing_words.policy}"); to use your own file, replace TABLE with its rows.`,
    'import json',
    'import numpy as np',
    '',
    `SENTENCE_1 = ${pyList(s1.tokens)}`,
    `SENTENCE_2 = ${pyList(s2.tokens)}`,
    `TARGET = ${py(r.target.trim().toLowerCase())}`,
    `D_MODEL, D_K, D_V = ${r.source.d_model}, ${r.source.d_k}, ${r.source.d_v}`,
    `SCALE, CAUSAL = ${py(r.settings.scale)}, ${py(r.settings.causal)}`,
    'TABLE = {',
    ...r.table.words.map((w, i) => `    ${py(w)}: np.array(${pyList(r.table.vectors[i])}),`),
    '}',
    '',
  ];
  if (torch) {
    lines.push('# PyTorch source: the nn.Linear weights as X W matrices (float32 values), computed in float32.',
      'DTYPE = np.float32',
      ...['W_q', 'W_k', 'W_v'].map((n) => `${n} = np.array(${pyList(r.projections[n])}, dtype=DTYPE)`));
  } else {
    lines.push('DTYPE = np.float64',
      `rng = np.random.default_rng(${r.settings.proj_seed})  # the notebook's cell 6`,
      'W_q = rng.normal(scale=0.5, size=(D_MODEL, D_K))',
      'W_k = rng.normal(scale=0.5, size=(D_MODEL, D_K))',
      'W_v = rng.normal(scale=0.5, size=(D_MODEL, D_V))');
  }
  lines.push('',
    'def softmax(x, axis=-1):',
    '    x = x - x.max(axis=axis, keepdims=True)',
    '    e = np.exp(x)',
    '    return e / e.sum(axis=axis, keepdims=True)',
    '',
    'def attention(words):',
    '    X = np.stack([TABLE[w] for w in words]).astype(DTYPE)',
    '    Q, K, V = X @ W_q, X @ W_k, X @ W_v',
    '    scores = Q @ K.T',
    '    if SCALE:',
    '        scores = scores / np.sqrt(DTYPE(D_K))',
    '    if CAUSAL:',
    '        scores = np.where(np.triu(np.ones_like(scores, dtype=bool), 1), -np.inf, scores)',
    '    attn_weights = softmax(scores, axis=-1)',
    '    return X, attn_weights, attn_weights @ V',
    '',
    'def cosine(a, b):',
    '    if a is None or b is None or a.shape != b.shape or not np.linalg.norm(a) or not np.linalg.norm(b):',
    '        return None',
    '    return float(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)))',
    '',
    'X1, A1, Y1 = attention(SENTENCE_1)',
    'X2, A2, Y2 = attention(SENTENCE_2)',
    'i1 = SENTENCE_1.index(TARGET) if TARGET in SENTENCE_1 else None',
    'i2 = SENTENCE_2.index(TARGET) if TARGET in SENTENCE_2 else None',
    'row = lambda M, i: None if i is None else M[i].astype(np.float64)',
    'raw = lambda w: TABLE[w].astype(np.float64) if w in TABLE else None',
    'cosines = {',
    '    "raw_target_across_sentences": cosine(row(X1, i1), row(X2, i2)),',
    '    "contextual_target_across_sentences": cosine(row(Y1, i1), row(Y2, i2)),',
    '    "raw_target_vs_raw_river": cosine(row(X1, i1), raw("river")),',
    '    "contextual_target_vs_raw_river": cosine(row(Y1, i1), raw("river")),',
    '    "contextual_target_vs_raw_money": cosine(row(Y1, i1), raw("money")),',
    '    "raw_target_vs_raw_money": cosine(row(X1, i1), raw("money")),',
    '    "contextual_target2_vs_raw_money": cosine(row(Y2, i2), raw("money")),',
    '    "contextual_target2_vs_raw_river": cosine(row(Y2, i2), raw("river")),',
    '}',
    'print(json.dumps({',
    '    "shapes_1": {"X": X1.shape, "attn_weights": A1.shape, "Y": Y1.shape},',
    '    "attn_weights_1": A1.tolist(), "row_sums_1": A1.sum(axis=1).tolist(),',
    '    "attn_weights_2": A2.tolist(), "row_sums_2": A2.sum(axis=1).tolist(),',
    '    "cosines": cosines,',
    '    "contextual_vs_raw_words": {w: cosine(row(Y1, i1), raw(w)) for w in TABLE},',
    '    "contextual_vs_raw_words_second": {w: cosine(row(Y2, i2), raw(w)) for w in TABLE},',
    '}))',
    '');
  return lines.join('\n');
}
