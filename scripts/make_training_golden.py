#!/usr/bin/python3
"""Write tests/fixtures/torch_training.json: the training chapter's runs (issue 18) repeated by
PyTorch autograd in float64, for tests/native/train/test_training_golden.cpp.

The model, the initial weights and the batches follow core/train/ (model.hpp, trainer.hpp):
  * data: core/train/sentences.tsv; tokens = sentence.split(); the embedding rows are every word
    of the training then the validation sentences, first appearance first; classes "word: sense"
    numbered by first appearance; trainSet 'eight' = the first eight training lines.
  * weights: torch.manual_seed(seed); E = empty(V, d_model).normal_() (random inputs only);
    W_q, W_k, W_v = empty(d_model, d_k).uniform_(-1/sqrt(d_model), 1/sqrt(d_model)) in turn;
    W_head = empty(d_k, classes).uniform_(-1/sqrt(d_k), 1/sqrt(d_k)); b_head = zeros(1, classes);
    all drawn in float32 and then converted to float64 for training. GloVe inputs take the rows
    of the bundled int8 subset (code * scale in float32).
  * batches: rng = np.random.default_rng(seed); per epoch order = np.argsort(rng.random(n),
    kind="stable"), cut into consecutive batches of batch_size (the last may be smaller).
  * forward, one sentence at a time: X = E[ids]; Q, K, V = X W_q, X W_k, X W_v;
    A = softmax(Q Kᵀ / sqrt(d_k)); y = (A V)[target]; logits = y W_head + b_head;
    batch loss = mean of F.cross_entropy over the batch's sentences.
  * optimizer: torch.optim.SGD(lr) or torch.optim.Adam(lr) (defaults), embeddings included only
    when trainable.
Recorded per case: the initial weights (E only when drawn), the gradients of step 1, the loss of
every step, and the weights after the last step (of trained embeddings, the first 40 rows).

Usage:  /usr/bin/python3 scripts/make_training_golden.py   (python3-numpy, python3-torch; deterministic)
"""
import math

import numpy as np
import torch
import torch.nn.functional as F

from golden_common import ROOT, write_json


def read_task():
    train, validation = [], []
    classes = []
    for line in (ROOT / "core/train/sentences.tsv").read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        fields = line.split("\t")
        if fields[0] not in ("train", "validation"):
            continue
        _, word, sense, text = fields
        name = f"{word}: {sense}"
        if name not in classes:
            classes.append(name)
        tokens = text.split()
        example = {"tokens": tokens, "target": tokens.index(word), "label": classes.index(name)}
        (train if fields[0] == "train" else validation).append(example)
    vocabulary = []
    for e in train + validation:
        for w in e["tokens"]:
            if w not in vocabulary:
                vocabulary.append(w)
    return train, validation, classes, vocabulary


def glove_rows(vocabulary):
    words = (ROOT / "public/data/glove-100d.words.txt").read_text().split("\n")
    words = [w for w in words if w]
    blob = (ROOT / "public/data/glove-100d.i8.bin").read_bytes()
    count, dim = np.frombuffer(blob, np.uint32, 2, 4)
    scales = np.frombuffer(blob, np.float32, count, 12)
    codes = np.frombuffer(blob, np.int8, count * dim, 12 + 4 * count).reshape(count, dim)
    index = {w: i for i, w in enumerate(words)}
    rows = np.stack([codes[index[w]].astype(np.float32) * scales[index[w]] for w in vocabulary])
    return torch.from_numpy(rows.astype(np.float32))


def initial_weights(config, vocabulary, classes):
    torch.manual_seed(config["seed"])
    d_model, d_k = config["dModel"], config["dK"]
    if config["inputs"] == "random":
        E = torch.empty(len(vocabulary), d_model).normal_()
    else:
        E = glove_rows(vocabulary)
        d_model = E.shape[1]
    b = 1 / math.sqrt(d_model)
    W_q, W_k, W_v = (torch.empty(d_model, d_k).uniform_(-b, b) for _ in range(3))
    W_head = torch.empty(d_k, len(classes)).uniform_(-1 / math.sqrt(d_k), 1 / math.sqrt(d_k))
    b_head = torch.zeros(1, len(classes))
    return {k: v.double().requires_grad_(True) for k, v in
            dict(E=E, W_q=W_q, W_k=W_k, W_v=W_v, W_head=W_head, b_head=b_head).items()}


