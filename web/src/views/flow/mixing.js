// How much each output really mixes, read from the core's mixing report (paramFreeMixing /
// projectedMixing, core/math/mixing.hpp), with the controls that change it. Every sentence
// about mixing is chosen by the numbers it stands next to; nothing here computes them.
import { num, full } from '../../format.js';
import { idx } from '../../components/flow-diagram.js';
import { part, parts, headedTable } from '../../components/parts.js';
import { writeParagraphs } from '../../components/rich-text.js';
import { LITTLE_MIXING, BARELY_MIXES, mixingGrade } from '../shared/thresholds.js';
import { copiesText, keysText, rowOf, topKeys } from '../shared/wording.js';
import { notMeaningReason, vectorKind, vectorsName } from '../shared/vector-kind.js';
import { TABLE_SCALES } from './chapter.js';
import { foldedParts } from '../../components/more.js';

/** The mixing report of the form a flow report uses. */
function mixingOf(flowReport) {
  const wb = flowReport.workbench;
  return flowReport.form === 'qkv' ? wb.projectedMixing : wb.paramFreeMixing;
}

/** A share of the output, as the core gave it (4 decimals, or scientific when tiny). */
function share(value) {
  return num(value);
}

/**
 * Paragraphs (lists of parts: text, {value}, {code}) that explain row `i` of the mixing report.
 * ctx: {tokens, qkv, divisor, source, weights (row i of A, to name tied keys)}
 */
