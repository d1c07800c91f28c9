// The bank-experiment chapter: the two-sentence experiment of Class 05. One shared table and one shared set
// of projections for two sentences; the raw and contextual cosines of a target word, as a bar
// chart and a table, and the notes' three questions answered from the numbers on screen.
import { select } from 'd3';
import { mountTwoSentences } from '../../components/two-sentences.js';
import { drawBarChart } from '../../components/bar-chart.js';
import { num, full } from '../../format.js';
import { contextAnswer, contextualPairsText, trainedInputsAnswer, uniqueReasons } from '../shared/bank-answers.js';
import { LOPSIDED_ROWS, NEARLY_ALL, ties } from '../shared/thresholds.js';
import { part, parts, shown, keptTable } from '../../components/parts.js';
import { figureAttr } from '../../components/figures.js';
import { foldsStartOpen } from '../../components/more.js';

export const view = {
  mount(root, { core, jobs, state, update }) {
    const view = select(root).append('section').attr('id', 'bank').attr('class', 'view').attr('aria-labelledby', 'bank-title');
    view.append('h2').attr('id', 'bank-title').text('The bank experiment: one word, two sentences');
    view.append('p').attr('class', 'lead').text(
      'Two sentences share one table and one set of projections: the raw vector of a word is the same, its output Y is not.',
    );
    return mountTwoSentences(view, {
      core, jobs, state, update, resultsId: 'bank-results',
      draw: (results, experiment, current) => drawResults(results, { experiment, state: current }),
    });
  },
};

const SHORT = {
  raw_target_across_sentences: 'raw: s1 vs s2',
  contextual_target_across_sentences: 'contextual: s1 vs s2',
  raw_target_vs_raw_river: 'raw vs raw “river”',
  raw_target_vs_raw_money: 'raw vs raw “money”',
  contextual_target_vs_raw_river: 'ctx (s1) vs raw “river”',
  contextual_target_vs_raw_money: 'ctx (s1) vs raw “money”',
  contextual_target2_vs_raw_money: 'ctx (s2) vs raw “money”',
  contextual_target2_vs_raw_river: 'ctx (s2) vs raw “river”',
};

const NOTES = {
  raw_target_across_sentences: 'A static lookup: the same row of the same table in both sentences, so exactly 1 for any table, GloVe included.',
  contextual_target_across_sentences: 'Below 1 when each sentence mixes different neighbours into the target: the output depends on context.',
  raw_target_vs_raw_river: 'Raw against raw: trained relationships show here (GloVe), chance values with a random table, 0 with one-hot.',
  raw_target_vs_raw_money: 'Raw against raw, for “money”: trained relationships show here (GloVe), chance values with a random table, 0 with one-hot.',
  contextual_target_vs_raw_river: 'Output against a raw input: Y went through W_v, another coordinate system, so read with care.',
  contextual_target_vs_raw_money: 'Output against a raw input, for “money”: Y went through W_v, another coordinate system, so read with care.',
  contextual_target2_vs_raw_money: 'The second sentence’s output against raw “money”: the notebook’s bank-in-a-money-context. Y went through W_v, so read with care.',
  contextual_target2_vs_raw_river: 'The second sentence’s output against raw “river”; compare it with the line above before reading anything into either.',
};

/** The rows of the chart and table: the notes' comparisons, then each contextual target against
 *  every raw word of the table, without repeating the words the notes' rows already compare. */
export function cosineItems(experiment) {
  const inNotes = new Set(['river', 'money']);
  const words = (list, s) => Array.from(list).filter((x) => !inNotes.has(x.name)).map((x) => ({
    key: `word${s}:${x.name}`, label: x.description, short: `ctx (s${s}) vs raw “${x.name.slice(0, 16)}”`, value: x.value, group: 'words', why: x.whyUndefined,
  }));
  return [
    ...Array.from(experiment.cosines, (x) => ({ key: x.name, label: x.description, short: SHORT[x.name], value: x.value, group: 'notes', why: x.whyUndefined })),
    ...words(experiment.contextualVsRawWords, 1),
    ...words(experiment.contextualVsRawWordsSecond, 2),
  ];
}

/** How to read one row: its note when it has a value, otherwise what is missing. */
export function readingOf(item) {
  if (item.value == null) return `No cosine: ${item.why}. Nothing to read here until the word is in the sentence.`;
  if (NOTES[item.key]) return NOTES[item.key];
  return item.group === 'words' ? `Contextual target (sentence ${item.key.startsWith('word2') ? 2 : 1}) against one raw word of the shared table.` : '';
}

