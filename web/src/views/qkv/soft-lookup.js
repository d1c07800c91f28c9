// "Is attention a database lookup?" (Class 05's analogy), on the chapter's own sentence. An exact
// lookup returns the one value whose key matches the query; attention returns every value, mixed
// by the softmax weights. The numbers are the chapter call's (softLookup, core/math/soft_lookup.hpp):
// nothing here computes; the sentences pick their wording from thresholds.js.
import { select } from 'd3';
import { moreFold } from '../../components/more.js';
import { num, full } from '../../format.js';
import { dataTable, fitTable } from '../../components/data-table.js';
import { vectorText } from '../../components/flow-diagram.js';
import { lookupGrade, NEARLY_ALL, LEANS_ON_ONE } from '../shared/thresholds.js';

const GRADE_TEXT = { exact: 'almost an exact lookup', leans: 'leans on one key, still a mix', mix: 'a real mix', tie: 'tied keys: no single match' };

/**
 * Builds the fold once, at the end of the chapter; `fill(chapter, state)` puts in the numbers of
 * a chapter answer (drawn when the fold is open, or when it is opened).
 * @param {HTMLElement} root  the chapter's container
 */
export function mountSoftLookup(root) {
  // a fold of the page's kind (components/more.js): closed, open in embeds and present mode
  const body = moreFold(select(root), 'is attention a database lookup?', { name: 'soft-lookup' });
  const fold = select(body.node().parentNode).classed('soft-lookup', true).attr('id', 'soft-lookup');
  body.append('p').text(
    'The notes borrow a database’s words: a query is matched against keys, and values come back. ' +
      'A dictionary would return the one value whose key matches. Attention never picks one: every key gets a share of the weight (softmax), ' +
      'and the answer is the value rows mixed by those shares. Below, for one query of your sentence, the exact lookup (the key with the largest weight, and its value row) next to what attention returns.',
  );
  const pickRow = body.append('div').attr('class', 'control');
  pickRow.append('label').attr('for', 'soft-lookup-row').text('Query (row of attn_weights)');
  const picker = pickRow.append('select').attr('id', 'soft-lookup-row');
  const verdict = body.append('p').attr('class', 'soft-lookup-verdict').attr('aria-live', 'polite');
  const pair = dataTable(body).attr('class', 'soft-lookup-pair');
  const pairHead = pair.append('thead').append('tr');
  for (const h of ['compared', 'exact lookup', 'attention (soft lookup)']) pairHead.append('th').attr('scope', 'col').text(h);
  const pairBody = pair.append('tbody');
  const distance = body.append('p').attr('class', 'soft-lookup-distance');
  body.append('h4').text('Sharper scores, closer to an exact lookup');
  const sharpNote = body.append('p').attr('class', 'soft-lookup-sharp-note');
  const sharp = dataTable(body).attr('class', 'soft-lookup-sharp');
  const sharpHead = sharp.append('thead').append('tr');
  for (const h of ['scores multiplied by', 'weight of the top key', 'distance from the exact answer (÷ its length)']) sharpHead.append('th').attr('scope', 'col').text(h);
  const sharpBody = sharp.append('tbody');
  body.append('h4').text('Every query of the sentence');
  const all = dataTable(body).attr('class', 'soft-lookup-rows');
  const allHead = all.append('thead').append('tr');
  for (const h of ['query', 'exact lookup returns the value of', 'its weight', 'distance (÷ its length)', 'cosine', 'so attention is']) allHead.append('th').attr('scope', 'col').text(h);
  const allBody = all.append('tbody');

  let last = null; // {chapter, state}: drawn when the fold is open
  let row = 0;
  picker.on('change', (e) => {
    row = Number(e.target.value);
    draw();
  });
  fold.on('toggle', () => draw());

  function draw() {
    if (!last || !fold.property('open')) return;
    const { chapter, state } = last;
    const tokens = Array.from(chapter.report.tokens, (t) => t.text);
    const rows = chapter.softLookup;
    row = Math.min(row, rows.length - 1);
    picker.selectAll('option').data(tokens).join('option').attr('value', (_, i) => i).text((t, i) => `${i + 1}. ${t}`);
    picker.property('value', String(row));
    const r = rows[row];
    const grade = lookupGrade(r.topShare, r.tiedKeys);
    verdict.attr('data-grade', grade).attr('data-row', row).attr('data-top-share', full(r.topShare))
      .text(verdictText(r, tokens, state));
    const q = tokens[r.query];
    const k = tokens[r.hardKey];
    const lines = [
      ['what it reads', `only the key of “${k}”, which matches best`, `every key: ${tokens.length} weights that add up to 1`],
      ['what it returns', `v of “${k}” = ${vectorText(r.hard)}`, `y of “${q}” = Σⱼ aⱼ vⱼ = ${vectorText(r.soft)}`],
      ['share of “' + k + '”', '1 (all of it)', num(r.topShare)],
    ];
    pairBody.selectAll('tr').data(lines).join((enter) => enter.append('tr').call((tr) => {
      tr.append('th').attr('scope', 'row');
      tr.append('td').attr('class', 'hard');
      tr.append('td').attr('class', 'soft');
    }))
      .call((tr) => tr.select('th').text((d) => d[0]))
      .call((tr) => tr.select('.hard').text((d) => d[1]))
      .call((tr) => tr.select('.soft').text((d) => d[2]));
    distance.attr('data-distance', full(r.distance)).attr('data-relative', full(r.relativeDistance))
      .attr('data-cosine', r.cosine == null ? null : full(r.cosine))
      .text(`Between the two answers: distance ${num(r.distance)}, which is ${num(r.relativeDistance)} times the length of v of “${k}”; ` +
        (r.cosine == null ? 'their cosine is not defined (a zero vector).' : `cosine ${num(r.cosine)}.`));
    const factors = Array.from(r.factors);
    sharpBody.selectAll('tr').data(factors).join((enter) => enter.append('tr').call((tr) => {
      tr.append('th').attr('scope', 'row');
      tr.append('td').attr('class', 'share');
      tr.append('td').attr('class', 'relative');
    }))
      .attr('data-factor', (f) => f)
      .call((tr) => tr.select('th').text((f) => (f === 1 ? '1 (as above)' : String(f))))
      .call((tr) => tr.select('.share').attr('data-value', (_, i) => full(r.sharpTopShare[i])).text((_, i) => num(r.sharpTopShare[i])))
      .call((tr) => tr.select('.relative').attr('data-value', (_, i) => full(r.sharpRelativeDistance[i])).text((_, i) => num(r.sharpRelativeDistance[i])));
    sharpNote.attr('data-grade', lookupGrade(r.sharpTopShare.at(-1), r.tiedKeys)).text(sharpText(r, tokens, state));
    allBody.selectAll('tr').data(rows).join((enter) => enter.append('tr').call((tr) => {
      tr.append('th').attr('scope', 'row');
      for (const c of ['key', 'share', 'relative', 'cosine', 'grade']) tr.append('td').attr('class', c);
    }))
      .attr('data-row', (d) => d.query)
      .attr('data-grade', (d) => lookupGrade(d.topShare, d.tiedKeys))
      .call((tr) => tr.select('th').text((d) => `${d.query + 1}. ${tokens[d.query]}`))
      .call((tr) => tr.select('.key').text((d) => (d.tiedKeys > 1 ? `“${tokens[d.hardKey]}” (tied with ${d.tiedKeys - 1} more)` : `“${tokens[d.hardKey]}”`)))
      .call((tr) => tr.select('.share').attr('data-value', (d) => full(d.topShare)).text((d) => num(d.topShare)))
      .call((tr) => tr.select('.relative').text((d) => num(d.relativeDistance)))
      .call((tr) => tr.select('.cosine').text((d) => (d.cosine == null ? 'not defined' : num(d.cosine))))
      .call((tr) => tr.select('.grade').text((d) => GRADE_TEXT[lookupGrade(d.topShare, d.tiedKeys)]));
    for (const table of [pair, sharp, all]) fitTable(table.node());
  }

  return {
    /** The numbers of a qkvChapter answer; drawn now if the fold is open. */
    fill(chapter, state) {
      last = { chapter, state };
      draw();
    },
  };
}

