// Chapter 10 (beyond the class): a real, trained transformer encoder, Universal Sentence
// Encoder Lite (2 layers × 4 heads). Its attention heads were trained, unlike the class's random
// projections, so here the learner can see what trained attention does with "bank". The model
// (about 7 MB) is fetched only when asked for and runs in a Web Worker; nothing else waits for it.
import { select } from 'd3';
import { drawHeatmap, keepHeatmaps } from '../components/heatmap.js';
import { createStatus } from '../components/status.js';
import { EncoderClient } from '../core/encoder-client.js';
import { num, full } from '../format.js';
import { PAGE_LIMITS } from '../limits.js';
import { flag, intIn, text } from '../params.js';
import { dataTable } from '../components/data-table.js';
import { figureAttr } from '../components/figures.js';

// Next to the page (public/models/), wherever the page is served from.
const modelUrl = () => new URL('models/use-lite-int8.bin', document.baseURI).href;
const PACK_MB = '7.2 MB';

export const trainedView = {
  id: 'trained',
  chapter: 10,
  title: 'A trained encoder',
  params: [
    { url: 'ts', key: 'trainedSentence', parse: text(500), default: 'The bank of the river is muddy today.' },
    { url: 'ts2', key: 'trainedSentence2', parse: text(500), default: 'I have money in my bank account.' },
    { url: 'tt', key: 'trainedTarget', parse: text(64), default: 'bank' },
    { url: 'layer', key: 'trainedLayer', parse: intIn(1, 2), default: 2 },
    { url: 'tshow', key: 'trainedShow', parse: intIn(1, 2), default: 1 },
    { url: 'load', key: 'trainedLoad', parse: flag, default: false },
  ],
  mount(root, { core, state, update }) {
    const client = new EncoderClient();
    const view = select(root).append('section').attr('id', 'trained').attr('class', 'view').attr('aria-labelledby', 'trained-title');
    view.append('h2').attr('id', 'trained-title').text('A trained encoder: attention heads that learned something');
    view.append('p').attr('class', 'lead').text(
      'Everything in the class ran on random, untrained projections, so it could only show that outputs depend on context. ' +
        'This chapter runs a real pretrained model in your browser: Google’s Universal Sentence Encoder Lite, a 2-layer transformer encoder with 4 heads per layer, ' +
        'trained on large amounts of text to place sentences with similar meaning close together. Same mechanism as the class (queries, keys, values, softmax, weighted sums), trained weights.',
    );

    const form = view.append('form').attr('class', 'controls').attr('novalidate', true).on('submit', (e) => e.preventDefault());
    const sentence = (id, label, key) => {
      const box = form.append('div').attr('class', 'control sentence');
      box.append('label').attr('for', id).text(label);
      box.append('input').attr('id', id).attr('type', 'text').attr('maxlength', 500).attr('autocomplete', 'off').attr('spellcheck', 'false')
        .property('value', state[key]).on('change', (e) => update({ [key]: e.target.value }));
    };
    sentence('trained-s1', 'Sentence 1', 'trainedSentence');
    sentence('trained-s2', 'Sentence 2', 'trainedSentence2');
    const row = form.append('div').attr('class', 'control-row');
    const target = row.append('div').attr('class', 'control');
    target.append('label').attr('for', 'trained-target').text('Word to follow');
    target.append('input').attr('id', 'trained-target').attr('type', 'text').attr('size', 10).attr('maxlength', 64)
      .property('value', state.trainedTarget).on('change', (e) => update({ trainedTarget: e.target.value }));
    const pick = (id, label, key, options) => {
      const box = row.append('div').attr('class', 'control');
      box.append('label').attr('for', id).text(label);
      const s = box.append('select').attr('id', id).on('change', (e) => update({ [key]: Number(e.target.value) }));
      for (const [value, name] of options) s.append('option').attr('value', value).text(name);
      s.property('value', String(state[key]));
    };
    pick('trained-layer', 'Heatmaps of layer', 'trainedLayer', [[1, 'layer 1'], [2, 'layer 2']]);
    pick('trained-show', 'for sentence', 'trainedShow', [[1, 'sentence 1'], [2, 'sentence 2']]);

    const loader = view.append('div').attr('class', 'model-loader');
    const loadButton = loader.append('button').attr('type', 'button').attr('id', 'trained-load').text(`Load the trained model (${PACK_MB})`);
    const progress = loader.append('progress').attr('id', 'trained-progress').attr('max', 1).property('value', 0).attr('hidden', true)
      .attr('aria-label', 'Model download');
    const loaderNote = loader.append('span').attr('class', 'muted').attr('id', 'trained-load-note')
      .text(' Downloaded from this site once, only when you ask; it never leaves your browser.');

    view.append('div').attr('class', 'status-slot');
    const resultsEl = view.append('div').attr('id', 'trained-results').node();
    const status = createStatus(view.select('.status-slot'), resultsEl);
    let current = state;
    let drawn = 0;

    function startLoading() {
      loadButton.attr('disabled', true).text('Loading the trained model…');
      progress.attr('hidden', null).property('value', 0);
      client.load(modelUrl(), (received, total) => {
        if (total) progress.property('value', received / total);
        loaderNote.text(` ${(received / 1e6).toFixed(1)} of ${total ? (total / 1e6).toFixed(1) : '?'} MB`);
      }).then(
        (bytes) => {
          progress.attr('hidden', true);
          loadButton.text('Trained model loaded');
          loaderNote.text(` ${(bytes / 1e6).toFixed(1)} MB, decoded in a background worker.`);
          if (!current.trainedLoad) update({ trainedLoad: true });
          else draw(current);
        },
        (error) => {
          progress.attr('hidden', true);
          loadButton.attr('disabled', null).text(`Try loading the trained model again (${PACK_MB})`);
          loaderNote.text('');
          status.error(error.message);
        },
      );
    }
    loadButton.on('click', startLoading);
    if (window.location.protocol === 'file:') {
      // The one-file build carries the page, not the 7 MB model, and a page opened from disk
      // can neither read files beside it nor start a worker from one.
      loadButton.attr('disabled', true);
      loaderNote.text(' The trained model is a separate 7 MB file, which a page opened from disk cannot load. Serve the page (bash scripts/serve.sh) to use it.');
    }

    function draw(s) {
      const untrained = untrainedComparison(core, s);
      if (!client.loaded) {
        drawResults(resultsEl, { untrained, trained: null, state: s });
        return;
      }
      const options = { sentence: s.trainedSentence, sentence2: s.trainedSentence2, target: s.trainedTarget };
      client.loaded.then(() => client.compare(options)).then(
        (trained) => {
          if (!trained) return; // superseded by a newer request
          status.error('');
          status.notices([...trained.first.notices, ...trained.second.notices, ...trained.notices, ...untrained.notices]);
          drawResults(resultsEl, { untrained, trained, state: s });
          drawn += 1;
          root.querySelector('#trained').dataset.drawn = String(drawn);
        },
        (error) => status.error(error.message),
      );
    }

    return {
      status,
      render(s) {
        current = s;
        if (s.trainedLoad && !client.loaded && window.location.protocol !== 'file:') startLoading();
        draw(s);
      },
    };
  },
};

