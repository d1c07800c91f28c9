// The embedding-space chapter's panels below the scatter: the picked word's neighbours (original
// space beside layout), the PCA variance readout, and the report (dimension survival, analogy,
// the coordinate exercise, recall and trustworthiness). They draw what the worker computed, in
// place: each panel's parts are made once and filled again (components/parts.js), lists and table
// rows joined by key.
import { select } from 'd3';
import { num } from '../../format.js';
import { part, parts, shown, morePart } from '../../components/parts.js';
import { GAP_NOTE, analogyText, coordinateText, recallText, survivalText, trustText, varianceText } from './text.js';

const pct = (x) => `${(100 * x).toFixed(1)} %`;

export function renderNeighbours(holder, { picked, words, k, outDim, onPick, sentences = null }) {
  const inOriginal = new Set(picked.original.map((n) => n.index));
  const inLayout = new Set(picked.inLayout.map((n) => n.index));
  part(holder, 'p', 'lead').attr('id', 'space-neighbours-lead').text(
    `“${words[picked.query]}”: its ${k} nearest ${sentences ? 'points' : 'words'} by cosine in the original space, and its ${k} nearest on the ${outDim}-D screen. ${picked.original.filter((n) => !inLayout.has(n.index)).length} of the ${k} differ (marked ≠).`,
  );
  // contextual points: each stands for a sentence, shown for the picked one and on hover for the others
  shown(part(holder, 'p', 'sentence').attr('id', 'space-picked-sentence'), Boolean(sentences))
    .text(sentences ? `Its sentence: “${sentences[picked.query]}”` : '');
  const column = (id, title, list, other, value) => {
    const box = part(holder, 'div.space-list-box', id);
    part(box, 'h4', 'title').attr('id', `${id}-title`).text(title);
    const items = part(box, 'ol', 'list').attr('id', id).attr('aria-labelledby', `${id}-title`)
      .selectAll(':scope > li').data(list, (n) => n.index).join((enter) => enter.append('li').call((li) => {
        li.append('button').attr('type', 'button').attr('class', 'link-button');
        li.append('span').attr('class', 'value');
        li.append('span').attr('class', 'differs-mark').attr('title', 'not in the other list').text(' ≠')
          .append('span').attr('class', 'visually-hidden').text(' (not in the other list)');
      }))
      .attr('data-word', (n) => words[n.index]).attr('data-value', (n) => String(n.value))
      .attr('title', (n) => (sentences ? sentences[n.index] : null))
      .classed('differs', (n) => !other.has(n.index))
      .order();
    items.select('button').text((n) => words[n.index]).on('click', (e, n) => onPick(n.index));
    items.select('.value').text((n) => ` ${value(n)}`);
    items.select('.differs-mark').attr('hidden', (n) => (other.has(n.index) ? '' : null));
  };
  column('space-neighbours-original', `Original space (${k} by cosine)`, picked.original, inLayout, (n) => `cosine ${num(n.value)}`);
  column('space-neighbours-layout', `On the screen (${k} by distance)`, picked.inLayout, inOriginal, (n) => `distance ${num(n.value)}`);
}

/** A table with an id, its caption and header made once; returns its <tbody>. */
function panelTable(parent, id, caption, heads) {
  const table = part(parent, 'table.data-table', id).attr('id', id);
  part(table, 'caption', 'caption').text(caption);
  parts(part(part(table, 'thead', 'head'), 'tr', 'row'), 'th', heads, (h) => h, (th, h) => th.attr('scope', 'col').text(h));
  return part(table, 'tbody', 'body');
}

/** One cell of a joined row, made as the row enters and filled on every call. */
const cell = (tr, tag, name) => part(tr, tag, name);

export function renderVariance(holder, pca, n, d, outDim) {
  part(holder, 'h3', 'title').text('PCA: how much of the spread each component carries');
  const ratio = Array.from(pca.explainedVarianceRatio);
  part(holder, 'p', 'text').attr('id', 'space-variance-text').text(varianceText(ratio, d, outDim));
  // the numbers behind that sentence fold under it (issue 34: the default page stays short)
  const body = panelTable(morePart(holder, 'variance-table', 'each component'), 'space-variance-table',
    `The first ${ratio.length} of ${d} components (${n.toLocaleString('en')} points): variance along each, its share of the total, and the running total`,
    ['component', 'variance', 'share', 'cumulative']);
  let sum = 0;
  parts(body, 'tr', ratio, (_, i) => i, (tr, r, i) => {
    sum += r;
    cell(tr, 'th', 'component').attr('scope', 'row').text(i + 1);
    cell(tr, 'td', 'variance').text(num(pca.explainedVariance[i]));
    cell(tr, 'td', 'share').text(pct(r));
    cell(tr, 'td', 'cumulative').text(pct(sum));
  });
}

