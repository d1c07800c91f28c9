// What the bank experiment (chapter 8) and the assignment lab (chapter 10) share: two sentences
// and a target word, the word-vector source panel, a status area, and one core.bankExperiment
// over the shared state on every render. The views differ only in what they draw from it.
import { createStatus } from './status.js';
import { createVectorSource } from './vector-source.js';
import { PAGE_LIMITS } from '../limits.js';
import { coreOptions } from '../vectors/store.js';
import { PENDING, computingText } from '../core/core-jobs.js';
import { compileAhead } from '../core/compile-ahead.js';

/**
 * @param {d3.Selection} view  the view's section; controls, status and results are appended
 * @param {{core, state, update, resultsId: string,
 *          draw: (results: d3.Selection, experiment: object, state: object) => void}} spec
 * @returns {{status, render(state)}}
 */
export function mountTwoSentences(view, { core, jobs, state, update, resultsId, draw }) {
  const form = view.append('form').attr('class', 'controls').attr('novalidate', true).on('submit', (e) => e.preventDefault());
  for (const [id, label, key, max] of [['sentence', 'Sentence 1', 'sentence', PAGE_LIMITS.maxChars], ['sentence2', 'Sentence 2', 'sentence2', PAGE_LIMITS.maxChars], ['target', 'Target word', 'target', 64]]) {
    const box = form.append('div').attr('class', 'control sentence');
    box.append('label').attr('for', id).text(label);
    box.append('input').attr('id', id).attr('type', 'text').attr('autocomplete', 'off').attr('spellcheck', 'false')
      .attr('maxlength', max).attr('data-state-key', key).property('value', state[key])
      .on('input', (e) => update({ [key]: e.target.value }, { typing: true }));
  }
  // Notices and errors right under the sentences, where the learner is typing.
  form.append('div').attr('class', 'status-slot');
  const panel = createVectorSource(form, { core, state, onChange: update, sentences: () => [state.sentence, state.sentence2] });
  const results = view.append('div').attr('id', resultsId);
  const status = createStatus(view.select('.status-slot'), results.node());
  let last = null;
  return {
    status,
    render(current) {
      panel.render(current, last?.first);
      const { options, waiting } = coreOptions(core, current, { sentences: [current.sentence, current.sentence2], maxTokens: PAGE_LIMITS.maxTokens });
      if (waiting) {
        // The chosen vectors are still loading (or no file is chosen yet): say so, draw nothing,
        // and have the experiment’s code compiled meanwhile (on stand-in one-hot vectors, answer dropped).
        status.error('');
        status.notices([waiting]);
        results.html('');
        compileAhead('bankExperiment', () => core.bankExperiment({ ...current, maxTokens: PAGE_LIMITS.maxTokens, source: 'pretrained', pretrained: oneHotTable(core, [current.sentence, current.sentence2]) }));
        return;
      }
      let experiment;
      try {
        // wide vectors are computed in a worker: PENDING until the answer comes (core-jobs.js)
        experiment = jobs ? jobs.call('bankExperiment', options) : core.bankExperiment(options);
      } catch (error) {
        status.error(error.message);
        return;
      }
      if (experiment === PENDING) {
        status.computing(computingText(options));
        return;
      }
      last = experiment;
      panel.render(current, experiment.first);
      status.error('');
      status.notices([...new Set([...experiment.first.notices, ...experiment.second.notices])]);
      draw(results, experiment, current);
    },
  };
}

/** A table that gives each word of the sentences its own axis (a one-hot row): stand-in vectors for compileAhead. */
function oneHotTable(core, sentences) {
  const words = [...new Set(sentences.flatMap((s) => core.tokenize(s, PAGE_LIMITS.maxTokens).tokens.map((t) => t.key)))];
  const data = new Float32Array(words.length * words.length);
  words.forEach((_, i) => { data[i * words.length + i] = 1; });
  return { name: 'one-hot stand-in', words, dim: words.length, data };
}
