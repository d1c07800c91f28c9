// The list of views as links. Each link is a real URL (?view=…, keeping the current sentence
// and settings), so it can be opened in a new tab or copied; a plain click switches in place.
import { select } from 'd3';

/**
 * @param {HTMLElement} container
 * @param {{views: object[], state: object, queryFor: (patch) => string, onPick: (id) => void}} spec
 */
export function drawNav(container, { views, state, queryFor, onPick }) {
  select(container)
    .selectAll('a')
    .data(views, (v) => v.id)
    .join('a')
    .attr('href', (v) => queryFor({ view: v.id }) || '?')
    .attr('data-view', (v) => v.id)
    .attr('aria-current', (v) => (v.id === state.view ? 'page' : null))
    .text((v) => `${v.chapter}. ${v.title}`)
    .attr('data-beyond', (v) => v.beyond ?? null)
    .each(function mark(v) {
      if (v.beyond) compactMark(select(this), v.beyond);
    })
    .on('click', (event, v) => {
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      onPick(v.id);
    });
}

// Chapters (or parts) that go beyond what Classes 04 and 05 taught carry a small mark, in the
// chapter list and beside their headings: views say so with `beyond: 'all' | 'part'`.
const BEYOND = {
  all: ['Beyond the class', 'Not taught in Classes 04–05: an extension of the course material.'],
  part: ['Partly beyond the class', 'Some sections go beyond what Classes 04–05 taught; they carry the same mark.'],
};

/** Appends the mark (a small labelled badge) to a d3 selection. */
function beyondMark(parent, which) {
  const [label, title] = BEYOND[which];
  const mark = parent.append('span').attr('class', 'beyond-mark').attr('data-beyond', which).attr('title', title);
  mark.append('span').attr('aria-hidden', 'true').text('+ '); // the chapter list's sign, spelled out here
  mark.append('span').attr('class', 'beyond-label').text(label);
  return mark;
}

/**
 * The chapter list's mark: a small "+" badge (the list has no room for the words on a wide
 * screen), with the words for screen readers and as a tooltip.
 */
function compactMark(link, which) {
  const [label, title] = BEYOND[which];
  const mark = link.append('span').attr('class', 'beyond-mark compact').attr('data-beyond', which).attr('title', `${label}. ${title}`);
  mark.append('span').attr('aria-hidden', 'true').text('+');
  mark.append('span').attr('class', 'visually-hidden').text(` (${label.toLowerCase()})`);
  return mark;
}

/** Fills a heading with its text and, for a chapter or section beyond the class, the mark. */
export function beyondHeading(heading, text, which) {
  // drawn again only when it says something else: a render that rewrote it took its text out of
  // the page's layout and put it back, every keystroke
  const node = heading.node();
  const shown = `${text}|${which ?? ''}`;
  if (node && node.__beyondHeading === shown) return heading;
  if (node) node.__beyondHeading = shown;
  heading.text(text);
  if (which) {
    heading.append('span').attr('class', 'visually-hidden').text(' — ');
    beyondMark(heading, which);
  }
  return heading;
}

// Wide screens show the chapter list as a row of links; phones fold it (and the copy-link field)
// into a "Chapters" menu, so the first screen is the chapter itself. The <details> is opened on
// wide screens and its summary hidden there (styles.css), so the links are one click away on both.
const WIDE = '(min-width: 900px)';

/** Keeps the chapters menu open on wide screens and closed on phones, and closes it after a pick. */
export function startChaptersMenu(details) {
  if (!details) return;
  const wide = window.matchMedia(WIDE);
  const fit = () => { details.open = wide.matches; };
  fit();
  wide.addEventListener('change', fit);
  details.addEventListener('click', (event) => {
    if (!wide.matches && event.target.closest('#views-nav a')) details.open = false;
  });
}
