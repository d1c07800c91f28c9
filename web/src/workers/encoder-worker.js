// Runs the trained encoder off the page's main thread: fetches the model pack once (with
// progress), decodes it once into a model resident in the core's memory, and answers comparison
// requests with the core's reports (and the embedding space's token-table rows and words in
// context). The model lives as long as this worker: the page terminates the worker when it lets
// the model go.
//   kinds (workers/serve.js): load {url} → bytes (progress: {received, total})
//     | compare {options} | tokenTable {first, count} | wordVectors {texts, words}
//     | headsChange {text, heads}
import { loadEncoderPack } from '../core/attention-core.js';
import { loadEncoderCore } from '../core/encoder-core.js';
import { moved, serve } from './serve.js';

let core;
let pack;
let model; // the decoded model (core.createEncoderModel), made once

function loadedModel() {
  if (!model) throw new Error('The trained model is not loaded yet.');
  return model;
}

serve({
  async load({ url }, request) {
    try {
      core ??= await loadEncoderCore();
      pack ??= await loadEncoderPack(url, (received, total) => request.progress({ received, total }));
      model ??= core.createEncoderModel(pack); // a damaged download fails here
      return pack.length;
    } catch (error) {
      pack = undefined; // let the learner try again (model stays unset)
      throw error;
    }
  },
  compare: ({ options }) => loadedModel().compareTrained(options),
  headsChange: ({ text, heads }) => loadedModel().headsChange(text, heads),
  tokenTable({ first, count }) {
    const result = loadedModel().tokenTable(first, count);
    return moved(result, [result.data.buffer]);
  },
  wordVectors({ texts, words }) {
    const result = loadedModel().wordVectorsInContext(texts, words);
    return moved(result, [result.data.buffer]);
  },
});
