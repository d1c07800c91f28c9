// "Other kinds of attention": the end of the qkv chapter (issue 16, item 5 and item 4's chunks).
// Every number comes from the core's attentionKinds report (core/lessons/attention_kinds.hpp);
// each sentence below is chosen by the numbers it stands next to, and computes nothing.
import { drawHeatmap } from '../../components/heatmap/index.js';
import { part, parts, shown, keptTable } from '../../components/parts.js';
import { full, num, shapeText } from '../../format.js';
import { matrixAt } from '../../core/attention-core.js';
import { foldedSection } from '../../components/more.js';
import { sameToPrecision } from '../shared/thresholds.js';

/** Below this, two results computed in floating point are the same up to rounding. */
const ROUNDING = 1e-12;

const dims = (m) => shapeText(m.rows, m.cols);
const tokensOf = (report) => Array.from(report.tokens, (t) => t.text);
const quote = (word) => `“${word}”`;

/** The shapes of self- and cross-attention, in words. */
export function crossText(kinds) {
  const na = kinds.cross.Q.rows;
  const nb = kinds.cross.K.rows;
  const lines = [
    `Self-attention takes queries, keys and values from the same sentence: for A, scores is ${dims(kinds.a.projected.scores)}, one row and one column per word of A.`,
    `Cross-attention keeps Q = X_A W_q ${dims(kinds.cross.Q)} but takes K = X_B W_k ${dims(kinds.cross.K)} and V = X_B W_v ${dims(kinds.cross.V)} from B, so scores is ${dims(kinds.cross.scores)}: row i says how much word i of A takes from each of the ${nb} words of B. Y = A V is ${dims(kinds.cross.Y)}: one output per word of A, made of B’s values.`,
  ];
  if (na === nb) {
    lines.push(`Both sentences have ${na} words here, so the two score matrices have the same shape; give B another length to see the columns follow B.`);
  }
  return lines;
}

/** Why nn.MultiheadAttention is called with X three times, and what changes when the three differ. */
export function mhaText(kinds) {
  const { mha } = kinds;
  const E = mha.self.output.cols;
  const lines = [
    `mha(X, X, X) hands the module the same rows as query, key and value. The module still projects them three ways with its own in_proj_weight (W_q, W_k, W_v stacked, (${3 * E}, ${E})), so the three roles differ although the input is one: weights ${dims(mha.self.attn_weights)}, output ${dims(mha.self.output)}.`,
    `mha(X_A, X_B, X_B) is cross-attention: the query rows come from A and the key and value rows from B, so the weights are ${dims(mha.cross.attn_weights)} and the output keeps A’s ${mha.cross.output.rows} rows, ${dims(mha.cross.output)}.`,
  ];
  lines.push(mha.keyValueError
    ? `Key and value must come in pairs: the core refuses mha(X_A, X_B, X_A), as PyTorch does, with “${mha.keyValueError}”.`
    : `A and B have the same length here, so even mha(X_A, X_B, X_A) would run, pairing each key of B with the value of a different word; give B another length and that call is refused.`);
  lines.push(mha.usesPageVectors
    ? `These are the page’s rows in PyTorch mode, with the module the notebook creates after its three nn.Linear (${mha.heads} head${mha.heads === 1 ? '' : 's'}).`
    : `nn.MultiheadAttention is PyTorch’s, so this part uses the PyTorch notebook’s own table and module (torch.manual_seed(table seed), ${mha.heads} head${mha.heads === 1 ? '' : 's'}), not the vectors above; switch “Numbers from” to the PyTorch notebook to give it the page’s rows.`);
  return lines;
}

