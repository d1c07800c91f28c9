// The Q/K/V workbench (Class 05) with the parameter-free form (Class 04) beside it:
// a sentence in, every matrix of the notebook out as heatmaps with shapes.
import { select } from 'd3';
import { drawHeatmap } from '../../components/heatmap/index.js';
import { drawInspector } from '../../components/inspector.js';
import { num, shapeText } from '../../format.js';
import { createStatus } from '../../components/status.js';
import { PAGE_LIMITS } from '../../limits.js';
import { text } from '../../params.js';
import { cellsFor } from '../../notebook.js';
import { createVectorSource } from '../../components/vector-source.js';
import { coreOptions } from '../../vectors/store.js';
import { topKeys, rowOf } from '../shared/wording.js';
import { drawNotesCheck, drawCosines, drawMultiHead, drawSpread, largestWeightNote, selfWeightNote } from './notebook-panels.js';
import { dataTable } from '../../components/data-table.js';
import { drawSection } from '../../components/deferred.js';
import { figureAttr } from '../../components/figures.js';
import { sentenceField } from '../../components/sentence-field.js';
import { drawKinds } from './kinds.js';
import { lastAnswer, chapterAnswer } from '../../core/last-answer.js';
import { moreFold } from '../../components/more.js';
import { mountSoftLookup } from './soft-lookup.js';

/** The Q/K/V chapter (its number: its place in views/chapters.js): the Class 05 notebook, every matrix live. */
export const view = {
  mount(root, { core, jobs, state, update, remember = () => {} }) {
    const { resultsEl, stagesEl, panelsEl, panel } = buildWorkbench(root, { core, state, onChange: update });
    const softLookup = mountSoftLookup(root); // a fold at the chapter's end: exact against soft lookup
    let lastReport = null;
    let stages = null; // the chapter's figures, built with the first report and updated in place
    const lastCall = lastAnswer();
    const status = createStatus(select(root).select('#workbench .status-slot'), resultsEl);
    const [i0, j0] = state.weightCell.split(',').map(Number);
    // the attn_weights cell the inspector explains; kept in the link without a redraw
    const selected = { i: i0, j: j0, remember: (i, j) => remember({ weightCell: `${i},${j}` }) };
    return {
      status,
      render(current) {
        syncControls(root, current);
        panel.render(current, lastReport);
        const sentences = [current.sentence, current.sentence2];
        const { options, waiting } = coreOptions(core, current, { sentences, maxTokens: PAGE_LIMITS.maxTokens });
        if (waiting) {
          status.error('');
          status.notices([waiting]);
          return;
        }
        // Every section of the chapter comes from one core call, each sentence computed once:
        // sentence A's matrices, the bank comparison with sentence B and the other kinds of
        // attention share one table (the words of both sentences join the vocabulary, which moves
        // PyTorch's later draws). The same inputs again (a redraw for view state) reuse the answer.
        const chapter = chapterAnswer(lastCall, { method: 'qkvChapter', options, core, jobs, status });
        if (!chapter) return;
        const { report, experiment, experimentError, kinds, kindsError } = chapter;
        const notices = Array.from(report.notices);
        if (experimentError) notices.push(`Bank comparison: ${experimentError}`);
        lastReport = report;
        panel.render(current, report);
        if (!['numpy', 'torch'].includes(current.source)) {
          // one-hot and pretrained vectors set the widths: show the ones used
          for (const [id, v] of [['d-model', report.dModel], ['d-k', report.dK], ['d-v', report.dV]]) root.querySelector(`#${id}`).value = String(v);
        }
        status.error('');
        status.notices(notices);
        stages ??= createStages(stagesEl);
        updateStages(stages, { core, report, state: current, selected });
        drawPanels(panelsEl, { report, experiment, kinds, kindsError, state: current, onChange: update });
        softLookup.fill(chapter, current);
      },
    };
  },
};

