// The embedding-space chapter's sentences, each built from the number it sits next to. Nothing
// here computes: the numbers come from the core (through the space worker).
import { num } from '../../format.js';
import { LOPSIDED_ROWS, VARIANCE_OVERSTATES, analogyGrade } from '../shared/thresholds.js';

const pct = (x) => `${(100 * x).toFixed(1)} %`;

/** What the points are, for the sentences below: words of a table, word pieces, or sentences. */
// `more`: how to get more points (the slider), empty where there are no more to take.
export const UNITS = {
  word: { many: 'words', one: 'word', spread: 'spread over the frequency ranks', first: 'most frequent words', more: 'take more words with the slider' },
  fileWord: { many: 'words', one: 'word', spread: 'spread over the rows of your file', first: 'first words of your file', more: '' },
  piece: { many: 'word pieces', one: 'piece', spread: 'spread over the vocabulary order', first: 'first pieces', more: 'take more pieces with the slider' },
  sentence: { many: 'sentences', one: 'sentence’s point', spread: 'that is, every sentence', first: 'sentences', more: '' },
};

/** "points N · original dimension d · display dimension 2" */
export function readout(n, d, outDim) {
  return `points ${n.toLocaleString('en')} · original dimension ${d} · display dimension ${outDim}`;
}

/** What the PCA readout says about the first components' share, against a flat spectrum (1/d each). */
export function varianceText(ratio, d, outDim) {
  const shown = Array.from(ratio).slice(0, outDim).reduce((a, b) => a + b, 0);
  const flat = outDim / d;
  const verdict = shown < 1.5 * flat
    ? `barely more than the ${pct(flat)} that ${outDim} of ${d} directions would carry if no direction were special: this cloud has no dominant directions, and the picture shows little of it.`
    : `against ${pct(flat)} if every direction carried the same share. The other ${pct(1 - shown)} of the spread is in directions this picture cannot show.`;
  return `The ${outDim} display axes are the first ${outDim} principal components; they carry ${pct(shown)} of the total variance, ${verdict}`;
}

export function projectionText(n, d, outDim, unit = UNITS.word) {
  return `Three different quantities: ${n.toLocaleString('en')} points (${unit.many}), each given by ${d} numbers (the original dimension), drawn with ${outDim} (the display dimension). The ${outDim}-D picture is a projection of the ${d}-D space: distances on the screen are not the distances the model uses, so neighbours are read in the original space below, by cosine.`;
}

export function recallText(recall, k, d, outDim, queries, method, unit = UNITS.word) {
  return `k-NN recall: of a ${unit.one}’s ${k} nearest neighbours in the original space (by cosine, in ${d} dimensions), how many are also among its ${k} nearest on the ${outDim}-D screen. For this ${method} layout: on average ${(recall * k).toFixed(1)} of ${k}, a recall of ${pct(recall)} (measured on ${queries} ${unit.many} ${unit.spread}).`;
}

/** What a gap on the screen does not say (under the recall, in its fold). */
export const GAP_NOTE = 'A point far from another on the screen can still be its neighbour in the original space: a gap in the projection need not contradict a neighbour.';

export function trustText(trust, k, unit = UNITS.word) {
  return `Trustworthiness asks the other way round: are the points that look close on the screen really close in the original space? 1 means every screen neighbour is also an original neighbour; a screen neighbour far down the original ranking lowers it more than a near miss. Here: ${num(trust.value)} (scikit-learn’s definition, k = ${k}, on the ${trust.points.toLocaleString('en')} ${unit.first}).`;
}

/**
 * The dimension table's sentence: what it measured, then only what these numbers show. A random
 * table has no neighbourhoods to keep; for other vectors, "fewer dimensions lose neighbours" is
 * said when the neighbours kept fall with every cut, and "even when the variance kept looks
 * large" only where the variance kept is VARIANCE_OVERSTATES above the neighbours kept.
 */
