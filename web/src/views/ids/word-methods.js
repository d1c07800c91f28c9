// "Vector or embedding, and how word vectors are learned" (Class 04). On the chapter's corpus,
// for one word: what CBOW, skip-gram, GloVe, fastText and ELMo each read as its context
// (core.wordContexts), and the difference between any vector and an embedding: cosines to the
// corpus's other words in a random table against the bundled GloVe (core.randomTable,
// core.cosine). Nothing is trained here. Built once at mount, updated in place.
import { select } from 'd3';
import { moreFold } from '../../components/more.js';
import { num, numOrNotDefined } from '../../format.js';
import { dataTable } from '../../components/data-table.js';
import { part } from '../../components/parts.js';
import { loadGlove, tableFor, gloveFailure, clearGloveFailure } from '../../vectors/store.js';
import { largestTied } from '../shared/thresholds.js';
import { keysText } from '../shared/wording.js';

const RANDOM_WIDTH = 100; // as wide as the bundled GloVe, so only the geometry differs

/** Mounts the fold; returns {render(state, {r, experiment})}. */
export function mountWordMethods(parent, { core, state, update, drawnLater }) {
  // a fold of the page's kind (components/more.js): closed, open in embeds and present mode
  const fold = select(moreFold(parent, 'Vector or embedding? How word vectors are learned', { name: 'rep-learn' }).node().parentNode).classed('word-methods', true).attr('id', 'rep-learn');
  const body = fold.select('.more-body').append('section').attr('aria-labelledby', 'rep-learn-title');
  body.append('h3').attr('id', 'rep-learn-title').text('Vector or embedding, and what each method learns from');
  body.append('p').text(
    'A vector is any list of numbers: an ID written as [5], a one-hot row, a row drawn at random. An embedding is a vector learned from text so that its geometry means something: words used in similar places end up pointing in similar directions. How they are learned differs in one thing above all: what each method takes as a word’s context. Here is what each would read in the corpus above, for one word. Nothing is trained on this page.',
  );
  const fields = body.append('div').attr('class', 'control-row');
  const wordBox = fields.append('div').attr('class', 'control');
  wordBox.append('label').attr('for', 'rep-learn-word').text('word of the corpus');
  wordBox.append('input').attr('id', 'rep-learn-word').attr('type', 'text').attr('maxlength', 40).attr('autocomplete', 'off').attr('spellcheck', 'false')
    .attr('data-state-key', 'repLearnWord').attr('aria-describedby', 'rep-learn-error').property('value', state.repLearnWord)
    .on('input', (e) => update({ repLearnWord: e.target.value }, { typing: true }));
  const selectBox = (id, label, key, values) => {
    const box = fields.append('div').attr('class', 'control');
    box.append('label').attr('for', id).text(label);
    const sel = box.append('select').attr('id', id).on('change', (e) => update({ [key]: Number(e.target.value) }));
    sel.selectAll('option').data(values).join('option').attr('value', (v) => v).text((v) => v);
    return sel;
  };
  const windowSelect = selectBox('rep-learn-window', 'window (words on each side)', 'repLearnWindow', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  const nSelect = selectBox('rep-learn-n', 'fastText n (characters)', 'repLearnN', [1, 2, 3, 4, 5, 6]);
  const error = body.append('div').attr('class', 'error-box').attr('id', 'rep-learn-error').attr('role', 'alert');
  const out = body.append('div').attr('class', 'rep-learn-results');

  const learnPart = (id, title, intro) => {
    const sec = out.append('section').attr('class', `learn-part learn-part-${id}`).attr('aria-labelledby', `learn-${id}-title`);
    sec.append('h4').attr('id', `learn-${id}-title`).text(title);
    sec.append('p').attr('class', 'muted').text(intro);
    return sec;
  };
  const embed = learnPart('embedding', 'A vector, or an embedding?', `Cosine of the word with every other word of the corpus, in a table drawn at random (NumPy’s default_rng, ${RANDOM_WIDTH} numbers per word) and in GloVe (100 numbers per word, learned from 6 billion words). Both are vectors of the same width; only one was learned.`);
  const gloveLine = embed.append('p').attr('class', 'glove-line');
  const embedTable = dataTable(embed).attr('class', 'checks learn-cosines');
  embedTable.append('caption');
  const embedHead = embedTable.append('thead').append('tr');
  const embedBody = embedTable.append('tbody');
  const embedVerdict = embed.append('p').attr('class', 'learn-nearest');

  const cbow = learnPart('cbow', 'word2vec CBOW: the neighbours predict the word', 'Continuous bag of words: each time the word occurs, the words around it (within the window, order ignored) are the input and the word is the answer to predict.');
  const cbowList = cbow.append('ol').attr('class', 'learn-cbow');
  const skip = learnPart('skipgram', 'word2vec skip-gram: the word predicts each neighbour', 'The same windows turned around: the word is the input, and each neighbour is a separate (word → neighbour) pair to predict.');
  const skipList = skip.append('p').attr('class', 'learn-skipgram');
  const glove = learnPart('glove', 'GloVe: counts over the whole corpus', 'GloVe first counts, over the whole corpus, how often each word appears within the window of this one, then fits vectors whose dot products match the logarithm of those counts. Its reference code weights a pair d words apart by 1/d.');
  const gloveTableEl = dataTable(glove).attr('class', 'checks learn-cooc');
  gloveTableEl.append('caption');
  const gloveHead = gloveTableEl.append('thead').append('tr');
  const gloveBody = gloveTableEl.append('tbody');
  const fast = learnPart('fasttext', 'fastText: pieces of the word', 'fastText cuts the word, in angle brackets, into character n-grams and gives the word the sum of their vectors and its own. A word never seen in training still has pieces, so it still gets a vector.');
  const fastLine = fast.append('p').attr('class', 'learn-ngrams');
  const elmo = learnPart('elmo', 'ELMo: the whole sentence, both directions', 'The methods above give a word one vector, wherever it stands. ELMo reads the whole sentence with one language model running left to right and another right to left, and the word’s vector is made from both at its position: a different sentence gives a different vector.');
  const elmoList = elmo.append('ol').attr('class', 'learn-elmo');
  const elmoVerdict = elmo.append('p').attr('class', 'learn-elmo-verdict');

  let last = null; // the last inputs, to draw again when GloVe arrives
  const drawAll = () => {
    if (last) draw(last);
    drawnLater?.();
  };

  function draw({ current, experiment }) {
    windowSelect.property('value', current.repLearnWindow);
    nSelect.property('value', current.repLearnN);
    const el = body.select('#rep-learn-word').node();
    if (document.activeElement !== el && el.value !== current.repLearnWord) el.value = current.repLearnWord;
    let w;
    try {
      w = core.wordContexts({ corpus: current.repCorpus, word: current.repLearnWord, window: current.repLearnWindow, ngram: current.repLearnN });
    } catch (e) {
      error.selectAll('p').data([e.message]).join('p').attr('class', 'error').text((d) => d);
      out.classed('stale', true);
      return;
    }
    error.selectAll('p').remove();
    out.classed('stale', false);
    const vocab = Array.from(w.vocabulary);
    const me = vocab.indexOf(w.word);
    const others = vocab.map((_, j) => j).filter((j) => j !== me);

    // vector or embedding
    const random = core.randomTable(vocab.length, RANDOM_WIDTH, current.embedSeed);
    const rowOf = (data, dim, i) => data.subarray(i * dim, (i + 1) * dim);
    const randomCos = vocab.map((_, j) => core.cosine(rowOf(random, RANDOM_WIDTH, me), rowOf(random, RANDOM_WIDTH, j)));
    const g = tableFor('glove');
    let gloveCos = null;
    if (g) {
      const gi = (word) => g.index.get(word);
      gloveCos = gi(w.word) === undefined ? vocab.map(() => null)
        : vocab.map((word) => (gi(word) === undefined ? null : core.cosine(rowOf(g.data, g.dim, gi(w.word)), rowOf(g.data, g.dim, gi(word)))));
    }
    gloveLine.html('');
    if (!g) {
      const failed = gloveFailure();
      gloveLine.append('span').text(failed ? `The GloVe subset could not be loaded: ${failed} ` : 'GloVe is not loaded yet. ');
      gloveLine.append('button').attr('type', 'button').attr('id', 'rep-learn-glove').text('Load the bundled GloVe subset (about 2.2 MB, once)')
        .on('click', (e) => {
          clearGloveFailure();
          e.currentTarget.disabled = true;
          e.currentTarget.textContent = 'Loading GloVe…';
          loadGlove(core).then(drawAll, drawAll);
        });
    }
    embedTable.select('caption').text(`Cosine of “${w.word}” with the corpus’s other words`);
    embedHead.selectAll('th').data(['word', `random table (default_rng(${current.embedSeed}))`, 'GloVe 6B 100-d']).join('th').attr('scope', 'col').text((d) => d);
    embedBody.selectAll('tr').data(others).join('tr').attr('data-word', (j) => vocab[j])
      .each(function fill(j) {
        // each cell made once and filled (components/parts.js)
        const tr = select(this);
        part(tr, 'th', 'word').attr('scope', 'row').text(vocab[j]);
        part(tr, 'td.computed', 'random').attr('data-value', String(randomCos[j])).text(num(randomCos[j]));
        const gv = gloveCos ? gloveCos[j] : undefined;
        part(tr, 'td.computed.glove', 'glove').attr('data-value', gv == null ? '' : String(gv))
          .text(gv === undefined ? 'not loaded' : gv === null ? 'not in the subset' : num(gv));
      });
    const nearest = (cos) => {
      const among = others.filter((j) => cos[j] != null);
      return among.length ? largestTied(cos, among) : [];
    };
    const rn = nearest(randomCos);
    const gn = gloveCos ? nearest(gloveCos) : [];
    let verdict = rn.length ? `Nearest to “${w.word}” in the random table: ${keysText(rn, vocab)} (${num(randomCos[rn[0]])}), an accident of the draw: another seed picks another word.` : '';
    if (gloveCos) {
      verdict += gn.length
        ? ` In GloVe: ${keysText(gn, vocab)} (${num(gloveCos[gn[0]])}), learned from how the words are used.`
        : ` GloVe’s subset has no vector for “${w.word}” or for the other words, so it cannot say.`;
    }
    embedVerdict.attr('data-random', rn.map((j) => vocab[j]).join(',')).attr('data-glove', gn.map((j) => vocab[j]).join(',')).text(verdict);

    // CBOW and skip-gram
    const at = (e) => `sentence ${e.document + 1}, word ${e.position + 1}`;
    cbowList.selectAll('li').data(Array.from(w.cbow)).join('li').text((e) => `(${Array.from(e.context).join(', ') || 'no neighbours'}) → ${e.target}   [${at(e)}]`);
    skipList.attr('data-pairs', w.skipgram.length).text(
      `${w.skipgram.length} pairs at window ${w.window}: ${Array.from(w.skipgram, (p) => `${p.target} → ${p.context} (${p.offset > 0 ? '+' : ''}${String(p.offset).replace('-', '−')})`).join('; ')}.`,
    );

    // GloVe's co-occurrence row
    const counts = Array.from(w.cooccurrenceCounts);
    const weighted = Array.from(w.cooccurrenceWeighted);
    const seen = vocab.map((_, j) => j).filter((j) => counts[j] > 0);
    gloveTableEl.select('caption').text(`Row “${w.word}” of the co-occurrence matrix, window ${w.window} (${vocab.length - seen.length} of the ${vocab.length} words never appear near it: 0)`);
    gloveHead.selectAll('th').data(['word', 'count', 'GloVe weighting (Σ 1/d)']).join('th').attr('scope', 'col').text((d) => d);
    gloveBody.selectAll('tr').data(seen).join('tr').attr('data-word', (j) => vocab[j])
      .each(function fill(j) {
        const tr = select(this);
        part(tr, 'th', 'word').attr('scope', 'row').text(vocab[j]);
        part(tr, 'td.computed', 'count').text(counts[j]);
        part(tr, 'td.computed', 'weighted').attr('data-value', String(weighted[j])).text(num(weighted[j]));
      });

    // fastText
    fastLine.attr('data-ngrams', Array.from(w.charNgrams).join(' ')).text(
      w.charNgrams.length
        ? `${w.bracketed} in ${w.ngram}-grams: ${Array.from(w.charNgrams).join(', ')} (${w.charNgrams.length} pieces), plus ${w.bracketed} itself. fastText’s default uses every n from 3 to 6.`
        : `${w.bracketed} is shorter than ${w.ngram} characters, so it has no ${w.ngram}-grams; fastText keeps ${w.bracketed} itself.`,
    );

    // ELMo
    elmoList.selectAll('li').data(Array.from(w.elmo)).join('li').text((e) =>
      `${at(e)}: left to right it has read “${Array.from(e.left).join(' ') || '(nothing yet)'}”; right to left, “${Array.from(e.right).join(' ') || '(nothing yet)'}”.`);
    const wordA = String(current.repWordA).trim().toLowerCase();
    const byName = experiment ? Object.fromEntries(Array.from(experiment.cosines, (c) => [c.name, c])) : {};
    const raw = byName.raw_target_across_sentences?.value;
    const ctx = byName.contextual_target_across_sentences?.value;
    let tie = w.distinctContexts > 1
      ? `“${w.word}” stands in ${w.distinctContexts} sentences: one row in a static table, ${w.distinctContexts} different vectors from a model that reads the sentence.`
      : `“${w.word}” stands in one sentence only, so here it has one context either way; add a sentence with it to give it a second.`;
    if (experiment && wordA === w.word) {
      tie += ` The dense section above measures it with the page’s attention block: the looked-up rows have cosine ${numOrNotDefined(raw)}, the contextual outputs ${numOrNotDefined(ctx)}. The bank experiment (chapter “The bank experiment”) does the same for “bank”.`;
    } else {
      tie += ' Set word a above to this word to measure it in the dense section (looked-up rows against contextual outputs), or see the bank experiment chapter.';
    }
    elmoVerdict.text(tie);
  }

  return {
    render(current, { experiment } = {}) {
      last = { current, experiment };
      draw(last);
    },
  };
}
