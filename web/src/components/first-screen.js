// The first screen of a chapter (issue 15): the sentence, then the chapter's key figure, then
// the chapter's other settings, then the rest of the chapter in its own order. Learners arrive
// from a course link, often on a phone; before this the first screen was the header and the
// controls, and on qkv the attention matrix was six screens down.
//
// The views draw as they always did; this moves two things after they are drawn, so no view
// needs to know about it:
//   - once, at mount: the form's secondary controls (widths, seeds, toggles, vector source) go
//     into a "Settings" disclosure placed after the key figure;
//   - after every render: the key figure (which some views rebuild on each render) goes into a
//     slot right under the sentence, and a link to it is left where it used to be, so the
//     chapter's text that leads up to it still points at it.
// Figure embeds are left alone: they show one figure already (components/embed.js).
import { FIGURES, figureId } from './figures.js';

/**
 * Per view: `figure`, the data-figure name of its key figure, moved to the top; `carry`, the
 * sentences right beside it that describe its numbers and must travel with it (a figure that is
 * a whole section carries its own heading; `title` gives the others one, for screen readers); `selector` and `name` for a key figure that is not
 * an embeddable figure, and `closest` to take its enclosing element; `fold`, the controls that
 * go under the figure when they are not simply the form's fields other than the sentence;
 * `after`, what the slot follows when not the form; `staleWhen`, for a view that may draw its
 * results without the key figure at their top, when the slot's copy must go.
 * Each selector matches one element of a render: any match outside the slot is taken for a new
 * drawing of the figure.
 * Some views opened on their figure already (`note: false`): it joins the slot all the same, so
 * their settings fold under it.
 */
const KEY_FIGURES = {
  qkv: {
    figure: 'attn_weights',
    // for the outline (the inspector's h4 sits under it); the map's caption names it on screen
    title: 'The attention weights, and how each was made',
    // "Softmax turns each row…" and the note on the largest weights travel with the map, after
    // it: on a phone the map itself must start within the first screen
    carry: (fig) => [fig, matching(fig.previousElementSibling, 'p'), matching(fig.nextElementSibling, 'p.largest-weights')],
  },
  flow: { figure: 'flow' },
  bank: { figure: 'bank_cosines' },
  // its first section (the batch pick is all that comes before it): no link is left behind
  heads: { selector: '#heads-per', name: 'the per-head attention weights', note: false },
  // the lab records numbers: its key figure is sentence 1's attention matrix with row sums
  lab: { selector: 'table.lab-attn[data-sentence="1"]', closest: '.table-scroll', name: 'sentence 1’s attn_weights and row sums' },
  // These open on their figure already (the first of their results); it joins the slot so the
  // settings fold under it, and no link is left behind (nothing came before it).
  ids: { selector: '#rep-ids', note: false },
  window: { selector: '#window-results > .window-panel:has(#win-sentence-a)', note: false },
  smoothing: {
    selector: '#smoothing-formula', note: false, carry: (formula) => [formula, matching(formula.nextElementSibling, '.chart-holder')],
    // β is the chapter; the noise, the seed and the example βs fold under the chart
    fold: (form) => [...form.querySelectorAll('.control:has(#smooth-noise), .control:has(#smooth-seed), .examples')],
  },
  cosine: { selector: '#cosine-results', note: false },
  // the word search stays on top, the projection under it; vectors, layout, display, colour and
  // the class's words fold under the projection
  space: { figure: 'space_map' },
  // under the Load button, which its text calls "the button above"; once the model is loaded the
  // block is drawn last, "for comparison", and moving it up would put it before the trained heads
  trained: {
    selector: '#trained-results > .untrained-block:first-child', note: false, after: '.model-loader',
    staleWhen: () => Boolean(document.querySelector('#trained-results > .untrained-block')),
  },
};

function matching(el, selector) {
  return el && el.matches(selector) ? el : null;
}

/**
 * The element(s) of a view's key figure drawn outside the slot, in order: [] when the slot holds
 * the current one already, or it is not drawn (yet). A view that rebuilds its figure on each
 * render draws a new one in its old place; the slot's is then stale.
 */
