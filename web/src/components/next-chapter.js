// The end of a chapter: a link to the next one in the course's order, with the question it
// answers, so a learner can walk all twelve without the chapter list. The last chapter leads back
// to the first. A real link (?view=…, the current settings kept); a plain click switches in place.
import { select } from 'd3';

/**
 * @param {HTMLElement} app  the mounted view's container: the link goes after the view
 * @param {{views: {id: string, chapter: number, title: string, question: string}[], current: string,
 *          queryFor: (patch: object) => string, onPick: (id: string) => void}} spec
 */
export function drawNextChapter(app, { views, current, queryFor, onPick }) {
  const index = views.findIndex((v) => v.id === current);
  const next = views[(index + 1) % views.length];
  const last = index === views.length - 1;
  const nav = select(app).append('nav').attr('class', 'next-chapter').attr('aria-label', last ? 'Back to the first chapter' : 'Next chapter');
  const link = nav.append('a').attr('href', queryFor({ view: next.id }) || '?').attr('data-view', next.id)
    .on('click', (event) => {
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      onPick(next.id);
    });
  link.append('span').attr('class', 'next-chapter-label').text(last ? 'Back to the start: ' : 'Next: ');
  link.append('span').attr('class', 'next-chapter-title').text(`${next.chapter}. ${next.title}`);
  nav.append('p').attr('class', 'next-chapter-question muted').text(next.question);
  return nav.node();
}
