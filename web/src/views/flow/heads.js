// The parallel-heads sketch (Class 05, last whiteboard page) on the page's own numbers: the
// projections cut into column slices, one attention per slice, outputs side by side. Numbers
// from the core's headsSketch; this module only lays them out.
import { select } from 'd3';
import { num, full, truncate } from '../../format.js';
import { vectorText } from '../../components/flow-diagram.js';
import { addExport } from '../../components/export.js';
import { stepThrough } from '../../components/step-through.js';
import { dataTable } from '../../components/data-table.js';
import { foldedParts, foldsStartOpen } from '../../components/more.js';

const BAR_W = 120;

export function drawHeads(section, { chapter, report, tokens, update }) {
  // the heading and the fold are made once (components/more.js); the rest is written again
  if (section.select(':scope > h3').empty()) section.append('h3').attr('id', 'heads-title').text('Several heads in parallel (a sketch)');
  // the long explanations fold on the full page and are hidden in an embedded figure
  const { main, more } = foldedParts(section, { label: 'how the heads are cut', name: 'heads-about', first: true });
  select(more.node().parentNode).attr('data-figure-detail', '');
  const dModel = report.workbench.X.cols;
  const divisors = Array.from({ length: dModel }, (_, k) => k + 1).filter((h) => dModel % h === 0 && h <= 16);
  const { heads } = chapter; // the count asked for when it divides d_model, else the core's choice
  const base = report.base;
  const s = chapter.headsSketch;
  if (!s) {
    main.append('p').attr('class', 'muted').text(`${chapter.headsError}. Tie the widths (d_k = d_v = d_model) on the Queries, keys, values page to see it.`);
    return;
  }
  more.append('p').text(
    `The last board drew several attention paths side by side. Here Q = X W_q, K = X W_k and V = X W_v (Class 05’s projections, ${dModel} features, even when the flow above is Class 04’s parameter-free form) are cut into ${heads} slice${heads === 1 ? '' : 's'} of ${s.headDim} feature${s.headDim === 1 ? '' : 's'}; each slice runs the Class 05 flow on its own (scores ÷ √${s.headDim} = ${num(s.divisor)}, softmax, weighted values), so each head has its own row of weights for “${tokens[base]}”. Their outputs are put side by side: ${heads} × ${s.headDim} = ${dModel} numbers again.`,
  );
  more.append('p').attr('class', 'muted').text(
    'Slicing one big projection into heads is what a real layer does too: nn.MultiheadAttention computes Q, K, V with one in_proj_weight and cuts them into heads, so each head’s slice of columns is its own projection. What this sketch leaves out is training and the output matrix: the slices come from random, untrained W_q, W_k, W_v, and the concatenation is not multiplied by a learned W_o (out_proj). Heads run in parallel within one block; stacking blocks is a different thing (depth).',
  );
  const control = main.append('div').attr('class', 'control heads-control');
  control.append('label').attr('for', 'flow-heads').text('Heads');
  const pick = control.append('select').attr('id', 'flow-heads').on('change', (e) => update({ flowHeads: Number(e.target.value) }));
  for (const h of divisors) pick.append('option').attr('value', h).text(`${h} (head_dim ${dModel / h})`);
  pick.property('value', String(heads));

  const grid = main.append('div').attr('class', 'heads-grid');
  s.perHead.forEach((head, h) => {
    const card = grid.append('article').attr('class', 'head-card').attr('data-head', h);
    const from = h * s.headDim + 1;
    card.append('h4').attr('data-reveal', 0).text(`head ${h + 1}: features ${from}${s.headDim > 1 ? `–${from + s.headDim - 1}` : ''}`);
    const rowH = 20;
    const w = 96 + BAR_W + 64;
    const hgt = tokens.length * rowH + 4;
    const svg = card.append('svg').attr('data-reveal', 1).attr('viewBox', `0 0 ${w} ${hgt}`).attr('width', w).attr('height', hgt).style('height', 'auto')
      .attr('role', 'img').attr('aria-label', `head ${h + 1}: weights of “${tokens[base]}” over the tokens, listed in the table below`);
    const rows = svg.selectAll('g').data(Array.from(head.baseWeights)).join('g').attr('transform', (_, j) => `translate(0,${j * rowH + 2})`);
    rows.append('text').attr('x', 90).attr('y', rowH / 2).attr('dy', '0.35em').attr('text-anchor', 'end').text((_, j) => truncate(tokens[j], 11));
    rows.append('rect').attr('class', 'head-bar').attr('x', 96).attr('y', 3).attr('height', rowH - 6)
      .attr('width', (w) => Math.max(1, w * BAR_W));
    rows.append('text').attr('class', 'head-value').attr('x', 96 + BAR_W + 4).attr('y', rowH / 2).attr('dy', '0.35em')
      .attr('data-value', (w) => full(w)).text((w) => num(w));
    card.append('p').attr('class', 'head-output').attr('data-reveal', 2).append('code').text(`output ${vectorText(head.baseOutput)}`);
    addExport(card.node(), {
      name: `head${h + 1}_weights`,
      svg: svg.node(),
      matrices: [{
        name: `head${h + 1}_weights`, rows: 1, cols: tokens.length, data: Float64Array.from(head.baseWeights),
        rowLabels: [tokens[base]], colLabels: tokens, rowAxis: 'base token', colAxis: 'tokens',
      }],
    });
  });
  const concat = main.append('p').attr('class', 'heads-concat').attr('data-reveal', 3);
  concat.append('span').text(`Side by side (concatenated) for “${tokens[base]}”: `);
  concat.append('code').attr('data-value', Array.from(s.concatBase, full).join(',')).text(vectorText(s.concatBase));
  if (heads === 1) concat.append('span').text(' — with one head this is exactly the y of the Class 05 flow above (÷ √d_model).');

  const perHead = (h) => `head ${h + 1}: ${Array.from(s.perHead[h].baseWeights, (w, j) => `${num(w)} on “${tokens[j]}”`).join(', ')}`;
  // written again on each edit: the reader stays on the step they were on
  const stepper = stepThrough(main, {
    start: steppers.get(section.node())?.step() ?? 0,
    diagram: main,
    before: '.heads-grid',
    steps: [
      { title: 'cut into slices', text: `Q, K and V (${dModel} features each) are cut by columns into ${heads} slice${heads === 1 ? '' : 's'} of ${s.headDim}: head h sees only its own features.` },
      { title: 'one attention per head', text: `Each head scores “${tokens[base]}” against every token with its own slice (÷ √${s.headDim}) and normalises: ${perHead(0)}${heads > 1 ? `; ${perHead(1)}` : ''}${heads > 2 ? '; and so on for the others' : ''}.` },
      { title: 'one output per head', text: `Each head mixes its own slice of V with its own weights: ${heads} output${heads === 1 ? '' : 's'} of ${s.headDim} number${s.headDim === 1 ? '' : 's'} for “${tokens[base]}”.` },
      { title: 'side by side', text: `The ${heads} outputs are concatenated: ${heads} × ${s.headDim} = ${dModel} numbers again, ${vectorText(s.concatBase)}.` },
    ],
  });
  steppers.set(section.node(), stepper);
  // one row per token and a column per head: tokens may be up to 64, heads at most 16
  // closed, as a heatmap's "Show as table" is (issue 34); kept open across redraws once opened
  const tableBox = main.append('details').attr('class', 'figure-table-box').property('open', headsTableOpen(section));
  tableBox.on('toggle', () => { section.node().dataset.tableOpen = String(tableBox.property('open')); });
  tableBox.append('summary').text('The same weights as a table');
  const table = dataTable(tableBox).attr('class', 'obs-table heads-table');
  table.append('caption').attr('class', 'muted').text(`Weights of “${tokens[base]}” in each head`);
  const head = table.append('thead').append('tr');
  head.append('th').attr('scope', 'col').text('token');
  s.perHead.forEach((_, h) => head.append('th').attr('scope', 'col').text(`head ${h + 1}`));
  const body = table.append('tbody');
  tokens.forEach((t, j) => {
    const tr = body.append('tr');
    tr.append('th').attr('scope', 'row').text(t);
    s.perHead.forEach((hd, h) => tr.append('td').attr('data-head', h).attr('data-value', full(hd.baseWeights[j])).text(num(hd.baseWeights[j])));
  });
}

// The step-through last drawn in each heads section.
const steppers = new WeakMap();

/** Whether the reader left the heads' table open (the section is written again on each edit). */
function headsTableOpen(section) {
  return section.node().dataset.tableOpen ? section.node().dataset.tableOpen === 'true' : foldsStartOpen();
}
