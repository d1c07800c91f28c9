// The assignment-lab chapter. Swap in GloVe (bundled subset or the learner's own file), see
// what the notes ask to record (source and width, missing words, every shape, the attention
// matrix and its row sums, the cosines, what stays untrained) and export it in one click as
// Markdown, JSON, or a NumPy script that recomputes the numbers from the same vectors.
import { select } from 'd3';
import { mountTwoSentences } from '../../components/two-sentences.js';
import { num, full, shapeText, NOT_DEFINED } from '../../format.js';
import { tableFor } from '../../vectors/store.js';
import { tableCaseFacts } from '../../vectors/case-note.js';
import { buildLabReport, labMarkdown, labNumpyScript } from '../../vectors/report.js';
import { part, parts, keptTable, headedTable, morePart } from '../../components/parts.js';
import { mountAssignment } from './assignment.js';

export const view = {
  mount(root, { core, jobs, state, update }) {
    const view = select(root).append('section').attr('id', 'lab').attr('class', 'view').attr('aria-labelledby', 'lab-title');
    view.append('h2').attr('id', 'lab-title').text('Assignment lab: real word vectors, recorded');
    view.append('p').attr('class', 'lead').text(
      'The assignment swaps the random table for pretrained vectors (GloVe by default here) and records what changes.',
    );
    let assignment = null; // the steps and the positional-encoding question, above the results
    const mounted = mountTwoSentences(view, {
      core, jobs, state, update, resultsId: 'lab-results',
      draw: (results, experiment, current) => {
        const table = tableFor(current.source);
        const report = buildLabReport(experiment, current, { fileName: current.source === 'file' ? table?.fileName : undefined, caseFacts: tableCaseFacts(current.source, table) });
        drawReport(results, { report, experiment });
        assignment.render(experiment, report, current);
      },
    });
    assignment = mountAssignment(view, { core, before: view.select('#lab-results').node() });
    return mounted;
  },
};

/**
 * The report under the sentences, made once and filled in place (components/parts.js): an open
 * preview stays open, sentence 1's table stays where the first screen put it, rows are joined.
 */
function drawReport(results, { report, experiment }) {
  const exports = part(results, 'section.stage', 'export').attr('aria-labelledby', 'lab-export');
  part(exports, 'h3', 'title').attr('id', 'lab-export').text('Export the report');
  const buttons = part(exports, 'div.lab-exports', 'buttons');
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
  // the handlers are set again on each render: a click exports the report on screen now
  part(buttons, 'button', 'md').attr('type', 'button').attr('id', 'export-md').text('Markdown (.md)').on('click', () => download('attention-report.md', 'text/markdown', md));
  part(buttons, 'button', 'json').attr('type', 'button').attr('id', 'export-json').text('JSON (.json)').on('click', () => download('attention-report.json', 'application/json', `${JSON.stringify(report, null, 1)}\n`));
  part(buttons, 'button', 'py').attr('type', 'button').attr('id', 'export-py').text('NumPy script (.py)').on('click', () => download('attention_report.py', 'text/x-python', labNumpyScript(report)));
  part(exports, 'p.muted', 'script').text('The script holds the vectors the page used and regenerates W_q, W_k, W_v with NumPy’s default_rng, so python3 attention_report.py prints the same weights and cosines (to float rounding).');
  const preview = part(exports, 'details', 'preview');
  part(preview, 'summary', 'summary').text('Preview the Markdown');
  part(preview, 'pre.export-preview', 'markdown').attr('id', 'md-preview').text(md);

  const facts = part(results, 'section.stage', 'facts').attr('aria-labelledby', 'lab-source');
  part(facts, 'h3', 'title').attr('id', 'lab-source').text('Source, width and missing words');
  const m = report.missing_words;
  const factList = [
    ['source', `Source: ${report.source.name}${report.source.file ? ` (file ${report.source.file})` : ''}.`],
    ['width', `Widths: d_model = ${report.source.d_model}, d_k = ${report.source.d_k}, d_v = ${report.source.d_v}.`],
    ['oov', m.words.length
      ? `Missing words: ${m.words.map((w) => `“${w}”`).join(', ')} (policy: ${m.policy}). ${m.consequence}`
      : `Missing words: none (the chosen policy, “${m.policy}”, had nothing to do).`],
    ['case', `Case: ${m.case_handling}`],
  ];
  parts(part(facts, 'ul.facts', 'list'), 'li', factList, ([key]) => key, (li, [key, text]) => {
    li.attr('data-fact', key).attr('id', key === 'oov' ? 'oov-report' : null).text(text);
  });

  parts(part(results, 'div.lab-sentences', 'sentences'), 'section.stage', report.sentences, (_, k) => k, (sec, s, k) => drawSentence(sec, s, k + 1));

  const cos = part(results, 'section.stage', 'cosines').attr('aria-labelledby', 'lab-cosines');
  part(cos, 'h3', 'title').attr('id', 'lab-cosines').text(`Cosines of “${report.target}”`);
  const cosines = [...experiment.cosines, ...experiment.contextualVsRawWords.map((x) => ({ ...x, name: `word:${x.name}` }))];
  parts(headedTable(cos, 'table', 'cosine-table lab-cosines', ['comparison', 'cosine']), 'tr', cosines, (c) => c.name, (tr, c) => {
    tr.attr('data-cosine', c.name);
    part(tr, 'th', 'label').attr('scope', 'row').text(c.description);
    part(tr, 'td.value', 'value').attr('data-full', c.value == null ? '' : full(c.value)).text(c.value == null ? `${NOT_DEFINED}: ${c.whyUndefined}` : num(c.value));
  });

  const un = part(results, 'section.stage', 'untrained').attr('aria-labelledby', 'lab-untrained');
  part(un, 'h3', 'title').attr('id', 'lab-untrained').text('What stays untrained');
  const untrained = [
    ...report.untrained_parameters.map((p) => `${p.name}: ${p.how}; shapes ${p.shapes.map((x) => shapeText(x[0], x[1])).join(', ')}.`),
    ...report.trained_but_frozen.map((p) => `Trained, but frozen here: ${p.name}, ${p.how}.`),
    ...report.frozen_of_unknown_origin.map((p) => `Frozen here, origin unknown: ${p.name}, ${p.how}.`),
    `Not parameters at all: ${report.not_parameters}.`,
  ];
  parts(part(un, 'ul.facts', 'list'), 'li', untrained, (_, i) => i, (li, text) => li.text(text));
  const inputs = {
    glove: 'Pretrained inputs do not make the attention block trained: ',
    file: 'Whatever your file’s vectors carry, they do not make the attention block trained: ',
  }[report.source.kind] ?? '';
  part(un, 'p.muted', 'caveat').text(`${inputs}${inputs ? 'the' : 'The'} projections are as random as in the notebook, so no cosine here can show an improvement in meaning.`);
}

