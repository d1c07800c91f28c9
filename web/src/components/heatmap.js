// A matrix drawn as a heatmap with D3: one rect per value, labelled rows and columns, a colour
// legend, optional values in the cells and an optional row-sum column. Every heatmap also gets
// a "Show as table" toggle (a real <table> with row and column headers that the arrow keys move
// through, for screen readers and keyboards) and an Export menu (PNG, SVG, CSV, JSON, .npy).
// Interactive cells can be focused with the keyboard (arrow keys), hovered or tapped;
// `onSelect(i, j)` is called for any of them.
//
// Palettes (ColorBrewer, both colour-blind safe and readable in greyscale):
//   'diverging'  signed values: reversed RdBu, negative blue, zero white, positive red,
//                symmetric around 0 so the sign is never hidden by the colour
//   'weights'    values in [0, 1] (attention weights): sequential Blues, light to dark
import { select, scaleBand, scaleDiverging, scaleSequential, interpolateRdBu, interpolateBlues, max, hsl, range } from 'd3';
import { cellText, full, num, shapeText, truncate } from '../format.js';
import { addExport } from './export.js';
import { fitText } from './svg-text.js';

const LABEL_WIDTH = 74;
const HEADER_HEIGHT = 64;
const LEGEND_HEIGHT = 40;
const LEGEND_STEPS = 40;
// Tables the learner opened stay open when the view redraws (keyed by matrix name).
const openTables = new Set();
let figureCount = 0;

function colourScale(palette, data) {
  if (palette === 'weights') return scaleSequential(interpolateBlues).domain([0, 1]);
  const finite = Array.from(data).filter(Number.isFinite);
  // Non-negative counts: sequential, from 0 to the largest count.
  if (palette === 'counts') return scaleSequential(interpolateBlues).domain([0, max(finite) || 1]);
  const extent = max(finite, (v) => Math.abs(v)) || 1;
  // Reversed RdBu: negative blue, positive red.
  return scaleDiverging((t) => interpolateRdBu(1 - t)).domain([-extent, 0, extent]);
}

// The column labels are turned 50° upwards and run right of their column; room is kept for the
// last ones (at most 7 px a character at the labels' 11 px, and the turned glyphs' height) so
// that they are not cut off.
function labelOverhang(colLabels, cell) {
  const reach = (label, k) => Math.cos(Math.PI * 50 / 180) * 7 * truncate(label, 9).length + 4 - cell / 2 - (colLabels.length - 1 - k) * cell;
  return Math.ceil(Math.max(0, ...colLabels.map(reach)));
}

function textColour(fill) {
  return hsl(fill).l > 0.55 ? '#111' : '#fff';
}

/**
 * @param {HTMLElement} container  emptied and filled with a <figure>
 * @param {object} spec  {name, matrix:{rows,cols,data}, rowLabels, colLabels, rowAxis, colAxis,
 *   palette:'diverging'|'weights'|'counts' (non-negative, 0 to max), rowSums?, interactive?, selected?:[i,j], onSelect?, note?,
 *   cell?:[where, code] (the notebook cell the values come from),
 *   valueText?: (value) => string (how a cell value is written; default cellText)}
 */