/** Batched against concatenated, with and without the block mask; chunks and boundary tokens. */
export function batchText(kinds, tokensA, tokensB) {
  const { batch, concat } = kinds;
  const [na, nb] = Array.from(batch.lengths);
  const words = [...tokensA.map((w) => `${w} (A)`), ...tokensB.map((w) => `${w} (B)`)];
  const maxRow = concat.crossSharePlainMaxRow;
  const minRow = concat.crossSharePlainMinRow;
  const lines = [];
  lines.push(`Batched, the two sentences are two separate matrices in one array: scores has shape (2, ${batch.nMax}, ${batch.nMax}), and no entry pairs a word of A with a word of B.`
    + (na === nb ? '' : ` The shorter sentence is padded to ${batch.nMax} rows; a padding mask gives its ${batch.nMax - Math.min(na, nb)} padding key${batch.nMax - Math.min(na, nb) === 1 ? '' : 's'} weight 0, and the padding rows are not words.`));
  lines.push(`Concatenated, A and B are one sequence of ${na + nb} words and scores is ${dims(concat.scores)}. Without a mask every word attends across: ${quote(words[maxRow])} puts ${num(concat.crossSharePlain[maxRow])} of its weight on the other sentence, and even the least, ${quote(words[minRow])}, puts ${num(concat.crossSharePlain[minRow])} there. Its outputs differ from the batched ones by up to ${num(concat.plainVsBatchedMaxDiff)}.`);
  // judged relative to the outputs and to the precision computed in (float32 in PyTorch mode)
  const same = sameToPrecision(concat.maskedVsBatchedRelative, kinds.epsilon);
  const rounding = concat.maskedVsBatchedMaxDiff === 0 ? ', to the last bit' : `, rounding in ${kinds.float32 ? 'float32' : 'float64'}`;
  lines.push(`With the block mask the scores between the sentences are −∞, the weight across is ${concat.crossShareMaskedMax === 0 ? 'exactly 0 in every row' : `at most ${num(concat.crossShareMaskedMax)}`}, and the outputs ${same ? 'equal the batched ones' : 'differ from the batched ones'} (largest difference ${num(concat.maskedVsBatchedMaxDiff)}${same ? rounding : ''}).`);
  lines.push(`A boundary token between the sentences ([SEP], or a full stop) would be one more key in each row, not a wall: softmax gives every key with a finite score some weight, as the unmasked rows above show (never less than ${num(concat.crossSharePlain[minRow])} across). It marks where a sentence ends; only the mask decides who may attend to whom.`);
  lines.push(`Chunks and epochs: training on a corpus in batches or chunks is the batched case. Each chunk’s scores are made inside the chunk, so an epoch never joins a word of one chunk to a word of another through attention; the masked concatenation ${same ? 'gives the same outputs' : 'is the same computation'}. A dependency in a later chunk needs the input built differently (a longer context, memory, retrieval), not more epochs.`);
  return lines;
}

/** "Why not just add the vectors": the uniform average beside attention. */
export function uniformText(kinds) {
  const { uniform } = kinds;
  const n = uniform.attn_weights.rows;
  const lines = [
    `An average gives every word the weight 1/${n} = ${num(matrixAt(uniform.attn_weights, 0, 0))}, whatever the words are.`,
  ];
  lines.push(uniform.rowSpread < ROUNDING
    ? `So every row of its Y is the same vector: the largest difference between two rows is ${num(uniform.rowSpread)}${uniform.rowSpread === 0 ? '' : ' (rounding in the product)'}. Adding the vectors instead gives ${n} times that row, the same for every word too.`
    : `Its rows differ by up to ${num(uniform.rowSpread)}.`);
  lines.push(n === 1
    ? 'With one word there is nothing to mix: both give that word its own vector.'
    : uniform.attentionRowSpread > ROUNDING
      ? `Attention’s weights come from each word’s own query, so its rows of A X differ, by up to ${num(uniform.attentionRowSpread)}: each word gets its own mixture. That data-dependent weighting is what an average does not have; the adding itself is still there, in the weighted sum.`
      : `Attention’s rows of A X differ by only ${num(uniform.attentionRowSpread)} here: in this setting its weights are as flat as an average.`);
  return lines;
}

