// @vitest-environment jsdom
// A map's box that reports a new width (heatmap/figure.js): the map is sized and drawn again only
// when its geometry changed with it. After a new window width the resize handler has drawn every
// map for it already, and each map's box reports its new width a moment later; that report used
// to mark the maps below the screen as waiting again (data-drawn="false"), to be drawn once more
// when scrolled to. A box whose width changes the geometry is still sized again.
import { afterEach, describe, expect, it, vi } from 'vitest';

// jsdom has no ResizeObserver: this one keeps its callbacks, so the test can report a width
const observers = [];
globalThis.ResizeObserver = class {
  constructor(callback) { this.callback = callback; this.targets = []; observers.push(this); }
  observe(target) { this.targets.push(target); }
  unobserve() {}
  disconnect() {}
};
// and one IntersectionObserver that reports nothing: the test says what is in view (hm.visible)
globalThis.IntersectionObserver = class { observe() {} unobserve() {} disconnect() {} };

const { drawHeatmap } = await import('../../../web/src/components/heatmap/index.js');

afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
});

function spec(cols) {
  const data = new Float64Array(3 * cols).map((_, k) => (k % 7) - 3);
  return { name: 'M', matrix: { rows: 3, cols, data }, rowLabels: ['a', 'b', 'c'], colLabels: Array.from({ length: cols }, (_, j) => `c${j}`), rowAxis: 'rows', colAxis: 'columns', palette: 'diverging' };
}

/** The plot box reports `width` to its observer (watch-width.js), then the debounce runs out. */
function reportWidth(figure, width) {
  const plot = figure.querySelector('.heatmap-plot');
  Object.defineProperty(plot, 'clientWidth', { configurable: true, get: () => width });
  for (const o of observers) if (o.targets.includes(plot)) o.callback([{ target: plot }]);
  vi.advanceTimersByTime(200);
}

describe('a map whose box changes width', () => {
  it('is left as it is, drawn, when its geometry did not change; marked to draw again when it did', () => {
    vi.useFakeTimers();
    const holder = document.createElement('div');
    holder.className = 'view';
    document.body.append(holder);
    const figure = drawHeatmap(holder, spec(4));
    const hm = figure.heatmap;
    hm.visible = true; // drawn in view
    drawHeatmap(holder, spec(4));
    reportWidth(figure, 300); // the first report only records the width
    hm.visible = false; // below the first screen
    expect(figure.dataset.drawn).toBe('true');
    reportWidth(figure, 320); // the same geometry: the chapter's width did not change
    expect(figure.dataset.drawn).toBe('true');
    // a geometry that changed (as after the chapter got narrower: the cells are sized to its width)
    // is sized again, and drawn when the map is seen
    hm.layout = { ...hm.layout, room: hm.layout.room + 100 };
    reportWidth(figure, 200);
    expect(figure.dataset.drawn).toBe('false');
  });
});
