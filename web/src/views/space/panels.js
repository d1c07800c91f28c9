// The embedding-space chapter's panels below the scatter: the picked word's neighbours (original
// space beside layout), the PCA variance readout, and the report (dimension survival, analogy,
// the coordinate exercise, recall and trustworthiness). They draw what the worker computed.
import { num } from '../../format.js';
import { analogyText, coordinateText, recallText, survivalText, trustText, varianceText } from './text.js';

const pct = (x) => `${(100 * x).toFixed(1)} %`;

export function renderNeighbours(holder, { picked, words, k, outDim, onPick, sentences = null }) {
  const inOriginal = new Set(picked.original.map((n) => n.index));
  const inLayout = new Set(picked.inLayout.map((n) => n.index));
  holder.selectAll('*').remove();
  holder.append('p').attr('id', 'space-neighbours-lead').text(
    `“${words[picked.query]}”: its ${k} nearest ${sentences ? 'points' : 'words'} by cosine in the original space, and its ${k} nearest on the ${outDim}-D screen. ${picked.original.filter((n) => !inLayout.has(n.index)).length} of the ${k} differ (marked ≠).`,
  );
  // contextual points: each stands for a sentence, shown for the picked one and on hover for the others
  if (sentences) holder.append('p').attr('id', 'space-picked-sentence').text(`Its sentence: “${sentences[picked.query]}”`);
  const column = (id, title, list, other, value) => {
    const box = holder.append('div').attr('class', 'space-list-box');
    box.append('h4').attr('id', `${id}-title`).text(title);
    const items = box.append('ol').attr('id', id).attr('aria-labelledby', `${id}-title`).selectAll('li').data(list).join('li')
      .attr('data-word', (n) => words[n.index]).attr('data-value', (n) => String(n.value))
      .attr('title', (n) => (sentences ? sentences[n.index] : null))
      .classed('differs', (n) => !other.has(n.index));
    items.append('button').attr('type', 'button').attr('class', 'link-button').text((n) => words[n.index]).on('click', (e, n) => onPick(n.index));
    items.append('span').text((n) => ` ${value(n)}`);
    items.filter((n) => !other.has(n.index)).append('span').attr('class', 'differs-mark')
      .attr('title', 'not in the other list').text(' ≠').append('span').attr('class', 'visually-hidden').text(' (not in the other list)');
  };
  column('space-neighbours-original', `Original space (${k} by cosine)`, picked.original, inLayout, (n) => `cosine ${num(n.value)}`);
  column('space-neighbours-layout', `On the screen (${k} by distance)`, picked.inLayout, inOriginal, (n) => `distance ${num(n.value)}`);
}

export function renderVariance(holder, pca, n, d, outDim) {
  holder.selectAll('*').remove();
  holder.append('h3').text('PCA: how much of the spread each component carries');
  const ratio = Array.from(pca.explainedVarianceRatio);
  holder.append('p').attr('id', 'space-variance-text').text(varianceText(ratio, d, outDim));
  const table = holder.append('table').attr('class', 'data-table').attr('id', 'space-variance-table');
  table.append('caption').text(`The first ${ratio.length} of ${d} components (${n.toLocaleString('en')} points): variance along each, its share of the total, and the running total`);
  const head = table.append('thead').append('tr');
  for (const h of ['component', 'variance', 'share', 'cumulative']) head.append('th').attr('scope', 'col').text(h);
  let sum = 0;
  const rows = table.append('tbody').selectAll('tr').data(ratio).join('tr');
  rows.append('th').attr('scope', 'row').text((_, i) => i + 1);
  rows.append('td').text((_, i) => num(pca.explainedVariance[i]));
  rows.append('td').text((r) => pct(r));
  rows.append('td').text((r) => { sum += r; return pct(sum); });
}

/** `unit`: what the points are (views/space/text.js UNITS); `wordExercises`: the analogy and coordinate
 *  sections, which ask for named words (left out for sentences). */
export function renderReport(holder, m, { k, method, outDim, unit, wordExercises = true, random = false }) {
  holder.selectAll('*').remove();
  const layout = holder.append('section').attr('class', 'stage').attr('id', 'space-scores');
  layout.append('h3').text('How much of the neighbourhood this layout keeps');
  if (m.recall !== undefined) layout.append('p').attr('id', 'space-recall').attr('data-value', String(m.recall)).text(recallText(m.recall, k, m.d, outDim, m.queries, method, unit));
  if (m.trust) layout.append('p').attr('id', 'space-trust').attr('data-value', String(m.trust.value)).text(trustText(m.trust, k, unit));

  const survival = holder.append('section').attr('class', 'stage').attr('id', 'space-survival');
  survival.append('h3').text('The dimension discussion, measured');
  if (m.survival.length) {
    survival.append('p').attr('id', 'space-survival-text').attr('data-random', String(random)).text(survivalText(m.survival, k, unit, { random }));
    const table = survival.append('table').attr('class', 'data-table').attr('id', 'space-survival-table');
    table.append('caption').text(`PCA to m dimensions and back: each word’s ${k} nearest neighbours by cosine, before and after`);
    const head = table.append('thead').append('tr');
    for (const h of ['dimensions kept', 'variance kept', 'neighbours kept']) head.append('th').attr('scope', 'col').text(h);
    const rows = table.append('tbody').selectAll('tr').data(m.survival).join('tr').attr('data-dimensions', (r) => r.dimensions);
    rows.append('th').attr('scope', 'row').text((r) => `${r.dimensions} of ${m.d}`);
    rows.append('td').attr('data-value', (r) => String(r.varianceKept)).text((r) => pct(r.varianceKept));
    rows.append('td').attr('data-value', (r) => String(r.neighboursKept)).text((r) => pct(r.neighboursKept));
  } else {
    survival.append('p').text(`These vectors have only ${m.d} dimensions: there is nothing to reduce them to.`);
  }

  if (!wordExercises) return;
  const analogy = holder.append('section').attr('class', 'stage').attr('id', 'space-analogy');
  analogy.append('h3').text('Difference directions: king − queen against man − woman');
  analogy.append('p').attr('id', 'space-analogy-text').attr('data-value', m.analogy === null ? null : String(m.analogy))
    .text(m.analogy === null ? 'One of king, queen, man, woman is not among these words: add more words with the slider.' : analogyText(m.analogy));

  const coordinates = holder.append('section').attr('class', 'stage').attr('id', 'space-coordinates');
  coordinates.append('h3').text('Find the royalty coordinate');
  if (!m.coordinates) {
    coordinates.append('p').text('Fewer than 2 words of the word list are among these words: nothing to separate.');
    return;
  }
  coordinates.append('p').attr('id', 'space-coordinates-text').text(coordinateText(m.coordinates, m.found));
  const table = coordinates.append('table').attr('class', 'data-table').attr('id', 'space-coordinates-table');
  table.append('caption').text('The 5 coordinates that separate the word list best: the listed words’ mean, the other words’ mean, the effect size, and how often a listed word is higher');
  const head = table.append('thead').append('tr');
  for (const h of ['coordinate', 'listed', 'others', 'effect', 'higher']) head.append('th').attr('scope', 'col').text(h);
  const rows = table.append('tbody').selectAll('tr').data(m.coordinates.coordinates.slice(0, 5)).join('tr');
  rows.append('th').attr('scope', 'row').text((c) => c.coordinate + 1);
  rows.append('td').text((c) => num(c.meanIn));
  rows.append('td').text((c) => num(c.meanOut));
  rows.append('td').text((c) => num(c.effect));
  rows.append('td').text((c) => pct(c.auc));
}