function freshKeyElements(viewRoot, slot, spec) {
  const selector = spec.figure ? `[data-figure="${spec.figure}"]` : spec.selector;
  let fig = [...viewRoot.querySelectorAll(selector)].find((el) => !slot.contains(el));
  if (fig && spec.closest) fig = fig.closest(spec.closest);
  if (!fig) return [];
  return (spec.carry ? spec.carry(fig) : [fig]).filter(Boolean);
}

function keyName(spec) {
  return spec.figure ? FIGURES[spec.figure].label : spec.name;
}

function keyAnchor(elements, spec) {
  return spec.figure ? figureId(spec.figure) : elements.find((el) => el.id)?.id ?? elements[0].querySelector('[id]')?.id;
}

/** The sentence fields (or a corpus) stay at the top; the rest of the form folds. */
function isPrimaryControl(el) {
  const primary = '.control.sentence, .control.corpus, .status-slot';
  return el.matches(primary) || Boolean(el.querySelector(primary));
}

/**
 * Moves a form's secondary controls into a "Settings" disclosure, open (what they set stays in
 * view and in reach of the tests' and learners' clicks), placed where `after` says.
 */
function foldSettings(form, spec) {
  const secondary = spec.fold ? spec.fold(form) : [...form.children].filter((el) => !isPrimaryControl(el));
  if (!secondary.length || (!spec.fold && secondary.length === form.children.length)) return null;
  const details = document.createElement('details');
  details.className = 'controls settings-bar';
  details.open = true;
  const summary = document.createElement('summary');
  summary.textContent = 'Settings';
  details.append(summary, ...secondary);
  return details;
}

/** The one MutationObserver per view root that follows the mounted view's redraws. */
const watchers = new WeakMap();

/**
 * Sets up a mounted view's first screen. Returns the function to call after each render.
 * @param {HTMLElement} viewRoot  the mounted view (the #app element)
 * @param {string} viewId
 */
export function arrangeFirstScreen(viewRoot, viewId) {
  // The previous view's watcher goes with it: left on #app it would keep that whole view alive
  // (its slot) and run its placing on every later redraw.
  watchers.get(viewRoot)?.disconnect();
  watchers.delete(viewRoot);
  const spec = KEY_FIGURES[viewId];
  const form = viewRoot.querySelector('form.controls');
  if (!spec || !form) return () => {};
  const slot = document.createElement('div');
  slot.className = 'key-figure-slot';
  if (spec.title) slot.append(hiddenHeading(spec.title));
  // the view's messages sit right under the sentence when they follow the form
  const after = (spec.after && viewRoot.querySelector(spec.after)) ?? matching(form.nextElementSibling, '.status-slot') ?? form;
  after.after(slot);
  const settings = foldSettings(form, spec);
  if (settings) slot.after(settings);
  const place = () => placeKeyFigure(viewRoot, slot, spec);
  // Some views also redraw on their own (a worker's answer, a model loaded): follow every redraw.
  const observer = new MutationObserver(place);
  observer.observe(viewRoot, { childList: true, subtree: true });
  watchers.set(viewRoot, observer);
  return place;
}

/** Moves the key figure into the slot (when a render drew a new one) and leaves a link behind. */
function placeKeyFigure(viewRoot, slot, spec) {
  const elements = freshKeyElements(viewRoot, slot, spec);
  // the slot's figure is stale when the view drew its results again without one (trained, loaded)
  if (!elements.length && isStale(slot, spec)) clearSlot(slot);
  if (!elements.length) return;
  clearSlot(slot);
  if (spec.note !== false) elements[0].before(movedNote(elements, spec));
  slot.append(...elements);
}

function clearSlot(slot) {
  for (const stale of slot.querySelectorAll(':scope > :not(.key-figure-title)')) stale.remove();
}

/** The view says when a figure in the slot is no longer its key figure (`staleWhen`). */
function isStale(slot, spec) {
  return Boolean(spec.staleWhen && slot.children.length && spec.staleWhen());
}

function hiddenHeading(text) {
  const heading = document.createElement('h3');
  heading.className = 'key-figure-title visually-hidden';
  heading.textContent = text;
  return heading;
}

function movedNote(elements, spec) {
  const note = document.createElement('p');
  note.className = 'moved-figure-note';
  const link = document.createElement('a');
  link.href = `#${keyAnchor(elements, spec)}`;
  link.textContent = `${capitalise(keyName(spec))}: at the top of this chapter, under the sentence.`;
  note.append(link);
  return note;
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
