// The four whiteboard observations of Class 04 as experiments the learner runs. The core does
// each one (the flow chapter's shuffle, distance, length and training reports, computed with the
// flow in one call); this module lays out their numbers and says what they show, and what they do not.
import { num, full, shapeText } from '../../format.js';
import { vectorText } from '../../components/flow-diagram.js';
import { dataTable } from '../../components/data-table.js';
import { LITTLE_MIXING } from '../shared/thresholds.js';
import { foldedSection } from '../../components/more.js';

export function drawObservations(section, { chapter, state, report, tokens, update }) {
  // the heading, the cards and their folds are made once (components/more.js); their contents are written again
  if (section.select(':scope > h3').empty()) {
    section.append('h3').attr('id', 'obs-title').text('The four whiteboard observations, as experiments');
    section.append('div').attr('class', 'obs-grid');
  }
  const grid = section.select(':scope > .obs-grid');
  card(grid, 'obs-shuffle', '(a) Order plays no part: shuffle the tokens', 'the experiment', (c) => shuffle(c, { r: chapter.shuffle, state, update }));
  card(grid, 'obs-distance', '(b) Distance plays no part', 'the experiment', (c) => distance(c, { r: chapter.distance, state, report, tokens, update }));
  card(grid, 'obs-length', '(c) Any sequence length works', 'the experiment', (c) => lengths(c, { r: chapter.length }));
  card(grid, 'obs-training', '(d) Nothing here was trained', 'every matrix', (c) => training(c, { r: chapter.training }));
}

/** A card: what the numbers show in view (`c.main`, `c.after`), the experiment's details folded (`c.more`). */
function card(grid, id, title, label, body) {
  const { main, more, after } = foldedSection(grid, { tag: 'article', heading: 'h4', className: 'obs-card', sectionId: id, id: `${id}-title`, title, label });
  body({ main, more, after });
}

function toggleButtons(c, state, update, which) {
  const row = c.append('div').attr('class', 'obs-buttons');
  const labels = {
    flowPE: ['positional encoding', state.flowPE],
    causal: ['causal mask', state.causal],
    flowWindow: ['local window', state.flowWindow],
  };
  for (const key of which) {
    const [label, on] = labels[key];
    row.append('button').attr('type', 'button').attr('class', 'obs-toggle').attr('data-toggle', key)
      .attr('aria-pressed', String(on)).text(`${on ? 'Switch off' : 'Switch on'} ${label}`)
      .on('click', () => update({ [key]: !on }));
  }
  return row;
}

