// The sentences of the training chapter, each written from the numbers it sits next to (the
// trainer's counts, losses and messages). Pure functions, so tests can check every branch.
import { num } from '../../format.js';
import { BASELINE_MARGIN, LOSS_RISE_CLEAR, LOSS_RISE_NOISE, overfittingGrade } from '../shared/thresholds.js';

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Batches, steps and epochs from the live counts ({examples, batchesPerEpoch, step, epoch,
 * batchInEpoch}) and the batch size asked for.
 */
export function countsSentence(counts, batchSize) {
  const b = counts.batchesPerEpoch;
  const lead = `${plural(counts.examples, 'training example')} in batches of ${batchSize}: ${plural(b, 'batch', 'batches')} per epoch. ` +
    `${b} ${b === 1 ? 'batch' : 'batches'} of a ${b}-batch set = ${plural(b, 'step')} = one epoch.`;
  const now = counts.step === 0
    ? ' No step taken yet: every parameter holds its initial value.'
    : ` So far: ${plural(counts.step, 'step')}, ${plural(counts.epoch, 'whole epoch')}` +
      (counts.batchInEpoch > 0 ? `, and ${counts.batchInEpoch} of the ${b} batches of epoch ${counts.epoch + 1}.` : '.');
  return lead + now;
}

/**
 * Overfitting, said only as far as the numbers show it (overfittingGrade in thresholds.js): a
 * rise of validation loss above its lowest counts from LOSS_RISE_NOISE, and is called overfitting
 * only while training loss fell and held-out accuracy did not improve; "signs" or "overfitting"
 * by the size of the rise. `epochs` are [{epoch, trainLoss, validationLoss, validationAccuracy}],
 * epoch 0 the evaluation before training. Returns {rising, grade, text}; rising: said to overfit.
 */
export function overfittingNote(epochs) {
  if (epochs.length < 3) return { rising: false, grade: 'none', text: '' };
  // the rise is said against the thresholds, not as a number of its own: every number shown is the core's
  const { grade, best, last } = overfittingGrade(epochs);
  const lowest = `lowest after epoch ${best.epoch} (${num(best.validationLoss)})`;
  const now = `${num(last.validationLoss)} after epoch ${last.epoch}`;
  const pct = (x) => `${Math.round(100 * x)} %`;
  const accuracy = `${num(best.validationAccuracy)} at epoch ${best.epoch}, ${num(last.validationAccuracy)} now`;
  const trainFell = `training loss kept falling (${num(best.trainLoss)} → ${num(last.trainLoss)})`;
  const watch = 'To watch a block overfit, train on eight sentences for 20 epochs or more.';
  const text = {
    lowest: `Validation loss is at its lowest so far, ${num(last.validationLoss)}, after epoch ${last.epoch} (the latest). ${watch}`,
    noise: `Validation loss was ${lowest} and is ${now}, less than ${pct(LOSS_RISE_NOISE)} above it, the least that counts as a rise here: within training’s wobble, so no sign of overfitting yet (held-out accuracy ${accuracy}). ${watch}`,
    unstable: `Validation loss was ${lowest} and is ${now}, more than ${pct(LOSS_RISE_NOISE)} above it, but training loss rose too (${num(best.trainLoss)} → ${num(last.trainLoss)}): the steps are unsteady, which is not overfitting. A lower learning rate steadies them.`,
    confident: `Validation loss was ${lowest} and is ${now}, more than ${pct(LOSS_RISE_NOISE)} above it, while training loss fell, but held-out accuracy went on improving (${accuracy}). The two measures disagree: by accuracy the block is not overfitting, so far.`,
    signs: `Signs of overfitting: validation loss was ${lowest} and has risen to ${now}, more than ${pct(LOSS_RISE_NOISE)} above it (less than ${pct(LOSS_RISE_CLEAR)}), while ${trainFell} and held-out accuracy did not improve (${accuracy}). The block is starting to fit its training sentences more than the task.`,
    clear: `Overfitting: validation loss was ${lowest} and has risen to ${now}, more than ${pct(LOSS_RISE_CLEAR)} above it, while ${trainFell} and held-out accuracy did not improve (${accuracy}). The block is fitting its training sentences, not the task: what it learns there no longer carries over to sentences it has not seen.`,
  }[grade];
  return { rising: grade === 'signs' || grade === 'clear', grade, text };
}

/**
 * The stop message of a refused step (never a NaN): the core's message says what happened and
 * what to do; this adds where the run stopped and with which learning rate.
 */
