// Runs the trained encoder off the page's main thread: fetches the model pack once (with
// progress), decodes it once into a model resident in the core's memory, and answers comparison
// requests with the core's reports. The model lives as long as this worker: the page terminates
// the worker when it lets the model go.
// Messages in:  {type: 'load', url} | {type: 'compare', id, options}
//   (id is the page's sequence number for the request; the answer carries it back, so the page
//   can tell an answer to an older sentence from the newest one)
// Messages out: {type: 'progress', received, total} | {type: 'loaded', bytes}
//               | {type: 'result', id, result} | {type: 'error', id?, message}
import { loadAttentionCore, loadEncoderPack } from '../core/attention-core.js';

let core;
let pack;
let model; // the decoded model (core.createEncoderModel), made once

self.onmessage = async ({ data }) => {
  try {
    if (data.type === 'load') {
      core ??= await loadAttentionCore();
      pack ??= await loadEncoderPack(data.url, (received, total) => self.postMessage({ type: 'progress', received, total }));
      model ??= core.createEncoderModel(pack); // a damaged download fails here
      self.postMessage({ type: 'loaded', bytes: pack.length });
    } else if (data.type === 'compare') {
      if (!model) throw new Error('The trained model is not loaded yet.');
      self.postMessage({ type: 'result', id: data.id, result: model.compareTrained(data.options) });
    }
  } catch (error) {
    if (data.type === 'load') pack = undefined; // let the learner try again (model stays unset)
    self.postMessage({ type: 'error', id: data.id, message: error instanceof Error ? error.message : String(error) });
  }
};
