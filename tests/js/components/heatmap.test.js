// @vitest-environment jsdom
// The heatmap updated in place (issue 33 item 2): drawHeatmap() on a container that holds a map
// keeps its figure, keeps the element of every cell that stays (a D3 join keyed by row and
// column) with its new value and colour, lets cells of removed rows and columns go, repaints a
// large map on the same canvas, and keeps the selection, the zoom and an open table.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// jsdom has no ResizeObserver (watch-width.js) and no 2D canvas: both are stood in for here.
beforeAll(() => {
  globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} };
});

// as on the page (main.js): text, attributes and classes already right are not written again
await import('../../../web/src/components/unchanged-text.js');
await import('../../../web/src/components/unchanged-attributes.js');
const { drawHeatmap, SVG_CELL_LIMIT } = await import('../../../web/src/components/heatmap/index.js');
const { cellText, num } = await import('../../../web/src/format.js');

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

const labels = (n, prefix) => Array.from({ length: n }, (_, k) => `${prefix}${k}`);

/** A spec of a rows × cols matrix whose cell (i, j) holds value(i, j). */
function spec(rows, cols, value, extra = {}) {
  const data = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) data[i * cols + j] = value(i, j);
  return {
    name: 'M', matrix: { rows, cols, data }, rowLabels: labels(rows, 'r'), colLabels: labels(cols, 'c'),
    rowAxis: 'rows', colAxis: 'columns', palette: 'diverging', ...extra,
  };
}

function holder() {
  const div = document.createElement('div');
  document.body.append(div);
  return div;
}

const cell = (root, i, j) => root.querySelector(`g.cell[data-i="${i}"][data-j="${j}"]`);
const tableCell = (root, i, j) => root.querySelector(`table.matrix td[data-i="${i}"][data-j="${j}"]`);
const click = (node) => node.dispatchEvent(new MouseEvent('click', { bubbles: true }));

