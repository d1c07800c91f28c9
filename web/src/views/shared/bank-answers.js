// The bank experiment's answers, said the same way by the bank chapter and the Q/K/V chapter's
// "bank" panel: each is chosen by the cosines it quotes, the vector source and thresholds.js.
// A comparison the core could not make (a word absent from a sentence or the table) is said as
// absent, with the core's reason, never as a value.
import { vectorKind } from './vector-kind.js';
import { CONTEXT_CHANGE, OUTPUT_CHANGE, ROUNDING, SAME_TO_ROUNDING } from './thresholds.js';
import { num } from '../../format.js';

/**
 * The reasons of some comparisons that have no value, each said once: the core joins the reasons
 * of a comparison with "; " ("“cat” is not in sentence 1; “cat” is not in sentence 2"), and
 * several comparisons share one.
 */
export function uniqueReasons(whys) {
  return [...new Set(whys.filter(Boolean).flatMap((why) => why.split('; ')))];
}

/**
 * Does the output change with context? From the contextual cosine `ctx` (null when the word is
 * not in both sentences; `why` says why) and the raw one `raw`. `width` is the outputs' width
 * (d_v): with one feature a cosine is ±1, only a sign, so the change is judged by `change`, the
 * core's |y₁ − y₂| over the longer output (contextualTargetChange).
 */
export function contextAnswer({ ctx, raw, why, target, show, width, change }) {
  if (ctx == null) return `Cannot tell here: ${uniqueReasons([why]).join('; ')}.`;
  if (width === 1 && change != null) {
    const sign = `With one feature a cosine can only be +1 or −1: it gives the sign of the outputs, not how much they changed (here ${show(ctx)}). The outputs themselves`;
    if (change >= OUTPUT_CHANGE) return `Yes. ${sign} differ by ${num(change)} of the larger one: each sentence mixed different neighbours into ${target}.`;
    if (change > SAME_TO_ROUNDING) return `Barely. ${sign} differ by only ${num(change)} of the larger one: almost the same mix in both sentences.`;
    return `Not measurably. ${sign} are the same to rounding (they differ by ${num(change)} of the larger one).`;
  }
  if (ctx < 1 - CONTEXT_CHANGE) return `Yes. The raw ${target} vectors have cosine ${show(raw)} (one row of one static table), but the contextual outputs have cosine ${show(ctx)}: each sentence mixed different neighbours into ${target}.`;
  if (ctx < 1 - ROUNDING) return `Barely. The contextual outputs have cosine ${ctx.toPrecision(10)}: below 1, so they do differ, but by very little: the two outputs are almost the same mix of vectors (compare ${target}’s row of attn_weights in the two sentences).`;
  return `Not measurably: the contextual outputs have cosine ${ctx.toPrecision(13)}, as the raw vectors do.`;
}

/**
 * The raw cosines of the target against “river” and “money” as a clause, each comparison the
 * core could not make said as missing with its reason: {have: how many have a value, text}.
 * `river`, `money`: the core's comparisons ({value, whyUndefined}).
 */
function rawPairs(target, river, money, show) {
  const pairs = [['river', river], ['money', money]];
  const have = pairs.filter(([, c]) => c?.value != null);
  const lack = pairs.filter(([, c]) => c?.value == null);
  const reasons = uniqueReasons(lack.map(([, c]) => c?.whyUndefined)).join('; ');
  if (!have.length) return { have: 0, reasons, text: `there is no raw cosine to show${reasons ? `: ${reasons}` : ''}` };
  const values = have.map(([w, c], k) => `${k ? 'vs' : `raw ${target} vs`} “${w}” = ${show(c.value)}`).join(', ');
  const missing = lack.length ? `; there is none against “${lack[0][0]}”${reasons ? `: ${reasons}` : ''}` : '';
  return { have: have.length, values, missing, text: `${values}${missing}` };
}

/**
 * Do the inputs carry trained relationships? The bank chapter's and the Q/K/V chapter's answer,
 * from the raw comparisons of the target with “river” and “money” (the core's, {value,
 * whyUndefined}), shown as `show` does. `width`: d_model; with one feature a cosine is a sign.
 */
export function trainedInputsAnswer(source, target, river, money, show, width) {
  const kind = vectorKind(source);
  const p = rawPairs(target, river, money, show);
  const oneFeature = width === 1 && p.have ? ' With one feature each cosine is only a sign (+1 or −1).' : '';
  if (kind === 'pretrained') {
    return `Yes, these vectors were trained (on word co-occurrence)${p.have ? ': ' : ', but '}${p.text}. They encode relationships before any attention runs; that does not make the attention block trained.`;
  }
  if (kind === 'file') {
    return `Only if your file’s vectors were trained: this page cannot tell how they were made. ${p.text[0].toUpperCase()}${p.text.slice(1)}.${oneFeature} Whatever they carry, it was there before any attention ran; it does not make the attention block trained.`;
  }
  if (kind === 'onehot') {
    return `No. One-hot vectors of different words are orthogonal by construction${p.have ? ': ' : '; '}${p.text}.`;
  }
  if (!p.have) return `No. The table is random, so any raw cosine here would be a chance value of this seed, but there is none to show${p.reasons ? `: ${p.reasons}` : ''}.`;
  if (width === 1) {
    return `No. The table is random, and with one feature a cosine is only the sign (+1 or −1) of two random numbers: ${p.values} say${p.have === 1 ? 's' : ''} only whether their signs agree${p.missing}.`;
  }
  return `No. The table is random: ${p.values} ${p.have === 1 ? 'is a chance value of this seed, not a learned relationship' : 'are chance values of this seed, not learned relationships'}${p.missing}.`;
}

/**
 * The contextual target of sentence 1 against raw “river” and “money” (the core's comparisons),
 * for the third answer: the values, or what is missing and why (no closing full stop).
 */
export function contextualPairsText(target, river, money, show) {
  const pairs = [['river', river], ['money', money]];
  const have = pairs.filter(([, c]) => c?.value != null);
  const lack = pairs.filter(([, c]) => c?.value == null);
  const reasons = uniqueReasons(lack.map(([, c]) => c?.whyUndefined)).join('; ');
  if (!have.length) return `There is no cosine of the contextual ${target} of sentence 1 with raw “river” or “money”${reasons ? `: ${reasons}` : ''}`;
  const values = have.map(([w, c]) => `${show(c.value)} with raw “${w}”`).join(' and ');
  const missing = lack.length ? `; there is none with raw “${lack[0][0]}”${reasons ? `: ${reasons}` : ''}` : '';
  return `The contextual ${target} of sentence 1 has cosine ${values}${missing}`;
}

/** The note beside a raw-against-raw cosine (the target against raw "river" or "money"). */
export function rawPairNote(source, width) {
  if (width === 1) return 'With one feature a cosine is only the sign (+1 or −1) of the product of two numbers: it says nothing more about the two words.';
  return {
    random: 'Random inputs: nothing trained connects these two words; the value is chance.',
    onehot: 'One-hot inputs: different words are orthogonal by construction, so 0.',
    pretrained: 'Pretrained GloVe inputs: this cosine reflects what GloVe learned from co-occurrence, before any attention.',
    file: 'Your file’s vectors: this cosine carries whatever relation they hold, if any, before any attention.',
  }[vectorKind(source)];
}
