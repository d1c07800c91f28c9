// The thresholds that choose what the page says about its numbers, in one place: a sentence that
// states a result picks its wording by comparing the number beside it with these. Nothing here
// computes a result; the helpers below only compare numbers the core gave with the constants.

/** Below this share of y_i from the other tokens, the page says the row mixes (almost) nothing. */
export const LITTLE_MIXING = 0.01;

/**
 * Below this share from the other tokens (and from LITTLE_MIXING up), the page says the row
 * "barely mixes": a tenth of the output or less is still mostly the token itself.
 */
export const BARELY_MIXES = 0.1;

/**
 * Two numbers tie when they differ by at most this much relative to the larger. Identical
 * vectors (one-hot rows, a repeated word) give scores that are equal in exact arithmetic; in
 * float64 they can differ in the last bits (about 1e-16 relative) through a different order of
 * sums. 1e-9 is far above that rounding and far below any gap the 4 shown decimals can show, so
 * a "tie" is a tie at full precision (data-value) too, never two numbers that merely round alike.
 */
export const TIE_TOLERANCE = 1e-9;

/**
 * A cosine of two contextual outputs below 1 − this counts as "changed with context". A cosine
 * of 0.9999 and up shows as 1.0000 with 4 decimals, so a change the page names must be visible.
 */
export const CONTEXT_CHANGE = 1e-4;

/**
 * Adding 1 to a feature of another token's input moves a row's output by less than this: a trace.
 * The row reads that token in the formula, but its weight on it is so near 0 that the numbers
 * barely show the dependence (the flow chapter's parallel-rows section says so, not "moves").
 */
export const TRACE_EFFECT = 0.01;

/** A cosine within this of 1 is 1 up to float64 rounding: "not measurably" different. */
export const ROUNDING = 1e-12;

/**
 * Validation accuracy counts as better than the word-identity baseline (knowing the ambiguous
 * word and guessing its more frequent training sense) only when it is at least this much higher.
 * With the 32 held-out sentences, one binomial standard deviation at 0.5 is about 0.09: a smaller
 * gain can be luck of the draw.
 */
export const BASELINE_MARGIN = 0.1;

/**
 * Validation loss counts as risen, more than noise, only from this fraction above its lowest
 * value so far. In the training chapter's runs (Adam, batches of 4, 32 held-out sentences) it
 * moves up and down by up to about a fifth from one epoch to the next with no trend.
 */
export const LOSS_RISE_NOISE = 0.2;

/**
 * From this rise above the lowest validation loss (half as much again) the page says the block
 * overfits; between LOSS_RISE_NOISE and this, that it shows signs of overfitting.
 */
export const LOSS_RISE_CLEAR = 0.5;

/**
 * How far a run overfits, from its epochs ([{epoch, trainLoss, validationLoss,
 * validationAccuracy}], epoch 0 before training): 'lowest' (the latest validation loss is the
 * lowest), 'noise' (above the lowest by less than LOSS_RISE_NOISE), 'unstable' (risen, but
 * training loss did not fall since), 'confident' (risen while training loss fell, but held-out
 * accuracy went on improving), 'signs' or 'clear' (risen, training loss fell, held-out accuracy
 * did not improve; 'clear' from LOSS_RISE_CLEAR). Returns {grade, best, last, rise}, rise
 * relative to the lowest loss.
 */
export function overfittingGrade(epochs) {
  let best = epochs[0];
  for (const e of epochs) if (e.validationLoss < best.validationLoss) best = e;
  const last = epochs[epochs.length - 1];
  const rise = best.validationLoss > 0 ? (last.validationLoss - best.validationLoss) / best.validationLoss : 0;
  const grade = last === best ? 'lowest'
    : rise < LOSS_RISE_NOISE ? 'noise'
      : !(last.trainLoss < best.trainLoss) ? 'unstable'
        : last.validationAccuracy > best.validationAccuracy ? 'confident'
          : rise < LOSS_RISE_CLEAR ? 'signs' : 'clear';
  return { grade, best, last, rise };
}

/**
 * The cosine of two difference directions (king − queen against man − woman) from which the
 * space chapter says they point close to one direction, and from which "partly"; below
 * ANALOGY_PARTLY, that they hardly share a direction.
 */
export const ANALOGY_PARALLEL = 0.7;
export const ANALOGY_PARTLY = 0.3;

/** 'parallel', 'partly' or 'none', from the cosine of the two differences. */
export function analogyGrade(cosine) {
  if (cosine > ANALOGY_PARALLEL) return 'parallel';
  if (cosine > ANALOGY_PARTLY) return 'partly';
  return 'none';
}

/**
 * The survival table's variance kept "overstates" the neighbours kept when it is higher by at
 * least this much (ten percentage points) in some row.
 */
