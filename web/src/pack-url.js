// The address of a large pack that loads on demand (public/models/, public/data/), tagged with a
// hash of its bytes taken at build time (vite-plugins/offline-cache.js). The service worker keeps
// such packs by their full address, so a copy stored by an older build of the page is never
// served to a newer one: a changed pack has a new address. Without the build's list (dev server,
// tests, the one-file page) the plain address is used.
// eslint-disable-next-line no-undef
const PACK_VERSIONS = typeof __AW_PACK_VERSIONS__ === 'undefined' ? {} : __AW_PACK_VERSIONS__;

/** @param {string} path relative to the site root, e.g. 'models/use-lite-int8.bin' */
export function packUrl(path, base = document.baseURI) {
  const url = new URL(path, base);
  const version = PACK_VERSIONS[path];
  if (version) url.searchParams.set('v', version);
  return url.href;
}
