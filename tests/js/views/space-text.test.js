// views/space/text.js: the progress line says how many threads a t-SNE or UMAP run used, and why
// only one where the page could not use more; PCA's says nothing of threads.
import { describe, it, expect } from 'vitest';
import { progressLine, threadsText } from '../../../web/src/views/space/text.js';

describe('threads in the progress line', () => {
  it('names the threads of a finished run, and its time', () => {
    expect(progressLine('t-SNE', { done: true, ms: 12345, threads: 2, threadsAllowed: true }, 'words')).toBe('t-SNE: done in 12 s (in the worker, on 2 threads).');
    expect(progressLine('UMAP', { done: true, ms: 3104, threads: 1, threadsAllowed: false }, 'words'))
      .toMatch(/^UMAP: done in 3104 ms \(in the worker, on one thread \(threads need a cross-origin isolated page/);
  });
  it('says why one thread: no isolation, or one core', () => {
    expect(threadsText({ threads: 1, threadsAllowed: true })).toBe('on one thread (this machine has one core to give)');
    expect(threadsText({ threads: 1, threadsAllowed: false })).toMatch(/cross-origin isolated/);
    expect(threadsText({ threads: 4, threadsAllowed: true })).toBe('on 4 threads');
    // isolated, but the threaded part did not start: not a matter of cores
    expect(threadsText({ threads: 1, threadsAllowed: true, threadsFailed: true })).toMatch(/did not start the threaded part/);
  });
  it('PCA frames carry no thread count and say none', () => {
    expect(progressLine('PCA', { done: true, ms: 46 }, 'words')).toBe('PCA: done in 46 ms (in the worker).');
    expect(threadsText({})).toBe('');
  });
  it('a running frame: time so far, estimate, threads', () => {
    expect(progressLine('t-SNE', { iteration: 100, total: 1000, kl: 2.5, elapsedMs: 3200, threads: 2, threadsAllowed: true }, 'words'))
      .toBe('t-SNE: iteration 100 of 1000, KL divergence 2.500 · 3.2 s so far · on 2 threads');
  });
});
