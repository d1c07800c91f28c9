// The qkv chapter's descriptor: what the page needs to know of it without drawing it.
import { PAGE_LIMITS } from '../../limits.js';
import { text, cellIndex } from '../../params.js';

export const chapter = {
  id: 'qkv',
  title: 'Queries, keys, values',
  question: 'What do queries, keys and values add?', // what the chapter answers: its line in the course map and the Next link that leads to it
  course: 'class05', // the part of the course it belongs to (the course map groups by it)
  skeletonField: 'sentence', // the state key of the sentence field shown while the core starts
  params: [
    { url: 's2', key: 'sentence2', parse: text(PAGE_LIMITS.maxChars), default: 'bank account has money' },
    { url: 't', key: 'target', parse: text(64), default: 'bank' },
    // the attn_weights cell the inspector explains, "row,column"
    { url: 'cell', key: 'weightCell', parse: cellIndex(PAGE_LIMITS.maxTokens), default: '0,0' },
  ],
  // The figures that can be embedded one at a time (?embed=1&figure=<name>; components/figures.js
  // says what each field means). Heatmaps go by their notebook names.
  figures: {
    table: { label: 'the embedding table (table, or embedding.weight in PyTorch mode)' },
    X: { label: 'X, the sentence’s rows of the table' },
    W_q: { label: 'W_q' },
    W_k: { label: 'W_k' },
    W_v: { label: 'W_v' },
    Q: { label: 'Q = X W_q' },
    K: { label: 'K = X W_k' },
    V: { label: 'V = X W_v' },
    S: { label: 'S = X Xᵀ (parameter-free)' },
    A: { label: 'A, the parameter-free weights' },
    Y_free: { label: 'Y = A X (parameter-free)' },
    scores: { label: 'scores = Q Kᵀ / √d_k' },
    attn_weights: {
      label: 'attn_weights, with how each weight was made',
      tall: 'below 700 px the inspector (five steps, with the query and key rows) goes under the map',
    },
    Y: { label: 'Y = attn_weights V' },
    Y_literal: { label: 'Y_literal = attn_weights X' },
  },
  // The first screen (components/first-screen.js): the key figure goes right under the sentence.
  firstScreen: {
    figure: 'attn_weights',
    // for the outline (the inspector's h4 sits under it); the map's caption names it on screen
    title: 'The attention weights, and how each was made',
    // "Each row: positive weights…" and the fold on the largest weights travel with the map,
    // after it: on a phone the map itself must start within the first screen
    carry: (fig, matching) => [fig, matching(fig.previousElementSibling, 'p'), matching(fig.nextElementSibling, 'details.more[data-more="largest-weights"]')],
  },
};