describe('small maps (SVG cells)', () => {
  it('keeps the figure and each cell element, with the new value, text and colour', () => {
    const root = holder();
    const figure = drawHeatmap(root, spec(3, 3, (i, j) => i - j));
    const before = cell(root, 1, 2);
    const fillBefore = before.querySelector('rect').getAttribute('fill');
    expect(before.getAttribute('data-value')).toBe('-1');

    const again = drawHeatmap(root, spec(3, 3, (i, j) => 10 * (i + j)));
    expect(again).toBe(figure);
    expect(root.querySelectorAll('figure.heatmap')).toHaveLength(1);
    const after = cell(root, 1, 2);
    expect(after).toBe(before);
    expect(after.isConnected).toBe(true);
    expect(after.getAttribute('data-value')).toBe('30');
    expect(after.querySelector('title').textContent).toBe('M[1, 2] (r1, c2) = 30');
    expect(after.getAttribute('aria-label')).toBe(`M row r1, column c2: ${cellText(30)}`);
    expect(after.querySelector('rect').getAttribute('fill')).not.toBe(fillBefore);
    expect(root.querySelectorAll('g.cell')).toHaveLength(9);
  });

  it('writes only the cells whose value (or row name) changed; a new colour range writes them all', () => {
    const root = holder();
    drawHeatmap(root, spec(3, 3, (i, j) => i - j));
    const title = (i, j) => cell(root, i, j).querySelector('title');
    for (const [i, j] of [[0, 0], [1, 2], [2, 1]]) title(i, j).textContent = 'left alone';
    // the same range (−2..2), one value changed
    drawHeatmap(root, spec(3, 3, (i, j) => (i === 1 && j === 2 ? 0.5 : i - j)));
    expect(title(0, 0).textContent).toBe('left alone');
    expect(title(2, 1).textContent).toBe('left alone');
    expect(title(1, 2).textContent).toMatch(/= 0\.5$/);
    // a row renamed: its cells say so
    drawHeatmap(root, { ...spec(3, 3, (i, j) => (i === 1 && j === 2 ? 0.5 : i - j)), rowLabels: ['r0', 'r1', 'river'] });
    expect(title(0, 0).textContent).toBe('left alone');
    expect(title(2, 1).textContent).toMatch(/\(river, c1\)/);
    // another range recolours every cell
    title(2, 2).textContent = 'left alone';
    drawHeatmap(root, spec(3, 3, (i, j) => (i === 0 && j === 0 ? 9 : i - j)));
    expect(title(2, 2).textContent).toMatch(/^M\[2, 2\]/);
    expect(cell(root, 2, 2).getAttribute('data-value')).toBe('0');
  });

  it('writes no cell position, mark or label place again when the grid stays (a restyle of every cell)', () => {
    const root = holder();
    drawHeatmap(root, spec(4, 4, (i, j) => i - j));
    const writes = [];
    const watch = new MutationObserver((records) => writes.push(...records));
    watch.observe(root, { subtree: true, attributes: true, attributeOldValue: true });
    // one value changed, one column renamed: the same grid
    drawHeatmap(root, { ...spec(4, 4, (i, j) => (i === 2 && j === 1 ? 0.5 : i - j)), colLabels: ['c0', 'c1', 'c2', 'cell'] });
    writes.push(...watch.takeRecords());
    watch.disconnect();
    const onCells = writes.filter((r) => r.target.closest('g.cell'));
    expect(onCells.filter((r) => ['transform', 'tabindex', 'class', 'role', 'width', 'height', 'data-i', 'data-j'].includes(r.attributeName))).toEqual([]);
    // the cells written are the one whose value changed and the column renamed
    const written = new Set(onCells.map((r) => `${r.target.closest('g.cell').dataset.i},${r.target.closest('g.cell').dataset.j}`));
    expect([...written].sort()).toEqual(['0,3', '1,3', '2,1', '2,3', '3,3']);
    const labelPlaces = writes.filter((r) => r.target.closest('g.row-labels, g.col-labels') && r.attributeName !== null);
    expect(labelPlaces).toEqual([]);
  });

  it('lets the cells of removed rows and columns go, and keeps the others', () => {
    const root = holder();
    drawHeatmap(root, spec(3, 3, (i, j) => i + j));
    const kept = [[0, 0], [0, 1], [1, 0], [1, 1]].map(([i, j]) => cell(root, i, j));
    const dropped = [cell(root, 2, 0), cell(root, 0, 2), cell(root, 2, 2)];

    drawHeatmap(root, spec(2, 2, (i, j) => -(i + j)));
    expect(root.querySelectorAll('g.cell')).toHaveLength(4);
    expect([[0, 0], [0, 1], [1, 0], [1, 1]].map(([i, j]) => cell(root, i, j))).toEqual(kept);
    kept.forEach((node) => expect(node.isConnected).toBe(true));
    dropped.forEach((node) => expect(node.isConnected).toBe(false));
    expect(cell(root, 1, 1).getAttribute('data-value')).toBe('-2');
    expect(root.querySelector('figure.heatmap .shape').textContent).toBe(' (2, 2)');
  });

  it('adds the cells of new rows and columns', () => {
    const root = holder();
    drawHeatmap(root, spec(2, 2, () => 0.5, { palette: 'weights' }));
    const corner = cell(root, 1, 1);
    drawHeatmap(root, spec(3, 4, () => 0.25, { palette: 'weights' }));
    expect(root.querySelectorAll('g.cell')).toHaveLength(12);
    expect(cell(root, 1, 1)).toBe(corner);
    expect(cell(root, 2, 3).getAttribute('data-value')).toBe('0.25');
  });

  it('keeps the chosen cell of an interactive map through an update', () => {
    const root = holder();
    const chosen = [];
    const onSelect = (i, j) => chosen.push([i, j]);
    drawHeatmap(root, spec(3, 3, (i, j) => i * j, { interactive: true, onSelect }));
    click(cell(root, 1, 1).querySelector('rect'));
    expect(chosen).toEqual([[1, 1]]);

    drawHeatmap(root, spec(3, 3, (i, j) => i + j, { interactive: true, onSelect }));
    const selected = root.querySelectorAll('g.cell.selected');
    expect(selected).toHaveLength(1);
    expect(selected[0]).toBe(cell(root, 1, 1));
    expect(selected[0].getAttribute('tabindex')).toBe('0');
    // a smaller matrix that still has the cell keeps it chosen
    drawHeatmap(root, spec(2, 2, (i, j) => i + j, { interactive: true, onSelect }));
    expect(cell(root, 1, 1).classList.contains('selected')).toBe(true);
  });

  it('keeps the picked cell of another map, its readout showing the new value', () => {
    const root = holder();
    drawHeatmap(root, spec(3, 3, (i, j) => i + j));
    click(cell(root, 0, 2).querySelector('rect'));
    expect(root.querySelector('.cell-readout').textContent).toBe('M[0, 2] (r0, c2) = 2');

    drawHeatmap(root, spec(3, 3, (i, j) => 7 * (i + j)));
    expect(cell(root, 0, 2).classList.contains('picked')).toBe(true);
    expect(cell(root, 0, 2).getAttribute('tabindex')).toBe('0');
    expect(root.querySelector('.cell-readout').textContent).toBe('M[0, 2] (r0, c2) = 14');
  });
});

