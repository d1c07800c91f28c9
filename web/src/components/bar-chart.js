// A horizontal bar chart of values in [-1, 1] (cosines), driven by data. Undefined values get
// a labelled gap, not a bar. The view supplies a table with the same numbers for screen readers.
// Drawn in place: the <svg>, its ticks and one group per item (by key) are kept from call to call
// and take the new values (d3 joins); only items that come or go are added or removed.
import { select, scaleLinear, scaleBand } from 'd3';
import { numOrNotDefined } from '../format.js';
import { keptExport } from './export.js';
import { widthOf } from './watch-width.js';

/**
 * @param {HTMLElement} el  the chart's holder; the chart and its Export menu live in it
 * @param {{items: {key: string, label: string, short?: string, value: number|null, group?: string}[], title: string,
 *          name?: string}} spec  `name` names the exported files (default "cosines")
 */
export function drawBarChart(el, { items, title, name = 'cosines', domain = [-1, 1] }) {
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

  const svg = select(el).selectAll(':scope > svg.bar-chart').data([null]).join((enter) =>
    enter.insert('svg', ':first-child').attr('class', 'bar-chart').attr('role', 'img'));
  svg.attr('viewBox', `0 0 ${width} ${height}`).attr('width', width).attr('height', height)
    .attr('aria-label', `${title}: the table below lists the same values`);

  svg.selectAll('g.tick-mark').data([domain[0], 0, domain[1]]).join((enter) => enter.append('g').attr('class', 'tick-mark')
    .call((g) => { g.append('line'); g.append('text').attr('class', 'tick').attr('y', 10).attr('text-anchor', 'middle'); }))
    .call((g) => g.select('line').attr('class', (tick) => (tick === 0 ? 'axis zero' : 'axis'))
      .attr('x1', (tick) => x(tick)).attr('x2', (tick) => x(tick)).attr('y1', 14).attr('y2', height - 6))
    .call((g) => g.select('text').attr('x', (tick) => x(tick)).text(String));

  svg.selectAll('g.bar').data(items, (d) => d.key).join((enter) => enter.append('g')
    .call((g) => {
      g.append('text').attr('class', 'bar-label').append('title');
      g.append('rect');
      g.append('text').attr('class', 'bar-value').attr('dy', '0.35em');
    }))
    .attr('class', (d) => `bar ${d.group ?? ''}`).attr('data-key', (d) => d.key)
    .call((g) => g.select('.bar-label')
      .attr('x', stacked ? 4 : labelWidth).attr('y', (d) => (stacked ? y(d.key) + 11 : y(d.key) + y.bandwidth() / 2))
      .attr('dy', stacked ? 0 : '0.35em').attr('text-anchor', stacked ? 'start' : 'end')
      .call((label) => label.each(function labelText(d) {
        // the text node before the <title>: setting .text() would drop the title
        const text = d.short ?? d.label;
        if (this.firstChild.nodeType !== Node.TEXT_NODE) this.insertBefore(document.createTextNode(''), this.firstChild);
        if (this.firstChild.nodeValue !== text) this.firstChild.nodeValue = text;
      }))
      .select('title').text((d) => d.label))
    // an undefined value has no bar: its rect stays, not shown
    .call((g) => g.select('rect').attr('display', (d) => (d.value == null ? 'none' : null))
      .attr('x', (d) => (d.value == null ? 0 : Math.min(x(0), x(d.value)))).attr('width', (d) => (d.value == null ? 0 : Math.abs(x(d.value) - x(0))))
      .attr('y', barY).attr('height', barH))
    .call((g) => g.select('.bar-value').attr('y', (d) => barY(d) + barH / 2)
      .attr('x', (d) => (d.value == null ? x(0) + 4 : d.value >= 0 ? x(d.value) + 4 : x(d.value) - 4))
      .attr('text-anchor', (d) => (d.value != null && d.value < 0 ? 'end' : 'start'))
      .text((d) => numOrNotDefined(d.value)))
    .order();

  // Export: the picture, and the values behind it (an undefined value is NaN); the menu is kept
  // and reads the latest numbers.
  keptExport(el, {
    name,
    svg: svg.node(),
    matrices: [{
      name, rows: items.length, cols: 1, data: Float64Array.from(items, (d) => (d.value == null ? NaN : d.value)),
      rowLabels: items.map((d) => d.label), colLabels: ['cosine'], rowAxis: 'comparison', colAxis: 'value',
    }],
  });
}
