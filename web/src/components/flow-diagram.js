// The whiteboard flow for one base token, drawn with D3 from a flow report of the core
// (AttentionCore.flow). One row per token j: its vector(s), the score, exp term, coefficient,
// the scaled vector and the running sum; the base token on top, y_i at the bottom. On a narrow
// box each row is a small card of three lines instead (flow-layout.js). Parts of the
// diagram that later steps reveal are drawn as faint outlines; the part the current step reveals
// fades in (or simply appears, under prefers-reduced-motion). Nothing here computes: every
// number is read from the report.
import { select, scaleDiverging, interpolateRdBu, max, hsl, rgb, transition } from 'd3';
import { cellText, full, num, truncate } from '../format.js';
import { flowLayout } from './flow-layout.js';
import { fitText } from './svg-text.js';
import { widthOf } from './watch-width.js';
import { colourTable } from './heatmap/colour.js';

/** Whether to animate at all: never when the reader asked for reduced motion. */
export function reducedMotion() {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

export function palette(values) {
  const finite = values.filter(Number.isFinite);
  const extent = max(finite, (v) => Math.abs(v)) || 1;
  return scaleDiverging((t) => interpolateRdBu(1 - t)).domain([-extent, 0, extent]);
}

function inkOn(fill) {
  return hsl(fill).l > 0.55 ? '#111' : '#fff';
}

const SUBSCRIPT = { 0: '₀', 1: '₁', 2: '₂', 3: '₃', 4: '₄', 5: '₅', 6: '₆', 7: '₇', 8: '₈', 9: '₉', i: 'ᵢ', j: 'ⱼ', ',': '‚' };

/** A name with subscripts: idx('a', 1, 3) is a₁₃ (a₁‚₁₂ once an index has two digits). */
export function idx(letter, ...indices) {
  const parts = indices.map((k) => Array.from(String(k), (ch) => SUBSCRIPT[ch] ?? ch).join(''));
  return letter + parts.join(indices.some((k) => typeof k === 'number' && k >= 10) ? SUBSCRIPT[','] : '');
}

/** Above this many values, a vector strip is drawn as one image (see strip() below). */
export const STRIP_CELL_LIMIT = 16;
let stripCanvas = null;

/** A PNG data URL of one row of pixels, a value each, in the diagram's colours. */
export function stripImage(values, colour) {
  stripCanvas ??= document.createElement('canvas');
  stripCanvas.width = values.length;
  stripCanvas.height = 1;
  const ctx = stripCanvas.getContext('2d');
  const pixels = ctx.createImageData(values.length, 1);
  const put = pixelColours(colour);
  values.forEach((v, f) => put(v, pixels.data, f * 4));
  ctx.putImageData(pixels, 0, 0);
  return stripCanvas.toDataURL('image/png');
}

// The strips drawn as pixels take their colours from the palette's table (heatmap/colour.js: 1,024
// samples across its range; a strip is a picture of its numbers, their exact values are in its
// title). Asking d3 for each value's colour string and parsing it back took a few µs a value:
// 8,000 values a keystroke at 64 words × d_model 64. The table is made once per range.
let sampled = { key: null, lo: 0, hi: 0, table: null };

/**
 * For a palette(), a function that writes a value's colour (r, g, b, 255) into `pixels` at `at`:
 * the nearest colour of the palette's table; grey for a value that is not finite.
 */
export function pixelColours(colour) {
  const domain = colour.domain();
  const key = domain.join(' ');
  if (sampled.key !== key) sampled = { key, ...colourTable(colour) };
  const { lo, hi, table } = sampled;
  const grey = rgb('#cfcfcf');
  const last = table.length / 4 - 1;
  const perStep = last / (hi - lo);
  return (v, pixels, at) => {
    if (!Number.isFinite(v)) {
      pixels[at] = grey.r; pixels[at + 1] = grey.g; pixels[at + 2] = grey.b; pixels[at + 3] = 255;
      return;
    }
    const k = Math.min(last, Math.max(0, Math.round((v - lo) * perStep))) * 4;
    pixels[at] = table[k]; pixels[at + 1] = table[k + 1]; pixels[at + 2] = table[k + 2]; pixels[at + 3] = 255;
  };
}

/** Text form of a vector for titles and tables: [a, b, c]. */
export function vectorText(values) {
  return `[${Array.from(values, num).join(', ')}]`;
}

/**
 * @param {HTMLElement} container  emptied and filled with the <svg>; its width picks the layout
 *   (components/flow-layout.js), so the diagram always fits it
 * @param {object} spec
 *   report   the core's flow report            steps   [{kind, j?}] of the view
 *   step     index of the current step         tokens  token texts
 *   animate  true to fade in what this step reveals
 *   onPickToken(j)  called when a token label is clicked (pick a new base token)
 */
export function drawFlowDiagram(container, spec) {
  const { report: r, steps, step, tokens } = spec;
  const qkv = r.form === 'qkv';
  const n = tokens.length;
  const at = (kind, j) => steps.findIndex((s) => s.kind === kind && (j === undefined || s.j === j));
  const revealOf = {
    vectors: at('vectors'),
    base: qkv ? at('project') : at('base'),
    project: qkv ? at('project') : -1,
    compare: at('compare'),
    scale: qkv ? at('scale') : -1,
    normalise: at('normalise'),
    coefficients: at('coefficients'),
    output: at('output'),
  };
  const term = (j) => at('term', j);

  const L = flowLayout(widthOf(container), { d: r.values.cols, qkv });
  const cards = L.name === 'cards';
  const compactText = L.name !== 'roomy'; // shorter headers and numbers
  const { x: xs, stripW, stripH, scalarW: SCALAR_W, rowPad: ROW_PAD, cell } = L;
  // a value in each cell only where the strip has room for it; never on a phone's cards, whose
  // cells could only hold it under 11 px (issue 15): there it is in each cell's title and the table
  const showCellText = cell >= 26 && !cards;
  const allValues = [...r.values.data, ...r.keys.data, ...r.partialSums.data, ...r.query, ...r.xBase].filter(Number.isFinite);
  const colour = palette(allValues);

  const rowY = (j) => L.top + j * L.rowH;
  const bottom = rowY(n) + 12;
  const oy = bottom + (cards ? 44 : 30); // the output strip; cards put the row sums above it
  const height = oy + stripH + (cards ? 44 : 66);

  const duration = spec.animate && !reducedMotion() ? 450 : 0;
  // A redraw of the same layout (a keystroke, another step) keeps the svg and its rows: a row is
  // drawn again only when something it shows changed (rowSignature), the few parts above and
  // below the rows are drawn again. The first drawing, a new layout (little of it would stay) and
  // an animated step start from an empty svg.
  const svgClass = `flow-svg layout-${L.name}${compactText ? ' narrow' : ''}`;
  const onPage = container.querySelector(':scope > svg.flow-svg');
  const kept = Boolean(onPage) && !duration && onPage.getAttribute('class') === svgClass;
  const svg = kept ? select(onPage) : select(container).append('svg');
  latestSpec.set(svg.node(), spec); // what a click on a kept row's token answers to
  if (!kept) {
    container.replaceChildren(svg.node()); // one DOM call (d3's selectAll('*').remove() took a third of a 64-word redraw)
    const defs = svg.append('defs');
    defs.append('marker').attr('id', 'flow-arrow').attr('viewBox', '0 0 10 10').attr('refX', 9).attr('refY', 5)
      .attr('markerWidth', 7).attr('markerHeight', 7).attr('orient', 'auto-start-reverse')
      .append('path').attr('d', 'M0,0 L10,5 L0,10 z').attr('class', 'flow-arrowhead');
    for (const name of ['flow-headers', 'flow-base', 'flow-rows', 'flow-tail']) svg.append('g').attr('class', name);
  }
  svg
    .attr('class', svgClass)
    .attr('data-layout', L.name)
    .attr('viewBox', `0 0 ${L.width} ${height}`)
    .attr('width', L.width)
    .attr('height', height)
    .attr('role', 'img')
    .attr('aria-label', `Flow diagram for the output of “${tokens[r.base]}”; the same numbers are in the table below.`);
  // the parts above and below the rows: a few dozen elements, drawn again each time
  const holder = (name) => {
    const g = svg.select(`g.${name}`);
    g.node().replaceChildren();
    return g;
  };

  // A group that belongs to step `s`: outline only before it, fading in at it, plain after it.
  const stage = (parent, s, cls = '') => {
    const g = parent.append('g').attr('class', `flow-part ${cls}`).attr('data-step', s);
    if (s > step) g.classed('ghost', true);
    else if (s === step) {
      g.classed('current', true);
      if (duration) g.attr('opacity', 0).transition(transition().duration(duration)).attr('opacity', 1);
    }
    return g;
  };
  const revealed = (s) => s <= step;

  const dense = cell <= 3; // slivers: no gaps or outlines between cells
  const colourKey = colour.domain().join(',');
  const strip = (g, values, x0, y0, name) => {
    const s = g.append('g').attr('class', `strip${dense ? ' dense' : ''}`).attr('transform', `translate(${x0},${y0})`).attr('data-name', name);
    const vals = Array.from(values);
    // slivers get one outline for the whole strip instead of one per cell
    const outline = () => s.append('rect').attr('class', 'outline').attr('width', stripW).attr('height', stripH - 1);
    if (g.classed('ghost') && (dense || vals.length > STRIP_CELL_LIMIT)) {
      s.classed('as-image', !dense);
      outline();
      return s;
    }
    if (vals.length > STRIP_CELL_LIMIT) {
      // A wide vector is one image, one pixel per value, rather than an element per value
      // (64 rows of 64-wide strips were 50,000 elements). Its title carries every value.
      s.classed('as-image', true);
      s.append('image').attr('href', stripImage(vals, colour)).attr('width', stripW).attr('height', stripH - 1)
        .attr('preserveAspectRatio', 'none').attr('image-rendering', 'optimizeSpeed');
      s.append('title').text(`${name} = [${vals.map(full).join(', ')}]`);
      outline();
      return s;
    }
    const cells = s.selectAll('g').data(vals).join('g').attr('transform', (_, f) => `translate(${f * cell},0)`);
    cells.append('rect').attr('width', dense ? cell : cell - 1).attr('height', stripH - 1)
      .attr('fill', (v) => (g.classed('ghost') ? 'none' : colour(v)));
    // an outline of a later step does not give its numbers away (as the scalar boxes do not)
    if (!g.classed('ghost')) cells.append('title').text((v, f) => `${name}[${f}] = ${full(v)}`);
    if (showCellText && !g.classed('ghost')) {
      cells.append('text').attr('x', (cell - 1) / 2).attr('y', stripH / 2).attr('dy', '0.35em')
        .attr('text-anchor', 'middle').style('fill', (v) => inkOn(colour(v))).text((v) => shortText(v));
    }
    if (dense) outline();
    return s;
  };
  const scalar = (g, value, x0, y0, label, attrs = {}) => {
    const b = g.append('g').attr('class', 'scalar').attr('transform', `translate(${x0},${y0})`);
    for (const [k, v] of Object.entries(attrs)) b.attr(k, v);
    b.append('rect').attr('width', SCALAR_W).attr('height', stripH).attr('rx', 4);
    if (!g.classed('ghost')) {
      b.append('text').attr('x', SCALAR_W / 2).attr('y', stripH / 2).attr('dy', '0.35em').attr('text-anchor', 'middle').text(label);
      b.append('title').text(full(value));
    }
    return b;
  };
  const arrow = (g, x1, y1, x2, y2, label) => {
    g.append('line').attr('class', 'flow-arrow').attr('x1', x1).attr('y1', y1).attr('x2', x2).attr('y2', y2)
      .attr('marker-end', 'url(#flow-arrow)');
    if (label && !g.classed('ghost')) {
      g.append('text').attr('class', 'arrow-label').attr('x', (x1 + x2) / 2).attr('y', (y1 + y2) / 2 - 4)
        .attr('text-anchor', 'middle').text(label);
    }
  };

  // ---- column headers (cards: one line of headers for each line of a card) -------------------
  const headers = holder('flow-headers');
  const header = (s, xh, w, y, text, sub) => {
    const g = stage(headers, s);
    g.append('text').attr('x', xh + w / 2).attr('y', y).attr('text-anchor', 'middle').attr('class', 'col-head').text(text);
    if (sub) g.append('text').attr('x', xh + w / 2).attr('y', y + L.head.sub).attr('text-anchor', 'middle').attr('class', /\d/.test(sub) ? 'col-sub num-text' : 'col-sub').text(sub);
  };
  const projectedNow = qkv && revealed(revealOf.project);
  header(revealOf.vectors, xs.vec, stripW, L.head.vec,
    projectedNow ? (compactText ? `${idx('k', 'j')} / ${idx('v', 'j')}` : `${idx('k', 'j')} (top), ${idx('v', 'j')} (below)`) : idx('x', 'j'),
    projectedNow ? (compactText ? 'keys / values' : `${idx('x', 'j')} W_k, ${idx('x', 'j')} W_v`) : 'row j of X');
  header(revealOf.compare, xs.score, SCALAR_W, L.head.scalar, 'score', qkv ? (revealed(revealOf.scale) && r.divisor !== 1 ? `${idx('q', 'i')}·${idx('k', 'j')} ÷ ${compactText ? cellText(r.divisor) : num(r.divisor)}` : `${idx('q', 'i')}·${idx('k', 'j')}`) : (r.divisor !== 1 ? `${idx('x', 'i')}·${idx('x', 'j')} ÷ ${compactText ? cellText(r.divisor) : num(r.divisor)}` : `${idx('s', 'i', 'j')} = ${idx('x', 'i')}·${idx('x', 'j')}`));
  header(revealOf.normalise, xs.exp, SCALAR_W, L.head.scalar, compactText ? 'exp(s − m)' : 'exp(score − max)', `${compactText ? 'm' : 'max'} = ${compactText ? cellText(r.rowMax) : num(r.rowMax)}`);
  header(revealOf.coefficients, xs.weight, SCALAR_W, L.head.scalar, idx('a', 'i', 'j'), 'coefficient');
  header(term(0), xs.scaled, stripW, L.head.term, `${idx('a', 'i', 'j')} ${idx(qkv ? 'v' : 'x', 'j')}`, 'scalar × vector');
  header(term(0), xs.partial, stripW, L.head.term, 'running sum', 'after adding term j');

  // ---- base block ---------------------------------------------------------------------------
  const baseG = stage(holder('flow-base'), revealOf.base, 'base-block');
  const by = L.baseY;
  const qx = cards ? xs.partial : xs.score + SCALAR_W + L.gap; // where q_i goes
  if (cards) baseG.append('text').attr('class', 'block-label').attr('x', 0).attr('y', 12).text(`base: ${truncate(tokens[r.base], 24)}`);
  else {
    baseG.append('text').attr('class', 'block-label').attr('x', 0).attr('y', by + stripH / 2).attr('dy', '0.35em')
      .text(`base: ${truncate(tokens[r.base], 12)}`);
  }
  strip(baseG, r.xBase, xs.vec, by, idx('x', r.base + 1));
  baseG.append('text').attr('class', 'strip-name').attr('x', xs.vec).attr('y', by - 3).text(`${idx('x', r.base + 1)} (base token)`);
  if (qkv) {
    arrow(baseG, xs.vec + stripW + 4, by + stripH / 2, qx - 6, by + stripH / 2, cards ? '' : '× W_q');
    strip(baseG, r.query, qx, by, idx('q', r.base + 1));
    baseG.append('text').attr('class', 'strip-name').attr('x', qx).attr('y', by - 3)
      .text(`${idx('q', r.base + 1)} = ${idx('x', r.base + 1)} W_q${cards ? '' : ' (query)'}`);
  }

  // ---- one row (cards: one card) per token ----------------------------------------------------
  // Everything a row shows, as one string: a row whose string is the one it was drawn with is
  // left as it is. Typing a letter changes one token's vector; until the scores are revealed,
  // that is the only row drawn again.
  const layoutKey = `${svgClass} ${L.width} ${JSON.stringify(xs)} ${stripW} ${stripH} ${cell} ${L.rowH} ${L.labelW} ${JSON.stringify(L.dy)} ${showCellText} ${colourKey}`;
  const stateOf = (s) => Math.sign(s - step); // -1 plain, 0 current (fading in), 1 outline only
  // (a part not revealed yet is an outline: its numbers are not in it, nor in its signature)
  const shownOnly = (s, numbers) => (revealed(s) ? numbers() : '');
  const rowSignature = (j) => [
    layoutKey, j, tokens[j], r.base, qkv, projectedNow, r.masked[j], r.divisor, step === term(j),
    [revealOf.vectors, revealOf.project, revealOf.compare, revealOf.scale, revealOf.normalise, revealOf.coefficients, term(j)].map(stateOf).join(''),
    projectedNow
      ? shownOnly(revealOf.project, () => `${matrixRowOf(r.keys, j).join(',')} ${matrixRowOf(r.values, j).join(',')}`)
      : shownOnly(revealOf.vectors, () => matrixRowOf(r.workbench.X, j).join(',')),
    shownOnly(revealOf.compare, () => `${r.scores[j]} ${r.rawScores[j]}`),
    shownOnly(revealOf.normalise, () => r.expTerms[j]),
    shownOnly(revealOf.coefficients, () => r.weights[j]),
    shownOnly(term(j), () => `${matrixRowOf(r.scaledValues, j).join(',')} ${matrixRowOf(r.partialSums, j).join(',')}`),
  ].join('|');
  svg.select('g.flow-rows').selectAll('g.flow-row').data(Array.from({ length: n }, (_, j) => j)).join('g')
    .each(function drawRowIfChanged(j) {
      const signature = rowSignature(j);
      if (this.__signature === signature) return;
      this.__signature = signature;
      this.replaceChildren();
      drawRow(select(this), j);
    });

  function drawRow(rowG, j) {
    const y0 = rowY(j) + ROW_PAD;
    const masked = r.masked[j];
    rowG.attr('class', 'flow-row').attr('data-j', j).classed('masked', Boolean(masked) && revealed(revealOf.compare))
      .classed('is-base', j === r.base);
    if (cards) rowG.append('line').attr('class', 'card-rule').attr('x1', 0).attr('x2', L.width).attr('y1', rowY(j)).attr('y2', rowY(j));
    // label and vector(s)
    const labelG = stage(rowG, revealOf.vectors, 'token-label');
    const svgNode = svg.node();
    const label = labelG.append('text').attr('class', 'row-token').on('click', () => latestSpec.get(svgNode)?.onPickToken?.(j));
    if (cards) label.attr('x', 0).attr('y', y0 + 10).text(`${j + 1}. ${truncate(tokens[j], 24)}`);
    else {
      label.attr('x', L.labelW - 6).attr('y', y0 + L.dy.scalar + stripH / 2).attr('dy', '0.35em')
        .attr('text-anchor', 'end');
      fitText(label.node(), `${j + 1}. `, tokens[j], L.labelW - 6);
    }
    if (projectedNow) {
      const g = stage(rowG, revealOf.project);
      strip(g, matrixRowOf(r.keys, j), xs.vec, y0 + L.dy.vec, idx('k', j + 1));
      strip(g, matrixRowOf(r.values, j), xs.vec, y0 + L.dy.vec + stripH + 6, idx('v', j + 1));
    } else {
      const g = stage(rowG, revealOf.vectors);
      strip(g, matrixRowOf(r.workbench.X, j), xs.vec, y0 + L.dy.single, idx('x', j + 1));
    }
    const sy = y0 + L.dy.scalar; // top of the scalar boxes
    const yMid = sy + stripH / 2;
    const ty = y0 + L.dy.term; // top of the scaled vector and the running sum
    const tMid = ty + stripH / 2;
    // score
    const scoreG = stage(rowG, revealOf.compare, 'score');
    const vecBottom = y0 + L.dy.vec + (qkv ? 2 * stripH + 6 : stripH);
    if (cards) arrow(scoreG, xs.score + SCALAR_W / 2, vecBottom + 2, xs.score + SCALAR_W / 2, sy - 3);
    else arrow(scoreG, xs.vec + stripW + 4, yMid, xs.score - 4, yMid);
    // What the softmax sees: Class 05 shows the raw score until the ÷√d_k step; Class 04 with its
    // ÷√d_model switched on (issue 16) divides in the same box, as its header says.
    const divides = qkv ? revealed(revealOf.scale) : r.divisor !== 1;
    const shownScore = divides ? r.scores[j] : r.rawScores[j];
    const scoreLabel = masked ? (compactText ? '−∞' : `−∞ (${masked})`) : compact(shownScore);
    scalar(scoreG, masked ? -Infinity : shownScore, xs.score, sy, scoreLabel, { 'data-kind': 'score', 'data-j': j });
    // exp
    const expG = stage(rowG, revealOf.normalise, 'exp');
    arrow(expG, xs.score + SCALAR_W + 2, yMid, xs.exp - 4, yMid);
    scalar(expG, r.expTerms[j], xs.exp, sy, compact(r.expTerms[j]), { 'data-kind': 'exp', 'data-j': j });
    // coefficient
    const wG = stage(rowG, revealOf.coefficients, 'weight');
    arrow(wG, xs.exp + SCALAR_W + 2, yMid, xs.weight - 4, yMid);
    scalar(wG, r.weights[j], xs.weight, sy, compact(r.weights[j]), { 'data-kind': 'weight', 'data-j': j });
    // scaled vector and running sum
    const tG = stage(rowG, term(j), 'term');
    if (!cards) arrow(tG, xs.weight + SCALAR_W + 2, yMid, xs.scaled - 4, yMid);
    const scaledStrip = strip(tG, matrixRowOf(r.scaledValues, j), xs.scaled, ty, `${idx('a', r.base + 1, j + 1)} ${idx(qkv ? 'v' : 'x', j + 1)}`);
    arrow(tG, xs.scaled + stripW + 2, tMid, xs.partial - 4, tMid, j === 0 ? '' : '+');
    const partialStrip = strip(tG, matrixRowOf(r.partialSums, j), xs.partial, ty, `sum of terms 1..${j + 1}`);
    if (duration && step === term(j)) {
      // The scaled vector travels from its source strip; the running sum drops from the row above.
      const move = transition().duration(duration * 1.6);
      const from = y0 + (projectedNow ? L.dy.vec + stripH + 6 : L.dy.single);
      scaledStrip.attr('transform', `translate(${xs.vec},${from})`).transition(move).attr('transform', `translate(${xs.scaled},${ty})`);
      if (j > 0) partialStrip.attr('transform', `translate(${xs.partial},${ty - L.rowH})`).transition(move).attr('transform', `translate(${xs.partial},${ty})`);
    }
    if (j > 0 && !cards) arrow(tG, xs.partial + stripW / 2, ty - ROW_PAD - (qkv ? stripH / 2 + 3 : 0) - 2, xs.partial + stripW / 2, ty - 2);
    if (step === term(j)) rowG.classed('focus', true);
  }

  // the row being normalised, and its coefficients summing to 1
  const tail = holder('flow-tail');
  const sumG = stage(tail, revealOf.normalise, 'row-sum');
  const oneG = stage(tail, revealOf.coefficients, 'weight-sum');
  if (cards) {
    sumG.append('text').attr('class', 'sum-label num-text').attr('x', 0).attr('y', bottom + 4).text(`Σ exp = ${cellText(r.expSum)}`);
    oneG.append('text').attr('class', 'sum-label num-text').attr('x', 0).attr('y', bottom + 20).text(`Σ a = ${cellText(r.weightSum)}`);
  } else {
    sumG.append('text').attr('class', 'sum-label num-text').attr('x', xs.exp + SCALAR_W / 2).attr('y', bottom + 4).attr('text-anchor', 'middle')
      .text(`Σ = ${cellText(r.expSum)}`);
    oneG.append('text').attr('class', 'sum-label num-text').attr('x', xs.weight + SCALAR_W / 2).attr('y', bottom + (compactText ? 20 : 4)).attr('text-anchor', 'middle')
      .text(`Σ a = ${cellText(r.weightSum)}`);
  }

  // output
  const outG = stage(tail, revealOf.output, 'output-block');
  arrow(outG, xs.partial + stripW / 2, rowY(n) - ROW_PAD + 2, xs.partial + stripW / 2, oy - 4);
  strip(outG, r.y, xs.partial, oy, idx('y', r.base + 1));
  outG.append('text').attr('class', 'block-label').attr('x', xs.partial - 8).attr('y', oy + stripH / 2).attr('dy', '0.35em')
    .attr('text-anchor', 'end').text(cards ? `${idx('y', r.base + 1)} (output)` : `${idx('y', r.base + 1)} (output for ${truncate(tokens[r.base], 10)})`);
  const rowOfY = `= row ${r.base + 1} of Y = A ${qkv ? 'V' : 'X'}`;
  const deviation = `(max |difference| ${num(r.maxDeviation)})`;
  // cards: two lines, so that the 11 px type fits a phone's width
  const check = outG.append('text').attr('class', 'col-sub num-text').attr('x', cards ? L.width : xs.partial).attr('y', oy + stripH + 16)
    .attr('text-anchor', cards ? 'end' : 'start');
  if (cards) {
    check.append('tspan').text(rowOfY);
    check.append('tspan').attr('x', L.width).attr('dy', 14).text(deviation);
  } else check.text(`${rowOfY} ${deviation}`);
  return svg.node();
}

// The spec each diagram was last drawn with: a kept row's token label answers a click with it.
const latestSpec = new WeakMap();

function matrixRowOf(m, i) {
  return m.data.subarray(i * m.cols, (i + 1) * m.cols);
}

/** A scalar box's text: 3 decimals, or 2 significant digits in e-notation when tiny. */
function compact(v) {
  if (Number.isFinite(v) && v !== 0 && Math.abs(v) < 1e-3) return v.toExponential(1).replace('-', '−').replace('e-', 'e−');
  return cellText(v);
}

function shortText(v) {
  if (!Number.isFinite(v)) return cellText(v);
  const a = Math.abs(v);
  const t = a >= 10 ? v.toFixed(0) : v.toFixed(2);
  return t.replace('-', '−');
}
