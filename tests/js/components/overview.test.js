// @vitest-environment jsdom
// The flow chapter's overview updated in place (issue 33 item 2): drawOverview() on a container
// that holds it keeps its svg and the element of every row that stays (a D3 join on the rows),
// writes the new numbers of the rows that changed and leaves the others as they are, adds and
// removes rows with the sentence, and draws wide vectors as one image per column, not per row.
import { describe, expect, it, vi } from 'vitest';
import { figureTests, holder, matrix } from './figure-setup.js';

const { drawOverview } = await import('../../../web/src/components/overview-diagram.js');

figureTests();

/** A flow report as the core gives it, with only what the overview reads. */
function report(n, d, x, y, base = 0) {
  const Y = matrix(n, d, y);
  return { form: 'free', base, weights: new Float64Array(n).fill(1 / n), workbench: { X: matrix(n, d, x), paramFree: { Y }, projected: { Y } } };
}

const rowEl = (root, i) => root.querySelector(`g.overview-row[data-row="${i}"]`);
const strip = (root, i, which) => rowEl(root, i).querySelector(`.overview-strip.${which}`);
const words = (n) => ['bank', 'of', 'the', 'river', 'water', 'flows'].slice(0, n);

describe('the overview, narrow vectors (a rect per value)', () => {
  it('keeps its svg and its rows, writes the rows that changed, follows the sentence length', () => {
    const root = holder();
    drawOverview(root, { report: report(3, 4, (i, f) => i + f / 10, (i, f) => -i - f / 10), tokens: words(3), onPick: () => {} });
    const svg = root.querySelector('svg.overview-svg');
    const rows = [0, 1, 2].map((i) => rowEl(root, i));
    const cells = Array.from(strip(root, 0, 'x').querySelectorAll('rect.overview-cell'));
    expect(cells).toHaveLength(4);
    expect(strip(root, 2, 'x').dataset.value).toBe('2,2.1,2.2,2.3');

    // a fourth token; row 2's vector changed; rows 0 and 1 kept theirs (same colour range)
    drawOverview(root, { report: report(4, 4, (i, f) => (i === 2 ? 2.5 : i) + f / 10, (i, f) => -i - f / 10), tokens: words(4), onPick: () => {} });
    expect(root.querySelector('svg.overview-svg')).toBe(svg);
    expect([0, 1, 2].map((i) => rowEl(root, i))).toEqual(rows);
    expect(Array.from(strip(root, 0, 'x').querySelectorAll('rect.overview-cell'))).toEqual(cells);
    expect(strip(root, 2, 'x').dataset.value).toBe('2.5,2.6,2.7,2.8');
    expect(strip(root, 3, 'y').dataset.value).toBe('-3,-3.1,-3.2,-3.3');
    expect(strip(root, 2, 'x').querySelector('title').textContent).toMatch(/full precision: \[2\.5, 2\.6, 2\.7, 2\.8\]/);
    expect(root.querySelectorAll('g.overview-row')).toHaveLength(4);
    expect(root.querySelector('.step-caption').textContent).toMatch(/^4 tokens go in/);

    // back to two tokens: the rows that go are removed, the block is as tall as two rows
    drawOverview(root, { report: report(2, 4, (i, f) => i + f / 10, (i, f) => -i - f / 10), tokens: words(2), onPick: () => {} });
    expect(root.querySelectorAll('g.overview-row')).toHaveLength(2);
    expect(rowEl(root, 0)).toBe(rows[0]);
    expect(root.querySelector('.overview-block rect').getAttribute('height')).toBe(String(2 * 26));
  });

  it('does not write a row whose numbers and colours did not change', () => {
    const root = holder();
    const same = () => report(3, 4, (i, f) => i - f, (i, f) => f - i);
    drawOverview(root, { report: same(), tokens: words(3), onPick: () => {} });
    const title = strip(root, 1, 'y').querySelector('title');
    title.textContent = 'left alone';
    drawOverview(root, { report: same(), tokens: words(3), onPick: () => {} });
    expect(title.textContent).toBe('left alone');
    // a new colour range (a larger value elsewhere) recolours every row, so each is written again
    drawOverview(root, { report: report(3, 4, (i, f) => (i === 0 && f === 0 ? 9 : i - f), (i, f) => f - i), tokens: words(3), onPick: () => {} });
    expect(title.textContent).toMatch(/^y₂ = /);
  });

  it('a click on a row picks its token with the latest handler; the base row is marked', () => {
    const root = holder();
    const first = vi.fn();
    const latest = vi.fn();
    drawOverview(root, { report: report(3, 4, (i, f) => i + f, (i, f) => i - f), tokens: ['bank', 'bank', 'river'], onPick: first });
    drawOverview(root, { report: report(3, 4, (i, f) => i + f, (i, f) => i - f, 1), tokens: ['bank', 'bank', 'river'], onPick: latest });
    rowEl(root, 1).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith(1); // the second "bank", by its position
    expect(rowEl(root, 1).classList.contains('base')).toBe(true);
    expect(rowEl(root, 0).classList.contains('base')).toBe(false);
  });
});

