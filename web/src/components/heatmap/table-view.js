// The map as a real <table> (for screen readers and keyboards), behind the "Show as table"
// toggle: headers on both axes, the arrow keys (and Home/End) move between cells, Enter or a tap
// chooses or picks the cell as on the map. A large matrix is shown a window of rows and columns
// at a time, moved with buttons or by walking past its edge with the arrow keys, so that a
// 1024 × 1024 matrix is not a million cells. The table is built once and then updated in place:
// its rows and cells are joined by index, so a cell that stays keeps its element (and focus).
import { select } from 'd3';
import { full, num, shapeText } from '../../format.js';
import { chooseOrPick, MOVES } from './interaction.js';

const TABLE_PAGE_ROWS = 32;
const TABLE_PAGE_COLS = 16;
// Tables the learner opened stay open when a view draws a new figure of the same matrix (by name).
const openTables = new Set();

export function isTableOpen(hm) {
  return hm.tableBox.attr('hidden') === null;
}

/** Opens the table of a map whose matrix (by name) had it open, or whose figure has it open. */
export function restoreTable(hm) {
  setTableOpen(hm, isTableOpen(hm) || openTables.has(hm.spec.name));
}

export function setTableOpen(hm, open) {
  const { toggle, tableBox, spec } = hm;
  toggle.attr('aria-expanded', String(open)).select('.toggle-label').text(open ? 'Hide table' : 'Show as table');
  tableBox.attr('hidden', open ? null : true);
  if (open) renderTable(hm);
  if (open) openTables.add(spec.name); else openTables.delete(spec.name);
}

/** Which rows and columns the table shows: {r0, c0, pageRows, pageCols, paged}. */
function tableWindow(hm) {
  const { rows, cols } = hm.spec.matrix;
  const paged = rows > TABLE_PAGE_ROWS || cols > TABLE_PAGE_COLS;
  const pageRows = paged ? Math.min(rows, TABLE_PAGE_ROWS) : rows;
  const pageCols = paged ? Math.min(cols, TABLE_PAGE_COLS) : cols;
  const [r, c] = hm.tableOrigin;
  const r0 = Math.max(0, Math.min(r, rows - pageRows));
  const c0 = Math.max(0, Math.min(c, cols - pageCols));
  hm.tableOrigin = [r0, c0];
  return { r0, c0, pageRows, pageCols, paged };
}

/** Draws the table for the spec now (an open table is updated with every update of the map). */
function renderTable(hm) {
  const win = tableWindow(hm);
  hm.tableStop = clampInto(hm.tableStop ?? [win.r0, win.c0], win);
  drawPager(hm, win);
  const table = tableSkeleton(hm);
  writeCaption(hm, table, win);
  drawHead(hm, table, win);
  drawBody(hm, table, win);
}

function clampInto([i, j], { r0, c0, pageRows, pageCols }) {
  return [Math.min(r0 + pageRows - 1, Math.max(r0, i)), Math.min(c0 + pageCols - 1, Math.max(c0, j))];
}

const span = (from, count) => Array.from({ length: count }, (_, k) => from + k);

/** The scrolling region and the table in it, made once with their listeners. */
function tableSkeleton(hm) {
  const box = hm.tableBox;
  let table = box.select('table.matrix');
  if (!table.empty()) return table;
  const scroll = box.append('div').attr('class', 'table-scroll').attr('role', 'region').attr('tabindex', 0);
  table = scroll.append('table').attr('class', 'matrix');
  table.append('caption');
  table.append('thead').append('tr');
  table.append('tbody');
  table.on('keydown', (event) => onTableKey(hm, event));
  table.on('click', (event) => {
    const td = event.target.closest('td');
    if (td) chooseOrPick(hm, [Number(td.dataset.i), Number(td.dataset.j)]);
  });
  return table;
}

function writeCaption(hm, table, { r0, c0, pageRows, pageCols, paged }) {
  const { name, matrix: { rows, cols }, rowAxis, colAxis } = hm.spec;
  hm.tableBox.select('.table-scroll').attr('aria-label', `${name} as a table`);
  const shown = paged ? ` Shown: rows ${r0} to ${r0 + pageRows - 1}, columns ${c0} to ${c0 + pageCols - 1}.` : '';
  table.select('caption').text(`${name} ${shapeText(rows, cols)}: rows are ${rowAxis}, columns are ${colAxis}.${shown} Arrow keys move between cells.`);
}

/** A header's label with its index after it. */
function writeHeader(th, label, index) {
  th.text(label).append('span').attr('class', 'index').text(` ${index}`);
}

