// What the points' colour shows, and its legend: the frequency rank (the row order: GloVe's rows
// are in frequency order), membership of the learner's word list (words not found are named), or
// the sense of an ambiguous word in its sentence (the contextual sources). Viridis and
// Okabe–Ito, both colour-blind safe; the drawing is components/space-plot.js's.
import { interpolateViridis } from 'd3';
import { isContext } from './sources.js';
import { renderLegend } from './senses.js';

export const COLOUR_OPTIONS = [
  ['rank', 'by frequency rank'],
  ['list', 'by the word list'],
  ['sense', 'by sense (ambiguous words in context)'],
];

/** The colouring drawn for a source: 'sense' only where senses exist, 'rank' not for sentences. */
export function colourMode(source, chosen) {
  if (isContext(source)) return chosen === 'list' ? 'list' : 'sense';
  return chosen === 'sense' ? 'rank' : chosen;
}

/** The list field's words: separated by commas or spaces, lower case. */
export function listWords(text) {
  return text.toLowerCase().split(/[\s,]+/).filter(Boolean);
}

/** What the rank colour orders, for each source. */
function rankMeaning(source, n) {
  const last = n.toLocaleString('en');
  if (source === 'encoder') return `vocabulary order, from the first piece to piece ${last}`;
  if (source === 'file') return `row order in your file, from row 1 to row ${last} (GloVe and word2vec files are usually sorted by frequency)`;
  if (source === 'random') return `frequency rank of the word that labels each row, 1 to ${last}; the rows themselves are random, so the colour follows nothing in them`;
  return `frequency rank, from the most frequent word (rank 1) to rank ${last} (GloVe lists its words in frequency order)`;
}

/**
 * @param {d3.Selection} holder  the legend box under the scatter
 * @param {{mode: string, source: string, n: number, classes?: object[], found?: string[], missing?: string[]}} spec
 */
export function renderColourLegend(holder, { mode, source, n, classes = null, found = [], missing = [] }) {
  holder.selectAll('*').remove();
  holder.attr('data-colour', mode);
  if (mode === 'sense') {
    renderLegend(holder, classes);
    return;
  }
  if (mode === 'rank') {
    const line = holder.append('p').attr('id', 'space-colour-legend').attr('class', 'space-legend-line');
    line.append('span').attr('class', 'muted').text('Colour: ');
    line.append('span').text('first ');
    const stops = Array.from({ length: 6 }, (_, i) => `${interpolateViridis(0.9 * (i / 5))} ${(100 * i) / 5}%`).join(', ');
    line.append('span').attr('class', 'space-ramp').attr('aria-hidden', 'true').style('background', `linear-gradient(to right, ${stops})`);
    line.append('span').text(` last: ${rankMeaning(source, n)}.`);
    return;
  }
  const line = holder.append('p').attr('id', 'space-colour-legend').attr('class', 'space-legend-line')
    .attr('data-found', found.length).attr('data-missing', missing.join(','));
  line.append('span').attr('class', 'muted').text('Colour: ');
  line.append('span').attr('class', 'swatch ring').attr('aria-hidden', 'true').style('border-color', '#d95f02');
  line.append('span').text(` in the word list (${found.length} found), labelled; `);
  line.append('span').attr('class', 'swatch').attr('aria-hidden', 'true').style('background', '#9aa0a6');
  line.append('span').text(' every other point.');
  if (missing.length) {
    holder.append('p').attr('id', 'space-list-missing').attr('class', 'notice')
      .text(`Not among these ${n.toLocaleString('en')} points, so not drawn: ${missing.map((w) => `“${w}”`).join(', ')}.${isContext(source) ? ' These points are sentences, labelled “word (sense) number”: a word list matches no label.' : ' More words with the slider may include them.'}`);
  }
}

/**
 * What the rings on the scatter are: the picked point (red) and its nearest points by cosine in
 * the original space (green), the first list under the scatter. One line, kept in the legend box
 * and changed in place; gone while nothing is picked.
 * @param {d3.Selection} holder  the legend box under the scatter
 * @param {{word: string | null, count: number, dim: number, points: string}} spec  points: "words", "points"
 */
export function renderRingsLegend(holder, { word, count, dim, points }) {
  let line = holder.select('#space-rings-legend');
  if (!word) {
    line.remove();
    return;
  }
  if (line.empty()) {
    line = holder.append('p').attr('id', 'space-rings-legend').attr('class', 'space-legend-line');
    line.append('span').attr('class', 'muted').text('Rings: ');
    line.append('span').attr('class', 'swatch ring').attr('aria-hidden', 'true').style('border-color', '#c00');
    line.append('span').attr('class', 'rings-picked');
    line.append('span').attr('class', 'swatch ring').attr('aria-hidden', 'true').style('border-color', '#1b9e77');
    line.append('span').attr('class', 'rings-near');
  }
  line.attr('data-word', word).attr('data-count', count);
  line.select('.rings-picked').text(` “${word}”, the one picked; `);
  line.select('.rings-near').text(` its ${count} nearest ${points} by cosine in the original ${dim} dimensions (the first list below). Where they sit on the screen is what the layout kept.`);
}
