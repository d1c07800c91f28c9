// The first screen of a chapter (issue 15): the sentence, then the chapter's key figure, then
// the chapter's other settings, then the rest of the chapter in its own order. Learners arrive
// from a course link, often on a phone; before this the first screen was the header and the
// controls, and on qkv the attention matrix was six screens down.
//
// The views draw as they always did; this moves two things after they are drawn, so no view
// needs to know about it:
//   - once, at mount: the form's secondary controls (widths, seeds, toggles, vector source) go
//     into a "Settings" disclosure placed after the key figure;
//   - after every drawing (main.js calls the function this returns after each render and each
//     drawing outside one): the key figure (which some views rebuild on each render) goes into
//     a slot right under the sentence, and a link to it is left where it used to be, so the
//     chapter's text that leads up to it still points at it.
// Which figure is the key one, and what travels with it, each chapter says in its descriptor
// (views/<id>/chapter.js, `firstScreen`): the selectors there are the chapter's own.
// Figure embeds are left alone: they show one figure already (components/embed.js).
import { figureId } from './figures.js';

/*
 * A chapter's `firstScreen`: `figure`, the data-figure name of its key figure, moved to the top;
 * `carry(fig, matching)`, the elements right beside it that describe its numbers and must travel
 * with it (a figure that is a whole section carries its own heading; `title` gives the others
 * one, for screen readers); `selector` and `name` for a key figure that is not an embeddable
 * figure, and `closest` to take its enclosing element; `fold(form)`, the controls that go under
 * the figure when they are not simply the form's fields other than the sentence; `after`, what
 * the slot follows when not the form; `staleWhen(viewRoot)`, for a view that may draw its results
 * without the key figure at their top, when the slot's copy must go; `note: false` for a view
 * that opens on its figure already (it joins the slot all the same, so its settings fold under
 * it, and no link is left behind). Each selector matches one element of a render: any match
 * outside the slot is taken for a new drawing of the figure.
 */

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
  return (spec.carry ? spec.carry(fig, matching) : [fig]).filter(Boolean);
}

function keyName(spec, figures) {
  return spec.figure ? figures[spec.figure].label : spec.name;
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

/**
 * Sets up a mounted view's first screen. Returns the function to call after each drawing.
 * @param {HTMLElement} viewRoot  the mounted view (the #app element)
 * @param {object | undefined} spec  the chapter's `firstScreen` (see above)
 * @param {Record<string, {label: string}>} figures  the figure registry (views/chapters.js)
 * @param {HTMLElement[]} [extra]  what follows the key figure, before the settings (the course map)
 */
export function arrangeFirstScreen(viewRoot, spec, figures, extra = []) {
  const form = viewRoot.querySelector('form.controls');
  if (!spec || !form) return () => {};
  const slot = document.createElement('div');
  slot.className = 'key-figure-slot';
  if (spec.title) slot.append(hiddenHeading(spec.title));
  // the view's messages sit right under the sentence when they follow the form
  const after = (spec.after && viewRoot.querySelector(spec.after)) ?? matching(form.nextElementSibling, '.status-slot') ?? form;
  after.after(slot, ...extra);
  // a class, not `.view:has(> .key-figure-slot)`: a :has() rule is checked again on every change
  // under the view, which restyled the whole chapter on each keystroke
  slot.parentElement.classList.add('has-key-figure');
  const settings = foldSettings(form, spec);
  if (settings) (extra.at(-1) ?? slot).after(settings);
  const drawnIn = { element: null }; // where the view drew the figure the slot shows
  return () => {
    placeKeyFigure(viewRoot, slot, spec, figures, drawnIn);
    // The figure shows the last good result. When the view dims that result (the learner's input
    // was refused: components/status.js marks it .stale beside the message), the figure it was
    // drawn in is dimmed with it, here at the top as where it came from.
    slot.classList.toggle('stale', Boolean(drawnIn.element?.closest('.stale')));
  };
}

/** Moves the key figure into the slot (when a render drew a new one) and leaves a link behind. */
function placeKeyFigure(viewRoot, slot, spec, figures, drawnIn) {
  const elements = freshKeyElements(viewRoot, slot, spec);
  // the slot's figure is stale when the view drew its results again without one (trained, loaded)
  if (!elements.length && isStale(viewRoot, slot, spec)) {
    clearSlot(slot);
    drawnIn.element = null;
  }
  if (!elements.length) return;
  clearSlot(slot);
  drawnIn.element = elements[0].parentElement;
  if (spec.note !== false) elements[0].before(movedNote(elements, spec, figures));
  slot.append(...elements);
}

function clearSlot(slot) {
  for (const stale of slot.querySelectorAll(':scope > :not(.key-figure-title)')) stale.remove();
}

/** The view says when a figure in the slot is no longer its key figure (`staleWhen`). */
function isStale(viewRoot, slot, spec) {
  return Boolean(spec.staleWhen && slot.children.length && spec.staleWhen(viewRoot));
}

function hiddenHeading(text) {
  const heading = document.createElement('h3');
  heading.className = 'key-figure-title visually-hidden';
  heading.textContent = text;
  return heading;
}

function movedNote(elements, spec, figures) {
  const note = document.createElement('p');
  note.className = 'moved-figure-note';
  const link = document.createElement('a');
  link.href = `#${keyAnchor(elements, spec)}`;
  link.textContent = `${capitalise(keyName(spec, figures))}: at the top, under the sentence.`;
  note.append(link);
  return note;
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
