// The notes' third question, "do the attention projections improve a semantic task?", answered
// from held-out data once the block is trained: (1) validation accuracy and loss before and
// after training, against chance; (2) the bank experiment rerun on three validation sentences,
// "bank" in one sense, in the other, and in the first sense again (the control), through the
// projections at step 0 and the trained ones (core.trainedSenseCheck), judged as the trained
// chapter judges its model.
import { dataTable } from '../../components/data-table.js';
import { num, numOrNotDefined, full } from '../../format.js';
import { senseTriple } from './run-data.js';
import { accuracyText, againstBaseline, wordIdentityBaseline } from './text.js';

export function drawSenseCheck(section, { run, core }) {
  section.html('');
  const first = run.epochs[0];
  const last = run.epochs[run.epochs.length - 1];
  const classes = run.dataset.classes.length;
  if (!last || last.epoch === 0) {
    section.append('p').attr('class', 'muted').text(
      'Train at least one epoch: this section then asks the notes’ third question (do the attention projections improve a semantic task?) of the held-out validation sentences.',
    );
    return;
  }
  const baseline = wordIdentityBaseline(run.dataset);
  const versus = againstBaseline(last.validationAccuracy, baseline);
  section.append('p').attr('class', 'sense-accuracy').attr('data-before', full(first.validationAccuracy)).attr('data-after', full(last.validationAccuracy))
    .attr('data-baseline', full(baseline)).attr('data-versus', versus).text(accuracyText({
      before: first.validationAccuracy, after: last.validationAccuracy, epoch: last.epoch, sentences: run.dataset.validation.length,
      classes, baseline, lossBefore: first.validationLoss, lossAfter: last.validationLoss,
    }));
  const triple = senseTriple(run);
  if (!triple.ok) {
    section.append('p').attr('class', 'muted').text(triple.why);
    return;
  }
  let result;
  try {
    // with trainable embeddings, step 0 is judged on the initial table and the trained block on today's
    const check = (table) => {
      const [first, otherSense, sameSense] = triple.at(table);
      return core.trainedSenseCheck({ first, otherSense, sameSense, initial: run.initial, trained: run.parameters });
    };
    const atStart = check(run.initial.embeddings);
    result = run.config.trainableEmbeddings ? { ...atStart, trained: check(run.parameters.embeddings).trained } : atStart;
  } catch (error) {
    section.append('p').attr('class', 'error').text(error.message);
    return;
  }
  section.append('p').text(
    `The bank experiment again, on three validation sentences: 1. “${triple.texts[0]}”, 2. “${triple.texts[1]}” (the other sense), 3. “${triple.texts[2]}” (the control: the same sense as 1). ` +
      `The contextual vector of “${triple.word}” is its row of Y; a pair counts as separated only when the same-sense pair sits at least ${num(result.trained.requiredMargin)} above the different-sense pair.`,
  );
  const table = dataTable(section).attr('class', 'cosine-table training-sense-table');
  const head = table.append('thead').append('tr');
  for (const h of ['vectors', '1 vs 2 (different sense)', '1 vs 3 (same sense)', 'margin', 'verdict']) head.append('th').attr('scope', 'col').text(h);
  const body = table.append('tbody');
  for (const [key, label] of [['raw', `looked-up rows of X${run.config.trainableEmbeddings ? ' (at step 0)' : ''}`], ['initial', 'contextual, projections at step 0'], ['trained', `contextual, trained projections (step ${run.counts.step})`]]) {
    const c = result[key];
    const tr = body.append('tr').attr('data-row', key).attr('data-verdict', c.verdict);
    tr.append('th').attr('scope', 'row').text(label);
    tr.append('td').attr('data-value', c.differentSense == null ? '' : full(c.differentSense)).text(numOrNotDefined(c.differentSense));
    tr.append('td').attr('data-value', c.sameSense == null ? '' : full(c.sameSense)).text(numOrNotDefined(c.sameSense));
    tr.append('td').attr('data-value', c.margin == null ? '' : full(c.margin)).text(numOrNotDefined(c.margin));
    tr.append('td').text(c.verdict.replace('_', ' '));
  }
  section.append('p').attr('class', 'sense-verdict').attr('data-trained', result.trained.verdict).attr('data-initial', result.initial.verdict)
    .text(senseVerdict(result, versus));
}

/**
 * The answer to the third question, from the two verdicts and how the validation accuracy stands
 * against the word-identity baseline (`versus`, againstBaseline in text.js): one triple is
 * credited as evidence that the task improved only when the wider test agrees.
 */
export function senseVerdict({ initial, trained }, versus = 'above') {
  if (trained.verdict === 'undefined') return 'No verdict: a contextual vector is zero, so a cosine is not defined.';
  if (trained.verdict === 'separates' && initial.verdict !== 'separates' && versus !== 'above') {
    return `Trained, the block separates the senses on this triple (margin ${num(trained.margin)}), and at step 0 it did not (${initial.margin == null ? 'no margin' : `margin ${num(initial.margin)}`}): training changed these three vectors. But the validation accuracy above does not beat knowing the word alone, so this is no evidence that the task improved: one triple can come apart by chance.`;
  }
  if (trained.verdict === 'separates' && initial.verdict !== 'separates') {
    return `Trained, the block separates the senses on these held-out sentences (margin ${num(trained.margin)}), and at step 0 it did not (${initial.margin == null ? 'no margin' : `margin ${num(initial.margin)}`}): evidence, on this triple, that training the projections improved the task. One triple is one example: the validation accuracy above is the wider test.`;
  }
  if (trained.verdict === 'separates') {
    return `Trained, the block separates the senses here (margin ${num(trained.margin)}), but the untrained projections at step 0 already did (margin ${num(initial.margin)}): this triple does not show what training added.`;
  }
  return `Even trained, the block does not separate the senses on this triple (margin ${num(trained.margin)}, ${trained.verdict.replace('_', ' ')}). Whatever the accuracy above shows, these contextual vectors do not keep the senses apart.`;
}
