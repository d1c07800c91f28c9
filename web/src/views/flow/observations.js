// The four whiteboard observations of Class 04 as experiments the learner runs. The core does
// each one (the flow chapter's shuffle, distance, length and training reports, computed with the
// flow in one call); this module lays out their numbers and says what they show, and what they do not.
// The cards are made of parts (components/parts.js) filled in place on every render: a keystroke
// rewrites only the text and numbers that changed, and a fold the reader opened stays open.
import { num, full, shapeText } from '../../format.js';
import { vectorText } from '../../components/flow-diagram.js';
import { part, parts, shown, headedTable } from '../../components/parts.js';
import { BARELY_MIXES, LITTLE_MIXING, weightChangeGrade } from '../shared/thresholds.js';
import { foldedSection } from '../../components/more.js';

export function drawObservations(section, { chapter, state, report, tokens, update }) {
  part(section, 'h3', 'title').attr('id', 'obs-title').text('The four whiteboard observations, as experiments');
  const grid = part(section, 'div.obs-grid', 'grid');
  card(grid, 'obs-shuffle', '(a) Order plays no part: shuffle the tokens', 'the experiment', (c) => shuffle(c, { r: chapter.shuffle, state, update }));
  card(grid, 'obs-distance', '(b) Distance plays no part', 'the experiment', (c) => distance(c, { r: chapter.distance, state, report, tokens, update }));
  card(grid, 'obs-length', '(c) Any sequence length works', 'the experiment', (c) => lengths(c, { r: chapter.length }));
  card(grid, 'obs-training', '(d) Nothing here was trained', 'every matrix', (c) => training(c, { r: chapter.training }));
}

/** A card: what the numbers show in view (`c.main`, `c.after`), the experiment's details folded (`c.more`). */
function card(grid, id, title, label, body) {
  const { main, more, after } = foldedSection(grid, { tag: 'article', heading: 'h4', className: 'obs-card', sectionId: id, id: `${id}-title`, title, label, keep: true });
  body({ main, more, after });
}

const TOGGLES = {
  flowPE: 'positional encoding',
  causal: 'causal mask',
  flowWindow: 'local window',
};

/** The switches of `which` (keys of TOGGLES), each showing its state, in the card's button row. */
function toggleButtons(row, state, update, which) {
  parts(row, 'button.obs-toggle', which, (key) => key, (button, key) => {
    const on = Boolean(state[key]);
    button.attr('type', 'button').attr('data-toggle', key).attr('aria-pressed', String(on))
      .text(`${on ? 'Switch off' : 'Switch on'} ${TOGGLES[key]}`)
      .on('click', () => update({ [key]: !on }));
  });
}

/** "<lead><b>value</b><rest>": a sentence with one number in bold (`bold`: its element spec), its parts kept. */
function sentence(p, { lead, value, shownValue, rest = '', bold = 'b' }) {
  part(p, 'span', 'lead').text(lead);
  part(p, bold, 'value').attr('data-value', value).text(shownValue);
  part(p, 'span', 'rest').text(rest);
  return p;
}

function shuffle({ main: c, more }, { r, state, update }) {
  part(more, 'p', 'what').text(
    'Feed the same words in a different order through the same computation. If order plays no part, each word gets exactly the output it had before, only at its new place: the outputs are permuted with the inputs.',
  );
  const row = part(c, 'div.obs-buttons', 'buttons');
  part(row, 'button.obs-run', 'run').attr('type', 'button').text('Shuffle again')
    .on('click', () => update({ flowShuffle: state.flowShuffle + 1 }));
  toggleButtons(row, state, update, ['flowPE']);
  sentence(part(c, 'p.obs-order', 'order'), { lead: 'New order: ', value: Array.from(r.permutation).join(','), shownValue: r.shuffledTokens.map((t) => t.text).join(' · ') });
  part(more, 'p.muted', 'positions').text(`Position p now holds original token ${Array.from(r.permutation, (p) => p + 1).join(', ')}.`);
  sentence(part(c, 'p.obs-result', 'result').attr('data-equivariant', String(r.equivariant)), {
    lead: 'Shuffled outputs against the original ones in the new order: max |Y_shuffled − P·Y| = ',
    value: full(r.maxDeviation), shownValue: num(r.maxDeviation), bold: 'b.num',
    rest: r.equivariant ? ': rounding only. Every output just moved with its word.' : ': the outputs changed, not just moved. Order now matters.',
  });
  const both = part(more, 'p.muted', 'both');
  part(both, 'span', 'without-label').text('Same shuffle without positional encoding: ');
  part(both, 'b', 'without').attr('data-value', full(r.maxDeviationWithoutPE)).text(num(r.maxDeviationWithoutPE));
  part(both, 'span', 'with-label').text('; with it: ');
  part(both, 'b', 'with').attr('data-value', full(r.maxDeviationWithPE)).text(num(r.maxDeviationWithPE));
  const explanation = () => {
    if (r.permutation.length < 2) return '. One token has nowhere to move: type a longer sentence to shuffle.';
    if (state.causal || state.flowWindow) return '. A causal mask or a local window also ties the result to positions, so even without encoding the outputs change.';
    return '. The encoding adds a different vector at each position, so the same word no longer enters as the same vector.';
  };
  part(both, 'span', 'why').text(explanation());
  const rowOf = (m, i) => m.data.subarray(i * m.cols, (i + 1) * m.cols);
  const body = headedTable(more, 'table', 'obs-table', ['new position', 'word', 'output in the shuffled run', 'its original output']);
  parts(body, 'tr', r.shuffledTokens, (_, p) => p, (tr, t, p) => {
    part(tr, 'td', 'position').text(String(p + 1));
    part(tr, 'th', 'word').attr('scope', 'row').text(t.text);
    part(part(tr, 'td', 'shuffled'), 'code', 'vector').text(vectorText(rowOf(r.Y_shuffled, p)));
    part(part(tr, 'td', 'original'), 'code', 'vector').text(vectorText(rowOf(r.PY, p)));
  });
  part(more, 'p.muted', 'property').text(
    'This is a property of the bare block, not of language: word order changes meaning, which is why full Transformers add positional information.',
  );
}

