// The large map's zoom (buttons, Ctrl + wheel, a trackpad pinch): the bitmap stays as painted;
// only the geometry, labels and marks follow the new cell size. Each level doubles the cells.
import { geometry, sizeSvg, zoomedInFully, LABEL_WIDTH } from './layout.js';
import { drawLabels, drawRowSums } from './labels.js';
import { resizeImage } from './canvas-cells.js';
import { checkOverflow } from './overflow.js';
import { showMarks } from './marks.js';

export function setZoom(hm, level) {
  if (hm.mode !== 'image') return;
  const next = Math.max(0, level);
  if (next > hm.zoomLevel && hm.layout && zoomedInFully(hm.layout)) return;
  if (next === hm.zoomLevel) return;
  hm.zoomLevel = next;
  hm.figure.attr('data-zoom', next);
  const layout = geometry(hm);
  hm.layout = layout;
  sizeSvg(hm, layout);
  drawLabels(hm, layout);
  resizeImage(hm, layout);
  drawRowSums(hm, layout);
  hm.svg.select('g.legend').attr('transform', `translate(${LABEL_WIDTH},${layout.gridBottom + 8})`);
  showZoomButtons(hm);
  checkOverflow(hm);
  showMarks(hm);
}

/** The zoom buttons show for large maps, each disabled where it can go no further. */
export function showZoomButtons(hm) {
  hm.zoom.attr('hidden', hm.mode === 'image' ? null : true);
  hm.zoom.select('.zoom-in').attr('disabled', hm.layout && zoomedInFully(hm.layout) ? true : null);
  hm.zoom.select('.zoom-out').attr('disabled', hm.zoomLevel === 0 ? true : null);
}