const SOURCE_TEXT = {
  numpy:
    'NumPy notebook: the table comes from np.random.default_rng(seed).normal, the projections from default_rng(projection seed).normal(scale=0.5). Random, untrained numbers.',
  torch:
    'PyTorch notebook: torch.manual_seed(seed), then nn.Embedding and three nn.Linear(bias=False) with their default initialisation. Random, untrained numbers.',
  onehot:
    'One-hot: each vocabulary word is its own axis, so d_model is the vocabulary size and different words have dot product 0. The projections are the NumPy notebook’s, random and untrained.',
  glove:
    'GloVe: the table rows are pretrained word vectors (trained elsewhere, on word co-occurrence), and d_model is their width. The projections W_q, W_k, W_v are still the NumPy notebook’s random, untrained ones.',
  file:
    'Your vector file: the table rows are its vectors, and d_model is their width. Whether they were trained, and how, this page cannot tell. The projections W_q, W_k, W_v are the NumPy notebook’s random, untrained ones.',
};

/** Builds the controls once; returns the element that results are drawn into. */
function buildWorkbench(root, { core, state, onChange }) {
  const view = select(root).append('section').attr('id', 'workbench').attr('class', 'view').attr('aria-labelledby', 'workbench-title');
  view.append('h2').attr('id', 'workbench-title').text('Queries, keys and values: the notebook, live');
  view.append('p').attr('class', 'lead').text(
    'Type a sentence: every number of the notebook, from X to Y, is computed live.',
  );

  const form = view.append('form').attr('class', 'controls').attr('novalidate', true).on('submit', (e) => e.preventDefault());
  sentenceField(form, {
    id: 'sentence', name: 'sentence', stateKey: 'sentence', value: state.sentence, maxLength: PAGE_LIMITS.maxChars, onChange,
    examples: ['Bank of the river', 'bank account has money', 'Noa can be annoying, but she is a great cat'],
  });
  // Notices and errors right under the sentence, where the learner is typing.
  form.append('div').attr('class', 'status-slot');

  const panel = createVectorSource(form, { core, state, onChange, sentences: () => [state.sentence, state.sentence2] });
  const row = form.append('div').attr('class', 'control-row');

  const number = (id, label, key, extra = {}) =>
    numberControl(row, id, label, state[key], key === 'embedSeed' || key === 'projSeed' ? 0 : 1,
      key === 'embedSeed' || key === 'projSeed' ? PAGE_LIMITS.maxSeed : PAGE_LIMITS.maxWidth,
      (value, error) => onChange(error ? { inputError: error } : { [key]: value, ...extra }));
  number('d-model', 'd_model', 'dModel');
  number('d-k', 'd_k', 'dK', { tieWidths: false });
  number('d-v', 'd_v', 'dV', { tieWidths: false });
  number('embed-seed', 'table seed', 'embedSeed');
  number('proj-seed', 'projection seed', 'projSeed');

  const toggles = form.append('div').attr('class', 'control-row toggles');
  checkbox(toggles, 'tie-widths', 'd_k = d_v = d_model', state.tieWidths, (v) => onChange({ tieWidths: v }));
  checkbox(toggles, 'scale', 'divide scores by √d_k', state.scale, (v) => onChange({ scale: v }));
  checkbox(toggles, 'causal', 'causal mask (no looking ahead)', state.causal, (v) => onChange({ causal: v }));

  const results = view.append('div').attr('id', 'results');
  // The matrices are rebuilt on each render; the panels below them are kept, each redrawn when it
  // is on screen, or else just after the frame (components/deferred.js).
  const stagesEl = results.append('div').attr('class', 'stages').node();
  const panelsEl = {};
  for (const name of ['notes', 'cosines', 'multihead', 'shapes', 'kinds']) panelsEl[name] = results.append('div').attr('class', `panel-${name}`).node();
  return { resultsEl: results.node(), stagesEl, panelsEl, panel };
}

/** Puts the state's values into the controls (after a reset or a tied width change). */
function syncControls(root, state) {
  const set = (id, v) => { const el = root.querySelector(`#${id}`); if (el && el.value !== String(v)) el.value = String(v); };
  set('d-model', state.dModel);
  set('d-k', state.dK);
  set('d-v', state.dV);
  root.querySelector('#tie-widths').checked = state.tieWidths;
  root.querySelector('#d-k').disabled = state.tieWidths;
  root.querySelector('#d-v').disabled = state.tieWidths;
  root.querySelector('#proj-seed').disabled = state.source === 'torch';
  root.querySelector('#d-model').disabled = !['numpy', 'torch'].includes(state.source); // the vectors set the width
}

/**
 * The chapter's stages, built once: every heading, paragraph and heatmap holder is a slot that
 * each render fills in place (drawHeatmap updates the figure already in its holder).
 */
