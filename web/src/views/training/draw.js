// The training chapter's sections, drawn from one run's numbers (views/training/view.js keeps the
// run; every number here came from the worker's trainer or from the core).
import { drawHeatmap } from '../../components/heatmap/index.js';
import { drawLineChart } from '../../components/line-chart.js';
import { part, parts, shown, keptTable, morePart } from '../../components/parts.js';
import { num, full, shapeText } from '../../format.js';
import { drawTrainingGradients } from '../../components/training-gradients.js';
import { drawTrainingExport } from './export.js';
import { parameterList } from './run-data.js';
import { drawSenseCheck } from './sense.js';
import { countsSentence, overfittingNote, inferenceText, persistenceText, stepLossTitle } from './text.js';

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

// Each section is made once and filled after every step (components/parts.js): an open list of
// step losses stays open, a focused control keeps the focus, the maps are updated in place.
function drawCounts(section, run, state, changes) {
  const c = run.counts;
  const list = part(section, 'dl.training-counts', 'counts');
  const counts = [
    ['examples', 'training examples', c.examples], ['batches', 'batches per epoch', c.batchesPerEpoch],
    ['steps', 'steps taken', c.step], ['epochs', 'epochs completed', c.epoch],
  ];
  parts(list, 'div', counts, ([key]) => key, (item, [key, label, value]) => {
    item.attr('data-count', key);
    part(item, 'dt', 'label').text(label);
    part(item, 'dd', 'value').attr('data-value', String(value)).text(String(value));
  });
  part(section, 'p.counts-sentence', 'sentence').text(countsSentence(c, run.config.batchSize));
  // the explanations fold where they are (components/more.js), each kept open across steps
  part(morePart(section, 'step-how', 'what one step does'), 'p', 'step').text(
    `One step = one batch: the block runs forward on each of the batch’s sentences, the loss is averaged over them, gradients flow back, and the optimiser (${run.config.optimizer === 'adam' ? 'Adam' : 'SGD'}, learning rate ${run.config.learningRate}) updates the parameters once.`,
  );
  shown(part(section, 'p.error.divergence', 'diverged').attr('role', 'alert'), Boolean(run.diverged)).text(run.diverged || '');
  shown(part(section, 'p.parameter-count', 'parameters'), Boolean(changes))
    .attr('data-count', changes ? String(changes.count) : null)
    .text(changes ? `Parameters (${changes.parameters.map((p) => p.name).join(', ')}): ${changes.count.toLocaleString('en')} numbers. They persist: every step starts from the values the last one left, and ${changes.changed.toLocaleString('en')} of them differ from step 0 now.` : '');
}

function epochSeries(run, keys) {
  return keys.map(([key, label, className]) => ({ key, label, className, values: run.epochs.map((e) => e[key]) }));
}

function drawCurves(section, run) {
  const x = run.epochs.map((e) => e.epoch);
  const before = run.epochs.length < 2;
  shown(part(section, 'p.muted', 'before'), before).text(before
    ? `Before training (epoch 0): training loss ${num(run.epochs[0]?.trainLoss)}, validation loss ${num(run.epochs[0]?.validationLoss)}. Press Epoch or Train to draw the curves; each point is measured after an epoch, on every training sentence and every held-out validation sentence.`
    : '');
  const charts = shown(part(section, 'div.chart-row', 'charts'), !before);
  if (!before) {
    drawLineChart(part(charts, 'div.chart-holder', 'loss').node(), {
      name: 'training_loss', caption: 'Cross-entropy loss after each epoch (epoch 0: before training)', x, xLabel: 'epoch', yLabel: 'loss', markers: true,
      series: epochSeries(run, [['trainLoss', 'training loss', 'train-series'], ['validationLoss', 'validation loss', 'validation-series']]),
    });
    drawLineChart(part(charts, 'div.chart-holder', 'accuracy').node(), {
      name: 'training_accuracy', caption: 'Accuracy after each epoch (share of sentences whose sense is predicted right)', x, xLabel: 'epoch', yLabel: 'accuracy', markers: true,
      series: epochSeries(run, [['trainAccuracy', 'training accuracy', 'train-series'], ['validationAccuracy', 'validation accuracy', 'validation-series']]),
    });
  }
  const note = overfittingNote(run.epochs);
  part(section, 'p.overfit-note', 'overfit').classed('notice', note.rising).attr('data-rising', String(note.rising)).attr('data-grade', note.grade).text(note.text);
  part(morePart(section, 'validation-how', 'what the validation sentences are'), 'p.muted', 'held-out').text(
    `Validation sentences are held out: never trained on, and their context words never occur in the training sentences${run.config.inputs === 'glove' ? ', so only what GloVe already knows about those words can carry them' : `. With the random table those words have random vectors that training never used: what carries over is the ambiguous word itself, which already narrows the ${run.dataset.classes.length} classes (${run.dataset.classes.join(', ')}) to its own senses, and common words such as “the”. Try GloVe and compare the validation curves`}.`,
  );
  drawStepTable(section, run);
}

