#!/usr/bin/python3
"""Write tests/fixtures/numpy_analogy.json: the space chapter's analogy query (a − b + c, e.g.
king − man + woman) computed with NumPy on the bundled GloVe subset, for
core/lessons/embedding_space's analogy_nearest.

Data: the first N rows of public/data/glove-100d.i8.bin decoded as the page decodes them
(float32(code * scale), read by make_space_golden.load_glove), widened to float64. N is 5,000 (the
page's default number of words) and 20,000 (all of them).
Answer: target = x_a − x_b + x_c; the cosine of every row with it; the three input rows left out
(as word2vec's analogy evaluation leaves them out); the 5 highest, ties to the lower index (a
stable sort of −cosine). The rows are not normalised first (gensim's most_similar does that).

Usage:  /usr/bin/python3 scripts/make_analogy_golden.py     (deterministic output)
"""
import platform

import numpy as np

from golden_common import FIXTURES, write_json
from make_space_golden import load_glove

OUT = FIXTURES / "numpy_analogy.json"
K = 5
QUERIES = [("king", "man", "woman"), ("paris", "france", "italy"), ("tokyo", "japan", "germany"),
           ("better", "good", "bad"), ("brother", "man", "woman")]


def analogy(X, a, b, c, k):
    target = X[a] - X[b] + X[c]
    cos = (X @ target) / (np.linalg.norm(X, axis=1) * np.linalg.norm(target))
    cos[[a, b, c]] = -np.inf
    order = np.argsort(-cos, kind="stable")[:k]
    return order, cos[order]


def main():
    words, vectors = load_glove()
    cases = []
    for n in (5000, 20000):
        X = vectors[:n].astype(np.float64)
        for a, b, c in QUERIES:
            ia, ib, ic = words.index(a), words.index(b), words.index(c)
            order, cos = analogy(X, ia, ib, ic, K)
            cases.append({"rows": n, "a": a, "b": b, "c": c, "indices": [ia, ib, ic],
                          "nearest": [{"index": int(i), "word": words[i], "cosine": float(v)} for i, v in zip(order, cos)]})
            print(n, f"{a} - {b} + {c} ->", [(words[i], round(float(v), 4)) for i, v in zip(order, cos)])
    write_json(OUT, {"generated_by": {"script": "scripts/make_analogy_golden.py", "python": platform.python_version(),
                                      "numpy": np.__version__},
                     "k": K, "cases": cases}, indent=1)


if __name__ == "__main__":
    main()
