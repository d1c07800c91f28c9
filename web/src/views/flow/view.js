// The whiteboard-flow chapter. One base token's output built step by step, in the
// parameter-free form of Class 04 ("Bank of a river": S = X Xᵀ, values X) or the single-query
// form of Class 05 (q_i, k_j, v_j through W_q, W_k, W_v). Every number comes from the core's
// flow report; the observations below it are experiments the core runs.
import { select } from 'd3';
import { createStatus } from '../../components/status.js';
import { createStepper } from '../../components/stepper.js';
import { drawFlowDiagram, vectorText } from '../../components/flow-diagram.js';
import { num, full } from '../../format.js';
import { PAGE_LIMITS } from '../../limits.js';
import { stepsFor, stepTitle, stepText } from './text.js';
import { drawObservations } from './observations.js';
import { drawMixing } from './mixing.js';
import { MAX_INDEX } from './chapter.js';
import { drawGradientDiagram } from '../../components/gradient-diagram.js';
import { drawHeads } from './heads.js';
import { keptExport } from '../../components/export.js';
import { createVectorSource } from '../../components/vector-source.js';
import { drawOverview } from '../../components/overview-diagram.js';
import { watchWidth } from '../../components/watch-width.js';
import { drawSection } from '../../components/deferred.js';
import { lastAnswer, chapterAnswer } from '../../core/last-answer.js';
import { tableBox, fitTable } from '../../components/data-table.js';
import { coreOptions as vectorOptions } from '../../vectors/store.js'; // shared by every view
import { figureAttr } from '../../components/figures.js';
import { sentenceField } from '../../components/sentence-field.js';
import { part, parts, shown } from '../../components/parts.js';
import { writeParagraphs } from '../../components/rich-text.js';
import { moreFold, foldsStartOpen } from '../../components/more.js';
import { mountLinearity } from './linearity.js';
import { mountParallelRows } from './parallel-rows.js';

