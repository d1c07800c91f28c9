// "Changing the heads of a pretrained model is an architecture change" (Class 05), on the trained
// encoder: its trained weights split into another number of heads. The shapes still fit (W_qkv is
// the same matrix for any split), but each head's softmax then sees other columns, so the
// outputs change. The numbers come from the core in the encoder's worker (headsChange,
// core/encoder/heads_change.hpp), asked only while the fold is open; the refusal of a count that
// does not divide the width uses the core's divisorsOf.
import { select } from 'd3';
import { moreFold } from '../../components/more.js';
import { num, full } from '../../format.js';
import { dataTable, fitTable } from '../../components/data-table.js';
import { differenceGrade } from '../shared/thresholds.js';

const SHOWN = [1, 2, 4, 8, 16]; // the head counts always in the table, with the learner's
const DEFAULT_HEADS = 8;

/**
 * Builds the fold once, at the end of the chapter; `fill(state)` asks for the numbers of
 * sentence 1 when the fold is open and the model is loaded.
 * @param {HTMLElement} root  the chapter's container
 * @param {{core: object, client: import('../../core/encoder-client.js').EncoderClient}} deps
 */
export function mountHeadsChange(root, { core, client }) {
  // a fold of the page's kind (components/more.js): closed, open in embeds and present mode
  const body = moreFold(select(root), 'Can you give this trained model more heads? What changes, and what still fits', { name: 'heads-change' });
  const fold = select(body.node().parentNode).classed('heads-change', true).attr('id', 'heads-change');
  body.append('p').text(
    'The notes warn that changing the number of heads of a pretrained model is a change of architecture, not a setting to fine-tune. ' +
      'Here is why, with this model’s own weights. Each layer projects to queries, keys and values with one matrix W_qkv; the heads are made by cutting its columns into equal slices, one slice per head. ' +
      'Cut them into another number of slices and W_qkv still loads (its shape does not depend on the cut), but each head’s softmax now sees other columns than the ones it was trained with, so the weights compute something they were never trained to compute.',
  );
  const controls = body.append('div').attr('class', 'control');
  controls.append('label').attr('for', 'heads-change-count').text('Split into this many heads');
  const input = controls.append('input').attr('id', 'heads-change-count').attr('type', 'number').attr('min', 1).attr('max', 256).attr('step', 1)
    .property('value', DEFAULT_HEADS);
  const message = body.append('p').attr('class', 'notice heads-change-message').attr('role', 'status');
  const table = dataTable(body).attr('class', 'heads-change-table');
  const head = table.append('thead').append('tr');
  for (const h of ['heads', 'head width (layer 1, layer 2)', 'W_qkv shapes (layer 1, layer 2)', 'layer 1 output change', 'layer 2 output change', 'sentence vector: cosine with the trained one']) {
    head.append('th').attr('scope', 'col').text(h);
  }
  const rows = table.append('tbody');
  const verdict = body.append('p').attr('class', 'heads-change-verdict').attr('aria-live', 'polite');
  body.append('p').attr('class', 'muted').text(
    'So to change the number of heads you change the model: the split (and with it what every weight means) has to be trained again, from scratch or by fine-tuning the whole model with the new split. ' +
      'A count that does not divide the width is not even possible without new weight shapes. The scores of another split are divided by the square root of its own head width, as attention does.',
  );

  let state = null;
  let widths = null; // each layer's query width, from the last answer
  let asked = null; // {text, heads} of the request on its way
  let shown = null; // {text, heads, result} of the answer drawn
  let requested = DEFAULT_HEADS;
  fold.on('toggle', () => ask());
  input.on('change', (e) => {
    const value = Number(e.target.value);
    if (e.target.value.trim() === '' || !Number.isInteger(value) || value < 1 || value > 256) {
      refuse('The number of heads must be a whole number from 1 to 256.');
      return;
    }
    requested = value;
    ask();
  });

  function refuse(text) {
    fold.attr('data-refused', 'true');
    message.text(text);
  }

  /** The learner's count, refused when it does not divide every layer's width (core.divisorsOf). */
  function refusal(h) {
    if (!widths) return null;
    const bad = widths.find((w) => !Array.from(core.divisorsOf(w)).includes(h));
    if (bad === undefined) return null;
    const valid = Array.from(core.divisorsOf(Math.min(...widths))).filter((d) => widths.every((w) => w % d === 0));
    return `${h} heads cannot cut ${bad} query columns into equal slices: a head count must divide the width of every layer (${widths.join(' and ')}), so here ${valid.join(', ')}. ` +
      `A model with ${h} heads would need weights of other shapes: a new model, trained from the start.`;
  }

  function ask() {
    if (!state || !fold.property('open')) return;
    if (!client.ready) {
      fold.attr('data-refused', null).attr('data-state', 'needs-model');
      message.text('Load the trained model (the button near the top of the chapter) to compute this: the numbers come from its own weights.');
      client.loaded?.then(() => ask(), () => {}); // loading: ask again once it is loaded
      return;
    }
    const why = refusal(requested);
    if (why) {
      refuse(why);
      return;
    }
    const wasRefused = Boolean(fold.attr('data-refused'));
    fold.attr('data-refused', null);
    const heads = [...new Set([...SHOWN, requested])].sort((a, b) => a - b);
    const text = state.trainedSentence;
    const same = (a) => a && a.text === text && a.heads.join() === heads.join();
    if (same(shown)) {
      asked = null;
      if (wasRefused) draw(shown.result, text); // back to numbers computed before a refused count
      return;
    }
    if (same(asked)) return; // on its way
    if (wasRefused) message.text(`Computing ${requested} heads…`);
    asked = { text, heads };
    fold.attr('data-computing', 'true');
    client.headsChange(text, heads).then((answer) => {
      if (!answer) return; // a newer request replaced this one
      fold.attr('data-computing', 'false');
      asked = null;
      shown = { text, heads, result: answer.result };
      draw(answer.result, text);
    }, (error) => {
      fold.attr('data-computing', 'false');
      asked = null;
      refuse(error.message);
    });
  }

  function draw(result, text) {
    fold.attr('data-refused', null).attr('data-state', 'drawn');
    widths = result.rows[0].layers.map((l) => l.width);
    message.text(`Sentence 1, “${text}”: ${result.tokens} tokens. The trained model has ${result.trainedHeads} heads per layer.`);
    rows.selectAll('tr').data(result.rows, (r) => r.heads).join((enter) => enter.append('tr').call((tr) => {
      tr.append('th').attr('scope', 'row');
      for (const c of ['width', 'shapes', 'layer1', 'layer2', 'cosine']) tr.append('td').attr('class', c);
    }))
      .attr('data-heads', (r) => r.heads)
      .attr('data-grade', (r) => differenceGrade(r.layers.at(-1).relativeDifference))
      .classed('is-trained', (r) => r.heads === result.trainedHeads)
      .call((tr) => tr.select('th').text((r) => (r.heads === result.trainedHeads ? `${r.heads} (trained)` : String(r.heads))))
      .call((tr) => tr.select('.width').text((r) => r.layers.map((l) => l.headWidth).join(', ')))
      .call((tr) => tr.select('.shapes').text((r) => r.layers.map((l) => `(${l.qkvKernel.rows}, ${l.qkvKernel.cols})`).join(', ')))
      .call((tr) => tr.select('.layer1').attr('data-value', (r) => full(r.layers[0].relativeDifference)).text((r) => num(r.layers[0].relativeDifference)))
      .call((tr) => tr.select('.layer2').attr('data-value', (r) => full(r.layers[1].relativeDifference)).text((r) => num(r.layers[1].relativeDifference)))
      .call((tr) => tr.select('.cosine').attr('data-value', (r) => full(r.sentenceCosine)).text((r) => num(r.sentenceCosine)));
    fitTable(table.node());
    const mine = result.rows.find((r) => r.heads === requested);
    verdict.attr('data-heads', requested).attr('data-grade', differenceGrade(mine.layers.at(-1).relativeDifference))
      .text(headsVerdict(result, mine));
    fold.attr('data-drawn', String(Number(fold.attr('data-drawn') ?? 0) + 1));
  }

  return {
    /** The chapter's state (its sentence 1); asks for the numbers when the fold is open. */
    fill(current) {
      state = current;
      ask();
    },
  };
}

