// The training chapter's sections, drawn from one run's numbers (views/training/view.js keeps the
// run; every number here came from the worker's trainer or from the core).
import { drawHeatmap } from '../../components/heatmap/index.js';
import { heatmapHolder } from '../shared/heatmap-holders.js';
import { drawLineChart } from '../../components/line-chart.js';
import { dataTable } from '../../components/data-table.js';
import { num, full, shapeText } from '../../format.js';
import { drawTrainingGradients } from '../../components/training-gradients.js';
import { drawTrainingExport } from './export.js';
import { parameterList } from './run-data.js';
import { drawSenseCheck } from './sense.js';
import { countsSentence, overfittingNote, inferenceText, persistenceText, stepLossTitle } from './text.js';
import { keptFold } from '../../components/more.js';

const SECTIONS = [
  ['counts', 'Examples, batches, steps, epochs'],
  ['curves', 'Loss and accuracy, epoch by epoch'],
  ['attention', 'Attention of one validation sentence'],
  ['weights', 'W_q, W_k, W_v and what training changed'],
  ['gradients', 'One step’s gradients, stage by stage'],
  ['inference', 'Inference updates nothing'],
  ['sense', 'The bank question again, with trained projections'],
  ['export', 'Take the run with you'],
];

/** The sections, empty, in order; returns {key: d3 selection of each section's body}. */
export function buildSections(results) {
  const out = {};
  SECTIONS.forEach(([key, title], k) => {
    const section = results.append('section').attr('class', 'stage').attr('id', `training-${key}`).attr('aria-labelledby', `training-${key}-title`);
    section.append('h3').attr('id', `training-${key}-title`).text(`${k + 1}. ${title}`);
    out[key] = section.append('div').attr('class', 'training-body');
  });
  return out;
}

/** Everything, for the run as it is now. */
export function drawRun(sections, { run, state, core, update, status }) {
  let changes = null;
  try {
    changes = core.parameterChanges(parameterList(run.parameters, run.config.trainableEmbeddings), parameterList(run.initial, run.config.trainableEmbeddings));
  } catch (error) {
    status.error(error.message);
  }
  drawCounts(sections.counts, run, state, changes);
  drawCurves(sections.curves, run);
  drawAttention(sections.attention, run, state, update, changes);
  drawWeights(sections.weights, run, changes);
  drawTrainingGradients(sections.gradients.node(), run);
  drawInference(sections.inference, run, core);
  drawSenseCheck(sections.sense, { run, core });
  drawTrainingExport(sections.export, run);
}

function drawCounts(section, run, state, changes) {
  const c = run.counts;
  section.html('');
  const list = section.append('dl').attr('class', 'training-counts');
  for (const [key, label, value] of [
    ['examples', 'training examples', c.examples], ['batches', 'batches per epoch', c.batchesPerEpoch],
    ['steps', 'steps taken', c.step], ['epochs', 'epochs completed', c.epoch],
  ]) {
    const item = list.append('div').attr('data-count', key);
    item.append('dt').text(label);
    item.append('dd').attr('data-value', String(value)).text(String(value));
  }
  section.append('p').attr('class', 'counts-sentence').text(countsSentence(c, run.config.batchSize));
  // the explanations fold where they are, each kept open across redraws (components/more.js)
  keptFold(section, section, 'step-how', 'what one step does').append('p').text(
    `One step = one batch: the block runs forward on each of the batch’s sentences, the loss is averaged over them, gradients flow back, and the optimiser (${run.config.optimizer === 'adam' ? 'Adam' : 'SGD'}, learning rate ${run.config.learningRate}) updates the parameters once.`,
  );
  if (run.diverged) section.append('p').attr('class', 'error divergence').attr('role', 'alert').text(run.diverged);
  if (changes) {
    section.append('p').attr('class', 'parameter-count').attr('data-count', String(changes.count)).text(
      `Parameters (${changes.parameters.map((p) => p.name).join(', ')}): ${changes.count.toLocaleString('en')} numbers. They persist: every step starts from the values the last one left, and ${changes.changed.toLocaleString('en')} of them differ from step 0 now.`,
    );
  }
}

