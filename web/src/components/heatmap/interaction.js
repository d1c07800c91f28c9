// Pointer and keyboard on the map. Interactive cells (spec.interactive) are chosen by hover, tap,
// focus or Enter, and `onSelect(i, j)` is called; the cells of any other map are picked (their
// exact value written under it) by a tap or by focus (issue 15). One Tab stop per map (its chosen
// or picked cell, else the first; the large map's cursor), the arrow keys move. One delegated
// listener per event serves the whole map, so the listeners survive every update of the cells.
import { readOut, sameCell, showChoice, showMarks } from './marks.js';
import { setZoom } from './zoom.js';

export const MOVES = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
const PAGE = 8;

/** The interactive map's selection (the inspector follows it). */
export function choose(hm, [i, j]) {
  hm.selected = [i, j];
  showChoice(hm);
  hm.spec.onSelect?.(i, j);
}

/** Another map's picked cell: its exact value goes under the map; a small map's Tab stop follows it. */
export function pick(hm, [i, j]) {
  hm.picked = [i, j];
  readOut(hm, i, j);
  showChoice(hm);
}

/** Chooses on an interactive map, picks on another. */
export function chooseOrPick(hm, at) {
  if (hm.spec.interactive) choose(hm, at);
  else pick(hm, at);
}

/** The cell of the large map's image under a pointer event, or null. */
function cellAtPointer(hm, event) {
  const image = hm.svg.select('image.cells-image').node();
  if (!image) return null;
  const r = image.getBoundingClientRect();
  const { rows, cols } = hm.spec.matrix;
  const j = Math.floor(((event.clientX - r.left) / r.width) * cols);
  const i = Math.floor(((event.clientY - r.top) / r.height) * rows);
  return i >= 0 && j >= 0 && i < rows && j < cols ? [i, j] : null;
}

function cellOf(hm, event) {
  if (hm.mode === 'svg') {
    const g = event.target.closest?.('g.cell');
    return g ? [g.__data__.i, g.__data__.j] : null;
  }
  return event.target.classList?.contains('cells-cursor') ? cellAtPointer(hm, event) : null;
}

/** Where a key moves from `[i, j]`, or null for a key that moves nothing. */
function moveByKey(key, [i, j], { rows, cols }, mode) {
  if (MOVES[key]) [i, j] = [i + MOVES[key][0], j + MOVES[key][1]];
  else if (mode === 'svg') return null; // a small map moves with the arrows only
  else if (key === 'Home') j = 0;
  else if (key === 'End') j = cols - 1;
  else if (key === 'PageUp') i -= PAGE;
  else if (key === 'PageDown') i += PAGE;
  else return null;
  return [Math.min(rows - 1, Math.max(0, i)), Math.min(cols - 1, Math.max(0, j))];
}

/** Moves the large map's keyboard cursor (shown dashed) to `at`. */
function moveCursor(hm, at) {
  hm.cursor = at;
  hm.focused = true;
  readOut(hm, ...at);
  if (hm.spec.interactive) choose(hm, at);
  showMarks(hm);
}

export function listen(hm) {
  const { svg } = hm;
  svg.on('pointermove', (event) => onPointerMove(hm, event));
  svg.on('pointerleave', () => {
    if (hm.mode !== 'image') return;
    hm.hover = null;
    showMarks(hm);
  });
  svg.on('click', (event) => onClick(hm, event));
  svg.on('focusin', (event) => onFocus(hm, event));
  svg.on('focusout', () => {
    hm.focused = false;
    if (hm.mode === 'image') showMarks(hm);
  });
  svg.on('keydown', (event) => onKey(hm, event));
  svg.on('wheel', (event) => {
    // Ctrl + wheel (and a trackpad pinch, which Chromium reports so) zooms a large map
    if (hm.mode !== 'image' || !event.ctrlKey) return;
    event.preventDefault();
    setZoom(hm, hm.zoomLevel + (event.deltaY < 0 ? 1 : -1));
  });
}

function onPointerMove(hm, event) {
  const at = cellOf(hm, event);
  if (!at) return;
  if (hm.mode === 'image') {
    hm.hover = at;
    readOut(hm, ...at);
    showMarks(hm);
  }
  if (hm.spec.interactive && (hm.mode === 'image' || !sameCell(at, hm.selected))) choose(hm, at);
}

function onClick(hm, event) {
  const at = cellOf(hm, event);
  if (!at) return;
  chooseOrPick(hm, at);
  if (hm.mode === 'image') {
    hm.cursor = at;
    showMarks(hm);
  }
}

function onFocus(hm, event) {
  if (hm.mode === 'svg') {
    const at = cellOf(hm, event);
    if (at && hm.spec.interactive) choose(hm, at);
    else if (at && !sameCell(at, hm.picked)) pick(hm, at);
  } else if (event.target.classList.contains('cells-cursor')) {
    // a click focuses too; the dashed keyboard cursor shows only for keyboard focus
    hm.focused = event.target.matches(':focus-visible');
    readOut(hm, ...hm.cursor);
    if (hm.spec.interactive) choose(hm, hm.cursor);
    showMarks(hm);
  }
}

function onKey(hm, event) {
  const from = hm.mode === 'svg' ? cellOf(hm, event) : hm.cursor;
  if (!from) return;
  if ((event.key === 'Enter' || event.key === ' ') && hm.spec.interactive) {
    event.preventDefault();
    choose(hm, from);
    return;
  }
  const to = moveByKey(event.key, from, hm.spec.matrix, hm.mode);
  if (!to) return;
  event.preventDefault();
  if (hm.mode === 'svg') {
    // focus moves to the cell, and its focusin chooses or picks it
    hm.svg.selectAll('g.cell').filter((d) => d.i === to[0] && d.j === to[1]).node()?.focus();
  } else moveCursor(hm, to);
}
