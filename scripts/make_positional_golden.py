#!/usr/bin/python3
"""Write tests/fixtures/numpy_positional.json: sinusoidal positional encoding and the flow
experiments' reference numbers, from real NumPy.

  PE(pos, 2k)   = sin(pos / 10000^(2k/d))
  PE(pos, 2k+1) = cos(pos / 10000^(2k/d))          ("Attention Is All You Need", 3.5)

The class example's X, W_q, W_k, W_v are read from the committed NumPy fixture
tests/fixtures/numpy_notebook.json (itself made by scripts/make_golden.py), so this script
needs only NumPy. It stores, for "Bank of the river":
  * X + PE, and both attention forms on it (parameter-free S, A, Y; projected scores, A, Y);
  * the parameter-free form with a local window of radius 1 (|i - j| <= 1);
  * a shuffle (permutation [2, 0, 3, 1]) with and without PE: max |Y_shuffled - P Y|.

Usage:  /usr/bin/python3 scripts/make_positional_golden.py     (deterministic output)
"""
import json
import platform

import numpy as np

from golden_common import FIXTURES, clean, softmax, write_json


def positional_encoding(n, d):
    pe = np.zeros((n, d))
    for pos in range(n):
        for c in range(d):
            two_k = c - (c % 2)
            angle = pos / np.power(10000.0, two_k / d)
            pe[pos, c] = np.sin(angle) if c % 2 == 0 else np.cos(angle)
    return pe


def positional_encoding_vectorised(n, d):
    """The usual NumPy idiom, as a cross-check of the loop above."""
    pos = np.arange(n)[:, None]
    two_k = (np.arange(d) - np.arange(d) % 2)[None, :]
    angle = pos / np.power(10000.0, two_k / d)
    return np.where(np.arange(d)[None, :] % 2 == 0, np.sin(angle), np.cos(angle))


def window_mask(scores, r):
    out = scores.copy()
    n = out.shape[0]
    for i in range(n):
        for j in range(n):
            if abs(i - j) > r:
                out[i, j] = -np.inf
    return out


def param_free(X, window=None):
    S = X @ X.T
    masked = S if window is None else window_mask(S, window)
    A = softmax(masked, axis=-1)
    return {"S": S, "A": A, "Y": A @ X}


def projected(X, W_q, W_k, W_v):
    Q, K, V = X @ W_q, X @ W_k, X @ W_v
    d_k = Q.shape[-1]
    scores = Q @ K.T / np.sqrt(d_k)
    A = softmax(scores, axis=-1)
    return {"Q": Q, "K": K, "V": V, "scores": scores, "A": A, "Y": A @ V}


def main():
    notebook = json.loads((FIXTURES / "numpy_notebook.json").read_text())
    X = np.array(notebook["sentence1"]["X"])
    W_q, W_k, W_v = (np.array(notebook[k]) for k in ("W_q", "W_k", "W_v"))
    n, d = X.shape

    tables = {}
    for rows, width in ((4, 8), (7, 5), (64, 16)):
        pe = positional_encoding(rows, width)
        assert np.array_equal(pe, positional_encoding_vectorised(rows, width))
        tables[f"{rows}x{width}"] = pe

    pe = positional_encoding(n, d)
    X_pe = X + pe
    perm = [2, 0, 3, 1]

    def shuffle_deviation(with_pe):
        base = X_pe if with_pe else X
        shuffled = X[perm] + (pe if with_pe else 0)
        Y = param_free(base)["Y"]
        Y_shuffled = param_free(shuffled)["Y"]
        return float(np.max(np.abs(Y_shuffled - Y[perm])))

    payload = {
        "case": "numpy_positional",
        "description": "Sinusoidal positional encoding and the whiteboard-flow experiments on 'Bank of the river'.",
        "generated_by": {
            "script": "scripts/make_positional_golden.py",
            "python": platform.python_version(),
            "numpy": np.__version__,
        },
        "formula": "PE(pos,2k)=sin(pos/10000^(2k/d)), PE(pos,2k+1)=cos(pos/10000^(2k/d))",
        "pe_tables": tables,
        "sentence": notebook["config"]["sentence1"],
        "X": X,
        "PE": pe,
        "X_plus_PE": X_pe,
        "param_free_pe": param_free(X_pe),
        "projected_pe": projected(X_pe, W_q, W_k, W_v),
        "param_free_window1": param_free(X, window=1),
        "shuffle": {
            "permutation": perm,
            "max_deviation_without_pe": shuffle_deviation(False),
            "max_deviation_with_pe": shuffle_deviation(True),
        },
    }
    write_json(FIXTURES / "numpy_positional.json", clean(payload, allow_neg_inf=False), indent=1)
    print("shuffle deviations (without PE, with PE):",
          payload["shuffle"]["max_deviation_without_pe"], payload["shuffle"]["max_deviation_with_pe"])


if __name__ == "__main__":
    main()