export function survivalText(rows, k, unit = UNITS.word, { random = false } = {}) {
  const first = rows[0], last = rows[rows.length - 1];
  const measured = `PCA-reduce the ${k}-neighbour lists’ space to fewer dimensions and rebuild: at ${first.dimensions} dimensions ${pct(first.neighboursKept)} of each ${unit.one}’s ${k} nearest neighbours survive; at ${last.dimensions}, ${pct(last.neighboursKept)}.`;
  if (random) {
    return `${measured} But this table is random: its nearest neighbours are chance, so losing them says nothing about how many dimensions meaningful vectors need.`;
  }
  const byWidth = [...rows].sort((a, b) => b.dimensions - a.dimensions);
  const falling = byWidth.every((r, i) => i === 0 || r.neighboursKept < byWidth[i - 1].neighboursKept);
  const trend = falling
    ? `For these vectors, every cut in dimensions lost neighbours.`
    : `For these vectors, the neighbours kept do not fall with every cut.`;
  const gap = rows.reduce((best, r) => (r.varianceKept - r.neighboursKept > best.varianceKept - best.neighboursKept ? r : best), rows[0]);
  const overstates = gap.varianceKept - gap.neighboursKept >= VARIANCE_OVERSTATES
    ? ` The variance kept can look better than the neighbourhoods: at ${gap.dimensions} dimensions it is ${pct(gap.varianceKept)}, but only ${pct(gap.neighboursKept)} of the neighbours survive.`
    : '';
  return `${measured} ${trend}${overstates} This measures these vectors only: it does not say why models use 128, 768, 1536 or 4096 dimensions (the sizes in the class), nor that more dimensions are always better.`;
}

/**
 * The two difference directions, graded by their cosine (analogyGrade in thresholds.js); on a
 * random table any value is chance and is said to be.
 */
export function analogyText(cosine, { random = false } = {}) {
  const said = `cos(king − queen, man − woman) = ${num(cosine)}`;
  if (random) return `${said}. This table is random, so this cosine is chance: there is no analogy here to find.`;
  return `${said}: ${{
    parallel: 'the two differences point close to one direction. Here the analogy shows in the numbers, as a tendency, not as a rule the table obeys.',
    partly: 'the two differences point partly the same way, far from parallel: a weak tendency at most.',
    none: 'the two differences hardly point the same way: no analogy shows in these numbers.',
  }[analogyGrade(cosine)]} (1 would be exactly parallel, 0 unrelated.)`;
}

export function coordinateText(search, found) {
  const best = search.coordinates[0];
  const chance = [...search.chanceBest].sort((a, b) => a - b);
  const median = chance[Math.floor(chance.length / 2)], top = chance[chance.length - 1];
  const beats = Math.abs(best.effect) > top;
  return `Of the ${search.coordinates.length} coordinates, number ${best.coordinate + 1} separates the ${found} listed words best: effect size ${num(best.effect)} (listed mean ${num(best.meanIn)}, others ${num(best.meanOut)}; a listed word is higher than another word in ${pct(best.auc)} of pairs). Random lists of ${found} words reach a best effect of ${num(median)} (median of ${chance.length} lists; largest ${num(top)}) by picking the best of ${search.coordinates.length} coordinates after looking. ${beats ? 'This list beats every random one, so the coordinate does carry something shared by these words' : 'This list does no better than random ones: no single coordinate stands for it'} — and no coordinate is labelled “royalty”: named attributes such as royalty or gender are a teaching aid, read into directions after the fact.`;
}

export function randomTableText(topCosine, lastCosine, k) {
  return `Random table: each word’s row is drawn from a normal distribution (NumPy’s default_rng(0)), unrelated to its meaning. This word’s nearest neighbour has cosine ${num(topCosine)} and its ${k}th ${num(lastCosine)}: small and close together, because with no neighbourhood structure “nearest” is chance. The neighbour lists, the recall and the survival table below have nothing to find.`;
}

export const TSNE_NOTE = 't-SNE is not an advanced PCA: PCA is a linear projection that keeps global spread and draws the same picture every time, while t-SNE (and UMAP) move points to keep local neighbourhoods and may tear, squeeze and place clusters anywhere. A denser or tidier plot is not a better embedding; the recall and trustworthiness numbers say how much of the original neighbourhood a layout kept.';

/** The token-table source: what its points are, and the cap. */
export function piecesText(n, d, pieces) {
  return `These ${n.toLocaleString('en')} points are rows of the trained encoder’s token table: pieces ${pieces.first + 1} to ${pieces.first + n} of its ${pieces.vocabulary.toLocaleString('en')}-piece vocabulary, in vocabulary order (the first ${pieces.first} are reserved markers, never matched, and left out; the words slider caps the rest). They are word pieces, not words: ${pieces.wordStarts.toLocaleString('en')} of them start a word (“▁”), the other ${(n - pieces.wordStarts).toLocaleString('en')} are parts of words. Each row has ${d} numbers, stored as int8 with a scale and decoded as the encoder decodes them. A piece’s row is the same in every sentence: context enters only in the layers above it.`;
}

