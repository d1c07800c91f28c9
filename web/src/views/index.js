// Every view of the page: a chapter's descriptor (views/chapters.js, in the course's order) joined
// with the code that draws it, views/<id>/view.js, which exports `view`:
//   view.mount(root, {core, jobs, state, update, remember, drawnLater}) -> {render(state), status?, unmount?}
//     builds its controls into `root` once; render() draws the state's numbers, and is called
//     again after every update(patch). unmount() (optional) is called before another view
//     replaces it: a view with a worker or a timer stops it there. update() changes the shared
//     state and the URL. remember(patch) changes the state and the link without redrawing, for
//     choices like a hovered or selected cell that should survive in a shared link. drawnLater()
//     says that the view drew something outside a render (a worker's answer, a loaded model):
//     the first screen, present mode, embeds and their Embed buttons follow it.
//   Every view gets, from main.js and the components, without doing anything: the Copy link
//   field, embed mode (?embed=1), the notice for ignored link settings, offline use, and for each
//   drawHeatmap: a legend, a table equivalent and an Export menu. Another chart can call
//   components/export.js addExport(parent, {name, svg, matrices}) to get the same Export menu.
import { CHAPTERS } from './chapters.js';

// Each chapter's folder has a view.js; Vite (and vitest) bundle them all from this one pattern.
const VIEW_MODULES = import.meta.glob('./*/view.js', { eager: true });

export const VIEWS = CHAPTERS.map((chapter) => {
  const module = VIEW_MODULES[`./${chapter.id}/view.js`];
  if (!module?.view) throw new Error(`views/${chapter.id}/view.js must export \`view\` (see views/index.js)`);
  return { ...chapter, mount: module.view.mount };
});

export { DEFAULT_VIEW_ID, FIGURES, FIGURE_NAMES, COURSE_PARTS } from './chapters.js';