/** The class's untrained NumPy block on the same two sentences, for comparison. */
function untrainedComparison(core, s) {
  try {
    const e = core.bankExperiment({
      source: 'numpy', sentence: s.trainedSentence, sentence2: s.trainedSentence2, target: s.trainedTarget, maxTokens: PAGE_LIMITS.maxTokens,
    });
    const contextual = e.cosines.find((c) => c.name === 'contextual_target_across_sentences');
    return { contextual, notices: [] };
  } catch (error) {
    return { contextual: null, notices: [`Untrained comparison: ${error.message}`] };
  }
}

function drawResults(el, { untrained, trained, state }) {
  keepHeatmaps(el);
  const results = select(el).html('');
  if (!trained) {
    results.append('p').attr('class', 'notice').text(
      'Load the trained model to see its tokens, its eight heads and its cosines. The untrained class block on the same sentences, for comparison:',
    );
    drawCosineTable(results, { untrained, trained: null, state });
    return;
  }
  drawTokens(results, trained);
  drawCosineTable(results, { untrained, trained, state });
  drawFocus(results, trained, state);
  drawHeads(results, trained, state);
}

const showPiece = (piece) => piece; // shown as the model sees it, with ▁ marking a word start

function drawTokens(parent, trained) {
  const section = parent.append('section').attr('class', 'stage').attr('aria-labelledby', 'trained-tokens');
  section.append('h3').attr('id', 'trained-tokens').text('1. Subword tokens');
  section.append('p').text(
    'This model does not look words up in a word table: it splits text into pieces from a vocabulary of 8,000, chosen by a unigram language model. ' +
      '“▁” marks the start of a word, so “▁bank” is a whole word and a rare word may become several pieces. No word is ever out of vocabulary.',
  );
  for (const [name, report, index] of [['Sentence 1', trained.first, trained.targetFirst], ['Sentence 2', trained.second, trained.targetSecond]]) {
    section.append('p').attr('class', 'token-caption').text(`${name}: ${report.tokens.length} tokens`);
    section.append('ol').attr('class', 'tokens subword').attr('aria-label', `${name} tokens`)
      .selectAll('li').data(report.tokens).join('li')
      .classed('target', (_, i) => i === index)
      .attr('data-piece', (t) => t.piece)
      .text((t) => showPiece(t.piece));
  }
}

