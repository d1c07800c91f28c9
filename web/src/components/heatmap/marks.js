// Which cell is chosen (interactive maps), picked (other maps), under the pointer or under the
// large map's keyboard cursor: shown on the map, and its exact value written under it.
import { full } from '../../format.js';
import { LABEL_WIDTH, HEADER_HEIGHT } from './layout.js';

function valueAt(hm, i, j) {
  return hm.spec.matrix.data[i * hm.spec.matrix.cols + j];
}

export function sameCell(a, b) {
  return Boolean(a && b && a[0] === b[0] && a[1] === b[1]);
}

/** Writes the cell's exact value into the readout under the map. */
export function readOut(hm, i, j) {
  const { name, rowLabels, colLabels } = hm.spec;
  hm.readoutCell = [i, j];
  hm.readout.text(`${name}[${i}, ${j}] (${rowLabels[i]}, ${colLabels[j]}) = ${full(valueAt(hm, i, j))}`);
}

export function clearReadout(hm) {
  hm.readoutCell = null;
  hm.readout.text('');
}

/** The chosen or picked cell, however the cells are drawn. */
export function showChoice(hm) {
  if (hm.mode === 'svg') markSvgCells(hm);
  else showMarks(hm);
}

/** The small map's cells: the chosen (or picked) one is marked, and is the map's one Tab stop. */
export function markSvgCells(hm) {
  const interactive = Boolean(hm.spec.interactive);
  const mark = interactive ? hm.selected : hm.picked;
  const stop = mark ?? [0, 0];
  // (a cell whose tabindex and classes are already right is not written: unchanged-attributes.js)
  hm.svg.select('g.cells').selectAll('g.cell')
    .attr('tabindex', (d) => (d.i === stop[0] && d.j === stop[1] ? 0 : -1))
    .classed('selected', (d) => interactive && sameCell([d.i, d.j], mark))
    .classed('picked', (d) => !interactive && sameCell([d.i, d.j], mark));
}

/** The large map's marks: the selection (solid), the keyboard cursor (dashed) and the pointer. */
export function showMarks(hm) {
  if (hm.mode !== 'image' || !hm.layout) return;
  const { cw, ch } = hm.layout;
  const place = (cls, at) => {
    const mark = hm.svg.select(`rect.${cls}`);
    if (!at) { mark.attr('hidden', true); return; }
    mark.attr('hidden', null)
      .attr('x', LABEL_WIDTH + at[1] * cw - 1.5).attr('y', HEADER_HEIGHT + at[0] * ch - 1.5)
      .attr('width', Math.max(cw, 3) + 3).attr('height', Math.max(ch, 3) + 3);
  };
  place('mark-selected', hm.spec.interactive ? hm.selected : hm.picked);
  place('mark-focus', hm.focused ? hm.cursor : null);
  place('mark-hover', hm.hover);
  hm.svg.select('rect.cells-cursor')
    .attr('data-i', hm.cursor[0]).attr('data-j', hm.cursor[1])
    .attr('data-value', full(valueAt(hm, ...hm.cursor)));
}
