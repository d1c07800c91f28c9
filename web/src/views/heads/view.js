// The multi-head chapter (Class 05): PyTorch's nn.MultiheadAttention, split into heads. A heads slider that
// only offers divisors of d_model; per-head Q/K/V and weights; concatenation and W_o; heads
// (parallel) against stacked blocks (depth); the batch axis against the head count, with the
// batched last-two-axes transpose; and the one-head module beside the hand-written Q/K/V block.
// Every number comes from core.headsLab().
import { select } from 'd3';
import { createStatus } from '../../components/status.js';
import { drawHeatmap } from '../../components/heatmap/index.js';
import { part, parts, keptTable, morePart } from '../../components/parts.js';
import { num } from '../../format.js';
import { text } from '../../params.js';
import { beyondHeading } from '../../components/nav.js';

const WIDTHS = [4, 6, 8, 12, 16, 24, 32];

/** The multi-head chapter (its number: its place in views/chapters.js). */
export const view = {
  mount(root, { core, state, update }) {
    const view = select(root).append('section').attr('id', 'heads-view').attr('class', 'view').attr('aria-labelledby', 'heads-title');
    beyondHeading(view.append('h2').attr('id', 'heads-title'), 'PyTorch and multi-head attention', 'part');
    view.append('p').attr('class', 'lead').text(
      'nn.MultiheadAttention cuts Q, K and V into equal slices (heads), attends in each, joins them and mixes them with W_o.',
    );
    const form = view.append('form').attr('class', 'controls').attr('novalidate', true).on('submit', (e) => e.preventDefault());
    const sentences = form.append('div').attr('class', 'control-row');
    for (const [id, label, key] of [['heads-s1', 'sentence 1 (batch item 0)', 'headsSentence1'], ['heads-s2', 'sentence 2 (batch item 1)', 'headsSentence2']]) {
      const box = sentences.append('div').attr('class', 'control sentence');
      box.append('label').attr('for', id).text(label);
      box.append('input').attr('id', id).attr('type', 'text').attr('maxlength', 400).attr('autocomplete', 'off').attr('spellcheck', 'false')
        .attr('data-state-key', key).property('value', state[key]).on('input', (e) => update({ [key]: e.target.value }, { typing: true }));
    }
    const row = form.append('div').attr('class', 'control-row');
    const dBox = row.append('div').attr('class', 'control');
    dBox.append('label').attr('for', 'heads-d').text('d_model');
    const dSelect = dBox.append('select').attr('id', 'heads-d').on('change', (e) => {
      const d = Number(e.target.value);
      // keep the largest head count that still divides the new width
      const valid = core.divisorsOf(d);
      update({ headsDModel: d, headsCount: valid.filter((h) => h <= state.headsCount).pop() ?? 1, headsSelected: 0 });
    });
    const widths = WIDTHS.includes(state.headsDModel) ? WIDTHS : [...WIDTHS, state.headsDModel].sort((a, b) => a - b);
    for (const w of widths) dSelect.append('option').attr('value', w).text(w);
    dSelect.property('value', state.headsDModel);
    const hBox = row.append('div').attr('class', 'control');
    hBox.append('label').attr('for', 'heads-h').text('heads (only divisors of d_model)');
    const hLine = hBox.append('div').attr('class', 'slider-line');
    hLine.append('input').attr('id', 'heads-h').attr('type', 'range').attr('min', 0).attr('step', 1)
      .on('input', (e) => update({ headsCount: divisors[Number(e.target.value)], headsSelected: 0 }));
    hLine.append('output').attr('id', 'heads-h-value').attr('for', 'heads-h');
    const seedBox = row.append('div').attr('class', 'control');
    seedBox.append('label').attr('for', 'heads-seed').text('torch.manual_seed');
    seedBox.append('input').attr('id', 'heads-seed').attr('type', 'number').attr('min', 0).attr('step', 1).property('value', state.headsSeed)
      .on('change', (e) => {
        const v = Number(e.target.value);
        if (e.target.value.trim() !== '' && Number.isInteger(v) && v >= 0 && v <= 2 ** 31 - 1) update({ headsSeed: v });
        else update({ inputError: 'The seed must be a whole number from 0 to 2147483647.' });
      });
    view.append('div').attr('class', 'status-slot');
    const results = view.append('div').attr('id', 'heads-results');
    const status = createStatus(view.select('.status-slot'), results.node());
    let divisors = [1];

    return {
      status,
      render(current) {
        for (const [id, key] of [['heads-s1', 'headsSentence1'], ['heads-s2', 'headsSentence2']]) {
          const el = root.querySelector(`#${id}`);
          if (document.activeElement !== el && el.value !== current[key]) el.value = current[key];
        }
        select(root).select('#heads-d').property('value', current.headsDModel);
        divisors = core.divisorsOf(current.headsDModel);
        // A link may ask for a head count that does not divide d_model (the slider never does):
        // the chapter says so and draws the nearest count that does, rather than only an error.
        const heads = nearestDivisor(divisors, current.headsCount);
        const index = divisors.indexOf(heads);
        select(root).select('#heads-h').attr('max', divisors.length - 1).property('value', index)
          .attr('aria-valuetext', `${heads} heads`);
        select(root).select('#heads-h-value').text(`${heads} (${divisors.join(', ')})`);
        let r;
        try {
          r = core.headsLab({ sentence1: current.headsSentence1, sentence2: current.headsSentence2, dModel: current.headsDModel, heads, seed: current.headsSeed });
        } catch (error) {
          status.error(error.message);
          return;
        }
        status.error('');
        const snapped = heads === current.headsCount ? [] : [
          `${current.headsCount} heads do not divide d_model = ${current.headsDModel}: every head must take the same whole number of features. Showing ${heads} heads, the nearest count that divides it (${divisors.join(', ')}).`,
        ];
        status.notices([...snapped, ...r.notices]);
        drawAll(select(results.node()), r, { ...current, headsCount: heads }, update);
      },
    };
  },
};

