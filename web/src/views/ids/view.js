// The IDs-to-vectors chapter (Class 04): from token IDs to vectors. A small editable corpus as token IDs,
// one-hot rows, bag-of-words counts and TF-IDF (core.analyseCorpus), dense embeddings and
// contextual vectors (the core's workbench, through core.bankExperiment), and the shapes of all
// of them for three independent sizes (core.representationShapes). No arithmetic here.
import { select } from 'd3';
import { createStatus } from '../../components/status.js';
import { drawHeatmap } from '../../components/heatmap/index.js';
import { heatmapHolder } from '../shared/heatmap-holders.js';
import { num, numOrNotDefined } from '../../format.js';
import { PAGE_LIMITS } from '../../limits.js';
import { text } from '../../params.js';
import { dataTable } from '../../components/data-table.js';
import { SIZES } from './chapter.js';
import { mountWordMethods } from './word-methods.js';
import { moreFold, keptFold } from '../../components/more.js';

/** The IDs-to-vectors chapter (its number: its place in views/chapters.js). */
export const view = {
  mount(root, { core, state, update, drawnLater }) {
    const view = select(root).append('section').attr('id', 'ids-view').attr('class', 'view').attr('aria-labelledby', 'ids-title');
    view.append('h2').attr('id', 'ids-title').text('From IDs to vectors');
    view.append('p').attr('class', 'lead').text(
      'A model needs numbers. The same few sentences, five ways: token IDs, one-hot vectors, word counts, TF-IDF weights, and dense vectors, first looked up and then mixed with their context. Each tells you something; none tells you everything. Edit the corpus and watch the numbers.',
    );
    const form = view.append('form').attr('class', 'controls').attr('novalidate', true).on('submit', (e) => e.preventDefault());
    const corpusBox = form.append('div').attr('class', 'control corpus');
    corpusBox.append('label').attr('for', 'rep-corpus').text('corpus: one document per line (at most 8)');
    corpusBox.append('textarea').attr('id', 'rep-corpus').attr('rows', 4).attr('maxlength', 2000).attr('spellcheck', 'false')
      .attr('data-state-key', 'repCorpus').property('value', state.repCorpus).on('input', (e) => update({ repCorpus: e.target.value }, { typing: true }));
    const row = form.append('div').attr('class', 'control-row');
    const focusBox = row.append('div').attr('class', 'control');
    focusBox.append('label').attr('for', 'rep-focus').text('document shown as IDs and one-hot');
    focusBox.append('select').attr('id', 'rep-focus').on('change', (e) => update({ repFocus: Number(e.target.value) }));
    for (const [id, label, key] of [['rep-word-a', 'word a', 'repWordA'], ['rep-word-b', 'word b', 'repWordB']]) {
      const box = row.append('div').attr('class', 'control');
      box.append('label').attr('for', id).text(label);
      box.append('input').attr('id', id).attr('type', 'text').attr('maxlength', 40).attr('autocomplete', 'off').attr('spellcheck', 'false')
        .attr('data-state-key', key).property('value', state[key]).on('input', (e) => update({ [key]: e.target.value }, { typing: true }));
    }
    // the explanations fold where they are (components/more.js)
    moreFold(view, 'how the words are split').append('p').attr('class', 'muted').text(
      'Words are split the way the rest of the page splits them (the core’s tokenize()): runs of letters and digits, an apostrophe or hyphen inside a word keeps it whole, other punctuation is dropped, and everything is lowercased. One word is one token here; real tokenizers also cut words into pieces.',
    );
    view.append('div').attr('class', 'status-slot');
    const results = view.append('div').attr('id', 'ids-results');
    const status = createStatus(view.select('.status-slot'), results.node());
    const sections = {};
    for (const [key, title] of [
      ['ids', '1. Token IDs'], ['onehot', '2. One-hot vectors'], ['bow', '3. Bag of words'], ['tfidf', '4. TF-IDF'],
      ['dense', '5. Dense embeddings and 6. contextual vectors'], ['shapes', 'Three sizes, every shape'],
    ]) {
      const section = results.append('section').attr('class', 'stage').attr('id', `rep-${key}`).attr('aria-labelledby', `rep-${key}-title`);
      section.append('h3').attr('id', `rep-${key}-title`).text(title);
      sections[key] = section.append('div');
    }
    buildShapeControls(sections.shapes, state, update);
    const learning = mountWordMethods(results, { core, state, update, drawnLater });

    return {
      status,
      render(current) {
        const el = root.querySelector('#rep-corpus');
        if (document.activeElement !== el && el.value !== current.repCorpus) el.value = current.repCorpus;
        let r;
        let shapes;
        try {
          r = core.analyseCorpus({ corpus: current.repCorpus, focus: current.repFocus, wordA: current.repWordA, wordB: current.repWordB });
          shapes = core.representationShapes(current.repVocab, current.repLength, current.repWidth);
        } catch (error) {
          status.error(error.message);
          return;
        }
        const notices = Array.from(r.notices);
        const docText = (d) => Array.from(r.documents[d], (t) => t.text).join(' ');
        select(root).select('#rep-focus').selectAll('option').data(r.documents.map((_, d) => d)).join('option')
          .attr('value', (d) => d).text((d) => `document ${d + 1}: ${docText(d).slice(0, 40)}`);
        select(root).select('#rep-focus').property('value', r.focus);
        let experiment = null;
        const second = secondDocumentWith(r, current.repWordA);
        if (second !== null) {
          try {
            experiment = core.bankExperiment({ sentence: docText(r.focus), sentence2: docText(second.index), target: current.repWordA, dModel: current.dModel, dK: current.dModel, dV: current.dModel, embedSeed: current.embedSeed, projSeed: current.projSeed, maxTokens: PAGE_LIMITS.maxTokens });
          } catch (error) {
            notices.push(`Dense vectors: ${error.message}`);
          }
        }
        status.error('');
        status.notices(notices);
        drawIds(sections.ids, r, current);
        drawOneHot(sections.onehot, r, current);
        drawCounts(sections.bow, r);
        drawTfidf(sections.tfidf, r);
        drawDense(sections.dense, { r, experiment, second, current, docText });
        drawShapes(sections.shapes, shapes, current);
        learning.render(current, { experiment });
      },
    };
  },
};

