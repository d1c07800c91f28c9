// The training chapter's controls: the buttons that train (Step, Epoch, Train N epochs, Stop),
// inference and a fresh start, and the settings that define a run. Plain buttons and selects,
// so the keyboard reaches all of them; a select set by a script to a value it does not offer
// keeps the last good one.

import { LEARNING_RATES } from './chapter.js';
import { moreFold } from '../../components/more.js';

const BATCH_SIZES = [1, 2, 4, 8, 16, 32];
const EPOCH_CHOICES = [1, 3, 5, 10, 20, 50, 100];
const D_K = [2, 4, 8, 16];

/**
 * @param {d3.Selection} view
 * @param {object} state
 * @param {(patch) => void} update
 * @param {{step, epoch, train, stop, evaluate, restart}} actions
 * @returns {{sync(state), busy(on), runState(run), progress(i, n)}}
 */
export function buildTrainingControls(view, state, update, actions) {
  const form = view.append('form').attr('class', 'controls training-controls').attr('novalidate', true).on('submit', (e) => e.preventDefault());
  const buttons = form.append('div').attr('class', 'control-row training-buttons').attr('role', 'group').attr('aria-label', 'Train');
  const button = (id, label, action) => buttons.append('button').attr('type', 'button').attr('id', id).text(label).on('click', action);
  const step = button('train-step', 'Step (one batch)', actions.step);
  const epoch = button('train-epoch', 'Epoch (every batch once)', actions.epoch);
  const train = button('train-run', '', actions.train);
  const stop = button('train-stop', 'Stop', actions.stop).attr('disabled', true);
  const evaluate = button('train-evaluate', 'Evaluate (inference only)', actions.evaluate);
  const restart = button('train-restart', 'Start over from step 0', actions.restart);
  const progress = buttons.append('span').attr('class', 'muted training-progress').attr('role', 'status').attr('aria-live', 'polite');

  const row = form.append('div').attr('class', 'control-row training-settings');
  const pick = (id, label, key, options, toValue = String) => {
    const box = row.append('div').attr('class', 'control');
    box.append('label').attr('for', id).text(label);
    const allowed = new Set(options.map(([value]) => String(value)));
    const s = box.append('select').attr('id', id).attr('data-run-setting', key).on('change', (e) => {
      if (allowed.has(e.target.value)) update({ [key]: toValue(e.target.value) });
      else e.target.value = String(state[key]);
    });
    for (const [value, name] of options) s.append('option').attr('value', value).text(name);
    return s;
  };
  const selects = {
    trainEpochs: pick('train-epochs', 'Epochs for Train', 'trainEpochs', EPOCH_CHOICES.map((n) => [n, String(n)]), Number),
    trainBatch: pick('train-batch', 'Batch size', 'trainBatch', BATCH_SIZES.map((n) => [n, String(n)]), Number),
    trainRate: pick('train-rate', 'Learning rate', 'trainRate', LEARNING_RATES.map((r) => [r, r])),
    trainOptimizer: pick('train-optimizer', 'Optimizer', 'trainOptimizer', [['sgd', 'SGD'], ['adam', 'Adam']]),
    trainInputs: pick('train-inputs', 'Inputs X', 'trainInputs', [['random', 'random table (d_model 8)'], ['glove', 'GloVe 100-d (bundled)']]),
    trainEmbeddings: pick('train-embeddings', 'Embeddings', 'trainEmbeddings', [['false', 'frozen'], ['true', 'trainable']], (v) => v === 'true'),
    trainSet: pick('train-set', 'Training set', 'trainSet', [['full', 'all training sentences'], ['eight', 'eight sentences (to overfit)']]),
    trainDK: pick('train-dk', 'd_k', 'trainDK', D_K.map((n) => [n, String(n)]), Number),
  };
  const seedBox = row.append('div').attr('class', 'control');
  seedBox.append('label').attr('for', 'train-seed').text('Seed');
  const seed = seedBox.append('input').attr('id', 'train-seed').attr('type', 'number').attr('min', 0).attr('max', 9999).attr('step', 1)
    .attr('inputmode', 'numeric').attr('data-run-setting', 'trainSeed')
    .on('change', (e) => {
      const n = Number(e.target.value);
      if (Number.isInteger(n) && n >= 0 && n <= 9999) update({ trainSeed: n });
      else update({ inputError: `The seed must be a whole number from 0 to 9999 (it was “${e.target.value}”); the run keeps seed ${state.trainSeed}.` });
    });
  moreFold(form, 'which settings start a new run').append('p').attr('class', 'muted training-settings-note').text(
    'Changing any setting except “Epochs for Train” starts a new run from step 0: a run is one set of settings from start to end, so that it can be repeated (the PyTorch export below does).',
  );

  let training = false;
  let lastRun = null;
  const setDisabled = () => {
    const run = lastRun;
    const ready = Boolean(run?.counts);
    const blocked = training || !ready || Boolean(run?.diverged);
    step.attr('disabled', blocked ? true : null);
    epoch.attr('disabled', blocked ? true : null);
    train.attr('disabled', blocked ? true : null);
    evaluate.attr('disabled', training || !ready ? true : null);
    restart.attr('disabled', training ? true : null);
    stop.attr('disabled', training ? null : true);
    for (const s of Object.values(selects)) s.attr('disabled', training ? true : null);
    seed.attr('disabled', training ? true : null);
  };
  return {
    sync(s) {
      state = s;
      for (const [key, s2] of Object.entries(selects)) s2.property('value', String(s[key]));
      if (document.activeElement !== seed.node()) seed.property('value', String(s.trainSeed));
      train.text(`Train ${s.trainEpochs} ${s.trainEpochs === 1 ? 'epoch' : 'epochs'}`);
    },
    busy(on) {
      const changed = on !== training;
      const focused = document.activeElement; // before disabling it drops the focus
      training = on;
      setDisabled();
      if (!changed) return;
      // the button that was pressed is now disabled: keep the keyboard's place on Stop, then back
      if (on && focused === train.node()) stop.node().focus();
      else if (!on && (focused === stop.node() || document.activeElement === document.body)) train.node().focus();
    },
    runState(run) {
      lastRun = run;
      setDisabled();
    },
    progress(i, n) {
      progress.text(i === null ? '' : `Training: epoch ${i + 1} of ${n}…`);
    },
  };
}