/** The divisor of d_model closest to `wanted` (the smaller on a tie). */
function nearestDivisor(divisors, wanted) {
  return divisors.reduce((best, d) => (Math.abs(d - wanted) < Math.abs(best - wanted) ? d : best), divisors[0]);
}

const feat = (n, prefix) => Array.from({ length: n }, (_, f) => `${prefix}${f}`);

// The sections are made once and filled on every render (components/parts.js): a map is updated
// in place in its holder, an open <details> stays open, a focused button keeps the focus.
function heat(holder, spec) {
  drawHeatmap(holder.node(), { palette: 'diverging', ...spec });
}
const holder = (parent, name) => part(parent, 'div.heatmap-holder', name);

function drawAll(results, r, current, update) {
  const b = current.headsItem;
  const s = r.sentences[b];
  const tokens = Array.from(s.tokens, (t) => t.text);
  const E = r.dModel;
  const hd = r.headDim;
  const headLabels = Array.from(r.featureLabels);

  const pick = part(results, 'div.control-row.batch-pick', 'batch-pick').attr('role', 'group').attr('aria-label', 'batch item shown');
  part(pick, 'span', 'label').text('Showing batch item: ');
  parts(pick, 'button.example', r.sentences.map((item, k) => k), (k) => k, (button, k) => {
    button.attr('type', 'button').attr('aria-pressed', String(k === b)).attr('data-item', k)
      .text(`${k}: ${Array.from(r.sentences[k].tokens, (t) => t.text).join(' ')}`).on('click', () => update({ headsItem: k }));
  });

  // 1. per head: the chapter's key figure, first (components/first-screen.js puts it under the
  // sentences; numbered in the order it is read, issue 15)
  const per = stage(results, 'heads-per', '1. Every head attends on its own', 'all');
  // the explanations fold where they are (components/more.js), each kept open across renders
  part(morePart(per, 'per-how', 'how each head computes its weights'), 'p', 'how').text(`Each head h computes softmax((Q_h / √${hd}) K_hᵀ) on its own slice of ${hd} feature${hd === 1 ? '' : 's'} of Q, K and V (section 2 shows the cut): the query is scaled by 1/√head_dim before the product, as PyTorch does. One weights matrix per head, each row a softmax over the keys: the heads can look at different words.`);
  const grid = part(per, 'div.heatmap-row.heads-grid', 'grid');
  parts(grid, 'div.heatmap-holder', Array.from(s.heads, (head, h) => h), (h) => h, (cell, h) => {
    heat(cell, { name: `head ${h} weights`, matrix: s.heads[h].attn_weights, rowLabels: tokens, colLabels: tokens, rowAxis: 'queries', colAxis: 'keys', palette: 'weights' });
  });
  const selected = Math.min(current.headsSelected, r.heads - 1);
  const headPick = part(per, 'div.control-row', 'head-pick').attr('role', 'group').attr('aria-label', 'head shown in detail');
  part(headPick, 'span', 'label').text('Q, K, V and output of head: ');
  parts(headPick, 'button.example', Array.from({ length: r.heads }, (_, h) => h), (h) => h, (button, h) => {
    button.attr('type', 'button').attr('aria-pressed', String(h === selected)).attr('data-head', h)
      .text(String(h)).on('click', () => update({ headsSelected: h }));
  });
  const detail = part(per, 'div.heatmap-row', 'detail');
  const head = s.heads[selected];
  for (const name of ['Q', 'K', 'V']) heat(holder(detail, name), { name: `${name}_${selected}`, matrix: head[name], rowLabels: tokens, colLabels: feat(hd, 'f'), rowAxis: 'tokens', colAxis: `head ${selected} features` });
  heat(holder(detail, 'output'), { name: `output of head ${selected}`, matrix: head.output, rowLabels: tokens, colLabels: feat(hd, 'f'), rowAxis: 'tokens', colAxis: `head ${selected} features`, note: `weights_${selected} · V_${selected}` });

  // 2. where the heads' slices come from
  const split = stage(results, 'heads-split', `2. One projection, split into ${r.heads} head${r.heads === 1 ? '' : 's'} of ${hd} feature${hd === 1 ? '' : 's'}`, 'all');
  part(morePart(split, 'split-how', 'which columns each head takes'), 'p', 'how').text(
    `[Q | K | V] = X · in_proj_weightᵀ gives three (${tokens.length}, ${E}) matrices. Head h takes columns h·${hd} to h·${hd} + ${hd - 1} of each: d_model / heads = ${E} / ${r.heads} = ${hd}. The column labels below say which head each feature belongs to.`,
  );
  const weights = part(split, 'details.in-proj', 'in-proj');
  part(weights, 'summary', 'summary').text(`The module’s parameters: in_proj_weight (${r.in_proj_weight.rows} × ${r.in_proj_weight.cols}, W_q, W_k, W_v stacked) and the notebook’s embedding table`);
  heat(holder(part(weights, 'div.heatmap-row', 'maps'), 'in_proj_weight'), { name: 'in_proj_weight', matrix: r.in_proj_weight, rowLabels: [...feat(E, 'q'), ...feat(E, 'k'), ...feat(E, 'v')], colLabels: feat(E, 'in'), rowAxis: 'outputs (q, k, v stacked)', colAxis: 'features in' });
  part(weights, 'p', 'vocab').text(`nn.Embedding(${r.vocab.length}, ${E}) holds one row per word of: ${Array.from(r.vocab).join(', ')}. X takes the rows of this sentence’s words.`);
  const qkv = part(split, 'div.heatmap-row', 'qkv');
  heat(holder(qkv, 'X'), { name: 'X', matrix: s.X, rowLabels: tokens, colLabels: feat(E, 'f'), rowAxis: 'tokens', colAxis: 'features (d_model)' });
  for (const name of ['Q', 'K', 'V']) heat(holder(qkv, name), { name: `${name} (all heads)`, matrix: s[name], rowLabels: tokens, colLabels: headLabels, rowAxis: 'tokens', colAxis: 'features, by head' });

  // 3. concat and W_o
  const cat = stage(results, 'heads-concat', '3. Concatenate, then the output projection W_o', 'all');
  part(morePart(cat, 'concat-how', 'what W_o does'), 'p', 'how').text(`The ${r.heads} head outputs sit side by side again, back to (${tokens.length}, ${E}). out_proj (W_o, ${E} × ${E}) then mixes features across heads, so the final output is not just the heads pasted together. The module also returns the weights averaged over heads.`);
  const catRow = part(cat, 'div.heatmap-row', 'maps');
  heat(holder(catRow, 'concat'), { name: 'concat', matrix: s.concat, rowLabels: tokens, colLabels: headLabels, rowAxis: 'tokens', colAxis: 'features, by head' });
  heat(holder(catRow, 'W_o'), { name: 'W_o (out_proj.weight)', matrix: r.out_proj_weight, rowLabels: feat(E, 'out'), colLabels: feat(E, 'in'), rowAxis: 'features out', colAxis: 'features in' });
  heat(holder(catRow, 'Y_mha'), { name: 'Y_mha', matrix: s.Y_mha, rowLabels: tokens, colLabels: feat(E, 'f'), rowAxis: 'tokens', colAxis: 'features (d_model)', note: 'concat · W_oᵀ' });
  heat(holder(catRow, 'attn_weights_mha'), { name: 'attn_weights_mha', matrix: s.attn_weights_mha, rowLabels: tokens, colLabels: tokens, rowAxis: 'queries', colAxis: 'keys', palette: 'weights', note: 'mean of the heads’ weights' });
  part(cat, 'p.param-count', 'params').attr('data-in-proj', r.paramsInProj).attr('data-out-proj', r.paramsOutProj)
    .text(`Parameters: in_proj_weight ${r.paramsInProj.toLocaleString('en')} and out_proj ${r.paramsOutProj.toLocaleString('en')} numbers, whatever the head count. More heads with the same d_model cut the same features into thinner slices; they do not add weights. The head count is a hyperparameter; the weights are parameters (here untrained).`);

  // 4. heads vs depth, batch vs heads
  const axesStage = stage(results, 'heads-axes', '4. Heads are not layers, and the batch is not the heads');
  const axes = morePart(axesStage, 'axes-how', 'heads against depth, and the batch axis shape by shape');
  part(axes, 'p', 'depth').text(`Heads run in parallel inside one block: ${r.heads === 1 ? 'the one head reads' : r.heads === 2 ? 'both heads read' : `all ${r.heads} heads read`} the same X. Stacking blocks is depth: block 2 reads block 1’s output, and each block has its own heads and weights. Four heads are not four blocks.`);
  part(axes, 'p', 'batch').text(`The batch axis counts sentences (here B = 2); the head axis counts slices of features (here ${r.heads}). PyTorch wants (batch, tokens, features) with batch_first=True; the notebook’s X.unsqueeze(0) adds a batch of one, not a head.`);
  const batched = part(axes, 'div', 'batched');
  if (!r.batchable) batched.selectChildren().remove(); // a padded batch: no batched shapes to show
  else {
    const t = keptTable(batched, 'shapes', 'shapes batch-shapes');
    part(t, 'caption', 'caption').text('Batched attention, shape by shape');
    const headRow = part(part(t, 'thead', 'head'), 'tr', 'row');
    parts(headRow, 'th', ['step', 'shape', 'axes'], (h) => h, (th, h) => th.attr('scope', 'col').text(h));
    parts(part(t, 'tbody', 'body'), 'tr', Array.from(r.batchShapes), (shape) => shape.name, (tr, shape) => {
      tr.attr('data-name', shape.name);
      part(tr, 'th', 'name').attr('scope', 'row').text(shape.name);
      part(tr, 'td.shape', 'shape').text(`(${shape.dims.join(', ')})`);
      part(tr, 'td', 'axes').text(shape.axes);
    });
    part(batched, 'p.wrong-transpose', 'wrong').attr('data-dims', r.wrongTranspose.dims.join(',')).text(
      `Careful: with a batch, K.T in NumPy reverses every axis, turning (${r.batchShapes[0].dims.join(', ')}) into (${r.wrongTranspose.dims.join(', ')}), which pairs the wrong axes. Swap only the last two: K.transpose(-2, -1) in PyTorch, np.swapaxes(K, -1, -2) in NumPy.`,
    );
  }

  // 5. one head vs the hand-written block
  const one = stage(results, 'heads-one', '5. One head beside the hand-written Q/K/V block');
  const why = morePart(one, 'one-why', 'why the two outputs differ');
  part(why, 'p', 'how').text('The same X goes through the notebook’s own block (three nn.Linear, softmax(Q Kᵀ / √d_model) V) and through nn.MultiheadAttention with one head. Their outputs differ, for reasons that are all in the parameters:');
  const reasons = part(why, 'ul', 'reasons');
  part(reasons, 'li', 'init').text('the module initialises its own in_proj_weight (Xavier: uniform numbers in a range set by its input and output widths), separately from the three nn.Linear layers (Kaiming: uniform within ±1/√(input width)), so Q, K and V are different numbers;');
  part(reasons, 'li', 'out-proj').text('it multiplies by an output projection out_proj afterwards, which the hand-written block does not have;');
  part(reasons, 'li', 'scale').text('it scales q by 1/√head_dim before the product instead of dividing the scores afterwards: the same value up to rounding, so this one changes nothing you can see.');
  const cmp = part(one, 'div.heatmap-row', 'maps');
  heat(holder(cmp, 'hand'), { name: 'Y (hand-written)', matrix: s.handWritten.Y, rowLabels: tokens, colLabels: feat(E, 'f'), rowAxis: 'tokens', colAxis: 'features' });
  heat(holder(cmp, 'one'), { name: 'Y_mha (1 head)', matrix: s.oneHead.Y_mha, rowLabels: tokens, colLabels: feat(E, 'f'), rowAxis: 'tokens', colAxis: 'features' });
  heat(holder(cmp, 'matched'), { name: 'Y_mha (1 head, same weights, W_o = I)', matrix: s.oneHeadMatched, rowLabels: tokens, colLabels: feat(E, 'f'), rowAxis: 'tokens', colAxis: 'features' });
  part(one, 'p.one-head-diffs', 'diffs').attr('data-default', String(s.diffHandVsOneHead)).attr('data-matched', String(s.diffHandVsMatched))
    .text(`Largest difference from the hand-written Y: ${num(s.diffHandVsOneHead)} for the module as built, ${num(s.diffOneHeadBeforeOutProj)} even before its W_o, and ${num(s.diffHandVsMatched)} once its in_proj_weight is set to [W_q; W_k; W_v] and W_o to the identity: then the two are the same computation.`);
}

/** A numbered section; `beyond` ('all') marks one that goes past what the classes taught. */
function stage(results, id, title, beyond) {
  const section = part(results, 'section.stage', id).attr('id', id).attr('aria-labelledby', `${id}-title`);
  beyondHeading(part(section, 'h3', 'title').attr('id', `${id}-title`), title, beyond);
  return section;
}