/**
 * Another document containing `word` (by lookup key), preferring one that is not just the focus
 * document's words reordered; null when there is none. Returns {index, reordered}.
 */
function secondDocumentWith(r, word) {
  const key = String(word).trim().toLowerCase();
  const has = (d) => Array.from(r.documents[d]).some((t) => t.key === key);
  if (!has(r.focus)) return null;
  const reordered = new Set(Array.from(r.sameCounts).filter((p) => p.includes(r.focus)).map(([a, b]) => (a === r.focus ? b : a)));
  const candidates = r.documents.map((_, d) => d).filter((d) => d !== r.focus && has(d));
  if (!candidates.length) return null;
  const index = candidates.find((d) => !reordered.has(d)) ?? candidates[0];
  return { index, reordered: reordered.has(index) };
}

function tellsTable(section, tells, doesNot) {
  const dl = section.append('dl').attr('class', 'tells');
  dl.append('dt').text('tells you');
  dl.append('dd').text(tells);
  dl.append('dt').text('does not tell you');
  dl.append('dd').text(doesNot);
}

// The sections are written again on each render; their maps' holders are kept (by name), so
// the maps are updated in place.
function heat(section, parent, spec) {
  drawHeatmap(heatmapHolder(section, parent, spec.name), { palette: 'weights', ...spec });
}

function drawIds(section, r, current) {
  section.html('');
  const tokens = Array.from(r.documents[r.focus]);
  const ids = Array.from(r.ids[r.focus]);
  const list = section.append('ol').attr('class', 'tokens id-tokens').attr('aria-label', 'tokens of the document with their IDs');
  tokens.forEach((t, i) => {
    const li = list.append('li').attr('data-id', ids[i]);
    li.append('span').attr('class', 'token-text').text(t.text);
    li.append('span').attr('class', 'token-key').text(`→ ${ids[i]}`);
  });
  section.append('p').text(`The vocabulary has ${r.vocabulary.length} entries, listed alphabetically (as scikit-learn lists them), so an ID is a position in that list. Shape of the ID sequence: (${ids.length},).`);
  const p = section.append('p').attr('class', 'id-gap').attr('data-gap-sorted', r.gapSorted ?? '').attr('data-gap-first', r.gapFirst ?? '');
  if (r.gapSorted === null) {
    p.text(`“${current.repWordA}” or “${current.repWordB}” is not in the corpus, so there is no ID gap to show.`);
  } else {
    p.text(`“${current.repWordA}” has ID ${r.idASorted} and “${current.repWordB}” ID ${r.idBSorted}: a gap of ${r.gapSorted}. List the same words by first appearance instead and they become ${r.idAFirst} and ${r.idBFirst}, a gap of ${r.gapFirst}. The gap belongs to the list, not to the words: it says nothing about whether they mean similar things.`);
  }
  const table = section.append('details').attr('class', 'vocab-list');
  table.append('summary').text('The whole vocabulary with both numberings');
  const t = dataTable(table).attr('class', 'checks');
  const head = t.append('thead').append('tr');
  for (const h of ['word', 'ID (alphabetical)', 'ID (first appearance)']) head.append('th').attr('scope', 'col').text(h);
  const body = t.append('tbody');
  Array.from(r.vocabulary).forEach((w, id) => {
    const tr = body.append('tr');
    tr.append('th').attr('scope', 'row').text(w);
    tr.append('td').text(id);
    tr.append('td').text(Array.from(r.firstAppearance).indexOf(w));
  });
  tellsTable(section, 'which vocabulary entry each position holds; IDs are how real models pick rows of an embedding table.', 'anything about meaning: the distance between two IDs is an accident of how the list was ordered.');
}

