// The training chapter (beyond the class): training the block. Both classes stop at "nothing was
// trained"; here the Class 05 block gets a task head and a loss, and the learner trains it step
// by step in a Web Worker (workers/train-worker.js owns the core's Trainer). Everything drawn
// comes from the trainer's answers: counts, losses, gradients, parameters, attention. The run
// lives as long as the page: it survives redraws and leaving the chapter, not a reload.
import { select } from 'd3';
import { createStatus } from '../../components/status.js';
import { beyondHeading } from '../../components/nav.js';
import { TrainClient } from '../../core/train-client.js';
import { holdRenders } from '../../components/deferred.js';
import { loadGlove } from '../../vectors/store.js';
import { buildTrainingControls } from './controls.js';
import { buildSections, drawRun } from './draw.js';
import { divergenceText } from './text.js';
import { moreFold } from '../../components/more.js';

// One run for the page's lifetime (not stored anywhere: a reload starts again).
const session = { client: null, key: '', run: null, serial: 0, stopAsked: false, training: false, shown: null };
// The mounted view's drawing and messages: work started under an earlier mount (the chapter was
// left and entered again) reports to the view on screen now.
const shown = () => session.shown;

export const view = {
  mount(root, { core, state, update, drawnLater }) {
    session.client ??= new TrainClient();
    const client = session.client;
    const view = select(root).append('section').attr('id', 'training').attr('class', 'view').attr('aria-labelledby', 'training-title')
      .attr('data-training', 'false');
    beyondHeading(view.append('h2').attr('id', 'training-title'), 'Training the block: what training changes', 'all');
    view.append('p').attr('class', 'lead').text(
      'Nothing in the classes was trained: here the Class 05 block learns a task, telling the senses of an ambiguous word apart.',
    );
    // the rest of the introduction folds under the lead (components/more.js)
    moreFold(view, 'how it is scored and trained').append('p').text(
      'The task: read the row of Y (X → Q, K, V → softmax → Y) at an ambiguous word (bank, plant, bat or cell) and predict which of its two senses the sentence uses, with a small linear head. ' +
        'The prediction is scored by cross-entropy (minus the log of the probability given to the right sense: 0 when sure and right). ' +
        'Gradients flow back through every stage, computed by hand-written C++ (checked against PyTorch autograd), and an optimiser updates W_q, W_k, W_v and the head. ' +
        'Training runs in a background worker, one step or one epoch at a time.',
    );
    let current = state;
    const ui = buildTrainingControls(view, state, update, {
      step: () => act('step'),
      epoch: () => act('epoch'),
      train: () => trainEpochs(current.trainEpochs),
      stop: () => stop(),
      evaluate: () => act('evaluate'),
      restart: () => startRun(current, { force: true }),
    });
    view.append('div').attr('class', 'status-slot');
    const resultsEl = view.append('div').attr('id', 'training-results').node();
    const status = createStatus(view.select('.status-slot'), resultsEl);
    const sections = buildSections(select(resultsEl));

    const busy = (on) => {
      view.attr('data-training', String(on));
      ui.busy(on);
    };
    session.shown = { draw: () => draw(), status, busy, progress: (i, n) => ui.progress(i, n) };
    const draw = () => {
      const run = session.run;
      ui.runState(run);
      view.attr('data-run', String(session.serial))
        .attr('data-step', run?.counts ? String(run.counts.step) : null)
        .attr('data-epoch', run?.counts ? String(run.counts.epoch) : null)
        .attr('data-diverged', run ? String(Boolean(run.diverged)) : null);
      if (run?.counts) drawRun(sections, { run, state: current, core, update, status });
      drawnLater(); // a worker's answer, drawn outside a render
    };

    /** Applies an answer of the worker to the run it belongs to. */
    function apply(run, type, result) {
      Object.assign(run, { counts: result.counts, parameters: result.parameters, initial: result.initial, attention: result.attention, batchOrder: result.batchOrder });
      if (type === 'step') {
        const s = result.step;
        if (s.diverged) run.diverged = divergenceText({ message: s.message, step: result.counts.step, learningRate: run.config.learningRate });
        else run.steps.push({ step: s.step, loss: s.loss, epoch: s.epoch });
        run.lastStep = s;
      } else if (type === 'epoch') {
        const e = result.epoch;
        if (e.diverged) run.diverged = divergenceText({ message: e.message, step: result.counts.step, learningRate: run.config.learningRate });
        else run.epochs.push(e);
        if (e.stepLosses) for (const x of e.stepLosses) run.steps.push(x);
      } else if (type === 'evaluate') {
        run.inference = { evaluation: result.evaluation, before: result.before, after: result.after, step: result.counts.step };
      }
    }

    /** One request for the current run; stale answers (the run was replaced) are dropped. */
    async function act(type) {
      const run = session.run;
      if (!run?.counts || (run.diverged && type !== 'evaluate')) return false;
      const release = holdRenders(); // body[data-computing] while the worker works
      try {
        const result = await client.request({ type, show: current.trainShow });
        if (session.run !== run) return false;
        apply(run, type, result);
        shown().status.error('');
        shown().draw();
        return !run.diverged;
      } catch (error) {
        if (!error.cancelled && session.run === run) {
          shown().status.error(error.message);
          drawnLater(); // the figure at the top is dimmed with the result
        }
        return false;
      } finally {
        release();
      }
    }

    /** n epochs, one request each, drawn as each ends; Stop asks for no more (the weights stay). */
    async function trainEpochs(n) {
      session.stopAsked = false;
      session.training = true;
      shown().busy(true);
      for (let i = 0; i < n && !session.stopAsked; i++) {
        shown().progress(i, n);
        if (!(await act('epoch'))) break;
      }
      session.training = false;
      shown().progress(null);
      shown().busy(false);
      shown().draw();
    }

    function stop() {
      session.stopAsked = true;
      client.cancelWaiting();
    }

    /** A new run when the settings that define one changed (or `force`), else nothing. */
    async function startRun(s, { force = false } = {}) {
      const config = runConfig(s);
      const key = JSON.stringify(config);
      if (!force && key === session.key && session.run) return;
      stop();
      session.key = key;
      const run = { config, steps: [], epochs: [], diverged: null, lastStep: null, inference: null, counts: null };
      session.run = run;
      session.serial += 1;
      shown().status.error('');
      // the page counts the render as drawn (body[data-ready]) once the run's first numbers are
      const release = holdRenders();
      try {
        let glove;
        // only the GloVe notice is taken back: the page's own notices (ignored link settings) stay
        let loadingNotice = false;
        if (config.inputs === 'glove') {
          loadingNotice = true;
          shown().status.notices(['Loading the bundled GloVe vectors (about 2 MB, once)…']);
          const table = await loadGlove(core);
          glove = { name: table.name, words: table.words, dim: table.dim, data: table.data }; // copied to the worker
        }
        if (session.run !== run) return;
        const created = await client.request({ type: 'create', config, glove, show: s.trainShow });
        if (session.run !== run) return;
        run.dataset = created.dataset;
        apply(run, 'create', created);
        // epoch 0: both sets evaluated before any step, the curves' first point
        const zero = await client.request({ type: 'evaluate', show: s.trainShow });
        if (session.run !== run) return;
        run.epochs.push({ epoch: 0, ...zero.evaluation });
        if (loadingNotice) shown().status.notices([]);
        shown().draw();
      } catch (error) {
        if (session.run === run && !error.cancelled) {
          shown().status.notices([]); // a GloVe notice, if any: the error says what happened
          shown().status.error(error.message);
          drawnLater();
        }
      } finally {
        release();
      }
    }

    return {
      status,
      render(s) {
        // the state object is shared and changed in place: compare with the sentence last drawn
        const showChanged = session.run?.attention && session.run.attention.index !== s.trainShow;
        current = s;
        ui.sync(s);
        // a run being trained keeps its settings (they are disabled meanwhile)
        if (!session.training) startRun(s);
        busy(session.training);
        draw();
        // the chosen validation sentence changed: ask the worker for its A (the run is untouched)
        if (showChanged && session.run?.counts && !client.busy) act('snapshot');
      },
    };
  },
};

/** The settings that define a run: a change of any of them starts a new one from step 0. */
function runConfig(s) {
  return {
    inputs: s.trainInputs, trainableEmbeddings: s.trainEmbeddings, dModel: s.trainInputs === 'glove' ? 100 : 8, dK: s.trainDK,
    seed: s.trainSeed, optimizer: s.trainOptimizer, learningRate: Number(s.trainRate), batchSize: s.trainBatch, trainSet: s.trainSet,
  };
}
