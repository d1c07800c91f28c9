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
  const parts = container.inspectorParts ?? buildInspector(container);
  parts.heading.html(`How <code>attn_weights[${i}, ${j}]</code> was made`);
  parts.pair.text(`Query token “${queryLabel}” (row ${i}) looking at key token “${keyLabel}” (column ${j}).`);
  const [query, key, product, scaling, softmax] = parts.steps;
  query.html(`<span>query row <code>q = Q[${i}]</code></span> <code class="vec" data-value="query">${vectorText(e.query)}</code>`);
  key.html(`<span>key row <code>k = K[${j}]</code></span> <code class="vec" data-value="key">${vectorText(e.key)}</code>`);
  product.html(
    `<span>inner product: multiply feature by feature, then add all ${e.products.length} products</span>` +
      ` <code class="vec">${vectorText(e.products)}</code> → <code>q·k = <b data-value="dot">${num(e.dot)}</b></code>`,
  );
  scaling.html(
    scale
      ? `<span>scale by √d_k = √${dK} = ${num(e.divisor)}</span> <code>score = ${num(e.dot)} / ${num(e.divisor)} = <b data-value="score">${num(e.scaled)}</b></code>`
      : `<span>scaling is off, so the score is the dot product</span> <code>score = <b data-value="score">${num(e.scaled)}</b></code>`,
  );
  softmax.html(e.masked
    ? `<span>causal mask: key ${j} comes after query ${i}, so its score becomes −∞ and its weight is exactly</span> <code><b data-value="weight">${num(e.weight)}</b></code>`
    : `<span>softmax over row ${i}: subtract the row’s largest score (${num(e.rowMax)}) so exp cannot overflow, exponentiate, divide by the row’s total</span>` +
        ` <code>exp(${num(e.score)} − ${num(e.rowMax)}) = ${num(e.expTerm)}; ${num(e.expTerm)} / ${num(e.expRowSum)} = <b data-value="weight">${num(e.weight)}</b></code>`);
  parts.full.text(`Full precision: ${full(e.weight)}`);
}

/** The inspector's elements, made once per container and then filled in place. */
function buildInspector(container) {
  const root = select(container);
  root.node().replaceChildren();
  const heading = root.append('h4');
  const pair = root.append('p').attr('class', 'inspector-pair');
  const list = root.append('ol').attr('class', 'inspector-steps');
  const steps = Array.from({ length: 5 }, () => list.append('li'));
  const fullText = root.append('p').attr('class', 'inspector-full');
  container.inspectorParts = { heading, pair, steps, full: fullText };
  return container.inspectorParts;
}