export function drawHeatmap(container, spec) {
  const { name, matrix, rowLabels, colLabels, rowAxis, colAxis } = spec;
  const { rows, cols, data } = matrix;
  const uid = `hm${++figureCount}`;
  const colour = colourScale(spec.palette, data);
  const cell = Math.max(14, Math.min(46, Math.floor(400 / Math.max(cols, 1))));
  const showValues = cell >= 36;
  const sumWidth = spec.rowSums ? 56 : 0;
  const legendWidth = 160;
  const width = Math.max(LABEL_WIDTH + cols * cell + Math.max(sumWidth, labelOverhang(colLabels, cell)) + 4, LABEL_WIDTH + legendWidth + 104);
  const gridBottom = HEADER_HEIGHT + rows * cell;
  const height = gridBottom + LEGEND_HEIGHT + 4;

  const figure = select(container).html('').append('figure').attr('class', 'heatmap').attr('data-name', name)
    .attr('aria-labelledby', `${uid}-cap`);
  const caption = figure.append('figcaption').attr('id', `${uid}-cap`);
  caption.append('code').attr('class', 'matrix-name').text(name);
  caption.append('span').attr('class', 'shape').text(` ${shapeText(rows, cols)}`);
  caption.append('span').attr('class', 'axes').text(` rows: ${rowAxis} · columns: ${colAxis}`);
  if (spec.cell) {
    const ref = figure.append('p').attr('class', 'cell-ref');
    ref.append('span').text(`notebook ${spec.cell[0]}: `);
    ref.append('code').text(spec.cell[1]);
  }
  if (spec.note) figure.append('p').attr('class', 'heatmap-note').text(spec.note);

  const svg = figure
    .append('svg')
    .attr('viewBox', `0 0 ${width} ${height}`)
    .attr('width', width)
    .attr('height', height)
    .style('max-width', '100%')
    .style('height', 'auto')
    .attr('role', spec.interactive ? 'group' : 'img')
    .attr('aria-label', `${name}, ${rows} by ${cols}: rows are ${rowAxis}, columns are ${colAxis}. ${legendText(spec.palette, colour)} The same numbers are in the table below.`);

  const x = scaleBand().domain(range(cols)).range([LABEL_WIDTH, LABEL_WIDTH + cols * cell]);
  const y = scaleBand().domain(range(rows)).range([HEADER_HEIGHT, gridBottom]);

  svg.append('g').attr('class', 'row-labels').selectAll('text').data(rowLabels).join('text')
    .attr('x', LABEL_WIDTH - 6).attr('y', (_, i) => y(i) + cell / 2).attr('dy', '0.35em')
    .attr('text-anchor', 'end').each(function label(d) { fitText(this, '', d, LABEL_WIDTH - 8); });
  svg.append('g').attr('class', 'col-labels').selectAll('text').data(colLabels).join('text')
    .attr('transform', (_, j) => `translate(${x(j) + cell / 2},${HEADER_HEIGHT - 6}) rotate(-50)`)
    .text((d) => truncate(d, 9));

  const cells = [];
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) cells.push({ i, j, value: data[i * cols + j] });

  const group = svg.append('g').attr('class', 'cells');
  const cellGroups = group.selectAll('g').data(cells).join('g').attr('class', 'cell')
    .attr('data-i', (d) => d.i).attr('data-j', (d) => d.j)
    .attr('transform', (d) => `translate(${x(d.j)},${y(d.i)})`);
  cellGroups.append('rect').attr('width', cell - 1).attr('height', cell - 1)
    .attr('fill', (d) => (Number.isFinite(d.value) ? colour(d.value) : 'var(--masked)'));
  cellGroups.append('title').text((d) => `${name}[${d.i}, ${d.j}] (${rowLabels[d.i]}, ${colLabels[d.j]}) = ${full(d.value)}`);
  if (showValues) {
    cellGroups.append('text').attr('x', (cell - 1) / 2).attr('y', (cell - 1) / 2).attr('dy', '0.35em')
      .attr('text-anchor', 'middle')
      .attr('fill', (d) => (Number.isFinite(d.value) ? textColour(colour(d.value)) : 'currentColor'))
      .text((d) => (spec.valueText ?? cellText)(d.value));
  }

  if (spec.rowSums) {
    const sums = svg.append('g').attr('class', 'row-sums');
    sums.append('text').attr('x', LABEL_WIDTH + cols * cell + sumWidth / 2).attr('y', HEADER_HEIGHT - 8)
      .attr('text-anchor', 'middle').text('row sum');
    sums.selectAll('text.sum').data(Array.from(spec.rowSums)).join('text').attr('class', 'sum')
      .attr('x', LABEL_WIDTH + cols * cell + sumWidth / 2).attr('y', (_, i) => y(i) + cell / 2)
      .attr('dy', '0.35em').attr('text-anchor', 'middle').attr('data-row', (_, i) => i)
      .text((d) => cellText(d));
  }

  drawLegend(svg.append('g').attr('class', 'legend').attr('transform', `translate(${LABEL_WIDTH},${gridBottom + 8})`),
    spec.palette, colour, legendWidth, data);

  let choose = () => {};
  if (spec.interactive) choose = makeInteractive(cellGroups, spec, rowLabels, colLabels, cols);
  else showOnTap(figure, cellGroups, { name, rowLabels, colLabels });

  const tools = figure.append('div').attr('class', 'heatmap-tools');
  const tableId = `${uid}-table`;
  const toggle = tools.append('button').attr('type', 'button').attr('class', 'table-toggle')
    .attr('aria-controls', tableId);
  toggle.append('span').attr('class', 'toggle-label');
  toggle.append('span').attr('class', 'visually-hidden').text(` ${name}`);
  const tableBox = figure.append('div').attr('class', 'matrix-table').attr('id', tableId);
  const setOpen = (open) => {
    toggle.attr('aria-expanded', String(open)).select('.toggle-label').text(open ? 'Hide table' : 'Show as table');
    tableBox.attr('hidden', open ? null : true);
    if (open && tableBox.select('table').empty()) drawTable(tableBox, spec, (i, j) => choose(i, j));
    if (open) openTables.add(name); else openTables.delete(name);
  };
  toggle.on('click', () => setOpen(tableBox.attr('hidden') !== null));
  setOpen(openTables.has(name));

  addExport(tools.node(), {
    name,
    svg: svg.node(),
    matrices: [{ name, rows, cols, data, rowLabels, colLabels, rowAxis, colAxis }],
  });
  return figure.node();
}