function drawOneHot(section, r, current) {
  section.html('');
  const tokens = Array.from(r.documents[r.focus], (t) => t.text);
  section.append('p').text(`Each token becomes a row of ${r.vocabulary.length} numbers with a single 1 in its ID’s column. Shape: (${r.oneHot.rows}, ${r.oneHot.cols}), tokens × vocabulary.`);
  const maps = section.append('div').attr('class', 'heatmap-row');
  heat(section, maps, { name: 'one-hot', matrix: r.oneHot, rowLabels: tokens, colLabels: Array.from(r.vocabulary), rowAxis: 'tokens', colAxis: 'vocabulary entries', valueText: String });
  heat(section, maps, { name: 'one-hot dot products', matrix: r.oneHotGram, rowLabels: tokens, colLabels: tokens, rowAxis: 'tokens', colAxis: 'tokens', valueText: String, note: '1 only where the same word appears twice.' });
  const p = section.append('p').attr('class', 'onehot-pair').attr('data-dot', r.oneHotDotAB ?? '').attr('data-cosine', r.oneHotCosineAB ?? '');
  if (r.oneHotDotAB !== null) {
    p.text(`one-hot(“${current.repWordA}”) · one-hot(“${current.repWordB}”) = ${num(r.oneHotDotAB)}, cosine ${num(r.oneHotCosineAB)}. Every pair of different words gives exactly this: dog is as far from cat as from car.`);
  }
  tellsTable(section, 'which word is present, as a vector every model can multiply.', 'any graded relationship: all different words are equally unrelated, and the width grows with the vocabulary.');
}

function drawCounts(section, r) {
  section.html('');
  const docs = r.documents.map((_, d) => `doc ${d + 1}`);
  section.append('p').text(`One row per document: how often each vocabulary word occurs. Shape: (${r.counts.rows}, ${r.counts.cols}), documents × vocabulary.`);
  heat(section, section, { name: 'counts', matrix: r.counts, rowLabels: docs, colLabels: Array.from(r.vocabulary), rowAxis: 'documents', colAxis: 'vocabulary entries', valueText: String, palette: 'counts' });
  const same = Array.from(r.sameCounts);
  section.append('p').attr('class', 'same-counts').attr('data-pairs', same.map(([a, b]) => `${a}-${b}`).join(',')).text(
    same.length
      ? `${same.map(([a, b]) => `Documents ${a + 1} and ${b + 1}`).join('; ')} have identical rows although the sentences differ: counting forgets the order of the words.`
      : 'No two documents have the same counts here. Try two sentences with the same words in a different order (the default corpus has one).',
  );
  tellsTable(section, 'which words a document uses and how often.', 'word order (who chased whom), and the words’ meanings.');
}

function drawTfidf(section, r) {
  section.html('');
  const docs = r.documents.map((_, d) => `doc ${d + 1}`);
  keptFold(section, section, 'tfidf-how', 'how TF-IDF is computed').append('p').text(
    'TF-IDF scales each count by how rare the word is across the documents, idf = ln((1 + n) / (1 + df)) + 1, then scales each row to length 1: scikit-learn’s TfidfVectorizer with its defaults (smooth_idf, no sublinear tf, l2 norm), checked against it in the tests.',
  );
  const t = dataTable(section).attr('class', 'checks idf-table');
  const head = t.append('thead').append('tr');
  for (const h of ['word', 'documents containing it (df)', 'idf']) head.append('th').attr('scope', 'col').text(h);
  const body = t.append('tbody');
  Array.from(r.vocabulary).forEach((w, j) => {
    const tr = body.append('tr').attr('data-word', w);
    tr.append('th').attr('scope', 'row').text(w);
    tr.append('td').text(r.documentFrequency[j]);
    tr.append('td').attr('class', 'computed').attr('data-value', String(r.idf[j])).text(num(r.idf[j]));
  });
  const maps = section.append('div').attr('class', 'heatmap-row');
  heat(section, maps, { name: 'tf-idf', matrix: r.tfidf, rowLabels: docs, colLabels: Array.from(r.vocabulary), rowAxis: 'documents', colAxis: 'vocabulary entries' });
  heat(section, maps, { name: 'tf-idf cosine', matrix: r.tfidfCosine, rowLabels: docs, colLabels: docs, rowAxis: 'documents', colAxis: 'documents', note: 'Rows have length 1, so their dot product is their cosine.' });
  tellsTable(section, 'which words are characteristic of a document; still a strong baseline for search (BM25 is its cousin).', 'order or meaning: reordered sentences score a cosine of 1, and synonyms share nothing.');
}

