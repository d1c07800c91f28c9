// Export of a training run: the trained weights as NumPy .npy files and as one JSON file, and a
// PyTorch script that repeats the run (views/training/script.js). Files are made in the page;
// the run itself is not stored anywhere, so this is the only way to keep it past a reload.
import { download } from '../../components/export.js';
import { matrixNpy, matricesJson } from '../../components/export-formats.js';
import { pytorchTrainingScript } from './script.js';
import { parameterList, scriptInput } from './run-data.js';
import { keptFold } from '../../components/more.js';

export function drawTrainingExport(section, run) {
  section.html('');
  section.append('p').attr('class', 'not-stored').text(
    `This run lives only in this tab: leaving the chapter and coming back keeps it, a reload or a new tab starts from step 0. To keep the weights reached (step ${run.counts.step}), export them.`,
  );
  const row = section.append('div').attr('class', 'control-row training-export');
  const params = () => parameterList(run.parameters, true);
  for (const m of params()) {
    row.append('button').attr('type', 'button').attr('data-export', `${m.name}.npy`).text(`${m.name}.npy`)
      .on('click', () => {
        const now = params().find((p) => p.name === m.name);
        download(`${m.name}.npy`, new Blob([matrixNpy(now)], { type: 'application/octet-stream' }));
      });
  }
  row.append('button').attr('type', 'button').attr('data-export', 'trained_weights.json').text('All weights as JSON')
    .on('click', () => {
      const about = { step: run.counts.step, epoch: run.counts.epoch, config: run.config };
      download('trained_weights.json', new Blob([matricesJson(params(), about)], { type: 'application/json' }));
    });
  row.append('button').attr('type', 'button').attr('data-export', 'training_run.py').text('PyTorch script that repeats this run')
    .on('click', () => download('training_run.py', new Blob([pytorchTrainingScript(scriptInput(run))], { type: 'text/x-python' })));
  keptFold(section, section, 'script-how', 'what the script does').append('p').attr('class', 'muted').text(
    `The script starts from the same initial weights, replays the ${run.batchOrder?.length ?? 0} batches of this run so far in the same order, with ${run.config.optimizer === 'adam' ? 'Adam' : 'SGD'} at learning rate ${run.config.learningRate}, and prints each step’s loss and, after each epoch, the losses and accuracies this page shows. Run it with python3 and PyTorch installed.`,
  );
}
