// The parallel-heads sketch (Class 05, last whiteboard page) on the page's own numbers: the
// projections cut into column slices, one attention per slice, outputs side by side. Numbers
// from the core's headsSketch; this module only lays them out.
import { select } from 'd3';
import { num, full, truncate } from '../../format.js';
import { vectorText } from '../../components/flow-diagram.js';
import { keptExport } from '../../components/export.js';
import { stepThrough } from '../../components/step-through.js';
import { part, parts, shown, headedTable, keptTable } from '../../components/parts.js';
import { foldedParts, foldsStartOpen } from '../../components/more.js';

const BAR_W = 120;
const ROW_H = 20;

// Filled in place on every edit (components/parts.js): the head cards by head, their bars by
// token, the table's rows by token and cells by head; the step-through is made once and given
// the new texts, so the reader stays on their step.
export function drawHeads(section, { chapter, report, tokens, update }) {
  part(section, 'h3', 'title').attr('id', 'heads-title').text('Several heads in parallel (a sketch)');
  // the long explanations fold on the full page and are hidden in an embedded figure
  const { main, more } = foldedParts(section, { label: 'how the heads are cut', name: 'heads-about', first: true, keep: true });
  select(more.node().parentNode).attr('data-figure-detail', '');
  const dModel = report.workbench.X.cols;
  const divisors = Array.from({ length: dModel }, (_, k) => k + 1).filter((h) => dModel % h === 0 && h <= 16);
  const { heads } = chapter; // the count asked for when it divides d_model, else the core's choice
  const base = report.base;
  const s = chapter.headsSketch;
  shown(part(main, 'p.muted', 'refused'), !s).text(s ? '' : `${chapter.headsError}. Tie the widths (d_k = d_v = d_model) on the Queries, keys, values page to see it.`);
  const about = shown(part(more, 'div', 'about'), Boolean(s));
  const sketch = shown(part(main, 'div.heads-sketch', 'sketch'), Boolean(s));
  if (!s) return;
  part(about, 'p', 'cut').text(
    `The last board drew several attention paths side by side. Here Q = X W_q, K = X W_k and V = X W_v (Class 05’s projections, ${dModel} features, even when the flow above is Class 04’s parameter-free form) are cut into ${heads} slice${heads === 1 ? '' : 's'} of ${s.headDim} feature${s.headDim === 1 ? '' : 's'}; each slice runs the Class 05 flow on its own (scores ÷ √${s.headDim} = ${num(s.divisor)}, softmax, weighted values), so each head has its own row of weights for “${tokens[base]}”. Their outputs are put side by side: ${heads} × ${s.headDim} = ${dModel} numbers again.`,
  );
  part(about, 'p.muted', 'real').text(
    'Slicing one big projection into heads is what a real layer does too: nn.MultiheadAttention computes Q, K, V with one in_proj_weight and cuts them into heads, so each head’s slice of columns is its own projection. What this sketch leaves out is training and the output matrix: the slices come from random, untrained W_q, W_k, W_v, and the concatenation is not multiplied by a learned W_o (out_proj). Heads run in parallel within one block; stacking blocks is a different thing (depth).',
  );
  const control = part(sketch, 'div.control.heads-control', 'control');
  part(control, 'label', 'label').attr('for', 'flow-heads').text('Heads');
  const pick = part(control, 'select', 'select').attr('id', 'flow-heads').on('change', (e) => update({ flowHeads: Number(e.target.value) }));
  parts(pick, 'option', divisors, (h) => h, (option, h) => option.attr('value', h).text(`${h} (head_dim ${dModel / h})`));
  pick.property('value', String(heads));

  const grid = part(sketch, 'div.heads-grid', 'grid');
  parts(grid, 'article.head-card', Array.from(s.perHead), (_, h) => h, (card, head, h) => drawHeadCard(card, { head, h, s, tokens, base }));
  const concat = part(sketch, 'p.heads-concat', 'concat').attr('data-reveal', 3);
  part(concat, 'span', 'lead').text(`Side by side (concatenated) for “${tokens[base]}”: `);
  part(concat, 'code', 'values').attr('data-value', Array.from(s.concatBase, full).join(',')).text(vectorText(s.concatBase));
  shown(part(concat, 'span', 'one-head'), heads === 1).text(heads === 1 ? ' — with one head this is exactly the y of the Class 05 flow above (÷ √d_model).' : '');

  const perHead = (h) => `head ${h + 1}: ${Array.from(s.perHead[h].baseWeights, (w, j) => `${num(w)} on “${tokens[j]}”`).join(', ')}`;
  const steps = [
    { title: 'cut into slices', text: `Q, K and V (${dModel} features each) are cut by columns into ${heads} slice${heads === 1 ? '' : 's'} of ${s.headDim}: head h sees only its own features.` },
    { title: 'one attention per head', text: `Each head scores “${tokens[base]}” against every token with its own slice (÷ √${s.headDim}) and normalises: ${perHead(0)}${heads > 1 ? `; ${perHead(1)}` : ''}${heads > 2 ? '; and so on for the others' : ''}.` },
    { title: 'one output per head', text: `Each head mixes its own slice of V with its own weights: ${heads} output${heads === 1 ? '' : 's'} of ${s.headDim} number${s.headDim === 1 ? '' : 's'} for “${tokens[base]}”.` },
    { title: 'side by side', text: `The ${heads} outputs are concatenated: ${heads} × ${s.headDim} = ${dModel} numbers again, ${vectorText(s.concatBase)}.` },
  ];
  // made once; later edits give it the new texts (and mark the new cards) on the reader's step
  const stepper = steppers.get(sketch.node());
  if (stepper) stepper.setSteps(steps);
  else steppers.set(sketch.node(), stepThrough(sketch, { steps, diagram: sketch, before: '.heads-grid' }));

  // one row per token and a column per head: tokens may be up to 64, heads at most 16;
  // closed at first, as a heatmap's "Show as table" is (issue 34), and left as the reader leaves it
  let tableBox = sketch.select(':scope > details.figure-table-box');
  if (tableBox.empty()) {
    tableBox = part(sketch, 'details.figure-table-box', 'table-box').property('open', foldsStartOpen());
    part(tableBox, 'summary', 'summary').text('The same weights as a table');
  }
  part(keptTable(tableBox, 'table', 'obs-table heads-table'), 'caption.muted', 'caption').text(`Weights of “${tokens[base]}” in each head`);
  const body = headedTable(tableBox, 'table', 'obs-table heads-table', ['token', ...Array.from(s.perHead, (_, h) => `head ${h + 1}`)]);
  parts(body, 'tr', tokens, (_, j) => j, (tr, t, j) => {
    part(tr, 'th', 'token').attr('scope', 'row').text(t);
    parts(tr, 'td', Array.from(s.perHead), (_, h) => h, (td, hd, h) => td.attr('data-head', h).attr('data-value', full(hd.baseWeights[j])).text(num(hd.baseWeights[j])));
  });
}

