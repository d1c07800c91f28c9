// A histogram of a matrix's values, from the core's value summary (core.valueSummary): one bar
// per bin, drawn with D3 and updated in place. Each bar's title gives its range and count.
import { select, scaleLinear, max } from 'd3';
import { num } from '../format.js';

const WIDTH = 260;
const HEIGHT = 150;
const MARGIN = { top: 8, right: 8, bottom: 34, left: 34 };

/**
 * @param {HTMLElement} container
 * @param {{summary: {binEdges: Float64Array, binCounts: Float64Array, count: number}, name: string}} spec
 */
export function drawHistogram(container, { summary, name }) {
  const bins = Array.from(summary.binCounts, (count, k) => ({ count, lo: summary.binEdges[k], hi: summary.binEdges[k + 1] }));
  const x = scaleLinear().domain([summary.binEdges[0], summary.binEdges[bins.length]]).range([MARGIN.left, WIDTH - MARGIN.right]);
  const y = scaleLinear().domain([0, max(bins, (b) => b.count) || 1]).range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const svg = select(container).selectAll('svg.histogram').data([0]).join('svg').attr('class', 'histogram')
    .attr('viewBox', `0 0 ${WIDTH} ${HEIGHT}`).attr('width', WIDTH).attr('height', HEIGHT).attr('role', 'img')
    .attr('aria-label', `Histogram of the ${summary.count} values of ${name}: ${bins.map((b) => `${b.count} from ${num(b.lo)} to ${num(b.hi)}`).join('; ')}.`);
  svg.selectAll('rect.bar').data(bins).join((enter) => enter.append('rect').attr('class', 'bar').call((r) => r.append('title')))
    .attr('x', (b) => x(b.lo) + 0.5).attr('width', (b) => Math.max(0, x(b.hi) - x(b.lo) - 1))
    .attr('y', (b) => y(b.count)).attr('height', (b) => y(0) - y(b.count))
    .attr('data-count', (b) => b.count)
    .select('title').text((b) => `${num(b.lo)} to ${num(b.hi)}: ${b.count} value${b.count === 1 ? '' : 's'}`);
  const ticks = [summary.binEdges[0], 0, summary.binEdges[bins.length]].filter((t, k, all) => t >= all[0] && t <= all[2]);
  svg.selectAll('text.tick').data(ticks).join('text').attr('class', 'tick').attr('x', (t) => x(t)).attr('y', HEIGHT - MARGIN.bottom + 14)
    .attr('text-anchor', (t, k) => (k === 0 ? 'start' : k === ticks.length - 1 ? 'end' : 'middle')).text((t) => num(t));
  svg.selectAll('text.axis-name').data([`value of ${name}`]).join('text').attr('class', 'axis-name')
    .attr('x', (MARGIN.left + WIDTH - MARGIN.right) / 2).attr('y', HEIGHT - 4).attr('text-anchor', 'middle').text((t) => t);
  svg.selectAll('text.y-name').data(['count']).join('text').attr('class', 'y-name')
    .attr('transform', `translate(11,${(MARGIN.top + HEIGHT - MARGIN.bottom) / 2}) rotate(-90)`).attr('text-anchor', 'middle').text((t) => t);
  return svg.node();
}
