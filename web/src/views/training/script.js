// The exported PyTorch script (issue 18 item 5): a runnable Python file that repeats the page's
// training run with PyTorch autograd: the same initial weights, the same sentences as embedding
// rows, the same batches in the same order, the same optimiser and learning rate. It prints
// each step's batch loss and, after each epoch, the losses and accuracies the page shows, then
// one JSON line with all of them (tests read it). Pure: text in, text out; PyTorch does the math.

const matrixValues = (m) => Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));

/**
 * @param {{config: object, table: {rows, cols, data}, tableName: string,
 *   train: {rows: number[], target: number, label: number, text: string}[], validation: same,
 *   classes: string[], initial: {W_q, W_k, W_v, W_head, b_head}, batches: number[][],
 *   batchesPerEpoch: number, epochLoss: 'mean_of_steps' | 'evaluation'}} run
 * @returns {string}
 */
export function pytorchTrainingScript(run) {
  const { config } = run;
  const data = {
    about: 'Attention Whiteboard, training chapter: one attention block with a sense-classification head',
    config, classes: run.classes, table_name: run.tableName,
    embeddings: matrixValues(run.table),
    W_q: matrixValues(run.initial.W_q), W_k: matrixValues(run.initial.W_k), W_v: matrixValues(run.initial.W_v),
    W_head: matrixValues(run.initial.W_head), b_head: Array.from(run.initial.b_head.data), // (1, classes) as a vector
    train: run.train.map(({ rows, target, label, text }) => ({ rows, target, label, text })),
    validation: run.validation.map(({ rows, target, label, text }) => ({ rows, target, label, text })),
    batches: run.batches,
    batches_per_epoch: run.batchesPerEpoch,
  };
  const optimizer = config.optimizer === 'adam'
    ? 'torch.optim.Adam(params, lr=LEARNING_RATE)  # PyTorch defaults: betas (0.9, 0.999), eps 1e-8'
    : 'torch.optim.SGD(params, lr=LEARNING_RATE)  # plain SGD: no momentum, no weight decay';
  return `#!/usr/bin/env python3
# Repeats a training run of the Attention Whiteboard's "Training the block" chapter in PyTorch.
# Same initial weights, same sentences (as rows of the embedding table), same batches in the same
# order, same optimiser and learning rate; autograd computes the gradients. It prints each step's
# batch loss and the losses and accuracies after each epoch, which equal the page's up to
# rounding (both compute in double; the page shows the weights rounded to single precision, and the
# initial weights are single-precision numbers, so the file holds them exactly).
# Run: python3 ${'training_run.py'}   (needs PyTorch: pip install torch, or Debian's python3-torch)
import json
import math

import torch
import torch.nn.functional as F

torch.set_default_dtype(torch.float64)

RUN = json.loads(r'''${JSON.stringify(data).replace(/'/g, '\\u0027')}''')

LEARNING_RATE = ${JSON.stringify(config.learningRate)}
TRAINABLE_EMBEDDINGS = ${config.trainableEmbeddings ? 'True' : 'False'}
D_K = len(RUN["W_q"][0])


def weights(name, trainable=True):
    return torch.tensor(RUN[name], dtype=torch.float64, requires_grad=trainable)


embeddings = weights("embeddings", TRAINABLE_EMBEDDINGS)
W_q, W_k, W_v = weights("W_q"), weights("W_k"), weights("W_v")
W_head, b_head = weights("W_head"), weights("b_head")
params = [W_q, W_k, W_v, W_head, b_head] + ([embeddings] if TRAINABLE_EMBEDDINGS else [])
optimizer = ${optimizer}


def logits_of(example):
    """The block on one sentence: X -> Q, K, V -> A = softmax(Q K^T / sqrt(d_k)) -> Y = A V -> head."""
    X = embeddings[example["rows"]]
    Q, K, V = X @ W_q, X @ W_k, X @ W_v
    A = torch.softmax(Q @ K.T / math.sqrt(D_K), dim=1)  # recomputed for every sentence, never stored
    Y = A @ V
    return Y[example["target"]] @ W_head + b_head


def loss_and_accuracy(examples):
    logits = torch.stack([logits_of(e) for e in examples])
    labels = torch.tensor([e["label"] for e in examples])
    loss = F.cross_entropy(logits, labels)  # the mean over the sentences
    accuracy = (logits.argmax(dim=1) == labels).double().mean()
    return loss, accuracy


def evaluate():
    with torch.no_grad():  # inference: no gradients, no update
        train_loss, train_acc = loss_and_accuracy(RUN["train"])
        val_loss, val_acc = loss_and_accuracy(RUN["validation"])
    return train_loss.item(), train_acc.item(), val_loss.item(), val_acc.item()


def epoch_row(epoch):
    train_loss, train_acc, val_loss, val_acc = evaluate()
    print(f"epoch {epoch:3d}  training loss {train_loss:.8f}  accuracy {train_acc:.4f}  "
          f"validation loss {val_loss:.8f}  accuracy {val_acc:.4f}")
    return {"epoch": epoch, "trainLoss": train_loss, "trainAccuracy": train_acc,
            "validationLoss": val_loss, "validationAccuracy": val_acc}


step_losses = []
epochs = [epoch_row(0)]  # before any step
for step, batch in enumerate(RUN["batches"], start=1):
    optimizer.zero_grad()
    loss, _ = loss_and_accuracy([RUN["train"][i] for i in batch])
    loss.backward()
    optimizer.step()
    step_losses.append(loss.item())
    print(f"step {step:4d}  batch loss {loss.item():.8f}")
    if step % RUN["batches_per_epoch"] == 0:  # an epoch ends: both sets evaluated, as on the page
        epochs.append(epoch_row(step // RUN["batches_per_epoch"]))

print(json.dumps({"steps": step_losses, "epochs": epochs}))
`;
}
