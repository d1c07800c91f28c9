// The analogy query "king − man + woman → ?": three word fields and the words nearest to
// x_a − x_b + x_c by cosine in the original space, the three inputs left out (computed by the
// core in the chapter's worker: SpaceData.analogy, core/lessons/embedding_space's analogy_nearest).
// The sentence under the answer depends on the source: for a random table the answer means nothing.
import { num } from '../../format.js';
import { analogyQueryText } from './text.js';

export const ANALOGY_K = 5;
const FIELDS = [['spaceA', 'word a'], ['spaceB', 'minus word b'], ['spaceC', 'plus word c']];

/** Builds the section once; `update` changes the state (the URL keeps the three words). */
export function buildAnalogy(parent, update) {
  const section = parent.append('section').attr('class', 'stage').attr('id', 'space-analogy-query').attr('aria-labelledby', 'space-analogy-query-title');
  section.append('h3').attr('id', 'space-analogy-query-title').text('An analogy, computed: a − b + c');
  const form = section.append('form').attr('id', 'space-analogy-fields').attr('novalidate', true).on('submit', (e) => e.preventDefault());
  const inputs = {};
  FIELDS.forEach(([key, label], i) => {
    if (i) form.append('span').attr('class', 'op').attr('aria-hidden', 'true').text(i === 1 ? '−' : '+');
    const box = form.append('div').attr('class', 'control');
    const id = `space-analogy-${key.slice(-1).toLowerCase()}`;
    box.append('label').attr('for', id).text(label);
    inputs[key] = box.append('input').attr('id', id).attr('type', 'text').attr('autocomplete', 'off').attr('spellcheck', 'false')
      .on('change', (e) => update({ [key]: e.target.value.trim().toLowerCase() }));
  });
  const answer = section.append('div').attr('id', 'space-analogy-answer').attr('aria-live', 'polite');
  return {
    section,
    sync(s) {
      for (const [key] of FIELDS) if (document.activeElement !== inputs[key].node()) inputs[key].property('value', s[key]);
    },
    clear() { answer.selectAll('*').remove(); },
    /** A word not found: the message in the section, where the learner typed. */
    missing(words, n, unit) {
      answer.selectAll('*').remove();
      answer.append('p').attr('id', 'space-analogy-missing').attr('class', 'notice')
        .text(`${words.map((w) => `“${w}”`).join(' and ')} ${words.length > 1 ? 'are' : 'is'} not among these ${n.toLocaleString('en')} ${unit.many}: no answer. Check the spelling${unit.more ? `, or ${unit.more}` : ''}.`);
    },
    failed(message) {
      answer.selectAll('*').remove();
      answer.append('p').attr('id', 'space-analogy-missing').attr('class', 'notice').text(`No answer: ${message}.`);
    },
    show(nearest, { words, query, source }) {
      answer.selectAll('*').remove();
      const text = analogyQueryText(query, nearest.length, source, nearest[0]?.value);
      answer.append('p').attr('id', 'space-analogy-lead').text(text.lead);
      answer.append('ol').attr('id', 'space-analogy-list').selectAll('li').data(nearest).join('li')
        .attr('data-word', (x) => words[x.index]).attr('data-value', (x) => String(x.value))
        .text((x) => `${words[x.index]} (cosine ${num(x.value)})`);
      if (text.more) {
        const more = answer.append('details').attr('class', 'more');
        more.append('summary').text('More: how to read the answer');
        more.append('p').attr('id', 'space-analogy-more').text(text.more);
      }
    },
  };
}
