// Every view of the page, in the order of the course. Each is reachable as ?view=<id> and
// embeddable on its own. A view is a plain object:
//   id       the URL value                 chapter  its number on the page (docs/chapters.md)
//   title    the navigation label          params   its own URL parameters (see state.js)
//   mount(root, {core, state, update}) -> {render(state), status?}
//     builds its controls into `root` once; render() draws the state's numbers, and is called
//     again after every update(patch). unmount() (optional) is called before another view
//     replaces it: a view with a worker or a timer stops it there. update() changes the shared state and the URL.
//     remember(patch) (also passed) changes the state and the link without redrawing, for
//     choices like a hovered or selected cell that should survive in a shared link.
//   Every view gets, from main.js and the components, without doing anything: the Copy link
//   field, embed mode (?embed=1), the notice for ignored link settings, offline use, and for each
//   drawHeatmap: a legend, a table equivalent and an Export menu. Another chart can call
//   components/export.js addExport(parent, {name, svg, matrices}) to get the same Export menu.
import { workbenchView } from './workbench.js';
import { flowView } from './flow.js';
import { trainedView } from './trained.js';
import { cosineView } from './cosine.js';
import { windowView } from './window.js';
import { smoothingView } from './smoothing.js';
import { idsView } from './ids.js';
import { headsView } from './heads.js';
import { bankView } from './bank.js';
import { labView } from './lab.js';
import { trainingView } from './training.js';
import { spaceView } from './space.js';

export const VIEWS = [idsView, windowView, smoothingView, spaceView, cosineView, flowView, workbenchView, bankView, headsView, labView, trainedView, trainingView]
  .sort((a, b) => a.chapter - b.chapter);

// The page opens on the class notebook (NumPy mode, "Bank of the river").
export const DEFAULT_VIEW_ID = 'qkv';
