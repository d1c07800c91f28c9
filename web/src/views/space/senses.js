// The contextual sources' legend (one colour per word × sense) and their grouping section: the
// verdict, what it means for the untrained block or the trained encoder, the picture against the
// original space, and the per-word table. It draws what the core computed (space worker, and the
// untrained block's baseline from the page's core).
import { num } from '../../format.js';
import { dataTable } from '../../components/data-table.js';
import { senseGroupingText, senseLayoutText, trainedMeaningText, untrainedMeaningText } from './text.js';

export function renderLegend(holder, classes) {
  holder.selectAll('*').remove();
  if (!classes) return;
  holder.append('span').attr('class', 'muted').text('Colour: the word and its sense in the sentence. ');
  const items = holder.append('ul').attr('id', 'space-legend').attr('class', 'space-legend').selectAll('li').data(classes).join('li')
    .attr('data-class', (c) => c.key).attr('data-count', (c) => c.count);
  items.append('span').attr('class', 'swatch').attr('aria-hidden', 'true').style('background', (c) => c.colour);
  items.append('span').text((c) => ` ${c.word}: ${c.sense} (${c.count})`);
}

/**
 * @param {d3.Selection} holder
 * @param {{grouping, layoutShare?: number, n, d}} m  the worker's report part
 * @param {{source: string, baseline?, mixing?, method: string, outDim: number}} context  baseline and
 *   mixing (the attention rows' largest weights) for the untrained block only
 */
export function renderSenses(holder, m, { source, baseline, mixing, method, outDim }) {
  holder.selectAll('*').remove();
  const g = m.grouping;
  const section = holder.append('section').attr('class', 'stage').attr('id', 'space-senses');
  section.append('h3').text(source === 'ctx-block' ? 'Do the senses group? The untrained block on GloVe' : 'Do the senses group? The trained encoder');
  section.append('p').attr('id', 'space-senses-text').attr('data-value', String(g.neighbourSameSense)).attr('data-chance', String(g.neighbourChance))
    .attr('data-gap', String(g.meanGap)).text(senseGroupingText(g, m.n, m.d));
  if (source === 'ctx-block' && baseline) {
    section.append('p').attr('id', 'space-senses-meaning').attr('data-baseline', String(baseline.neighbourSameSense))
      .attr('data-over-90', String(mixing.rowsOver90)).text(untrainedMeaningText(g, baseline, mixing));
  } else {
    section.append('p').attr('id', 'space-senses-meaning').text(trainedMeaningText(g));
  }
  if (m.layoutShare !== undefined) {
    section.append('p').attr('id', 'space-senses-layout').attr('data-value', String(m.layoutShare)).text(senseLayoutText(m.layoutShare, g, method, outDim));
  }
  // dataTable: its own box, and rows turned into cards where five columns do not fit (phones)
  const table = dataTable(section).attr('class', 'data-table').attr('id', 'space-senses-table');
  table.append('caption').text('Per word, in the original space: the mean cosine between its sentences in the same sense, between sentences in different senses, and the gap (same − different)');
  const head = table.append('thead').append('tr');
  for (const h of ['word', 'same sense', 'different senses', 'gap', 'pairs (same / different)']) head.append('th').attr('scope', 'col').text(h);
  const rows = table.append('tbody').selectAll('tr').data(g.words).join('tr').attr('data-word', (w) => w.word);
  rows.append('th').attr('scope', 'row').text((w) => w.word);
  rows.append('td').text((w) => num(w.within));
  rows.append('td').text((w) => num(w.across));
  rows.append('td').attr('data-value', (w) => String(w.gap)).text((w) => num(w.gap));
  rows.append('td').text((w) => `${w.withinPairs} / ${w.acrossPairs}`);
}
