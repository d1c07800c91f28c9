// A horizontal bar chart of values in [-1, 1] (cosines), driven by data. Undefined values get
// a labelled gap, not a bar. The view supplies a table with the same numbers for screen readers.
import { select, scaleLinear, scaleBand } from 'd3';
import { numOrNotDefined } from '../format.js';
import { addExport } from './export.js';
import { widthOf } from './watch-width.js';

/**
 * @param {HTMLElement} el
 * @param {{items: {key: string, label: string, short?: string, value: number|null, group?: string}[], title: string,
 *          name?: string}} spec  `name` names the exported files (default "cosines")
 */
export function drawBarChart(el, { items, title, name = 'cosines', domain = [-1, 1] }) {
  const root = select(el).html('');
  const width = Math.max(300, Math.min(760, widthOf(el) || 640));
  // Narrow screens: each label sits above its bar instead of beside it, close over it (a phone's
  // screen holds the notes' eight comparisons with the sentences above them).
  const stacked = width < 520;
  const labelWidth = stacked ? 0 : Math.min(230, Math.round(width * 0.4));
  const rowHeight = stacked ? 30 : 24;
  const height = items.length * rowHeight + 28;
  const x = scaleLinear().domain(domain).range([labelWidth + 56, width - 56]);
  const y = scaleBand().domain(items.map((d) => d.key)).range([20, height - 8]).padding(stacked ? 0 : 0.2);
  const barY = (d) => y(d.key) + (stacked ? 15 : 0);
  const barH = stacked ? 12 : y.bandwidth();
  const svg = root.append('svg').attr('class', 'bar-chart').attr('viewBox', `0 0 ${width} ${height}`)
    .attr('width', width).attr('height', height).attr('role', 'img').attr('aria-label', `${title}: the table below lists the same values`);
  for (const tick of [domain[0], 0, domain[1]]) {
    svg.append('line').attr('class', tick === 0 ? 'axis zero' : 'axis').attr('x1', x(tick)).attr('x2', x(tick)).attr('y1', 14).attr('y2', height - 6);
    svg.append('text').attr('class', 'tick').attr('x', x(tick)).attr('y', 10).attr('text-anchor', 'middle').text(String(tick));
  }
  const row = svg.selectAll('g.bar').data(items).join('g').attr('class', (d) => `bar ${d.group ?? ''}`).attr('data-key', (d) => d.key);
  row.append('text').attr('class', 'bar-label')
    .attr('x', stacked ? 4 : labelWidth).attr('y', (d) => (stacked ? y(d.key) + 11 : y(d.key) + y.bandwidth() / 2))
    .attr('dy', stacked ? 0 : '0.35em').attr('text-anchor', stacked ? 'start' : 'end').text((d) => d.short ?? d.label)
    .append('title').text((d) => d.label);
  row.filter((d) => d.value != null).append('rect')
    .attr('x', (d) => Math.min(x(0), x(d.value))).attr('width', (d) => Math.abs(x(d.value) - x(0)))
    .attr('y', barY).attr('height', barH);
  row.append('text').attr('class', 'bar-value').attr('y', (d) => barY(d) + barH / 2).attr('dy', '0.35em')
    .attr('x', (d) => (d.value == null ? x(0) + 4 : d.value >= 0 ? x(d.value) + 4 : x(d.value) - 4))
    .attr('text-anchor', (d) => (d.value != null && d.value < 0 ? 'end' : 'start'))
    .text((d) => numOrNotDefined(d.value));
  // Export: the picture, and the values behind it (an undefined value is NaN).
  addExport(el, {
    name,
    svg: svg.node(),
    matrices: [{
      name, rows: items.length, cols: 1, data: Float64Array.from(items, (d) => (d.value == null ? NaN : d.value)),
      rowLabels: items.map((d) => d.label), colLabels: ['cosine'], rowAxis: 'comparison', colAxis: 'value',
    }],
  });
}
