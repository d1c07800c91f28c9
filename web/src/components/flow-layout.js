// Where each part of the flow diagram goes, for a box of a given width, so that the diagram
// always fits its box and never scrolls sideways. Pure geometry; flow-diagram.js draws.
//
// Three layouts, tried in order:
//   'roomy'   one line per token, wide spacing (a desktop window)
//   'narrow'  one line per token, tight spacing (a tablet, a narrow window)
//   'cards'   a small card per token: its name; its vector(s); score → exp → coefficient;
//             the scaled vector and the running sum (phones, embeds from 320 px)
// A vector strip has a width budget whatever d_model is: with 100 features each cell is a sliver
// of colour (the exact values are in each cell's title and in the table under the diagram).

const ROOMY = { gap: 14, rowPad: 10, scalarW: 76, labelW: 78, minStrip: 120 };
const NARROW = { gap: 8, rowPad: 8, scalarW: 60, labelW: 62, minStrip: 56 };
const MAX_STRIP = 224;
const MAX_CELL = 28;
const LINE_TOP = 118; // room for the base block and the column headers
// cards
const ARROW = 16; // the gap between two boxes of a line, room for an arrow
const CARD_PAD = 8;
const TITLE_H = 18; // the token's name at the top of its card
const LINE_GAP = 14;
const MIN_CARDS_WIDTH = 240; // below this the drawing is scaled down to fit

/**
 * @param {number} boxWidth  the box's width in px (0 when not laid out yet: the roomy layout)
 * @param {{d: number, qkv: boolean}} spec  the vectors' width; whether there are keys and values
 * @returns {object} {name, width, top, rowH, rowPad, cell, stripW, stripH, scalarW, gap, labelW,
 *   x: {vec, score, exp, weight, scaled, partial}, dy: {vec, single, scalar, term},
 *   head: {vec, scalar, term, sub}, baseY}
 *   x     left edges of the columns (cards: of the boxes within a line)
 *   dy    offsets inside a row, from the row's top plus rowPad: the vector block, a lone x_j
 *         strip (centred on the k_j / v_j pair), the scalar boxes, the scaled vector and running sum
 *   head  baselines of the headers over those three groups; `sub` is the gap to the second line
 *   baseY the top of the base token's strips
 */
export function flowLayout(boxWidth, { d, qkv }) {
  const maxStrip = Math.min(MAX_STRIP, MAX_CELL * Math.max(d, 1));
  for (const spacing of [ROOMY, NARROW]) {
    const fixed = spacing.labelW + 10 * spacing.gap + 3 * spacing.scalarW;
    const stripW = boxWidth > 0 ? Math.min(maxStrip, Math.floor((boxWidth - fixed) / 3)) : maxStrip;
    if (stripW >= Math.min(maxStrip, spacing.minStrip)) return lines(spacing === ROOMY ? 'roomy' : 'narrow', spacing, stripW, d, qkv);
  }
  return cards(Math.max(boxWidth, MIN_CARDS_WIDTH), maxStrip, d, qkv);
}

function strips(stripW, d) {
  const cell = stripW / Math.max(d, 1);
  return { cell, stripW, stripH: Math.max(Math.min(cell, MAX_CELL), 18) };
}

function lines(name, { gap, rowPad, scalarW, labelW }, stripW, d, qkv) {
  const s = strips(stripW, d);
  const x = {};
  let at = labelW + gap;
  x.vec = at; at += stripW + 2 * gap;
  x.score = at; at += scalarW + gap;
  x.exp = at; at += scalarW + gap;
  x.weight = at; at += scalarW + 2 * gap;
  x.scaled = at; at += stripW + 2 * gap;
  x.partial = at; at += stripW + gap;
  const vecBlock = qkv ? 2 * s.stripH + 6 : s.stripH;
  const scalar = vecBlock / 2 - s.stripH / 2;
  const head = LINE_TOP - 22;
  return {
    name, ...s, width: at, top: LINE_TOP, rowPad, gap, scalarW, labelW,
    rowH: vecBlock + 2 * rowPad,
    x,
    dy: { vec: 0, single: qkv ? (s.stripH + 6) / 2 : 0, scalar, term: scalar },
    head: { vec: head, scalar: head, term: head, sub: 14 },
    baseY: 14,
  };
}

function cards(width, maxStrip, d, qkv) {
  const stripW = Math.min(maxStrip, Math.floor((width - ARROW) / 2));
  const scalarW = Math.min(76, Math.floor((width - 2 * ARROW) / 3));
  const s = strips(stripW, d);
  const vecBlock = qkv ? 2 * s.stripH + 6 : s.stripH;
  const vec = TITLE_H;
  const scalar = vec + vecBlock + LINE_GAP;
  const term = scalar + s.stripH + LINE_GAP - 4;
  // the base block (its title, the strips' names, the strips), then a line of headers for each
  // line of a card
  const baseY = TITLE_H + 14;
  const first = baseY + s.stripH + 22;
  const head = { vec: first, scalar: first + 32, term: first + 64, sub: 13 }; // room for 11 px type
  return {
    name: 'cards', ...s, width: Math.max(2 * stripW + ARROW, 3 * scalarW + 2 * ARROW),
    rowPad: CARD_PAD, gap: ARROW, scalarW, labelW: 0,
    rowH: term + s.stripH + 2 * CARD_PAD,
    x: { vec: 0, score: 0, exp: scalarW + ARROW, weight: 2 * (scalarW + ARROW), scaled: 0, partial: stripW + ARROW },
    dy: { vec, single: vec + (qkv ? (s.stripH + 6) / 2 : 0), scalar, term },
    head,
    baseY,
    top: head.term + head.sub + 12,
  };
}