function shuffle({ main: c, more }, { r, state, update }) {
  more.append('p').text(
    'Feed the same words in a different order through the same computation. If order plays no part, each word gets exactly the output it had before, only at its new place: the outputs are permuted with the inputs.',
  );
  const buttons = toggleButtons(c, state, update, ['flowPE']);
  buttons.insert('button', ':first-child').attr('type', 'button').attr('class', 'obs-run').text('Shuffle again')
    .on('click', () => update({ flowShuffle: state.flowShuffle + 1 }));
  const order = c.append('p').attr('class', 'obs-order');
  order.append('span').text('New order: ');
  order.append('b').attr('data-value', Array.from(r.permutation).join(',')).text(r.shuffledTokens.map((t) => t.text).join(' · '));
  more.append('p').attr('class', 'muted').text(`Position p now holds original token ${Array.from(r.permutation, (p) => p + 1).join(', ')}.`);
  const result = c.append('p').attr('class', 'obs-result').attr('data-equivariant', String(r.equivariant));
  result.append('span').text('Shuffled outputs against the original ones in the new order: max |Y_shuffled − P·Y| = ');
  result.append('b').attr('class', 'num').attr('data-value', full(r.maxDeviation)).text(num(r.maxDeviation));
  result.append('span').text(r.equivariant
    ? ': rounding only. Every output just moved with its word.'
    : ': the outputs changed, not just moved. Order now matters.');
  const both = more.append('p').attr('class', 'muted');
  both.append('span').text('Same shuffle without positional encoding: ');
  both.append('b').attr('data-value', full(r.maxDeviationWithoutPE)).text(num(r.maxDeviationWithoutPE));
  both.append('span').text('; with it: ');
  both.append('b').attr('data-value', full(r.maxDeviationWithPE)).text(num(r.maxDeviationWithPE));
  const explanation = () => {
    if (r.permutation.length < 2) return '. One token has nowhere to move: type a longer sentence to shuffle.';
    if (state.causal || state.flowWindow) return '. A causal mask or a local window also ties the result to positions, so even without encoding the outputs change.';
    return '. The encoding adds a different vector at each position, so the same word no longer enters as the same vector.';
  };
  both.append('span').text(explanation());
  const table = dataTable(more).attr('class', 'obs-table');
  const head = table.append('thead').append('tr');
  for (const h of ['new position', 'word', 'output in the shuffled run', 'its original output']) head.append('th').attr('scope', 'col').text(h);
  const body = table.append('tbody');
  const rowOf = (m, i) => m.data.subarray(i * m.cols, (i + 1) * m.cols);
  r.shuffledTokens.forEach((t, p) => {
    const tr = body.append('tr');
    tr.append('td').text(String(p + 1));
    tr.append('th').attr('scope', 'row').text(t.text);
    tr.append('td').append('code').text(vectorText(rowOf(r.Y_shuffled, p)));
    tr.append('td').append('code').text(vectorText(rowOf(r.PY, p)));
  });
  more.append('p').attr('class', 'muted').text(
    'This is a property of the bare block, not of language: word order changes meaning, which is why full Transformers add positional information.',
  );
}

function distance({ main: c, more }, { r, state, report, tokens, update }) {
  if (!r) {
    c.append('p').text('This experiment needs at least two words: type a longer sentence.');
    return;
  }
  const base = report.base;
  const { other } = r; // the word asked for, or the core's default (the last, else the first)
  more.append('p').text(
    `Keep the base token “${tokens[base]}” and move one other word to every position in turn. Read the score between them and the weight the base token gives it each time.`,
  );
  const pick = c.append('div').attr('class', 'control');
  pick.append('label').attr('for', 'obs-other').text('Word to move');
  const select = pick.append('select').attr('id', 'obs-other').on('change', (e) => update({ flowOther: Number(e.target.value) }));
  tokens.forEach((t, j) => { if (j !== base) select.append('option').attr('value', j).text(`${j + 1}. ${t}`); });
  select.property('value', String(other));
  toggleButtons(c, state, update, ['causal', 'flowWindow', 'flowPE']);
  const table = dataTable(more).attr('class', 'obs-table distance-table');
  const head = table.append('thead').append('tr');
  for (const h of ['placed at', 'distance', 'raw score', 'weight']) head.append('th').attr('scope', 'col').text(h);
  const body = table.append('tbody');
  for (const p of r.points) {
    const tr = body.append('tr').attr('data-position', p.position).classed('masked', Boolean(p.masked));
    tr.append('th').attr('scope', 'row').text(`position ${p.position + 1}`);
    tr.append('td').text(p.distance > 0 ? `${p.distance} after` : `${-p.distance} before`);
    tr.append('td').attr('data-value', full(p.rawScore)).text(num(p.rawScore));
    tr.append('td').attr('data-value', full(p.weight)).text(p.masked ? `${num(p.weight)} (hidden: ${p.masked})` : num(p.weight));
  }
  const result = c.append('p').attr('class', 'obs-result').attr('data-distance-free', String(r.distanceFree));
  if (r.distanceFree) {
    result.append('span').text(distanceFreeText(r.points[0].weight, tokens[other]));
  } else {
    result.append('span').text('Distance now matters: the scores spread by ');
    result.append('b').attr('data-value', full(r.rawScoreSpread)).text(num(r.rawScoreSpread));
    result.append('span').text(`, the weights by ${num(r.weightSpread)}, and ${r.maskedCount} placement${r.maskedCount === 1 ? ' is' : 's are'} hidden by a mask.`);
  }
}