export function mixingText(m, ctx) {
  const { tokens, qkv, divisor } = ctx;
  const i = m.row;
  const v = (value) => ({ value });
  const a = (r, c) => idx('a', r + 1, c + 1);
  const y = idx('y', i + 1);
  const x = idx('x', i + 1);
  const word = `“${tokens[i]}”`;
  const paragraphs = [];
  if (m.other < 0) {
    paragraphs.push([`${word} sees no other token here (the mask hides them all), so ${a(i, i)} = `, v(m.selfWeight), ` and ${y} is its own ${qkv ? 'value' : 'vector'}: nothing can be mixed in.`]);
    return paragraphs;
  }
  const strongest = topKeys(ctx.weights, { self: i, others: true });
  const other = keysText(strongest, tokens);
  paragraphs.push([
    `${word} gives itself ${a(i, i)} = `, v(m.selfWeight), ` and its strongest other key${strongest.length > 1 ? 's' : ''}, ${other}, ${a(i, m.other)} = `, v(m.otherWeight),
    `${strongest.length > 1 ? ' each' : ''}. All the other tokens together get `, v(m.weightElsewhere), ` of ${y}; the row spreads over about `, v(m.effectiveTokens), ` token${m.effectiveTokens < 1.5 ? '' : 's'} (exp of its entropy, which measures how evenly the weight spreads: 1 when one key takes it all).`,
  ]);
  const selfName = qkv ? `${idx('q', i + 1)}·${idx('k', i + 1)}` : `|${x}|²`;
  const otherName = qkv ? `${idx('q', i + 1)}·${idx('k', m.other + 1)}` : `${x}·${idx('x', m.other + 1)}`;
  paragraphs.push([
    `The reason is in the scores. Softmax turns a gap between two scores into a ratio of weights: ${a(i, i)} / ${a(i, m.other)} = exp((${selfName} − ${otherName}) ÷ ${divisor === 1 ? '1' : num(divisor)}). Here that is exp((`,
    v(m.selfRawScore), m.otherRawScore < 0 ? ' − (' : ' − ', v(m.otherRawScore), m.otherRawScore < 0 ? ')) ÷ ' : ') ÷ ', v(divisor), ') = exp(', v(m.logOdds), ').',
  ]);
  // graded on the weight from tokens whose vectors differ: a copy of its own vector moves nothing
  const grade = mixingGrade(m.weightFromDifferent);
  const copies = copiesText(m, tokens, i, qkv);
  const own = qkv ? `${word}’s own value` : x;
  // with no copy in the row every other token has another vector: “the other tokens” says it
  const others = m.copies.length ? `tokens with other ${qkv ? 'values' : 'vectors'}` : 'the other tokens';
  if (grade === 'almost-nothing') {
    if (copies) {
      paragraphs.push([`The other tokens get ${share(m.weightElsewhere)} of ${y}, but ${share(m.weightOnCopies)} of it goes to ${copies}: a weighted sum of copies of ${own} is ${own}, so that weight changes nothing. ${others[0].toUpperCase()}${others.slice(1)} get ${share(m.weightFromDifferent)}, so ${y} is ${own} ${m.weightFromDifferent === 0 ? 'exactly' : `to within that share (less than ${share(LITTLE_MIXING)})`}: nothing new enters ${y}. Only something that makes the copies differ, such as positional encoding, can change that.`]);
      return paragraphs;
    }
    paragraphs.push([`So ${y} is ${own} with less than ${share(LITTLE_MIXING)} of its weight on anything else: in this setting the block mixes almost nothing, and nothing here can show context entering ${y}.`]);
    if (!qkv) paragraphs.push([selfScoreReason(ctx.source, x, a(i, m.other))]);
    return paragraphs;
  }
  const tops = topKeys(ctx.weights);
  const strongestNew = keysText(topKeys(ctx.weights, { self: i, others: true, except: m.copies }), tokens);
  const from = `A share of ${share(m.weightFromDifferent)} of ${y} comes from ${others}, most from ${strongestNew}`;
  const copyNote = copies ? ` (Another ${share(m.weightOnCopies)} goes to ${copies}, which changes nothing.)` : '';
  if (grade === 'barely') {
    paragraphs.push([`${from}: here the output barely mixes. ${y} is still mostly ${own}; less than ${share(BARELY_MIXES)} comes from ${copies ? others : 'anywhere else'}.${copyNote}`]);
  } else if (!tops.includes(i) && !tops.some((j) => m.copies.includes(j))) {
    paragraphs.push([`The largest weight of this row is not on ${word} itself but on ${keysText(tops, tokens)} (`, v(ctx.weights[tops[0]]), `), and a share of ${share(m.weightFromDifferent)} of ${y} comes from ${others}: here the output mixes.${copyNote}`]);
  } else {
    paragraphs.push([`${from}: here the output mixes.${copyNote} Whether that helps is another matter: ${notMeaningReason(ctx.source, qkv)}, so it shows context dependence, not better meaning.`]);
  }
  return paragraphs;
}

/** Why the self-score wins in the Class 04 form, said for the kind of vectors on screen. */
export function selfScoreReason(source, x, otherWeight) {
  const fixes = `Divide by √d, make the rows unit length, shrink the table${source === 'onehot' ? '' : ' or use one-hot vectors'} (below) and watch ${otherWeight} grow.`;
  switch (vectorKind(source)) {
    case 'random':
      return `This is what random vectors do in this form: with d features, the self-score |${x}|² grows like d, while xᵢ·xⱼ between unrelated vectors only grows like √d, so the gap, and with it the self weight, grows with the width. ${fixes}`;
    case 'onehot':
      return `One-hot vectors are not random: the one-hot parts of different words are orthogonal (dot product 0), so every other word’s score stays far below the self-score |${x}|² (the gap above). ${fixes}`;
    default:
      return `These are ${vectorsName(source)}, not random ones, but the arithmetic is the same: the self-score |${x}|² is the row’s squared length, and another word’s xᵢ·xⱼ comes near it only if that row points the same way and is about as long. Here none does (the gap above). ${fixes}`;
  }
}

/**
 * One paragraph on how the mixing controls relate to Class 05's ÷√d_k. In the Class 04 form it
 * calls saturation "the same problem" only when this row shows it (it barely mixes or less).
 */