export const VARIANCE_OVERSTATES = 0.1;

/**
 * A row of attention weights that gives at least this much to one word is said to put "nearly
 * all" its weight there (the space chapter counts the same 90 % in the core).
 */
export const NEARLY_ALL = 0.9;

/** At least this share of rows nearly all on one word makes the page call the mix "lopsided". */
export const LOPSIDED_ROWS = 0.5;

/**
 * How much a row mixes, from the share of its output that comes from tokens whose vectors differ
 * from its own (the core's weightFromDifferent): weight on a copy of the word's own vector, a
 * repeated word, leaves the output as it was, so it is no mixing.
 */
export function mixingGrade(share) {
  if (share < LITTLE_MIXING) return 'almost-nothing';
  if (share < BARELY_MIXES) return 'barely';
  return 'mixes';
}

/** True when `a` and `b` tie within TIE_TOLERANCE (relative to the larger magnitude). */
export function ties(a, b) {
  return Math.abs(a - b) <= TIE_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
}

/**
 * The indices of `values` that tie with the largest of those in `among` (every index when not
 * given), in order. One index when nothing ties.
 */
export function largestTied(values, among = values.map((_, j) => j)) {
  if (!among.length) return [];
  const top = Math.max(...among.map((j) => values[j]));
  return among.filter((j) => ties(values[j], top));
}

/**
 * The largest change of any output when the words are reordered (the outputs compared row for row,
 * each with its own word) counts as "none" up to this: float64 rounding of outputs of size about
 * 1 stays near 1e-15; the core's own observation (a) uses 1e-9 relative to the outputs' scale.
 */
export const ORDER_CHANGE = 1e-9;

/**
 * Soft against exact lookup (the Q/K/V chapter): a query row whose largest weight is at least
 * NEARLY_ALL is "almost an exact lookup"; from this share up (the top key has the majority) it
 * "leans on one key"; below it, the output is "a real mix" of the values.
 */
export const LEANS_ON_ONE = 0.5;

/** 'tie' (no single key wins), 'exact' (almost an exact lookup), 'leans' or 'mix'. */
export function lookupGrade(topShare, tiedKeys = 1) {
  if (tiedKeys > 1) return 'tie';
  if (topShare >= NEARLY_ALL) return 'exact';
  if (topShare >= LEANS_ON_ONE) return 'leans';
  return 'mix';
}

/**
 * Two computations of the same thing agree "to rounding" when their largest difference is at
 * most this much relative to the largest entry: float64 sums of a few hundred terms differ by
 * about 1e-16 × their length, far below this; a map that is not linear misses by far more.
 */
export const SAME_TO_ROUNDING = 1e-12;

/**
 * A relative difference from this up is a real difference (the map is not linear, the output
 * changed); between SAME_TO_ROUNDING and this, the page says "nearly".
 */
export const REAL_DIFFERENCE = 1e-6;

/** 'same' (to rounding), 'nearly' or 'differs', from a relative difference. */
export function differenceGrade(relative) {
  if (relative <= SAME_TO_ROUNDING) return 'same';
  if (relative < REAL_DIFFERENCE) return 'nearly';
  return 'differs';
}

/**
 * How much moving a word changes the weight the base token gives it (the distance card): the
 * spread of that weight over the placements, graded like a share of the output by LITTLE_MIXING
 * and BARELY_MIXES. 'negligible' below the first, 'small' below the second, else 'matters'.
 */
export function weightChangeGrade(spread) {
  if (spread < LITTLE_MIXING) return 'negligible';
  if (spread < BARELY_MIXES) return 'small';
  return 'matters';
}

/**
 * Two computations of the same thing in a floating-point type agree "to rounding" when their
 * largest difference, relative to the largest entry, is at most this many machine epsilons of
 * that type (2^-52 for float64, 2^-23 for float32, the core's report gives it). Each entry is a
 * sum of at most a few thousand products (d_model ≤ 1024, tokens ≤ 2048), and rounding in such
 * sums stays within about their length × epsilon; a real difference (another mix of values) is
 * a sizeable fraction of the entries, far above.
 */
export const ROUNDING_EPSILONS = 4096;

/** True when `relative` is within ROUNDING_EPSILONS machine epsilons (`epsilon`) of 0. */
export function sameToPrecision(relative, epsilon) {
  return relative <= ROUNDING_EPSILONS * epsilon;
}

/**
 * With one feature a cosine is +1 or −1 (it gives only the sign), so the page measures the change
 * of the contextual output by |y₁ − y₂| over the longer of the two (the core's
 * contextualTargetChange). From this up the outputs changed with context: a change of 1e-4 of
 * outputs of size about 1 shows in their 4 decimals. Up to SAME_TO_ROUNDING it is rounding.
 */
export const OUTPUT_CHANGE = 1e-4;
