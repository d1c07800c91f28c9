// The assignment-lab chapter. Swap in GloVe (bundled subset or the learner's own file), see
// what the notes ask to record (source and width, missing words, every shape, the attention
// matrix and its row sums, the cosines, what stays untrained) and export it in one click as
// Markdown, JSON, or a NumPy script that recomputes the numbers from the same vectors.
import { select } from 'd3';
import { mountTwoSentences } from '../../components/two-sentences.js';
import { num, full, shapeText, NOT_DEFINED } from '../../format.js';
import { tableFor } from '../../vectors/store.js';
import { buildLabReport, labMarkdown, labNumpyScript } from '../../vectors/report.js';
import { dataTable } from '../../components/data-table.js';
import { redrawInPlace } from '../../components/redraw-in-place.js';
import { mountAssignment } from './assignment.js';

export const view = {
  mount(root, { core, jobs, state, update }) {
    const view = select(root).append('section').attr('id', 'lab').attr('class', 'view').attr('aria-labelledby', 'lab-title');
    view.append('h2').attr('id', 'lab-title').text('Assignment lab: real word vectors, recorded');
    view.append('p').attr('class', 'lead').text(
      'The assignment replaces the random table with pretrained vectors and records what changed. The lab starts on GloVe (a bundled 20,000-word subset), as the assignment does; pick your own GloVe / word2vec / fastText file or a random table instead, and every width follows the vectors. Your file is read in this browser tab and never leaves it.',
    );
    let assignment = null; // the steps and the positional-encoding question, above the results
    const mounted = mountTwoSentences(view, {
      core, jobs, state, update, resultsId: 'lab-results',
      draw: (results, experiment, current) => {
        const table = tableFor(current.source);
        const report = buildLabReport(experiment, current, { fileName: current.source === 'file' ? table?.fileName : undefined });
        drawReport(results, { report, experiment });
        assignment.render(experiment, report, current);
      },
    });
    assignment = mountAssignment(view, { core, before: view.select('#lab-results').node() });
    return mounted;
  },
};

/** The report under the sentences; after the first time the page keeps its elements (an open preview stays open). */
function drawReport(results, spec) {
  redrawInPlace(results.node(), (holder) => writeReport(holder, spec));
}

