// Embed mode (?embed=1): the chosen view alone, compact, for an iframe in a course page or doc.
// The page chrome is hidden by CSS (html.embed); a slim bar links to the full page; and the
// page's height is posted to the parent on every change of size, so the parent can size the
// iframe and no inner scrollbar is needed:
//   window.addEventListener('message', (e) => {
//     if (e.data?.type === 'attention-whiteboard:height') iframe.style.height = `${e.data.height}px`;
//   });
// The message carries only the height and the view id, so it is posted to any parent origin.
import { select } from 'd3';

export const HEIGHT_MESSAGE = 'attention-whiteboard:height';

/**
 * @param {HTMLElement} app  the view's container (the bar goes before it)
 * @param {{fullPageUrl: () => string, viewId: () => string}} spec  the link without embed=1; the view shown
 * @returns {{update(): void}}
 */
export function startEmbed(app, { fullPageUrl, viewId }) {
  document.documentElement.classList.add('embed');
  // a <header> before <main>: the page's banner landmark, with its one <h1>, kept small
  const bar = select(document.createElement('header')).attr('class', 'embed-bar');
  app.before(bar.node());
  bar.append('h1').attr('class', 'embed-title').text('Attention Whiteboard');
  const link = bar.append('a').attr('target', '_blank').attr('rel', 'noopener').text('Open the full page ↗');
  let last = 0;
  const post = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last || window.parent === window) return;
    last = height;
    window.parent.postMessage({ type: HEIGHT_MESSAGE, height, view: viewId() }, '*');
  };
  new ResizeObserver(post).observe(document.body);
  return {
    update() {
      link.attr('href', fullPageUrl());
      post();
    },
  };
}
