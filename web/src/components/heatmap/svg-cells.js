// Small maps (≤ SVG_CELL_LIMIT cells): one SVG <g class="cell"> per value with its rect and
// <title> (and the value written in it when there is room): crisp, each cell its own focus stop
// and tooltip, and few enough that the DOM stays small. The cells are a D3 data join keyed by
// (row, column): a cell that stays keeps its element and takes its new value, colour and text;
// rows and columns added or removed enter and exit.
import { cellText, full } from '../../format.js';
import { cellFill, textColour } from './colour.js';
import { LABEL_WIDTH, HEADER_HEIGHT } from './layout.js';
import { markSvgCells } from './marks.js';

const cellKey = (d) => `${d.i},${d.j}`;

function cellData({ rows, cols, data }) {
  const cells = [];
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) cells.push({ i, j, value: data[i * cols + j] });
  return cells;
}

function enterCell(enter) {
  const g = enter.append('g').attr('class', 'cell');
  g.append('rect');
  g.append('title');
  return g;
}

export function drawSvgCells(hm, { cw, showValues }) {
  const { spec, colour } = hm;
  const { name, rowLabels, colLabels } = spec;
  const where = (d) => `row ${rowLabels[d.i]}, column ${colLabels[d.j]}`;
  let entered = false;
  const cells = hm.svg.select('g.cells').selectAll('g.cell').data(cellData(spec.matrix), cellKey)
    // (D3 calls the exit function on every join, also with nothing leaving)
    .join((enter) => { entered = !enter.empty(); return enterCell(enter); }, undefined, (exit) => { entered ||= !exit.empty(); exit.remove(); })
    .order();
  // where the cells sit changes only with the grid (new rows or columns, another cell size); a
  // keystroke that keeps the shape changes values, colours and names, not positions
  const grid = `${cw} ${spec.matrix.rows} ${spec.matrix.cols} ${Boolean(spec.interactive)}`;
  if (entered || hm.cellGrid !== grid) {
    hm.cellGrid = grid;
    cells.attr('data-i', (d) => d.i).attr('data-j', (d) => d.j)
      .attr('transform', (d) => `translate(${LABEL_WIDTH + d.j * cw},${HEADER_HEIGHT + d.i * cw})`)
      // interactive cells are buttons (they choose what the inspector shows); the others are named pictures
      .attr('role', spec.interactive ? 'button' : 'img');
    cells.select('rect').attr('width', cw - 1).attr('height', cw - 1);
  }
  // A cell is written again only when what it shows changed: its value, its row's or column's
  // name, the colours, the cell size or whether values are written in it. A keystroke changes a
  // row or two of Q, K and V; writing every attribute of every cell again made the browser
  // restyle them all (a third of qkv's redraw at 16 words).
  const look = `${name}|${spec.palette}|${colour.domain().join(' ')}|${cw}|${showValues}|${spec.valueText?.name ?? ''}`;
  const changed = cells.filter(function changedCell(d) {
    const shown = `${look}|${d.value}|${rowLabels[d.i]}|${colLabels[d.j]}`;
    if (this.__shown === shown) return false;
    this.__shown = shown;
    return true;
  });
  changed.attr('data-value', (d) => full(d.value))
    .attr('aria-label', (d) => `${name} ${where(d)}: ${cellText(d.value)}`);
  changed.select('rect').attr('fill', (d) => cellFill(colour, d.value));
  changed.select('title').text((d) => `${name}[${d.i}, ${d.j}] (${rowLabels[d.i]}, ${colLabels[d.j]}) = ${full(d.value)}`);
  drawValues(changed, hm, cw, showValues);
  markSvgCells(hm);
}

/** The value written in each cell, when cells are wide enough for it. */
function drawValues(cells, hm, cw, showValues) {
  const { spec, colour } = hm;
  const texts = cells.selectAll('text').data((d) => (showValues ? [d] : []))
    .join((enter) => enter.append('text').attr('dy', '0.35em').attr('text-anchor', 'middle'));
  if (hm.valueCw !== cw) texts.attr('x', (cw - 1) / 2).attr('y', (cw - 1) / 2);
  // (a text that entered just now has no position yet)
  texts.filter(function unplaced() { return !this.hasAttribute('x'); }).attr('x', (cw - 1) / 2).attr('y', (cw - 1) / 2);
  hm.valueCw = cw;
  texts
    .attr('fill', (d) => (Number.isFinite(d.value) ? textColour(colour(d.value)) : 'currentColor'))
    .text((d) => (spec.valueText ?? cellText)(d.value));
}
