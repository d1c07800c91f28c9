// What kind of vectors a table source gives, for the sentences that explain a result by its
// inputs: "the vectors are random" is true of the NumPy and PyTorch tables only. The flow, Q/K/V
// and bank chapters say it the same way from here.

/** 'random' (NumPy, PyTorch), 'onehot', 'pretrained' (the bundled GloVe) or 'file' (the learner's). */
export function vectorKind(source) {
  if (source === 'onehot') return 'onehot';
  if (source === 'glove') return 'pretrained';
  if (source === 'file') return 'file';
  return 'random';
}

/** The rows of X, named for a sentence: "random vectors", "one-hot vectors", … */
export function vectorsName(source) {
  return {
    random: 'random vectors',
    onehot: 'one-hot vectors',
    pretrained: 'pretrained GloVe vectors',
    file: 'the vectors of your file',
  }[vectorKind(source)];
}

/**
 * Why a row that mixes is still no evidence of better meaning, for the form and the source:
 * the projections (Class 05) are untrained whatever the table; the Class 04 form has no
 * parameter, so the reason lies in the vectors.
 */
export function notMeaningReason(source, qkv) {
  if (qkv) return 'the projections are untrained';
  return {
    random: 'the vectors are random',
    onehot: 'one-hot vectors carry no relation between different words',
    pretrained: 'the GloVe vectors were trained, but on word co-occurrence, and this form adds nothing trained of its own',
    file: 'whatever your file’s vectors learned, this form adds nothing trained of its own',
  }[vectorKind(source)];
}

/**
 * What the embedding table is and whether anything trained it, for each source (`source`: the
 * page state's), to follow "the table is". A learner's file may hold anything: the page cannot
 * tell how it was made.
 */
export function tableStatus(source) {
  return {
    numpy: 'np.random.default_rng(seed).normal, random numbers the NumPy notebook never trains',
    torch: 'nn.Embedding after torch.manual_seed, random initial values, trainable but never trained here',
    onehot: 'one-hot rows, a fixed construction with nothing to train',
    glove: 'the GloVe vectors, trained elsewhere on word co-occurrence and only looked up here',
    file: 'your file’s vectors, only looked up here; whether they were trained, and how, this page cannot tell',
  }[source] ?? 'random numbers';
}
