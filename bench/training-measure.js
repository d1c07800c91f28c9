// The wasm half of bench/training.mjs, shared by Node (training.mjs) and headless Chromium
// (bench/training.html): the same configurations, seeds, batches and step counts in both.
// Rows: {impl, best_steps_per_s, median_steps_per_s, final_loss, epoch_train_loss}; final_loss is
// step()'s batch loss at the last step, epoch_train_loss runEpoch()'s training-set loss after its
// last epoch (runEpoch() returns no per-step loss), so both runs can be checked across hosts.
export const REPEATS = 5;

export function measureTraining(core, c, suffix = '') {
  const config = { inputs: 'random', trainableEmbeddings: c.trainable, dModel: c.dModel, dK: c.dK, seed: 0,
    optimizer: c.optimizer, learningRate: c.optimizer === 'adam' ? 0.01 : 0.1, batchSize: c.batchSize };
  const rows = [];
  for (const [impl, run] of [
    ['wasm-simd step()', (t) => { let loss; for (let s = 0; s < c.steps; s++) loss = t.step().loss; return { final_loss: loss, epoch_train_loss: null }; }],
    ['wasm-simd runEpoch()', (t) => {
      const epochs = Math.ceil(c.steps / t.counts().batchesPerEpoch);
      let last;
      for (let e = 0; e < epochs; e++) last = t.runEpoch();
      return { final_loss: null, epoch_train_loss: last.trainLoss };
    }],
  ]) {
    const rates = [];
    let losses = null;
    for (let r = 0; r < REPEATS; r++) {
      const trainer = core.createTrainer(config);
      const t0 = performance.now();
      losses = run(trainer);
      const ms = performance.now() - t0;
      rates.push((trainer.counts().step / ms) * 1000);
      trainer.delete();
    }
    rates.sort((a, b) => a - b);
    rows.push({ impl: impl + suffix, best_steps_per_s: rates.at(-1), median_steps_per_s: rates[rates.length >> 1], ...losses });
  }
  return rows;
}