export const view = {
  mount(root, { core, jobs, state, update }) {
    let latest = state;
    const ui = build(root, { core, state, update, sentences: () => [latest.sentence] });
    const folds = [mountLinearity(root), mountParallelRows(root)]; // Class 05's points, at the chapter's end
    const status = createStatus(ui.statusSlot, ui.results.node());
    let last = null; // {key, step} of the last drawing, to animate only single steps
    let drawn = null; // the flow diagram's last spec, to redraw it for a new width
    let overview = null; // {spec, stepper} of the overview, likewise (it keeps its step)
    const lastCall = lastAnswer();
    const stepper = createStepper(ui.stepperSlot, {
      region: ui.flowRegion.node(),
      onStep: (index) => update({ flowStep: index }),
    });
    watchWidth(ui.diagram.node(), () => {
      if (drawn) drawFlowDiagram(ui.diagram.node(), { ...drawn, animate: false });
    });
    const drawOverviewFor = (spec, step = 0) => {
      overview = { spec, stepper: drawOverview(ui.overview.node(), { ...spec, step }) };
    };
    watchWidth(ui.overview.node(), () => {
      if (overview) drawOverviewFor(overview.spec, overview.stepper.step());
    });
    return {
      status,
      render(current) {
        latest = current;
        syncControls(ui, current);
        ui.vectorSource.render(current, null); // starts the GloVe download when it is chosen
        // numpy, torch and one-hot go to the core as they are; GloVe and a learner's file as rows
        const { options: shared, waiting } = vectorOptions(core, current, { sentences: [current.sentence], maxTokens: PAGE_LIMITS.maxTokens });
        if (waiting) {
          stepper.stop();
          status.error('');
          status.notices([waiting]);
          return;
        }
        const options = { ...flowOptions(current), source: shared.source, pretrained: shared.pretrained, oov: current.oov };
        const count = core.tokenize(current.sentence, PAGE_LIMITS.maxTokens).tokens.length;
        options.base = Math.min(current.flowBase, Math.max(0, count - 1));
        // Every section of the chapter comes from one core call, the sentence computed once: the
        // flow, the four observations, the gradient diagram's roles and the heads sketch.
        const chapter = chapterAnswer(lastCall, { method: 'flowChapter', options, core, jobs, status, onError: () => stepper.stop() });
        if (!chapter) return;
        const report = chapter.flow;
        status.error('');
        status.notices(Array.from(report.workbench.notices));
        ui.vectorSource.render(current, report.workbench); // with the widths used
        const tokens = Array.from(report.workbench.tokens, (t) => t.text);
        const steps = stepsFor(report.form, tokens.length);
        const step = Math.min(current.flowStep, steps.length - 1);
        // the flow's own inputs (not the sections' settings): a change redraws the overview and
        // lets a single step forward animate only when it did not change
        const key = JSON.stringify({ ...options, pretrained: null, shuffleSeed: null, other: null, heads: null });
        const sameFlow = last !== null && last.key === key && last.pretrained === options.pretrained;
        const animate = sameFlow && Math.abs(last.step - step) === 1 && step > last.step;
        const ctx = {
          r: report, tokens, qkv: report.form === 'qkv', positional: current.flowPE, source: current.source,
          rescaled: [current.unitRows && 'each row scaled to length 1', current.tableScale !== 1 && `every row multiplied by ${current.tableScale}`].filter(Boolean).join(', then '),
          maskName: [current.causal && 'causal mask', current.flowWindow && `local window (radius ${current.flowRadius})`].filter(Boolean).join(' and '),
        };
        // Each section is drawn now if it is on screen, else just after this frame (deferred.js).
        if (!sameFlow) {
          drawSection(ui.overview.node(), () => drawOverviewFor({ report, tokens, onPick: (j) => update({ flowBase: j }) }));
        }
        drawTokens(ui.tokens, { tokens, base: report.base, onPick: (j) => update({ flowBase: j }) });
        stepper.set(step, steps.length, stepTitle(steps[step], ctx));
        drawn = { report, steps, step, tokens, onPickToken: (j) => update({ flowBase: j }) };
        const diagramSpec = { ...drawn, animate };
        drawSection(ui.diagram.node(), () => drawFlowDiagram(ui.diagram.node(), diagramSpec));
        drawDiagramExport(ui.diagramExport, report, tokens);
        drawStepText(ui.stepText, steps[step], ctx);
        drawSection(ui.table.node(), () => drawStepTable(ui.table, { report, steps, step, tokens }));
        drawSection(ui.mixing.node(), () => drawMixing(ui.mixing, { report, tokens, state: current, update }));
        if (!last || last.chapter !== chapter) {
          drawSection(ui.observations.node(), () => drawObservations(ui.observations, { chapter, state: current, report, tokens, update }));
          drawSection(ui.gradient.node(), () => drawGradientDiagram(ui.gradient.node(), { training: chapter.trainingQkv, form: report.form, workbench: report.workbench }));
          drawSection(ui.heads.node(), () => drawHeads(ui.heads, { chapter, state: current, report, tokens, update }));
        }
        for (const fold of folds) fold.fill(chapter, tokens);
        last = { key, pretrained: options.pretrained, step, chapter };
      },
    };
  },
};

/** The core's options for a page state: the shared settings plus this view's toggles. */
function flowOptions(s) {
  return {
    sentence: s.sentence, source: s.source, dModel: s.dModel, dK: s.dK, dV: s.dV, tieWidths: s.tieWidths,
    embedSeed: s.embedSeed, projSeed: s.projSeed, scale: s.scale, causal: s.causal,
    maxTokens: PAGE_LIMITS.maxTokens, positional: s.flowPE, window: s.flowWindow ? s.flowRadius : -1,
    form: s.flowForm, base: s.flowBase,
    // the sections' own settings: observation (a)'s shuffle, (b)'s moved word, the heads sketch
    shuffleSeed: s.flowShuffle, other: s.flowOther ?? -1, heads: s.flowHeads,
    freeScale: s.freeScale, unitRows: s.unitRows, tableScale: s.tableScale,
  };
}