/** Min–max scaling of one score row beside softmax. */
export function minMaxText(kinds, tokensA, row = 0) {
  const { minMax } = kinds;
  const word = quote(tokensA[row]);
  const softmaxSum = kinds.a.row_sums[row];
  if (minMax.constantRow[row]) {
    return [`${word}’s scores have no range (${tokensA.length === 1 ? 'one key' : 'all equal'}): min–max has nothing to scale and gives every key 0, so the row sums to ${num(minMax.rowSums[row])}; softmax still sums to ${num(softmaxSum)}.`];
  }
  const lo = minMax.minKey[row];
  const hi = minMax.maxKey[row];
  return [
    `Min–max scaling maps ${word}’s lowest score to 0 and its highest to 1: ${quote(tokensA[lo])} gets ${num(matrixAt(minMax.weights, row, lo))}, so that word is dropped from ${word}’s output entirely, and ${quote(tokensA[hi])} gets ${num(matrixAt(minMax.weights, row, hi))}.`,
    `The row sums to ${num(minMax.rowSums[row])}, not 1, so the output is not a weighted average: its size changes with how the scores happen to spread. Softmax gives ${quote(tokensA[lo])} ${num(matrixAt(kinds.a.projected.attn_weights, row, lo))}, ${matrixAt(kinds.a.projected.attn_weights, row, lo) > 0 ? 'small perhaps, but above 0' : 'exactly 0 too: its score is so far below the others that exp underflows'}, and its row sums to ${num(softmaxSum)}.`,
  ];
}

/** Why K is transposed: Q·K against Q Kᵀ. */
export function transposeText(kinds) {
  const { Q, K } = kinds.a.projected;
  const lines = [
    `Q is ${dims(Q)} and K is ${dims(K)}: one row per token, one column per feature. Kᵀ is ${shapeText(K.cols, K.rows)}, so Q Kᵀ pairs the features of every query with the features of every key and gives the ${dims(kinds.a.projected.scores)} scores.`,
  ];
  lines.push(kinds.transpose.hasShape
    ? `Here the sentence has exactly d_k = ${Q.cols} words, so Q·K without the transpose has a shape too, ${dims(kinds.transpose.product)}; but its entry (i, j) multiplies query i’s features with column j of K, one feature of every token, so it compares nothing with anything: no error warns you. Check the shape of each factor, not only the result.`
    : `Without the transpose, Q·K needs Q’s ${Q.cols} columns to meet K’s ${K.rows} rows, and the core refuses:`);
  return lines;
}

// Each part of the section is made on the first render and filled on every later one
// (components/parts.js): a keystroke changes its numbers and words, not its elements, so an open
// table, a zoomed map or the focus inside stays, and the browser lays out only what changed.

/** The lines of `texts` as paragraphs of class `cls`, in their own part `name` of `parent`. */
function paragraphs(parent, name, lines, cls) {
  const holder = part(parent, 'div.kind-lines', name);
  parts(holder, `p.${cls}`, lines, (_, i) => i, (p, line) => p.text(line));
}

/** Where the classes say this. */
function classRef(parent, name, text) {
  return part(parent, 'p.class-ref', name).text(text);
}

/** One kind: its <section data-kind> with a heading, made once. */
function kindSection(parent, kind, title) {
  const section = part(parent, 'section.kind', kind).attr('data-kind', kind);
  part(section, 'h4', 'title').text(title);
  return section;
}

// A map's holder is a part of its row, so drawHeatmap updates the same figure in place.
function heat(parent, spec) {
  drawHeatmap(part(parent, 'div.heatmap-holder', spec.name).node(), { palette: 'diverging', ...spec });
}

