// The space scatter's framing (components/space-plot.js, screenPositions): a layout is centred on
// the middle of its own extent and drawn as large as the canvas allows with one scale for both
// axes. Centring on 0 (the old framing) put a UMAP layout, which lies in [0, 10] or anywhere, in
// one corner: with the month names' group far from the rest, the page showed a small blob and a dot.
// And the names of ringed words (placeLabels): none covers another.
import { describe, expect, it } from 'vitest';
import { placeLabels, screenPositions } from '../../../web/src/components/space-plot.js';

const extent = (flat, axis) => {
  let lo = Infinity, hi = -Infinity;
  for (let i = axis; i < flat.length; i += 2) { lo = Math.min(lo, flat[i]); hi = Math.max(hi, flat[i]); }
  return [lo, hi];
};

describe('the scatter’s framing', () => {
  it('centres a layout far from 0 and fills the canvas along its limiting axis, unstretched', () => {
    // x in [10, 20], y in [100, 130]: nowhere near 0
    const layout = new Float32Array([10, 100, 20, 130, 15, 110, 12, 125]);
    const flat = screenPositions(layout, 2, 800, 400);
    const [x0, x1] = extent(flat, 0), [y0, y1] = extent(flat, 1);
    expect((x0 + x1) / 2).toBeCloseTo(400, 6);
    expect((y0 + y1) / 2).toBeCloseTo(200, 6);
    expect(y0).toBeCloseTo(12, 6); // y is the limiting axis: it reaches the margins
    expect(y1).toBeCloseTo(388, 6);
    expect((x1 - x0) / (y1 - y0)).toBeCloseTo(10 / 30, 6); // one scale for both axes
  });

  it('3-D: rotated about the middle of the extent, inside the canvas', () => {
    const layout = new Float32Array([50, 50, 50, 60, 60, 60, 55, 52, 58, 51, 59, 53]);
    const flat = screenPositions(layout, 3, 300, 240, { yaw: 0.6, pitch: 0.3, zoom: 1 });
    for (let i = 0; i < flat.length; i += 2) {
      expect(flat[i]).toBeGreaterThanOrEqual(12 - 1e-4);
      expect(flat[i]).toBeLessThanOrEqual(288 + 1e-4);
      expect(flat[i + 1]).toBeGreaterThanOrEqual(12 - 1e-4);
      expect(flat[i + 1]).toBeLessThanOrEqual(228 + 1e-4);
    }
  });
});

describe('the ringed words’ names', () => {
  const item = (label, x, y, width = 40) => ({ label, x, y, width, radius: 3 });

  it('writes each name to the upper right of its ring when it is free', () => {
    const placed = placeLabels([item('king', 100, 100), item('queen', 300, 100)], 12);
    expect(placed.map((p) => [p.label, p.left, p.baseline])).toEqual([['king', 105, 97], ['queen', 305, 97]]);
  });

  it('moves a name that would cover an earlier one, and leaves out one with no free place', () => {
    // five rings on top of each other: the first keeps the upper right, the next three take the
    // other corners, the fifth has none left
    const stack = ['husband', 'wife', 'brother', 'father', 'son'].map((w) => item(w, 200, 200));
    const placed = placeLabels(stack, 12);
    expect(placed.map((p) => p.label)).toEqual(['husband', 'wife', 'brother', 'father']);
    const boxes = placed.map((p) => ({ left: p.left, right: p.left + p.width, top: p.baseline - 12, bottom: p.baseline + 3 }));
    for (let a = 0; a < boxes.length; a++) {
      for (let b = a + 1; b < boxes.length; b++) {
        const apart = boxes[a].right <= boxes[b].left || boxes[b].right <= boxes[a].left
          || boxes[a].bottom <= boxes[b].top || boxes[b].bottom <= boxes[a].top;
        expect(apart).toBe(true);
      }
    }
  });
});
