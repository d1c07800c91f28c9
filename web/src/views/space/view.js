// The embedding space (issue 17, Class 04's projector): a cloud of word vectors laid out by PCA
// (t-SNE and UMAP when the core has them), drawn in 2-D or 3-D, with every neighbour read in the
// original space. Besides word tables: the trained encoder's token table, and ambiguous words'
// contextual vectors coloured by sense (views/space/sources.js). The layout and every
// measurement run in workers/space-worker.js (through core/worker-client.js); this module keeps
// the controls, draws what the worker sends, and drops anything from an older run.
import { select } from 'd3';
import { createStatus } from '../../components/status.js';
import { moreFold } from '../../components/more.js';
import { figureAttr } from '../../components/figures.js';
import { createSpacePlot } from '../../components/space-plot.js';
import { loadGlove, loadVectorFile, prepareVectorReader } from '../../vectors/store.js';
import { text } from '../../params.js';
import { renderNeighbours, renderReport, renderVariance } from './panels.js';
import { readout, projectionText, randomTableText, piecesText, progressLine, longRunText, umapPartsText, TSNE_NOTE, UNITS } from './text.js';
import { contextTable, encoderTable, findPoint, isContext, needsModel } from './sources.js';
import { renderSenses } from './senses.js';
import { COLOUR_OPTIONS, colourMode, listWords, renderColourLegend, renderRingsLegend } from './colour.js';
import { ANALOGY_K, buildAnalogy } from './analogy.js';
import { buildModelLoader, modelUrl } from '../../components/model-loader.js';
import { sharedEncoderClient } from '../../core/encoder-client.js';
import { createWorkerClient, isDropped } from '../../core/worker-client.js';

const K = 10;
const FAMILY = ['husband', 'wife', 'father', 'mother', 'daughter', 'son', 'prince', 'princess', 'computer'];
const SURVIVAL_DIMS = [50, 20, 10, 2];
const QUERIES = 500; // words measured for recall and survival, spread over the frequency ranks
const TRUST_POINTS = 1500;
// t-SNE and UMAP of more points than the chapter's default are timed on a sample first (the
// worker's `estimate`); one that would take this long waits for the learner's Start
const ASK_ABOVE_POINTS = 5000;
const ASK_ABOVE_MS = 8000;

