// The embedding space's scatter on a canvas (thousands of points: one canvas, not an SVG node
// each). 2-D: the layout as it is. 3-D: rotated by dragging (mouse, pen or one finger) and drawn
// with an orthographic view. The wheel or a two-finger pinch zooms. Click or tap a point to pick
// it. Nothing here computes the layout; it only maps given coordinates to pixels.
import { interpolateViridis } from 'd3';
import { watchWidth } from './watch-width.js';

const HIT_PX = 10;
const LABEL_PX = 12; // the labels' size on screen (the readable-text test reads it from the canvas)

/**
 * @param {HTMLElement} holder
 * @param {{onPick: (index: number) => void}} spec
 * @returns {{draw(frame), resize()}} frame: {layout: Float32Array, outDim, colours: string[] | null
 *   (one per point: drawn as discs, for labelled points such as senses), selected: number,
 *   marked: Set<number>, listed: Set<number>, labels: string[]}
 */
export function createSpacePlot(holder, { onPick }) {
  const canvas = document.createElement('canvas');
  canvas.className = 'space-canvas';
  canvas.setAttribute('role', 'img');
  // named from the start: the first layout comes from a worker, and a screen reader (or axe) may
  // meet the canvas before it
  canvas.setAttribute('aria-label', 'Scatter of the points, waiting for the first layout. The lists below give the same neighbours as text.');
  canvas.dataset.labelPx = String(LABEL_PX);
  holder.append(canvas);
  // the canvas is sized in pixels when painted: a narrower window (a phone turned, an iframe
  // resized) paints it again at the new width, and says so to the page's width signal
  watchWidth(holder, () => paint());
  const view = { yaw: 0.6, pitch: 0.3, zoom: 1 };
  let frame = null;
  let screen = new Float32Array(0); // the last drawn pixel position of every point
  const pointers = new Map();
  let moved = 0;
  let pinch = 0;

  canvas.addEventListener('pointerdown', (e) => {
    canvas.setPointerCapture(e.pointerId);
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    moved = 0;
  });
  canvas.addEventListener('pointermove', (e) => {
    const last = pointers.get(e.pointerId);
    if (!last) return;
    const dx = e.clientX - last.x, dy = e.clientY - last.y;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    moved += Math.abs(dx) + Math.abs(dy);
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const span = Math.hypot(a.x - b.x, a.y - b.y);
      if (pinch) zoomBy(span / pinch);
      pinch = span;
    } else if (frame?.outDim === 3) {
      view.yaw += dx * 0.01;
      view.pitch = Math.max(-1.5, Math.min(1.5, view.pitch + dy * 0.01));
      paint();
    }
  });
  const release = (e) => {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = 0;
    if (e.type === 'pointerup' && moved < 6 && pointers.size === 0) pickAt(e);
  };
  canvas.addEventListener('pointerup', release);
  canvas.addEventListener('pointercancel', release);
  canvas.addEventListener('wheel', (e) => {
    e.preventDefault();
    zoomBy(Math.exp(-e.deltaY * 0.0015));
  }, { passive: false });

  function zoomBy(factor) {
    view.zoom = Math.max(0.5, Math.min(40, view.zoom * factor));
    paint();
  }

  function pickAt(e) {
    const r = canvas.getBoundingClientRect();
    const x = e.clientX - r.left, y = e.clientY - r.top;
    let best = -1, bestD = HIT_PX * HIT_PX;
    for (let i = 0; i < screen.length / 2; i++) {
      const d = (screen[2 * i] - x) ** 2 + (screen[2 * i + 1] - y) ** 2;
      if (d < bestD) { bestD = d; best = i; }
    }
    if (best >= 0) onPick(best);
  }

  const project = (width, height) => screenPositions(frame.layout, frame.outDim, width, height, view);

  function paint() {
    if (!frame) return;
    const width = holder.clientWidth || 300;
    const height = Math.round(Math.min(width, 560) * 0.8);
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    const g = canvas.getContext('2d');
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, width, height);
    screen = project(width, height);
    const n = screen.length / 2;
    const dot = n > 5000 ? 1.6 : 2.4;
    if (frame.colours) paintClasses(g, n); // a few labelled points: each a disc in its class's colour
    else for (let i = 0; i < n; i++) {
      if (frame.listed.has(i) || frame.marked.has(i) || i === frame.selected) continue;
      g.fillStyle = frame.listed.size ? '#9aa0a6' : interpolateViridis(0.9 * (i / Math.max(n - 1, 1)));
      g.globalAlpha = frame.listed.size ? 0.45 : 0.7;
      g.fillRect(screen[2 * i] - dot / 2, screen[2 * i + 1] - dot / 2, dot, dot);
    }
    g.globalAlpha = 1;
    g.font = `${LABEL_PX}px system-ui, sans-serif`;
    const listed = [...frame.listed].map((i) => ({ i, colour: '#d95f02', radius: 3, label: frame.labels[i] }));
    // labelled points (senses) sit close together: only the selected one is named, the lists name the rest
    const marked = [...frame.marked].map((i) => ({ i, colour: '#1b9e77', radius: 3.5, label: frame.colours ? '' : frame.labels[i] }));
    const selected = frame.selected >= 0 ? [{ i: frame.selected, colour: '#c00', radius: 5, label: frame.labels[frame.selected] }] : [];
    for (const r of [...listed, ...marked, ...selected]) ring(g, r); // the selected ring on top
    // names last, the selected word's first, then its neighbours nearest first: a name that would
    // cover another is left out (the lists below the plot name every ringed word)
    const named = [...selected, ...marked, ...listed].filter((r) => r.label).map((r) => ({
      ...r, x: screen[2 * r.i], y: screen[2 * r.i + 1], width: g.measureText(r.label).width,
    }));
    for (const place of placeLabels(named, LABEL_PX)) {
      g.fillStyle = place.colour;
      g.fillText(place.label, place.left, place.baseline);
    }
  }

  function paintClasses(g, n) {
    g.globalAlpha = 0.9;
    for (let i = 0; i < n; i++) {
      g.fillStyle = frame.colours[i];
      g.beginPath();
      g.arc(screen[2 * i], screen[2 * i + 1], 4, 0, 2 * Math.PI);
      g.fill();
    }
  }

  function ring(g, { i, colour, radius }) {
    g.strokeStyle = colour;
    g.lineWidth = 2;
    g.beginPath();
    g.arc(screen[2 * i], screen[2 * i + 1], radius, 0, 2 * Math.PI);
    g.stroke();
  }

  return {
    draw(next) {
      frame = next;
      paint();
      canvas.setAttribute('aria-label', `Scatter of ${next.layout.length / next.outDim} points in ${next.outDim} display dimensions${next.selected >= 0 ? `, “${next.labels[next.selected]}” selected` : ''}. The lists below give the same neighbours as text.`);
    },
    resize: paint,
  };
}

