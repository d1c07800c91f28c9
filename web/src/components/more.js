// "More: …" folds (issue 34): the explanations, derivations and asides of a chapter sit where they
// belong, under a <details class="more"> the reader opens, so that what shows by default is the
// lead, the figures, the sentence that says what each figure's numbers show, and the Next link.
//
// A fold is built once, when the chapter mounts, and its body is filled on each render: the
// <details> element stays, so a fold the reader opened stays open while they type. Drawings inside
// a closed fold need nothing special: a heatmap is sized from its chapter's width and painted when
// it comes into view, and the diagrams and tables that fit themselves to their own box redraw when
// that box gets its width (components/watch-width.js). The summary is the native control: it takes
// the Tab focus and toggles with Enter or Space.
//
// Embeds and present mode show a chapter as before: there every fold starts open (a figure in a
// fold can be embedded; a slide shows its stage whole), and a link to a figure opens the folds
// around it (revealFold).
import { select } from 'd3';

/**
 * Appends a closed fold to `parent` (a d3 selection) and returns its body (a d3 selection) to draw
 * into. `label` says what it holds: the summary reads "More: <label>".
 * @param {import('d3').Selection} parent
 * @param {string} label
 * @param {{name?: string}} [options] name: data-more on the fold, for tests and styles
 */
export function moreFold(parent, label, { name } = {}) {
  const details = parent.append('details').attr('class', 'more');
  if (name) details.attr('data-more', name);
  const summary = details.append('summary');
  summary.append('span').attr('class', 'more-label').text('More: ');
  summary.append('span').text(label);
  if (foldsStartOpen()) details.property('open', true);
  return details.append('div').attr('class', 'more-body');
}

/** Whether folds start open: in an embed and in present mode the page shows what it always did. */
export function foldsStartOpen() {
  return typeof document !== 'undefined' && document.documentElement.matches('.embed, .present');
}

/** Opens every fold around `element` (a link to a figure inside one), so it can be scrolled to. */
export function revealFold(element) {
  for (let d = element?.closest('details.more'); d; d = d.parentElement?.closest('details.more')) d.open = true;
}

/**
 * The parts of `container` around a fold that stays: made on the first call (the fold built once),
 * emptied and returned on each call, to be filled again: `main` (before the fold, or after it with
 * `first`), `more` (the fold's body) and `after` (under both). A view that writes a part again on
 * each render uses it so that a fold the reader opened stays open while they type.
 * @param {import('d3').Selection} container  kept from render to render
 * @param {{label: string, name: string, first?: boolean}} spec  the fold's label and data-more name
 */
export function foldedParts(container, { label, name, first = false, keep = false }) {
  let fold = container.select(`:scope > details.more[data-more="${name}"]`);
  if (fold.empty()) {
    const main = container.append('div').attr('class', 'panel-main');
    fold = select(moreFold(container, label, { name }).node().parentNode);
    if (first) container.node().insertBefore(fold.node(), main.node());
    container.append('div').attr('class', 'panel-after');
  }
  // keep: the caller fills the parts in place (components/parts.js) instead of writing them again
  const part = (node) => (keep ? select(node) : select(node).html(''));
  return {
    main: part(container.select(':scope > .panel-main').node()),
    more: part(fold.select(':scope > .more-body').node()),
    after: part(container.select(':scope > .panel-after').node()),
  };
}

/**
 * A section with a heading and a fold, kept from render to render inside `parent` (a panel a view
 * redraws): the section is made on the first call; each call returns its parts emptied
 * (foldedParts) and the section.
 * @param {{className: string, id: string, title: string, label: string, tag?: string,
 *          heading?: string, sectionId?: string}} spec  id: the heading's id; tag, heading: the
 *   section's and its heading's elements (section, h3 by default); sectionId: the section's own id
 */
export function foldedSection(parent, { className, id, title, label, tag = 'section', heading = 'h3', sectionId, keep = false }) {
  let section = parent.select(`:scope > ${tag}[aria-labelledby="${id}"]`);
  if (section.empty()) {
    section = parent.append(tag).attr('class', className).attr('aria-labelledby', id);
    if (sectionId) section.attr('id', sectionId);
    section.append(heading).attr('id', id).text(title);
  }
  return { section, ...foldedParts(section, { label, name: id, keep }) };
}

// foldedParts, foldedSection and keptFold serve the panels that still empty and rewrite a section
// on each render; a section made of parts (components/parts.js) takes its fold with morePart.
const keptFolds = new WeakMap();

/**
 * For a part a view writes again on each render (emptied, then filled): its fold `key`, kept
 * from render to render as views/shared/heatmap-holders.js keeps a map's holder. The first call
 * makes it; every later one moves the same <details> to the end of `parent` (so it stays open
 * if the reader opened it) and returns its body, emptied, to fill again.
 * @param {import('d3').Selection} scope  the part that owns the fold (kept from render to render)
 * @param {import('d3').Selection} parent  where the fold goes now
 * @param {string} key
 * @param {string} label  "More: <label>"
 */
export function keptFold(scope, parent, key, label) {
  let folds = keptFolds.get(scope.node());
  if (!folds) keptFolds.set(scope.node(), (folds = new Map()));
  const details = folds.get(key);
  if (!details) {
    const body = moreFold(parent, label, { name: key });
    folds.set(key, body.node().parentNode);
    return body;
  }
  parent.node().append(details);
  return select(details).select(':scope > .more-body').html('');
}