function createStages(stagesEl) {
  const results = select(stagesEl);
  const holder = (parent, figure) => {
    const el = parent.append('div').attr('class', 'heatmap-holder');
    if (figure) figureAttr(el, figure);
    return el;
  };
  const intro = results.append('section').attr('class', 'stage').attr('aria-labelledby', 'stage-inputs');
  intro.append('h3').attr('id', 'stage-inputs').text('1. Tokens become vectors');
  const chips = intro.append('ol').attr('class', 'tokens');
  const sizes = intro.append('p');
  // the notebook's details fold where they were (components/more.js): built once, filled on each render
  // X, the sentence's rows, folds with the table: the chips above say which rows (issue 34: the
  // root address, this chapter with the course map, stays within 600 words)
  const tableMore = moreFold(intro, 'the table and X, its rows for these words');
  const sourceNote = tableMore.append('p').attr('class', 'source-note');
  tableMore.append('p').text('Vocabulary size, sentence length and width are three separate numbers: the table has a row per vocabulary word, X a row per token of the sentence, and both have d_model columns.');
  const table = holder(tableMore, 'table');
  const X = holder(tableMore, 'X');

  const proj = results.append('section').attr('class', 'stage').attr('aria-labelledby', 'stage-proj');
  proj.append('h3').attr('id', 'stage-proj').text('2. One input, three roles: Q = X W_q, K = X W_k, V = X W_v');
  proj.append('p').text('W_q, W_k and W_v are parameters (here random, untrained), the same for every token; the attention weights below are not parameters but results computed from this input.');
  // data-stage: the parts present mode shows one at a time (components/present.js)
  const weightsPart = proj.append('div').attr('data-stage', 'W_q, W_k, W_v: the parameters');
  const weightsMore = moreFold(weightsPart, 'the parameters W_q, W_k, W_v');
  const wRow = weightsMore.append('div').attr('class', 'heatmap-row');
  const W = { W_q: holder(wRow, 'W_q'), W_k: holder(wRow, 'W_k'), W_v: holder(wRow, 'W_v') };
  const spread = weightsMore.append('div').attr('class', 'spread-slot');
  const qkvPart = proj.append('div').attr('data-stage', 'Q, K, V: one input, three roles');
  const qkvRow = moreFold(qkvPart, 'Q, K and V', { name: 'qkv' }).append('div').attr('class', 'heatmap-row');
  const QKV = { Q: holder(qkvRow, 'Q'), K: holder(qkvRow, 'K'), V: holder(qkvRow, 'V') };

  const compare = results.append('div').attr('class', 'compare');
  const free = compare.append('section').attr('class', 'stage form-free').attr('aria-labelledby', 'stage-free');
  free.append('h3').attr('id', 'stage-free').text('Class 04: parameter-free');
  free.append('p').text('The same X without W_q, W_k, W_v: Y = softmax(X Xᵀ) X.');
  const freeMore = moreFold(free, 'S, A, Y and how much they mix');
  freeMore.append('p').text('S compares the raw vectors. S is symmetric (x_i·x_j = x_j·x_i), but each row of A is normalised on its own, so A is not.');
  const S = holder(freeMore, 'S');
  const A = holder(freeMore, 'A');
  const selfWeights = freeMore.append('p').attr('class', 'self-weights');
  const Y_free = holder(freeMore, 'Y_free');

  const qkv = compare.append('section').attr('class', 'stage form-qkv').attr('aria-labelledby', 'stage-qkv');
  qkv.append('h3').attr('id', 'stage-qkv').text('Class 05: with queries, keys and values');
  const scoresPart = qkv.append('div').attr('data-stage', 'scores');
  const scoresText = scoresPart.append('p');
  const scores = holder(scoresPart, 'scores');
  const attnPart = qkv.append('div').attr('data-stage', 'attn_weights, and how one was made');
  attnPart.append('p').text('Each row: positive weights that add up to 1. Hover, tap or focus a cell to see how it was made.');
  // the figure is the map with its inspector: an embed of attn_weights explains the selected weight too
  const weightsRow = attnPart.append('div').attr('class', 'weights-with-inspector').call(figureAttr, 'attn_weights');
  const weights = weightsRow.append('div').node();
  const inspector = weightsRow.append('aside').attr('class', 'inspector').attr('aria-live', 'polite').node();
  // which key wins each row, and why that means nothing here: under the map, folded (issue 34:
  // the root address, this chapter with the course map, stays within 600 words)
  const largest = moreFold(attnPart, 'which key each row weights most', { name: 'largest-weights' }).append('p').attr('class', 'largest-weights');
  const outputPart = qkv.append('div').attr('data-stage', 'Y and Y_literal: the outputs');
  const Y = holder(outputPart, 'Y');
  const Y_literal = holder(moreFold(outputPart, 'Y_literal, the weights on raw X'), 'Y_literal');
  // the parts drawn each in its turn: the one on screen in the frame after the key, the rest after it
  const parts = { inputs: intro.node(), projections: proj.node(), free: free.node(), scores: scoresPart.node(), weights: weightsRow.node(), outputs: outputPart.node() };
  return { parts, chips, sourceNote, sizes, table, X, W, spread, QKV, S, A, selfWeights, Y_free, scoresText, scores, weights, inspector, largest, Y, Y_literal, spreadOf: null };
}

