// Line chart with D3: one or more series over a shared x axis, a legend, and a table of every
// value (inside <details>) as the screen-reader equivalent. Driven only by the data given.
import { select, scaleLinear, axisBottom, axisLeft, line, extent, min, max } from 'd3';
import { num } from '../format.js';
import { keptExport } from './export.js';
import { part, parts, keptTable } from './parts.js';
import { watchWidth, widthOf } from './watch-width.js';

// Drawn at its box's width (up to 640 px), so that the axes' text keeps its size on a phone;
// redrawn when that width changes.
const MAX_WIDTH = 640;
const MIN_WIDTH = 280;
const MARGIN = { top: 12, right: 14, bottom: 50, left: 60 };

/**
 * @param {HTMLElement} container  holds the <figure>: made on the first call, updated on later ones
 * @param {{name: string, caption: string, x: ArrayLike<number>, xLabel: string, yLabel: string,
 *   series: {key: string, label: string, values: ArrayLike<number>, className?: string}[],
 *   height?: number, markers?: boolean, tableLabel?: string}} spec
 */
export function drawLineChart(container, spec) {
  const chartWidth = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widthOf(container) || MAX_WIDTH));
  const height = spec.height ?? 260;
  const xs = Array.from(spec.x);
  const all = spec.series.flatMap((s) => Array.from(s.values));
  const lo = min(all);
  const hi = max(all);
  const pad = (hi - lo) * 0.05 || 0.5;
  const x = scaleLinear().domain(extent(xs)).range([MARGIN.left, chartWidth - MARGIN.right]);
  const y = scaleLinear().domain([lo - pad, hi + pad]).nice().range([height - MARGIN.bottom, MARGIN.top]);

  // Made once in `container` and updated in place: the axes, one path (and markers) per series
  // by key, the legend, the table's rows and the Export menu stay and take the new numbers.
  const figure = part(select(container), 'figure.line-chart', 'line-chart').attr('data-name', spec.name);
  const firstDraw = !figure.select(':scope > svg').node();
  part(figure, 'figcaption', 'caption').text(spec.caption);
  const svg = part(figure, 'svg', 'plot').attr('viewBox', `0 0 ${chartWidth} ${height}`).attr('width', chartWidth).attr('height', height).attr('role', 'img')
    .attr('aria-label', `${spec.caption}. The values are in the table below the chart.`);
  part(svg, 'g.x-axis', 'x-axis').attr('transform', `translate(0,${height - MARGIN.bottom})`).call(axisBottom(x).ticks(chartWidth < 420 ? 5 : 8));
  part(svg, 'g.y-axis', 'y-axis').attr('transform', `translate(${MARGIN.left},0)`).call(axisLeft(y).ticks(6));
  part(svg, 'text.axis-label', 'x-label').attr('x', (MARGIN.left + chartWidth - MARGIN.right) / 2).attr('y', height - 6)
    .attr('text-anchor', 'middle').text(spec.xLabel);
  part(svg, 'text.axis-label', 'y-label').attr('transform', `translate(16,${(height - MARGIN.bottom + MARGIN.top) / 2}) rotate(-90)`)
    .attr('text-anchor', 'middle').text(spec.yLabel);
  const path = line().x((_, i) => x(xs[i])).y((v) => y(v));
  parts(svg, 'path', spec.series, (s) => s.key, (p, s) => p.attr('class', `series ${s.className ?? ''}`).attr('data-series', s.key).attr('d', path(Array.from(s.values))));
  parts(svg, 'g.markers', spec.markers ? spec.series : [], (s) => s.key, (g, s) => {
    const values = Array.from(s.values);
    g.attr('class', `markers ${s.className ?? ''}`).selectAll('circle').data(values).join('circle')
      .attr('cx', (_, i) => x(xs[i])).attr('cy', (v) => y(v)).attr('r', 2.5);
  });
  parts(part(figure, 'ul.chart-legend', 'legend'), 'li', spec.series, (s) => s.key, (item, s) => {
    part(item, 'span', 'swatch').attr('class', `swatch ${s.className ?? ''}`).attr('aria-hidden', 'true');
    part(item, 'span', 'label').text(s.label);
  });
  // closed at first, then as the reader leaves it
  const details = part(figure, 'details.chart-table', 'table');
  part(details, 'summary', 'summary').text(spec.tableLabel ?? 'The values as a table');
  const table = keptTable(details, 'values', '').attr('data-name', spec.name);
  parts(part(part(table, 'thead', 'head'), 'tr', 'row'), 'th', [spec.xLabel, ...spec.series.map((s) => s.label)], (h, i) => `${i}:${h}`,
    (th, h) => th.attr('scope', 'col').text(h));
  parts(part(table, 'tbody', 'body'), 'tr', xs, (_, i) => i, (tr, xv, i) => {
    part(tr, 'th', 'x').attr('scope', 'row').text(String(xv));
    parts(tr, 'td', spec.series, (s) => s.key, (td, s) => td.attr('data-series', s.key).attr('data-value', String(s.values[i])).text(num(s.values[i])));
  });
  // Export: the picture, and the values behind it, one column per series after x.
  const columns = [xs, ...spec.series.map((series) => Array.from(series.values))];
  keptExport(figure.node(), {
    name: spec.name,
    svg: svg.node(),
    matrices: [{
      name: spec.name, rows: xs.length, cols: columns.length,
      data: Float64Array.from({ length: xs.length * columns.length }, (_, k) => columns[k % columns.length][Math.floor(k / columns.length)]),
      rowLabels: xs.map((_, i) => String(i)), colLabels: [spec.xLabel, ...spec.series.map((series) => series.label)],
      rowAxis: 'point', colAxis: 'series',
    }],
  });
  // one watcher per figure, calling the latest spec
  if (firstDraw) watchWidth(figure.node(), () => drawLineChart(container, latestSpec.get(container)));
  latestSpec.set(container, spec);
  return figure.node();
}

const latestSpec = new WeakMap();
