// Explains one attention weight: the query row, the key row, their dot product, the scale and
// the softmax of the row, from the numbers the core returns (explainWeight).
import { select } from 'd3';
import { num, full } from '../format.js';

function vectorText(values) {
  return `[${Array.from(values, num).join(', ')}]`;
}

/**
 * @param {HTMLElement} container
 * @param {{explanation: object, i: number, j: number, queryLabel: string, keyLabel: string,
 *          dK: number, scale: boolean}} spec
 */
export function drawInspector(container, spec) {
  const { explanation: e, i, j, queryLabel, keyLabel, dK, scale } = spec;
  const root = select(container).html('');
  root.append('h4').html(`How <code>attn_weights[${i}, ${j}]</code> was made`);
  root.append('p').attr('class', 'inspector-pair')
    .text(`Query token “${queryLabel}” (row ${i}) looking at key token “${keyLabel}” (column ${j}).`);
  const steps = root.append('ol').attr('class', 'inspector-steps');
  steps.append('li').html(`<span>query row <code>q = Q[${i}]</code></span> <code class="vec" data-value="query">${vectorText(e.query)}</code>`);
  steps.append('li').html(`<span>key row <code>k = K[${j}]</code></span> <code class="vec" data-value="key">${vectorText(e.key)}</code>`);
  steps.append('li').html(
    `<span>inner product: multiply feature by feature, then add all ${e.products.length} products</span>` +
      ` <code class="vec">${vectorText(e.products)}</code> → <code>q·k = <b data-value="dot">${num(e.dot)}</b></code>`,
  );
  steps.append('li').html(
    scale
      ? `<span>scale by √d_k = √${dK} = ${num(e.divisor)}</span> <code>score = ${num(e.dot)} / ${num(e.divisor)} = <b data-value="score">${num(e.scaled)}</b></code>`
      : `<span>scaling is off, so the score is the dot product</span> <code>score = <b data-value="score">${num(e.scaled)}</b></code>`,
  );
  if (e.masked) {
    steps.append('li').html(
      `<span>causal mask: key ${j} comes after query ${i}, so its score becomes −∞ and its weight is exactly</span> <code><b data-value="weight">${num(e.weight)}</b></code>`,
    );
  } else {
    steps.append('li').html(
      `<span>softmax over row ${i}: subtract the row’s largest score (${num(e.rowMax)}) so exp cannot overflow, exponentiate, divide by the row’s total</span>` +
        ` <code>exp(${num(e.score)} − ${num(e.rowMax)}) = ${num(e.expTerm)}; ${num(e.expTerm)} / ${num(e.expRowSum)} = <b data-value="weight">${num(e.weight)}</b></code>`,
    );
  }
  root.append('p').attr('class', 'inspector-full').text(`Full precision: ${full(e.weight)}`);
}
