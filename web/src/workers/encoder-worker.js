// Runs the trained encoder off the page's main thread: fetches the model pack once (with
// progress), keeps its bytes, and answers comparison requests with the core's reports.
// Messages in:  {type: 'load', url} | {type: 'compare', id, options}
//   (id is the page's sequence number for the request; the answer carries it back, so the page
//   can tell an answer to an older sentence from the newest one)
// Messages out: {type: 'progress', received, total} | {type: 'loaded', bytes}
//               | {type: 'result', id, result} | {type: 'error', id?, message}
import { loadAttentionCore, loadEncoderPack } from '../core/attention-core.js';

let core;
let pack;

self.onmessage = async ({ data }) => {
  try {
    if (data.type === 'load') {
      core ??= await loadAttentionCore();
      pack ??= await loadEncoderPack(data.url, (received, total) => self.postMessage({ type: 'progress', received, total }));
      core.encodeSentence(pack, 'bank'); // decodes the pack once, so a damaged download fails here
      self.postMessage({ type: 'loaded', bytes: pack.length });
    } else if (data.type === 'compare') {
      if (!pack) throw new Error('The trained model is not loaded yet.');
      self.postMessage({ type: 'result', id: data.id, result: core.compareTrained(pack, data.options) });
    }
  } catch (error) {
    if (data.type === 'load') pack = undefined; // let the learner try again
    self.postMessage({ type: 'error', id: data.id, message: error instanceof Error ? error.message : String(error) });
  }
};
