// The sentences of the training chapter, each written from the numbers it sits next to (the
// trainer's counts, losses and messages). Pure functions, so tests can check every branch.
import { num } from '../../format.js';

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
 * Overfitting, said only when the numbers show it: validation loss has risen above its lowest
 * value while training loss kept falling. `epochs` are [{epoch, trainLoss, validationLoss}], epoch
 * 0 the evaluation before training. Returns {rising: bool, text}.
 */
export function overfittingNote(epochs) {
  if (epochs.length < 3) return { rising: false, text: '' };
  let best = epochs[0];
  for (const e of epochs) if (e.validationLoss < best.validationLoss) best = e;
  const last = epochs[epochs.length - 1];
  const rising = last.epoch > best.epoch && last.validationLoss > best.validationLoss && last.trainLoss < best.trainLoss;
  if (!rising) {
    return { rising: false, text: `Validation loss is at its lowest so far, ${num(best.validationLoss)}, after epoch ${best.epoch}${best === last ? ' (the latest)' : ''}. To watch a block overfit, train on eight sentences for 20 epochs or more.` };
  }
  return {
    rising: true,
    text: `Overfitting: validation loss was lowest after epoch ${best.epoch} (${num(best.validationLoss)}) and has risen to ${num(last.validationLoss)} after epoch ${last.epoch}, ` +
      `while training loss kept falling (${num(best.trainLoss)} → ${num(last.trainLoss)}). The block is fitting its training sentences, not the task: ` +
      'what it learns there no longer carries over to sentences it has not seen.',
  };
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