function build(root, { core, state, update, sentences }) {
  const view = select(root).append('section').attr('id', 'flow').attr('class', 'view').attr('aria-labelledby', 'flow-title');
  view.append('h2').attr('id', 'flow-title').text('The whiteboard flow: one output, step by step');
  view.append('p').attr('class', 'lead').text(
    'One token’s output as the class drew it: compare it with every token, normalise the scores, scale each vector by its weight, add up.',
  );

  const form = view.append('form').attr('class', 'controls').attr('novalidate', true).on('submit', (e) => e.preventDefault());
  sentenceField(form, {
    id: 'flow-sentence', stateKey: 'sentence', value: state.sentence, maxLength: PAGE_LIMITS.maxChars, onChange: update,
    examples: ['Bank of the river', 'Noa can be annoying, but she is a great cat', 'I am going to London'],
  });

  const vectorSource = createVectorSource(form, { core, state, onChange: update, sentences });
  const formRow = form.append('fieldset').attr('class', 'control-row form-switch');
  formRow.append('legend').text('Form');
  for (const [value, label] of [['free', 'Class 04: parameter-free (S = X Xᵀ, values X)'], ['qkv', 'Class 05: queries, keys, values']]) {
    const box = formRow.append('div').attr('class', 'control checkbox');
    box.append('input').attr('type', 'radio').attr('name', 'flow-form').attr('id', `flow-form-${value}`).attr('value', value)
      .on('change', () => update({ flowForm: value, flowStep: 0 }));
    box.append('label').attr('for', `flow-form-${value}`).text(label);
  }

  const toggles = form.append('div').attr('class', 'control-row toggles');
  const check = (id, label, onValue) => {
    const box = toggles.append('div').attr('class', 'control checkbox');
    box.append('input').attr('id', id).attr('type', 'checkbox').on('change', (e) => onValue(e.target.checked));
    box.append('label').attr('for', id).text(label);
  };
  check('flow-scale', 'divide scores by √d_k (Class 05)', (v) => update({ scale: v }));
  check('flow-causal', 'causal mask (no looking ahead)', (v) => update({ causal: v }));
  check('flow-pe', 'positional encoding (sin/cos)', (v) => update({ flowPE: v }));
  check('flow-window', 'local window', (v) => update({ flowWindow: v }));
  const radius = toggles.append('div').attr('class', 'control radius');
  radius.append('label').attr('for', 'flow-radius').text('radius r (|i − j| ≤ r)');
  radius.append('input').attr('id', 'flow-radius').attr('type', 'number').attr('min', 0).attr('max', MAX_INDEX).attr('step', 1)
    .on('change', (e) => {
      const v = Number(e.target.value);
      if (e.target.value.trim() !== '' && Number.isInteger(v) && v >= 0 && v <= MAX_INDEX) update({ flowRadius: v });
      else update({ inputError: `The window radius must be a whole number from 0 to ${MAX_INDEX}.` });
    });

  const statusSlot = view.append('div').attr('class', 'status-slot');
  const results = view.append('div').attr('id', 'flow-results');
  const overview = results.append('section').attr('class', 'stage overview').attr('aria-labelledby', 'overview-title');
  const flowRegion = results.append('section').attr('class', 'stage flow-region').attr('aria-labelledby', 'flow-steps-title')
    .attr('tabindex', 0).attr('aria-describedby', 'flow-keys').call(figureAttr, 'flow');
  flowRegion.append('h3').attr('id', 'flow-steps-title').text('Build one output');
  const picker = flowRegion.append('div').attr('class', 'token-picker');
  picker.append('span').attr('class', 'picker-label').attr('id', 'flow-base-label').text('Base token (click one):');
  const tokens = picker.append('div').attr('class', 'token-buttons').attr('role', 'group').attr('aria-labelledby', 'flow-base-label');
  const stepperSlot = flowRegion.append('div');
  flowRegion.append('p').attr('class', 'muted keys-hint').attr('id', 'flow-keys')
    .text('Keys: ← → step, Space plays, Home / End jump.');
  const stepText = flowRegion.append('div').attr('class', 'flow-text').attr('aria-live', 'polite');
  // Its width picks the layout (one line or one card per token), so it never scrolls sideways.
  const diagram = flowRegion.append('div').attr('class', 'flow-diagram');
  const diagramExport = flowRegion.append('div').attr('class', 'flow-diagram-export');
  // closed, as a heatmap's "Show as table" is (issue 34): the diagram shows the same numbers
  const stepTable = flowRegion.append('details').attr('class', 'flow-table-box').property('open', foldsStartOpen());
  stepTable.append('summary').text('The numbers of this step as a table');
  const table = tableBox(stepTable); // kept from step to step: the keys' focus may be in it
  const mixing = results.append('section').attr('class', 'stage mixing').attr('aria-labelledby', 'mixing-title');
  const observations = results.append('section').attr('class', 'stage observations').attr('aria-labelledby', 'obs-title');
  // the gradient diagram previews training, which this chapter does not do: it folds whole (components/more.js)
  const gradient = moreFold(results, 'what training would change (a diagram)', { name: 'gradient' })
    .append('section').attr('class', 'stage gradient').attr('aria-labelledby', 'grad-title');
  const heads = results.append('section').attr('class', 'stage heads').attr('aria-labelledby', 'heads-title').call(figureAttr, 'flow_heads');
  return { statusSlot, vectorSource, results, overview, flowRegion, tokens, stepperSlot, diagram, diagramExport, stepText, table, mixing, observations, gradient, heads };
}

