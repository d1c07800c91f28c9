// The bank experiment's answers, said the same way by the bank chapter and the Q/K/V chapter's
// "bank" panel: each is chosen by the cosines it quotes, the vector source and thresholds.js.
import { vectorKind } from './vector-kind.js';
import { CONTEXT_CHANGE, ROUNDING } from './thresholds.js';

/**
 * Does the output change with context? From the contextual cosine `ctx` (null when the word is
 * not in both sentences; `why` says why) and the raw one `raw`.
 */
export function contextAnswer({ ctx, raw, why, target, show }) {
  if (ctx == null) return `Cannot tell here: ${why}.`;
  if (ctx < 1 - CONTEXT_CHANGE) return `Yes. The raw ${target} vectors have cosine ${show(raw)} (one row of one static table), but the contextual outputs have cosine ${show(ctx)}: each sentence mixed different neighbours into ${target}.`;
  if (ctx < 1 - ROUNDING) return `Barely. The contextual outputs have cosine ${ctx.toPrecision(10)}: below 1, so they do differ, but by very little: the two outputs are almost the same mix of vectors (compare ${target}’s row of attn_weights in the two sentences).`;
  return `Not measurably: the contextual outputs have cosine ${ctx.toPrecision(13)}, as the raw vectors do.`;
}

/**
 * Do the inputs carry trained relationships? The bank chapter's and the Q/K/V chapter's answer,
 * with the raw cosines `rr` (target vs "river") and `rm` (target vs "money") shown as `show` does.
 */
export function trainedInputsAnswer(source, target, rr, rm, show) {
  const kind = vectorKind(source);
  if (kind === 'pretrained') {
    return `Yes, these vectors were trained (on word co-occurrence): raw ${target} vs “river” = ${show(rr)}, vs “money” = ${show(rm)}. They encode relationships before any attention runs; that does not make the attention block trained.`;
  }
  if (kind === 'file') {
    return `Only if your file’s vectors were trained: this page cannot tell how they were made. Raw ${target} vs “river” = ${show(rr)}, vs “money” = ${show(rm)}. Whatever they carry, it was there before any attention ran; it does not make the attention block trained.`;
  }
  if (kind === 'onehot') {
    return `No. One-hot vectors of different words are orthogonal by construction: raw ${target} vs “river” = ${show(rr)}, vs “money” = ${show(rm)}.`;
  }
  return `No. The table is random: raw ${target} vs “river” = ${show(rr)} and vs “money” = ${show(rm)} are chance values of this seed, not learned relationships.`;
}

/** The note beside a raw-against-raw cosine (the target against raw "river" or "money"). */
export function rawPairNote(source) {
  return {
    random: 'Random inputs: nothing trained connects these two words; the value is chance.',
    onehot: 'One-hot inputs: different words are orthogonal by construction, so 0.',
    pretrained: 'Pretrained GloVe inputs: this cosine reflects what GloVe learned from co-occurrence, before any attention.',
    file: 'Your file’s vectors: this cosine carries whatever relation they hold, if any, before any attention.',
  }[vectorKind(source)];
}