/** One sentence's section: every shape, and attn_weights with its row sums. */
function drawSentence(sec, s, n) {
  sec.attr('aria-labelledby', `lab-s${n}`);
  part(sec, 'h3', 'title').attr('id', `lab-s${n}`).text(`Sentence ${n}: ${s.tokens.join(' ')}`);
  const shapes = keptTable(morePart(sec, 'shapes-fold', 'every shape'), 'shapes', 'shapes').attr('data-sentence', n);
  part(shapes, 'caption', 'caption').text('Every shape');
  parts(part(part(shapes, 'thead', 'head'), 'tr', 'row'), 'th', ['matrix', 'shape', 'rows are', 'columns are'], (h) => h, (th, h) => th.attr('scope', 'col').text(h));
  parts(part(shapes, 'tbody', 'body'), 'tr', s.shapes, (x) => x.name, (tr, x) => {
    tr.attr('data-name', x.name);
    part(part(tr, 'th', 'name').attr('scope', 'row'), 'code', 'code').text(x.name);
    part(tr, 'td.shape', 'shape').text(shapeText(x.shape[0], x.shape[1]));
    part(tr, 'td', 'rows').text(x.rows);
    part(tr, 'td', 'cols').text(x.cols);
  });
  const attn = keptTable(sec, 'attn', 'lab-attn cosine-table').attr('data-sentence', n);
  // Named in full: sentence 1's table is moved to the top of the chapter, away from its heading
  // (components/first-screen.js), and each table must still say which sentence it is.
  part(attn, 'caption', 'caption').text(`attn_weights of sentence ${n}, “${s.tokens.join(' ')}” (rows: queries, columns: keys) and row sums`);
  // columns by position (a token may repeat), then the row sum
  const heads = ['query \\ key', ...s.tokens, 'row sum'];
  parts(part(part(attn, 'thead', 'head'), 'tr', 'row'), 'th', heads, (_, j) => j, (th, h) => th.attr('scope', 'col').text(h));
  parts(part(attn, 'tbody', 'body'), 'tr', s.attn_weights, (_, i) => i, (tr, row, i) => {
    part(tr, 'th', 'token').attr('scope', 'row').text(s.tokens[i]);
    // the weights by position, then the row sum: one join, so the sum stays last
    const cells = [...Array.from(row, (v) => ({ v, sum: false })), { v: s.row_sums[i], sum: true }];
    parts(tr, 'td', cells, (_, j) => j, (td, c) => td.attr('class', c.sum ? 'row-sum' : 'value')
      .attr('data-full', c.sum ? null : full(c.v)).text(num(c.v)));
  });
}