/**
 * Fills the stages with a workbench report: the same elements, new numbers. Each part is drawn
 * through drawSection: the part on screen (attn_weights and its inspector, on the first screen)
 * now, the others after the frame, or when they scroll into view (components/deferred.js).
 */
function updateStages(stages, { core, report, state, selected }) {
  const tokens = Array.from(report.tokens, (t) => t.text);
  const feat = (n, prefix) => Array.from({ length: n }, (_, f) => `${prefix}${f}`);
  const at = {
    cells: cellsFor(state), tokens, feat, dModel: report.X.cols, dK: report.projected.Q.cols, dV: report.projected.V.cols,
    heat: (holderEl, spec) => drawHeatmap(holderEl.node(), { palette: 'diverging', ...spec }),
  };
  const { parts } = stages;
  drawSection(parts.weights, () => drawWeights(stages, at, { core, report, state, selected }));
  drawSection(parts.inputs, () => drawInputs(stages, at, { report, state }));
  drawSection(parts.projections, () => drawProjections(stages, at, { core, report, state }));
  drawSection(parts.free, () => drawFreeForm(stages, at, { report }));
  drawSection(parts.scores, () => drawScores(stages, at, { report, state }));
  drawSection(parts.outputs, () => drawOutputs(stages, at, { report }));
}

function drawInputs(stages, { cells, tokens, feat, dModel, heat }, { report, state }) {
  stages.chips.selectAll('li').data(report.tokens).join((enter) => enter.append('li').call((li) => {
    li.append('span').attr('class', 'token-text');
    li.append('span').attr('class', 'token-key');
  }))
    .attr('data-token', (t, i) => i)
    .call((li) => li.select('.token-text').text((t) => t.text))
    .call((li) => li.select('.token-key').text((t) => `→ “${t.key}”`));
  stages.sourceNote.text(SOURCE_TEXT[state.source] ?? SOURCE_TEXT.file);
  stages.sizes.text(
    `The table has ${report.table.words.length} words × ${dModel} features; the sentence uses ${tokens.length} rows of it.`,
  );
  const table = report.table;
  const showTable = Boolean(cells.table) && table.words.length <= PAGE_LIMITS.maxTokens;
  stages.table.attr('hidden', showTable ? null : true);
  if (showTable) {
    // The whole lookup table the notebook builds; X below is its rows for this sentence.
    heat(stages.table, {
      name: state.source === 'torch' ? 'embedding.weight' : 'table', cell: cells.table, matrix: table.vectors,
      rowLabels: Array.from(table.words), colLabels: feat(table.vectors.cols, 'f'), rowAxis: 'vocabulary words', colAxis: 'features (d_model)',
    });
  }
  heat(stages.X, { name: 'X', cell: cells.X, matrix: report.X, rowLabels: tokens, colLabels: feat(dModel, 'f'), rowAxis: 'tokens', colAxis: 'features (d_model)' });
}

