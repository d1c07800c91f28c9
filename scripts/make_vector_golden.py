#!/usr/bin/python3
"""Golden values for the pretrained source: the bank experiment on tests/fixtures/glove_small.txt,
computed independently with NumPy (its own file reading, float32 parsing, default_rng projections).

    /usr/bin/python3 scripts/make_vector_golden.py

Writes tests/fixtures/glove_bank.json; the doctests (test_pretrained.cpp) compare the C++ core with it.
"""
import sys

import numpy as np

from golden_common import FIXTURES, softmax, write_json

VECTORS = FIXTURES / "glove_small.txt"
OUT = FIXTURES / "glove_bank.json"

CASES = [
    {"name": "class sentences", "s1": "bank of the river", "s2": "bank account has money", "scale": True, "causal": False, "policy": "zero"},
    {"name": "missing words as zero vectors, causal", "s1": "a bank of the zzzq river", "s2": "bank account has money", "scale": True, "causal": True, "policy": "zero"},
    {"name": "missing words skipped, no scaling", "s1": "a bank of the river", "s2": "my bank has money today", "scale": False, "causal": False, "policy": "skip"},
]


def read_vectors(path):
    table = {}
    for line in path.read_text(encoding="utf8").splitlines():
        parts = line.split()
        if parts:
            table[parts[0]] = np.array([np.float32(x) for x in parts[1:]], dtype=np.float32).astype(np.float64)
    return table


def cosine(a, b):
    """None where a vector is missing (a skipped word) or zero."""
    if a is None or b is None or not np.linalg.norm(a) or not np.linalg.norm(b):
        return None
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


def run(case, vectors):
    d = len(next(iter(vectors.values())))
    rng = np.random.default_rng(1)
    W_q, W_k, W_v = (rng.normal(scale=0.5, size=(d, d)) for _ in range(3))
    words1, words2 = case["s1"].split(), case["s2"].split()
    if case["policy"] == "skip":
        words1 = [w for w in words1 if w in vectors]
        words2 = [w for w in words2 if w in vectors]
    row = lambda w: vectors.get(w, np.zeros(d))

    def attention(words):
        X = np.stack([row(w) for w in words])
        scores = (X @ W_q) @ (X @ W_k).T
        if case["scale"]:
            scores = scores / np.sqrt(d)
        if case["causal"]:
            scores = np.where(np.triu(np.ones_like(scores, dtype=bool), 1), -np.inf, scores)
        A = softmax(scores)
        return X, A, A @ (X @ W_v)

    X1, A1, Y1 = attention(words1)
    X2, A2, Y2 = attention(words2)
    i1, i2 = words1.index("bank"), words2.index("bank")
    return {
        "config": case,
        "tokens_1": words1,
        "attn_weights_1": A1.tolist(),
        "attn_weights_2": A2.tolist(),
        "cosines": {
            "raw_target_across_sentences": cosine(X1[i1], X2[i2]),
            "contextual_target_across_sentences": cosine(Y1[i1], Y2[i2]),
            "raw_target_vs_raw_river": cosine(X1[i1], row("river")),
            "raw_target_vs_raw_money": cosine(X1[i1], row("money")),
            "contextual_target_vs_raw_river": cosine(Y1[i1], row("river")),
            "contextual_target_vs_raw_money": cosine(Y1[i1], row("money")),
            # the second sentence's contextual target against the same raw words (issue 16)
            "contextual_target2_vs_raw_money": cosine(Y2[i2], row("money")),
            "contextual_target2_vs_raw_river": cosine(Y2[i2], row("river")),
        },
    }


def main():
    vectors = read_vectors(VECTORS)
    out = {
        "generated_by": {"python": sys.version.split()[0], "numpy": np.__version__, "script": "scripts/make_vector_golden.py"},
        "vectors": VECTORS.name,
        "cases": [run(c, vectors) for c in CASES],
    }
    write_json(OUT, out, indent=1)
    for c in out["cases"]:
        print(c["config"]["name"], {k: round(v, 6) if v is not None else None for k, v in c["cosines"].items()})


if __name__ == "__main__":
    main()
