// Export of a training run: the trained weights as NumPy .npy files and as one JSON file, and a
// PyTorch script that repeats the run (views/training/script.js). Files are made in the page;
// the run itself is not stored anywhere, so this is the only way to keep it past a reload.
import { download } from '../../components/export.js';
import { matrixNpy, matricesJson } from '../../components/export-formats.js';
import { pytorchTrainingScript } from './script.js';
import { parameterList, scriptInput } from './run-data.js';
import { part, parts, morePart } from '../../components/parts.js';

// Made once, filled after every step (components/parts.js): a focused button keeps the focus.
export function drawTrainingExport(section, run) {
  part(section, 'p.not-stored', 'not-stored').text(
    `This run lives only in this tab: leaving the chapter and coming back keeps it, a reload or a new tab starts from step 0. To keep the weights reached (step ${run.counts.step}), export them.`,
  );
  const row = part(section, 'div.control-row.training-export', 'buttons');
  const params = () => parameterList(run.parameters, true);
  const files = [
    ...params().map((m) => ({ file: `${m.name}.npy`, label: `${m.name}.npy`, make: () => new Blob([matrixNpy(params().find((p) => p.name === m.name))], { type: 'application/octet-stream' }) })),
    { file: 'trained_weights.json', label: 'All weights as JSON', make: () => new Blob([matricesJson(params(), { step: run.counts.step, epoch: run.counts.epoch, config: run.config })], { type: 'application/json' }) },
    { file: 'training_run.py', label: 'PyTorch script that repeats this run', make: () => new Blob([pytorchTrainingScript(scriptInput(run))], { type: 'text/x-python' }) },
  ];
  parts(row, 'button', files, (f) => f.file, (button, f) => {
    button.attr('type', 'button').attr('data-export', f.file).text(f.label).on('click', () => download(f.file, f.make()));
  });
  part(morePart(section, 'script-how', 'what the script does'), 'p.muted', 'script').text(
    `The script starts from the same initial weights, replays the ${run.batchOrder?.length ?? 0} batches of this run so far in the same order, with ${run.config.optimizer === 'adam' ? 'Adam' : 'SGD'} at learning rate ${run.config.learningRate}, and prints each step’s loss and, after each epoch, the losses and accuracies this page shows. Run it with python3 and PyTorch installed.`,
  );
}
