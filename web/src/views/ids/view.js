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
import { part, parts, shown, headedTable, morePart } from '../../components/parts.js';
import { SIZES } from './chapter.js';
import { mountWordMethods } from './word-methods.js';
import { moreFold } from '../../components/more.js';

/** The IDs-to-vectors chapter (its number: its place in views/chapters.js). */
export const view = {
  mount(root, { core, state, update, drawnLater }) {
    const view = select(root).append('section').attr('id', 'ids-view').attr('class', 'view').attr('aria-labelledby', 'ids-title');
    view.append('h2').attr('id', 'ids-title').text('From IDs to vectors');
    view.append('p').attr('class', 'lead').text(
      'A model needs numbers: the same sentences become token IDs, one-hot rows, counts, TF-IDF weights and dense vectors.',
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

// Each section is made of parts (components/parts.js) found again on every render: text is
// rewritten only where it changed, lists and tables are data joins keyed by token position or
// word, and the maps' holders stay, so a keystroke updates the section instead of rebuilding it.

/** The "tells you / does not tell you" pair that closes each section. */
// What a representation tells and does not tell, folded under the figure and the sentence that
// reads its numbers (issue 34: about 600 words show by default).
function tells(section, tellsText, doesNotText) {
  const dl = part(morePart(section, 'tells-fold', 'what it tells you, and what not'), 'dl.tells', 'tells');
  part(dl, 'dt', 'tells-term').text('tells you');
  part(dl, 'dd', 'tells').text(tellsText);
  part(dl, 'dt', 'not-term').text('does not tell you');
  part(dl, 'dd', 'not').text(doesNotText);
}

/** A map drawn into its own part of `section` (so it keeps its place among the parts). */
function heat(section, parent, spec) {
  drawHeatmap(heatmapHolder(section, parent, spec.name), { palette: 'weights', ...spec });
}

function drawIds(section, r, current) {
  const ids = Array.from(r.ids[r.focus]);
  const tokens = Array.from(r.documents[r.focus], (t, i) => ({ text: t.text, id: ids[i] }));
  const list = part(section, 'ol.tokens.id-tokens', 'tokens').attr('aria-label', 'tokens of the document with their IDs');
  parts(list, 'li', tokens, (_, i) => i, (li, t) => {
    li.attr('data-id', t.id);
    part(li, 'span.token-text', 'text').text(t.text);
    part(li, 'span.token-key', 'id').text(`→ ${t.id}`);
  });
  part(section, 'p', 'vocabulary').text(`The vocabulary has ${r.vocabulary.length} entries, listed alphabetically (as scikit-learn lists them), so an ID is a position in that list. Shape of the ID sequence: (${ids.length},).`);
  part(section, 'p.id-gap', 'gap').attr('data-gap-sorted', r.gapSorted ?? '').attr('data-gap-first', r.gapFirst ?? '').text(
    r.gapSorted === null
      ? `“${current.repWordA}” or “${current.repWordB}” is not in the corpus, so there is no ID gap to show.`
      : `“${current.repWordA}” has ID ${r.idASorted} and “${current.repWordB}” ID ${r.idBSorted}: a gap of ${r.gapSorted}. List the same words by first appearance instead and they become ${r.idAFirst} and ${r.idBFirst}, a gap of ${r.gapFirst}. The gap belongs to the list, not to the words: it says nothing about whether they mean similar things.`,
  );
  const details = part(section, 'details.vocab-list', 'vocabulary-list');
  part(details, 'summary', 'summary').text('The whole vocabulary with both numberings');
  const firstAppearance = Array.from(r.firstAppearance);
  const body = headedTable(details, 'table', 'checks', ['word', 'ID (alphabetical)', 'ID (first appearance)']);
  parts(body, 'tr', Array.from(r.vocabulary), (w) => w, (tr, w, id) => {
    part(tr, 'th', 'word').attr('scope', 'row').text(w);
    part(tr, 'td', 'sorted').text(id);
    part(tr, 'td', 'first').text(firstAppearance.indexOf(w));
  });
  tells(section, 'which vocabulary entry each position holds; IDs are how real models pick rows of an embedding table.', 'anything about meaning: the distance between two IDs is an accident of how the list was ordered.');
}

function drawOneHot(section, r, current) {
  const tokens = Array.from(r.documents[r.focus], (t) => t.text);
  part(section, 'p', 'shape').text(`Each token becomes a row of ${r.vocabulary.length} numbers with a single 1 in its ID’s column. Shape: (${r.oneHot.rows}, ${r.oneHot.cols}), tokens × vocabulary.`);
  const maps = part(section, 'div.heatmap-row', 'maps');
  heat(section, maps, { name: 'one-hot', matrix: r.oneHot, rowLabels: tokens, colLabels: Array.from(r.vocabulary), rowAxis: 'tokens', colAxis: 'vocabulary entries', valueText: String });
  heat(section, maps, { name: 'one-hot dot products', matrix: r.oneHotGram, rowLabels: tokens, colLabels: tokens, rowAxis: 'tokens', colAxis: 'tokens', valueText: String, note: '1 only where the same word appears twice.' });
  part(section, 'p.onehot-pair', 'pair').attr('data-dot', r.oneHotDotAB ?? '').attr('data-cosine', r.oneHotCosineAB ?? '').text(
    r.oneHotDotAB === null ? ''
      : `one-hot(“${current.repWordA}”) · one-hot(“${current.repWordB}”) = ${num(r.oneHotDotAB)}, cosine ${num(r.oneHotCosineAB)}. Every pair of different words gives exactly this: dog is as far from cat as from car.`,
  );
  tells(section, 'which word is present, as a vector every model can multiply.', 'any graded relationship: all different words are equally unrelated, and the width grows with the vocabulary.');
}

function drawCounts(section, r) {
  const docs = r.documents.map((_, d) => `doc ${d + 1}`);
  part(section, 'p', 'shape').text(`One row per document: how often each vocabulary word occurs. Shape: (${r.counts.rows}, ${r.counts.cols}), documents × vocabulary.`);
  heat(section, part(section, 'div', 'map'), { name: 'counts', matrix: r.counts, rowLabels: docs, colLabels: Array.from(r.vocabulary), rowAxis: 'documents', colAxis: 'vocabulary entries', valueText: String, palette: 'counts' });
  const same = Array.from(r.sameCounts);
  part(section, 'p.same-counts', 'same').attr('data-pairs', same.map(([a, b]) => `${a}-${b}`).join(',')).text(
    same.length
      ? `${same.map(([a, b]) => `Documents ${a + 1} and ${b + 1}`).join('; ')} have identical rows although the sentences differ: counting forgets the order of the words.`
      : 'No two documents have the same counts here. Try two sentences with the same words in a different order (the default corpus has one).',
  );
  tells(section, 'which words a document uses and how often.', 'word order (who chased whom), and the words’ meanings.');
}

function drawTfidf(section, r) {
  const docs = r.documents.map((_, d) => `doc ${d + 1}`);
  part(morePart(section, 'tfidf-how', 'how TF-IDF is computed'), 'p', 'text').text(
    'TF-IDF scales each count by how rare the word is across the documents, idf = ln((1 + n) / (1 + df)) + 1, then scales each row to length 1: scikit-learn’s TfidfVectorizer with its defaults (smooth_idf, no sublinear tf, l2 norm), checked against it in the tests.',
  );
  const body = headedTable(section, 'idf', 'checks idf-table', ['word', 'documents containing it (df)', 'idf']);
  parts(body, 'tr', Array.from(r.vocabulary), (w) => w, (tr, w, j) => {
    tr.attr('data-word', w);
    part(tr, 'th', 'word').attr('scope', 'row').text(w);
    part(tr, 'td', 'df').text(r.documentFrequency[j]);
    part(tr, 'td.computed', 'idf').attr('data-value', String(r.idf[j])).text(num(r.idf[j]));
  });
  const maps = part(section, 'div.heatmap-row', 'maps');
  heat(section, maps, { name: 'tf-idf', matrix: r.tfidf, rowLabels: docs, colLabels: Array.from(r.vocabulary), rowAxis: 'documents', colAxis: 'vocabulary entries' });
  heat(section, maps, { name: 'tf-idf cosine', matrix: r.tfidfCosine, rowLabels: docs, colLabels: docs, rowAxis: 'documents', colAxis: 'documents', note: 'Rows have length 1, so their dot product is their cosine.' });
  tells(section, 'which words are characteristic of a document; still a strong baseline for search (BM25 is its cousin).', 'order or meaning: reordered sentences score a cosine of 1, and synonyms share nothing.');
}

function drawDense(section, { r, experiment, second, current, docText }) {
  const word = current.repWordA;
  shown(part(section, 'p', 'no-pair'), !experiment).text(
    experiment ? '' : `To compare a word across two documents, word a (“${word}”) must appear in the shown document and in another one.`,
  );
  const shownPair = shown(part(section, 'div', 'pair'), Boolean(experiment));
  if (!experiment) return;
  const first = experiment.first;
  const tokens = Array.from(first.tokens, (t) => t.text);
  part(morePart(shownPair, 'dense-how', 'what a dense row is'), 'p', 'text').text(
    `Dense: every vocabulary word owns a row of ${first.X.cols} numbers in an embedding table (here the NumPy notebook’s random, untrained table, default_rng(${current.embedSeed})); a sentence looks its words up. Shape: (${first.X.rows}, ${first.X.cols}), tokens × features.`,
  );
  drawHeatmap(heatmapHolder(section, part(shownPair, 'div', 'map'), 'X (dense)'), {
    name: 'X (dense)', matrix: first.X, rowLabels: tokens, colLabels: Array.from({ length: first.X.cols }, (_, f) => `f${f}`), rowAxis: 'tokens', colAxis: 'features', palette: 'diverging',
  });
  const byName = Object.fromEntries(experiment.cosines.map((c) => [c.name, c]));
  const raw = byName.raw_target_across_sentences;
  const ctx = byName.contextual_target_across_sentences;
  part(shownPair, 'p.dense-compare', 'compare').attr('data-raw', raw.value ?? '').attr('data-contextual', ctx.value ?? '').text(
    `“${word}” in document ${r.focus + 1} (“${docText(r.focus)}”) and in document ${second.index + 1} (“${docText(second.index)}”): the looked-up vectors have cosine ${numOrNotDefined(raw.value)}, because a table gives a word the same row wherever it appears. After one attention block (the Q/K/V chapter’s Y), the contextual vectors have cosine ${numOrNotDefined(ctx.value)}: each mixes in its own sentence.`,
  );
  shown(part(shownPair, 'p.reordered-note', 'reordered'), second.reordered).text(
    'These two documents hold the same words in a different order. Attention without position information cannot tell them apart, so the contextual vectors of a word come out the same in both: order-blindness, like the bag of words above.',
  );
  tells(shownPair, 'dense: a compact vector per word that training can shape; contextual: a vector that depends on the surrounding words.',
    'with random, untrained numbers, nothing about meaning; a different context makes a different vector, which is not the same as a better one. Coordinates have no human labels either way.');
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
  const body = headedTable(section, 'table', 'shapes rep-shapes', ['representation (its axes)', 'shape', 'numbers stored']);
  parts(body, 'tr', shapes, (s) => s.name, (tr, s) => {
    tr.attr('data-name', s.name);
    const th = part(tr, 'th', 'name').attr('scope', 'row');
    part(th, 'span', 'name').text(s.name);
    part(th, 'span.how', 'axes').text(s.axes);
    part(tr, 'td.shape', 'shape').text(`(${s.shape.join(', ')}${s.shape.length === 1 ? ',' : ''})`);
    part(tr, 'td.count', 'count').attr('data-value', String(s.values)).text(s.values.toLocaleString('en'));
  });
  part(morePart(section, 'shapes-where', 'where each size appears'), 'p', 'text').text('The vocabulary size appears only in the one-hot, count and table shapes; the width only in the table, the dense vectors and the contextual vectors built from them; the sequence length in everything that has one row per token.');
}

