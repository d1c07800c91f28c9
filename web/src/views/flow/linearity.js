// "A layer is not its activation" (Class 05), on the chapter's sentence: which parts of the
// attention block are linear in X and which are not. The numbers are the chapter call's
// (linearity, core/lessons/linearity.hpp); the wording follows them through thresholds.js.
import { select } from 'd3';
import { moreFold } from '../../components/more.js';
import { num, full } from '../../format.js';
import { dataTable, fitTable } from '../../components/data-table.js';
import { differenceGrade } from '../shared/thresholds.js';

// Each check: the part tested, the test, and what "equal" means for it.
const CHECKS = {
  projection_sum: ['Q, K, V = X W (each projection)', '(X₁ + X₂) W against X₁ W + X₂ W', 'linear'],
  projection_double: ['Q, K, V = X W (each projection)', '(2X) W against 2 (X W)', 'linear'],
  scores_double: ['scores = Q Kᵀ (÷ √d_k)', 'scores of 2X against 4 × the scores of X', 'quadratic'],
  softmax_double: ['attn_weights = softmax of each score row', 'A(2X) against 2 A(X)', 'linear'],
  mix_sum: ['Y = A V with the weights A held fixed', 'A (V₁ + V₂) against A V₁ + A V₂', 'linear'],
  output_double: ['the whole block, X → Y', 'Y(2X) against 2 Y(X)', 'linear'],
  output_sum: ['the whole block, X → Y', 'Y(X₁ + X₂) against Y(X₁) + Y(X₂)', 'linear'],
};

/** What the last column says for a check, from its relative difference. */
function outcome(name, relative) {
  const grade = differenceGrade(relative);
  if (grade === 'same') return CHECKS[name][2] === 'quadratic' ? 'equal to rounding: 4 times, so quadratic in X, not linear' : 'equal to rounding: linear';
  if (grade === 'nearly') return 'nearly equal (more than rounding)';
  return 'different: not linear';
}

/**
 * Builds the fold once; `fill(chapter, tokens)` puts in the numbers of a flowChapter answer
 * (drawn when the fold is open, or when it is opened).
 * @param {HTMLElement} root  the chapter's container
 */
export function mountLinearity(root) {
  // a fold of the page's kind (components/more.js): closed, open in embeds and present mode
  const body = moreFold(select(root), 'Where is the nonlinearity?', { name: 'linearity' });
  const fold = select(body.node().parentNode).classed('linearity', true).attr('id', 'linearity');
  body.append('p').text(
    'The notes call the projection layers “linear”, “dense” or “fully connected”: nn.Linear computes X W (the notebook turns the bias off) and adds no ReLU after it. ' +
      'A layer is not its activation: W_q, W_k and W_v are trainable without one. So is the attention block linear? ' +
      'Test each part as linearity is defined: give it the sum of two inputs, or twice an input, and compare. ' +
      'X₁ is your sentence’s X, X₂ the same rows in reverse order; the block is the Class 05 one (queries, keys, values), whichever form the flow shows, with its ÷√d_k setting and the masks and positions set above.',
  );
  const table = dataTable(body).attr('class', 'linearity-checks');
  const head = table.append('thead').append('tr');
  for (const h of ['part', 'test', 'largest difference', 'relative to the largest entry', 'so']) head.append('th').attr('scope', 'col').text(h);
  const rows = table.append('tbody');
  const verdict = body.append('p').attr('class', 'linearity-verdict').attr('aria-live', 'polite');

  let last = null;
  fold.on('toggle', () => draw());

  function draw() {
    if (!last || !fold.property('open')) return;
    const { linearity } = last.chapter;
    rows.selectAll('tr').data(Array.from(linearity.checks), (c) => c.name).join((enter) => enter.append('tr').call((tr) => {
      tr.append('th').attr('scope', 'row');
      tr.append('td').attr('class', 'test');
      tr.append('td').attr('class', 'max');
      tr.append('td').attr('class', 'relative');
      tr.append('td').attr('class', 'outcome');
    }))
      .attr('data-check', (c) => c.name)
      .attr('data-grade', (c) => differenceGrade(c.relative))
      .call((tr) => tr.select('th').text((c) => CHECKS[c.name][0]))
      .call((tr) => tr.select('.test').text((c) => CHECKS[c.name][1]))
      .call((tr) => tr.select('.max').attr('data-value', (c) => full(c.maxDifference)).text((c) => num(c.maxDifference)))
      .call((tr) => tr.select('.relative').attr('data-value', (c) => full(c.relative)).text((c) => num(c.relative)))
      .call((tr) => tr.select('.outcome').text((c) => outcome(c.name, c.relative)));
    fitTable(table.node());
    verdict.attr('data-verdict', verdictKind(linearity)).text(linearityVerdict(linearity, last.tokens));
  }

  return {
    fill(chapter, tokens) {
      last = { chapter, tokens };
      draw();
    },
  };
}

const checkOf = (linearity, name) => Array.from(linearity.checks).find((c) => c.name === name);

/** 'nonlinear' (projections linear, block not), 'one-token', 'saturated' or 'projections-off'. */
export function verdictKind(linearity) {
  const projections = ['projection_sum', 'projection_double'].every((n) => differenceGrade(checkOf(linearity, n).relative) === 'same');
  if (!projections) return 'projections-off';
  if (linearity.tokens === 1) return 'one-token';
  const block = ['output_double', 'output_sum'].some((n) => differenceGrade(checkOf(linearity, n).relative) === 'differs');
  return block ? 'nonlinear' : 'saturated';
}

/** The sentence under the table, chosen by the numbers in it. */
export function linearityVerdict(linearity, tokens) {
  const rel = (n) => num(checkOf(linearity, n).relative);
  switch (verdictKind(linearity)) {
    case 'projections-off':
      return `The projections miss linearity by ${rel('projection_sum')} and ${rel('projection_double')} (relative), more than rounding: the page expected them to be linear, and these numbers do not show it.`;
    case 'one-token':
      return `With one token (“${tokens[0]}”) the only weight is 1 whatever the scores, so here the block is just Y = V and linear: the softmax has nothing to weigh. Add a word to see it bend.`;
    case 'saturated':
      return `The projections are linear to rounding (${rel('projection_sum')}), and here the block nearly is too: doubling X misses 2 Y(X) by only ${rel('output_double')}, because the weights are already nearly all on one key and doubling the scores barely moves them. The softmax is still not linear (its rows add up to 1, so A(2X) cannot be 2 A(X): they differ by ${rel('softmax_double')}).`;
    default:
      return `The projections are linear to rounding (relative difference ${rel('projection_sum')} for a sum, ${rel('projection_double')} for a double), and so is the weighted sum with fixed weights; the block is not: Y(2X) misses 2 Y(X) by ${rel('output_double')} and Y(X₁ + X₂) misses Y(X₁) + Y(X₂) by ${rel('output_sum')}. ` +
        `The bend comes from inside attention: Q Kᵀ multiplies two projections of the same X (quadratic), and the softmax is not linear at all (each row adds up to 1 whatever X is, so A(2X) differs from 2 A(X) by ${rel('softmax_double')}). ` +
        'No separate activation function is needed for the block to be nonlinear, nor for its weights to be trained.';
  }
}