/** What the distance card may claim, chosen by the weight it stands next to. */
export function distanceFreeText(weight, word) {
  const same = 'The same score and the same weight at every distance: nothing in the computation knows how far apart the words are.';
  return weight < LITTLE_MIXING
    ? `${same} But that weight is only ${num(weight)} wherever “${word}” stands: it matters as little far away as next door. What holds it back is not distance but the base token’s weight on itself (see “Does this output mix?” above).`
    : `${same} “${word}” gets ${num(weight)} far away just as next door: a distant word can count as much as a neighbour (“Noa … cat”).`;
}

function lengths({ main: c, more }, { r }) {
  more.append('p').text(
    'Run the same computation on the first 1, 2, 3, … words of your sentence. Nothing in it is sized for a particular length: the score matrix grows to n × n, the output keeps one row per token and its width, and the same parameters (if any) serve every length.',
  );
  const table = dataTable(more).attr('class', 'obs-table');
  const head = table.append('thead').append('tr');
  for (const h of ['tokens', 'X', 'scores', 'A', 'Y', 'max |row sum − 1|']) head.append('th').attr('scope', 'col').text(h);
  const body = table.append('tbody');
  for (const p of r.points) {
    const tr = body.append('tr');
    tr.append('th').attr('scope', 'row').text(String(p.tokens));
    for (const s of [p.X, p.scores, p.attn_weights, p.Y]) tr.append('td').attr('class', 'shape').text(shapeText(s.rows, s.cols));
    tr.append('td').attr('data-value', full(p.maxRowSumError)).text(num(p.maxRowSumError));
  }
  c.append('p').attr('class', 'muted').text(`Parameters used, at every length: ${r.parameterCount}.`);
  more.append('p').attr('class', 'muted').text(
    'Widths still have to fit together (queries and keys need the same d_k), and a real model has a longest context it was built for.',
  );
}

function training({ main: c, more }, { r }) {
  more.append('p').text(
    'Which matrices could training change, and did anything change them? Nothing in this chapter trains: every number below is an initial value, an input, a fixed formula or a result computed from them. (The chapter “Training the block” does train W_q, W_k and W_v, with the same core.)',
  );
  const table = dataTable(more).attr('class', 'obs-table training-table');
  const head = table.append('thead').append('tr');
  for (const h of ['matrix', 'shape', 'what it is', 'trained?', 'where its numbers come from']) head.append('th').attr('scope', 'col').text(h);
  const body = table.append('tbody');
  for (const m of r.matrices) {
    const tr = body.append('tr').attr('data-name', m.name).attr('data-role', m.role);
    tr.append('th').attr('scope', 'row').append('code').text(m.name);
    tr.append('td').attr('class', 'shape').text(shapeText(m.shape.rows, m.shape.cols));
    tr.append('td').text(m.isParameter ? 'parameter' : m.role);
    tr.append('td').text(m.isParameter ? (m.trained ? 'yes' : 'no (untrained)') : 'not trainable');
    tr.append('td').text(m.origin);
  }
  const result = c.append('p').attr('class', 'obs-result');
  result.append('span').text('Numbers training could change: ');
  result.append('b').attr('data-value', String(r.parameterCount)).text(String(r.parameterCount));
  result.append('span').text('; changed by training: ');
  result.append('b').attr('data-value', String(r.trainedCount)).text(String(r.trainedCount));
  result.append('span').text(`; gradient steps taken: ${r.gradientSteps}.`);
  more.append('p').attr('class', 'muted').text(
    r.parameterCount === 0
      ? 'The parameter-free form has nothing to train: the coefficients come from the vectors themselves. A real Transformer does learn its projections (switch to the Class 05 form).'
      : 'The attention weights A are not in the parameter count: they are recomputed for every input. What training would adjust is W_q, W_k, W_v (and, in a full model, the embeddings).',
  );
}