// Made once, filled on every render (components/parts.js): a closed "other words" list stays
// closed, an open table stays open, while the learner types.
function drawResults(results, { experiment, state }) {
  const first = experiment.first;
  const c = Object.fromEntries(Array.from(experiment.cosines, (x) => [x.name, x]));
  const summary = part(results, 'section.stage', 'setup').attr('aria-labelledby', 'bank-setup');
  part(summary, 'h3', 'title').attr('id', 'bank-setup').text('Set-up');
  const missing = [...new Set([...(first.oov?.missing ?? []), ...(experiment.second.oov?.missing ?? [])])];
  const facts = [
    ['source', `Vectors: ${first.sourceName}; d_model = ${first.dModel}, d_k = ${first.dK}, d_v = ${first.dV}.`],
    ['tokens', `Sentence 1 has ${first.tokens.length} tokens, sentence 2 has ${experiment.second.tokens.length}; the shared table has ${experiment.second.table.words.length} words.`],
  ];
  if (first.oov) {
    facts.push(['oov', missing.length
      ? `Missing from the vectors: ${missing.map((w) => `“${w}”`).join(', ')} (policy: ${first.oov.policy}). ${first.oov.consequence}`
      : 'Every word was found in the vectors.']);
  }
  if (first.dModel >= 50) facts.push(['width', widthFact(first.dModel, [...first.projectedMixing, ...experiment.second.projectedMixing])]);
  parts(part(summary, 'ul.facts', 'facts'), 'li', facts, ([key]) => key, (li, [key, text]) => li.attr('data-fact', key).text(text));
  const absent = experiment.targetIndexFirst < 0 || experiment.targetIndexSecond < 0;
  shown(part(summary, 'p.notice', 'absent'), absent).text(absent
    ? `“${state.target}” must appear in both sentences for the cross-sentence comparisons${first.oov?.policy === 'skip' && missing.includes(state.target.toLowerCase()) ? ' (it is missing from the vectors and was skipped)' : ''}.`
    : '');

  const chart = part(results, 'section.stage', 'cosines').attr('aria-labelledby', 'bank-cosines').call(figureAttr, 'bank_cosines');
  part(chart, 'h3', 'title').attr('id', 'bank-cosines').text(`Cosines of “${state.target}”`);
  const items = cosineItems(experiment);
  const drawn = items.filter((x) => x.value != null);
  // The notes' comparisons, then every other word in a disclosure of its own: open at first, closed
  // in a figure embed (components/figures.js), so that the embedded chart fits a phone's screen.
  const notes = drawn.filter((x) => x.group === 'notes');
  const others = drawn.filter((x) => x.group !== 'notes');
  drawBarChart(part(chart, 'div.bar-chart-holder', 'notes-chart').node(), { items: notes, title: `Cosines of ${state.target}, the notes’ comparisons` });
  // the key to the bars' names follows them, so the bars start on a phone's first screen
  part(chart, 'p.muted.bar-key', 'key').text('s1, s2: the sentences; raw: a word’s table row (X); ctx (s1), ctx (s2): the target’s output (Y) in s1 or s2.');
  const words = part(chart, 'details.bank-words', 'words');
  if (!words.attr('data-opened')) words.attr('open', true).attr('data-opened', 'once');
  shown(words, others.length > 0);
  part(words, 'summary', 'summary').text(`The other words (${others.length} bar${others.length === 1 ? '' : 's'})`);
  if (others.length) drawBarChart(part(words, 'div.bar-chart-holder', 'chart').node(), { items: others, title: `Cosines of ${state.target} against every other word`, name: 'cosines_other_words' });
  const reasons = uniqueReasons(items.filter((x) => x.value == null).map((x) => x.why));
  const notDrawn = items.length - drawn.length;
  shown(part(chart, 'p.notice.bank-missing', 'missing'), notDrawn > 0)
    .text(notDrawn ? `${notDrawn} comparison${notDrawn === 1 ? ' is' : 's are'} not drawn: ${reasons.join('; ')}.` : '');
  // closed, as a heatmap's "Show as table" is (issue 34), then as the reader leaves it; open in an
  // embed and in present mode (a figure embed of the chart closes it, components/figures.js)
  const tableBox = part(chart, 'details.figure-table-box', 'table');
  if (!tableBox.attr('data-opened')) tableBox.property('open', foldsStartOpen()).attr('data-opened', 'once');
  part(tableBox, 'summary', 'summary').text('As a table, with how to read each');
  const table = keptTable(tableBox, 'table', 'cosine-table bank-table');
  const head = part(part(table, 'thead', 'head'), 'tr', 'row');
  parts(head, 'th', ['comparison', 'cosine', 'how to read it'], (h) => h, (th, h) => th.attr('scope', 'col').text(h));
  parts(part(table, 'tbody', 'body'), 'tr', items, (item) => item.key, (tr, item) => {
    tr.attr('data-cosine', item.key);
    part(tr, 'th', 'label').attr('scope', 'row').text(item.label);
    part(tr, 'td.value', 'value').attr('data-full', item.value == null ? '' : full(item.value))
      .text(item.value == null ? 'no value' : num(item.value));
    part(tr, 'td', 'reading').text(readingOf(item));
  });

  const q = part(results, 'section.stage.questions', 'questions').attr('aria-labelledby', 'bank-questions');
  part(q, 'h3', 'title').attr('id', 'bank-questions').text('The three questions of the notes, answered from these numbers');
  const dl = part(q, 'dl', 'answers');
  for (const [id, question, text] of answer(c, state, first, experiment)) {
    part(dl, 'dt', `${id}-question`).text(question);
    part(dl, 'dd', id).attr('data-answer', id).text(text);
  }
  part(q, 'p.muted', 'caveats').text(
    'Caveats: a static lookup gives cosine 1 across contexts whatever the table; outputs passed through W_v live in another space than the raw inputs; context dependence is not semantic improvement, and attention weights are computed results, not trained parameters.',
  );
  // The same two sentences through a transformer whose attention was actually trained.
  const trainedLink = new URLSearchParams({ view: 'trained', ts: state.sentence, ts2: state.sentence2, tt: state.target });
  const more = part(q, 'p.trained-link', 'trained');
  part(more, 'span', 'untrained').text('Here the projections are untrained. ');
  part(more, 'a', 'link').attr('href', `?${trainedLink}`).attr('id', 'bank-to-trained')
    .text('Run the same two sentences through a trained encoder (chapter 11) →');
}

