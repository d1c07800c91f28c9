// The course map: the twelve chapters grouped by the class that teaches them, each a link with
// the question it answers. The page's default chapter (the class notebook) shows it right under
// its live attn_weights, so the root address opens on the figure and the map together.
import { select } from 'd3';

/**
 * @param {{views: {id: string, chapter: number, title: string, question: string, course: string}[],
 *          parts: {id: string, title: string}[], current: string,
 *          queryFor: (patch: object) => string, onPick: (id: string) => void}} spec
 * @returns {HTMLElement} the map, to be placed by the caller
 */
export function courseMap({ views, parts, current, queryFor, onPick }) {
  const map = select(document.createElement('section')).attr('class', 'course-map').attr('aria-labelledby', 'course-map-title');
  map.append('h2').attr('id', 'course-map-title').text('The course, chapter by chapter');
  const columns = map.append('div').attr('class', 'course-map-parts');
  for (const part of parts) {
    const chapters = views.filter((v) => v.course === part.id);
    if (!chapters.length) continue;
    const block = columns.append('div').attr('class', 'course-map-part').attr('data-part', part.id);
    block.append('h3').attr('id', `course-part-${part.id}`).text(part.title);
    const list = block.append('ol').attr('start', chapters[0].chapter).attr('aria-labelledby', `course-part-${part.id}`);
    for (const v of chapters) {
      const item = list.append('li').attr('data-view', v.id);
      item.append('a').attr('href', queryFor({ view: v.id }) || '?')
        .attr('aria-current', v.id === current ? 'page' : null)
        .text(v.title)
        .on('click', (event) => {
          if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          onPick(v.id);
        });
      item.append('span').attr('class', 'course-map-question').text(` ${v.question}`);
    }
  }
  return map.node();
}

/**
 * One short line for the first screen of the root address, above the live figure: where the course
 * starts (Class 04's first chapter, one tap away on a phone). One line and one Tab stop, so the
 * figure stays on a phone's first screen and its cells a few Tab presses from the sentence; the
 * whole map is under the figure.
 * @param {{views: object[], parts: {id: string, title: string}[], queryFor: (patch: object) => string,
 *          onPick: (id: string) => void}} spec
 * @returns {HTMLElement}
 */
export function courseStart({ views, parts, queryFor, onPick }) {
  const first = views.find((v) => v.course === parts[0].id);
  const line = select(document.createElement('p')).attr('class', 'course-start');
  line.append('span').text('Start the course: ');
  line.append('a').attr('href', queryFor({ view: first.id }) || '?').attr('data-view', first.id)
    .text(`${first.chapter}. ${first.title}`)
    .on('click', (event) => {
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      onPick(first.id);
    });
  return line.node();
}