function drawCosineTable(parent, { untrained, trained, state }) {
  const section = parent.append('section').attr('class', 'stage').attr('aria-labelledby', 'trained-cosines');
  section.append('h3').attr('id', 'trained-cosines').text(`2. “${state.trainedTarget}” in sentence 1 against sentence 2`);
  const table = dataTable(section).attr('class', 'cosine-table trained-cosines');
  const head = table.append('thead').append('tr');
  for (const h of ['comparison', 'cosine', 'what it does and does not show']) head.append('th').attr('scope', 'col').text(h);
  const body = table.append('tbody');
  const rowOf = (id, label, value, note) => {
    const tr = body.append('tr').attr('data-cosine', id);
    tr.append('th').attr('scope', 'row').text(label);
    tr.append('td').attr('class', 'value').attr('title', value == null ? '' : full(value)).text(value == null ? 'undefined' : num(value));
    tr.append('td').text(note);
  };
  const u = untrained.contextual;
  rowOf('untrained-contextual', 'class block (NumPy notebook, random, d_model 8): contextual vs contextual', u?.value ?? null,
    u?.value == null ? (u?.whyUndefined ?? 'not available') : 'Moves with context, but the projections are random: nothing here was learned.');
  if (!trained) return;
  rowOf('static', 'trained model: token-table vectors (before any layer)', trained.staticCosine,
    'Exactly 1 when both sentences use the same piece: a static lookup cannot tell the two senses apart.');
  trained.contextualCosine.forEach((value, layer) => rowOf(`layer${layer + 1}`, `trained model: after layer ${layer + 1}`, value,
    layer === 0
      ? 'The first layer already mixes in each sentence’s neighbours.'
      : 'After both layers. Both vectors live in the same space (the layer’s output), so this comparison is fair, unlike Y against raw X in the class.'));
  rowOf('sentence', 'trained model: the two 512-d sentence vectors', trained.sentenceCosine,
    'What the model was trained for: how alike the two sentences are as a whole.');
  const last = trained.contextualCosine[trained.contextualCosine.length - 1];
  section.append('p').attr('class', 'muted trained-verdict').text(trainedVerdict({ untrained: u?.value ?? null, staticCosine: trained.staticCosine, trained: last }));
}

/**
 * What the cosines above may and may not claim, chosen by their order. One pair of sentences
 * with different senses cannot show separation by itself: that needs a same-sense control pair
 * through the same model, which this page does not compute.
 */