function legendText(palette, colour) {
  const [lo, , hi] = palette === 'weights' ? [0, 0, 1] : palette === 'counts' ? [0, 0, colour.domain()[1]] : colour.domain();
  if (palette === 'counts') return `Colour: light for count 0 to dark blue for count ${num(hi)}.`;
  return palette === 'weights'
    ? 'Colour: light for weight 0 to dark blue for weight 1.'
    : `Colour: blue for negative (down to ${num(lo)}), white for 0, red for positive (up to ${num(hi)}).`;
}

/** A colour bar with its end and middle values, drawn in the SVG so it is exported too. */
function drawLegend(g, palette, colour, width, data) {
  const [lo, mid, hi] = palette === 'weights' ? [0, 0.5, 1] : palette === 'counts' ? [0, colour.domain()[1] / 2, colour.domain()[1]] : colour.domain();
  const step = width / LEGEND_STEPS;
  g.append('g').attr('class', 'legend-bar').selectAll('rect').data(range(LEGEND_STEPS)).join('rect')
    .attr('x', (k) => k * step).attr('width', step + 0.5).attr('height', 10)
    .attr('fill', (k) => colour(lo + ((hi - lo) * (k + 0.5)) / LEGEND_STEPS));
  g.append('rect').attr('class', 'legend-frame').attr('width', width).attr('height', 10).attr('fill', 'none');
  const ticks = g.append('g').attr('class', 'legend-ticks');
  for (const [v, anchor, at] of [[lo, 'start', 0], [mid, 'middle', width / 2], [hi, 'end', width]]) {
    ticks.append('text').attr('x', at).attr('y', 24).attr('text-anchor', anchor).text(cellText(v));
  }
  const masked = Array.from(data).some((v) => !Number.isFinite(v));
  const key = g.append('text').attr('class', 'legend-title').attr('x', width + 8).attr('y', 9);
  key.text(palette === 'weights' ? 'weight' : palette === 'counts' ? 'count' : 'value');
  if (masked) {
    const m = g.append('g').attr('class', 'legend-masked').attr('transform', `translate(${width + 8},14)`);
    m.append('rect').attr('width', 10).attr('height', 10).attr('fill', 'var(--masked)');
    m.append('text').attr('x', 14).attr('y', 9).text('masked (−∞)');
  }
}