function syncControls(ui, s) {
  const root = ui.flowRegion.node().closest('#flow');
  root.querySelector(`#flow-form-${s.flowForm}`).checked = true;
  root.querySelector(`#flow-form-${s.flowForm === 'free' ? 'qkv' : 'free'}`).checked = false;
  // Class 04's form has no d_k: the box shows unticked there, and the setting is kept for Class 05.
  root.querySelector('#flow-scale').checked = s.scale && s.flowForm !== 'free';
  root.querySelector('#flow-scale').disabled = s.flowForm === 'free';
  root.querySelector('#flow-causal').checked = s.causal;
  root.querySelector('#flow-pe').checked = s.flowPE;
  root.querySelector('#flow-window').checked = s.flowWindow;
  const radius = root.querySelector('#flow-radius');
  if (radius.value !== String(s.flowRadius)) radius.value = String(s.flowRadius);
  radius.disabled = !s.flowWindow;
}

function drawTokens(holder, { tokens, base, onPick }) {
  holder.selectAll('button').data(tokens).join('button')
    .attr('type', 'button').attr('class', 'token-button')
    .attr('data-j', (_, j) => j)
    .attr('aria-pressed', (_, j) => String(j === base))
    .text((t, j) => `${j + 1}. ${t}`)
    .on('click', (event) => onPick(Number(event.currentTarget.dataset.j)));
}

function drawStepText(holder, step, ctx) {
  holder.attr('data-kind', step.kind);
  part(holder, 'h4', 'title').text(stepTitle(step, ctx).replace(/^./, (ch) => ch.toUpperCase()));
  writeParagraphs(holder, stepText(step, ctx));
}