/** `unit`: what the points are (views/space/text.js UNITS); `wordExercises`: the analogy and coordinate
 *  sections, which ask for named words (left out for sentences). */
export function renderReport(holder, m, { k, method, outDim, unit, wordExercises = true, random = false }) {
  const layout = part(holder, 'section.stage', 'scores').attr('id', 'space-scores');
  part(layout, 'h3', 'title').text('How much of the neighbourhood this layout keeps');
  shown(part(layout, 'p', 'recall').attr('id', 'space-recall'), m.recall !== undefined)
    .attr('data-value', m.recall === undefined ? null : String(m.recall))
    .text(m.recall === undefined ? '' : recallText(m.recall, k, m.d, outDim, m.queries, method, unit));
  const trustFold = morePart(layout, 'trust', 'gaps, and trustworthiness');
  part(trustFold, 'p', 'gaps').text(GAP_NOTE);
  shown(part(trustFold, 'p', 'trust').attr('id', 'space-trust'), Boolean(m.trust))
    .attr('data-value', m.trust ? String(m.trust.value) : null).text(m.trust ? trustText(m.trust, k, unit) : '');

  const survival = part(holder, 'section.stage', 'survival').attr('id', 'space-survival');
  part(survival, 'h3', 'title').text('The dimension discussion, measured');
  const measured = m.survival.length > 0;
  shown(part(survival, 'p', 'text').attr('id', 'space-survival-text'), measured)
    .attr('data-random', String(random)).text(measured ? survivalText(m.survival, k, unit, { random }) : '');
  const survivalFold = morePart(survival, 'survival-table', 'the table');
  shown(select(survivalFold.node().parentNode), measured);
  const survivalBody = panelTable(survivalFold, 'space-survival-table',
    `PCA to m dimensions and back: each word’s ${k} nearest neighbours by cosine, before and after`,
    ['dimensions kept', 'variance kept', 'neighbours kept']);
  parts(survivalBody, 'tr', m.survival, (r) => r.dimensions, (tr, r) => {
    tr.attr('data-dimensions', r.dimensions);
    cell(tr, 'th', 'dimensions').attr('scope', 'row').text(`${r.dimensions} of ${m.d}`);
    cell(tr, 'td', 'variance').attr('data-value', String(r.varianceKept)).text(pct(r.varianceKept));
    cell(tr, 'td', 'neighbours').attr('data-value', String(r.neighboursKept)).text(pct(r.neighboursKept));
  });
  shown(part(survival, 'p', 'nothing'), !measured).text(measured ? '' : `These vectors have only ${m.d} dimensions: there is nothing to reduce them to.`);

  const analogy = shown(part(holder, 'section.stage', 'analogy').attr('id', 'space-analogy'), wordExercises);
  const coordinates = shown(part(holder, 'section.stage', 'coordinates').attr('id', 'space-coordinates'), wordExercises);
  if (!wordExercises) return;
  // two exercises of the notes on the space's directions: their questions show, the answers fold
  part(analogy, 'h3', 'title').text('Difference directions: king − queen against man − woman');
  part(morePart(analogy, 'answer', 'the answer'), 'p', 'text').attr('id', 'space-analogy-text').attr('data-value', m.analogy === null ? null : String(m.analogy))
    .text(m.analogy === null ? `One of king, queen, man, woman is not among these ${unit.many}${unit.more ? `: ${unit.more}` : ''}.` : analogyText(m.analogy, { random }));

  part(coordinates, 'h3', 'title').text('Find the royalty coordinate');
  const found = Boolean(m.coordinates);
  const answer = morePart(coordinates, 'answer', 'the answer');
  shown(part(answer, 'p', 'none'), !found).text(found ? '' : 'Fewer than 2 words of the word list are among these words: nothing to separate.');
  shown(part(answer, 'p', 'text').attr('id', 'space-coordinates-text'), found).text(found ? coordinateText(m.coordinates, m.found) : '');
  const body = panelTable(answer, 'space-coordinates-table',
    'The 5 coordinates that separate the word list best: the listed words’ mean, the other words’ mean, the effect size, and how often a listed word is higher',
    ['coordinate', 'listed', 'others', 'effect', 'higher']);
  shown(select(body.node().parentNode), found);
  parts(body, 'tr', found ? m.coordinates.coordinates.slice(0, 5) : [], (_, i) => i, (tr, c) => {
    cell(tr, 'th', 'coordinate').attr('scope', 'row').text(c.coordinate + 1);
    cell(tr, 'td', 'listed').text(num(c.meanIn));
    cell(tr, 'td', 'others').text(num(c.meanOut));
    cell(tr, 'td', 'effect').text(num(c.effect));
    cell(tr, 'td', 'higher').text(pct(c.auc));
  });
}
