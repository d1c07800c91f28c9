#!/usr/bin/python3
"""PyTorch eager timing of the training chapter's block (issue 18), for bench/training.mjs.

The same model, data, initial weights and batches as core/train/ (see
scripts/make_training_golden.py, whose functions this reuses), in float64 like the core, on CPU.
Two ways to write the step in PyTorch:
  loop    one sentence at a time, the batch loss the mean (the core's way, and the export's);
  padded  the batch as one padded (B, n_max, d) tensor with a padding mask on the keys (-inf
          before the softmax): fewer, larger operations, what a PyTorch user would batch.
Usage: training_torch.py <dModel> <dK> <batch> <sgd|adam> <trainable 0|1> <steps> <threads|default>
Prints one JSON line per way: {"impl":"torch-loop"|"torch-padded","threads":…,"best_steps_per_s":…,…}
"""
import json
import math
import pathlib
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "scripts"))
from make_training_golden import initial_weights, read_task, sentence_loss  # noqa: E402


def padded_loss(p, ids, mask, targets, labels):
    X = p["E"][ids]                                            # (B, n, d_model)
    Q, K, V = X @ p["W_q"], X @ p["W_k"], X @ p["W_v"]
    S = (Q @ K.transpose(1, 2)) / math.sqrt(Q.shape[-1])
    S = S.masked_fill(~mask[:, None, :], float("-inf"))        # padding keys get no weight
    Y = torch.softmax(S, dim=-1) @ V
    y = Y[torch.arange(len(targets)), targets]                 # (B, d_k)
    return F.cross_entropy(y @ p["W_head"] + p["b_head"], labels)


def main():
    d_model, d_k, batch_size, opt, trainable, steps, threads = sys.argv[1:8]
    if threads != "default":
        torch.set_num_threads(int(threads))
    config = dict(inputs="random", trainableEmbeddings=trainable == "1", dModel=int(d_model), dK=int(d_k), seed=0,
                  optimizer=opt, learningRate=0.01 if opt == "adam" else 0.1, batchSize=int(batch_size), trainSet="full")
    train, _, classes, vocabulary = read_task()
    word_id = {w: i for i, w in enumerate(vocabulary)}
    sentences = [(torch.tensor([word_id[w] for w in e["tokens"]]), e["target"], e["label"]) for e in train]
    n_max = max(len(s[0]) for s in sentences)
    all_ids = torch.zeros(len(train), n_max, dtype=torch.long)
    all_mask = torch.zeros(len(train), n_max, dtype=torch.bool)
    for i, (ids, _, _) in enumerate(sentences):
        all_ids[i, :len(ids)] = ids
        all_mask[i, :len(ids)] = True
    all_targets = torch.tensor([s[1] for s in sentences])
    all_labels = torch.tensor([s[2] for s in sentences])

    def run(way):
        p = initial_weights(config, vocabulary, classes)
        trained = [p[k] for k in p if k != "E" or config["trainableEmbeddings"]]
        optimizer = (torch.optim.Adam if opt == "adam" else torch.optim.SGD)(trained, lr=config["learningRate"])
        rng = np.random.default_rng(config["seed"])
        batches = []
        while len(batches) < int(steps):
            order = np.argsort(rng.random(len(train)), kind="stable")
            batches += [order[i:i + config["batchSize"]] for i in range(0, len(train), config["batchSize"])]
        start = time.perf_counter()
        for b in batches[:int(steps)]:
            optimizer.zero_grad()
            if way == "loop":
                loss = sum(sentence_loss(p, *sentences[i]) for i in b) / len(b)
            else:
                b = torch.from_numpy(b)
                loss = padded_loss(p, all_ids[b], all_mask[b], all_targets[b], all_labels[b])
            loss.backward()
            optimizer.step()
        return int(steps) / (time.perf_counter() - start), loss.item()

    for way in ("loop", "padded"):
        results = [run(way) for _ in range(3)]
        rates = sorted(r[0] for r in results)
        print(json.dumps({"impl": f"torch-{way}", "threads": torch.get_num_threads(), "steps": int(steps),
                          "best_steps_per_s": round(rates[-1], 1), "median_steps_per_s": round(rates[1], 1),
                          "final_loss": results[0][1], "torch": torch.__version__}), flush=True)


if __name__ == "__main__":
    main()
