// What the training chapter reads out of a run for its bank question and its PyTorch export:
// the dataset's sentences as rows of the trainer's embedding table. Only lookups and choices;
// the numbers are the trainer's.

/**
 * Three validation sentences for the bank question: the chosen one, one with the same word in
 * the other sense, one in the same sense (the control). {ok, why?, first, otherSense, sameSense,
 * texts, word}: each sentence as {X, target}.
 */
export function senseTriple(run) {
  return { ok: false, why: 'The trainer does not give the sentences’ embedding rows yet.' };
}

/** The input of views/training-script.js for this run. */
export function scriptInput(run) {
  throw new Error('The trainer does not give the sentences’ embedding rows yet.');
}
