#!/usr/bin/python3
"""Write tests/fixtures/sense_space.json: the embedding-space chapter's contextual vectors (issue 17)
from NumPy, for the doctest of core/lessons/sense_space.hpp.

Sentences: core/train/sentences.tsv, training lines then validation lines. Vectors: the bundled
GloVe subset (public/data/glove-100d.i8.bin, value = float32(code * scale), widened to float64).
The block is the Class 05 notebook's with GloVe inputs, as the bank chapter runs it:
rng = np.random.default_rng(1); W_q, W_k, W_v = rng.normal(0, 0.5, size=(100, 100)) in that
order; scores = Q Kᵀ / √100; A = row softmax; Y = A V; the word's row of Y is its point.
The baseline is the mean of the sentence's other words' GloVe rows. How much the word's attention
row mixes: its largest weight per sentence (and that key's word), how many exceed 0.9, np.median.

Per word (bank, plant, bat, cell): mean cosine over pairs of its points in the same sense
(within) and in different senses (across); the share of points whose nearest point of the same
word by cosine has the same sense (ties to the lower index), and that share under random senses.

Usage:  /usr/bin/python3 scripts/make_sense_space_golden.py     (deterministic output)
"""

import numpy as np

from golden_common import ROOT, write_json
OUT = ROOT / "tests" / "fixtures" / "sense_space.json"


def load_glove():
    raw = (ROOT / "public" / "data" / "glove-100d.i8.bin").read_bytes()
    count, dim = np.frombuffer(raw, dtype="<u4", count=2, offset=4)
    scales = np.frombuffer(raw, dtype="<f4", count=count, offset=12)
    codes = np.frombuffer(raw, dtype=np.int8, count=count * dim, offset=12 + 4 * count).reshape(count, dim)
    vectors = (codes.astype(np.float32) * scales[:, None]).astype(np.float32)
    words = (ROOT / "public" / "data" / "glove-100d.words.txt").read_text().split("\n")[:count]
    return {w: i for i, w in reversed(list(enumerate(words)))}, vectors.astype(np.float64)


def examples():
    rows = {"train": [], "validation": []}
    for line in (ROOT / "core" / "train" / "sentences.tsv").read_text().splitlines():
        if not line or line.startswith("#") or line.startswith("function\t"):
            continue
        split, word, sense, text = line.split("\t")
        rows[split].append((word, sense, text))
    return rows["train"] + rows["validation"]


def grouping(points, words, senses):
    unit = points / np.linalg.norm(points, axis=1, keepdims=True)
    cos = unit @ unit.T
    out, same, chance = [], 0, 0.0
    for word in dict.fromkeys(words):
        rows = [i for i, w in enumerate(words) if w == word]
        within, across = [], []
        for a in range(len(rows)):
            for b in range(a + 1, len(rows)):
                (within if senses[rows[a]] == senses[rows[b]] else across).append(cos[rows[a], rows[b]])
        for i in rows:
            others = [j for j in rows if j != i]
            best = others[int(np.argmax([cos[i, j] for j in others]))]  # first maximum: the lower index
            same += senses[best] == senses[i]
            chance += (sum(senses[j] == senses[i] for j in rows) - 1) / (len(rows) - 1)
        out.append({"word": word, "within": float(np.mean(within)), "across": float(np.mean(across)),
                    "gap": float(np.mean(within) - np.mean(across)), "within_pairs": len(within), "across_pairs": len(across)})
    return {"words": out, "mean_gap": float(np.mean([w["gap"] for w in out])),
            "neighbour_same_sense": same / len(words), "neighbour_chance": chance / len(words)}


def main():
    index, glove = load_glove()
    rng = np.random.default_rng(1)
    W_q, W_k, W_v = (rng.normal(0, 0.5, size=(100, 100)) for _ in range(3))
    data = examples()
    outputs, context, top_weight, top_word = [], [], [], []
    for word, sense, text in data:
        tokens = text.split(" ")
        target = tokens.index(word)
        X = glove[[index[t] for t in tokens]]
        scores = (X @ W_q) @ (X @ W_k).T / np.sqrt(100)
        A = np.exp(scores - scores.max(axis=1, keepdims=True))
        A /= A.sum(axis=1, keepdims=True)
        Y = A @ (X @ W_v)
        outputs.append(Y[target])
        top_weight.append(float(A[target].max()))
        top_word.append(tokens[int(np.argmax(A[target]))])
        context.append(np.delete(X, target, axis=0).mean(axis=0))
    words = [d[0] for d in data]
    senses = [d[1] for d in data]
    outputs = np.array(outputs, dtype=np.float32).astype(np.float64)  # the core keeps float32 points
    context = np.array(context, dtype=np.float32).astype(np.float64)
    write_json(OUT, {
        "generator": "scripts/make_sense_space_golden.py, NumPy " + np.__version__,
        "count": len(data),
        "first_sentence": data[0][2],
        "first_output": outputs[0].tolist(),
        "last_output": outputs[-1].tolist(),
        "untrained": grouping(outputs, words, senses),
        "context_mean": grouping(context, words, senses),
        "top_weight": top_weight,
        "top_word": top_word,
        "rows_over_90": int(sum(w > 0.9 for w in top_weight)),
        "median_top_weight": float(np.median(top_weight)),
        "common_top_word": max(dict.fromkeys(top_word), key=top_word.count),  # ties: first seen
    }, indent=1)


if __name__ == "__main__":
    main()