/** Do the senses group in the original space? From the grouping's numbers. */
export function senseGroupingText(g, n, d) {
  const lift = g.neighbourSameSense - g.neighbourChance;
  const verdict = lift > 0.3 ? 'well above' : lift > 0.1 ? 'above' : lift > -0.1 ? 'about' : 'below';
  const apart = g.words.filter((w) => w.gap > 0).map((w) => `“${w.word}”`);
  return `Do the senses group? In the original ${d}-D space, for ${pct(g.neighbourSameSense)} of the ${n} sentences the nearest other sentence with the same word (by cosine) uses it in the same sense: ${verdict} the ${pct(g.neighbourChance)} that senses assigned at random would give. ` +
    `Same-sense pairs are closer (higher mean cosine) than pairs across senses for ${apart.length} of the ${g.words.length} words${apart.length ? ` (${apart.join(', ')})` : ''}; the mean gap is ${num(g.meanGap)} (table below).`;
}

/** How lopsided the untrained block's rows are, said only as far as the counts show (LOPSIDED_ROWS). */
export function lopsidedText(mixing) {
  const counted = `in ${mixing.rowsOver90} of the ${mixing.rows} sentences the word’s attention row gives more than 90 % of its weight to one word (median largest weight ${num(mixing.medianTopWeight)}; most often “${mixing.commonTopWord}”, ${mixing.commonTopCount} times)`;
  return mixing.rowsOver90 >= LOPSIDED_ROWS * mixing.rows
    ? `The mix is lopsided: ${counted}, so many outputs are nearly that one word’s value vector, whatever the sense.`
    : `The mix is not lopsided here: only ${counted}; most outputs draw on several words.`;
}

/** What a grouping from the untrained block does and does not mean, against the no-block baseline. */
export function untrainedMeaningText(g, baseline, mixing) {
  const less = g.neighbourSameSense < baseline.neighbourSameSense;
  return `These outputs come from the class’s untrained block: W_q, W_k and W_v are random draws (NumPy default_rng(1), 100 × 100, as the bank chapter runs GloVe), trained on nothing. The word’s output is a mix of its sentence’s GloVe vectors passed through W_v, so whatever sets the senses apart was already in the GloVe vectors of the context words. ` +
    `${lopsidedText(mixing)} ` +
    `Without any block, the plain mean of the other words’ GloVe rows gives ${pct(baseline.neighbourSameSense)} same-sense nearest neighbours and a mean gap of ${num(baseline.meanGap)}, against the block’s ${pct(g.neighbourSameSense)} and ${num(g.meanGap)}: ${less ? 'the random block keeps less of the context words’ grouping than a plain average' : 'the random block keeps at least as much as a plain average, and even so it only rearranges what the context words carried'}. ` +
    'So a grouping here does not mean the block learned senses, and it shows no improvement in meaning: nothing was trained on this task.';
}

/** The trained encoder's points: which vector, and what a grouping does not say. */
export function trainedMeaningText(g) {
  return `Each point is the trained encoder’s output after its second layer at the word’s own token (“▁bank”, …; 512 numbers), not the sentence vector, so it is the word read in its sentence. The weights were trained by the model’s authors on their own tasks, never on these sentences or these senses; ${pct(g.neighbourSameSense)} same-sense nearest neighbours (chance ${pct(g.neighbourChance)}) is what that training gives here, on ${g.words.length} words. A grouping is a property of the vectors, not a sense label the model assigns.`;
}

/** The picture against the original space, for the same neighbour measure. */
export function senseLayoutText(layoutShare, g, method, outDim) {
  const diff = layoutShare - g.neighbourSameSense;
  const reading = diff > 0.05 ? 'the picture makes the senses look more separate than they are'
    : diff < -0.05 ? 'the picture mixes senses that are apart in the original space'
      : 'on this measure the picture and the original space agree';
  return `On the ${outDim}-D ${method} picture, the nearest point of the same word has the same sense for ${pct(layoutShare)} of the sentences, against ${pct(g.neighbourSameSense)} in the original space: ${reading}. A projection can split groups the original space joins and join groups it splits, so read the grouping from the original-space numbers.`;
}

const seconds = (ms) => (ms < 10000 ? (ms / 1000).toFixed(1) : Math.round(ms / 1000).toLocaleString('en'));