function distance({ main: c, more }, { r, state, report, tokens, update }) {
  shown(part(c, 'p', 'too-short'), !r).text(r ? '' : 'This experiment needs at least two words: type a longer sentence.');
  const main = shown(part(c, 'div', 'experiment'), Boolean(r));
  const folded = shown(part(more, 'div', 'experiment'), Boolean(r));
  if (!r) return;
  const base = report.base;
  const { other } = r; // the word asked for, or the core's default (the last, else the first)
  part(folded, 'p', 'what').text(
    `Keep the base token “${tokens[base]}” and move one other word to every position in turn. Read the score between them and the weight the base token gives it each time.`,
  );
  const pick = part(main, 'div.control', 'pick');
  part(pick, 'label', 'label').attr('for', 'obs-other').text('Word to move');
  const select = part(pick, 'select', 'select').attr('id', 'obs-other').on('change', (e) => update({ flowOther: Number(e.target.value) }));
  const others = tokens.map((text, j) => ({ text, j })).filter((t) => t.j !== base);
  parts(select, 'option', others, (t) => t.j, (option, t) => option.attr('value', t.j).text(`${t.j + 1}. ${t.text}`));
  select.property('value', String(other));
  toggleButtons(part(main, 'div.obs-buttons', 'buttons'), state, update, ['causal', 'flowWindow', 'flowPE']);
  const body = headedTable(folded, 'table', 'obs-table distance-table', ['placed at', 'distance', 'raw score', 'weight']);
  parts(body, 'tr', r.points, (p) => p.position, (tr, p) => {
    tr.attr('data-position', p.position).classed('masked', Boolean(p.masked));
    part(tr, 'th', 'position').attr('scope', 'row').text(`position ${p.position + 1}`);
    part(tr, 'td', 'distance').text(p.distance > 0 ? `${p.distance} after` : `${-p.distance} before`);
    part(tr, 'td', 'score').attr('data-value', full(p.rawScore)).text(num(p.rawScore));
    part(tr, 'td', 'weight').attr('data-value', full(p.weight)).text(p.masked ? `${num(p.weight)} (hidden: ${p.masked})` : num(p.weight));
  });
  const grade = r.distanceFree ? 'none' : weightChangeGrade(r.weightSpread);
  const result = part(main, 'p.obs-result', 'result').attr('data-distance-free', String(r.distanceFree)).attr('data-grade', grade);
  // distance-free: one sentence; else what moved (the scores, or only a mask), the score spread in
  // bold, and the verdict graded by how far the weight moves (thresholds.js), not by the scores
  const verdict = r.distanceFree ? null : distanceVerdict(grade, r, tokens[other]);
  part(result, 'span', 'lead').text(r.distanceFree ? distanceFreeText(r.points[0].weight, tokens[other]) : verdict.lead);
  shown(part(result, 'b', 'spread'), !r.distanceFree).attr('data-value', r.distanceFree ? null : full(r.rawScoreSpread))
    .text(r.distanceFree ? '' : num(r.rawScoreSpread));
  shown(part(result, 'span', 'rest'), !r.distanceFree).text(r.distanceFree ? '' : verdict.rest);
}

/**
 * The distance card's verdict when the placements differ: {lead, rest} around the score spread.
 * `grade`: weightChangeGrade of the weight's spread; `r`: the core's distance report.
 */