function writeReport(results, { report, experiment }) {
  const exports = results.append('section').attr('class', 'stage').attr('aria-labelledby', 'lab-export');
  exports.append('h3').attr('id', 'lab-export').text('Export the report');
  const buttons = exports.append('div').attr('class', 'lab-exports');
  const md = labMarkdown(report);
  const download = (name, type, text) => {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  buttons.append('button').attr('type', 'button').attr('id', 'export-md').text('Markdown (.md)').on('click', () => download('attention-report.md', 'text/markdown', md));
  buttons.append('button').attr('type', 'button').attr('id', 'export-json').text('JSON (.json)').on('click', () => download('attention-report.json', 'application/json', `${JSON.stringify(report, null, 1)}\n`));
  buttons.append('button').attr('type', 'button').attr('id', 'export-py').text('NumPy script (.py)').on('click', () => download('attention_report.py', 'text/x-python', labNumpyScript(report)));
  exports.append('p').attr('class', 'muted').text('The script holds the vectors the page used and regenerates W_q, W_k, W_v with NumPy’s default_rng, so python3 attention_report.py prints the same weights and cosines (to float rounding).');
  exports.append('details').call((d) => {
    d.append('summary').text('Preview the Markdown');
    d.append('pre').attr('class', 'export-preview').attr('id', 'md-preview').text(md);
  });

  const facts = results.append('section').attr('class', 'stage').attr('aria-labelledby', 'lab-source');
  facts.append('h3').attr('id', 'lab-source').text('Source, width and missing words');
  const ul = facts.append('ul').attr('class', 'facts');
  ul.append('li').attr('data-fact', 'source').text(`Source: ${report.source.name}${report.source.file ? ` (file ${report.source.file})` : ''}.`);
  ul.append('li').attr('data-fact', 'width').text(`Widths: d_model = ${report.source.d_model}, d_k = ${report.source.d_k}, d_v = ${report.source.d_v}.`);
  const m = report.missing_words;
  ul.append('li').attr('data-fact', 'oov').attr('id', 'oov-report')
    .text(m.words.length
      ? `Missing words: ${m.words.map((w) => `“${w}”`).join(', ')} (policy: ${m.policy}). ${m.consequence}`
      : `Missing words: none (the chosen policy, “${m.policy}”, had nothing to do).`);
  ul.append('li').attr('data-fact', 'case').text(`Case: ${m.case_handling}`);

  report.sentences.forEach((s, k) => {
    const sec = results.append('section').attr('class', 'stage').attr('aria-labelledby', `lab-s${k + 1}`);
    sec.append('h3').attr('id', `lab-s${k + 1}`).text(`Sentence ${k + 1}: ${s.tokens.join(' ')}`);
    const shapes = dataTable(sec).attr('class', 'shapes').attr('data-sentence', k + 1);
    shapes.append('caption').text('Every shape');
    const sh = shapes.append('thead').append('tr');
    for (const h of ['matrix', 'shape', 'rows are', 'columns are']) sh.append('th').attr('scope', 'col').text(h);
    const sb = shapes.append('tbody');
    for (const x of s.shapes) {
      const tr = sb.append('tr').attr('data-name', x.name);
      tr.append('th').attr('scope', 'row').append('code').text(x.name);
      tr.append('td').attr('class', 'shape').text(shapeText(x.shape[0], x.shape[1]));
      tr.append('td').text(x.rows);
      tr.append('td').text(x.cols);
    }
    const attn = dataTable(sec).attr('class', 'lab-attn cosine-table').attr('data-sentence', k + 1);
    // Named in full: sentence 1's table is moved to the top of the chapter, away from its heading
    // (components/first-screen.js), and each table must still say which sentence it is.
    attn.append('caption').text(`attn_weights of sentence ${k + 1}, “${s.tokens.join(' ')}” (rows: queries, columns: keys) and row sums`);
    const ah = attn.append('thead').append('tr');
    ah.append('th').attr('scope', 'col').text('query \\ key');
    s.tokens.forEach((t) => ah.append('th').attr('scope', 'col').text(t));
    ah.append('th').attr('scope', 'col').text('row sum');
    const ab = attn.append('tbody');
    s.attn_weights.forEach((row, i) => {
      const tr = ab.append('tr');
      tr.append('th').attr('scope', 'row').text(s.tokens[i]);
      row.forEach((v) => tr.append('td').attr('class', 'value').attr('data-full', full(v)).text(num(v)));
      tr.append('td').attr('class', 'row-sum').text(num(s.row_sums[i]));
    });
  });

  const cos = results.append('section').attr('class', 'stage').attr('aria-labelledby', 'lab-cosines');
  cos.append('h3').attr('id', 'lab-cosines').text(`Cosines of “${report.target}”`);
  const ct = dataTable(cos).attr('class', 'cosine-table lab-cosines');
  const chr = ct.append('thead').append('tr');
  for (const h of ['comparison', 'cosine']) chr.append('th').attr('scope', 'col').text(h);
  const cb = ct.append('tbody');
  for (const c of [...experiment.cosines, ...experiment.contextualVsRawWords.map((x) => ({ ...x, name: `word:${x.name}` }))]) {
    const tr = cb.append('tr').attr('data-cosine', c.name);
    tr.append('th').attr('scope', 'row').text(c.description);
    tr.append('td').attr('class', 'value').attr('data-full', c.value == null ? '' : full(c.value)).text(c.value == null ? `${NOT_DEFINED}: ${c.whyUndefined}` : num(c.value));
  }

  const un = results.append('section').attr('class', 'stage').attr('aria-labelledby', 'lab-untrained');
  un.append('h3').attr('id', 'lab-untrained').text('What stays untrained');
  const ul2 = un.append('ul').attr('class', 'facts');
  for (const p of report.untrained_parameters) ul2.append('li').text(`${p.name}: ${p.how}; shapes ${p.shapes.map((x) => shapeText(x[0], x[1])).join(', ')}.`);
  for (const p of report.trained_but_frozen) ul2.append('li').text(`Trained, but frozen here: ${p.name}, ${p.how}.`);
  ul2.append('li').text(`Not parameters at all: ${report.not_parameters}.`);
  un.append('p').attr('class', 'muted').text('Pretrained inputs do not make the attention block trained: the projections are as random as in the notebook, so no cosine here can show an improvement in meaning.');
}

