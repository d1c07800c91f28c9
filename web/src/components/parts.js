// Parts of a section that are made once and filled on every render: the render model's answer to
// "empty the section and write it again" (issue 33). A part is a child element found by its name
// (data-part): the first render appends it, every later one gets the same element back, so its
// text is rewritten but its focus, an open <details>, a selection or a figure inside stay. Lists
// of parts (rows, buttons, one map per head) are d3 data joins keyed the same way.
import { select } from 'd3';
import { tableBox, fitTable } from './data-table.js';
import { moreFold } from './more.js';

/**
 * The child of `parent` named `name`, made on first use as `spec` ('tag' or 'tag.class1.class2').
 * Parts are appended in the order of first use, so a section that asks for its parts in reading
 * order keeps that order; a part that only sometimes has content stays in place and is hidden
 * with `shown(part, false)` rather than removed.
 * @param {d3.Selection} parent
 * @param {string} spec
 * @param {string} name
 * @returns {d3.Selection}
 */
export function part(parent, spec, name) {
  const found = partsNamed(parent).get(name);
  if (found && (found.isConnected || parent.node().contains(found))) return select(found); // not removed since

  const [tag, ...classes] = spec.split('.');
  const made = parent.append(tag).attr('data-part', name);
  if (classes.length) made.attr('class', classes.join(' '));
  partsNamed(parent).set(name, made.node());
  return made;
}

// The parts made for each parent, by name. A part is found here even after the page moved it
// (the first screen puts a chapter's key figure under the sentence, components/first-screen.js):
// it is filled where it now is, not made again in its old place.
const partsOf = new WeakMap();

function partsNamed(parent) {
  let named = partsOf.get(parent.node());
  if (!named) partsOf.set(parent.node(), (named = new Map()));
  return named;
}

/** Shows or hides a part (the hidden attribute), returns it. */
export function shown(selection, visible) {
  return selection.attr('hidden', visible ? null : '');
}

/**
 * Children of `parent` joined to `items` by `key` (a data join): made with `spec` as they enter,
 * removed as they leave, kept and in order otherwise; `fill(selection of one, item, index)` writes
 * each. Returns the joined selection.
 */
export function parts(parent, spec, items, key, fill) {
  const [tag, ...classes] = spec.split('.');
  const selector = `:scope > ${tag}${classes.map((c) => `.${c}`).join('')}`;
  const joined = parent.selectAll(selector)
    // (a child written before without data has no key, and leaves)
    .data(items, (item, index) => (item === undefined ? '' : `k:${key(item, index)}`))
    .join((enter) => enter.append(tag).attr('class', classes.join(' ') || null))
    .order();
  joined.each(function fillOne(item, index) { fill(select(this), item, index); });
  return joined;
}

/**
 * A table made once inside its box (components/data-table.js) as the part `name` of `parent`:
 * the caption, header and body are returned to be filled with parts and joins, and the table is
 * fitted to its box again after each fill.
 */
export function keptTable(parent, name, className) {
  let box = partsNamed(parent).get(name);
  if (!box || !(box.isConnected || parent.node().contains(box))) {
    box = tableBox(parent).attr('data-part', name).node();
    box.append(document.createElement('table'));
    partsNamed(parent).set(name, box);
  }
  const table = select(box).select('table').attr('class', className);
  fitTable(table.node());
  return table;
}

/**
 * keptTable with its header row: one <th scope="col"> per name in `heads` (a join, so a header
 * that stays keeps its cell). Returns the table's <tbody>, a part, to be filled with a join.
 */
export function headedTable(parent, name, className, heads) {
  const table = keptTable(parent, name, className);
  parts(part(part(table, 'thead', 'head'), 'tr', 'row'), 'th', heads, (h) => h, (th, h) => th.attr('scope', 'col').text(h));
  return part(table, 'tbody', 'body');
}

/**
 * A "More: …" fold (components/more.js) made once as the part `name` of `parent`; returns its
 * body, to be filled with parts. The <details> stays, so a fold the reader opened stays open.
 */
export function morePart(parent, name, label) {
  const found = partsNamed(parent).get(name);
  if (found && (found.isConnected || parent.node().contains(found))) return select(found).select(':scope > .more-body');
  const body = moreFold(parent, label, { name });
  const details = body.node().parentNode;
  details.dataset.part = name;
  partsNamed(parent).set(name, details);
  return body;
}
