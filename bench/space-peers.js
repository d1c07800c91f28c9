// The JavaScript peers of the embedding-space benchmark, bundled by bench/space.mjs into
// build/bench-space/space-peers.js for bench/space-worker.js. Bench only: web/src never imports them.
export { UMAP } from 'umap-js';
export { default as TsneJs } from 'tsne-js'; // its dist/, with bench/space-events.js for Node's 'events'
export { TSNE as KeckeltTsne } from '@keckelt/tsne';
export { TSNE as DruidTsne, PCA as DruidPca, version as druidVersion } from '@saehrimnir/druidjs';