/** The sentence about the chosen query, chosen by its top share (thresholds.js). */
export function verdictText(r, tokens, state) {
  const q = `“${tokens[r.query]}”`;
  const k = `“${tokens[r.hardKey]}”`;
  const share = num(r.topShare);
  const scaled = state.scale ? 'with the scores divided by √d_k' : 'with the scores not divided by √d_k';
  switch (lookupGrade(r.topShare, r.tiedKeys)) {
    case 'tie':
      return `No exact match for ${q}: ${r.tiedKeys} keys tie for its largest weight (${share} each), so a dictionary could not choose; attention simply takes them all, and the rest too.`;
    case 'exact':
      if (r.topShare === 1) return `An exact lookup here: ${q} gives all its weight to ${k} (the other keys are masked, or their weights round to 0), so its output is v of ${k} itself.`;
      return `Almost an exact lookup: ${q} gives ${share} of its weight to ${k} (${num(NEARLY_ALL)} or more counts as nearly all, ${scaled}), so its output lies close to v of ${k}. Still not exact: the other keys keep ${num(1 - r.topShare)}.`;
    case 'leans':
      return `Leans on one key, but a mix: ${q} gives ${k} ${share} of its weight (more than half, less than ${num(NEARLY_ALL)}), and the other ${tokens.length - 1} keys share the other ${num(1 - r.topShare)}, so its output is a blend, not the value of ${k}.`;
    default:
      return `A real mix, not a lookup: ${q}’s largest weight, on ${k}, is only ${share} (under ${num(LEANS_ON_ONE)}), so most of its output comes from the other values.`;
  }
}

/** What sharpening did to the chosen query, read from the table's last row. */
export function sharpText(r, tokens, state) {
  const f = r.factors.at(-1);
  const share = r.sharpTopShare.at(-1);
  const k = `“${tokens[r.hardKey]}”`;
  const hint = state.scale
    ? 'Unticking “divide scores by √d_k” above does the same with a factor of √d_k.'
    : 'The scores are already undivided (√d_k off above): ticking it divides them again, which softens the mix.';
  if (r.tiedKeys > 1) return `Tied keys stay tied however sharp the scores get: at ×${f} the top key still has ${num(share)}. ${hint}`;
  const grade = lookupGrade(share, r.tiedKeys);
  const end = grade === 'exact'
    ? `at ×${f} it is almost an exact lookup: ${k} has ${num(share)} and the answer is ${num(r.sharpRelativeDistance.at(-1))} of v’s length from it.`
    : `even at ×${f}, ${k} has only ${num(share)}: still a mix.`;
  return `Multiplying the scores before the softmax makes it pick harder: ${end} ${hint}`;
}
