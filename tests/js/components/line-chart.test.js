// @vitest-environment jsdom
// components/line-chart.js (issue 33): the chart is updated in place. A second call keeps the
// figure, the svg, each series' path (by key), the legend, the open state of the values' table
// and the Export menu, and shows the new numbers; a series that goes leaves.
import { describe, expect, it } from 'vitest';
import { figureTests, holder } from './figure-setup.js';

figureTests();
const { drawLineChart } = await import('../../../web/src/components/line-chart.js');

const spec = (loss, accuracy) => ({
  name: 'training_curve', caption: 'Loss per step', x: loss.map((_, i) => i + 1), xLabel: 'step', yLabel: 'value', markers: true,
  series: [{ key: 'loss', label: 'loss', values: loss }, ...(accuracy ? [{ key: 'accuracy', label: 'accuracy', values: accuracy }] : [])],
});

describe('drawLineChart', () => {
  it('keeps its elements and writes the new numbers', () => {
    const el = holder();
    drawLineChart(el, spec([2, 1.5, 1], [0.1, 0.2, 0.3]));
    const figure = el.querySelector('figure.line-chart');
    const loss = el.querySelector('path[data-series="loss"]');
    const lossPath = loss.getAttribute('d');
    const menu = el.querySelector('.export-menu');
    const legend = el.querySelector('.chart-legend li');
    const table = el.querySelector('details.chart-table');
    table.open = true;

    drawLineChart(el, spec([2, 1.5, 1, 0.5], [0.1, 0.2, 0.3, 0.4]));
    expect(el.querySelectorAll('figure.line-chart')).toHaveLength(1);
    expect(el.querySelector('figure.line-chart')).toBe(figure);
    expect(el.querySelector('path[data-series="loss"]')).toBe(loss);
    expect(loss.getAttribute('d')).not.toBe(lossPath);
    expect(el.querySelector('.export-menu')).toBe(menu);
    expect(el.querySelector('.chart-legend li')).toBe(legend);
    expect(table.open).toBe(true);
    const rows = el.querySelectorAll('details.chart-table tbody tr');
    expect(rows).toHaveLength(4);
    expect(rows[3].querySelector('td[data-series="loss"]').dataset.value).toBe('0.5');
    expect(el.querySelectorAll('g.markers[data-series], g.markers')).toHaveLength(2);
    expect(el.querySelectorAll('g.markers')[0].querySelectorAll('circle')).toHaveLength(4);

    drawLineChart(el, spec([3, 2]));
    expect(el.querySelector('path[data-series="accuracy"]')).toBeNull();
    expect(el.querySelectorAll('.chart-legend li')).toHaveLength(1);
    expect(el.querySelectorAll('details.chart-table thead th')).toHaveLength(2);
    expect(el.querySelectorAll('details.chart-table tbody tr')).toHaveLength(2);
  });
});