/** One head's card: its features, a bar per token for the base token's weights, its output. */
function drawHeadCard(card, { head, h, s, tokens, base }) {
  card.attr('data-head', h);
  const from = h * s.headDim + 1;
  part(card, 'h4', 'title').attr('data-reveal', 0).text(`head ${h + 1}: features ${from}${s.headDim > 1 ? `–${from + s.headDim - 1}` : ''}`);
  const w = 96 + BAR_W + 64;
  const hgt = tokens.length * ROW_H + 4;
  const svg = part(card, 'svg', 'bars').attr('data-reveal', 1).attr('viewBox', `0 0 ${w} ${hgt}`).attr('width', w).attr('height', hgt).style('height', 'auto')
    .attr('role', 'img').attr('aria-label', `head ${h + 1}: weights of “${tokens[base]}” over the tokens, listed in the table below`);
  const weights = Array.from(head.baseWeights);
  svg.selectAll(':scope > g').data(weights).join((enter) => {
    const g = enter.append('g');
    g.append('text').attr('class', 'head-token').attr('x', 90).attr('y', ROW_H / 2).attr('dy', '0.35em').attr('text-anchor', 'end');
    g.append('rect').attr('class', 'head-bar').attr('x', 96).attr('y', 3).attr('height', ROW_H - 6);
    g.append('text').attr('class', 'head-value').attr('x', 96 + BAR_W + 4).attr('y', ROW_H / 2).attr('dy', '0.35em');
    return g;
  })
    .attr('transform', (_, j) => `translate(0,${j * ROW_H + 2})`)
    .call((g) => g.select('.head-token').text((_, j) => truncate(tokens[j], 11)))
    .call((g) => g.select('.head-bar').attr('width', (weight) => Math.max(1, weight * BAR_W)))
    .call((g) => g.select('.head-value').attr('data-value', (weight) => full(weight)).text((weight) => num(weight)));
  part(part(card, 'p.head-output', 'output').attr('data-reveal', 2), 'code', 'code').text(`output ${vectorText(head.baseOutput)}`);
  // the Export menu is made once per card; it always exports the card's latest numbers
  keptExport(card.node(), {
    name: `head${h + 1}_weights`,
    svg: svg.node(),
    matrices: [{
      name: `head${h + 1}_weights`, rows: 1, cols: tokens.length, data: Float64Array.from(weights),
      rowLabels: [tokens[base]], colLabels: tokens, rowAxis: 'base token', colAxis: 'tokens',
    }],
  });
}

// The step-through of each heads sketch, made once.
const steppers = new WeakMap();
