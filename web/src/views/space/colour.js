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
  ['sense', 'by sense (ambiguous words in context only)'],
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

const TABLE_NAMES = { file: 'your file', random: 'a random table', encoder: 'the encoder’s token table', glove: 'the GloVe table' };
const RANK_NAMES = { file: 'row order', encoder: 'vocabulary order' };

/**
 * Why the sense colouring asked for (the link's spc=sense) is not drawn: a sense exists only for
 * an ambiguous word in a sentence. Empty otherwise ('rank' is the default, so sentences drawn by
 * sense under it were never a choice the learner made).
 */
export function colourFallbackText(asked, mode, source) {
  if (asked !== 'sense' || mode === 'sense') return '';
  return `Colour by sense needs sentences: each point must be an ambiguous word (bank, plant, bat, cell) in a sentence whose sense is known. These points are the rows of ${TABLE_NAMES[source] ?? 'a table'}, one per word and with no sense, so they are coloured by ${RANK_NAMES[source] ?? 'frequency rank'} instead. Choose “ambiguous words in context” under vectors to colour by sense.`;
}

/**
 * @param {d3.Selection} holder  the legend box under the scatter
 * @param {{mode: string, asked?: string, source: string, n: number, classes?: object[], found?: string[], missing?: string[]}} spec
 *   asked: the colouring chosen, when it differs from the one drawn (`mode`) the legend says why
 */
export function renderColourLegend(holder, { mode, asked = mode, source, n, classes = null, found = [], missing = [] }) {
  holder.selectAll('*').remove();
  holder.attr('data-colour', mode).attr('data-colour-asked', asked);
  const fallback = colourFallbackText(asked, mode, source);
  if (fallback) holder.append('p').attr('id', 'space-colour-fallback').attr('class', 'notice').text(fallback);
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
      .text(`Not among these ${n.toLocaleString('en')} points, so not drawn: ${missing.map((w) => `“${w}”`).join(', ')}.${isContext(source) ? ' These points are sentences, labelled “word (sense) number”: a word list matches no label.' : source === 'file' ? ' Your file has no more words to take.' : ' More words with the slider may include them.'}`);
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
