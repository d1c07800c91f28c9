// The trained model's load button, progress bar and note, shared by the chapters that use the
// trained encoder (trained, and the embedding space's encoder sources). Only a click downloads:
// a link that names the model highlights the button and says why. Ids are `${prefix}-load`,
// `${prefix}-progress` and `${prefix}-load-note`.
import { packUrl } from '../pack-url.js';

// Next to the page (public/models/), wherever the page is served from.
export const modelUrl = () => packUrl('models/use-lite-int8.bin');
const PACK_MB = '7.2 MB';
const FROM_DISK = () => window.location.protocol === 'file:';

/**
 * @param {d3.Selection} parent
 * @param {{prefix: string, suggested?: boolean}} options
 */
export function buildModelLoader(parent, { prefix, suggested = false }) {
  const box = parent.append('div').attr('class', 'model-loader');
  const button = box.append('button').attr('type', 'button').attr('id', `${prefix}-load`).classed('suggested', suggested)
    .text(`Load the trained model (${PACK_MB})`);
  const bar = box.append('progress').attr('id', `${prefix}-progress`).attr('max', 1).property('value', 0).attr('hidden', true)
    .attr('aria-label', 'Model download');
  const note = box.append('span').attr('class', 'muted').attr('id', `${prefix}-load-note`)
    .text(suggested
      ? ' This link shows the trained model: press the button to download it, from this site, once. It never leaves your browser.'
      : ' Downloaded from this site once, only when you ask; it never leaves your browser.');
  if (FROM_DISK()) {
    // The one-file build carries the page, not the 7 MB model, and a page opened from disk
    // can neither read files beside it nor start a worker from one.
    button.attr('disabled', true).classed('suggested', false);
    note.text(' The trained model is a separate 7 MB file, which a page opened from disk cannot load. Serve the page (bash scripts/serve.sh) to use it.');
  }
  return {
    box,
    button,
    loading() {
      button.attr('disabled', true).classed('suggested', false).text('Loading the trained model…');
      bar.attr('hidden', null).property('value', 0);
    },
    progress(received, total) {
      if (total) bar.property('value', received / total);
      note.text(` ${(received / 1e6).toFixed(1)} of ${total ? (total / 1e6).toFixed(1) : '?'} MB`);
    },
    loaded(bytes) {
      bar.attr('hidden', true);
      button.text('Trained model loaded');
      note.text(` ${(bytes / 1e6).toFixed(1)} MB, decoded in a background worker.`);
    },
    failed() {
      bar.attr('hidden', true);
      button.attr('disabled', null).text(`Try loading the trained model again (${PACK_MB})`);
      note.text('');
    },
  };
}
