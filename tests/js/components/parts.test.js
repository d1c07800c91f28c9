// @vitest-environment jsdom
// components/parts.js, the build-once, fill-on-render parts of a section (issue 33): a part asked
// for again is the same element, wherever the page moved it; a removed part is made again; a
// list of parts is a keyed join that keeps, orders and drops children.
import { beforeAll, describe, expect, it } from 'vitest';
import { select } from 'd3';

beforeAll(() => {
  globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} };
});
const { part, parts, keptTable } = await import('../../../web/src/components/parts.js');

function section() {
  const root = document.createElement('section');
  document.body.append(root);
  return select(root);
}

describe('part', () => {
  it('makes a child once, with its classes, and returns the same element after', () => {
    const root = section();
    const first = part(root, 'p.note.muted', 'note').text('one');
    const again = part(root, 'p.note.muted', 'note').text('two');
    expect(again.node()).toBe(first.node());
    expect(root.selectAll('p').size()).toBe(1);
    expect(first.node().className).toBe('note muted');
    expect(first.text()).toBe('two');
  });

  it('keeps the order of first use', () => {
    const root = section();
    part(root, 'h3', 'title');
    part(root, 'p', 'text');
    part(root, 'h3', 'title');
    expect([...root.node().children].map((c) => c.dataset.part)).toEqual(['title', 'text']);
  });

  it('finds a part the page moved elsewhere, and leaves it there', () => {
    const root = section();
    const figure = part(root, 'div', 'figure').node();
    const slot = document.createElement('div');
    document.body.prepend(slot);
    slot.append(figure);
    expect(part(root, 'div', 'figure').node()).toBe(figure);
    expect(figure.parentNode).toBe(slot);
    expect(root.node().children.length).toBe(0);
  });

  it('makes a removed part again', () => {
    const root = section();
    const old = part(root, 'p', 'gone').node();
    root.selectChildren().remove();
    const made = part(root, 'p', 'gone').node();
    expect(made).not.toBe(old);
    expect(made.parentNode).toBe(root.node());
  });
});

describe('parts', () => {
  it('joins by key: keeps the elements that stay, drops the others, follows the new order', () => {
    const root = section();
    const fill = (el, d) => el.text(d);
    const first = parts(root, 'button.example', ['a', 'b', 'c'], (d) => d, fill).nodes();
    const second = parts(root, 'button.example', ['c', 'a'], (d) => d, fill).nodes();
    expect(second).toEqual([first[2], first[0]]);
    expect([...root.node().children].map((c) => c.textContent)).toEqual(['c', 'a']);
    expect(first[1].isConnected).toBe(false);
  });
});

describe('keptTable', () => {
  it('keeps one table in its box from render to render', () => {
    const root = section();
    const table = keptTable(root, 'shapes', 'shapes').node();
    expect(keptTable(root, 'shapes', 'shapes').node()).toBe(table);
    expect(root.selectAll('table').size()).toBe(1);
    expect(table.parentNode.className).toBe('table-scroll');
  });
});