/**
 * Where to write each ring's name, in the order given (the first wins a contested place): to the
 * upper right of its ring, else its upper left, lower right or lower left, the first of these
 * whose box overlaps no name placed before; a name with no free place is left out. Items:
 * {x, y, radius, width, label, ...}; returns the placed ones with {left, baseline} (canvas text
 * coordinates) added.
 */
export function placeLabels(items, textPx) {
  const boxes = [];
  const overlaps = (a) => boxes.some((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom);
  const placed = [];
  for (const item of items) {
    const gap = item.radius + 2;
    const candidates = [
      { left: item.x + gap, baseline: item.y - item.radius },
      { left: item.x - gap - item.width, baseline: item.y - item.radius },
      { left: item.x + gap, baseline: item.y + item.radius + textPx },
      { left: item.x - gap - item.width, baseline: item.y + item.radius + textPx },
    ];
    for (const c of candidates) {
      // the text's box: a little below the baseline for descenders, textPx above it
      const box = { left: c.left, right: c.left + item.width, top: c.baseline - textPx, bottom: c.baseline + 0.25 * textPx };
      if (overlaps(box)) continue;
      boxes.push(box);
      placed.push({ ...item, ...c });
      break;
    }
  }
  return placed;
}

/**
 * The points in pixels (x, y pairs): 2-D as given; 3-D rotated (yaw, pitch) and seen along z.
 * The layout is framed on its own extent, centred on the middle of each axis's range and as large
 * as the canvas allows: a UMAP layout lies anywhere (its axes start in [0, 10]), and one group far
 * from the rest must not push the others into a corner, as centring on 0 did.
 */
export function screenPositions(layout, outDim, width, height, view = { yaw: 0, pitch: 0, zoom: 1 }) {
  const n = layout.length / outDim;
  const flat = new Float32Array(2 * n);
  const centre = new Float64Array(outDim);
  for (let a = 0; a < outDim; a++) {
    let lo = Infinity, hi = -Infinity;
    for (let i = 0; i < n; i++) {
      const v = layout[i * outDim + a];
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    centre[a] = n ? (lo + hi) / 2 : 0;
  }
  const cy = Math.cos(view.yaw), sy = Math.sin(view.yaw), cp = Math.cos(view.pitch), sp = Math.sin(view.pitch);
  let maxX = 1e-12, maxY = 1e-12;
  for (let i = 0; i < n; i++) {
    let x = layout[i * outDim] - centre[0], y = layout[i * outDim + 1] - centre[1];
    if (outDim === 3) {
      const z = layout[i * outDim + 2] - centre[2];
      const x1 = cy * x + sy * z, z1 = -sy * x + cy * z;
      const y1 = cp * y - sp * z1;
      x = x1; y = y1;
    }
    flat[2 * i] = x; flat[2 * i + 1] = y;
    maxX = Math.max(maxX, Math.abs(x));
    maxY = Math.max(maxY, Math.abs(y));
  }
  // one scale for both axes: the "nearest on the screen" lists measure the layout unstretched
  const scale = Math.min((width / 2 - 12) / maxX, (height / 2 - 12) / maxY) * view.zoom;
  for (let i = 0; i < n; i++) {
    flat[2 * i] = width / 2 + flat[2 * i] * scale;
    flat[2 * i + 1] = height / 2 - flat[2 * i + 1] * scale;
  }
  return flat;
}
