// Training speed of the block (issue 18): optimizer steps per second on the sense task, for the
// same model, batch, data and initial weights in every implementation, in one run:
//   - ours native: core/train/ compiled -O3 (build/native/bench/native/aw_bench_training);
//   - ours wasm SIMD in Node 20: core.createTrainer, trainer.step() (which also hands every
//     stage's gradient to JS, as the page's Step does) and trainer.runEpoch() (steps without
//     returning gradients, as Train does);
//   - ours wasm SIMD in headless Chromium (Debian's /usr/bin/chromium through playwright-core):
//     the same loop (bench/training-measure.js) on bench/training.html, served by bench/serve.mjs;
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
import { loadTrainCore } from '../web/src/core/train-core.js';
import { REPEATS, measureTraining } from './training-measure.js';
import { launchChromium } from './browser.mjs';
import { serveBench } from './serve.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const say = (line) => process.stderr.write(line + '\n');
const CONFIGS = [
  { name: 'd_model 16, d_k 8, batch 8, Adam, frozen random table', dModel: 16, dK: 8, batchSize: 8, optimizer: 'adam', trainable: false, steps: 400 },
  { name: 'd_model 100 (GloVe width), d_k 16, batch 8, Adam, trainable embeddings', dModel: 100, dK: 16, batchSize: 8, optimizer: 'adam', trainable: true, steps: 200 },
];

// AW_BENCH_TRAINING_BIN=path: use an aw_bench_training already built from the same sources (say, in
// another worktree at the same commit) instead of building one here; the loss check still applies.
function native(c) {
  const bin = process.env.AW_BENCH_TRAINING_BIN;
  if (!bin) execFileSync('cmake', ['--build', 'build/native', '--target', 'aw_bench_training'], { cwd: ROOT, stdio: 'ignore' });
  const out = execFileSync(bin || `${ROOT}build/native/bench/native/aw_bench_training`,
    [c.dModel, c.dK, c.batchSize, c.optimizer, c.trainable ? 1 : 0, c.steps].map(String), { encoding: 'utf8' });
  return [JSON.parse(out)];
}

function torch(c, threads) {
  const out = execFileSync('/usr/bin/python3', [`${ROOT}bench/training_torch.py`, c.dModel, c.dK, c.batchSize, c.optimizer,
    c.trainable ? 1 : 0, c.steps, threads].map(String), { encoding: 'utf8' });
  return out.trim().split('\n').map((line) => JSON.parse(line));
}

// Chromium: one browser for the whole run (bench/browser.mjs); bench/training.html
// loads the page's core and runs measureTraining for each configuration when asked.
async function startChromium() {
  const server = await serveBench(ROOT);
  const { context, close: closeBrowser } = await launchChromium();
  const close = async () => {
    await closeBrowser();
    await server.close();
  };
  try {
    const page = await context.newPage();
    page.on('console', (m) => say(`  chromium ${m.text()}`));
    await page.goto(`${server.url}/bench/training.html`);
    await page.waitForFunction(() => window.trainingReady, null, { timeout: 60_000, polling: 200 });
    const ready = await page.evaluate(() => window.trainingReady);
    if (ready.error) throw new Error(`in Chromium: ${ready.error}`);
    if (!ready.simd) throw new Error('Chromium did not load the SIMD build');
    return { version: ready.version, run: (c) => page.evaluate((config) => window.runTraining(config), c), close };
  } catch (error) {
    await close();
    throw error;
  }
}

