// The colour legend: a bar with its end and middle values, drawn in the SVG so that an exported
// picture has it too, and the same said in words for the map's accessible name.
import { range } from 'd3';
import { cellText, num } from '../../format.js';

const LEGEND_STEPS = 40;

/** The values at the legend's left end, middle and right end. */
function legendEnds(palette, colour) {
  if (palette === 'weights') return [0, 0.5, 1];
  if (palette === 'counts') return [0, colour.domain()[1] / 2, colour.domain()[1]];
  return colour.domain();
}

/** The legend in words. */
export function legendText(palette, colour) {
  const [lo, , hi] = legendEnds(palette, colour);
  if (palette === 'counts') return `Colour: light for count 0 to dark blue for count ${num(hi)}.`;
  return palette === 'weights'
    ? 'Colour: light for weight 0 to dark blue for weight 1.'
    : `Colour: blue for negative (down to ${num(lo)}), white for 0, red for positive (up to ${num(hi)}).`;
}

/** Draws (or updates) the legend in `g`; `masked` adds the swatch of masked cells. */
export function drawLegend(g, palette, colour, width, masked) {
  const [lo, mid, hi] = legendEnds(palette, colour);
  // the same legend is not written again (a weights map's never changes while the sentence is typed)
  const drawn = `${palette} ${lo} ${hi} ${width} ${Boolean(masked)}`;
  if (g.attr('data-drawn-for') === drawn) return;
  g.attr('data-drawn-for', drawn);
  const step = width / LEGEND_STEPS;
  g.selectAll('g.legend-bar').data([0]).join('g').attr('class', 'legend-bar').selectAll('rect').data(range(LEGEND_STEPS)).join('rect')
    .attr('x', (k) => k * step).attr('width', step + 0.5).attr('height', 10)
    .attr('fill', (k) => colour(lo + ((hi - lo) * (k + 0.5)) / LEGEND_STEPS));
  g.selectAll('rect.legend-frame').data([0]).join('rect').attr('class', 'legend-frame').attr('width', width).attr('height', 10).attr('fill', 'none');
  g.selectAll('g.legend-ticks').data([0]).join('g').attr('class', 'legend-ticks').selectAll('text')
    .data([[lo, 'start', 0], [mid, 'middle', width / 2], [hi, 'end', width]]).join('text')
    .attr('x', (d) => d[2]).attr('y', 24).attr('text-anchor', (d) => d[1]).text((d) => cellText(d[0]));
  g.selectAll('text.legend-title').data([0]).join('text').attr('class', 'legend-title').attr('x', width + 8).attr('y', 9)
    .text(palette === 'weights' ? 'weight' : palette === 'counts' ? 'count' : 'value');
  drawMaskedSwatch(g, width, masked);
}

function drawMaskedSwatch(g, width, masked) {
  const m = g.selectAll('g.legend-masked').data(masked ? [0] : []).join((enter) => {
    const e = enter.append('g').attr('class', 'legend-masked');
    e.append('rect').attr('width', 10).attr('height', 10).attr('fill', 'var(--masked)');
    e.append('text').attr('x', 14).attr('y', 9).text('masked (−∞)');
    return e;
  });
  m.attr('transform', `translate(${width + 8},14)`);
}