def sentence_loss(p, ids, target, label):
    X = p["E"][ids]
    Q, K, V = X @ p["W_q"], X @ p["W_k"], X @ p["W_v"]
    A = torch.softmax(Q @ K.T / math.sqrt(Q.shape[1]), dim=-1)
    logits = (A @ V)[target:target + 1] @ p["W_head"] + p["b_head"]
    return F.cross_entropy(logits, torch.tensor([label]))


def run(config, steps):
    train, validation, classes, vocabulary = read_task()
    if config["trainSet"] == "eight":
        train = train[:8]
    word_id = {w: i for i, w in enumerate(vocabulary)}
    p = initial_weights(config, vocabulary, classes)
    initial = {k: v.detach().clone() for k, v in p.items()}
    trained = [k for k in p if k != "E" or config["trainableEmbeddings"]]
    opt_class = torch.optim.Adam if config["optimizer"] == "adam" else torch.optim.SGD
    optimizer = opt_class([p[k] for k in trained], lr=config["learningRate"])
    rng = np.random.default_rng(config["seed"])
    batches, order = [], []
    while len(batches) < steps:
        order = np.argsort(rng.random(len(train)), kind="stable")
        batches += [order[i:i + config["batchSize"]].tolist() for i in range(0, len(train), config["batchSize"])]
    batches = batches[:steps]
    losses, first_gradients = [], None
    for step, batch in enumerate(batches):
        optimizer.zero_grad()
        loss = sum(sentence_loss(p, torch.tensor([word_id[w] for w in train[i]["tokens"]]), train[i]["target"],
                                 train[i]["label"]) for i in batch) / len(batch)
        loss.backward()
        if step == 0:
            first_gradients = {k: p[k].grad.tolist() for k in trained if k != "E"}
            if "E" in trained:
                first_gradients["E_first_rows"] = p["E"].grad[:40].tolist()
        losses.append(loss.item())
        optimizer.step()
    weights = {k: v.detach() for k, v in p.items()}
    with_embeddings = lambda d: {k: v.tolist() for k, v in d.items() if k != "E" or config["inputs"] == "random"}
    return {
        "config": config,
        "steps": steps,
        "batches": batches,
        "initial": with_embeddings(initial),
        "gradients_step1": first_gradients,
        "losses": losses,
        "final": with_embeddings(weights) | ({"E_first_rows": weights["E"][:40].tolist()}
                                             if config["trainableEmbeddings"] else {}),
        "torch_version": torch.__version__,
    }


CASES = [
    dict(name="sgd_random_trainable", inputs="random", trainableEmbeddings=True, dModel=8, dK=4, seed=3,
         optimizer="sgd", learningRate=0.5, batchSize=8, trainSet="full"),
    dict(name="adam_random_frozen", inputs="random", trainableEmbeddings=False, dModel=16, dK=8, seed=7,
         optimizer="adam", learningRate=0.01, batchSize=5, trainSet="full"),
    dict(name="adam_glove_trainable", inputs="glove", trainableEmbeddings=True, dModel=100, dK=8, seed=1,
         optimizer="adam", learningRate=0.005, batchSize=8, trainSet="full"),
    dict(name="sgd_glove_frozen_eight", inputs="glove", trainableEmbeddings=False, dModel=100, dK=6, seed=2,
         optimizer="sgd", learningRate=0.3, batchSize=3, trainSet="eight"),
]


def main():
    out = {"cases": [run({k: v for k, v in c.items()}, 50) for c in CASES]}
    path = ROOT / "tests/fixtures/torch_training.json"
    write_json(path, out, separators=(",", ":"))


if __name__ == "__main__":
    main()
