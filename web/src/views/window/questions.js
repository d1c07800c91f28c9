// "Who, where, when?" (Class 04): from "I am going to London" one can say who goes and where,
// not when, because no word of the sentence carries a time. core.contextQuestions finds the word
// each question needs (a stated rule, not a parser) and gives the attention row of a chosen word
// from the workbench; this module only draws them. Built once at mount, updated in place.
import { select } from 'd3';
import { moreFold } from '../../components/more.js';
import { num, full } from '../../format.js';
import { PAGE_LIMITS } from '../../limits.js';
import { quotedList, keysText, topKeys } from '../shared/wording.js';
import { ties } from '../shared/thresholds.js';
import { dataTable } from '../../components/data-table.js';
import { part, parts } from '../../components/parts.js';

/** Mounts the fold into `parent`; returns {render(state)}, which returns the core's report (or null). */
export function mountQuestions(parent, { core, state, update }) {
  // a fold of the page's kind (components/more.js): closed, open in embeds and present mode
  const fold = select(moreFold(parent, 'Who, where, when? What a sentence can answer', { name: 'win-questions' }).node().parentNode).classed('window-questions', true).attr('id', 'win-questions');
  const body = fold.select('.more-body').append('section').attr('aria-labelledby', 'win-questions-title');
  body.append('h3').attr('id', 'win-questions-title').text('Who, where, when?');
  body.append('p').text(
    'Ask three questions of a sentence. Each answer has to be one of its words: who is going needs a person, where needs a place, when needs a time. Context can only help with what the words carry.',
  );
  const fields = body.append('div').attr('class', 'control-row');
  const sentenceBox = fields.append('div').attr('class', 'control sentence');
  sentenceBox.append('label').attr('for', 'win-ask-sentence').text('sentence to question');
  sentenceBox.append('input').attr('id', 'win-ask-sentence').attr('type', 'text').attr('maxlength', 400).attr('autocomplete', 'off')
    .attr('spellcheck', 'false').attr('data-state-key', 'winAskSentence').attr('aria-describedby', 'win-ask-error')
    .property('value', state.winAskSentence).on('input', (e) => update({ winAskSentence: e.target.value }, { typing: true }));
  const centreBox = fields.append('div').attr('class', 'control');
  centreBox.append('label').attr('for', 'win-ask-centre').text('whose attention row');
  const centreSelect = centreBox.append('select').attr('id', 'win-ask-centre').on('change', (e) => update({ winAskCentre: Number(e.target.value) }));
  const error = body.append('div').attr('class', 'error-box').attr('id', 'win-ask-error').attr('role', 'alert');
  const out = body.append('div').attr('class', 'win-ask-results');
  const answers = dataTable(out).attr('class', 'checks win-answers');
  answers.append('caption').text('Each question, the word it needs, and whether the sentence has one');
  const head = answers.append('thead').append('tr');
  for (const h of ['question', 'needs', 'word in the sentence', 'found by', 'weight from the row below']) head.append('th').attr('scope', 'col').text(h);
  const answerBody = answers.append('tbody');
  const verdict = out.append('p').attr('class', 'win-ask-verdict');
  const rowTable = dataTable(out).attr('class', 'checks win-ask-row');
  const rowCaption = rowTable.append('caption');
  const rowHead = rowTable.append('thead').append('tr');
  const rowBody = rowTable.append('tbody').append('tr');
  const rowNote = out.append('p').attr('class', 'win-ask-row-note');
  out.append('p').attr('class', 'muted').text(
    'The words are found by a short rule, not by understanding: a pronoun or a capitalised name for who, the word after to, in, at… for where, a time word (today, Monday, 5pm, a year) for when. The weights come from the notebook’s random, untrained projections: they show where this row’s weight goes, not that the model looks for answers. A trained model learns where to look, but it too can only look at the words that are there.',
  );

  return {
    render(current) {
      const el = body.select('#win-ask-sentence').node();
      if (document.activeElement !== el && el.value !== current.winAskSentence) el.value = current.winAskSentence;
      let r;
      try {
        r = core.contextQuestions({
          sentence: current.winAskSentence, centre: current.winAskCentre, source: 'numpy', dModel: current.dModel, dK: current.dK, dV: current.dV,
          embedSeed: current.embedSeed, projSeed: current.projSeed, scale: true, maxTokens: PAGE_LIMITS.maxTokens,
        });
      } catch (e) {
        error.selectAll('p').data([`Who, where, when: ${e.message}`]).join('p').attr('class', 'error').text((d) => d);
        out.classed('stale', true);
        return null;
      }
      error.selectAll('p').remove();
      out.classed('stale', false);
      const words = Array.from(r.tokens, (t) => t.text);
      const row = Array.from(r.attentionRow);
      centreSelect.selectAll('option').data(words).join('option').attr('value', (_, i) => i).text((w, i) => `${i + 1}. ${w}`);
      centreSelect.property('value', r.centre);
      answerBody.selectAll('tr').data(r.questions).join('tr').attr('data-question', (q) => q.question).attr('data-answer', (q) => Array.from(q.answer).join(','))
        .attr('data-weight', (q) => full(q.weight))
        .each(function fill(q) {
          // each cell made once and filled (components/parts.js)
          const tr = select(this);
          const found = Array.from(q.answer);
          part(tr, 'th', 'question').attr('scope', 'row').text(`${q.question[0].toUpperCase()}${q.question.slice(1)}?`);
          part(tr, 'td', 'needs').text(q.needs);
          part(tr, 'td', 'answer').attr('class', found.length ? 'present' : 'absent').text(found.length ? quotedList(found.map((j) => words[j])) : 'none');
          part(tr, 'td', 'cue').text(q.cue);
          part(tr, 'td.computed', 'weight').text(found.length ? num(q.weight) : '— (no word to weigh)');
        });
      const missing = r.questions.filter((q) => q.answer.length === 0).map((q) => q.question);
      const present = r.questions.filter((q) => q.answer.length > 0).map((q) => q.question);
      verdict.attr('data-missing', missing.join(',')).text(
        missing.length === 0
          ? `Every question has a word here: ${present.join(', ')}. This sentence carries all three.`
          : `${present.length ? `${quotedList(present)} can be answered from the sentence’s own words; ` : ''}${quotedList(missing)} cannot: no word of the sentence carries ${missing.length === 1 ? 'it' : 'them'}, and no weighting of these ${words.length} words can add one.`,
      );
      rowCaption.text(`Row of “${words[r.centre]}” in attn_weights (${r.sourceName}, d_k = ${r.dK}): how its output shares 1 among the words`);
      rowHead.selectAll('th').data(['key', ...words, 'sum']).join('th').attr('scope', 'col').text((d) => d);
      part(rowBody, 'th', 'label').attr('scope', 'row').text('weight');
      parts(rowBody, 'td.computed.key-weight', row, (_, j) => j, (td, v, j) => td.attr('data-value', full(v)).attr('data-pos', j).text(num(v)));
      const sum = part(rowBody, 'td.computed.row-sum', 'sum').attr('data-value', full(r.rowSum)).text(num(r.rowSum));
      if (rowBody.node().lastChild !== sum.node()) rowBody.node().append(sum.node()); // after a key that entered
      const top = topKeys(row);
      const onAnswers = r.questions.filter((q) => q.answer.length > 0);
      rowNote.attr('data-top', top.join(',')).text(
        `The largest weight of “${words[r.centre]}” goes to ${keysText(top, words)} (${num(row[top[0]])}). The row sums to ${num(r.rowSum)}${ties(r.rowSum, 1) ? '' : ' (not 1!)'}, spread over the ${words.length} words only${onAnswers.length ? `; the words that answer ${onAnswers.map((q) => q.question).join(' and ')} get ${num(r.answeredWeight)} of it` : ''}.`,
      );
      return r;
    },
  };
}
