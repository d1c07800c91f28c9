// @vitest-environment jsdom
// components/bar-chart.js (issue 33): the chart is drawn in place. A second call keeps the <svg>,
// the group of every item that stays (by key) and the Export menu, and shows the new values; an
// undefined value hides its bar; items that go leave.
import { describe, expect, it } from 'vitest';
import { figureTests, holder } from './figure-setup.js';

figureTests();
const { drawBarChart } = await import('../../../web/src/components/bar-chart.js');

const item = (key, value, label = key) => ({ key, label, short: `short ${key}`, value, group: 'notes' });
const bar = (el, key) => el.querySelector(`g.bar[data-key="${key}"]`);

describe('drawBarChart', () => {
  it('keeps its elements from call to call and writes the new values', () => {
    const el = holder();
    drawBarChart(el, { items: [item('raw', 1), item('ctx', 0.5)], title: 'Cosines' });
    const svg = el.querySelector('svg.bar-chart');
    const ctx = bar(el, 'ctx');
    const ctxWidth = Number(ctx.querySelector('rect').getAttribute('width'));
    const menu = el.querySelector('.export-menu');
    expect(ctx.querySelector('.bar-value').textContent).toMatch(/^0\.50*$/);

    drawBarChart(el, { items: [item('raw', 1), item('ctx', -0.25), item('words', 0.1)], title: 'Cosines' });
    expect(el.querySelector('svg.bar-chart')).toBe(svg);
    expect(bar(el, 'ctx')).toBe(ctx);
    expect(el.querySelector('.export-menu')).toBe(menu);
    expect(el.querySelectorAll('.export-menu')).toHaveLength(1);
    expect(ctx.querySelector('.bar-value').textContent).toMatch(/^[-−]0\.250*$/);
    expect(ctx.querySelector('.bar-value').getAttribute('text-anchor')).toBe('end');
    expect(Number(ctx.querySelector('rect').getAttribute('width'))).toBeCloseTo(ctxWidth / 2, 6);
    // the label keeps its <title> (the full description) beside the short text
    expect(ctx.querySelector('.bar-label title').textContent).toBe('ctx');
    expect(ctx.querySelector('.bar-label').firstChild.nodeValue).toBe('short ctx');
    // in the items' order, the new one last
    expect(Array.from(svg.querySelectorAll('g.bar'), (g) => g.dataset.key)).toEqual(['raw', 'ctx', 'words']);
    // the chart is as tall as its rows
    expect(Number(svg.getAttribute('height'))).toBe(3 * 24 + 28);
  });

  it('hides the bar of an undefined value and removes items that go', () => {
    const el = holder();
    drawBarChart(el, { items: [item('raw', 1), item('ctx', 0.5)], title: 'Cosines' });
    drawBarChart(el, { items: [item('ctx', null)], title: 'Cosines' });
    expect(bar(el, 'raw')).toBeNull();
    const ctx = bar(el, 'ctx');
    expect(ctx.querySelector('rect').getAttribute('display')).toBe('none');
    expect(ctx.querySelector('.bar-value').textContent).toMatch(/not defined/);
    drawBarChart(el, { items: [item('ctx', 0.3)], title: 'Cosines' });
    expect(ctx.querySelector('rect').getAttribute('display')).toBeNull();
  });
});