/** The sentence under the table, for the learner's head count, chosen by its numbers. */
export function headsVerdict(result, row) {
  const trained = result.trainedHeads;
  const [l1, l2] = row.layers;
  const shapes = row.layers.map((l) => `(${l.qkvKernel.rows}, ${l.qkvKernel.cols})`).join(' and ');
  if (row.heads === trained) {
    return `${trained} heads is the trained split: the outputs are the model’s own (change ${num(l2.relativeDifference)}), the check that the comparison is fair.`;
  }
  const grade = differenceGrade(l2.relativeDifference);
  if (grade === 'same') {
    return `With ${row.heads} heads the weights still load (W_qkv ${shapes}, as trained), and on this sentence the outputs stay the same to rounding (${num(l2.relativeDifference)}): this sentence does not show the change.`;
  }
  return `With ${row.heads} heads (slices of ${l1.headWidth} and ${l2.headWidth} columns instead of ${l1.width / trained} and ${l2.width / trained}) the weights still load, W_qkv ${shapes} as trained, but nothing else stays: ` +
    `layer 1’s output moves by ${num(l1.relativeDifference)} of its size and layer 2’s by ${num(l2.relativeDifference)}, and the sentence vector’s cosine with the trained one falls to ${num(row.sentenceCosine)}. ` +
    'The weights fit the shapes, not the split: this is another model, which would have to be trained for it.';
}
