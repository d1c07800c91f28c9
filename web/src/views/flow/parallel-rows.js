// "Parallelisable does not mean dependency-free" (Class 05), on the chapter's sentence: the steps
// of one output row form a chain, each needing the one before; the rows do not need each other,
// so each row computed alone equals the full matrix computation. The numbers are the chapter
// call's (parallel, core/lessons/parallel_rows.hpp); the wording follows them through thresholds.js.
import { select } from 'd3';
import { moreFold } from '../../components/more.js';
import { num, full } from '../../format.js';
import { dataTable, fitTable } from '../../components/data-table.js';
import { TRACE_EFFECT, differenceGrade } from '../shared/thresholds.js';

/**
 * Builds the fold once; `fill(chapter, tokens)` puts in the numbers of a flowChapter answer
 * (drawn when the fold is open, or when it is opened).
 * @param {HTMLElement} root  the chapter's container
 */
export function mountParallelRows(root) {
  // a fold of the page's kind (components/more.js): closed, open in embeds and present mode
  const body = moreFold(select(root), 'What runs in parallel?', { name: 'parallel-rows' });
  const fold = select(body.node().parentNode).classed('parallel-rows', true).attr('id', 'parallel-rows');
  body.append('p').text(
    'Every row of Y comes out of the same few matrix products, so all the queries can be worked on at once. ' +
      'That does not mean nothing waits for anything: the steps of one row form a chain, each reading what the step before produced. What the rows do not need is each other’s results.',
  );
  body.append('h4').text('The chain for one output row i');
  const chain = dataTable(body).attr('class', 'parallel-chain');
  const chainHead = chain.append('thead').append('tr');
  for (const h of ['step', 'needs', 'numbers it reads']) chainHead.append('th').attr('scope', 'col').text(h);
  const chainBody = chain.append('tbody');
  body.append('h4').text('Each row computed alone');
  const alone = body.append('p').attr('class', 'parallel-verdict').attr('aria-live', 'polite');
  const rowsTable = dataTable(body).attr('class', 'parallel-rows-table');
  const rowsHead = rowsTable.append('thead').append('tr');
  for (const h of ['output row', 'largest difference from Y = A V', 'equal to the bit']) rowsHead.append('th').attr('scope', 'col').text(h);
  const rowsBody = rowsTable.append('tbody');
  const other = body.append('p').attr('class', 'parallel-other');

  let last = null;
  fold.on('toggle', () => draw());

  function draw() {
    if (!last || !fold.property('open')) return;
    const { chapter, tokens } = last;
    const p = chapter.parallel;
    chainBody.selectAll('tr').data(Array.from(p.stages), (s) => s.name).join((enter) => enter.append('tr').call((tr) => {
      tr.append('th').attr('scope', 'row');
      tr.append('td').attr('class', 'needs');
      tr.append('td').attr('class', 'count');
    }))
      .attr('data-stage', (s) => s.name)
      .call((tr) => tr.select('th').text((s, k) => `${k + 1}. ${s.name}`))
      .call((tr) => tr.select('.needs').text((s) => s.needs))
      .call((tr) => tr.select('.count').text((s) => String(s.numbersRead)));
    rowsBody.selectAll('tr').data(Array.from(p.rows)).join((enter) => enter.append('tr').call((tr) => {
      tr.append('th').attr('scope', 'row');
      tr.append('td').attr('class', 'max');
      tr.append('td').attr('class', 'identical');
    }))
      .attr('data-row', (r) => r.row)
      .call((tr) => tr.select('th').text((r) => `${r.row + 1}. ${tokens[r.row]}`))
      .call((tr) => tr.select('.max').attr('data-value', (r) => full(r.maxDifference)).text((r) => num(r.maxDifference)))
      .call((tr) => tr.select('.identical').text((r) => (r.identical ? 'yes' : 'no, rounding')));
    for (const t of [chain, rowsTable]) fitTable(t.node());
    alone.attr('data-grade', differenceGrade(p.maxRelative)).attr('data-max', full(p.maxDifference))
      .attr('data-identical', String(p.identicalRows)).text(aloneText(p));
    other.attr('data-effect', full(p.otherInputEffect)).text(otherText(p, tokens));
  }

  return {
    fill(chapter, tokens) {
      last = { chapter, tokens };
      draw();
    },
  };
}

/** What computing each row alone showed, chosen by its numbers. */
export function aloneText(p) {
  const n = p.tokens;
  const how = p.form === 'qkv'
    ? 'its own query x_i W_q, every token’s key and value, one row of scores, one softmax, one weighted sum'
    : 'its own x_i as the query, every token’s x_j as key and value, one row of scores, one softmax, one weighted sum';
  const head = `Row i computed alone, from X only (${how}), with no other row’s query, scores, weights or output: `;
  const grade = differenceGrade(p.maxRelative);
  if (p.identicalRows === n) return `${head}all ${n} rows come out equal to the bit to the rows of the full computation Y = A V. The rows do not depend on each other, so they can be computed in parallel.`;
  if (grade === 'same') {
    return `${head}over all ${n} rows the largest difference from Y = A V is ${num(p.maxDifference)} (${num(p.maxRelative)} of the largest entry), rounding only (${p.identicalRows} of ${n} rows equal to the bit; a matrix product adds in another order than a row product). ` +
      'The rows do not depend on each other, so they can be computed in parallel.';
  }
  return `${head}the largest difference from Y = A V is ${num(p.maxDifference)} (${num(p.maxRelative)} of the largest entry), more than rounding: these numbers do not show the rows to be independent.`;
}

/** A row still reads every token's input: the other token's change, or its mask. */
export function otherText(p, tokens) {
  if (p.other < 0) return 'With one token there is no other row to depend on.';
  const base = `“${tokens[p.base]}”`;
  const moved = `“${tokens[p.other]}” (token ${p.other + 1})`;
  if (p.otherMasked) {
    return `Adding 1 to the first feature of ${moved} leaves row ${p.base + 1}, ${base}, unchanged (${num(p.otherInputEffect)}): the ${p.otherMasked} mask hides that token from it. Without the mask, each row reads every token’s key and value.`;
  }
  if (p.otherInputEffect === 0) return `Adding 1 to the first feature of ${moved} leaves row ${p.base + 1}, ${base}, unchanged here (${num(p.otherInputEffect)}).`;
  if (p.otherInputEffect < TRACE_EFFECT) {
    return `Adding 1 to the first feature of ${moved} moves the output of ${base} (row ${p.base + 1}, the base token) by only ${num(p.otherInputEffect)}: the row reads that token’s key and value, but gives it almost no weight here, so the dependence is in the formula and barely in these numbers. Steps still wait for steps; only the rows run side by side.`;
  }
  return `Independent rows are not independent tokens: adding 1 to the first feature of ${moved} moves the output of ${base} (row ${p.base + 1}, the base token) by up to ${num(p.otherInputEffect)}, because its score row and its weighted sum read that token’s key and value. Steps wait for steps; only the rows run side by side.`;
}