function drawDense(section, { r, experiment, second, current, docText }) {
  section.html('');
  const word = current.repWordA;
  if (!experiment) {
    section.append('p').text(`To compare a word across two documents, word a (“${word}”) must appear in the shown document and in another one.`);
  }
  if (experiment) {
    const first = experiment.first;
    const tokens = Array.from(first.tokens, (t) => t.text);
    keptFold(section, section, 'dense-how', 'what a dense row is').append('p').text(
      `Dense: every vocabulary word owns a row of ${first.X.cols} numbers in an embedding table (here the NumPy notebook’s random, untrained table, default_rng(${current.embedSeed})); a sentence looks its words up. Shape: (${first.X.rows}, ${first.X.cols}), tokens × features.`,
    );
    drawHeatmap(heatmapHolder(section, section, 'X (dense)'), {
      name: 'X (dense)', matrix: first.X, rowLabels: tokens, colLabels: Array.from({ length: first.X.cols }, (_, f) => `f${f}`), rowAxis: 'tokens', colAxis: 'features', palette: 'diverging',
    });
    const byName = Object.fromEntries(experiment.cosines.map((c) => [c.name, c]));
    const raw = byName.raw_target_across_sentences;
    const ctx = byName.contextual_target_across_sentences;
    const p = section.append('p').attr('class', 'dense-compare').attr('data-raw', raw.value ?? '').attr('data-contextual', ctx.value ?? '');
    p.text(
      `“${word}” in document ${r.focus + 1} (“${docText(r.focus)}”) and in document ${second.index + 1} (“${docText(second.index)}”): the looked-up vectors have cosine ${numOrNotDefined(raw.value)}, because a table gives a word the same row wherever it appears. After one attention block (the Q/K/V chapter’s Y), the contextual vectors have cosine ${numOrNotDefined(ctx.value)}: each mixes in its own sentence.`,
    );
    if (second.reordered) {
      section.append('p').attr('class', 'reordered-note').text(
        'These two documents hold the same words in a different order. Attention without position information cannot tell them apart, so the contextual vectors of a word come out the same in both: order-blindness, like the bag of words above.',
      );
    }
    tellsTable(section, 'dense: a compact vector per word that training can shape; contextual: a vector that depends on the surrounding words.',
      'with random, untrained numbers, nothing about meaning; a different context makes a different vector, which is not the same as a better one. Coordinates have no human labels either way.');
  }
}

function buildShapeControls(section, state, update) {
  const holder = select(section.node().parentNode).insert('div', () => section.node()).attr('class', 'control-row shape-sliders');
  holder.append('p').attr('class', 'muted').style('flex-basis', '100%').text('Three sizes that are easy to mix up: words the model knows, tokens in this input, numbers per token.');
  for (const s of SIZES) {
    const box = holder.append('div').attr('class', 'control');
    box.append('label').attr('for', s.id).text(s.label);
    const line = box.append('div').attr('class', 'slider-line');
    line.append('input').attr('id', s.id).attr('type', 'range').attr('min', s.min).attr('max', s.max).attr('step', 1)
      .property('value', state[s.key]).on('input', (e) => update({ [s.key]: Number(e.target.value) }));
    line.append('output').attr('id', `${s.id}-value`).attr('for', s.id);
  }
}

function drawShapes(section, shapes, current) {
  for (const s of SIZES) {
    select(`#${s.id}`).property('value', current[s.key]);
    select(`#${s.id}-value`).text(String(current[s.key]));
  }
  section.html('');
  const t = dataTable(section).attr('class', 'shapes rep-shapes');
  const head = t.append('thead').append('tr');
  for (const h of ['representation (its axes)', 'shape', 'numbers stored']) head.append('th').attr('scope', 'col').text(h);
  const body = t.append('tbody');
  for (const s of shapes) {
    const tr = body.append('tr').attr('data-name', s.name);
    const th = tr.append('th').attr('scope', 'row');
    th.append('span').text(s.name);
    th.append('span').attr('class', 'how').text(s.axes);
    tr.append('td').attr('class', 'shape').text(`(${s.shape.join(', ')}${s.shape.length === 1 ? ',' : ''})`);
    tr.append('td').attr('class', 'count').attr('data-value', String(s.values)).text(s.values.toLocaleString('en'));
  }
  keptFold(section, section, 'shapes-where', 'where each size appears').append('p').text('The vocabulary size appears only in the one-hot, count and table shapes; the width only in the table, the dense vectors and the contextual vectors built from them; the sequence length in everything that has one row per token.');
}