/** Draws the section into `parent` (a d3 selection), or the core's message when it refused. */
export function drawKinds(parent, { kinds, error, pending = false, state }) {
  // the section, its fold and every part in them stay from render to render
  const { main, more: section } = foldedSection(parent, {
    className: 'stage kinds', id: 'stage-kinds', title: 'Other kinds of attention',
    label: 'cross-attention, batches, masks, an average and min–max, on sentences A and B', keep: true,
  });
  shown(part(main, 'p.notice.kinds-error', 'error').attr('role', 'alert'), Boolean(error)).text(error ?? '');
  shown(part(main, 'p.muted.kinds-pending', 'pending'), !error && !kinds && pending)
    .text('Computing these for wide vectors in the background…');
  const notices = part(main, 'div.kinds-notices', 'notices');
  parts(notices, 'p.notice', error || !kinds ? [] : Array.from(kinds.notices), (_, i) => i, (p, notice) => p.text(notice));
  const body = shown(part(section, 'div.kinds-body', 'body'), Boolean(kinds) && !error);
  if (error || !kinds) return;
  drawKindsBody(body, kinds, state);
}

function drawKindsBody(body, kinds, state) {
  const tokensA = tokensOf(kinds.a);
  const tokensB = tokensOf(kinds.b);
  const dl = part(body, 'dl.kinds-sentences', 'sentences');
  part(dl, 'dt', 'a-term').text('A');
  part(dl, 'dd', 'a').attr('data-sentence', 'A').attr('data-tokens', tokensA.length).text(`${state.sentence} (${tokensA.length} words)`);
  part(dl, 'dt', 'b-term').text('B');
  part(dl, 'dd', 'b').attr('data-sentence', 'B').attr('data-tokens', tokensB.length).text(`${state.sentence2} (${tokensB.length} words)`);
  shown(part(body, 'p.muted', 'float32'), kinds.float32).text('PyTorch mode: computed in float32, as PyTorch does.');
  const feat = (n) => Array.from({ length: n }, (_, f) => `f${f}`);

  // a. self vs cross
  const a = kindSection(body, 'cross', 'Self-attention and cross-attention')
    .attr('data-scores-shape', dims(kinds.cross.scores));
  classRef(a, 'ref', 'Class 04’s Q&A: self-attention relates positions of the same input; attention in general can also connect different sources. The classes name it and compute only self-attention.');
  paragraphs(a, 'text', crossText(kinds), 'kind-text');
  const aRow = part(a, 'div.heatmap-row', 'maps');
  heat(aRow, { name: 'self scores (A, A)', matrix: kinds.a.projected.scores, rowLabels: tokensA, colLabels: tokensA, rowAxis: 'queries (A)', colAxis: 'keys (A)' });
  heat(aRow, { name: 'cross scores (A, B)', matrix: kinds.cross.scores, rowLabels: tokensA, colLabels: tokensB, rowAxis: 'queries (A)', colAxis: 'keys (B)' });
  heat(aRow, { name: 'cross attn_weights', matrix: kinds.cross.attn_weights, rowLabels: tokensA, colLabels: tokensB, rowAxis: 'queries (A)', colAxis: 'keys (B)', palette: 'weights' });
  heat(part(a, 'div', 'y'), { name: 'cross Y', matrix: kinds.cross.Y, rowLabels: tokensA, colLabels: feat(kinds.cross.Y.cols), rowAxis: 'tokens (A)', colAxis: 'features (d_v)' });

  // b. mha(X, X, X)
  const b = kindSection(body, 'mha', 'Why mha(X, X, X) passes X three times')
    .attr('data-self-shape', dims(kinds.mha.self.attn_weights)).attr('data-cross-shape', dims(kinds.mha.cross.attn_weights));
  classRef(b, 'ref', 'Class 05 runs mha(X_batched, X_batched, X_batched) and asks why X is passed three times. Three different inputs make it cross-attention, which the classes name but do not run.');
  paragraphs(b, 'text', mhaText(kinds), 'kind-text');
  const bRow = part(b, 'div.heatmap-row', 'maps');
  heat(bRow, { name: 'mha(X_A, X_A, X_A) weights', matrix: kinds.mha.self.attn_weights, rowLabels: tokensA, colLabels: tokensA, rowAxis: 'queries (A)', colAxis: 'keys (A)', palette: 'weights' });
  heat(bRow, { name: 'mha(X_A, X_B, X_B) weights', matrix: kinds.mha.cross.attn_weights, rowLabels: tokensA, colLabels: tokensB, rowAxis: 'queries (A)', colAxis: 'keys (B)', palette: 'weights' });

  drawBatch(body, kinds, tokensA, tokensB);

  // d. uniform average
  const d = kindSection(body, 'uniform', 'Why not just add the vectors? An average beside attention')
    .attr('data-row-spread', full(kinds.uniform.rowSpread)).attr('data-attention-row-spread', full(kinds.uniform.attentionRowSpread));
  classRef(d, 'ref', 'Class 04’s Q&A: “Could the vectors simply be added instead?”');
  paragraphs(d, 'text', uniformText(kinds), 'kind-text');
  const dRow = part(d, 'div.heatmap-row', 'maps');
  heat(dRow, { name: 'average: Y = (1/n) Σ x_j', matrix: kinds.uniform.Y, rowLabels: tokensA, colLabels: feat(kinds.uniform.Y.cols), rowAxis: 'tokens (A)', colAxis: 'features (d_model)' });
  heat(dRow, { name: 'attention: Y_literal = A X', matrix: kinds.a.projected.Y_literal, rowLabels: tokensA, colLabels: feat(kinds.a.projected.Y_literal.cols), rowAxis: 'tokens (A)', colAxis: 'features (d_model)' });

  // e. min–max
  const e = kindSection(body, 'min-max', 'Min–max scaling beside softmax')
    .attr('data-row-sum', full(kinds.minMax.rowSums[0])).attr('data-min-key', kinds.minMax.minKey[0]);
  classRef(e, 'ref', 'Class 04’s Q&A: “is that min-max scaling?” Standard attention uses softmax; min–max alone does not make a row sum to 1.');
  paragraphs(e, 'text', minMaxText(kinds, tokensA), 'kind-text');
  const eRow = part(e, 'div.heatmap-row', 'maps');
  heat(eRow, { name: 'min–max of scores', matrix: kinds.minMax.weights, rowLabels: tokensA, colLabels: tokensA, rowAxis: 'queries', colAxis: 'keys', palette: 'weights', rowSums: kinds.minMax.rowSums });
  heat(eRow, { name: 'softmax of scores', matrix: kinds.a.projected.attn_weights, rowLabels: tokensA, colLabels: tokensA, rowAxis: 'queries', colAxis: 'keys', palette: 'weights', rowSums: kinds.a.row_sums });

  // f. why K is transposed
  const f = kindSection(body, 'transpose', 'Why K is transposed')
    .attr('data-has-shape', String(kinds.transpose.hasShape));
  classRef(f, 'ref', 'Class 05: “Why transpose K?”');
  paragraphs(f, 'text', transposeText(kinds), 'kind-text');
  const product = shown(part(f, 'div', 'product'), kinds.transpose.hasShape);
  if (kinds.transpose.hasShape) {
    heat(product, { name: 'Q·K (not scores)', matrix: kinds.transpose.product, rowLabels: tokensA, colLabels: feat(kinds.transpose.product.cols), rowAxis: 'tokens', colAxis: 'features of K (mixed up)' });
  }
  // (a part of its own, not a <pre> that stays empty: tests and readers find it only when it says something)
  const refusal = part(f, 'div', 'refusal');
  parts(refusal, 'pre.core-error', kinds.transpose.hasShape ? [] : [kinds.transpose.error], () => 'error',
    (pre, message) => pre.attr('data-error', message).text(message));
}