/** A table with one row per token: what the diagram shows, up to the current step. */
function drawStepTable(holder, { report: r, steps, step, tokens }) {
  const qkv = r.form === 'qkv';
  const at = (kind, j) => steps.findIndex((s) => s.kind === kind && (j === undefined || s.j === j));
  const reached = (kind, j) => at(kind, j) <= step; // the step of `kind` (for token j) is shown
  const cols = [
    { key: 'token', head: 'token j' },
    { key: 'score', head: qkv ? 'qᵢ · kⱼ' : 'sᵢⱼ = xᵢ · xⱼ', when: () => reached('compare') },
    ...(qkv ? [{ key: 'scaled', head: 'score ÷ √d_k', when: () => reached('scale') }] : []),
    ...(!qkv && r.divisor !== 1 ? [{ key: 'scaled', head: 'score ÷ √d_model', when: () => reached('normalise') }] : []),
    { key: 'exp', head: 'exp(score − max)', when: () => reached('normalise') },
    { key: 'weight', head: 'aᵢⱼ', when: () => reached('coefficients') },
    { key: 'term', head: qkv ? 'aᵢⱼ vⱼ' : 'aᵢⱼ xⱼ', when: (j) => reached('term', j), vector: true },
    { key: 'partial', head: 'running sum', when: (j) => reached('term', j), vector: true },
  ];
  const rowOf = (m, j) => m.data.subarray(j * m.cols, (j + 1) * m.cols);
  const value = (key, j) => {
    switch (key) {
      case 'score': return r.rawScores[j];
      case 'scaled': return r.scores[j];
      case 'exp': return r.expTerms[j];
      case 'weight': return r.weights[j];
      case 'term': return rowOf(r.scaledValues, j);
      case 'partial': return rowOf(r.partialSums, j);
      default: return null;
    }
  };
  // made once in its box (a tableBox, see build) and filled in place: the header by column, the
  // rows by token, the cells by column
  const table = part(holder, 'table.flow-table', 'table').attr('data-step', step);
  part(table, 'caption', 'caption').text(`Output of “${tokens[r.base]}” (base token ${r.base + 1}), step ${step + 1} of ${steps.length}`);
  parts(part(part(table, 'thead', 'head'), 'tr', 'row'), 'th', cols, (c) => c.key, (th, c) => th.attr('scope', 'col').text(c.head));
  const fill = (td, text, dataValue = null, code = false) => {
    td.attr('data-value', dataValue);
    shown(part(td, 'code', 'code'), code).text(code ? text : '');
    shown(part(td, 'span', 'text'), !code).text(code ? '' : text);
  };
  parts(part(table, 'tbody', 'body'), 'tr', tokens, (_, j) => j, (tr, t, j) => {
    tr.attr('data-j', j).classed('is-base', j === r.base);
    part(tr, 'th', 'token').attr('scope', 'row').text(`${j + 1}. ${t}${j === r.base ? ' (base)' : ''}${r.masked[j] && reached('compare') ? ` — hidden by the ${r.masked[j]} mask` : ''}`);
    parts(tr, 'td', cols.slice(1), (c) => c.key, (td, c) => {
      td.attr('data-col', c.key);
      if (!c.when(j)) return fill(td, '—');
      const val = value(c.key, j);
      return c.vector ? fill(td, vectorText(val), Array.from(val, full).join(','), true) : fill(td, num(val), full(val));
    });
  });
  const foot = part(part(table, 'tfoot', 'foot'), 'tr', 'row');
  part(foot, 'th', 'label').attr('scope', 'row').text('row');
  parts(foot, 'td', cols.slice(1), (c) => c.key, (td, c) => {
    td.attr('data-col', c.key);
    if (c.key === 'exp' && reached('normalise')) fill(td, `Σ = ${num(r.expSum)} (max ${num(r.rowMax)})`, full(r.expSum));
    else if (c.key === 'weight' && reached('coefficients')) fill(td, `Σ = ${num(r.weightSum)}`, full(r.weightSum));
    else if (c.key === 'partial' && reached('output')) fill(td, `y = ${vectorText(r.y)}`, Array.from(r.y, full).join(','), true);
    else fill(td, '');
  });
  fitTable(table.node());
}

/**
 * Export of the flow diagram as drawn (PNG, SVG) and of the base token's numbers behind it, all
 * steps at once: its scores and weights over the keys, each scaled vector, the running sums, y.
 */
function drawDiagramExport(slot, r, tokens) {
  const base = tokens[r.base];
  const features = Array.from({ length: r.y.length }, (_, f) => `f${f + 1}`);
  const overKeys = (name, values) => ({
    name, rows: 1, cols: values.length, data: Float64Array.from(values), rowLabels: [base], colLabels: tokens, rowAxis: 'base token', colAxis: 'tokens',
  });
  const perToken = (name, m) => ({ name, ...m, rowLabels: tokens, colLabels: features, rowAxis: 'tokens', colAxis: 'features' });
  // made again only for another base token (its file names); else it reads the new numbers
  keptExport(slot.node(), {
    name: `flow_y${r.base + 1}`,
    svg: () => slot.node().parentNode.querySelector('.flow-diagram svg'),
    matrices: [
      overKeys('scores', r.scores),
      overKeys('weights', r.weights),
      perToken('scaled_values', r.scaledValues),
      perToken('partial_sums', r.partialSums),
      { name: 'y', rows: 1, cols: r.y.length, data: Float64Array.from(r.y), rowLabels: [base], colLabels: features, rowAxis: 'base token', colAxis: 'features' },
    ],
  });
}
