// Paragraphs written as pieces, the way the chapters' texts are made (views/flow/text.js,
// views/flow/mixing.js): a string (plain text), {value} (a number: in bold, written with num(),
// its full value in data-value) or {code}. Filled in place: a paragraph and a piece that stay
// keep their elements, and only text that changed is written (components/unchanged-text.js).
import { select } from 'd3';
import { num, full } from '../format.js';
import { parts } from './parts.js';

const tagOf = (piece) => (typeof piece === 'string' ? 'span' : 'code' in piece ? 'code' : 'b');

/** The pieces of one paragraph `p` (a d3 selection), as its children. */
export function writePieces(p, pieces) {
  p.selectAll(':scope > *')
    // keyed by place and kind: a piece that becomes another kind gets a new element
    .data(pieces, (piece, index) => (piece === undefined ? '' : `${index}:${tagOf(piece)}`))
    .join((enter) => enter.append((piece) => document.createElement(tagOf(piece))))
    .order()
    .each(function writePiece(piece) {
      const element = select(this);
      if (typeof piece === 'string') element.text(piece);
      else if ('code' in piece) element.text(piece.code);
      else element.attr('class', 'num').attr('data-value', full(piece.value)).text(num(piece.value));
    });
  return p;
}

/** One <p> per paragraph (lists of pieces) in `container`, kept by place. */
export function writeParagraphs(container, paragraphs) {
  return parts(container, 'p', paragraphs, (_, index) => index, (p, pieces) => writePieces(p, pieces));
}
