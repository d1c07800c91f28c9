// The Export menu of a heatmap (PNG, SVG, CSV, JSON, .npy, from components/export.js): its
// numbers are always the latest, drawn or not; the menu is made again only for a new name.
import { addExport } from '../export.js';
import { paint } from './paint.js';

export function updateExportMenu(hm, spec) {
  const { name, matrix: { rows, cols, data }, rowLabels, colLabels, rowAxis, colAxis } = spec;
  Object.assign(hm.exportMatrix, { name, rows, cols, data, rowLabels, colLabels, rowAxis, colAxis });
  if (hm.exportName === name) return;
  const open = hm.exportMenu?.open;
  hm.exportMenu?.remove();
  hm.exportMenu = addExport(hm.tools.node(), { name, svg: () => exportSvg(hm), matrices: [hm.exportMatrix] });
  hm.exportMenu.open = Boolean(open);
  hm.exportName = name;
}

/**
 * For Export: the map drawn now if it waited, and a large map's picture written into the file: the
 * canvas the page shows cannot travel in an SVG file, so its <image> is given the canvas as a
 * data: URL for the copy export.js makes at once, and let go of after it (the page keeps
 * showing the canvas, which the next edit repaints).
 */
function exportSvg(hm) {
  if (hm.pending) paint(hm);
  hm.finishImage?.();
  const image = hm.svg.select('image.cells-image');
  if (!image.empty() && hm.canvas) {
    image.attr('href', hm.canvas.toDataURL('image/png'));
    queueMicrotask(() => image.attr('href', null));
  }
  return hm.svg.node();
}
