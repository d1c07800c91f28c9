// The last answer of a chapter's core call, with the options it was computed for. A render whose
// inputs did not change (only the view state did: a hovered cell, an open table) draws that answer
// again without calling the core. The vectors' table (`pretrained`) is compared by identity:
// vectors/store.js hands the same object until the rows change.
import { PENDING, computingText } from './core-jobs.js';

/** @returns {{answerFor(options: object): any, keep(options: object, answer: any): void}} */
export function lastAnswer() {
  let last = null;
  const keyOf = ({ pretrained, ...rest }) => JSON.stringify(rest);
  return {
    /** The kept answer when `options` are the ones it was computed for, else null. */
    answerFor(options) {
      return last && last.pretrained === options.pretrained && last.key === keyOf(options) ? last.answer : null;
    },
    keep(options, answer) {
      last = { key: keyOf(options), pretrained: options.pretrained, answer };
    },
  };
}

/**
 * A chapter's one core call for `options`: the kept answer when only the view state changed, else
 * the core's (in the worker for wide vectors, core/core-jobs.js). An error or "still computing"
 * is said in `status` and gives null; `onError` runs too on an error (the flow stops its player).
 * @param {ReturnType<typeof lastAnswer>} lastCall
 * @param {{method: string, options: object, core: object, jobs?: object,
 *          status: {error(text: string): void, computing(text: string): void}, onError?: () => void}} spec
 */
export function chapterAnswer(lastCall, { method, options, core, jobs, status, onError = () => {} }) {
  let answer;
  try {
    answer = lastCall.answerFor(options) ?? (jobs ? jobs.call(method, options) : core[method](options));
  } catch (error) {
    onError();
    // the last good result stays on screen (dimmed); the message says what is wrong with the input
    status.error(error.message);
    return null;
  }
  if (answer === PENDING) {
    status.computing(computingText(options));
    return null;
  }
  lastCall.keep(options, answer);
  return answer;
}