export function trainedVerdict({ untrained, staticCosine, trained }) {
  const parts = [];
  if (trained == null) {
    parts.push('The trained model gives no contextual cosine for this word, so there is nothing to compare.');
  } else if (untrained != null && untrained <= trained) {
    parts.push(`The trained layers bring the cosine from ${num(staticCosine)} (lookup) to ${num(trained)}, but the random, untrained class block on the same sentences gives ${num(untrained)}, lower still. So a lower cosine alone does not show that training separates the two uses: mixing in different neighbours moves vectors apart whether or not anything was learned.`);
  } else {
    parts.push(`The trained layers give ${num(trained)}, against ${num(staticCosine)} for the lookup${untrained == null ? '' : ` and ${num(untrained)} for the random class block`}. Even so, one pair with different senses does not show that training separates the senses: any change of context lowers the cosine.`);
  }
  parts.push('A fair test needs a control: the same word with the same sense in two different sentences, through the same model; only if that pair stays much closer would the drop be about sense. This page does not compute that control yet.');
  parts.push('Besides attention, the trained model has a position (timing) signal, pre-LayerNorm, residual connections, a ReLU feed-forward layer in each block and mean pooling; any difference from the class block may come from them too. And none of it is proof of “meaning”: the model learned from co-occurrence in text, and attention weights describe where information flows, not why.');
  return parts.join(' ');
}

function drawFocus(parent, trained, state) {
  const section = parent.append('section').attr('class', 'stage').attr('aria-labelledby', 'trained-focus');
  section.append('h3').attr('id', 'trained-focus').text(`3. Where does “${state.trainedTarget}” look? The three keys each head weights most`);
  if (trained.targetFirst < 0 && trained.targetSecond < 0) {
    section.append('p').attr('class', 'notice').text(`“${state.trainedTarget}” is not a whole-word token in either sentence.`);
    return;
  }
  const table = dataTable(section).attr('class', 'cosine-table head-focus');
  const head = table.append('thead').append('tr');
  for (const h of ['head', 'sentence 1', 'sentence 2']) head.append('th').attr('scope', 'col').text(h);
  const body = table.append('tbody');
  const describe = (focus, report) => (focus ? focus.keys.map((k, n) => `${report.tokens[k].piece} ${num(focus.weights[n])}`).join(', ') : '—');
  for (let i = 0; i < 8; i++) {
    const f1 = trained.focusFirst[i];
    const f2 = trained.focusSecond[i];
    const ref = f1 ?? f2;
    const tr = body.append('tr').attr('data-head', `${ref.layer + 1}.${ref.head + 1}`);
    tr.append('th').attr('scope', 'row').text(`layer ${ref.layer + 1}, head ${ref.head + 1}`);
    tr.append('td').attr('class', 'focus-first').text(describe(f1, trained.first));
    tr.append('td').attr('class', 'focus-second').text(describe(f2, trained.second));
  }
  section.append('p').attr('class', 'muted').text(
    'Different heads learned different habits: some look at the word itself or its neighbours, some reach across the sentence to the word that decides the sense (river, money). Nobody programmed that; it came from training.',
  );
}

function drawHeads(parent, trained, state) {
  const layerIndex = state.trainedLayer - 1;
  const report = state.trainedShow === 1 ? trained.first : trained.second;
  const section = parent.append('section').attr('class', 'stage').attr('aria-labelledby', 'trained-heads').call(figureAttr, 'trained_heads');
  section.append('h3').attr('id', 'trained-heads').text(`4. The four heads of layer ${state.trainedLayer}, sentence ${state.trainedShow}`);
  const width = report.layers[layerIndex].heads[0].Q.cols;
  section.append('p').text(
    `Each head has its own Q, K and V of width ${width} (${report.layers[layerIndex].output.cols} features split four ways), scales q by 1/√${width}, and normalises each row with softmax, exactly as in the class. Row = the token that asks (query), column = the token it looks at (key).`,
  );
  const labels = report.tokens.map((t) => showPiece(t.piece));
  const grid = section.append('div').attr('class', 'heatmap-row');
  report.layers[layerIndex].heads.forEach((h, index) => {
    const holder = grid.append('div').attr('class', 'heatmap-holder').node();
    drawHeatmap(holder, {
      name: `layer ${state.trainedLayer} head ${index + 1}`, matrix: h.attn_weights, rowLabels: labels, colLabels: labels,
      rowAxis: 'queries (subword tokens)', colAxis: 'keys', palette: 'weights',
    });
  });
}
