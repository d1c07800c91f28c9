// Panels that tie the workbench to the class notebook: the values the notes record next to
// the computed ones, every cosine the notes discuss, and (PyTorch) the one-head
// nn.MultiheadAttention cell.
import { select } from 'd3';
import { drawHeatmap } from '../../components/heatmap/index.js';
import { heatmapHolder } from '../shared/heatmap-holders.js';
import { num, full } from '../../format.js';
import { NOTEBOOK_CELLS, RECORDED, atClassSettings, cellsFor } from '../../notebook.js';
import { PAGE_LIMITS } from '../../limits.js';
import { part, parts, shown, keptTable } from '../../components/parts.js';
import { LITTLE_MIXING, BARELY_MIXES, CONTEXT_CHANGE, mixingGrade } from '../shared/thresholds.js';
import { copiesText, keysText, quotedList, rowOf, topKeys } from '../shared/wording.js';
import { contextAnswer, trainedInputsAnswer, rawPairNote } from '../shared/bank-answers.js';
import { drawHistogram } from '../../components/histogram.js';
import { foldedSection } from '../../components/more.js';

/** Recorded (notes) against computed (core), for the class settings. */
export function drawNotesCheck(parent, { report, experiment, state }) {
  // the section, its fold and every row stay from render to render (components/parts.js): a
  // keystroke rewrites the computed column, not the table
  const { main, more } = foldedSection(parent, {
    className: 'stage notes-check', id: 'stage-notes', title: 'Against the class notes',
    label: 'recorded against computed', keep: true,
  });
  const atClass = atClassSettings(state);
  shown(part(main, 'p.muted', 'other-settings'), !atClass).text(
    'The notes recorded their numbers for the class settings (“Bank of the river”, d_model 8, the notebook’s seeds, scaling on, no mask). With your settings the computed values differ, as they should; switch back to compare.',
  );
  const table = keptTable(more, 'checks', 'checks');
  parts(part(part(table, 'thead', 'head'), 'tr', 'row'), 'th', ['quantity', 'recorded in the notes', 'computed here'], (h) => h,
    (th, h) => th.attr('scope', 'col').text(h));
  const rows = [];
  const row = (label, recorded, computed, id) => rows.push({ label, recorded, computed, id });
  const y1 = report.y1_manual;
  if (state.source === 'numpy') {
    const first3 = (values) => `[${Array.from(values.slice(0, 3), (v) => v.toFixed(4)).join(', ')}]`;
    row('Y_literal[0][:3]', `[${RECORDED.Y_literal0.join(', ')}]`, first3(report.projected.Y_literal.data), 'y-literal');
    row('y1_manual[:3]', `[${RECORDED.Y_literal0.join(', ')}]`, first3(y1), 'y1-manual');
  }
  row('np.allclose(Y_literal[0], y1_manual)', 'True', report.y1_allclose ? 'True' : 'False', 'allclose');
  if (state.source === 'numpy' && experiment) {
    // The notes record these three outcomes in words (cells 15–18); the numbers are the core's.
    const cos = Object.fromEntries(experiment.cosines.map((c) => [c.name, c.value]));
    const known = (...names) => names.every((n) => cos[n] != null);
    if (known('raw_target_across_sentences')) {
      row('cosine(raw bank, raw bank) across sentences', '1.0', num(cos.raw_target_across_sentences), 'raw-bank');
    }
    if (known('raw_target_vs_raw_river', 'contextual_target_vs_raw_river')) {
      const lower = cos.contextual_target_vs_raw_river < cos.raw_target_vs_raw_river;
      row('contextual bank vs raw river, next to raw bank vs raw river', 'lower',
        `${lower ? 'lower' : 'not lower'} (${num(cos.contextual_target_vs_raw_river)} vs ${num(cos.raw_target_vs_raw_river)})`, 'bank-river');
    }
    if (known('contextual_target_vs_raw_money', 'contextual_target_vs_raw_river')) {
      const nearerMoney = cos.contextual_target_vs_raw_money > cos.contextual_target_vs_raw_river;
      row('river-sentence bank nearer raw money than raw river', 'True',
        `${nearerMoney ? 'True' : 'False'} (${num(cos.contextual_target_vs_raw_money)} vs ${num(cos.contextual_target_vs_raw_river)})`, 'bank-money');
    }
  }
  if (state.source === 'torch' && experiment) {
    const contextual = experiment.cosines.find((c) => c.name === 'contextual_target_across_sentences');
    row('cosine(contextual bank, contextual bank)', `${RECORDED.torchContextualBank}…`, contextual?.value == null ? '—' : full(contextual.value), 'torch-bank');
    row('raw bank vectors equal', 'True', experiment.rawTargetVectorsEqual ? 'True' : 'False', 'raw-equal');
  }
  parts(part(table, 'tbody', 'body'), 'tr', rows, (r) => r.id, (tr, r) => {
    tr.attr('data-check', r.id);
    part(part(tr, 'th', 'label').attr('scope', 'row'), 'code', 'code').text(r.label);
    part(tr, 'td', 'recorded').text(atClass ? r.recorded : '—');
    part(tr, 'td.computed', 'computed').text(r.computed);
  });
  part(more, 'p.muted', 'allclose').text(
    'y1_manual adds A[0,0]·x₁ + A[0,1]·x₂ + … term by term; Y_literal = A X does the same for every row at once. allclose compares within a tolerance, not bit for bit.',
  );
}