describe('the overview, wide vectors (one image per column)', () => {
  function fakeCanvas() {
    const puts = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function context() {
      const canvas = this;
      return {
        createImageData: (w, h) => ({ width: w, height: h, data: new Uint8ClampedArray(w * h * 4) }),
        putImageData: (pixels) => puts.push({ canvas, pixels }),
      };
    });
    let made = 0;
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => `data:image/png;base64,${(made += 1)}`);
    return puts;
  }

  it('draws each column once, as bands of pixels with gaps, and redraws only a column that changed', () => {
    const puts = fakeCanvas();
    const root = holder();
    const d = 20;
    drawOverview(root, { report: report(3, d, (i, f) => i - f / 20, (i, f) => f / 20 - i), tokens: words(3), onPick: () => {} });
    const images = Array.from(root.querySelectorAll('image.overview-column'));
    expect(images.map((im) => im.dataset.reveal)).toEqual(['1', '3']);
    expect(root.querySelectorAll('.overview-strip image')).toHaveLength(0);
    expect(root.querySelectorAll('rect.overview-cell')).toHaveLength(0);
    expect(strip(root, 0, 'x').querySelector('rect.overview-strip-area')).not.toBeNull(); // its title on hover
    expect(puts).toHaveLength(2);
    // a token's band: 13 pixel rows, its values in rows 1..9, see-through around them
    const { pixels } = puts[0];
    expect([pixels.width, pixels.height]).toEqual([d, 3 * 13]);
    const alpha = (row, f) => pixels.data[(row * d + f) * 4 + 3];
    expect([0, 1, 9, 10, 13, 14].map((row) => alpha(row, 0))).toEqual([0, 255, 255, 0, 0, 255]);

    // the same numbers: no image is made again
    const hrefs = images.map((im) => im.getAttribute('href'));
    drawOverview(root, { report: report(3, d, (i, f) => i - f / 20, (i, f) => f / 20 - i), tokens: words(3), onPick: () => {} });
    expect(puts).toHaveLength(2);
    expect(images.map((im) => im.getAttribute('href'))).toEqual(hrefs);
    // new outputs with the same colour range: only the Y column's image is made again
    drawOverview(root, { report: report(3, d, (i, f) => i - f / 20, (i, f) => i - f / 20), tokens: words(3), onPick: () => {} });
    expect(puts).toHaveLength(3);
    expect(Array.from(root.querySelectorAll('image.overview-column'))).toEqual(images);
    expect(images[0].getAttribute('href')).toBe(hrefs[0]);
    expect(images[1].getAttribute('href')).not.toBe(hrefs[1]);
  });
});

describe('pixelColours (the strips drawn as pixels)', async () => {
  const { palette, pixelColours } = await import('../../../web/src/components/flow-diagram.js');
  const { rgb } = await import('d3');
  it('gives the palette colour at the ends and the middle, the nearest sample between, grey when not finite', () => {
    const colour = palette([-2, 0.5, 2]);
    const put = pixelColours(colour);
    const px = new Uint8ClampedArray(4);
    const bytesOf = (v) => { put(v, px, 0); return Array.from(px); };
    const expected = (v) => { const c = rgb(colour(v)); return [c.r, c.g, c.b, 255]; };
    for (const v of [-2, 2]) expect(bytesOf(v)).toEqual(expected(v));
    for (const v of [-1.234, 0, 0.01, 1.999]) {
      bytesOf(v).slice(0, 3).forEach((b, k) => expect(Math.abs(b - expected(v)[k])).toBeLessThanOrEqual(3));
    }
    expect(bytesOf(5)).toEqual(expected(2)); // beyond the range: its end
    const grey = rgb('#cfcfcf');
    expect(bytesOf(NaN)).toEqual([grey.r, grey.g, grey.b, 255]);
    // another range: sampled again
    const wider = palette([-10, 10]);
    pixelColours(wider)(10, px, 0);
    expect(Array.from(px)).toEqual((() => { const c = rgb(wider(10)); return [c.r, c.g, c.b, 255]; })());
  });
});
