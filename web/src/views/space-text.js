// The embedding-space chapter's sentences, each built from the number it sits next to. Nothing
// here computes: the numbers come from the core (through the space worker).
import { num } from '../format.js';

const pct = (x) => `${(100 * x).toFixed(1)} %`;

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

export function projectionText(n, d, outDim) {
  return `Three different quantities: ${n.toLocaleString('en')} points (words), each given by ${d} numbers (the original dimension), drawn with ${outDim} (the display dimension). The ${outDim}-D picture is a projection of the ${d}-D space: distances on the screen are not the distances the model uses, so neighbours are read in the original space below, by cosine.`;
}

export function recallText(recall, k, d, outDim, queries, method) {
  return `Neighbourhood kept by this ${method} layout: on average ${num(recall * k)} of each word’s ${k} nearest neighbours by cosine in ${d} dimensions are also among its ${k} nearest on the ${outDim}-D screen (k-NN recall ${pct(recall)}, measured on ${queries} words spread over the frequency ranks). A word far from another on the screen can still be its neighbour in the original space: a gap in the projection need not contradict a neighbour.`;
}

export function trustText(trust, k) {
  return `Trustworthiness (scikit-learn’s definition, k = ${k}, on the ${trust.points.toLocaleString('en')} most frequent words): ${num(trust.value)}. 1 means every screen neighbour is an original neighbour; it penalises screen neighbours that are far down the original ranking.`;
}

export function survivalText(rows, k) {
  const first = rows[0], last = rows[rows.length - 1];
  return `PCA-reduce the ${k}-neighbour lists’ space to fewer dimensions and rebuild: at ${first.dimensions} dimensions ${pct(first.neighboursKept)} of each word’s ${k} nearest neighbours survive; at ${last.dimensions}, ${pct(last.neighboursKept)}. This is why real embeddings keep hundreds or thousands of dimensions (128, 768, 1536, 4096 in the class): fewer dimensions lose neighbours, even when the variance kept looks large.`;
}

export function analogyText(cosine) {
  const strength = cosine > 0.7 ? 'close to one direction' : cosine > 0.3 ? 'partly the same direction, far from identical' : 'hardly the same direction';
  return `cos(king − queen, man − woman) = ${num(cosine)}: the two differences point ${strength} (1 would be exactly parallel, 0 unrelated). The analogy is a tendency in the numbers, not a rule the table obeys.`;
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