const COSINE_NOTES = {
  raw_target_across_sentences:
    'Exactly 1 by construction: both sentences read the same row of one static table. GloVe or Word2Vec would give 1 as well.',
  // said from the value: at d_v = 1 a cosine is only a sign, so the answers below measure the outputs
  contextual_target_across_sentences: (cos, source, experiment) => {
    if (experiment.first?.dV === 1) return 'With one feature a cosine is only a sign (+1 or −1), so it cannot show a change here: the answers below measure the outputs themselves.';
    return cos.contextual_target_across_sentences < 1 - CONTEXT_CHANGE
      ? 'Below 1 because each sentence mixes different neighbours into the output. That shows the output depends on context, not that it got closer to a meaning.'
      : 'Not visibly below 1: the two sentences give this word almost the same output (the answers below say how close).';
  },
  // said for the vector source on screen, as the bank chapter says it
  raw_target_vs_raw_river: (cos, source, experiment) => rawPairNote(source, experiment.first?.dModel),
  contextual_target_vs_raw_river:
    'Y has passed through W_v, so it lives in another coordinate system than the raw vectors; compare such cosines with care.',
  contextual_target2_vs_raw_money:
    'The second sentence’s output against raw “money” (the notebook’s bank in a money context); read together with the next row, and with the same care about W_v.',
  contextual_target2_vs_raw_river: 'The second sentence’s output against raw “river”.',
  // Said from the numbers on screen: with other sources or seeds the order can flip.
  contextual_target_vs_raw_money: (cos) => {
    const river = cos.contextual_target_vs_raw_river;
    const money = cos.contextual_target_vs_raw_money;
    if (river == null || money == null) return '';
    const order = money > river ? 'higher' : 'not higher';
    return `Here ${order} than against “river” (${num(money)} vs ${num(river)}). In the class notebook it came out higher: the untrained block did not move “bank” toward the meaning of its sentence.`;
  },
};