export const view = {
  mount(root, { core, state, update, drawnLater }) {
    const view = select(root).append('section').attr('id', 'space-view').attr('class', 'view').attr('aria-labelledby', 'space-title');
    view.append('h2').attr('id', 'space-title').text('The embedding space');
    view.append('p').attr('class', 'lead').text(
      'Each word is a point in as many dimensions as its vector has numbers; its neighbours are measured in that space.',
    );
    const ui = buildControls(view, core, state, update);
    const client = sharedEncoderClient();
    const loader = buildModelLoader(view, { prefix: 'space' });
    if (client.ready) client.loaded.then((bytes) => loader.loaded(bytes)); // loaded in another chapter
    view.append('div').attr('class', 'status-slot');
    const results = view.append('div').attr('id', 'space-results');
    const status = createStatus(view.select('.status-slot'), results.node());
    const figure = results.append('section').attr('class', 'stage').call(figureAttr, 'space_map');
    figure.append('h3').attr('id', 'space-map-title').text('The points, projected');
    const readoutLine = figure.append('p').attr('id', 'space-readout').attr('class', 'formula');
    const progress = figure.append('div').attr('class', 'space-progress');
    const bar = progress.append('progress').attr('id', 'space-progress').attr('max', 1).property('value', 0);
    const progressText = progress.append('span').attr('id', 'space-progress-text');
    const pause = progress.append('button').attr('type', 'button').attr('id', 'space-pause').text('Pause').property('disabled', true);
    const cancel = progress.append('button').attr('type', 'button').attr('id', 'space-cancel').text('Cancel').property('disabled', true);
    const longRun = figure.append('div').attr('id', 'space-long-run').attr('class', 'space-long-run').attr('hidden', true);
    const longRunLine = longRun.append('p').attr('role', 'status');
    const startLong = longRun.append('button').attr('type', 'button').attr('id', 'space-start-long');
    const plotHolder = figure.append('div').attr('class', 'space-plot').node();
    const legend = figure.append('div').attr('class', 'space-legend-box');
    const sourceNote = figure.append('p').attr('id', 'space-source-note');
    figure.append('p').attr('class', 'hint').text('Click or tap a point to read its neighbours; in 3-D, drag to rotate. The wheel or a pinch zooms.');
    const partsNote = figure.append('p').attr('id', 'space-umap-parts');
    const projection = figure.append('p').attr('id', 'space-projection');
    const side = results.append('section').attr('class', 'stage').attr('aria-labelledby', 'space-neighbours-title');
    side.append('h3').attr('id', 'space-neighbours-title').text('Neighbours: the original space beside the layout');
    const randomNote = side.append('p').attr('id', 'space-random-note');
    const neighbours = side.append('div').attr('class', 'space-neighbours');
    const analogy = buildAnalogy(results, update);
    const variance = results.append('section').attr('class', 'stage').attr('id', 'space-variance');
    const sensesBox = results.append('div').attr('id', 'space-senses-box');
    const report = results.append('div').attr('id', 'space-report');
    moreFold(results, 't-SNE against PCA', { name: 'tsne-note' }).append('p').attr('id', 'space-tsne-note').text(TSNE_NOTE);

    const plot = createSpacePlot(plotHolder, { onPick: (i) => words && update({ spaceWord: words[i] }) });
    let run = 0; // the run the page listens to; answers to older runs are dropped
    let unmounted = false;
    let words = null;
    let dataKey = '';
    let layoutKey = '';
    let frame = null;
    let picked = { original: [], inLayout: [], query: -1 };
    let current = state;
    let fileTable = null;
    let paused = false;
    let reportList = null; // the word list the last report was asked for
    let layoutRequest = null; // the running layout's request (Cancel cancels it)
    let legendKey = ''; // what the legend shows, to draw it again only when that changes
    let analogyKey = ''; // the words and data the analogy answer was asked for
    let startedLong = ''; // the layout key the learner chose to start although it is long

    const spaceWorker = createWorkerClient({
      start: () => new Worker(new URL('../../workers/space-worker.js', import.meta.url), { type: 'module' }),
      name: 'background worker',
      stoppedText: (cause, detail) => (cause === 'start' ? `The background worker could not start here (${detail}).` : `The background worker stopped: ${detail}`),
      onStopped: (error) => status.error(error.message), // every request it held is rejected too
    });

    /**
     * Asks the worker for `kind`; `use(result)` is called only if the run is still the page's.
     * Each kind is a channel: a newer question of a kind replaces the older one's answer.
     */
    function ask(kind, payload, use, options = {}) {
      const myRun = run;
      const asked = spaceWorker.request(kind, payload, { channel: kind, ...options });
      asked.then((result) => {
        if (myRun !== run) return;
        use(result);
        drawnLater();
      }, (error) => { if (myRun === run && !isDropped(error)) failed(error.message); });
      return asked;
    }

    // The contextual vectors (views/space/sources.js) await their answers: a newer run drops them.
    const askWorker = ({ type, ...payload }) => spaceWorker.request(type, payload, { channel: type });

    function failed(message) {
      const point = /\bpoint (\d+)\b/.exec(message);
      const word = point && words?.[Number(point[1]) - 1];
      status.error(word ? `${message} (point ${point[1]} is “${word}”)` : message);
      progressText.text('Nothing new to draw: see the message above.');
      buttons(false);
      view.attr('data-state', 'error');
    }

    function showNeighbours(m) {
      picked = m;
      renderNeighbours(neighbours, { picked, words, k: K, outDim: frame?.outDim ?? 2, onPick: (i) => update({ spaceWord: words[i] }), sentences: dataset?.senses?.sentences });
      draw();
      randomNote.text(current.spaceData === 'random' && m.original.length ? randomTableText(m.original[0].value, m.original.at(-1).value, m.original.length) : '');
      view.attr('data-neighbours', words[m.query]);
    }

    function showReport(m) {
      renderReport(report, m, { k: K, method: methodName(current.spaceMethod), outDim: frame.outDim, unit: unit(), wordExercises: !isContext(current.spaceData), random: current.spaceData === 'random' });
      if (m.senses) renderSenses(sensesBox, m.senses, { source: current.spaceData, baseline: dataset.baseline, mixing: dataset.mixing, method: methodName(current.spaceMethod), outDim: frame.outDim });
      view.attr('data-report', String(run));
    }

    function drawFrame(m) {
      frame = m;
      status.error('');
      bar.property('value', m.iteration / m.total);
      progressText.text(progressLine(methodName(current.spaceMethod), m, unit().many))
        .attr('data-elapsed-ms', m.elapsedMs === undefined ? null : String(m.elapsedMs))
        .attr('data-estimate-ms', m.estimateMs === undefined ? null : String(m.estimateMs))
        .attr('data-threads', m.threads === undefined ? null : String(m.threads));
      if (m.pca) renderVariance(variance, m.pca, words.length, dim(), m.outDim);
      projection.text(projectionText(words.length, dim(), m.outDim, unit()));
      readoutLine.text(readout(words.length, dim(), m.outDim));
      draw();
      view.attr('data-frame', `${run} ${m.iteration}`); // this run's latest frame is drawn (the first-frame benchmark waits on it)
      if (m.preparing) view.attr('data-start-drawn', String(run)); // the start, drawn before the neighbours were found
      buttons(!m.done);
      partsNote.text(umapPartsText(m.parts, words, unit())).attr('data-parts', m.parts ? String(m.parts.count) : null);
      if (m.done) {
        view.attr('data-layout', String(run));
        askNeighbours();
        askReport();
      }
    }

    const dim = () => (current.spaceData === 'random' ? 100 : dataset.dim);
    const unit = () => (isContext(current.spaceData) ? UNITS.sentence : current.spaceData === 'encoder' ? UNITS.piece : current.spaceData === 'file' ? UNITS.fileWord : UNITS.word);
    let dataset = null;

    function draw() {
      if (!frame) return;
      const mode = colourMode(current.spaceData, current.spaceColour);
      const colours = mode === 'sense' ? dataset?.senses?.colours ?? null : null;
      const listed = mode === 'list' ? new Set(listIndices()) : new Set();
      const marked = new Set(picked.original.map((n) => n.index));
      plot.draw({ layout: frame.layout, outDim: frame.outDim, listed, marked, selected: picked.query, labels: words, colours });
      showLegend();
      renderRingsLegend(legend, { word: picked.query >= 0 ? words[picked.query] : null, count: marked.size, dim: dim(),
        points: isContext(current.spaceData) ? 'points' : unit().many });
    }

    function listIndices() {
      return listWords(current.spaceList).map((w) => findPoint(words, w)).filter((i) => i >= 0);
    }

    /** The colour's legend, drawn again only when the colouring, the list or the points change. */
    function showLegend() {
      if (!words) return;
      const mode = colourMode(current.spaceData, current.spaceColour);
      const key = `${dataKey}|${words.length}|${mode}|${current.spaceColour}|${mode === 'list' ? current.spaceList : ''}`;
      if (key === legendKey) return;
      legendKey = key;
      const typed = [...new Set(listWords(current.spaceList))];
      renderColourLegend(legend, { mode, asked: current.spaceColour, source: current.spaceData, n: words.length, classes: dataset?.senses?.classes ?? null,
        found: typed.filter((w) => findPoint(words, w) >= 0), missing: typed.filter((w) => findPoint(words, w) < 0) });
    }

    /** The analogy a − b + c, asked again when a word or the points change. */
    function askAnalogy() {
      if (!words || isContext(current.spaceData)) return;
      const typed = [current.spaceA, current.spaceB, current.spaceC];
      const key = `${dataKey}|${typed.join('|')}`;
      if (key === analogyKey) return;
      analogyKey = key;
      const [a, b, c] = typed.map((w) => findPoint(words, w));
      view.attr('data-analogy', null);
      const missing = typed.filter((w, i) => [a, b, c][i] < 0);
      if (missing.length) {
        analogy.missing([...new Set(missing.map((w) => w || '(an empty field)'))], words.length, unit());
        view.attr('data-analogy', 'missing');
        return;
      }
      const query = { a: words[a], b: words[b], c: words[c], d: dim(), unit: unit() };
      const source = current.spaceData;
      const myRun = run, myWords = words;
      // not through ask(): a refusal (a − b + c = 0) is said in the section, and the layout goes on
      spaceWorker.request('analogy', { a, b, c, k: Math.min(ANALOGY_K, words.length - 3) }, { channel: 'analogy' }).then((nearest) => {
        if (myRun !== run) return;
        analogy.show(nearest, { words: myWords, query, source });
        view.attr('data-analogy', String(run));
        drawnLater();
      }, (error) => {
        if (myRun !== run || isDropped(error)) return;
        analogy.failed(error.message);
        view.attr('data-analogy', 'missing');
      });
    }

    function askNeighbours() {
      let query = findPoint(words, current.spaceWord);
      if (query < 0 && isContext(current.spaceData)) query = 0; // a sentence's label is not typed: start at the first
      if (query < 0) {
        status.error(`“${current.spaceWord}” is not among these ${words.length.toLocaleString('en')} ${unit().many}. ${unit().more ? `Try a more frequent ${unit().one}, or ${unit().more}.` : 'Check the spelling.'}`);
        return;
      }
      status.error('');
      view.attr('data-neighbours', null); // set again by this question's answer
      ask('neighbours', { query, k: Math.min(K, words.length - 1) }, showNeighbours);
    }

    function askReport() {
      const n = words.length;
      const step = Math.max(1, Math.floor(n / QUERIES));
      const queries = Array.from({ length: Math.min(QUERIES, n) }, (_, i) => i * step).filter((q) => q < n);
      const at = (w) => findPoint(words, w);
      const analogy = ['king', 'queen', 'man', 'woman'].map(at);
      const members = listIndices();
      reportList = current.spaceList;
      const senses = dataset.senses ? { words: dataset.senses.words, senses: dataset.senses.senses } : null;
      view.attr('data-report', null); // set again by this question's answer
      ask('report', { k: Math.min(K, n - 1), queries, dimensions: SURVIVAL_DIMS,
        members, analogy: analogy.every((i) => i >= 0) ? analogy : null, trustPoints: TRUST_POINTS, senses }, showReport);
    }

    function buttons(running) {
      pause.property('disabled', !running).text(paused ? 'Resume' : 'Pause');
      cancel.property('disabled', !running);
    }
    pause.on('click', () => {
      paused = !paused;
      spaceWorker.request(paused ? 'pause' : 'resume').catch(() => {});
      buttons(true);
    });
    cancel.on('click', () => {
      layoutRequest?.cancel(); // the worker stops stepping; the last frame stays
      progressText.text('Cancelled: the last frame stays on screen.');
      buttons(false);
    });

    async function loadData(s) {
      const myRun = ++run;
      for (const kind of ['senseTask', 'senseVectors', 'neighbours', 'report', 'analogy']) spaceWorker.cancel(kind); // of the older run
      frame = null;
      picked = { original: [], inLayout: [], query: -1 };
      dataset = null;
      words = null;
      legendKey = '';
      analogyKey = '';
      analogy.clear();
      analogy.section.style('display', isContext(s.spaceData) ? 'none' : null); // sentences are no words to add
      view.attr('data-layout', null).attr('data-neighbours', null).attr('data-report', null).attr('data-state', null).attr('data-analogy', null);
      sensesBox.selectAll('*').remove();
      legend.selectAll('*').remove();
      sourceNote.text('');
      loader.box.style('display', needsModel(s.spaceData) ? null : 'none');
      if (needsModel(s.spaceData) && !client.ready) {
        // nothing of the previous source stays on screen while the model is missing
        spaceWorker.cancel('layout'); // stops a running layout
        plot.draw({ layout: new Float32Array(0), outDim: 2, listed: new Set(), marked: new Set(), selected: -1, labels: [], colours: null });
        for (const panel of [neighbours, variance, report]) panel.selectAll('*').remove();
        for (const line of [readoutLine, projection, randomNote]) line.text('');
        if (client.loaded) startLoading(); // loading already (this chapter or the trained one): wait for it
        progressText.text(client.loaded ? 'Loading the trained model…' : 'These vectors come from the trained encoder: load it with the button above (once; it stays loaded for the page).');
        view.attr('data-state', 'needs-model');
        return;
      }
      progressText.text('Loading the vectors…');
      try {
        let table;
        if (s.spaceData === 'file') {
          if (!fileTable) {
            prepareVectorReader(); // the picker is shown: the reading worker starts and warms up meanwhile
            throw new Error('Choose a vector file (GloVe or word2vec text format) with the field above.');
          }
          table = fileTable;
        } else if (s.spaceData === 'encoder') {
          table = await encoderTable(client, s.spaceCount);
        } else if (isContext(s.spaceData)) {
          table = await contextTable(s.spaceData, { client, ask: askWorker, glove: s.spaceData === 'ctx-block' ? await loadGlove(core) : null });
        } else {
          table = await loadGlove(core);
        }
        if (myRun !== run || !table) return; // switched again while loading
        dataset = table;
        const n = s.spaceData === 'glove' || s.spaceData === 'random' ? Math.min(s.spaceCount, dataset.words.length) : dataset.words.length;
        const d = s.spaceData === 'random' ? 100 : dataset.dim;
        words = dataset.words.slice(0, n);
        const points = s.spaceData === 'random' ? core.randomTable(n, 100, 0) : dataset.data.slice(0, n * dataset.dim);
        randomNote.text('');
        showLegend();
        if (dataset.pieces) sourceNote.text(piecesText(n, d, dataset.pieces));
        view.attr('data-state', null);
        ask('load', { points, n, d }, () => {}, { transfer: [points.buffer] });
        askAnalogy();
        runLayout(current, false); // the method or dimension may have changed while loading
      } catch (error) {
        if (myRun === run) {
          status.error(error.message);
          if (needsModel(s.spaceData) && !client.ready) loader.failed(); // the worker died: offer to load again
        }
      }
    }

    function startLoading() {
      loader.loading();
      client.load(modelUrl(), loader.progress).then(
        (bytes) => {
          loader.loaded(bytes);
          if (needsModel(current.spaceData) && !dataset) {
            dataKey = '';
            render(current);
          }
        },
        (error) => {
          loader.failed();
          status.error(error.message);
          if (needsModel(current.spaceData)) progressText.text('Nothing to draw: the trained model did not load (see the message above).');
        },
      );
    }
    loader.button.on('click', () => {
      status.error('');
      startLoading();
    });

    function runLayout(s, newRun = true) {
      // the vectors are still loading (or none could be): the load starts the layout of the
      // latest settings when it ends
      if (!words) return;
      if (newRun) run += 1;
      // the signals of the previous layout go with it: its neighbours and report describe another layout
      view.attr('data-layout', null).attr('data-neighbours', null).attr('data-report', null);
      paused = false;
      bar.property('value', 0);
      longRun.attr('hidden', true);
      if (s.spaceMethod !== 'pca' && words.length > ASK_ABOVE_POINTS && startedLong !== layoutKey) {
        // a long run is timed on a sample first, and waits for Start when it would take long
        progressText.text(`${methodName(s.spaceMethod)}: timing a sample of the ${unit().many} first…`);
        ask('estimate', { method: s.spaceMethod, outDim: s.spaceDim }, (estimate) => {
          if (estimate.ms < ASK_ABOVE_MS) startLayout(s);
          else askToStart(s, estimate);
        });
        return;
      }
      startLayout(s);
    }

    function askToStart(s, estimate) {
      const method = methodName(s.spaceMethod);
      progressText.text(`${method}: not started.`);
      longRunLine.text(longRunText(method, estimate, unit().many));
      const key = layoutKey;
      startLong.text(`Start ${method} (up to about ${Math.round(estimate.ms / 1000)} s)`).on('click', () => {
        startedLong = key;
        longRun.attr('hidden', true);
        startLayout(current);
      });
      longRun.attr('hidden', null);
      view.attr('data-state', 'asking').attr('data-estimate-ms', String(Math.round(estimate.ms)));
    }

    function startLayout(s) {
      view.attr('data-state', null).attr('data-estimate-ms', null);
      progressText.text(`${methodName(s.spaceMethod)}: starting…`);
      const myRun = run;
      layoutRequest = ask('layout', { method: s.spaceMethod, outDim: s.spaceDim }, () => {}, {
        onUpdate: (type, m) => { if (type === 'frame' && myRun === run) drawFrame(m); },
      });
    }

    ui.file.on('change', (e) => {
      const file = e.target.files?.[0];
      if (!file) return;
      const loading = loadVectorFile(file, { core, maxWords: 20000, onProgress: (bytes, total) => progressText.text(`Reading your file: ${Math.round((100 * bytes) / total)} %`) });
      loading.promise.then((table) => {
        fileTable = table;
        dataKey = '';
        if (current.spaceData === 'file') render(current); else update({ spaceData: 'file' });
      }).catch((error) => status.error(`Your file could not be read: ${error.message}`));
    });

    spaceWorker.start(); // its core loads while the page loads the vectors

    function render(s) {
      if (unmounted) return; // a model load that ends after the chapter was left
      current = s;
      ui.sync(s);
      analogy.sync(s);
      const nextData = `${s.spaceData}|${s.spaceData === 'file' ? fileTable?.words.length : isContext(s.spaceData) ? '' : s.spaceCount}`;
      const nextLayout = `${nextData}|${s.spaceMethod}|${s.spaceDim}`;
      if (nextData !== dataKey) {
        dataKey = nextData;
        layoutKey = nextLayout;
        loadData(s);
        return;
      }
      if (nextLayout !== layoutKey) {
        layoutKey = nextLayout;
        frame = null;
        runLayout(s);
        return;
      }
      askAnalogy(); // asked as soon as the points are loaded; it needs no layout
      if (frame?.done && words) {
        if (words[picked.query] !== s.spaceWord.toLowerCase()) askNeighbours();
        if (reportList !== s.spaceList) askReport(); // the coordinate exercise follows the list
        draw();
      }
    }

    return {
      status,
      render,
      unmount() {
        unmounted = true;
        run += 1; // a load still awaiting its vectors asks nothing more
        spaceWorker.dispose();
      },
    };
  },
};