/** The progress line under the picture, for a frame of a PCA, t-SNE or UMAP run. */
export function progressLine(method, frame, many) {
  if (frame.done) {
    const time = frame.ms === undefined ? '' : frame.ms < 10000 ? ` in ${frame.ms.toFixed(0)} ms` : ` in ${seconds(frame.ms)} s`;
    return `${method}: done${time} (in the worker${joined(', ', threadsText(frame))}).`;
  }
  if (frame.preparing) return `${method}: the start drawn (the ${many}’ first ${frame.outDim} PCA scores); finding each point’s nearest neighbours in the original space${joined(', ', threadsText(frame))}…`;
  return `${method}: iteration ${frame.iteration} of ${frame.total}${frame.kl !== undefined ? `, KL divergence ${frame.kl.toFixed(3)}` : ''}${timeText(frame)}`;
}

/**
 * "on 2 threads" or "on one thread" (and why only one), for a t-SNE or UMAP frame; nothing for
 * PCA, which runs on one thread everywhere. The layout is the same either way.
 */
export function threadsText(frame) {
  if (frame.threads === undefined) return '';
  if (frame.threads > 1) return `on ${frame.threads} threads`;
  if (frame.threadsFailed) return 'on one thread (this browser did not start the threaded part of the core; the layout is the same)';
  return frame.threadsAllowed ? 'on one thread (this machine has one core to give)'
    : 'on one thread (threads need a cross-origin isolated page, which an embedded page usually is not; the layout is the same)';
}

const joined = (separator, text) => (text ? `${separator}${text}` : '');

/** "· 3.2 s so far, about 14 s in all on this machine": the worker's clock, and its extrapolation. */
export function timeText(frame) {
  if (frame.elapsedMs === undefined) return '';
  const estimate = frame.estimateMs === undefined ? '' : `, about ${seconds(frame.estimateMs)} s in all on this machine (from the iterations so far; Cancel stops it)`;
  return ` · ${seconds(frame.elapsedMs)} s so far${estimate}${joined(' · ', threadsText(frame))}`;
}

/**
 * Before a long t-SNE or UMAP run: how long it would take, from the worker's timing of a sample
 * ({ms, sample, n}), and what the learner can do instead.
 */
export function longRunText(method, estimate, many) {
  return `${method} of ${estimate.n.toLocaleString('en')} ${many} would take up to about ${seconds(estimate.ms)} s on this machine (timed on ${estimate.sample.toLocaleString('en')} of them and scaled). ` +
    `Start it, or choose fewer ${many} or PCA (under a second). Once it runs, its time so far and a closer estimate are shown here, and Cancel stops it.`;
}

/**
 * The analogy's sentences: `lead` what was computed (and that the three inputs are left out), and
 * for a random table that the answer means nothing; `more` (folded) how to read it.
 * `query` is {a, b, c, d, unit}.
 */
export function analogyQueryText({ a, b, c, d, unit }, k, source, topCosine) {
  const lead = `The ${k} ${unit.many} nearest by cosine to ${a} − ${b} + ${c} in the original ${d}-D space, leaving out ${a}, ${b} and ${c} themselves (as word2vec’s analogy test does).`;
  if (source === 'random') {
    return { lead: `${lead} But this table is random: its rows are unrelated to the words, so this answer is meaningless, chance and nothing else (the top cosine is ${num(topCosine)}).`, more: '' };
  }
  return { lead, more: `The top cosine is ${num(topCosine)}; 1 would be exactly the direction of ${a} − ${b} + ${c}. Whether the ${unit.one} you expect comes first is what these vectors say: an analogy is a tendency of the numbers, not a rule the table obeys.` };
}

/**
 * UMAP's graph in separate parts: the groups placed apart for want of an edge, named. Nothing is
 * said when the graph is one part.
 */
export function umapPartsText(parts, words, unit = UNITS.word) {
  if (!parts || parts.count < 2) return '';
  const others = parts.apart.reduce((s, p) => s + p.size, 0);
  const named = parts.apart.slice(0, 3).map((p) => `${p.points.map((i) => words[i]).join(', ')}${p.size > p.points.length ? ', …' : ''}`);
  return `UMAP’s neighbour graph falls into ${parts.count} separate parts: the largest holds ${parts.largest.toLocaleString('en')} ${unit.many}, the other ${others.toLocaleString('en')} have no edge to it (${named.map((x) => `“${x}”`).join('; ')}${parts.apart.length > 3 ? '; …' : ''}). Only UMAP’s push moves such a part, so where it lands, and how far from the rest, means nothing.`;
}