/** Every step's batch loss, as the exported PyTorch script prints them (rows added, never rewritten). */
function drawStepTable(section, run) {
  const details = part(section, 'details.step-losses', 'step-losses');
  part(details, 'summary', 'summary').text(stepLossTitle(run.steps.length, run.counts.step));
  const table = keptTable(details, 'table', 'checks step-loss-table');
  const head = part(part(table, 'thead', 'head'), 'tr', 'row');
  parts(head, 'th', ['step', 'epoch', 'batch loss'], (h) => h, (th, h) => th.attr('scope', 'col').text(h));
  parts(part(table, 'tbody', 'body'), 'tr', run.steps, (step) => step.step, (tr, step) => {
    if (tr.attr('data-step') === String(step.step) && tr.attr('data-loss') === full(step.loss)) return; // drawn already
    tr.attr('data-step', String(step.step)).attr('data-loss', full(step.loss));
    part(tr, 'th', 'step').attr('scope', 'row').text(String(step.step));
    part(tr, 'td', 'epoch').text(String(step.epoch));
    part(tr, 'td.computed', 'loss').attr('data-value', full(step.loss)).text(num(step.loss));
  });
}

function drawAttention(section, run, state, update, changes) {
  const validation = run.dataset.validation;
  const box = part(section, 'div.control', 'pick');
  part(box, 'label', 'label').attr('for', 'train-show').text('Validation sentence');
  const pick = part(box, 'select', 'select').attr('id', 'train-show').on('change', (e) => {
    const value = Number(e.target.value);
    if (Number.isInteger(value) && value >= 0 && value < validation.length) update({ trainShow: value });
    else e.target.value = String(run.attention?.index ?? 0);
  });
  parts(pick, 'option', validation.map((s, i) => i), (i) => `${i}:${validation[i].text}`, (option, i) => {
    option.attr('value', i).text(`${i + 1}. ${validation[i].text} (${run.dataset.classes[validation[i].label]})`);
  });
  const a = run.attention;
  const drawn = part(section, 'div', 'drawn');
  if (!a) {
    drawn.selectChildren().remove(); // no attention yet for this run
    return;
  }
  pick.property('value', String(a.index));
  const tokens = Array.from(a.tokens, (t) => (typeof t === 'string' ? t : t.text));
  drawHeatmap(part(drawn, 'div.heatmap-holder', 'attention').node(), {
    name: 'trained attn_weights', matrix: { rows: a.n, cols: a.n, data: a.weights }, rowLabels: tokens, colLabels: tokens,
    rowAxis: 'queries (words)', colAxis: 'keys', palette: 'weights',
    note: `After step ${run.counts.step} (epoch ${run.counts.epoch}). Redrawn after every step and epoch.`,
  });
  part(morePart(drawn, 'persistence-how', 'A is computed for each sentence, not stored'), 'p.persistence', 'persistence').attr('data-n', String(a.n)).attr('data-count', String(a.weights.length)).text(
    persistenceText({ n: a.n, count: a.weights.length, parameterCount: changes?.count ?? 0, tokens }),
  );
  part(morePart(drawn, 'epoch-how', 'why an epoch never joins two sentences'), 'p.epoch-separate', 'epoch').text(
    `An epoch passes over all ${run.counts.examples} training sentences, ${run.config.batchSize} to a batch, but attention never reaches across sentences: each sentence’s A is square in its own tokens, as above, and a batch only averages the sentences’ losses. What one sentence teaches another travels through the shared parameters, never through A.`,
  );
}

