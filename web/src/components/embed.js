// Embed mode (?embed=1): the chosen view alone, compact, for an iframe in a course page or doc.
// The page chrome is hidden by CSS (html.embed); a slim bar links to the full page; and the
// page's height is posted to the parent on every change of size, so the parent can size the
// iframe and no inner scrollbar is needed:
//   window.addEventListener('message', (e) => {
//     if (e.data?.type === 'attention-whiteboard:height') iframe.style.height = `${e.data.height}px`;
//   });
// The message carries only the height, the view id and the figure, so it is posted to any parent origin.
//
// Figure mode (?embed=1&figure=<name>, a figure of the registry in views/chapters.js): one figure of the view alone.
// The view is drawn as usual and everything around the figure is hidden by one style rule, so it
// holds through every redraw without the views knowing: an element stays when it is the figure,
// inside it, or holds it (and likewise for the sentence field with controls=sentence, the
// message area, and what the registry says to keep).
import { select } from 'd3';

export const HEIGHT_MESSAGE = 'attention-whiteboard:height';

/**
 * @param {HTMLElement} app  the view's container (the bar goes before it)
 * @param {{fullPageUrl: () => string, viewId: () => string, figure?: string, controls?: string,
 *          unknownFigure?: string|null, figureLink?: (name: string) => string, figures: object}} spec
 *   fullPageUrl  the link without embed=1 (and, for a figure, scrolled to it)
 *   figure       the figure shown alone ('' for the whole view); controls: 'sentence' | 'none'
 *   unknownFigure  a figure name the link asked for that does not exist: a message lists the real ones
 *   figureLink   the embed link of another figure, for that list
 *   figures      the figure registry (views/chapters.js FIGURES)
 * @returns {{update(): void}}  update() after each render and each drawing outside one (main.js)
 */
export function startEmbed(app, { fullPageUrl, viewId, figure = '', controls = 'sentence', unknownFigure = null, figureLink, figures }) {
  document.documentElement.classList.add('embed');
  // a <header> before <main>: the page's banner landmark, with its one <h1>, kept small
  const bar = select(document.createElement('header')).attr('class', 'embed-bar');
  app.before(bar.node());
  bar.append('h1').attr('class', 'embed-title').text(figure ? `Attention Whiteboard: ${figure}` : 'Attention Whiteboard');
  const link = bar.append('a').attr('target', '_blank').attr('rel', 'noopener').text('Open the full page ↗');
  const checkFigure = figure ? showFigureOnly(app, figures[figure], figure, controls) : () => {};
  const unknown = unknownFigure === null ? null : showUnknownFigure(app, unknownFigure, figureLink, figures);
  let last = 0;
  const post = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last || window.parent === window) return;
    last = height;
    window.parent.postMessage({ type: HEIGHT_MESSAGE, height, view: viewId(), figure }, '*');
  };
  new ResizeObserver(post).observe(document.body);
  return {
    update() {
      link.attr('href', fullPageUrl());
      checkFigure();
      // in <main>, first: mounting a view empties it, so it is put back after each render
      if (unknown && app.firstChild !== unknown) app.prepend(unknown);
      post();
    },
  };
}

/** What stays visible around the figure: the selectors of one figure embed. */
function keptSelectors(entry, figure, controls) {
  return [
    `[data-figure="${figure}"]`, // a registry name: letters, digits and _ only
    '#loading', '.status-slot', '.figure-keep',
    entry.keep,
    controls === 'sentence' && '.control.sentence',
  ].filter(Boolean).join(', ');
}

/**
 * Hides everything of the view but the figure (see the top of this file). Returns a check to run
 * after each render: while the figure is not drawn (a setting leaves it out, or the trained
 * model is not loaded yet) a message says so, so the frame is never blank.
 */
function showFigureOnly(app, entry, figure, controls) {
  document.documentElement.classList.add('figure-embed');
  document.documentElement.dataset.embeddedFigure = figure; // not data-figure: that marks the figure itself
  const keep = keptSelectors(entry, figure, controls);
  // The headings of the sections around the figure stay for screen readers (the outline reads
  // h1, the chapter, the section, then the figure's own headings), visually hidden.
  const headings = `:has(${keep}) > :is(h2, h3, h4)`;
  const style = document.createElement('style');
  style.textContent = `#app :not(:has(${keep}), ${keep}, :is(${keep}) *, ${headings}) { display: none !important; }
#app ${headings} { position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }`;
  document.head.append(style);
  const missing = select(document.createElement('p')).attr('class', 'notice figure-missing').attr('role', 'status').attr('hidden', true);
  app.before(missing.node());
  const collapsed = new WeakSet();
  const check = () => {
    const root = app.querySelector(`[data-figure="${figure}"]`);
    const drawn = Boolean(root);
    if (drawn && entry.collapse) {
      // each disclosure once, when first drawn: the reader may open it again (a view that
      // rebuilds its figure on each edit draws new ones, which start closed too)
      for (const d of root.querySelectorAll(entry.collapse)) {
        if (d.matches('details') && !collapsed.has(d)) {
          d.open = false;
          collapsed.add(d);
        }
      }
    }
    missing.attr('hidden', drawn ? true : null)
      .text(drawn ? '' : entry.missing ?? `“${figure}” is not drawn with these settings. Open the full page to see the whole chapter.`);
  };
  return check;
}

/** A figure name that does not exist: say so, and list the ones that do, each a working link. */
function showUnknownFigure(app, name, figureLink, figures) {
  document.documentElement.classList.add('figure-unknown');
  const box = select(document.createElement('section')).attr('class', 'figure-unknown-message').attr('role', 'alert');
  app.prepend(box.node());
  box.append('h2').text(`No figure is called “${name.slice(0, 40)}”`);
  box.append('p').text('These figures can be embedded one at a time (figure=<name> in the link):');
  const list = box.append('ul').attr('class', 'figure-list');
  for (const known of Object.keys(figures)) {
    const item = list.append('li');
    item.append('a').attr('href', figureLink(known)).append('code').text(known);
    item.append('span').text(`: ${figures[known].label}`);
  }
  return box.node();
}
