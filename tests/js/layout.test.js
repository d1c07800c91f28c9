// The diagrams' layouts are pure geometry: they must fit the box they are given, from a 320 px
// embed (a 240 px box at the least) to a desktop window, for every vector width the page allows,
// with the boxes of a line in order and apart. The drawing itself is checked in Chromium
// (tests/e2e/embed.test.mjs: nothing scrolls sideways).
import { describe, it, expect } from 'vitest';
import { flowLayout } from '../../web/src/components/flow-layout.js';
import { gradientLayout } from '../../web/src/components/gradient-diagram.js';

const WIDTHS = [240, 262, 278, 304, 318, 344, 400, 480, 520, 600, 700, 736, 800, 1000, 1142];
const DIMS = [1, 2, 3, 4, 8, 16, 64, 100, 300, 1024];

/** The [start, end) spans of the boxes that share one line of the layout. */
function lineSpans(L) {
  const { x, stripW, scalarW } = L;
  const strip = (at) => [at, at + stripW];
  const box = (at) => [at, at + scalarW];
  if (L.name === 'cards') {
    return [[strip(x.vec)], [box(x.score), box(x.exp), box(x.weight)], [strip(x.scaled), strip(x.partial)]];
  }
  return [[[0, L.labelW], strip(x.vec), box(x.score), box(x.exp), box(x.weight), strip(x.scaled), strip(x.partial)]];
}

describe('flow diagram layout', () => {
  it('fits every box from 240 px up, with the boxes of each line in order and apart', () => {
    for (const qkv of [false, true]) {
      for (const d of DIMS) {
        for (const width of WIDTHS) {
          const L = flowLayout(width, { d, qkv });
          const where = `${L.name}, box ${width}, d ${d}, qkv ${qkv}`;
          expect(L.width, where).toBeLessThanOrEqual(width);
          for (const spans of lineSpans(L)) {
            expect(spans[0][0], where).toBeGreaterThanOrEqual(0);
            expect(spans.at(-1)[1], where).toBeLessThanOrEqual(L.width);
            for (let k = 1; k < spans.length; k++) expect(spans[k][0] - spans[k - 1][1], where).toBeGreaterThanOrEqual(8);
          }
          // a cell is never wider than 28 px, and a strip holds every cell
          expect(L.cell, where).toBeLessThanOrEqual(28);
          expect(L.cell * d, where).toBeCloseTo(L.stripW, 9);
          expect(L.stripW, where).toBeGreaterThanOrEqual(Math.min(28 * d, 56));
          // the lines of a card stack downwards without touching
          if (L.name === 'cards') {
            const vecBlock = qkv ? 2 * L.stripH + 6 : L.stripH;
            expect(L.dy.scalar - (L.dy.vec + vecBlock), where).toBeGreaterThanOrEqual(8);
            expect(L.dy.term - (L.dy.scalar + L.stripH), where).toBeGreaterThanOrEqual(8);
            expect(L.rowH, where).toBeGreaterThanOrEqual(L.dy.term + L.stripH + L.rowPad);
          }
        }
      }
    }
  });

  it('a line per token when the box allows it, a card per token on a phone', () => {
    expect(flowLayout(1142, { d: 8, qkv: false }).name).toBe('roomy');
    expect(flowLayout(1142, { d: 100, qkv: true }).name).toBe('roomy');
    expect(flowLayout(710, { d: 8, qkv: false }).name).toBe('narrow');
    expect(flowLayout(318, { d: 8, qkv: false }).name).toBe('cards');
    expect(flowLayout(278, { d: 100, qkv: true }).name).toBe('cards');
    // not laid out yet (an export, a hidden box): the full desktop drawing
    expect(flowLayout(0, { d: 8, qkv: false })).toEqual(flowLayout(5000, { d: 8, qkv: false }));
    // below 240 px the cards are drawn for 240 px and the picture scales down
    expect(flowLayout(180, { d: 8, qkv: false }).width).toBeLessThanOrEqual(240);
  });
});

describe('training diagram layout', () => {
  it('portrait below 760 px, landscape above; every box inside the picture and apart from the others', () => {
    expect(gradientLayout(0).name).toBe('landscape');
    expect(gradientLayout(1168).name).toBe('landscape');
    expect(gradientLayout(736).name).toBe('portrait');
    expect(gradientLayout(278).name).toBe('portrait');
    for (const width of [278, 328, 736, 1168]) {
      const L = gradientLayout(width);
      const boxes = Object.entries(L.at);
      expect(boxes.map(([id]) => id).sort()).toEqual(['A', 'K', 'L', 'Q', 'S', 'V', 'Wk', 'Wq', 'Wv', 'X', 'Y']);
      for (const [id, [x, y]] of boxes) {
        expect(x, id).toBeGreaterThanOrEqual(0);
        expect(y, id).toBeGreaterThanOrEqual(0);
        expect(x + L.boxW, id).toBeLessThanOrEqual(L.width);
        expect(y + L.boxH, id).toBeLessThanOrEqual(L.height);
      }
      for (const [a, [xa, ya]] of boxes) {
        for (const [b, [xb, yb]] of boxes) {
          if (a >= b) continue;
          const apart = xa + L.boxW + 8 <= xb || xb + L.boxW + 8 <= xa || ya + L.boxH + 8 <= yb || yb + L.boxH + 8 <= ya;
          expect(apart, `${L.name}: ${a} and ${b}`).toBe(true);
        }
      }
    }
    // the portrait drawing is as wide as a 320 px embed's box, or scales down a little
    expect(gradientLayout(278).width).toBeLessThanOrEqual(304);
    // from 300 px it takes its box's width, so that its type is drawn at its own size on a phone
    for (const width of [300, 328, 400]) {
      expect(gradientLayout(width).width).toBeLessThanOrEqual(width);
      expect(gradientLayout(width).width).toBeGreaterThan(width - 4);
    }
  });
});