function epochSeries(run, keys) {
  return keys.map(([key, label, className]) => ({ key, label, className, values: run.epochs.map((e) => e[key]) }));
}

function drawCurves(section, run) {
  section.html('');
  const x = run.epochs.map((e) => e.epoch);
  if (run.epochs.length < 2) {
    section.append('p').attr('class', 'muted').text(
      `Before training (epoch 0): training loss ${num(run.epochs[0]?.trainLoss)}, validation loss ${num(run.epochs[0]?.validationLoss)}. Press Epoch or Train to draw the curves; each point is measured after an epoch, on every training sentence and every held-out validation sentence.`,
    );
  } else {
    const charts = section.append('div').attr('class', 'chart-row');
    drawLineChart(charts.append('div').attr('class', 'chart-holder').node(), {
      name: 'training_loss', caption: 'Cross-entropy loss after each epoch (epoch 0: before training)', x, xLabel: 'epoch', yLabel: 'loss', markers: true,
      series: epochSeries(run, [['trainLoss', 'training loss', 'train-series'], ['validationLoss', 'validation loss', 'validation-series']]),
    });
    drawLineChart(charts.append('div').attr('class', 'chart-holder').node(), {
      name: 'training_accuracy', caption: 'Accuracy after each epoch (share of sentences whose sense is predicted right)', x, xLabel: 'epoch', yLabel: 'accuracy', markers: true,
      series: epochSeries(run, [['trainAccuracy', 'training accuracy', 'train-series'], ['validationAccuracy', 'validation accuracy', 'validation-series']]),
    });
  }
  const note = overfittingNote(run.epochs);
  section.append('p').attr('class', note.rising ? 'notice overfit-note' : 'overfit-note').attr('data-rising', String(note.rising)).text(note.text);
  keptFold(section, section, 'validation-how', 'what the validation sentences are').append('p').attr('class', 'muted').text(
    `Validation sentences are held out: never trained on, and their context words never occur in the training sentences${run.config.inputs === 'glove' ? ', so only what GloVe already knows about those words can carry them' : `. With the random table those words have random vectors that training never used: what carries over is the ambiguous word itself, which already narrows the ${run.dataset.classes.length} classes (${run.dataset.classes.join(', ')}) to its own senses, and common words such as “the”. Try GloVe and compare the validation curves`}.`,
  );
  drawStepTable(section, run);
}

/** Every step's batch loss, as the exported PyTorch script prints them. */
function drawStepTable(section, run) {
  const details = section.append('details').attr('class', 'step-losses');
  details.append('summary').text(stepLossTitle(run.steps.length, run.counts.step));
  const table = dataTable(details).attr('class', 'checks step-loss-table');
  const head = table.append('thead').append('tr');
  for (const h of ['step', 'epoch', 'batch loss']) head.append('th').attr('scope', 'col').text(h);
  const body = table.append('tbody');
  for (const s of run.steps) {
    const tr = body.append('tr');
    tr.append('th').attr('scope', 'row').text(String(s.step));
    tr.append('td').text(String(s.epoch));
    tr.append('td').attr('class', 'computed').attr('data-value', full(s.loss)).text(num(s.loss));
  }
}

// The section is written again after every step; its map's holder is kept, so the map is updated in place.
function drawAttention(section, run, state, update, changes) {
  section.html('');
  const validation = run.dataset.validation;
  const box = section.append('div').attr('class', 'control');
  box.append('label').attr('for', 'train-show').text('Validation sentence');
  const pick = box.append('select').attr('id', 'train-show').on('change', (e) => {
    const value = Number(e.target.value);
    if (Number.isInteger(value) && value >= 0 && value < validation.length) update({ trainShow: value });
    else e.target.value = String(run.attention?.index ?? 0);
  });
  validation.forEach((s, i) => pick.append('option').attr('value', i).text(`${i + 1}. ${s.text} (${run.dataset.classes[s.label]})`));
  const a = run.attention;
  if (!a) return;
  pick.property('value', String(a.index));
  const tokens = Array.from(a.tokens, (t) => (typeof t === 'string' ? t : t.text));
  drawHeatmap(heatmapHolder(section, section, 'attention'), {
    name: 'trained attn_weights', matrix: { rows: a.n, cols: a.n, data: a.weights }, rowLabels: tokens, colLabels: tokens,
    rowAxis: 'queries (words)', colAxis: 'keys', palette: 'weights',
    note: `After step ${run.counts.step} (epoch ${run.counts.epoch}). Redrawn after every step and epoch.`,
  });
  section.append('p').attr('class', 'persistence').attr('data-n', String(a.n)).attr('data-count', String(a.weights.length)).text(
    persistenceText({ n: a.n, count: a.weights.length, parameterCount: changes?.count ?? 0, tokens }),
  );
  keptFold(section, section, 'epoch-how', 'why an epoch never joins two sentences').append('p').attr('class', 'epoch-separate').text(
    `An epoch passes over all ${run.counts.examples} training sentences, ${run.config.batchSize} to a batch, but attention never reaches across sentences: each sentence’s A is square in its own tokens, as above, and a batch only averages the sentences’ losses. What one sentence teaches another travels through the shared parameters, never through A.`,
  );
}

