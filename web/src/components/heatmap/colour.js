// The colours of the values (ColorBrewer, both colour-blind safe and readable in greyscale):
//   'diverging'  signed values: reversed RdBu, negative blue, zero white, positive red,
//                symmetric around 0 so the sign is never hidden by the colour
//   'weights'    values in [0, 1] (attention weights): sequential Blues, light to dark
//   'counts'     non-negative counts: sequential Blues from 0 to the largest count
import { scaleDiverging, scaleSequential, interpolateRdBu, interpolateBlues, hsl, rgb } from 'd3';

/** The colour scale of the values, and whether any is masked (not finite): one pass over them. */
export function colourScale(palette, data) {
  let extent = 0;
  let largest = 0;
  let masked = false;
  for (let k = 0; k < data.length; k++) {
    const v = data[k];
    if (!Number.isFinite(v)) masked = true;
    else {
      if (Math.abs(v) > extent) extent = Math.abs(v);
      if (v > largest) largest = v;
    }
  }
  if (palette === 'weights') return { colour: scaleSequential(interpolateBlues).domain([0, 1]), masked };
  if (palette === 'counts') return { colour: scaleSequential(interpolateBlues).domain([0, largest || 1]), masked };
  extent = extent || 1;
  // Reversed RdBu: negative blue, positive red.
  return { colour: scaleDiverging((t) => interpolateRdBu(1 - t)).domain([-extent, 0, extent]), masked };
}

/** The fill of a cell; a masked value (−∞) has its own grey. */
export function cellFill(colour, value) {
  return Number.isFinite(value) ? colour(value) : 'var(--masked)';
}

/** Dark text on light cells, white on dark ones. */
export function textColour(fill) {
  return hsl(fill).l > 0.55 ? '#111' : '#fff';
}

/** 1024 colours of the scale, so that painting a million cells needs no colour parsing. */
export function colourTable(colour, palette) {
  const [lo, hi] = palette === 'weights' ? [0, 1] : [colour.domain()[0], colour.domain()[colour.domain().length - 1]];
  const steps = 1024;
  const table = new Uint8ClampedArray(steps * 4);
  for (let k = 0; k < steps; k++) {
    const c = rgb(colour(lo + ((hi - lo) * k) / (steps - 1)));
    table[k * 4] = c.r; table[k * 4 + 1] = c.g; table[k * 4 + 2] = c.b; table[k * 4 + 3] = 255;
  }
  return { lo, hi, table };
}