function classFiveLink(ctx, grade = 'almost-nothing') {
  return ctx.qkv
    ? [ctx.divisor === 1
      ? 'Class 05 divides qᵢ·kⱼ by √d_k for the reason shown above: without it, wider vectors give larger gaps, softmax saturates (one weight near 1, the rest near 0) and its gradients vanish, so training could hardly move the other weights. Scaling is off now; switch it on and compare the self weights.'
      : `Class 05 divides qᵢ·kⱼ by √d_k = ${num(ctx.divisor)} for the reason shown above: without it, wider vectors give larger gaps, softmax saturates (one weight near 1, the rest near 0) and its gradients vanish, so training could hardly move the other weights.`]
    : [grade === 'mixes'
      ? 'This row is not saturated, but wider vectors bring the problem back, and it is why Class 05 divides its scores by √d_k: inner products of vectors with more features spread wider, softmax saturates, and a saturated softmax has vanishing gradients. “Divide X Xᵀ by √d_model” below applies that fix to this form.'
      : 'The same problem is why Class 05 divides its scores by √d_k: inner products of vectors with more features spread wider, softmax saturates, and a saturated softmax has vanishing gradients. “Divide X Xᵀ by √d_model” below applies that fix to this form.'];
}

/**
 * Draws the readout, the explanation for the base row and the controls into `section`, filled in
 * place (components/parts.js): the table's rows by token, the paragraphs by place, the controls
 * made once and set to the state.
 */
export function drawMixing(section, { report, tokens, state, update }) {
  part(section, 'h3', 'title').attr('id', 'mixing-title').text('Does this output mix? The self weight of every row');
  const readout = part(section, 'div.mixing-readout', 'readout');
  const { main, more: intro } = foldedParts(readout, { label: 'what the columns mean', name: 'mixing-intro', first: true, keep: true });
  const qkv = report.form === 'qkv';
  const rows = mixingOf(report);
  const divisor = qkv ? report.workbench.projected.scale_divisor : report.workbench.paramFree.divisor;
  const A = qkv ? report.workbench.projected.attn_weights : report.workbench.paramFree.attn_weights;
  const ctx = { tokens, qkv, divisor, source: state.source, weights: rowOf(A, report.base) };
  part(intro, 'p.muted', 'columns').text(
    qkv
      ? 'For each token: the weight it gives itself, its strongest other key, the share of its output that comes from the other tokens, and how much of that comes from tokens whose value differs from its own (a repeated word’s copy changes nothing). “Tokens mixed” is exp of the row’s entropy (entropy: how evenly a row spreads its weight): 1 when one key takes it all, n when all n keys get the same.'
      : 'In this form each token is compared with itself too, through |xᵢ|². For each token: the weight it keeps, its strongest other key, the share of its output that comes from the other tokens, and how much of that comes from tokens whose vector differs from its own (a repeated word’s copy changes nothing). “Tokens mixed” is exp of the row’s entropy (entropy: how evenly a row spreads its weight): 1 when one key takes it all, n when all n keys get the same.',
  );
  const body = headedTable(main, 'table', 'mixing-table',
    ['token', 'self weight aᵢᵢ', 'strongest other key', 'its weight', 'ln(aᵢᵢ / aᵢⱼ)', 'weight on the others', `of it, on other ${qkv ? 'values' : 'vectors'}`, 'tokens mixed (exp entropy)']);
  parts(body, 'tr', rows, (m) => m.row, (tr, m) => {
    tr.attr('data-row', m.row).attr('data-self-weight', full(m.selfWeight))
      .attr('data-elsewhere', full(m.weightElsewhere)).attr('data-from-different', full(m.weightFromDifferent))
      .classed('is-base', m.row === report.base);
    part(tr, 'th', 'token').attr('scope', 'row').text(`${m.row + 1}. ${tokens[m.row]}`);
    const cell = (name, value, text = num(value)) => part(tr, 'td', name).attr('data-value', value == null ? '' : full(value)).text(text);
    cell('self', m.selfWeight);
    part(tr, 'td', 'strongest').text(m.other < 0 ? 'none visible' : strongestCell(topKeys(rowOf(A, m.row), { self: m.row, others: true }), tokens));
    cell('other', m.otherWeight, m.otherWeight == null ? '—' : num(m.otherWeight));
    cell('log-odds', m.logOdds, m.logOdds == null ? '—' : num(m.logOdds));
    cell('elsewhere', m.weightElsewhere);
    cell('different', m.weightFromDifferent);
    cell('effective', m.effectiveTokens);
  });
  const grade = rows[report.base].other < 0 ? 'none' : mixingGrade(rows[report.base].weightFromDifferent);
  const explain = part(section, 'div.mixing-text', 'text').attr('data-base', report.base)
    .attr('data-mixes', String(rows[report.base].weightFromDifferent >= LITTLE_MIXING))
    .attr('data-grade', grade);
  // what the numbers show stays in view; the base row's numbers, why (the scores' gap, the
  // vectors, Class 05's ÷√d_k) and the controls that change it fold, before it
  const { main: said, more: why } = foldedParts(explain, { label: 'why, and how to make it mix', name: 'mixing-why', first: true, keep: true });
  const paragraphs = mixingText(rows[report.base], ctx);
  // [the base row's weights, the scores' gap, the verdict, the vectors' reason]; one when it sees no other token
  const [first, reason, verdict, ...rest] = paragraphs.length > 1 ? paragraphs : [null, null, ...paragraphs];
  writeParagraphs(said, [verdict].filter(Boolean));
  // saturation (Class 05's reason for ÷√d_k) is not why a row that gives its weight to copies of
  // itself mixes nothing: the link is left out there
  const onCopies = grade === 'almost-nothing' && copiesText(rows[report.base], tokens, report.base, qkv);
  writeParagraphs(part(why, 'div', 'paragraphs'), [first, reason, ...rest, onCopies ? null : classFiveLink(ctx, grade)].filter(Boolean));
  drawControls(part(why, 'fieldset.control-row.mixing-controls', 'controls'), { state, update });
}