function methodName(method) {
  return { pca: 'PCA', tsne: 't-SNE', umap: 'UMAP' }[method];
}

function buildControls(view, core, state, update) {
  const form = view.append('form').attr('class', 'controls').attr('novalidate', true).on('submit', (e) => e.preventDefault());
  const row = form.append('div').attr('class', 'control-row');
  const select_ = (id, label, options, key) => {
    const box = row.append('div').attr('class', 'control');
    box.append('label').attr('for', id).text(label);
    const s = box.append('select').attr('id', id).on('change', (e) => update({ [key]: key === 'spaceDim' ? Number(e.target.value) : e.target.value }));
    for (const [value, text, disabled] of options) s.append('option').attr('value', value).property('disabled', Boolean(disabled)).text(text);
    return s;
  };
  const dataSelect = select_('space-data', 'vectors', [['glove', 'GloVe 100-d (bundled)'], ['file', 'your vector file'], ['random', 'a random table (100-d)'],
    ['encoder', 'trained encoder’s token table (word pieces)'], ['ctx-block', 'ambiguous words in context: untrained block'], ['ctx-encoder', 'ambiguous words in context: trained encoder']], 'spaceData');
  const hasTsne = typeof core.createTsneLayout === 'function', hasUmap = typeof core.createUmapLayout === 'function';
  const methodSelect = select_('space-method', 'layout', [['pca', 'PCA'], ['tsne', hasTsne ? 't-SNE' : 't-SNE (not in this build)', !hasTsne], ['umap', hasUmap ? 'UMAP' : 'UMAP (not in this build)', !hasUmap]], 'spaceMethod');
  const dimSelect = select_('space-dim', 'display', [['2', '2-D'], ['3', '3-D']], 'spaceDim');
  const colourSelect = select_('space-colour', 'colour', COLOUR_OPTIONS, 'spaceColour');
  const countBox = row.append('div').attr('class', 'control');
  countBox.append('label').attr('for', 'space-count').text('words (most frequent first)');
  const count = countBox.append('input').attr('id', 'space-count').attr('type', 'range').attr('min', 100).attr('max', 20000).attr('step', 100)
    .on('change', (e) => update({ spaceCount: Number(e.target.value) }));
  const countValue = countBox.append('output').attr('id', 'space-count-value').attr('for', 'space-count');
  count.on('input.value', (e) => countValue.text(Number(e.target.value).toLocaleString('en')));
  const fileBox = row.append('div').attr('class', 'control space-file');
  fileBox.append('label').attr('for', 'space-file').text('your vector file (up to 20,000 words)');
  const file = fileBox.append('input').attr('id', 'space-file').attr('type', 'file').attr('accept', '.txt,.vec,text/plain');

  const search = form.append('div').attr('class', 'control-row');
  const searchBox = search.append('div').attr('class', 'control sentence'); // the field an embed keeps above the figure
  searchBox.append('label').attr('for', 'space-word').text('find a word');
  const word = searchBox.append('input').attr('id', 'space-word').attr('type', 'search').attr('autocomplete', 'off')
    .on('change', (e) => update({ spaceWord: e.target.value.trim().toLowerCase() }));
  const listBox = search.append('div').attr('class', 'control space-list-field');
  listBox.append('label').attr('for', 'space-list').text('word list (colour, and the coordinate exercise)');
  const list = listBox.append('input').attr('id', 'space-list').attr('type', 'text').on('change', (e) => update({ spaceList: e.target.value }));
  const presets = form.append('div').attr('class', 'examples');
  presets.append('span').text('The class’s words: ');
  for (const w of FAMILY) {
    presets.append('button').attr('type', 'button').attr('class', 'example').attr('data-word', w)
      .text(w === 'computer' ? 'computer (contrast)' : w).on('click', () => update({ spaceWord: w }));
  }
  return {
    file,
    sync(s) {
      dataSelect.property('value', s.spaceData);
      methodSelect.property('value', s.spaceMethod);
      dimSelect.property('value', String(s.spaceDim));
      // the colouring drawn: senses only for sentences, the frequency rank only for tables
      colourSelect.selectAll('option').property('disabled', function () { return this.value === (isContext(s.spaceData) ? 'rank' : 'sense'); });
      colourSelect.property('value', colourMode(s.spaceData, s.spaceColour));
      count.property('value', s.spaceCount).property('disabled', s.spaceData === 'file' || isContext(s.spaceData)); // a fixed set of points
      countValue.text(s.spaceCount.toLocaleString('en'));
      fileBox.style('display', s.spaceData === 'file' ? null : 'none');
      if (document.activeElement !== word.node()) word.property('value', s.spaceWord);
      if (document.activeElement !== list.node()) list.property('value', s.spaceList);
    },
  };
}
