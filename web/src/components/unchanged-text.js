// Text that is already right is not written again. d3's selection.text() sets textContent every
// time, which replaces the element's text node even when the words are the same; the browser then
// styles and lays out that text afresh. A chapter filled in place (components/parts.js) writes most
// of its text unchanged on each keystroke, so this one rule saves most of a redraw's layout work.
// Imported once, first, by main.js; it changes selection.text() for the whole page and nothing else.
import { selection } from 'd3';

const writeText = selection.prototype.text;

selection.prototype.text = function text(value) {
  if (!arguments.length) return writeText.call(this);
  return this.each(function textIfChanged(datum, index, group) {
    const next = typeof value === 'function' ? value.call(this, datum, index, group) : value;
    const wanted = next == null ? '' : String(next); // as d3 writes it
    if (this.textContent !== wanted) this.textContent = wanted;
  });
};
