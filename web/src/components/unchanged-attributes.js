// Attributes and classes that are already right are not written again. The browser restyles an
// element whose attribute is set, even to the value it has, and DOMTokenList's add and remove set
// the class attribute even when the class is already there (or already absent): a chapter filled
// in place (components/parts.js) writes most of its attributes unchanged on each keystroke, and
// each such write restyled an element (every cell of a map in view, every label). The same rule
// as components/unchanged-text.js, for selection.attr() and selection.classed(). Imported once,
// first, by main.js; it changes those two methods for the whole page and nothing else.
import { namespace, selection } from 'd3';

const writeAttr = selection.prototype.attr;
const writeClassed = selection.prototype.classed;

selection.prototype.attr = function attr(name, value) {
  // reading, removing (a no-op when absent) and namespaced names (xlink:href, xmlns: D3's own
  // test) go to D3 as they are
  if (arguments.length < 2 || value == null || typeof namespace(name) !== 'string') return writeAttr.apply(this, arguments);
  return this.each(function attrIfChanged(datum, index, group) {
    const next = typeof value === 'function' ? value.call(this, datum, index, group) : value;
    if (next == null) this.removeAttribute(name);
    else if (this.getAttribute(name) !== String(next)) this.setAttribute(name, next);
  });
};

selection.prototype.classed = function classed(names, value) {
  if (arguments.length < 2) return writeClassed.apply(this, arguments);
  const list = String(names).trim().split(/^|\s+/);
  return this.each(function classedIfChanged(datum, index, group) {
    const on = Boolean(typeof value === 'function' ? value.call(this, datum, index, group) : value);
    for (const name of list) if (this.classList.contains(name) !== on) this.classList.toggle(name, on);
  });
};