/** Every cosine the notes discuss, from the two-sentence experiment. */
export function drawCosines(parent, { experiment, state, onChange }) {
  // made once and filled (components/parts.js): the two fields keep their focus and what is being
  // typed in them while the first sentence changes
  const { main: section, more } = foldedSection(parent, {
    className: 'stage cosines', id: 'stage-cosines', title: 'The “bank” comparison: two sentences, one table',
    label: 'every cosine, and the three questions', keep: true,
  });
  const cell = cellsFor(state).cosines;
  const ref = part(more, 'p.cell-ref', 'cell');
  part(ref, 'span', 'where').text(`notebook ${cell[0]}: `);
  part(ref, 'code', 'code').text(cell[1]);
  const form = part(section, 'div.control-row', 'fields');
  textField(form, 'second', { className: 'control sentence2', id: 'sentence2', label: 'Second sentence', key: 'sentence2', maxLength: PAGE_LIMITS.maxChars, value: state.sentence2, onChange });
  textField(form, 'target', { className: 'control', id: 'target', label: 'Word to follow', key: 'target', maxLength: 64, size: 10, value: state.target, onChange });

  const missing = Boolean(experiment) && (experiment.targetIndexFirst < 0 || experiment.targetIndexSecond < 0);
  shown(part(section, 'p.notice', 'missing'), missing)
    .text(missing ? `“${state.target}” must appear in both sentences for the cross-sentence comparisons.` : '');
  const results = shown(part(more, 'div.cosine-results', 'results'), Boolean(experiment));
  if (!experiment) return;
  const table = keptTable(results, 'cosines', 'cosine-table');
  parts(part(part(table, 'thead', 'head'), 'tr', 'row'), 'th', ['comparison', 'cosine', 'what it does and does not show'], (h) => h,
    (th, h) => th.attr('scope', 'col').text(h));
  const cos = Object.fromEntries(experiment.cosines.map((c) => [c.name, c.value]));
  parts(part(table, 'tbody', 'body'), 'tr', experiment.cosines, (c) => c.name, (tr, c) => {
    const note = COSINE_NOTES[c.name] ?? '';
    tr.attr('data-cosine', c.name);
    part(tr, 'th', 'what').attr('scope', 'row').text(c.description);
    part(tr, 'td.value', 'value').attr('title', c.value == null ? c.whyUndefined : full(c.value)).text(c.value == null ? 'no value' : num(c.value));
    part(tr, 'td', 'note').text(c.value == null ? `No cosine: ${c.whyUndefined}.` : typeof note === 'function' ? note(cos, state.source, experiment) : note);
  });
  part(results, 'p.three-answers', 'answers').text(threeAnswers(experiment, state));
}

/** A labelled text field made once; its value is set only when the state differs from it. */
function textField(form, name, { className, id, label, key, maxLength, size, value, onChange }) {
  const box = part(form, 'div', name).attr('class', className);
  part(box, 'label', 'label').attr('for', id).text(label);
  const input = part(box, 'input', 'input');
  if (input.attr('id') !== id) {
    input.attr('id', id).attr('type', 'text').attr('maxlength', maxLength).attr('size', size ?? null).attr('data-state-key', key)
      .on('change', (e) => onChange({ [key]: e.target.value }));
  }
  // (a field being typed in keeps what it holds until its change event updates the state)
  if (document.activeElement !== input.node() && input.property('value') !== value) input.property('value', value);
}

/** The notes' three questions, answered as the bank chapter answers them (views/shared/bank-answers.js). */
export function threeAnswers(experiment, state) {
  const c = Object.fromEntries(experiment.cosines.map((x) => [x.name, x]));
  const value = (name) => c[name]?.value ?? null;
  const show = (x) => num(x);
  const target = `“${state.target}”`;
  const context = contextAnswer({
    ctx: value('contextual_target_across_sentences'), raw: value('raw_target_across_sentences'),
    why: c.contextual_target_across_sentences?.whyUndefined, target, show,
    width: experiment.first?.dV, change: experiment.contextualTargetChange,
  });
  const inputs = trainedInputsAnswer(state.source, target, c.raw_target_vs_raw_river, c.raw_target_vs_raw_money, show, experiment.first?.dModel);
  return `Three questions, three answers from these numbers. Does the output change with context? ${context} Do the inputs carry trained relationships? ${inputs} Do these untrained projections improve meaning? Nothing here can show that; only training and a task could.`;
}

