// The assignment as the notes give it (Class 05): its four steps with where each happens here and
// what to submit, the list of what to record with this page's value for each, and the question
// the notes leave open, positional encoding, answered by the core: sentence 1 reversed with and
// without PE (core.shuffleExperiment), and the bank comparison with PE (core.bankExperiment).
// Built once at mount, updated in place from the lab's experiment.
import { select } from 'd3';
import { num, numOrNotDefined, shapeText } from '../../format.js';
import { coreOptions, isPretrained } from '../../vectors/store.js';
import { PAGE_LIMITS } from '../../limits.js';
import { ORDER_CHANGE, CONTEXT_CHANGE, ties } from '../shared/thresholds.js';
import { quotedList } from '../shared/wording.js';
import { tableStatus } from '../shared/vector-kind.js';
import { moreFold, foldsStartOpen } from '../../components/more.js';

/** A size of change: four decimals, or a power of ten when it is too small to show so. */
const change = (x) => (x >= 1e-3 ? num(x) : x.toExponential(1));

/** Mounts the two parts; `before` is the node they go in front of. Returns {render(experiment, report, state)}. */
export function mountAssignment(view, { core, before }) {
  const steps = view.insert('section', () => before).attr('class', 'stage lab-assignment').attr('aria-labelledby', 'lab-steps-title');
  steps.append('h3').attr('id', 'lab-steps-title').text('The assignment, step by step');
  steps.append('p').attr('class', 'muted').text('In the order the class set it. The page does every step but the last one; the last one is yours.');
  // the steps and the list fold under the heading (issue 34: about 600 words show by default)
  const stepList = moreFold(steps, 'the four steps, and where each happens here', { name: 'lab-steps' }).append('ol').attr('class', 'lab-steps');
  const record = steps.append('details').attr('class', 'more lab-record').property('open', foldsStartOpen());
  record.append('summary').text('What to record for a useful submission, with this page’s values');
  const recordList = record.append('ol').attr('class', 'lab-record-list');
  record.append('p').attr('class', 'muted').text('Report what the numbers are, including a result that does not fit the story you expected: the exercise is to look at how the vectors behave, not to reach a given cosine.');

  const pe = view.insert('details', () => before).attr('class', 'more lab-pe').attr('id', 'lab-pe');
  pe.append('summary').text('Would positional encoding change these numbers?');
  const peBody = pe.append('section').attr('aria-labelledby', 'lab-pe-title');
  peBody.append('h3').attr('id', 'lab-pe-title').text('Positional encoding: the question the class left open');
  peBody.append('p').text(
    'The class named positional encoding as the way to give attention the order of the words, and left it for later. The block here has none. To see what it would change, the core runs sentence 1 reversed, and the bank comparison again with the sinusoidal encoding of “Attention Is All You Need” added to X.',
  );
  const peError = peBody.append('div').attr('class', 'error-box').attr('role', 'alert');
  const peList = peBody.append('ul').attr('class', 'facts lab-pe-facts');

  // one item of a list, made once and filled in place (its title, then its text)
  const item = (list, key, title, text) => {
    const li = list.selectAll(`li[data-item="${key}"]`).data([0]).join((enter) => enter.append('li').call((made) => {
      made.append('strong');
      made.append('span');
    })).attr('data-item', key);
    li.select('strong').text(`${title} `);
    li.select('span').text(text);
    return li;
  };

  return {
    render(experiment, report, current) {
      const first = experiment.first;
      const c = Object.fromEntries(Array.from(experiment.cosines, (x) => [x.name, x.value]));
      const replaced = isPretrained(current.source);
      item(stepList, 'start', 'Start from the shared attention notebook.',
        'Its cells run live in the chapter “Queries, keys, values”, and the “NumPy script” export below writes them out with your vectors, ready to run.');
      item(stepList, 'replace', 'Replace the random embeddings with GloVe or Word2Vec.', replaced
        ? `Done here: the table is ${first.sourceName}, d_model = ${first.dModel}, and W_q, W_k, W_v follow that width: each is ${shapeText(first.dModel, first.dK)}.`
        : `Not yet: the table is ${first.sourceName}, random numbers. Choose GloVe (or your own word2vec or fastText file) under “Numbers from”.`).attr('data-done', String(replaced));
      item(stepList, 'run', 'Run the attention calculation and inspect the cosine similarities.',
        `The matrices, attn_weights with its row sums and every cosine are below. Raw “${current.target}” across the two sentences: ${numOrNotDefined(c.raw_target_across_sentences)}; contextual: ${numOrNotDefined(c.contextual_target_across_sentences)}.`);
      item(stepList, 'share', 'Share a Google Colab view link with the instructor (app@krishnaik.in).',
        'This page sends nothing anywhere. Export the NumPy script, paste it into a Colab notebook and run it (it prints the same numbers), add your notes from the list below, then share the notebook as “anyone with the link can view” and send that link as the class asked.');

      const rowsOk = report.sentences.every((s) => s.row_sums.every((v) => ties(v, 1)));
      const missing = report.missing_words.words;
      item(recordList, 'source', 'The embedding source and its actual width:', `${report.source.name}, ${report.source.d_model} numbers per word.`);
      item(recordList, 'vocabulary', 'Whether each word is in that source:', missing.length
        ? `missing ${quotedList(missing)} (policy: ${report.missing_words.policy}).`
        : 'every word of both sentences was found.');
      item(recordList, 'shapes', 'The shapes of X, the projections, Q/K/V, scores, A and Y:',
        `sentence 1 has X ${shapeText(first.X.rows, first.X.cols)}, W_q ${shapeText(first.W_q.rows, first.W_q.cols)}, attn_weights ${shapeText(first.tokens.length, first.tokens.length)}; every shape of both sentences is in the tables below.`);
      item(recordList, 'attention', 'The attention matrix and its row sums:', rowsOk
        ? 'both sentences’ tables are below; every row sums to 1 at full precision.'
        : 'both sentences’ tables are below; some row does not sum to 1: look at the row sums before submitting.');
      item(recordList, 'raw', `The raw “${current.target}” comparison across the two sentences:`,
        c.raw_target_across_sentences == null ? `not defined: “${current.target}” is missing from a sentence.`
          : `cosine ${num(c.raw_target_across_sentences)}${ties(c.raw_target_across_sentences, 1) ? ', as a shared static lookup must give' : ', which a shared static lookup should not give: check the missing-word policy'}.`);
      item(recordList, 'contextual', `The contextual “${current.target}” comparison and the other cosines:`,
        c.contextual_target_across_sentences == null ? 'not defined here.'
          : `cosine ${num(c.contextual_target_across_sentences)}${c.contextual_target_across_sentences < 1 - CONTEXT_CHANGE ? ': the outputs depend on the sentence' : ': the outputs did not measurably change with the sentence'}; the other cosines are in the table below.`);
      item(recordList, 'untrained', 'Which parameters remain untrained:', `${report.untrained_parameters.map((p) => p.name).join(', ')}; the table is ${tableStatus(current.source)}.`);

      // positional encoding
      const { options, waiting } = coreOptions(core, current, { sentences: [current.sentence, current.sentence2], maxTokens: PAGE_LIMITS.maxTokens });
      if (waiting) return;
      let order;
      let withPe;
      try {
        const n = first.tokens.length;
        order = core.shuffleExperiment({ ...options, form: 'qkv', permutation: Array.from({ length: n }, (_, i) => n - 1 - i) });
        withPe = core.bankExperiment({ ...options, positional: true });
      } catch (e) {
        peError.selectAll('p').data([e.message]).join('p').attr('class', 'error').text((d) => d);
        return;
      }
      peError.selectAll('p').remove();
      const words = Array.from(first.tokens, (t) => t.text);
      const reversed = [...words].reverse().join(' ');
      const blind = order.maxDeviationWithoutPE <= ORDER_CHANGE;
      const sees = order.maxDeviationWithPE > ORDER_CHANGE;
      const peCos = Object.fromEntries(Array.from(withPe.cosines, (x) => [x.name, x.value]));
      peList.selectAll('li').data([
        words.length < 2 ? ['order', 'Sentence 1 has one word, so there is no order to change.']
          : ['order', `Sentence 1 reversed (“${reversed}”), each word’s output compared with its own output in the original order: without positional encoding the largest change is ${change(order.maxDeviationWithoutPE)}${blind ? ', nothing beyond rounding: the block cannot tell the two orders apart' : ', so something else in these settings already sees position'}; with it, ${change(order.maxDeviationWithPE)}${sees ? ': the same words in another order now give other outputs' : ': still nothing, since these words sit at positions the encoding does not tell apart'}.`],
        ['raw', `Raw “${current.target}” across the sentences with positional encoding: ${numOrNotDefined(peCos.raw_target_across_sentences)} (without: ${numOrNotDefined(c.raw_target_across_sentences)}). The encoding depends on the position, so the same word at different positions no longer starts from the same row${peCos.raw_target_across_sentences != null && ties(peCos.raw_target_across_sentences, 1) ? '; here it stands at the same position in both' : ''}.`],
        ['contextual', `Contextual “${current.target}” across the sentences: ${numOrNotDefined(peCos.contextual_target_across_sentences)} with positional encoding, ${numOrNotDefined(c.contextual_target_across_sentences)} without.`],
        ['meaning', 'Either way the projections are random: positional encoding gives the block the order of the words, not an understanding of it.'],
      ]).join('li').attr('data-pe', (d) => d[0]).text((d) => d[1]);
      select(peList.node()).attr('data-without', String(order.maxDeviationWithoutPE)).attr('data-with', String(order.maxDeviationWithPE));
    },
  };
}