function drawWeights(section, run, changes) {
  part(morePart(section, 'weights-how', 'what these matrices are'), 'p', 'what').text(
    'The three projections as they are now, and beside each its change since step 0 (now minus the initial values). These are the parameters the optimiser updates; they stay when the sentence changes.',
  );
  const row = part(section, 'div.heatmap-row', 'maps');
  for (const name of ['W_q', 'W_k', 'W_v']) {
    const m = run.parameters[name];
    const feat = Array.from({ length: m.rows }, (_, i) => `f${i}`);
    const outs = Array.from({ length: m.cols }, (_, j) => `k${j}`);
    drawHeatmap(part(row, 'div.heatmap-holder', name).node(), {
      name, matrix: m, rowLabels: feat, colLabels: outs, rowAxis: 'input features', colAxis: 'projected features', palette: 'diverging',
    });
    const change = changes?.parameters.find((p) => p.name === name);
    const changeHolder = shown(part(row, 'div.heatmap-holder', `${name} change`), Boolean(change));
    if (change) {
      drawHeatmap(changeHolder.node(), {
        name: `${name} change since step 0`, matrix: change.difference, rowLabels: feat, colLabels: outs, rowAxis: 'input features', colAxis: 'projected features', palette: 'diverging',
        note: `${change.changed} of ${change.count} entries changed; the largest change is ${num(change.maxAbs)}.`,
      });
    }
  }
  const box = part(section, 'div', 'changes');
  if (!changes) {
    box.selectChildren().remove();
    return;
  }
  const t = keptTable(box, 'table', 'checks parameter-changes');
  const head = part(part(t, 'thead', 'head'), 'tr', 'row');
  parts(head, 'th', ['parameter', 'shape', 'entries changed since step 0', 'largest change'], (h) => h, (th, h) => th.attr('scope', 'col').text(h));
  parts(part(t, 'tbody', 'body'), 'tr', changes.parameters, (p) => p.name, (tr, p) => {
    tr.attr('data-name', p.name);
    part(tr, 'th', 'name').attr('scope', 'row').text(p.name);
    part(tr, 'td', 'shape').text(shapeText(p.difference.rows, p.difference.cols));
    part(tr, 'td', 'changed').attr('data-value', String(p.changed)).text(`${p.changed} of ${p.count}`);
    part(tr, 'td', 'largest').attr('data-value', full(p.maxAbs)).text(num(p.maxAbs));
  });
}

function drawInference(section, run, core) {
  part(morePart(section, 'inference-how', 'what Evaluate does'), 'p', 'how').text(
    'Press “Evaluate (inference only)” above: the worker runs the block forward on every training and validation sentence with the current weights, reports loss and accuracy, and takes no step. The weights before and after are compared number by number by the core.',
  );
  const result = part(section, 'p', 'result').attr('class', null).attr('data-changed', null).attr('data-step', null).text('');
  const inf = run.inference;
  if (!inf) return;
  let changes;
  try {
    changes = core.parameterChanges(parameterList(inf.after, run.config.trainableEmbeddings), parameterList(inf.before, run.config.trainableEmbeddings));
  } catch (error) {
    result.attr('class', 'error').text(error.message);
    return;
  }
  const e = inf.evaluation;
  result.attr('class', 'inference-result').attr('data-changed', String(changes.changed)).attr('data-step', String(inf.step))
    .text(`Training loss ${num(e.trainLoss)}, accuracy ${num(e.trainAccuracy)}; validation loss ${num(e.validationLoss)}, accuracy ${num(e.validationAccuracy)}. ` +
      inferenceText({ changed: changes.parameters, moved: changes.changed, total: changes.count, step: inf.step }));
}
