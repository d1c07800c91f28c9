// The contextual sources' legend (one colour per word × sense) and their grouping section: the
// verdict, what it means for the untrained block or the trained encoder, the picture against the
// original space, and the per-word table. It draws what the core computed (space worker, and the
// untrained block's baseline from the page's core), in place: parts made once and filled again.
import { num } from '../../format.js';
import { part, parts, shown, keptTable } from '../../components/parts.js';
import { senseGroupingText, senseLayoutText, trainedMeaningText, untrainedMeaningText } from './text.js';

export function renderLegend(holder, classes) {
  shown(part(holder, 'span.muted', 'lead'), Boolean(classes)).text('Colour: the word and its sense in the sentence. ');
  const items = shown(part(holder, 'ul.space-legend', 'legend'), Boolean(classes)).attr('id', 'space-legend')
    .selectAll(':scope > li').data(classes ?? [], (c) => c.key).join((enter) => enter.append('li').call((li) => {
      li.append('span').attr('class', 'swatch').attr('aria-hidden', 'true');
      li.append('span').attr('class', 'label');
    }))
    .attr('data-class', (c) => c.key).attr('data-count', (c) => c.count)
    .order();
  items.select('.swatch').style('background', (c) => c.colour);
  items.select('.label').text((c) => ` ${c.word}: ${c.sense} (${c.count})`);
}

/**
 * @param {d3.Selection} holder
 * @param {{grouping, layoutShare?: number, n, d}} m  the worker's report part
 * @param {{source: string, baseline?, mixing?, method: string, outDim: number}} context  baseline and
 *   mixing (the attention rows' largest weights) for the untrained block only
 */
export function renderSenses(holder, m, { source, baseline, mixing, method, outDim }) {
  const g = m.grouping;
  const section = part(holder, 'section.stage', 'senses').attr('id', 'space-senses');
  part(section, 'h3', 'title').text(source === 'ctx-block' ? 'Do the senses group? The untrained block on GloVe' : 'Do the senses group? The trained encoder');
  part(section, 'p', 'text').attr('id', 'space-senses-text').attr('data-value', String(g.neighbourSameSense)).attr('data-chance', String(g.neighbourChance))
    .attr('data-gap', String(g.meanGap)).text(senseGroupingText(g, m.n, m.d));
  const meaning = part(section, 'p', 'meaning').attr('id', 'space-senses-meaning');
  if (source === 'ctx-block' && baseline) {
    meaning.attr('data-baseline', String(baseline.neighbourSameSense))
      .attr('data-over-90', String(mixing.rowsOver90)).text(untrainedMeaningText(g, baseline, mixing));
  } else {
    meaning.attr('data-baseline', null).attr('data-over-90', null).text(trainedMeaningText(g));
  }
  shown(part(section, 'p', 'layout').attr('id', 'space-senses-layout'), m.layoutShare !== undefined)
    .attr('data-value', m.layoutShare === undefined ? null : String(m.layoutShare))
    .text(m.layoutShare === undefined ? '' : senseLayoutText(m.layoutShare, g, method, outDim));
  // a kept table in its own box, rows turned into cards where five columns do not fit (phones)
  const table = keptTable(section, 'table', 'data-table').attr('id', 'space-senses-table');
  part(table, 'caption', 'caption').text('Per word, in the original space: the mean cosine between its sentences in the same sense, between sentences in different senses, and the gap (same − different)');
  parts(part(part(table, 'thead', 'head'), 'tr', 'row'), 'th', ['word', 'same sense', 'different senses', 'gap', 'pairs (same / different)'], (h) => h,
    (th, h) => th.attr('scope', 'col').text(h));
  parts(part(table, 'tbody', 'body'), 'tr', g.words, (w) => w.word, (tr, w) => {
    tr.attr('data-word', w.word);
    part(tr, 'th', 'word').attr('scope', 'row').text(w.word);
    part(tr, 'td', 'within').text(num(w.within));
    part(tr, 'td', 'across').text(num(w.across));
    part(tr, 'td', 'gap').attr('data-value', String(w.gap)).text(num(w.gap));
    part(tr, 'td', 'pairs').text(`${w.withinPairs} / ${w.acrossPairs}`);
  });
}
