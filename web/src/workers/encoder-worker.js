// Runs the trained encoder off the page's main thread: fetches the model pack once (with
// progress), decodes it once into a model resident in the core's memory, and answers comparison
// requests with the core's reports (and the embedding space's token-table rows and words in context). The model lives as long as this worker: the page terminates
// the worker when it lets the model go.
// Messages in:  {type: 'life', lock} | {type: 'load', url} | {type: 'compare', id, options}
//               | {type: 'tokenTable', id, first, count} | {type: 'wordVectors', id, texts, words}
//   (life: hold the named Web Lock while this worker lives, so the page hears if it is killed)
//   (id is the page's sequence number for the request; the answer carries it back, so the page
//   can tell an answer to an older sentence from the newest one)
// Messages out: {type: 'alive', lock} | {type: 'progress', received, total} | {type: 'loaded', bytes}
//               | {type: 'result', id, result} | {type: 'error', id?, message}
import { loadEncoderPack } from '../core/attention-core.js';
import { loadEncoderCore } from '../core/encoder-core.js';
import { holdLifeLock } from '../core/worker-life.js';

let core;
let pack;
let model; // the decoded model (core.createEncoderModel), made once
let life = Promise.resolve(false); // holding the lock the page watches (worker-life.js)

self.onmessage = async ({ data }) => {
  try {
    if (data.type === 'life') {
      life = holdLifeLock(data.lock);
      if (await life) self.postMessage({ type: 'alive', lock: data.lock });
    } else if (data.type === 'load') {
      await life; // the page can tell this worker's end from the moment work starts
      core ??= await loadEncoderCore();
      pack ??= await loadEncoderPack(data.url, (received, total) => self.postMessage({ type: 'progress', received, total }));
      model ??= core.createEncoderModel(pack); // a damaged download fails here
      self.postMessage({ type: 'loaded', bytes: pack.length });
    } else if (data.type === 'compare') {
      if (!model) throw new Error('The trained model is not loaded yet.');
      self.postMessage({ type: 'result', id: data.id, result: model.compareTrained(data.options) });
    } else if (data.type === 'tokenTable' || data.type === 'wordVectors') {
      if (!model) throw new Error('The trained model is not loaded yet.');
      const result = data.type === 'tokenTable' ? model.tokenTable(data.first, data.count) : model.wordVectorsInContext(data.texts, data.words);
      self.postMessage({ type: 'result', id: data.id, result }, [result.data.buffer]);
    }
  } catch (error) {
    if (data.type === 'load') pack = undefined; // let the learner try again (model stays unset)
    self.postMessage({ type: 'error', id: data.id, message: error instanceof Error ? error.message : String(error) });
  }
};