export function divergenceText({ message, step, learningRate }) {
  return `Stopped after step ${step} at learning rate ${learningRate}. ${message} The weights shown are those after step ${step}; the buttons that train are off until you start again.`;
}

/**
 * Inference: how many parameter numbers the evaluation changed, `moved` of `total` in all and
 * per parameter in `changed` ([{name, changed}]), all counted by the core.
 */
export function inferenceText({ changed, moved, total, step }) {
  return moved === 0
    ? `Evaluated both sets with the weights of step ${step}: all ${total.toLocaleString('en')} parameter numbers are bit for bit what they were before. Inference computes A and the predictions, and updates nothing; the step count is still ${step}.`
    : `The evaluation changed ${moved} of ${total} parameter numbers (${changed.filter((c) => c.changed).map((c) => c.name).join(', ')}): this should never happen.`;
}

/** A's size for one sentence against the parameters that persist, from the counts given. */
export function persistenceText({ n, count, parameterCount, tokens }) {
  return `For this sentence of ${plural(n, 'token')}, A is ${n} × ${n} = ${count} numbers, ` +
    `one weight for each pair of its own tokens (${tokens.slice(0, 6).map((t) => `“${t}”`).join(', ')}${tokens.length > 6 ? ', …' : ''}), and no other sentence’s. ` +
    `It is computed in the forward pass and thrown away after it; the next sentence gets its own. ` +
    `The ${parameterCount.toLocaleString('en')} parameter numbers are what persist from step to step and after training.`;
}

/**
 * Under the per-word table: how coarse a word's row is. With a handful of sentences per word one
 * sentence is a large step (more than BASELINE_MARGIN), so no word is judged on its own: the
 * verdict stays with the accuracy over all held-out sentences. `words`: the core's
 * [{word, sentences, correct, accuracy, baseline}].
 */
export function wordAccuracyNote(words, total) {
  const counts = words.map((w) => w.sentences);
  const fewest = Math.min(...counts), most = Math.max(...counts);
  const per = fewest === most ? `${fewest} held-out sentences` : `${fewest} to ${most} held-out sentences`;
  return `Each word has only ${per}: one sentence more or less right moves its row by 1 in ${fewest === most ? fewest : `${fewest} to ${most}`}. ` +
    `Read the rows as counts, and the accuracy over all ${total} sentences above as the test. The word-identity baseline of a word is what answering its more frequent training sense scores on its sentences.`;
}

/** 'above', 'level' or 'below': the trained accuracy against the baseline (BASELINE_MARGIN). */
export function againstBaseline(accuracy, baseline) {
  if (accuracy >= baseline + BASELINE_MARGIN) return 'above';
  if (accuracy > baseline - BASELINE_MARGIN) return 'level';
  return 'below';
}

/** The validation accuracy before and after training, against chance and the word-identity baseline. */
export function accuracyText({ before, after, epoch, sentences, classes, baseline, lossBefore, lossAfter }) {
  const verdict = {
    above: `Trained, the block beats that baseline by ${num(after - baseline)}: the context words add something the word alone does not.`,
    level: `That is within ${num(BASELINE_MARGIN)} of the baseline: on this evidence the block has learned little beyond which word it is reading.`,
    below: `That is below the baseline by ${num(baseline - after)}: the block does worse than the word alone would.`,
  }[againstBaseline(after, baseline)];
  return `On the ${sentences} held-out validation sentences, whose context words never occur in training: accuracy ${num(before)} before training and ${num(after)} after epoch ${epoch}. ` +
    `Guessing among the ${classes} senses would score about 1 in ${classes}, but the ambiguous word alone narrows it to that word’s senses: answering each word’s more frequent sense in the training set scores ${num(baseline)} (the word-identity baseline). ${verdict} ` +
    `Validation loss ${num(lossBefore)} → ${num(lossAfter)}. The head and the projections were trained together, so this measures the trained block, not the projections alone.`;
}

/**
 * The step-loss table's title: every step listed when every step was taken one at a time, else
 * how many are listed and where the others' losses are (the worker sends per-epoch numbers for
 * Epoch and Train, not each step's).
 */
export function stepLossTitle(listed, steps) {
  if (listed === steps) return `The loss of each step (${plural(steps, 'step')} so far)`;
  return `The loss of each step taken with Step (${listed} of ${plural(steps, 'step')} so far; steps run by Epoch or Train are not listed one by one: the curves above show the losses measured after each epoch)`;
}
