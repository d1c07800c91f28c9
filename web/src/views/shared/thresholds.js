// The thresholds that choose what the page says about its numbers, in one place: a sentence that
// states a result picks its wording by comparing the number beside it with these.

/** Below this share of y_i from the other tokens, the page says the row mixes (almost) nothing. */
export const LITTLE_MIXING = 0.01;