function drawWeights(section, run, changes) {
  section.html('');
  keptFold(section, section, 'weights-how', 'what these matrices are').append('p').text(
    'The three projections as they are now, and beside each its change since step 0 (now minus the initial values). These are the parameters the optimiser updates; they stay when the sentence changes.',
  );
  const row = section.append('div').attr('class', 'heatmap-row');
  for (const name of ['W_q', 'W_k', 'W_v']) {
    const m = run.parameters[name];
    const feat = Array.from({ length: m.rows }, (_, i) => `f${i}`);
    const outs = Array.from({ length: m.cols }, (_, j) => `k${j}`);
    drawHeatmap(heatmapHolder(section, row, name), {
      name, matrix: m, rowLabels: feat, colLabels: outs, rowAxis: 'input features', colAxis: 'projected features', palette: 'diverging',
    });
    const change = changes?.parameters.find((p) => p.name === name);
    if (change) {
      drawHeatmap(heatmapHolder(section, row, `${name} change`), {
        name: `${name} change since step 0`, matrix: change.difference, rowLabels: feat, colLabels: outs, rowAxis: 'input features', colAxis: 'projected features', palette: 'diverging',
        note: `${change.changed} of ${change.count} entries changed; the largest change is ${num(change.maxAbs)}.`,
      });
    }
  }
  if (changes) {
    const t = dataTable(section).attr('class', 'checks parameter-changes');
    const head = t.append('thead').append('tr');
    for (const h of ['parameter', 'shape', 'entries changed since step 0', 'largest change']) head.append('th').attr('scope', 'col').text(h);
    const body = t.append('tbody');
    for (const p of changes.parameters) {
      const tr = body.append('tr').attr('data-name', p.name);
      tr.append('th').attr('scope', 'row').text(p.name);
      tr.append('td').text(shapeText(p.difference.rows, p.difference.cols));
      tr.append('td').attr('data-value', String(p.changed)).text(`${p.changed} of ${p.count}`);
      tr.append('td').attr('data-value', full(p.maxAbs)).text(num(p.maxAbs));
    }
  }
}

function drawInference(section, run, core) {
  section.html('');
  section.append('p').text(
    'Press “Evaluate (inference only)” above: the worker runs the block forward on every training and validation sentence with the current weights, reports loss and accuracy, and takes no step. The weights before and after are compared number by number by the core.',
  );
  const inf = run.inference;
  if (!inf) return;
  let changes;
  try {
    changes = core.parameterChanges(parameterList(inf.after, run.config.trainableEmbeddings), parameterList(inf.before, run.config.trainableEmbeddings));
  } catch (error) {
    section.append('p').attr('class', 'error').text(error.message);
    return;
  }
  const e = inf.evaluation;
  section.append('p').attr('class', 'inference-result').attr('data-changed', String(changes.changed)).attr('data-step', String(inf.step))
    .text(`Training loss ${num(e.trainLoss)}, accuracy ${num(e.trainAccuracy)}; validation loss ${num(e.validationLoss)}, accuracy ${num(e.validationAccuracy)}. ` +
      inferenceText({ changed: changes.parameters, moved: changes.changed, total: changes.count, step: inf.step }));
}

