// Training speed of the block (issue 18): optimizer steps per second on the sense task, for the
// same model, batch, data and initial weights in every implementation, in one run:
//   - ours native: core/train/ compiled -O3 (build/native/bench/native/aw_bench_training);
//   - ours wasm SIMD in Node 20: core.createTrainer, trainer.step() (which also hands every
//     stage's gradient to JS, as the page's Step does) and trainer.runEpoch() (steps without
//     returning gradients, as Train does);
//   - PyTorch eager on CPU (Debian's python3-torch, float64 like the core; bench/training_torch.py),
//     one sentence at a time (the core's way) and padded with a mask (PyTorch's batched way), with
//     torch.set_num_threads(1) and with the default thread count.
// Each also prints its loss after the last step: equal losses say the same run was timed.
//   node bench/training.mjs     (about 1–2 min; builds aw_bench_training if needed)
// Writes bench/TRAINING_RESULTS.md. A benchmark, not a test: nothing in CI runs it.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadAttentionCore } from '../web/src/core/attention-core.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const say = (line) => process.stderr.write(line + '\n');
const CONFIGS = [
  { name: 'd_model 16, d_k 8, batch 8, Adam, frozen random table', dModel: 16, dK: 8, batchSize: 8, optimizer: 'adam', trainable: false, steps: 400 },
  { name: 'd_model 100 (GloVe width), d_k 16, batch 8, Adam, trainable embeddings', dModel: 100, dK: 16, batchSize: 8, optimizer: 'adam', trainable: true, steps: 200 },
];
const REPEATS = 5;

function native(c) {
  execFileSync('cmake', ['--build', 'build/native', '--target', 'aw_bench_training'], { cwd: ROOT, stdio: 'ignore' });
  const out = execFileSync(`${ROOT}build/native/bench/native/aw_bench_training`,
    [c.dModel, c.dK, c.batchSize, c.optimizer, c.trainable ? 1 : 0, c.steps].map(String), { encoding: 'utf8' });
  return [JSON.parse(out)];
}

function torch(c, threads) {
  const out = execFileSync('/usr/bin/python3', [`${ROOT}bench/training_torch.py`, c.dModel, c.dK, c.batchSize, c.optimizer,
    c.trainable ? 1 : 0, c.steps, threads].map(String), { encoding: 'utf8' });
  return out.trim().split('\n').map((line) => JSON.parse(line));
}

function wasm(core, c) {
  const config = { inputs: 'random', trainableEmbeddings: c.trainable, dModel: c.dModel, dK: c.dK, seed: 0,
    optimizer: c.optimizer, learningRate: c.optimizer === 'adam' ? 0.01 : 0.1, batchSize: c.batchSize };
  const rows = [];
  for (const [impl, run] of [
    ['wasm-simd step()', (t) => { let loss; for (let s = 0; s < c.steps; s++) loss = t.step().loss; return loss; }],
    ['wasm-simd runEpoch()', (t) => { const epochs = Math.ceil(c.steps / t.counts().batchesPerEpoch); for (let e = 0; e < epochs; e++) t.runEpoch(); return null; }],
  ]) {
    const rates = [];
    let loss = null;
    for (let r = 0; r < REPEATS; r++) {
      const trainer = core.createTrainer(config);
      const t0 = performance.now();
      loss = run(trainer);
      const ms = performance.now() - t0;
      rates.push((trainer.counts().step / ms) * 1000);
      trainer.delete();
    }
    rates.sort((a, b) => a - b);
    rows.push({ impl, best_steps_per_s: rates.at(-1), median_steps_per_s: rates[rates.length >> 1], final_loss: loss });
  }
  return rows;
}

const core = await loadAttentionCore({ wasmBinary: readFileSync(new URL('../web/src/wasm/attention_core.wasm', import.meta.url)) });
const sections = [];
for (const c of CONFIGS) {
  say(`${c.name}: native…`);
  const rows = native(c);
  say('  wasm…');
  rows.push(...wasm(core, c));
  say('  PyTorch…');
  for (const threads of ['1', 'default', String(cpus().length)]) rows.push(...torch(c, threads).map((r) => ({ ...r, impl: `${r.impl} (${threads === 'default' ? 'default: ' : ''}${r.threads} thread${r.threads > 1 ? 's' : ''})` })));
  const torchBest = Math.max(...rows.filter((r) => r.impl.startsWith('torch')).map((r) => r.median_steps_per_s));
  const lines = [`### ${c.name}, ${c.steps} steps per run`, '',
    '| implementation | steps/s best | steps/s median | × fastest PyTorch (median) | loss after the last step |', '|---|---:|---:|---:|---:|'];
  for (const r of rows) {
    lines.push(`| ${r.impl} | ${r.best_steps_per_s.toFixed(0)} | ${r.median_steps_per_s.toFixed(0)} | ${(r.median_steps_per_s / torchBest).toFixed(1)} | ${r.final_loss === null ? '—' : r.final_loss.toFixed(10)} |`);
  }
  sections.push(lines.join('\n'));
  say(lines.join('\n'));
}

const torchVersion = execFileSync('/usr/bin/python3', ['-c', 'import torch; print(torch.__version__)'], { encoding: 'utf8' }).trim();
const report = `# Training benchmark (issue 18)

Written by \`node bench/training.mjs\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} × ${cpus()[0].model},
Node ${process.version}, PyTorch ${torchVersion} (Debian, CPU, float64 like the core). The machine is shared, so
single runs vary; each cell is the best and the median of ${REPEATS} runs (PyTorch: 3).

A step is one optimizer update on one batch of the sense task (core/train/sentences.tsv): the forward
pass of each sentence, the backward pass, the optimizer. Every implementation starts from the same
initial weights (torch.manual_seed(0)) and takes the same batches (default_rng(0)); the last column
is the batch loss at the last step, equal where the same run was timed (runEpoch() returns none).
"× fastest PyTorch" divides by the faster of PyTorch's two ways and two thread settings.

- native: core/train/ at -O3 (g++, x86-64 baseline), \`bench/native/bench_training.cpp\`.
- wasm-simd step(): the page's module in Node 20; every step also copies each stage's gradient
  to JS (what the Step button draws). runEpoch(): the same steps without that copy (Train).
- torch-loop: PyTorch eager, one sentence at a time, as the core (and the exported script) does.
- torch-padded: PyTorch eager, the batch padded to its longest sentence with a key mask.

${sections.join('\n\n')}
`;
writeFileSync(new URL('TRAINING_RESULTS.md', import.meta.url), report);
say('wrote bench/TRAINING_RESULTS.md');
