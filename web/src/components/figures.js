// The figures that can be embedded one at a time (?embed=1&figure=<name>), and where each lives.
// A view marks each figure's root element with data-figure="<name>" (figureAttr below); embed
// mode (components/embed.js) finds it by that attribute alone, so this list needs no selectors.
// Heatmaps go by their notebook names; the other charts by what they show.
//
//   view   the chapter that draws it (the figure decides the view: figure=flow opens ?view=flow)
//   label  what the embed bar and the "Copy embed code" dialog call it
//   keep   (optional) a selector of something outside the figure that must stay visible with it,
//          such as the trained model's Load button
//   missing (optional) what to say while the figure is not drawn (the generic text otherwise)
//   collapse (optional) the <details> inside the figure that an embed starts closed (a long table
//          the full page shows open), as a selector
//   tall   (optional) why the figure may be taller than one phone screen, said by the tests
export const FIGURES = {
  table: { view: 'qkv', label: 'the embedding table (table, or embedding.weight in PyTorch mode)' },
  X: { view: 'qkv', label: 'X, the sentence’s rows of the table' },
  W_q: { view: 'qkv', label: 'W_q' },
  W_k: { view: 'qkv', label: 'W_k' },
  W_v: { view: 'qkv', label: 'W_v' },
  Q: { view: 'qkv', label: 'Q = X W_q' },
  K: { view: 'qkv', label: 'K = X W_k' },
  V: { view: 'qkv', label: 'V = X W_v' },
  S: { view: 'qkv', label: 'S = X Xᵀ (parameter-free)' },
  A: { view: 'qkv', label: 'A, the parameter-free weights' },
  Y_free: { view: 'qkv', label: 'Y = A X (parameter-free)' },
  scores: { view: 'qkv', label: 'scores = Q Kᵀ / √d_k' },
  attn_weights: {
    view: 'qkv', label: 'attn_weights, with how each weight was made',
    tall: 'below 700 px the inspector (five steps, with the query and key rows) goes under the map',
  },
  Y: { view: 'qkv', label: 'Y = attn_weights V' },
  Y_literal: { view: 'qkv', label: 'Y_literal = attn_weights X' },
  flow: {
    view: 'flow', label: 'the whiteboard flow diagram', collapse: '.flow-table-box',
    tall: 'on a phone the diagram draws one card per token, below the step’s explanation',
  },
  flow_heads: {
    view: 'flow', label: 'several heads in parallel (bars)', collapse: '.figure-table-box',
    tall: 'on a phone the heads’ bar charts stack, one card per head, since their labels may not shrink below 11 px',
  },
  bank_cosines: {
    // the notes' eight bars; the bars of every other word follow in a disclosure, closed here
    view: 'bank', label: 'the bank experiment’s cosines (bar chart)', collapse: '.figure-table-box, .bank-words',
  },
  space_map: {
    view: 'space', label: 'the embedding space (the points projected to 2-D or 3-D)',
    tall: 'the scatter keeps a 5:4 shape at any width, with its readout and progress bar above it',
  },
  trained_heads: {
    view: 'trained', label: 'the four heads of a trained encoder', keep: '.model-loader',
    missing: 'The four heads are drawn once the trained model is loaded (the button above; about 7 MB, once).',
    tall: 'four heatmaps, one per head, each as wide as the sentence has subword tokens',
  },
};

export const FIGURE_NAMES = Object.keys(FIGURES);

/** `controls=sentence` keeps the view's sentence field(s) above an embedded figure; `none` shows the figure alone. */
export const CONTROLS_VALUES = ['sentence', 'none'];

/** The id of a figure's root on the full page, the target of the "open full page" link (#figure-<name>). */
export function figureId(name) {
  return `figure-${name}`;
}

/** Marks a figure's root (a d3 selection): embed mode, the dialog and links find it by this. */
export function figureAttr(selection, name) {
  if (!FIGURES[name]) throw new Error(`"${name}" is not in the figure registry (components/figures.js)`);
  return selection.attr('data-figure', name).attr('id', figureId(name));
}
