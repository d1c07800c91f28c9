#!/usr/bin/python3
"""Write tests/fixtures/numpy_sense_control.json: the class block's same-sense control pair, from
real NumPy (issue 16).

The trained chapter compares "bank" across two sentences with different senses, and against a
control: a third sentence with "bank" in the same sense as sentence 1. For the class's untrained
NumPy block (one shared table for all three sentences, default_rng(0), words outside the course
vocabulary drawn after it in order of first appearance: sentence 1, sentence 2, the control;
W_q, W_k, W_v from default_rng(1) with scale 0.5; ÷√d_k) it stores, per case:
  * pair      cosine(Y1[bank], Y2[bank])      the different-sense pair
  * control   cosine(Y1[bank], Y3[bank])      the same-sense control pair
  * raw_control cosine(X1[bank], X3[bank])    1: one shared table row
  * margin    control - pair, and the verdict under the page's rule (a margin of at least 0.1
              separates; below that but not negative is too close; negative is reversed)

Usage:  /usr/bin/python3 scripts/make_sense_control_golden.py     (NumPy only; deterministic)
"""
import math
import platform
import re

import numpy as np

from golden_common import FIXTURES, cosine, softmax, write_json
# the notebook's table, as the mixing golden builds it
from make_mixing_golden import build_table

OUT = FIXTURES / "numpy_sense_control.json"
REQUIRED_MARGIN = 0.1
CASES = [
    # the trained chapter's default sentences
    ("The bank of the river is muddy today.", "I have money in my bank account.",
     "They fished from the bank of the stream."),
    # the notebook's sentences, with a short same-sense control
    ("Bank of the river", "bank account has money", "the river bank"),
]


def keys_of(sentence):
    # The page's tokenizer on these sentences: runs of letters, lowercased, punctuation dropped.
    return [w.lower() for w in re.findall(r"[A-Za-z]+", sentence)]


def verdict(margin):
    if margin >= REQUIRED_MARGIN:
        return "separates"
    return "too_close" if margin >= 0 else "reversed"


def case(sentence1, sentence2, control, d_model=8):
    k1, k2, k3 = keys_of(sentence1), keys_of(sentence2), keys_of(control)
    table = build_table(k1 + k2 + k3, d_model)
    rng = np.random.default_rng(1)
    W_q, W_k, W_v = (rng.normal(scale=0.5, size=(d_model, d_model)) for _ in range(3))

    def X_Y(keys):
        X = np.stack([table[w] for w in keys])
        A = softmax((X @ W_q) @ (X @ W_k).T / np.sqrt(d_model))
        return X, A @ (X @ W_v)

    (X1, Y1), (X2, Y2), (X3, Y3) = X_Y(k1), X_Y(k2), X_Y(k3)
    b1, b2, b3 = k1.index("bank"), k2.index("bank"), k3.index("bank")
    pair = cosine(Y1[b1], Y2[b2])
    same = cosine(Y1[b1], Y3[b3])
    return {
        "sentence1": sentence1,
        "sentence2": sentence2,
        "control": control,
        "target_index_control": b3,
        "pair": pair,
        "control_cosine": same,
        "raw_control": cosine(X1[b1], X3[b3]),
        "margin": same - pair,
        "verdict": verdict(same - pair),
    }


def main():
    payload = {
        "case": "numpy_sense_control",
        "generated_by": {"script": "scripts/make_sense_control_golden.py", "python": platform.python_version(),
                         "numpy": np.__version__},
        "d_model": 8,
        "required_margin": REQUIRED_MARGIN,
        "cases": [case(*c) for c in CASES],
    }
    for c in payload["cases"]:
        assert all(math.isfinite(c[k]) for k in ("pair", "control_cosine", "raw_control", "margin"))
    write_json(OUT, payload, indent=1)
    for c in payload["cases"]:
        print(f'{c["sentence1"][:24]:24} pair={c["pair"]:.4f} control={c["control_cosine"]:.4f} '
              f'margin={c["margin"]:.4f} {c["verdict"]}')


if __name__ == "__main__":
    main()
