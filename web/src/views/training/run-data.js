// What the training chapter reads out of a run for its bank question and its PyTorch export:
// the dataset's sentences as rows of the trainer's embedding table (dataset().vocabulary names
// the rows). Only lookups and choices; the numbers are the trainer's.

/** Each token's row in the embedding table; throws for a word the table lacks. */
export function rowsOf(tokens, vocabulary) {
  const index = new Map(vocabulary.map((w, i) => [w, i]));
  return Array.from(tokens, (t) => {
    const row = index.get(t);
    if (row === undefined) throw new Error(`“${t}” is not a row of the embedding table.`);
    return row;
  });
}

/** A sentence's X: its tokens' rows of `table` ({rows, cols, data}), copied in order. */
function sentenceX(example, vocabulary, table) {
  const rows = rowsOf(example.tokens, vocabulary);
  const data = new Float64Array(rows.length * table.cols);
  rows.forEach((r, i) => data.set(table.data.subarray(r * table.cols, (r + 1) * table.cols), i * table.cols));
  return { rows: rows.length, cols: table.cols, data };
}

/**
 * Three validation sentences for the bank question: the chosen one (1), the first other one with
 * the same word in another sense (2), and the first other one in the same sense (3, the
 * control). Returns {ok: false, why} when the validation set has no such triple, else {ok: true,
 * word, texts, sentences: [{X (of `table`), target}] × 3 for a table given to `at(table)`}.
 */
export function senseTriple(run) {
  const validation = run.dataset.validation;
  const chosen = run.attention?.index ?? 0;
  const first = validation[chosen];
  const others = validation.map((e, i) => ({ e, i })).filter(({ e, i }) => i !== chosen && e.target === first.target);
  const other = others.find(({ e }) => e.label !== first.label);
  const same = others.find(({ e }) => e.label === first.label);
  if (!other || !same) {
    return { ok: false, why: `The validation set has no sentence with “${first.target}” in ${other ? 'the same sense' : 'another sense'} besides the chosen one, so there is no control to compare with.` };
  }
  const triple = [first, other.e, same.e];
  return {
    ok: true, word: first.target, texts: triple.map((e) => e.text), indices: [chosen, other.i, same.i],
    at: (table) => triple.map((e) => ({ X: sentenceX(e, run.dataset.vocabulary, table), target: e.targetIndex })),
  };
}

/** The input of views/training/script.js for this run: everything it needs to repeat it. */
export function scriptInput(run) {
  const { vocabulary } = run.dataset;
  const asRows = (e) => ({ rows: rowsOf(e.tokens, vocabulary), target: e.targetIndex, label: e.label, text: e.text });
  return {
    config: run.config, classes: run.dataset.classes,
    tableName: run.config.inputs === 'glove' ? 'GloVe 6B 100-d rows of the task words' : 'random table (torch normal_)',
    table: run.initial.embeddings,
    train: run.dataset.train.map(asRows), validation: run.dataset.validation.map(asRows),
    initial: run.initial, batches: run.batchOrder, batchesPerEpoch: run.counts.batchesPerEpoch,
  };
}

// The trained matrices by name (the export and the drawing both list them; kept here so neither
// imports the other).
const PARAMETER_NAMES = ['W_q', 'W_k', 'W_v', 'W_head', 'b_head'];

/**
 * The run's parameters as a list the core can compare: [{name, rows, cols, data}]. The
 * embedding table counts only when it is trained.
 */
export function parameterList(p, trainableEmbeddings) {
  const list = PARAMETER_NAMES.filter((name) => p[name]).map((name) => ({ name, ...p[name] }));
  if (trainableEmbeddings && p.embeddings) list.push({ name: 'embeddings', ...p.embeddings });
  return list;
}
