// The training worker (issue 18): it owns the one Trainer of the training chapter, so that
// training never blocks the page. The page asks for one step or one epoch at a time and draws
// each answer; Stop simply asks for no more, so the weights reached stay here, in the trainer.
// Every answer carries a snapshot: the counts, the parameters now and at step 0, the chosen
// validation sentence's attention. Typed arrays are moved to the page, not copied.
//   kinds (workers/serve.js): create {config, glove?, show} | step, epoch, evaluate, snapshot {show}
import { loadTrainCore } from '../core/train-core.js';
import { moved, serve } from './serve.js';

let corePromise;
let trainer = null;

const ACTIONS = {
  async create({ config, glove }) {
    const core = await (corePromise ??= loadTrainCore());
    trainer?.delete();
    trainer = null;
    trainer = core.createTrainer({ ...config, glove });
    return { dataset: trainer.dataset() };
  },
  step: () => ({ step: trainer.step() }),
  epoch: () => ({ epoch: trainer.runEpoch() }),
  evaluate() {
    // inference: the parameters before and after, so the page can show that nothing moved
    const before = trainer.parameters();
    const evaluation = trainer.evaluate();
    return { evaluation, before, after: trainer.parameters() };
  },
  snapshot: () => ({}),
};

/** An action, then the snapshot the page draws after it. */
const withSnapshot = (type) => async ({ show, ...options } = {}) => {
  if (type !== 'create' && !trainer) throw new Error('No training run has been started.');
  return moved({ ...(await ACTIONS[type](options)), ...snapshot(show) });
};

serve(Object.fromEntries(Object.keys(ACTIONS).map((type) => [type, withSnapshot(type)])));

/** What the page draws after every action: counts, parameters now and at step 0, one sentence's A. */
function snapshot(show = 0) {
  const counts = trainer.counts();
  const dataset = trainer.dataset();
  const index = Math.min(show, dataset.validation.length - 1);
  return {
    counts,
    parameters: trainer.parameters(),
    initial: trainer.initialParameters(),
    attention: index >= 0 ? { index, ...trainer.attention(index, 'validation') } : null,
    batchOrder: trainer.batchOrder(),
  };
}