function drawProjections(stages, { cells, tokens, feat, dModel, dK, dV, heat }, { core, report, state }) {
  for (const [name, w, outName] of [['W_q', report.W_q, 'd_k'], ['W_k', report.W_k, 'd_k'], ['W_v', report.W_v, 'd_v']]) {
    heat(stages.W[name], { name, cell: cells[name], matrix: w, rowLabels: feat(dModel, 'in'), colLabels: feat(w.cols, 'out'), rowAxis: 'features in (d_model)', colAxis: `features out (${outName})` });
  }
  // W_q rarely changes while typing (its seed and widths do not): its summary is asked only when it does
  if (!sameMatrix(stages.spreadOf, report.W_q) || stages.spreadSource !== state.source) {
    stages.spread.selectAll('*').remove();
    drawSpread(stages.spread, { core, report, state });
    stages.spreadOf = report.W_q;
    stages.spreadSource = state.source;
  }
  heat(stages.QKV.Q, { name: 'Q', cell: cells.Q, matrix: report.projected.Q, rowLabels: tokens, colLabels: feat(dK, 'f'), rowAxis: 'tokens (queries)', colAxis: 'features (d_k)' });
  heat(stages.QKV.K, { name: 'K', cell: cells.K, matrix: report.projected.K, rowLabels: tokens, colLabels: feat(dK, 'f'), rowAxis: 'tokens (keys)', colAxis: 'features (d_k)' });
  heat(stages.QKV.V, { name: 'V', cell: cells.V, matrix: report.projected.V, rowLabels: tokens, colLabels: feat(dV, 'f'), rowAxis: 'tokens (values)', colAxis: 'features (d_v)' });
}

function drawFreeForm(stages, { tokens, feat, dModel, heat }, { report }) {
  heat(stages.S, { name: 'S', matrix: report.paramFree.S, rowLabels: tokens, colLabels: tokens, rowAxis: 'tokens', colAxis: 'tokens' });
  heat(stages.A, { name: 'A', matrix: report.paramFree.attn_weights, rowLabels: tokens, colLabels: tokens, rowAxis: 'tokens', colAxis: 'tokens', palette: 'weights' });
  stages.selfWeights.text(selfWeightNote(report.paramFreeMixing, tokens, report.paramFree.divisor, report.paramFree.attn_weights));
  heat(stages.Y_free, { name: 'Y = A X', matrix: report.paramFree.Y, rowLabels: tokens, colLabels: feat(dModel, 'f'), rowAxis: 'tokens', colAxis: 'features (d_model)' });
}

function drawScores(stages, { cells, tokens, dK, heat }, { report, state }) {
  stages.scoresText.text(
    state.scale
      ? `scores = Q Kᵀ / √d_k, with √${dK} = ${num(report.projected.scale_divisor)}: one scalar per (query, key) pair. Not symmetric: queries and keys are different projections.`
      : 'scores = Q Kᵀ (scaling off): one scalar per (query, key) pair.',
  );
  heat(stages.scores, { name: 'scores', cell: cells.scores, matrix: report.projected.scores, rowLabels: tokens, colLabels: tokens, rowAxis: 'queries', colAxis: 'keys' });
}

function drawWeights(stages, { cells, tokens, dK }, { core, report, state, selected }) {
  const options = { scale: state.scale, causal: state.causal };
  // The explanation of the selected weight: a view-state change (hover, tap, keys) asks the core
  // for that one cell's steps from the Q and K rows already computed; the chapter is not recomputed.
  const inspect = (i, j) => {
    selected.i = i;
    selected.j = j;
    selected.remember(i, j);
    const explanation = core.explainWeight(report.projected.Q, report.projected.K, i, j, options);
    drawInspector(stages.inspector, { explanation, i, j, queryLabel: tokens[i], keyLabel: tokens[j], dK, scale: state.scale });
  };
  const si = Math.min(selected.i, tokens.length - 1);
  const sj = Math.min(selected.j, tokens.length - 1);
  drawHeatmap(stages.weights, {
    name: 'attn_weights', matrix: report.projected.attn_weights, rowLabels: tokens, colLabels: tokens,
    rowAxis: 'queries', colAxis: 'keys', palette: 'weights', rowSums: report.row_sums, cell: cells.attn_weights,
    interactive: true, selected: [si, sj], onSelect: inspect,
  });
  inspect(si, sj);
  stages.largest.attr('data-top-key', String(report.projectedMixing[0].topKey))
    .attr('data-top-keys', topKeys(rowOf(report.projected.attn_weights, 0)).join(','))
    .text(largestWeightNote(report.projected.attn_weights, tokens));
}