/** PyTorch: the notebook's one-head nn.MultiheadAttention on the same X. */
export function drawMultiHead(parent, { report, tokens }) {
  const mha = report.mha;
  if (!mha) {
    parent.selectAll(':scope > section').remove();
    return;
  }
  const { more: section } = foldedSection(parent, {
    className: 'stage mha', id: 'stage-mha', title: 'The library version: nn.MultiheadAttention with one head',
    label: 'its weights and output',
  });
  section.append('p').text(
    `X_batched = X.unsqueeze(0) has shape (1, ${report.X.rows}, ${report.X.cols}): the leading 1 is the batch, not the number of heads or tokens. The module has its own, separately initialised projections (in_proj_weight stacks W_q, W_k, W_v) and an output projection, so its output differs from Y above even with one head.`,
  );
  const cell = NOTEBOOK_CELLS.torch.mha;
  const feat = (n, p) => Array.from({ length: n }, (_, f) => `${p}${f}`);
  const E = report.X.cols;
  const row = section.append('div').attr('class', 'heatmap-row');
  // the panel is written again on each render; its maps keep their holders (updated in place)
  const panel = select(section.node().closest('.panel-multihead') ?? section.node());
  let held = 0;
  const holder = () => heatmapHolder(panel, row, `mha-${held++}`);
  const inLabels = [...feat(E, 'q'), ...feat(E, 'k'), ...feat(E, 'v')];
  drawHeatmap(holder(), { name: 'mha.in_proj_weight', matrix: mha.in_proj_weight, rowLabels: inLabels, colLabels: feat(E, 'in'), rowAxis: 'outputs (q, k, v stacked)', colAxis: 'features in', palette: 'diverging', cell });
  drawHeatmap(holder(), { name: 'mha.out_proj.weight', matrix: mha.out_proj_weight, rowLabels: feat(E, 'out'), colLabels: feat(E, 'in'), rowAxis: 'features out', colAxis: 'features in', palette: 'diverging' });
  drawHeatmap(holder(), { name: 'attn_weights_mha', matrix: mha.attn_weights_mha, rowLabels: tokens, colLabels: tokens, rowAxis: 'queries', colAxis: 'keys', palette: 'weights' });
  drawHeatmap(holder(), { name: 'Y_mha', matrix: mha.Y_mha, rowLabels: tokens, colLabels: feat(E, 'f'), rowAxis: 'tokens', colAxis: 'features (d_model)', palette: 'diverging', note: 'after the output projection out_proj' });
  select(section.node()).append('p').attr('class', 'muted').text('Batch size and head count are different axes: this is one sentence (batch 1) through one head.');
}

/**
 * The note beside attn_weights: where each row's largest weight went, read from the matrix on
 * screen (`A`, the projected attn_weights), ties named as ties, and why that is not meaningful
 * while the projections are untrained.
 */
export function largestWeightNote(A, tokens) {
  const rows = tokens.map((_, i) => rowOf(A, i));
  const each = rows.map((w, i) => {
    const keys = topKeys(w);
    const top = num(w[keys[0]]);
    return keys.length > 1
      ? `“${tokens[i]}” → ${quotedList(keys.map((j) => tokens[j]))} (tied at ${top})`
      : `“${tokens[i]}” → “${tokens[keys[0]]}” (${top})`;
  }).join(', ');
  return `Largest weight in each row: ${each}. ${firstRowLead(rows[0], tokens)} W_q, W_k and W_v are random and untrained, so which key wins is an accident of the draw, not a sign of what matters in the sentence.`;
}

/** What the first row does with its largest weight: on itself, on another key, or a tie. */
function firstRowLead(weights, tokens) {
  const keys = topKeys(weights);
  const top = num(weights[keys[0]]);
  const word = `“${tokens[0]}”`;
  if (keys.length > 1) {
    const names = keys.map((j) => (j === 0 ? 'itself' : `“${tokens[j]}”`));
    const list = names.length < 2 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
    return `${word} splits its largest weight, ${top} each, equally between ${list}: a tie.`;
  }
  return keys[0] === 0
    ? `${word} keeps its largest weight on itself (${top}).`
    : `${word} puts its largest weight on “${tokens[keys[0]]}” (${top}), not on itself.`;
}

/**
 * The note beside the parameter-free A: each row's self weight, and how much each output mixes,
 * graded by thresholds.js (almost nothing, barely, mixes) on the weight from tokens whose vectors
 * differ from the row's own (weight on a copy of its own vector, a repeated word, changes
 * nothing); the strongest of those keys are read from `A` itself, so a tie is named as one.
 */
