// "Images and sounds as tokens, and why attention suits GPUs" (Class 04). An image cut into
// patches and a sound cut into frames become sequences of T tokens like a sentence's words;
// attention scores all T × T pairs. core.modalityTokens counts the tokens, the matrix and the
// multiply-adds; the sentence's Q Kᵀ, computed by the core as one product and pair by pair
// (core.contextQuestions' `pairs`), shows that all pairs are independent dot products.
// Built once at mount, updated in place.
import { select } from 'd3';
import { moreFold } from '../../components/more.js';
import { num } from '../../format.js';
import { dataTable } from '../../components/data-table.js';
import { ROUNDING } from '../shared/thresholds.js';
import { MODALITY_FIELDS } from './chapter.js';

const big = (n) => n.toLocaleString('en');

/** Mounts the fold; returns {render(state, questions)} (`questions`: contextQuestions' report, or null). */
export function mountModalities(parent, { core, state, update }) {
  // a fold of the page's kind (components/more.js): closed, open in embeds and present mode
  const fold = select(moreFold(parent, 'Images and sounds as tokens, and why attention suits GPUs', { name: 'win-modalities' }).node().parentNode).classed('window-modalities', true).attr('id', 'win-modalities');
  const body = fold.select('.more-body').append('section').attr('aria-labelledby', 'win-mod-title');
  body.append('h3').attr('id', 'win-mod-title').text('Other data as a sequence of tokens');
  body.append('p').text(
    'A sentence is a sequence of words; other data can be cut into a sequence too. A vision transformer cuts an image into square patches and reads each patch as one token; speech models cut sound into short overlapping frames. Once the tokens are there, attention does not care where they came from: it compares every token with every other.',
  );
  const form = body.append('div').attr('class', 'control-row mod-fields');
  const inputs = {};
  for (const f of MODALITY_FIELDS) {
    const box = form.append('div').attr('class', 'control').attr('data-group', f.group);
    box.append('label').attr('for', `mod-${f.option}`).text(f.label);
    inputs[f.key] = box.append('input').attr('id', `mod-${f.option}`).attr('type', 'text').attr('inputmode', 'decimal').attr('size', 7)
      .attr('autocomplete', 'off').attr('data-state-key', f.key).attr('aria-describedby', 'mod-error').property('value', state[f.key])
      .on('input', (e) => update({ [f.key]: e.target.value }, { typing: true }));
  }
  const error = body.append('div').attr('class', 'error-box').attr('id', 'mod-error').attr('role', 'alert');
  const out = body.append('div').attr('class', 'mod-results');
  const how = out.append('ul').attr('class', 'facts mod-how');
  const table = dataTable(out).attr('class', 'checks mod-counts');
  table.append('caption').text('Tokens, the attention matrix and its multiply-adds, per kind of data');
  const head = table.append('thead').append('tr');
  for (const h of ['data', 'tokens T', 'numbers per token', 'T × T weights', 'Q Kᵀ multiply-adds (T·T·d)', 'A V multiply-adds (T·T·d)', 'X W_q, X W_k, X W_v (3·T·d·d)', 'recurrent steps in a row']) {
    head.append('th').attr('scope', 'col').text(h);
  }
  const tbody = table.append('tbody');
  const growth = out.append('p').attr('class', 'mod-growth');

  const gpu = body.append('section').attr('class', 'mod-gpu').attr('aria-labelledby', 'win-gpu-title');
  gpu.append('h4').attr('id', 'win-gpu-title').text('Why attention suits a GPU');
  gpu.append('p').text(
    'The board writes the scores one pair at a time so a person can follow them. A machine computes them all at once: stack the queries into Q (T × d) and the keys into K (T × d), and Q Kᵀ is one (T × d)·(d × T) matrix product. Each of its T² entries is a dot product that needs no other entry first, so thousands can run side by side, which is what a GPU is built for. A recurrent network (LSTM, GRU) cannot do that across the sequence: step t needs the state of step t − 1.',
  );
  const check = gpu.append('p').attr('class', 'mod-pairs');

  return {
    render(current, questions) {
      for (const f of MODALITY_FIELDS) {
        const el = inputs[f.key].node();
        if (document.activeElement !== el && el.value !== current[f.key]) el.value = current[f.key];
      }
      const options = { textTokens: questions ? questions.tokens.length : 0 };
      for (const f of MODALITY_FIELDS) {
        const raw = String(current[f.key]).trim();
        const value = Number(raw);
        if (raw === '' || !Number.isFinite(value)) {
          return fail(`Type a number for the ${f.label}.`);
        }
        options[f.option] = value;
      }
      let r;
      try {
        r = core.modalityTokens(options);
      } catch (e) {
        return fail(e.message);
      }
      error.selectAll('p').remove();
      out.classed('stale', false);
      const [text, image, audio] = r.counts;
      how.selectAll('li').data([
        `Image: ${options.imageHeight} × ${options.imageWidth} pixels in ${options.patch} × ${options.patch} patches gives ${r.patchesDown} × ${r.patchesAcross} = ${big(image.tokens)} tokens of ${big(image.perToken)} numbers (${options.patch} × ${options.patch} pixels × ${options.channels} channels)${image.leftOver ? `; ${big(image.leftOver)} pixels at the edges fit no whole patch and are cut off` : ''}.`,
        `Sound: ${options.audioSeconds} s at ${big(options.sampleRate)} samples per second is ${big(r.audioSamples)} samples; frames of ${big(r.frameSamples)} samples starting every ${big(r.hopSamples)} give 1 + ⌊(${big(r.audioSamples)} − ${big(r.frameSamples)}) / ${big(r.hopSamples)}⌋ = ${big(audio.tokens)} tokens${audio.leftOver ? ` (the last ${big(audio.leftOver)} samples fill no whole frame)` : ''}.`,
        `Text: the sentence above has ${big(text.tokens)} word tokens.`,
      ]).join('li').text((d) => d);
      tbody.selectAll('tr').data(r.counts).join('tr').attr('data-name', (c) => c.name).attr('data-tokens', (c) => c.tokens)
        .attr('data-pairs', (c) => c.pairs)
        .each(function fill(c) {
          this.replaceChildren();
          const tr = this;
          const cell = (tag, value, cls) => {
            const el = document.createElement(tag);
            if (tag === 'th') el.scope = 'row';
            if (cls) el.className = cls;
            el.textContent = value;
            tr.append(el);
          };
          cell('th', c.name);
          for (const v of [c.tokens, c.perToken, c.pairs, c.scoreMacs, c.weightedMacs, c.projectionMacs, c.recurrentSteps]) cell('td', big(v), 'computed');
        });
      const largest = [...r.counts].sort((a, b) => b.tokens - a.tokens)[0];
      const smallest = [...r.counts].filter((c) => c.tokens > 0).sort((a, b) => a.tokens - b.tokens)[0];
      growth.text(
        smallest && largest.tokens > smallest.tokens
          ? `The ${largest.name} has ${big(largest.tokens)} tokens against the ${smallest.name}’s ${big(smallest.tokens)}, but ${big(largest.pairs)} attention weights against ${big(smallest.pairs)}: the weights grow with the square of the length, the projections only with the length.`
          : `Every kind here has ${big(largest.tokens)} tokens, so the same ${big(largest.pairs)} attention weights.`,
      );
      if (questions) {
        const p = questions.pairs;
        const T = questions.tokens.length;
        const same = p.maxDifference === 0 ? 'identical to the last bit' : p.maxDifference <= ROUNDING ? `equal up to rounding (largest difference ${p.maxDifference.toExponential(1)})` : `different by up to ${num(p.maxDifference)}`;
        check.attr('data-max-difference', String(p.maxDifference)).attr('data-dots', p.dotProducts).text(
          `On the sentence above: Q Kᵀ as one (${T} × ${questions.dK})·(${questions.dK} × ${T}) product and as ${big(p.dotProducts)} separate dot products of ${questions.dK} multiply-adds each (${big(p.macs)} in all) are ${same}. None of those ${big(p.dotProducts)} products uses another’s result.`,
        );
      } else {
        check.attr('data-max-difference', null).text('Type a sentence above to see its Q Kᵀ computed both ways.');
      }
      return r;

      function fail(message) {
        error.selectAll('p').data([message]).join('p').attr('class', 'error').text((d) => d);
        out.classed('stale', true);
        return null;
      }
    },
  };
}
