// The one-file page's stand-in for senses-core.js (vite.file.config.js): that page carries only
// every view's part of the core, and the contextual vectors need the GloVe subset, which a page
// opened from disk cannot load either.
export async function loadSensesCore() {
  throw new Error('The contextual vectors are not in the page opened from disk: serve the site (see the README) to use them.');
}