function drawOutputs(stages, { cells, tokens, feat, dModel, dV, heat }, { report }) {
  heat(stages.Y, { name: 'Y', cell: cells.Y, matrix: report.projected.Y, rowLabels: tokens, colLabels: feat(dV, 'f'), rowAxis: 'tokens', colAxis: 'features (d_v)', note: 'Y = attn_weights · V: row i mixes the value rows with row i’s weights.' });
  heat(stages.Y_literal, { name: 'Y_literal', cell: cells.Y_literal, matrix: report.projected.Y_literal, rowLabels: tokens, colLabels: feat(dModel, 'f'), rowAxis: 'tokens', colAxis: 'features (d_model)', note: 'Y_literal = attn_weights · X mixes the raw vectors instead: the same weights, without the value projection.' });
}

/** Whether two matrices from the core hold the same shape and values (to skip a redraw). */
function sameMatrix(a, b) {
  if (!a || !b || a.rows !== b.rows || a.cols !== b.cols) return false;
  for (let k = 0; k < a.data.length; k += 1) if (a.data[k] !== b.data[k]) return false;
  return true;
}

/** The panels under the matrices: the notes' claims checked, the cosines, heads, shapes and other kinds of attention. */
function drawPanels(panelsEl, { report, experiment, kinds, kindsError, state, onChange }) {
  const tokens = Array.from(report.tokens, (t) => t.text);
  // these panels are written again when their section is drawn (their maps keep their holders,
  // their sections and folds stay: an opened fold stays open while the sentence is typed)
  const redraw = (name, draw) => drawSection(panelsEl[name], () => draw(select(panelsEl[name])));
  redraw('notes', (panel) => drawNotesCheck(panel, { report, experiment, state }));
  redraw('cosines', (panel) => drawCosines(panel, { experiment, state, onChange }));
  redraw('multihead', (panel) => drawMultiHead(panel, { report, tokens }));
  // the shapes table is updated in place: a row per matrix, joined by its name
  drawSection(panelsEl.shapes, () => drawShapes(select(panelsEl.shapes), report.shapes));
  redraw('kinds', (panel) => drawKinds(panel, { kinds, error: kindsError, pending: false, state }));
}

function drawShapes(panel, shapes) {
  let body = panel.select('table.shapes tbody');
  if (body.empty()) {
    const section = panel.append('section').attr('class', 'stage').attr('aria-labelledby', 'stage-shapes');
    section.append('h3').attr('id', 'stage-shapes').text('Shapes at every stage');
    const table = dataTable(moreFold(section, 'every matrix’s shape')).attr('class', 'shapes');
    const head = table.append('thead').append('tr');
    for (const h of ['matrix', 'shape', 'rows are', 'columns are']) head.append('th').attr('scope', 'col').text(h);
    body = table.append('tbody');
  }
  body.selectAll('tr').data(shapes, (s) => s.name).join((enter) => enter.append('tr').call((tr) => {
    tr.append('th').attr('scope', 'row').append('code');
    tr.append('td').attr('class', 'shape');
    tr.append('td').attr('class', 'rows-are');
    tr.append('td').attr('class', 'cols-are');
  }))
    .attr('data-name', (s) => s.name)
    .call((tr) => tr.select('code').text((s) => s.name))
    .call((tr) => tr.select('.shape').text((s) => shapeText(s.rows, s.cols)))
    .call((tr) => tr.select('.rows-are').text((s) => s.rowAxis))
    .call((tr) => tr.select('.cols-are').text((s) => s.colAxis));
}

function numberControl(parent, id, label, value, min, max, onValue) {
  const box = parent.append('div').attr('class', 'control');
  box.append('label').attr('for', id).text(label);
  box.append('input').attr('id', id).attr('type', 'number').attr('inputmode', 'numeric')
    .attr('min', min).attr('max', max).attr('step', 1).property('value', value)
    .on('change', (e) => {
      const v = Number(e.target.value);
      if (e.target.value.trim() !== '' && Number.isInteger(v) && v >= min && v <= max) onValue(v);
      else onValue(undefined, `${label} must be a whole number from ${min} to ${max}.`);
    });
}

function checkbox(parent, id, label, checked, onValue) {
  const box = parent.append('div').attr('class', 'control checkbox');
  box.append('input').attr('id', id).attr('type', 'checkbox').property('checked', checked).on('change', (e) => onValue(e.target.checked));
  box.append('label').attr('for', id).text(label);
}