export function distanceVerdict(grade, r, word) {
  const masked = r.maskedCount ? `${r.maskedCount} placement${r.maskedCount === 1 ? ' is' : 's are'} hidden by a mask` : '';
  const spread = num(r.weightSpread);
  if (!r.scoresMove) {
    // only a mask ties the result to positions: the scores stay as they were
    const then = {
      matters: ` The weight it gets moves by ${spread}: where it stands matters.`,
      small: ` The weight it gets moves by only ${spread} (less than ${num(BARELY_MIXES)} of the output): where it stands matters a little.`,
      negligible: ` Where it is visible its weight is tiny anyway: it moves by only ${spread}, less than ${num(LITTLE_MIXING)} of the output, too little to matter here.`,
    }[grade];
    return { lead: 'The scores do not depend on distance (they spread by ', rest: `), but a mask does: ${masked}, and there “${word}” gets weight exactly 0.${then}` };
  }
  const hidden = masked ? `, and ${masked}` : ', and no placement is hidden by a mask';
  if (grade === 'matters') return { lead: 'Distance now matters: the scores spread by ', rest: `, the weights by ${spread}${hidden}.` };
  if (grade === 'small') return { lead: 'Distance now matters a little: the scores spread by ', rest: `, but the weights only by ${spread} (less than ${num(BARELY_MIXES)} of the output)${hidden}.` };
  return {
    lead: 'Distance now changes the scores, which spread by ',
    rest: `, but hardly the weight “${word}” gets: it moves by only ${spread}, less than ${num(LITTLE_MIXING)} of the output, wherever “${word}” stands${masked ? `; ${masked}` : ''}. Where it stands changes the output too little to matter here.`,
  };
}

/** What the distance card may claim, chosen by the weight it stands next to. */
export function distanceFreeText(weight, word) {
  const same = 'The same score and the same weight at every distance: nothing in the computation knows how far apart the words are.';
  return weight < LITTLE_MIXING
    ? `${same} But that weight is only ${num(weight)} wherever “${word}” stands: it matters as little far away as next door. What holds it back is not distance but the base token’s weight on itself (see “Does this output mix?” above).`
    : `${same} “${word}” gets ${num(weight)} far away just as next door: a distant word can count as much as a neighbour (“Noa … cat”).`;
}

function lengths({ main: c, more }, { r }) {
  part(more, 'p', 'what').text(
    'Run the same computation on the first 1, 2, 3, … words of your sentence. Nothing in it is sized for a particular length: the score matrix grows to n × n, the output keeps one row per token and its width, and the same parameters (if any) serve every length.',
  );
  const body = headedTable(more, 'table', 'obs-table', ['tokens', 'X', 'scores', 'A', 'Y', 'max |row sum − 1|']);
  parts(body, 'tr', r.points, (p) => p.tokens, (tr, p) => {
    part(tr, 'th', 'tokens').attr('scope', 'row').text(String(p.tokens));
    [p.X, p.scores, p.attn_weights, p.Y].forEach((m, k) => part(tr, 'td.shape', `shape${k}`).text(shapeText(m.rows, m.cols)));
    part(tr, 'td', 'error').attr('data-value', full(p.maxRowSumError)).text(num(p.maxRowSumError));
  });
  part(c, 'p.muted', 'parameters').text(`Parameters used, at every length: ${r.parameterCount}.`);
  part(more, 'p.muted', 'widths').text(
    'Widths still have to fit together (queries and keys need the same d_k), and a real model has a longest context it was built for.',
  );
}

function training({ main: c, more }, { r }) {
  part(more, 'p', 'what').text(
    'Which matrices could training change, and did anything change them? Nothing in this chapter trains: every number below is an initial value, an input, a fixed formula or a result computed from them. (The chapter “Training the block” does train W_q, W_k and W_v, with the same core.)',
  );
  const body = headedTable(more, 'table', 'obs-table training-table', ['matrix', 'shape', 'what it is', 'trained?', 'where its numbers come from']);
  parts(body, 'tr', r.matrices, (m) => m.name, (tr, m) => {
    tr.attr('data-name', m.name).attr('data-role', m.role);
    part(part(tr, 'th', 'name').attr('scope', 'row'), 'code', 'name').text(m.name);
    part(tr, 'td.shape', 'shape').text(shapeText(m.shape.rows, m.shape.cols));
    part(tr, 'td', 'what').text(m.isParameter ? 'parameter' : m.role);
    part(tr, 'td', 'trained').text(m.isParameter ? (m.trained ? 'yes' : 'no (untrained)') : 'not trainable');
    part(tr, 'td', 'origin').text(m.origin);
  });
  const result = part(c, 'p.obs-result', 'result');
  part(result, 'span', 'could').text('Numbers training could change: ');
  part(result, 'b', 'parameters').attr('data-value', String(r.parameterCount)).text(String(r.parameterCount));
  part(result, 'span', 'changed').text('; changed by training: ');
  part(result, 'b', 'trained').attr('data-value', String(r.trainedCount)).text(String(r.trainedCount));
  part(result, 'span', 'steps').text(`; gradient steps taken: ${r.gradientSteps}.`);
  part(more, 'p.muted', 'reading').text(
    r.parameterCount === 0
      ? 'The parameter-free form has nothing to train: the coefficients come from the vectors themselves. A real Transformer does learn its projections (switch to the Class 05 form).'
      : 'The attention weights A are not in the parameter count: they are recomputed for every input. What training would adjust is W_q, W_k, W_v (and, in a full model, the embeddings).',
  );
}