/**
 * The wide-vectors fact, counted from both sentences' mixing reports: how many rows of
 * attn_weights put nearly all their weight on one word (NEARLY_ALL), and the consequence only
 * when most rows do (LOPSIDED_ROWS).
 */
export function widthFact(dModel, rows) {
  const nearlyAll = rows.filter((m) => m.topWeight >= NEARLY_ALL).length;
  const count = `${nearlyAll} of the ${rows.length} rows of attn_weights in the two sentences put ${num(NEARLY_ALL)} or more of their weight on one word`;
  return nearlyAll >= LOPSIDED_ROWS * rows.length
    ? `With ${dModel} features and projections drawn with scale 0.5, the scores are large even after ÷√d_k: ${count} (see the matrices in the assignment lab). Small edits to a sentence then barely move those outputs.`
    : `With ${dModel} features and projections drawn with scale 0.5, the scores can be large even after ÷√d_k, but here only ${count}: most rows still spread their weight.`;
}

/** Which raw word the contextual target is closer to, a tie said as a tie (thresholds.js). */
export function closerText(river, money) {
  if (ties(river, money)) return 'as close to “river” as to “money”';
  return river > money ? 'closer to “river” than to “money”' : 'closer to “money” than to “river”';
}

function v(c, name) {
  return c[name]?.value ?? null;
}

function answer(c, state, report, experiment) {
  const t = `“${state.target}”`;
  const ctx = v(c, 'contextual_target_across_sentences');
  const raw = v(c, 'raw_target_across_sentences');
  const cr = v(c, 'contextual_target_vs_raw_river');
  const cm = v(c, 'contextual_target_vs_raw_money');
  const show = (x) => num(x);

  const q1 = contextAnswer({ ctx, raw, why: c.contextual_target_across_sentences?.whyUndefined, target: t, show, width: report.dV, change: experiment.contextualTargetChange });
  const q2 = trainedInputsAnswer(state.source, t, c.raw_target_vs_raw_river, c.raw_target_vs_raw_money, show, report.dModel);

  let q3 = `Nothing here can show that. ${contextualPairsText(t, c.contextual_target_vs_raw_river, c.contextual_target_vs_raw_money, show)}`;
  if (cr != null && cm != null) q3 += ` (${closerText(cr, cm)})`;
  q3 += `. But W_q, W_k and W_v are random and untrained (${report.dModel}×${report.dK} each for W_q and W_k), and Y passed through W_v, so it lives in another coordinate system than the raw vectors. Only training on a task, and a test, could show an improvement in meaning.`;
  return [
    ['context', 'Does the output change with context?', q1],
    ['trained-inputs', 'Do the inputs carry trained relationships?', q2],
    ['meaning', 'Do the untrained projections improve meaning?', q3],
  ];
}
