// Line chart with D3: one or more series over a shared x axis, a legend, and a table of every
// value (inside <details>) as the screen-reader equivalent. Driven only by the data given.
import { select, scaleLinear, axisBottom, axisLeft, line, extent, min, max } from 'd3';
import { num } from '../format.js';
import { addExport } from './export.js';
import { dataTable } from './data-table.js';
import { watchWidth, widthOf } from './watch-width.js';

// Drawn at its box's width (up to 640 px), so that the axes' text keeps its size on a phone;
// redrawn when that width changes.
const MAX_WIDTH = 640;
const MIN_WIDTH = 280;
const MARGIN = { top: 12, right: 14, bottom: 50, left: 60 };

/**
 * @param {HTMLElement} container  emptied and filled with a <figure>
 * @param {{name: string, caption: string, x: ArrayLike<number>, xLabel: string, yLabel: string,
 *   series: {key: string, label: string, values: ArrayLike<number>, className?: string}[],
 *   height?: number, markers?: boolean, tableLabel?: string}} spec
 */
export function drawLineChart(container, spec) {
  const chartWidth = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widthOf(container) || MAX_WIDTH));
  const tableOpen = container.querySelector('details.chart-table')?.open ?? false;
  const height = spec.height ?? 260;
  const xs = Array.from(spec.x);
  const all = spec.series.flatMap((s) => Array.from(s.values));
  const lo = min(all);
  const hi = max(all);
  const pad = (hi - lo) * 0.05 || 0.5;
  const x = scaleLinear().domain(extent(xs)).range([MARGIN.left, chartWidth - MARGIN.right]);
  const y = scaleLinear().domain([lo - pad, hi + pad]).nice().range([height - MARGIN.bottom, MARGIN.top]);

  const figure = select(container).html('').append('figure').attr('class', 'line-chart').attr('data-name', spec.name);
  figure.append('figcaption').text(spec.caption);
  const svg = figure.append('svg').attr('viewBox', `0 0 ${chartWidth} ${height}`).attr('width', chartWidth).attr('height', height).attr('role', 'img')
    .attr('aria-label', `${spec.caption}. The values are in the table below the chart.`);
  svg.append('g').attr('class', 'x-axis').attr('transform', `translate(0,${height - MARGIN.bottom})`).call(axisBottom(x).ticks(chartWidth < 420 ? 5 : 8));
  svg.append('g').attr('class', 'y-axis').attr('transform', `translate(${MARGIN.left},0)`).call(axisLeft(y).ticks(6));
  svg.append('text').attr('class', 'axis-label').attr('x', (MARGIN.left + chartWidth - MARGIN.right) / 2).attr('y', height - 6)
    .attr('text-anchor', 'middle').text(spec.xLabel);
  svg.append('text').attr('class', 'axis-label').attr('transform', `translate(16,${(height - MARGIN.bottom + MARGIN.top) / 2}) rotate(-90)`)
    .attr('text-anchor', 'middle').text(spec.yLabel);
  const path = line().x((_, i) => x(xs[i])).y((v) => y(v));
  for (const s of spec.series) {
    const values = Array.from(s.values);
    svg.append('path').attr('class', `series ${s.className ?? ''}`).attr('data-series', s.key).attr('d', path(values));
    if (spec.markers) {
      svg.append('g').attr('class', `markers ${s.className ?? ''}`).selectAll('circle').data(values).join('circle')
        .attr('cx', (_, i) => x(xs[i])).attr('cy', (v) => y(v)).attr('r', 2.5);
    }
  }
  const legend = figure.append('ul').attr('class', 'chart-legend');
  for (const s of spec.series) {
    const item = legend.append('li');
    item.append('span').attr('class', `swatch ${s.className ?? ''}`).attr('aria-hidden', 'true');
    item.append('span').text(s.label);
  }
  const details = figure.append('details').attr('class', 'chart-table').property('open', tableOpen);
  details.append('summary').text(spec.tableLabel ?? 'The values as a table');
  const table = dataTable(details).attr('data-name', spec.name);
  const head = table.append('thead').append('tr');
  head.append('th').attr('scope', 'col').text(spec.xLabel);
  for (const s of spec.series) head.append('th').attr('scope', 'col').text(s.label);
  const body = table.append('tbody');
  xs.forEach((xv, i) => {
    const tr = body.append('tr');
    tr.append('th').attr('scope', 'row').text(String(xv));
    for (const s of spec.series) tr.append('td').attr('data-series', s.key).attr('data-value', String(s.values[i])).text(num(s.values[i]));
  });
  // Export: the picture, and the values behind it, one column per series after x.
  const columns = [xs, ...spec.series.map((series) => Array.from(series.values))];
  addExport(figure.node(), {
    name: spec.name,
    svg: svg.node(),
    matrices: [{
      name: spec.name, rows: xs.length, cols: columns.length,
      data: Float64Array.from({ length: xs.length * columns.length }, (_, k) => columns[k % columns.length][Math.floor(k / columns.length)]),
      rowLabels: xs.map((_, i) => String(i)), colLabels: [spec.xLabel, ...spec.series.map((series) => series.label)],
      rowAxis: 'point', colAxis: 'series',
    }],
  });
  watchWidth(figure.node(), () => drawLineChart(container, spec));
  return figure.node();
}
