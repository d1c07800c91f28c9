// The embedding space's sources beyond word tables (issue 17): the trained encoder's token table
// (word pieces), and the contextual vectors of ambiguous words (bank, plant, bat, cell in the
// training task's sentences), from the class's untrained block on GloVe or from the trained
// encoder. Each comes back as the chapter's dataset {words, data, dim}; the contextual ones
// carry their sentences and sense labels. Every number comes from the core (in the space
// chapter's worker, or in the encoder's); this file looks things up and labels them.
import { taskRowsOf } from '../../core/attention-core.js';

// The first pieces of the vocabulary are reserved (<unk>, <s>, </s>, ...) and never matched by
// the tokenizer (core/encoder/unigram_tokenizer.hpp): the table starts after them.
const FIRST_PIECE = 6;

// Okabe–Ito's colour-blind-safe palette (grey for its black, which a dark page would hide).
const PALETTE = ['#E69F00', '#56B4E9', '#009E73', '#F0E442', '#0072B2', '#D55E00', '#CC79A7', '#999999'];

export const needsModel = (source) => source === 'encoder' || source === 'ctx-encoder';
export const isContext = (source) => source === 'ctx-block' || source === 'ctx-encoder';

/** Pieces FIRST_PIECE .. FIRST_PIECE + count − 1 of the token table; null if a newer request replaced it. */
export async function encoderTable(client, count) {
  const answer = await client.request({ type: 'tokenTable', first: FIRST_PIECE, count });
  if (!answer) return null;
  const { pieces, dim, data, vocabulary, wordStarts } = answer.result;
  return { words: pieces, data, dim, pieces: { vocabulary, wordStarts, first: FIRST_PIECE } };
}

/**
 * The ambiguous word's vector in each task sentence: 'ctx-block' from the untrained block on
 * GloVe (and, as a baseline, the grouping of the plain mean of the other words' GloVe rows);
 * 'ctx-encoder' from the trained encoder's last layer at the word's token. Null if superseded.
 * `ask(message)` asks the chapter's worker (views/space/view.js), which has the core's code for them:
 * the class block on 112 sentences is 80–280 ms of work, too long for the page's thread.
 */
export async function contextTable(source, { client, glove, ask }) {
  const { sentences, vocabulary } = await ask({ type: 'senseTask' });
  const senses = senseLabels(sentences);
  if (source === 'ctx-block') {
    // the page looks up the task's rows (the core checks them); only those go to the worker
    const rows = taskRowsOf(glove, vocabulary);
    const { vectors: v, baseline } = await ask({ type: 'senseVectors', glove: rows, words: senses.words, senses: senses.senses });
    const mixing = { rows: v.rows, rowsOver90: v.rowsOver90, medianTopWeight: v.medianTopWeight, commonTopWord: v.commonTopWord, commonTopCount: v.commonTopCount };
    return { words: senses.labels, data: v.outputs, dim: v.cols, senses, baseline, mixing };
  }
  const answer = await client.request({ type: 'wordVectors', texts: sentences.map((s) => s.sentence), words: senses.words });
  if (!answer) return null;
  return { words: senses.labels, data: answer.result.data, dim: answer.result.cols, senses };
}

/**
 * Labels of the task sentences: short point labels "bank (river) 3", and the classes (word ×
 * sense) in order of first appearance with their colours and counts.
 */
export function senseLabels(sentences) {
  const classes = [];
  const byKey = new Map();
  const labels = sentences.map((s) => {
    const key = `${s.word} (${s.sense})`;
    if (!byKey.has(key)) {
      byKey.set(key, { key, word: s.word, sense: s.sense, colour: PALETTE[classes.length % PALETTE.length], count: 0 });
      classes.push(byKey.get(key));
    }
    const c = byKey.get(key);
    c.count += 1;
    return `${key} ${c.count}`;
  });
  return {
    sentences: sentences.map((s) => s.sentence),
    words: sentences.map((s) => s.word),
    senses: sentences.map((s) => s.sense),
    labels,
    classes,
    colours: sentences.map((s) => byKey.get(`${s.word} (${s.sense})`).colour),
  };
}

/** A word typed in the search field, found among the points: as written, or as a word-start piece. */
export function findPoint(words, typed) {
  const w = typed.toLowerCase();
  const at = words.indexOf(w);
  return at >= 0 ? at : words.indexOf(`\u2581${w}`);
}
