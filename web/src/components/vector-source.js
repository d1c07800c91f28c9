// Where a view's vectors come from: the source select, the missing-word policy, and for a
// learner's own file the picker (or drop), a cap on words kept, a progress bar and Cancel.
// Mounted once per view; render(state, report) refreshes what it says.
import { select } from 'd3';
import { moreFold } from './more.js';
import { caseNoteText } from '../vectors/case-note.js';
import { SOURCES, isPretrained, tableFor, loadGlove, gloveLoading, gloveFailure, clearGloveFailure, loadVectorFile, prepareVectorReader, EXAMPLE_WORDS } from '../vectors/store.js';

const OOV_TEXT = {
  zero: 'zero vector',
  skip: 'skip the word',
  random: 'random vector (from the table seed)',
};
// At most 100,000 kept: 100,000 x 300 floats is 120 MB, which a tab can hold (twice, while handing it over).
const CAPS = [5000, 20000, 50000, 100000];

/**
 * @param {d3.Selection} parent
 * @param {{core, state, onChange: (patch) => void, sentences: () => string[]}} options
 */
export function createVectorSource(parent, { core, state, onChange, sentences }) {
  const box = parent.append('fieldset').attr('class', 'vector-source');
  box.append('legend').text('Word vectors');
  const row = box.append('div').attr('class', 'control-row');
  const sourceBox = row.append('div').attr('class', 'control');
  sourceBox.append('label').attr('for', 'source').text('Numbers from');
  const sourceSelect = sourceBox.append('select').attr('id', 'source').on('change', (e) => {
    if (e.target.value === 'glove') clearGloveFailure(); // picking it again retries a failed load
    onChange({ source: e.target.value });
  });
  for (const s of SOURCES) sourceSelect.append('option').attr('value', s.value).text(s.label);
  const oovBox = row.append('div').attr('class', 'control oov');
  oovBox.append('label').attr('for', 'oov').text('Missing words get');
  const oovSelect = oovBox.append('select').attr('id', 'oov').on('change', (e) => onChange({ oov: e.target.value }));
  for (const [value, label] of Object.entries(OOV_TEXT)) oovSelect.append('option').attr('value', value).text(label);

  const fileBox = box.append('div').attr('class', 'vector-file');
  const drop = fileBox.append('div').attr('class', 'drop-zone');
  drop.append('label').attr('for', 'vector-file').text('Vector file (.txt, .vec, .bin): choose or drop it here; it is read in this tab and never sent anywhere');
  const input = drop.append('input').attr('id', 'vector-file').attr('type', 'file').attr('accept', '.txt,.vec,.bin,text/plain,application/octet-stream');
  const capBox = fileBox.append('div').attr('class', 'control');
  capBox.append('label').attr('for', 'max-words').text('Keep the first');
  const cap = capBox.append('select').attr('id', 'max-words');
  for (const n of CAPS) cap.append('option').attr('value', n).text(`${n.toLocaleString('en')} words`);
  cap.property('value', 20000);
  const progressRow = fileBox.append('div').attr('class', 'progress-row').attr('hidden', true);
  const progress = progressRow.append('progress').attr('id', 'vector-progress').attr('max', 1).attr('value', 0).attr('aria-label', 'Reading the vector file');
  const progressText = progressRow.append('span').attr('class', 'progress-text').attr('aria-live', 'polite');
  const cancel = progressRow.append('button').attr('type', 'button').attr('id', 'vector-cancel').text('Cancel');
  const fileError = fileBox.append('div').attr('class', 'error-box').attr('id', 'vector-error').attr('role', 'alert');
  const summary = box.append('p').attr('class', 'vector-summary').attr('id', 'vector-summary').attr('aria-live', 'polite');
  // how the words were matched, folded under the summary (issue 34: the default page stays short)
  const caseFold = select(moreFold(box, 'upper and lower case', { name: 'case' }).node().parentNode);
  const caseNote = caseFold.select('.more-body').append('p').attr('class', 'muted case-note');

  let pending = null;
  let currentSource = state.source;
  const showError = (message) => fileError.selectAll('p').data(message ? [message] : []).join('p').attr('class', 'error').text((d) => d);
  const start = (file) => {
    if (!file) return;
    if (currentSource !== 'file') onChange({ source: 'file' }); // show the progress where the picker is
    pending?.cancel();
    showError('');
    const wanted = [...EXAMPLE_WORDS];
    for (const s of sentences()) for (const t of core.tokenize(s, 64).tokens) wanted.push(t.key, t.text);
    progressRow.attr('hidden', null);
    progress.attr('value', 0);
    progressText.text(`Reading ${file.name}…`);
    const job = loadVectorFile(file, {
      core,
      maxWords: Number(cap.property('value')),
      wanted,
      onProgress: (bytes, total) => {
        progress.attr('value', total ? bytes / total : 1);
        progressText.text(`${(bytes / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB read`);
      },
    });
    pending = job;
    job.promise.then(() => {
      if (pending !== job) return;
      pending = null;
      progressRow.attr('hidden', true);
      // Receiving the table (its words then indexed a slice per task, store.js) comes first;
      // drawing with it runs after a frame: in one task they paused the page for 50–75 ms.
      onChange({ source: 'file' }, { afterPaint: true });
    }, (error) => {
      if (pending !== job) return;
      pending = null;
      progressRow.attr('hidden', true);
      showError(error.cancelled ? 'Loading was cancelled; the previous vectors (if any) are still in use.' : `This file could not be used: ${error.message}`);
    });
  };
  input.on('change', (e) => {
    const file = e.target.files?.[0];
    // Cleared at once, so choosing the same file again (after fixing it, or after Cancel) loads it again.
    e.target.value = '';
    start(file);
  });
  cancel.on('click', () => pending?.cancel());
  // A file dropped anywhere on the view is read too (and switches to "My own vector file").
  const area = select(box.node().closest('.view') ?? box.node());
  const hasFiles = (e) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
  area.on('dragover.vectors', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    drop.classed('dragging', true);
  })
    .on('dragleave.vectors', () => drop.classed('dragging', false))
    .on('drop.vectors', (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      drop.classed('dragging', false);
      start(e.dataTransfer.files[0]);
    });

  return {
    /** Refreshes the panel; starts the GloVe download the first time it is chosen. */
    render(current, report) {
      currentSource = current.source;
      sourceSelect.property('value', current.source);
      oovSelect.property('value', current.oov);
      const pretrained = isPretrained(current.source);
      oovBox.attr('hidden', pretrained ? null : true);
      fileBox.attr('hidden', current.source === 'file' ? null : true);
      const caseText = pretrained && report?.oov ? caseNoteText(report.oov.caseNote, current.source, tableFor(current.source)) : '';
      caseNote.text(caseText);
      caseFold.attr('hidden', caseText ? null : '');
      // the picker is shown: the worker that will read the file starts and warms up meanwhile
      if (current.source === 'file' && !tableFor('file')) prepareVectorReader();
      if (current.source === 'glove' && !tableFor('glove') && !gloveLoading() && !gloveFailure()) {
        // Redraw either way: with the vectors, or with the reason they are missing.
        loadGlove(core).then(() => onChange({}), () => onChange({}));
      }
      summary.text(describe(current, report))
        .attr('data-wasm-heap', tableFor(current.source)?.summary?.wasmHeapBytes ?? null); // read by bench/vector-file.mjs
    },
  };
}

function describe(state, report) {
  if (state.source === 'numpy' || state.source === 'torch') {
    // before the first good result (an empty sentence in the link) the width asked for
    return `Random, untrained table from the ${state.source === 'numpy' ? 'NumPy' : 'PyTorch'} notebook's seed; d_model = ${report?.dModel ?? state.dModel}.`;
  }
  if (state.source === 'onehot') {
    return `One axis per vocabulary word, so d_model${report ? ` = ${report.dModel}` : ''} is the vocabulary size; different words have cosine 0.`;
  }
  const table = tableFor(state.source);
  if (!table) return state.source === 'glove' ? 'Loading the GloVe subset…' : 'No file loaded yet.';
  const s = table.summary ?? {};
  const kept = `${table.words.length.toLocaleString('en')} words × ${table.dim}`;
  const extra = s.vectorsSeen && s.vectorsSeen > table.words.length ? ` (of ${s.vectorsSeen.toLocaleString('en')} in the file)` : '';
  const format = s.format ? `, ${s.format}${s.hasHeader ? ' with a header line' : ''}` : '';
  const caseText = s.lowercaseOnly === false ? '; the file has capitals' : '';
  return `${table.name}: ${kept}${extra}${format}${caseText}. d_model = ${table.dim}.`;
}