const sameLoss = (a, b) => a !== null && b !== null && Math.abs(a - b) <= 1e-10; // the table shows 10 decimals
const core = await loadTrainCore({ wasmBinary: readFileSync(new URL('../web/src/wasm/attention_train.wasm', import.meta.url)) });
const browser = await startChromium();
const sections = [];
try {
  for (const c of CONFIGS) {
    say(`${c.name}: native…`);
    const rows = native(c);
    say('  wasm in Node…');
    const nodeRows = measureTraining(core, c);
    rows.push(...nodeRows);
    say('  wasm in Chromium…');
    const chromiumRows = await browser.run(c);
    rows.push(...chromiumRows);
    say('  PyTorch…');
    for (const threads of ['1', 'default', String(cpus().length)]) rows.push(...torch(c, threads).map((r) => ({ ...r, impl: `${r.impl} (${threads === 'default' ? 'default: ' : ''}${r.threads} thread${r.threads > 1 ? 's' : ''})` })));
    // The same run timed everywhere: step()'s last batch loss equals native's and PyTorch's (checked
    // on the table's last column below); runEpoch() returns no batch loss, so its training-set loss
    // after the last epoch must match between Node and Chromium.
    const reference = rows[0].final_loss;
    const mismatch = rows.filter((r) => r.final_loss !== null && r.final_loss !== undefined && !sameLoss(r.final_loss, reference));
    if (mismatch.length) throw new Error(`${c.name}: last losses differ from native's ${reference}: ${mismatch.map((r) => `${r.impl} ${r.final_loss}`).join(', ')}`);
    const [nodeEpoch, chromiumEpoch] = [nodeRows, chromiumRows].map((rs) => rs.find((r) => r.impl.startsWith('wasm-simd runEpoch()')).epoch_train_loss);
    if (!sameLoss(nodeEpoch, chromiumEpoch)) throw new Error(`${c.name}: runEpoch() training-set losses differ: Node ${nodeEpoch}, Chromium ${chromiumEpoch}`);
    const torchBest = Math.max(...rows.filter((r) => r.impl.startsWith('torch')).map((r) => r.median_steps_per_s));
    const lines = [`### ${c.name}, ${c.steps} steps per run`, '',
      '| implementation | steps/s best | steps/s median | × fastest PyTorch (median) | loss after the last step |', '|---|---:|---:|---:|---:|'];
    for (const r of rows) {
      lines.push(`| ${r.impl} | ${r.best_steps_per_s.toFixed(0)} | ${r.median_steps_per_s.toFixed(0)} | ${(r.median_steps_per_s / torchBest).toFixed(1)} | ${r.final_loss === null ? '—' : r.final_loss.toFixed(10)} |`);
    }
    lines.push('', `runEpoch(): training-set loss after the last epoch ${nodeEpoch.toFixed(10)} in Node, ${chromiumEpoch.toFixed(10)} in Chromium.`);
    sections.push(lines.join('\n'));
    say(lines.join('\n'));
  }
} finally {
  await browser.close();
}

const torchVersion = execFileSync('/usr/bin/python3', ['-c', 'import torch; print(torch.__version__)'], { encoding: 'utf8' }).trim();
const report = `# Training benchmark (issue 18)

Written by \`node bench/training.mjs\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} × ${cpus()[0].model},
Node ${process.version}, headless Chromium ${browser.version}, PyTorch ${torchVersion} (Debian, CPU, float64 like the core). The machine is shared, so
single runs vary; each cell is the best and the median of ${REPEATS} runs (PyTorch: 3).

A step is one optimizer update on one batch of the sense task (core/train/sentences.tsv): the forward
pass of each sentence, the backward pass, the optimizer. Every implementation starts from the same
initial weights (torch.manual_seed(0)) and takes the same batches (default_rng(0)); the last column
is the batch loss at the last step, equal where the same run was timed (the script stops if it is
not). runEpoch() returns no batch loss; under each table, its training-set loss after the last epoch
in Node and in Chromium, which must also agree.
"× fastest PyTorch" divides by the faster of PyTorch's two ways and two thread settings.

- native: core/train/ at -O3 (g++, x86-64 baseline), \`bench/native/bench_training.cpp\`.
- wasm-simd step(): the page's module in Node 20; every step also copies each stage's gradient
  to JS (what the Step button draws). runEpoch(): the same steps without that copy (Train).
- (Chromium): the same module and the same loop (bench/training-measure.js) in headless Chromium,
  loaded by the page's own loader from bench/serve.mjs (bench/training.html).
- torch-loop: PyTorch eager, one sentence at a time, as the core (and the exported script) does.
- torch-padded: PyTorch eager, the batch padded to its longest sentence with a key mask.

${sections.join('\n\n')}
`;
writeFileSync(new URL('TRAINING_RESULTS.md', import.meta.url), report);
say('wrote bench/TRAINING_RESULTS.md');