export function selfWeightNote(mixing, tokens, divisor, A) {
  const rows = Array.from(mixing);
  const each = rows.map((m) => `${tokens[m.row]} ${num(m.selfWeight)}`).join(', ');
  const scaled = divisor === 1 ? '' : ` (scores divided by ${num(divisor)})`;
  const seesOthers = (m) => m.other >= 0;
  const graded = (grade) => rows.filter((m) => seesOthers(m) && mixingGrade(m.weightFromDifferent) === grade);
  const most = (m) => keysText(topKeys(rowOf(A, m.row), { self: m.row, others: true, except: m.copies }), tokens);
  // almost nothing from other vectors: either little weight leaves the row, or it goes to copies
  const nothing = rows.filter((m) => !seesOthers(m) || mixingGrade(m.weightFromDifferent) === 'almost-nothing');
  const onCopies = nothing.filter((m) => copiesText(m, tokens, m.row));
  const kept = nothing.filter((m) => !onCopies.includes(m)).map((m) => `“${tokens[m.row]}”`);
  const copyNote = (m) => (copiesText(m, tokens, m.row) ? `, and gives ${num(m.weightOnCopies)} to ${copiesText(m, tokens, m.row)}, which changes nothing` : '');
  // a repeated word's rows say the same thing: once
  const once = (list) => [...new Set(list)];
  // with no copy in the row, every other token has another vector: "the others" says it
  const from = (m) => (m.copies.length ? 'words with other vectors' : 'the others');
  const barely = once(graded('barely').map((m) => `“${tokens[m.row]}” takes only ${num(m.weightFromDifferent)} from ${from(m)}, most from ${most(m)}${copyNote(m)}`));
  const mixed = once(graded('mixes').map((m) => `“${tokens[m.row]}” takes ${num(m.weightFromDifferent)} from ${from(m)}, most from ${most(m)}${copyNote(m)}`));
  const said = [`Self weights aᵢᵢ${scaled}: ${each}.`];
  if (kept.length) {
    said.push(`${kept.join(', ')} ${kept.length === 1 ? 'keeps' : 'keep'} more than ${num(1 - LITTLE_MIXING)} on ${kept.length === 1 ? 'itself' : 'themselves'}: ${kept.length === 1 ? 'its output is its' : 'their outputs are their'} own vector${kept.length === 1 ? '' : 's'} to within ${num(LITTLE_MIXING)}, because |xᵢ|² is far above every xᵢ·xⱼ.`);
  }
  if (onCopies.length) {
    const gives = once(onCopies.map((m) => `“${tokens[m.row]}” gives ${num(m.weightOnCopies)} to ${copiesText(m, tokens, m.row)}`));
    said.push(`${gives.join('; ')}: weight on a copy of a word’s own vector changes nothing, and less than ${num(LITTLE_MIXING)} goes to words with other vectors, so ${onCopies.length === 1 ? 'its output is its own vector' : 'their outputs are their own vectors'} to within that.`);
  }
  if (nothing.length === rows.length) said.push('Here this form mixes almost nothing.');
  if (barely.length) said.push(`${barely.join('; ')}: ${barely.length === 1 ? 'that output barely mixes' : 'those outputs barely mix'} (less than ${num(BARELY_MIXES)} from ${graded('barely').some((m) => m.copies.length) ? 'words with other vectors' : 'the others'}).`);
  if (mixed.length) said.push(`${mixed.join('; ')}: ${mixed.length === 1 ? 'that output does' : 'those outputs do'} mix.`);
  said.push('The flow chapter’s “Does this output mix?” explains why and has controls that change it.');
  return said.join(' ');
}

/**
 * What `scale=0.5` means, next to W_q's measured spread: a standard deviation of the normal
 * distribution the values are drawn from (NumPy mode; the other table sources reuse NumPy's
 * projections, PyTorch draws its own with nn.Linear's default initialisation).
 */
export function spreadNote(summary, source) {
  const measured = `W_q's ${summary.count} values here have mean ${num(summary.mean)} and standard deviation ${num(summary.std)}, from ${num(summary.min)} to ${num(summary.max)}.`;
  if (source === 'torch') {
    return `${measured} PyTorch drew them with nn.Linear's default initialisation (uniform within a range set by the input width), not with the NumPy notebook's normal(scale=0.5).`;
  }
  return `In the notebook's normal(scale=0.5), 0.5 is the standard deviation of the normal distribution the values are drawn from, not a factor applied to fixed numbers. ${measured} A sample's standard deviation is not exactly 0.5; with more values (a wider d_model) it tends to land closer.`;
}

/** W_q's values as a histogram with the sentence above (issue 16: scale is a standard deviation). */
export function drawSpread(parent, { core, report, state }) {
  const summary = core.valueSummary(report.W_q, 12);
  const box = parent.append('div').attr('class', 'spread').attr('data-std', String(summary.std)).attr('data-mean', String(summary.mean));
  box.append('p').attr('class', 'spread-note').text(spreadNote(summary, state.source));
  drawHistogram(box.node(), { summary, name: 'W_q' });
}
