// A matrix drawn as a heatmap with D3: one rect per value, labelled rows and columns,
// optional values in the cells and an optional row-sum column. Cells can be focused with the
// keyboard (arrow keys) or hovered; `onSelect(i, j)` is called for either.
import { select, scaleBand, scaleDiverging, scaleSequential, interpolateRdBu, interpolateBlues, max, hsl } from 'd3';
import { cellText, full, shapeText } from '../format.js';

const LABEL_WIDTH = 74;
const HEADER_HEIGHT = 64;

function colourScale(palette, data) {
  if (palette === 'weights') return scaleSequential(interpolateBlues).domain([0, 1]);
  const finite = Array.from(data).filter(Number.isFinite);
  const extent = max(finite, (v) => Math.abs(v)) || 1;
  // Reversed RdBu: negative blue, positive red (ColorBrewer, colour-blind safe).
  return scaleDiverging((t) => interpolateRdBu(1 - t)).domain([-extent, 0, extent]);
}

function textColour(fill) {
  return hsl(fill).l > 0.55 ? '#111' : '#fff';
}

/**
 * @param {HTMLElement} container  emptied and filled with a <figure>
 * @param {object} spec  {name, matrix:{rows,cols,data}, rowLabels, colLabels, rowAxis, colAxis,
 *   palette:'diverging'|'weights', rowSums?, interactive?, selected?:[i,j], onSelect?, note?,
 *   cell?:[where, code] (the notebook cell the values come from),
 *   valueText?: (value) => string (how a cell value is written; default cellText)}
 */
export function drawHeatmap(container, spec) {
  const { name, matrix, rowLabels, colLabels, rowAxis, colAxis } = spec;
  const { rows, cols, data } = matrix;
  const colour = colourScale(spec.palette, data);
  const cell = Math.max(14, Math.min(46, Math.floor(400 / Math.max(cols, 1))));
  const showValues = cell >= 36;
  const sumWidth = spec.rowSums ? 56 : 0;
  const width = LABEL_WIDTH + cols * cell + sumWidth + 4;
  const height = HEADER_HEIGHT + rows * cell + 4;

  const figure = select(container).html('').append('figure').attr('class', 'heatmap').attr('data-name', name);
  const caption = figure.append('figcaption');
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
    .attr('aria-label', `${name}, ${rows} by ${cols}: rows are ${rowAxis}, columns are ${colAxis}`);

  const x = scaleBand().domain(Array.from({ length: cols }, (_, j) => j)).range([LABEL_WIDTH, LABEL_WIDTH + cols * cell]);
  const y = scaleBand().domain(Array.from({ length: rows }, (_, i) => i)).range([HEADER_HEIGHT, HEADER_HEIGHT + rows * cell]);

  svg.append('g').attr('class', 'row-labels').selectAll('text').data(rowLabels).join('text')
    .attr('x', LABEL_WIDTH - 6).attr('y', (_, i) => y(i) + cell / 2).attr('dy', '0.35em')
    .attr('text-anchor', 'end').text((d) => truncate(d, 10));
  svg.append('g').attr('class', 'col-labels').selectAll('text').data(colLabels).join('text')
    .attr('transform', (_, j) => `translate(${x(j) + cell / 2},${HEADER_HEIGHT - 6}) rotate(-50)`)
    .text((d) => truncate(d, 9));

  const cells = [];
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) cells.push({ i, j, value: data[i * cols + j] });

  const group = svg.append('g').attr('class', 'cells');
  const cellGroups = group.selectAll('g').data(cells).join('g').attr('class', 'cell')
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

  if (spec.interactive) makeInteractive(cellGroups, spec, rowLabels, colLabels, cols);
  return figure.node();
}

function makeInteractive(cellGroups, spec, rowLabels, colLabels, cols) {
  const [si, sj] = spec.selected ?? [0, 0];
  cellGroups
    .attr('tabindex', (d) => (d.i === si && d.j === sj ? 0 : -1))
    .attr('role', 'button')
    .attr('data-i', (d) => d.i)
    .attr('data-j', (d) => d.j)
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
}

function truncate(text, n) {
  return text.length > n ? `${text.slice(0, n - 1)}…` : text;
}