describe('the table view', () => {
  it('stays open and shows the new numbers in the same cells', () => {
    const root = holder();
    drawHeatmap(root, spec(3, 3, (i, j) => i - j));
    const toggle = root.querySelector('.table-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.click();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const td = tableCell(root, 1, 2);
    expect(td.textContent).toBe(num(-1));

    drawHeatmap(root, spec(3, 3, (i, j) => 0.125 * (i + j)));
    expect(root.querySelector('.matrix-table').hidden).toBe(false);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(tableCell(root, 1, 2)).toBe(td);
    expect(td.textContent).toBe(num(0.375));
    expect(td.getAttribute('title')).toBe('0.375');

    drawHeatmap(root, spec(2, 2, () => 1));
    expect(root.querySelectorAll('table.matrix td')).toHaveLength(4);
    expect(root.querySelectorAll('table.matrix thead th')).toHaveLength(3);
    expect(td.isConnected).toBe(false);
    expect(root.querySelector('table.matrix caption').textContent).toMatch(/^M \(2, 2\)/);
  });

  it('moves the focus with the arrow keys', () => {
    const root = holder();
    drawHeatmap(root, spec(3, 3, (i, j) => i + j));
    root.querySelector('.table-toggle').click();
    const start = tableCell(root, 0, 0);
    start.focus();
    start.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(document.activeElement).toBe(tableCell(root, 0, 1));
    expect(tableCell(root, 0, 1).getAttribute('tabindex')).toBe('0');
    expect(start.getAttribute('tabindex')).toBe('-1');
  });
});

describe('large maps (canvas cells)', () => {
  const side = Math.ceil(Math.sqrt(SVG_CELL_LIMIT)) + 2; // just over the limit

  /** A stand-in 2D context that records what is put on the canvas. */
  function fakeContext() {
    const puts = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function context() {
      const canvas = this;
      return {
        createImageData: (w, h) => ({ data: new Uint8ClampedArray(w * h * 4) }),
        putImageData: (pixels) => puts.push({ canvas, pixels: Array.from(pixels.data) }),
      };
    });
    return puts;
  }

  it('repaints the same canvas and keeps the same image', () => {
    const puts = fakeContext();
    const root = holder();
    const figure = drawHeatmap(root, spec(side, side, () => -1));
    expect(figure.classList.contains('image-mode')).toBe(true);
    expect(root.querySelectorAll('g.cell')).toHaveLength(0);
    const image = root.querySelector('image.cells-image');
    const canvas = figure.heatmap.canvas;

    // the page shows the canvas itself (no picture encoded per update): it sits in the SVG
    expect(root.querySelector('.cells-canvas canvas')).toBe(canvas);
    expect(image.hasAttribute('href')).toBe(false);

    drawHeatmap(root, spec(side, side, () => 1));
    expect(root.querySelector('image.cells-image')).toBe(image);
    expect(figure.heatmap.canvas).toBe(canvas);
    expect(root.querySelector('.cells-canvas canvas')).toBe(canvas);
    expect(puts).toHaveLength(2);
    expect(puts[1].canvas).toBe(puts[0].canvas);
    expect(puts[1].pixels).not.toEqual(puts[0].pixels); // blue, then red
  });

  it('keeps its zoom level through an update', () => {
    fakeContext();
    const root = holder();
    const figure = drawHeatmap(root, spec(side, side, (i, j) => i - j));
    root.querySelector('.zoom-in').click();
    expect(figure.getAttribute('data-zoom')).toBe('1');
    drawHeatmap(root, spec(side, side, (i, j) => j - i));
    expect(figure.getAttribute('data-zoom')).toBe('1');
    expect(root.querySelector('.zoom-out').disabled).toBe(false);
  });

  it('draws without a 2D context, painting nothing', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const root = holder();
    const figure = drawHeatmap(root, spec(side, side, () => 0));
    expect(figure.getAttribute('data-drawn')).toBe('true');
    expect(root.querySelector('rect.cells-cursor')).not.toBeNull();
    drawHeatmap(root, spec(side, side, () => 2));
    expect(root.querySelector('rect.cells-cursor').getAttribute('data-value')).toBe('2');
  });

  it('becomes SVG cells when the matrix shrinks under the limit', () => {
    fakeContext();
    const root = holder();
    const figure = drawHeatmap(root, spec(side, side, () => 0));
    drawHeatmap(root, spec(2, 2, () => 0));
    expect(figure.classList.contains('image-mode')).toBe(false);
    expect(root.querySelector('image.cells-image')).toBeNull();
    expect(root.querySelectorAll('g.cell')).toHaveLength(4);
  });
});

describe('a view that writes its section again (views/shared/heatmap-holders.js)', () => {
  it('gets the same holder back, and the same figure in it', async () => {
    const { select } = await import('d3');
    const { heatmapHolder } = await import('../../../web/src/views/shared/heatmap-holders.js');
    const section = select(holder());
    const render = (value) => {
      section.html('');
      section.append('p').text('text written again on each render');
      const row = section.append('div').attr('class', 'heatmap-row');
      return drawHeatmap(heatmapHolder(section, row, 'M'), spec(2, 2, () => value));
    };
    const figure = render(1);
    const first = cell(section.node(), 0, 0);
    expect(render(2)).toBe(figure);
    expect(figure.isConnected).toBe(true);
    expect(cell(section.node(), 0, 0)).toBe(first);
    expect(first.getAttribute('data-value')).toBe('2');
    expect(section.selectAll('figure.heatmap').size()).toBe(1);
  });
});