function drawHead(hm, table, { c0, pageCols }) {
  const { rowAxis, colAxis, colLabels } = hm.spec;
  // the corner first (key 'axes'), then one header per column shown
  table.select('thead tr').selectAll('th').data(['axes', ...span(c0, pageCols)], (d) => d).join('th').order()
    .attr('scope', 'col')
    .each(function header(j) {
      if (j === 'axes') this.textContent = `${rowAxis} \\ ${colAxis}`;
      else writeHeader(select(this), colLabels[j], j);
    });
}

function drawBody(hm, table, { r0, c0, pageRows, pageCols }) {
  const { name, rowLabels, colLabels, matrix: { cols, data } } = hm.spec;
  const [si, sj] = hm.tableStop;
  const rows = table.select('tbody').selectAll('tr').data(span(r0, pageRows), (i) => i).join('tr').order();
  rows.selectAll('th').data((i) => [i]).join('th').attr('scope', 'row')
    .each(function header(i) { writeHeader(select(this), rowLabels[i], i); });
  rows.selectAll('td').data((i) => span(c0, pageCols).map((j) => ({ i, j, v: data[i * cols + j] })), (d) => d.j).join('td').order()
    .attr('data-i', (d) => d.i).attr('data-j', (d) => d.j)
    .attr('tabindex', (d) => (d.i === si && d.j === sj ? 0 : -1))
    .attr('aria-label', (d) => `${name} row ${rowLabels[d.i]} (${d.i}), column ${colLabels[d.j]} (${d.j}): ${num(d.v)}`)
    .attr('title', (d) => full(d.v))
    .text((d) => num(d.v));
}

/** The pager of a large matrix's table: buttons that move the window, and what it shows. */
function drawPager(hm, { r0, c0, pageRows, pageCols, paged }) {
  const { name, matrix: { rows, cols } } = hm.spec;
  const nav = hm.tableBox.selectAll('div.table-pager').data(paged ? [0] : []).join((enter) => enterPager(hm, enter));
  if (!paged) return;
  nav.attr('aria-label', `${name}: which rows and columns the table shows`);
  nav.select('[data-page="up"]').attr('disabled', r0 === 0 ? true : null);
  nav.select('[data-page="down"]').attr('disabled', r0 + pageRows >= rows ? true : null);
  nav.select('[data-page="left"]').attr('disabled', c0 === 0 ? true : null);
  nav.select('[data-page="right"]').attr('disabled', c0 + pageCols >= cols ? true : null);
  nav.select('.table-window').text(`rows ${r0}–${r0 + pageRows - 1} of ${rows}, columns ${c0}–${c0 + pageCols - 1} of ${cols}`);
}

function enterPager(hm, enter) {
  // before the table, which may already be there
  const nav = enter.insert('div', () => hm.tableBox.node().firstChild).attr('class', 'table-pager').attr('role', 'group');
  const page = (dr, dc) => () => {
    const { r0, c0, pageRows, pageCols } = tableWindow(hm);
    hm.tableOrigin = [r0 + dr * pageRows, c0 + dc * pageCols];
    renderTable(hm);
  };
  nav.append('button').attr('type', 'button').attr('data-page', 'up').text('↑ rows').on('click', page(-1, 0));
  nav.append('button').attr('type', 'button').attr('data-page', 'down').text('↓ rows').on('click', page(1, 0));
  nav.append('button').attr('type', 'button').attr('data-page', 'left').text('← columns').on('click', page(0, -1));
  nav.append('button').attr('type', 'button').attr('data-page', 'right').text('→ columns').on('click', page(0, 1));
  nav.append('span').attr('class', 'table-window');
  return nav;
}

function onTableKey(hm, event) {
  const td = event.target.closest('td');
  if (!td) return;
  const { rows, cols } = hm.spec.matrix;
  let i = Number(td.dataset.i);
  let j = Number(td.dataset.j);
  if (MOVES[event.key]) [i, j] = [i + MOVES[event.key][0], j + MOVES[event.key][1]];
  else if (event.key === 'Home') j = 0;
  else if (event.key === 'End') j = cols - 1;
  else if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); chooseOrPick(hm, [i, j]); return; }
  else return;
  event.preventDefault();
  i = Math.min(rows - 1, Math.max(0, i));
  j = Math.min(cols - 1, Math.max(0, j));
  moveTableFocus(hm, [i, j]);
}

/** Focus goes to the cell; past the window's edge, the window follows it first. */
function moveTableFocus(hm, [i, j]) {
  const { r0, c0, pageRows, pageCols } = tableWindow(hm);
  const follow = (k, k0, size) => (k < k0 ? k : k >= k0 + size ? k - size + 1 : k0);
  hm.tableOrigin = [follow(i, r0, pageRows), follow(j, c0, pageCols)];
  hm.tableStop = [i, j];
  renderTable(hm);
  hm.tableBox.select(`td[data-i="${i}"][data-j="${j}"]`).node()?.focus();
}
