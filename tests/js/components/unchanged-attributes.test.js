// @vitest-environment jsdom
// components/unchanged-attributes.js: selection.attr() and selection.classed() leave an element
// alone when it already says that (a write, even of the same value, restyles it), and write it
// when it does not; reading, removing and functions of the datum work as D3's own.
import { describe, expect, it } from 'vitest';
import { select } from 'd3';
import '../../../web/src/components/unchanged-attributes.js';

/** The attribute writes the browser reports while `draw` runs. */
function writesDuring(node, draw) {
  const watch = new MutationObserver(() => {});
  watch.observe(node, { subtree: true, attributes: true });
  draw();
  const records = watch.takeRecords();
  watch.disconnect();
  return records.map((r) => r.attributeName);
}

describe('attributes and classes already right are not written again', () => {
  it('attr: the same value writes nothing, another value is written, null removes', () => {
    const root = select(document.body).append('div');
    const cells = root.selectAll('span').data([1, 2, 3]).join('span').attr('data-v', (d) => d).attr('tabindex', -1);
    expect(writesDuring(root.node(), () => cells.attr('data-v', (d) => d).attr('tabindex', -1))).toEqual([]);
    expect(writesDuring(root.node(), () => cells.attr('data-v', (d) => (d === 2 ? 'two' : d)))).toEqual(['data-v']);
    expect(cells.nodes().map((n) => n.getAttribute('data-v'))).toEqual(['1', 'two', '3']);
    expect(cells.attr('data-v')).toBe('1'); // reading is D3's
    cells.attr('tabindex', null);
    expect(cells.nodes().every((n) => !n.hasAttribute('tabindex'))).toBe(true);
    // a function returning null removes, as in D3
    cells.attr('data-v', (d) => (d === 3 ? null : d));
    expect(cells.nodes()[2].hasAttribute('data-v')).toBe(false);
    // namespaced names are D3's: xlink:href lands in the XLink namespace
    const use = root.append('svg').append('use').attr('xlink:href', '#cell');
    expect(use.node().getAttributeNS('http://www.w3.org/1999/xlink', 'href')).toBe('#cell');
    root.remove();
  });

  it('classed: a class already there (or already absent) writes nothing; a change toggles it', () => {
    const root = select(document.body).append('div');
    const items = root.selectAll('p').data([0, 1]).join('p').classed('picked selected', (d) => d === 1);
    expect(writesDuring(root.node(), () => items.classed('picked selected', (d) => d === 1).classed('other', false))).toEqual([]);
    expect(writesDuring(root.node(), () => items.classed('picked', true))).toEqual(['class']);
    expect(items.nodes().map((n) => n.className)).toEqual(['picked', 'picked selected']);
    expect(items.classed('selected')).toBe(false); // reading is D3's (the first element)
    root.remove();
  });
});
