// Where each value comes from in the class notebook, and what the Class 05 notes record.
// Cell numbers and code lines are the notebook's; the page shows them beside the matrices,
// with {seed}, {pseed} and {d_v} filled in from the page's settings (the notebook's own: 0, 1, d_k).

export const NOTEBOOK_CELLS = {
  numpy: {
    table: ['cell 4', 'table = build_embeddings(VOCAB, d_model, seed={seed})   # one row per word'],
    X: ['cell 4', 'table = build_embeddings(VOCAB, d_model, seed={seed})\nX = np.stack([table[w.lower()] for w in sentence])'],
    W_q: ['cell 6', 'rng = np.random.default_rng({pseed})\nW_q = rng.normal(scale=0.5, size=(d_model, d_k))'],
    W_k: ['cell 6', 'W_k = rng.normal(scale=0.5, size=(d_model, d_k))'],
    W_v: ['cell 6', 'W_v = rng.normal(scale=0.5, size=(d_model, {d_v}))'],
    Q: ['cell 6', 'Q = X @ W_q'],
    K: ['cell 6', 'K = X @ W_k'],
    V: ['cell 6', 'V = X @ W_v'],
    scores: ['cell 8', 'scores = Q @ K.T / np.sqrt(d_k)'],
    attn_weights: ['cell 8', 'attn_weights = softmax(scores, axis=-1)'],
    Y: ['cell 11', 'Y = attn_weights @ V'],
    Y_literal: ['cell 13', 'Y_literal = attn_weights @ X'],
    cosines: ['cells 15–18', 'cosine(a, b); attention(sentence_words, table, W_q, W_k, W_v)'],
  },
  torch: {
    table: ['cell 23', 'torch.manual_seed({seed})\nembedding = nn.Embedding(len(vocab), d_model)   # embedding.weight'],
    X: ['cell 23', 'torch.manual_seed({seed})\nembedding = nn.Embedding(len(vocab), d_model)\nX = embedding(idx)'],
    W_q: ['cell 24', 'W_q = nn.Linear(d_model, d_k, bias=False)   # shown as W_q.weight.T'],
    W_k: ['cell 24', 'W_k = nn.Linear(d_model, d_k, bias=False)   # shown as W_k.weight.T'],
    W_v: ['cell 24', 'W_v = nn.Linear(d_model, {d_v}, bias=False)   # shown as W_v.weight.T'],
    Q: ['cell 24', 'Q = W_q(X)'],
    K: ['cell 24', 'K = W_k(X)'],
    V: ['cell 24', 'V = W_v(X)'],
    scores: ['cell 24', 'scores = Q @ K.T / (d_k ** 0.5)'],
    attn_weights: ['cell 24', 'attn_weights = F.softmax(scores, dim=-1)'],
    Y: ['cell 24', 'Y = attn_weights @ V'],
    Y_literal: ['(NumPy cell 13)', 'Y_literal = attn_weights @ X'],
    cosines: ['the PyTorch bank comparison', 'F.cosine_similarity(Y1[0], Y2[0], dim=0)'],
    mha: ['cell 26', 'mha = nn.MultiheadAttention(embed_dim=d_model, num_heads=1, bias=False, batch_first=True)\nY_mha, attn_weights_mha = mha(X_batched, X_batched, X_batched)'],
  },
};

/** The settings under which the notes recorded their numbers. */
const CLASS_SETTINGS = {
  numpy: { sentence: 'Bank of the river', dModel: 8, dK: 8, dV: 8, embedSeed: 0, projSeed: 1, scale: true, causal: false },
  torch: { sentence: 'bank of the river', dModel: 8, dK: 8, dV: 8, embedSeed: 0, scale: true, causal: false },
};

/**
 * The notebook cells behind the state's source (one-hot and pretrained use the NumPy
 * projections), with the state's seeds and widths written in.
 */
export function cellsFor(state) {
  const { source } = state;
  let cells = NOTEBOOK_CELLS[source] ?? NOTEBOOK_CELLS.numpy;
  if (source === 'onehot') cells = { ...NOTEBOOK_CELLS.numpy, table: ['one-hot', 'table = np.eye(len(vocab))'], X: ['one-hot', 'X = np.eye(len(vocab))[[vocab.index(w.lower()) for w in sentence]]'] };
  if (source === 'glove' || source === 'file') cells = { ...NOTEBOOK_CELLS.numpy, table: undefined, X: ['the assignment', 'vectors = load_glove(path)   # d_model = vectors width\nX = np.stack([vectors[w.lower()] for w in sentence])'] };
  const settings = { seed: state.embedSeed, pseed: state.projSeed, d_v: state.tieWidths || state.dV === state.dK ? 'd_k' : 'd_v' };
  const fill = (code) => code.replace(/\{(seed|pseed|d_v)\}/g, (_, key) => String(settings[key]));
  return Object.fromEntries(Object.entries(cells).filter(([, cell]) => cell).map(([name, [where, code]]) => [name, [where, fill(code)]]));
}

export const RECORDED = {
  Y_literal0: [0.3247, 0.5943, 0.2543], // Y_literal[0][:3] = y1_manual[:3]
  torchContextualBank: '0.814038', // cosine of the two contextual "bank" vectors, PyTorch
};

/** True when the state uses the settings the notes recorded (sentence compared case-blind). */
export function atClassSettings(state) {
  const settings = CLASS_SETTINGS[state.source];
  if (!settings) return false; // one-hot and pretrained vectors: the notes recorded nothing
  return Object.entries(settings).every(([key, value]) =>
    key === 'sentence' ? state.sentence.trim().toLowerCase() === value.toLowerCase() : state[key] === value,
  );
}