/** The matrix as a table: headers on both axes, arrow keys (and Home/End) move between cells. */
function drawTable(box, spec, onPick) {
  const { name, matrix, rowLabels, colLabels, rowAxis, colAxis } = spec;
  const { rows, cols, data } = matrix;
  const scroll = box.append('div').attr('class', 'table-scroll').attr('role', 'region')
    .attr('aria-label', `${name} as a table`).attr('tabindex', 0);
  const table = scroll.append('table').attr('class', 'matrix');
  table.append('caption').text(`${name} ${shapeText(rows, cols)}: rows are ${rowAxis}, columns are ${colAxis}. Arrow keys move between cells.`);
  const head = table.append('thead').append('tr');
  head.append('th').attr('scope', 'col').text(`${rowAxis} \\ ${colAxis}`);
  colLabels.forEach((label, j) => head.append('th').attr('scope', 'col').text(label).append('span').attr('class', 'index').text(` ${j}`));
  const body = table.append('tbody');
  for (let i = 0; i < rows; i++) {
    const tr = body.append('tr');
    tr.append('th').attr('scope', 'row').text(rowLabels[i]).append('span').attr('class', 'index').text(` ${i}`);
    for (let j = 0; j < cols; j++) {
      const v = data[i * cols + j];
      tr.append('td').attr('data-i', i).attr('data-j', j).attr('tabindex', i === 0 && j === 0 ? 0 : -1)
        .attr('aria-label', `${name} row ${rowLabels[i]} (${i}), column ${colLabels[j]} (${j}): ${num(v)}`)
        .attr('title', full(v))
        .text(num(v));
    }
  }
  const tds = () => table.selectAll('td');
  table.on('keydown', (event) => {
    const td = event.target.closest('td');
    if (!td) return;
    let i = Number(td.dataset.i);
    let j = Number(td.dataset.j);
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    if (moves[event.key]) [i, j] = [i + moves[event.key][0], j + moves[event.key][1]];
    else if (event.key === 'Home') j = 0;
    else if (event.key === 'End') j = cols - 1;
    else if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); onPick(i, j); return; }
    else return;
    event.preventDefault();
    i = Math.min(rows - 1, Math.max(0, i));
    j = Math.min(cols - 1, Math.max(0, j));
    const next = table.select(`td[data-i="${i}"][data-j="${j}"]`);
    tds().attr('tabindex', -1);
    next.attr('tabindex', 0).node().focus();
  });
  table.on('click', (event) => {
    const td = event.target.closest('td');
    if (td) onPick(Number(td.dataset.i), Number(td.dataset.j));
  });
}

function makeInteractive(cellGroups, spec, rowLabels, colLabels, cols) {
  const [si, sj] = spec.selected ?? [0, 0];
  cellGroups
    .attr('tabindex', (d) => (d.i === si && d.j === sj ? 0 : -1))
    .attr('role', 'button')
    .attr('aria-label', (d) => `${spec.name} row ${rowLabels[d.i]}, column ${colLabels[d.j]}: ${cellText(d.value)}`)
    .classed('selected', (d) => d.i === si && d.j === sj)
    .on('mouseenter focus', (event, d) => choose(d))
    .on('click', (event, d) => choose(d))
    .on('keydown', (event, d) => {
      const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      const rows = spec.matrix.rows;
      const ni = Math.min(rows - 1, Math.max(0, d.i + move[0]));
      const nj = Math.min(cols - 1, Math.max(0, d.j + move[1]));
      const next = cellGroups.filter((c) => c.i === ni && c.j === nj).node();
      if (next) next.focus();
    });

  function choose(d) {
    cellGroups.attr('tabindex', -1).classed('selected', false);
    cellGroups.filter((c) => c === d).attr('tabindex', 0).classed('selected', true);
    spec.onSelect?.(d.i, d.j);
  }
  return (i, j) => choose(cellGroups.filter((c) => c.i === i && c.j === j).datum());
}

/**
 * A phone has no hover titles: a tap (or click) on a cell writes its exact value under the map.
 * Keyboard and screen-reader users have the table equivalent.
 */
function showOnTap(figure, cellGroups, { name, rowLabels, colLabels }) {
  const readout = figure.append('p').attr('class', 'cell-readout').attr('aria-live', 'polite');
  cellGroups.on('click', (_, d) => {
    cellGroups.classed('picked', (c) => c === d);
    readout.text(`${name}[${d.i}, ${d.j}] (${rowLabels[d.i]}, ${colLabels[d.j]}) = ${full(d.value)}`);
  });
}