/** The table's "strongest other key" cell: "2. of", or every tied key, "2. of, 3. the (tied)". */
function strongestCell(keys, tokens) {
  const names = keys.map((j) => `${j + 1}. ${tokens[j]}`).join(', ');
  return keys.length > 1 ? `${names} (tied)` : names;
}

function drawControls(box, { state, update }) {
  part(box, 'legend', 'legend').text('Make it mix: change the vectors or the scores');
  const check = (id, key, label) => {
    const c = part(box, 'div.control.checkbox', id);
    part(c, 'input', 'input').attr('id', id).attr('type', 'checkbox').property('checked', Boolean(state[key]))
      .on('change', (e) => update({ [key]: e.target.checked }));
    part(c, 'label', 'label').attr('for', id).text(label);
  };
  check('mix-free-scale', 'freeScale', 'divide X Xᵀ by √d_model (Class 04 form)');
  check('mix-unit-rows', 'unitRows', 'unit-length rows of X');
  const scale = part(box, 'div.control', 'scale');
  part(scale, 'label', 'label').attr('for', 'mix-table-scale').text('table scale (rows of X times)');
  const select = part(scale, 'select', 'select').attr('id', 'mix-table-scale').on('change', (e) => update({ tableScale: Number(e.target.value) }));
  parts(select, 'option', TABLE_SCALES, (s) => s, (option, s) => option.attr('value', s).text(String(s)));
  select.property('value', String(state.tableScale));
  const oneHot = state.source === 'onehot';
  part(box, 'button.obs-toggle', 'one-hot').attr('type', 'button').attr('id', 'mix-one-hot')
    .attr('aria-pressed', String(oneHot))
    .text(oneHot ? 'Back to the NumPy table' : 'Use one-hot vectors')
    .on('click', () => update({ source: oneHot ? 'numpy' : 'onehot' }));
}
