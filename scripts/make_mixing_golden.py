#!/usr/bin/python3
"""Write tests/fixtures/numpy_mixing.json: how much the parameter-free form mixes, and what the
learner's controls change, from real NumPy (issue 16).

Class 04's form is A = softmax(X Xᵀ), Y = A X. With the notebook's N(0, 1) table the self-score
|x_i|² (about d_model) dwarfs the cross-scores x_i·x_j (about ±√d_model), and softmax turns the
gap into a ratio, a_ii / a_ij = exp(S_ii - S_ij), so A is almost the identity. The cases:
  * plain          softmax(X Xᵀ): the form as taught
  * free_scale     softmax(X Xᵀ / √d_model)
  * unit_rows      each row of X divided by its length first
  * table_scale    each row of X multiplied by 0.25 first
for "Bank of the river" and "Noa can be annoying, but she is a great cat", with the notebook's
table (default_rng(0), d_model 8, words outside the course vocabulary drawn after it). For every
row: a_ii, the strongest other key, ln(a_ii / a_ij), the weight not on itself and exp(entropy).

It also stores the notebook's two-sentence cosines including the second sentence's contextual
"bank" against raw "money" and raw "river" (projections from default_rng(1), ÷√d_k).

Usage:  /usr/bin/python3 scripts/make_mixing_golden.py     (NumPy only; deterministic output)
"""
import platform
import re

import numpy as np

from golden_common import FIXTURES, clean, cosine, softmax, write_json

OUT = FIXTURES / "numpy_mixing.json"
VOCAB = ["bank", "of", "the", "river", "account", "money", "has", "today"]
SENTENCES = ["Bank of the river", "Noa can be annoying, but she is a great cat"]
TABLE_SCALE = 0.25


def words_of(sentence):
    # The page's tokenizer on these sentences: runs of letters, punctuation dropped.
    return re.findall(r"[A-Za-z]+", sentence)


def build_table(keys, d_model, seed=0):
    """The notebook's build_embeddings, continued for words outside the vocabulary."""
    rng = np.random.default_rng(seed)
    table = {w: rng.normal(size=d_model) for w in sorted(set(VOCAB))}
    for w in keys:
        if w not in table:
            table[w] = rng.normal(size=d_model)
    return table


def mixing(S, divisor, A):
    seen = S / divisor
    rows = []
    for i in range(A.shape[0]):
        others = [j for j in range(A.shape[1]) if j != i]
        j = max(others, key=lambda k: (A[i, k], -k)) if others else -1
        p = A[i][A[i] > 0]
        rows.append({
            "self_weight": A[i, i],
            "self_raw_score": S[i, i],
            "other": j,
            "other_raw_score": S[i, j] if j >= 0 else None,
            "other_weight": A[i, j] if j >= 0 else None,
            "log_odds": float(seen[i, i] - seen[i, j]) if j >= 0 else None,
            "log_weight_ratio": float(np.log(A[i, i]) - np.log(A[i, j])) if j >= 0 else None,
            "weight_elsewhere": float(A[i, others].sum()),
            "effective_tokens": float(np.exp(-(p * np.log(p)).sum())),
            "top_key": int(np.argmax(A[i])),
        })
    return rows


def case(sentence, control):
    words = words_of(sentence)
    keys = [w.lower() for w in words]
    d = 8
    table = build_table(keys, d)
    X = np.stack([table[k] for k in keys])
    if control == "unit_rows":
        X = X / np.linalg.norm(X, axis=1, keepdims=True)
    if control == "table_scale":
        X = X * TABLE_SCALE
    S = X @ X.T
    divisor = float(np.sqrt(d)) if control == "free_scale" else 1.0
    A = softmax(S / divisor)
    return {
        "sentence": sentence,
        "control": control,
        "keys": keys,
        "X": X,
        "S": S,
        "divisor": divisor,
        "A": A,
        "Y": A @ X,
        "rows": mixing(S, divisor, A),
    }


def bank_cosines():
    s1, s2 = "Bank of the river".split(), "bank account has money".split()
    table = build_table([w.lower() for w in s1 + s2], 8)
    rng = np.random.default_rng(1)
    W_q, W_k, W_v = (rng.normal(scale=0.5, size=(8, 8)) for _ in range(3))

    def Y_of(words):
        X = np.stack([table[w.lower()] for w in words])
        A = softmax((X @ W_q) @ (X @ W_k).T / np.sqrt(8))
        return A @ (X @ W_v)

    Y1, Y2 = Y_of(s1), Y_of(s2)
    return {
        "contextual_target_vs_raw_river": cosine(Y1[0], table["river"]),
        "contextual_target_vs_raw_money": cosine(Y1[0], table["money"]),
        "contextual_target2_vs_raw_money": cosine(Y2[0], table["money"]),
        "contextual_target2_vs_raw_river": cosine(Y2[0], table["river"]),
        "contextual_target_across_sentences": cosine(Y1[0], Y2[0]),
    }


def main():
    payload = {
        "case": "numpy_mixing",
        "generated_by": {"script": "scripts/make_mixing_golden.py", "python": platform.python_version(),
                         "numpy": np.__version__},
        "d_model": 8,
        "table_scale": TABLE_SCALE,
        "cases": [case(s, c) for s in SENTENCES for c in ("plain", "free_scale", "unit_rows", "table_scale")],
        "bank_cosines": bank_cosines(),
    }
    write_json(OUT, clean(payload, allow_neg_inf=False), indent=1)
    for c in payload["cases"]:
        r = c["rows"]
        print(f'{c["sentence"][:12]:12} {c["control"]:12} a11={r[0]["self_weight"]:.6g} a12={c["A"][0][1]:.3g} '
              f'a14={c["A"][0][3]:.3g} a1,last={c["A"][0][-1]:.3g} elsewhere1={r[0]["weight_elsewhere"]:.3g}')
    print(payload["bank_cosines"])


if __name__ == "__main__":
    main()