/** c. batched vs concatenated, with the share of weight each word puts on the other sentence. */
function drawBatch(body, kinds, tokensA, tokensB) {
  const { batch, concat } = kinds;
  const c = kindSection(body, 'batch', 'Two sentences: batched, or one sequence with or without a block mask')
    .attr('data-batch-shape', `(2, ${batch.nMax}, ${batch.nMax})`).attr('data-concat-shape', dims(concat.scores))
    .attr('data-masked-vs-batched', full(concat.maskedVsBatchedMaxDiff))
    .attr('data-cross-share-min', full(concat.crossSharePlain[concat.crossSharePlainMinRow]))
    .attr('data-cross-share-masked-max', full(concat.crossShareMaskedMax));
  classRef(c, 'ref', 'Class 04: an epoch does not connect separate chunks through attention; boundary markers show structure, masks decide what may interact. Class 05: the batch axis and the batched transpose, on sentences of equal length.');
  const padded = batch.lengths[0] !== batch.lengths[1];
  // a note only when the lengths differ (none at all otherwise: no hidden copy for a reader or test to find)
  const padNote = part(c, 'div', 'padding');
  parts(padNote, 'p.class-ref', padded ? ['padding'] : [], (k) => k, (p) => {
    part(p, 'span.beyond-class', 'beyond').text('Beyond the classes: ');
    part(p, 'span', 'text').text('padding a shorter sentence and its padding mask are not covered in class.');
  });
  paragraphs(c, 'text', batchText(kinds, tokensA, tokensB), 'kind-text');
  const pad = (tokens) => [...tokens, ...Array.from({ length: batch.nMax - tokens.length }, (_, k) => `(pad ${k + 1})`)];
  const cRow = part(c, 'div.heatmap-row', 'batched');
  heat(cRow, { name: 'batch[0] weights (A)', matrix: batch.attn_weights[0], rowLabels: pad(tokensA), colLabels: pad(tokensA), rowAxis: 'queries (A)', colAxis: 'keys (A)', palette: 'weights' });
  heat(cRow, { name: 'batch[1] weights (B)', matrix: batch.attn_weights[1], rowLabels: pad(tokensB), colLabels: pad(tokensB), rowAxis: 'queries (B)', colAxis: 'keys (B)', palette: 'weights' });
  const both = [...tokensA.map((w) => `${w}·A`), ...tokensB.map((w) => `${w}·B`)];
  const cRow2 = part(c, 'div.heatmap-row', 'concatenated');
  heat(cRow2, { name: 'concatenated, no mask', matrix: concat.attn_weights, rowLabels: both, colLabels: both, rowAxis: 'queries (A then B)', colAxis: 'keys (A then B)', palette: 'weights' });
  heat(cRow2, { name: 'concatenated, block mask', matrix: concat.maskedWeights, rowLabels: both, colLabels: both, rowAxis: 'queries (A then B)', colAxis: 'keys (A then B)', palette: 'weights' });
  const shareTable = keptTable(c, 'share', 'cross-share');
  const head = part(part(shareTable, 'thead', 'head'), 'tr', 'row');
  parts(head, 'th', ['word', 'weight on the other sentence, no mask', 'with the block mask'], (h) => h,
    (th, h) => th.attr('scope', 'col').text(h));
  const rows = both.map((word, i) => ({ word, plain: concat.crossSharePlain[i], masked: concat.crossShareMasked[i] }));
  parts(part(shareTable, 'tbody', 'body'), 'tr', rows, (_, i) => i, (tr, row, i) => {
    tr.attr('data-row', i);
    part(tr, 'th', 'word').attr('scope', 'row').text(row.word);
    part(tr, 'td', 'plain').attr('data-value', full(row.plain)).text(num(row.plain));
    part(tr, 'td', 'masked').attr('data-value', full(row.masked)).text(num(row.masked));
  });
}
