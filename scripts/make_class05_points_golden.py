#!/usr/bin/python3
"""Write tests/fixtures/numpy_class05_points.json: three of the Class 05 notes' points, computed
with real NumPy on the class example ("Bank of the river", the notebook's X, W_q, W_k, W_v):

  * soft lookup against exact lookup: for each query row, the key with the largest weight
    (argmax), that key's value row, the attention output A V beside it, their distance, the
    distance relative to the value's length, their cosine, and the same after multiplying the
    scores by 2, 4, 8, 16 before the softmax (sharper), with ÷√d_k on and off;
  * linearity: the projections against the block, X1 = X and X2 = X with its rows reversed:
    max |f(X1 + X2) − f(X1) − f(X2)| and max |f(2X) − 2 f(X)| for the block's output, and the
    softmax's A(2X) against 2 A(X) (each with the largest entry, so a test can divide);
  * row independence: Y computed row by row (each row from X alone) next to A V.

X and the projections are read from tests/fixtures/numpy_notebook.json (scripts/make_golden.py),
so this script needs only NumPy.

Usage:  /usr/bin/python3 scripts/make_class05_points_golden.py     (deterministic output)
"""
import json
import platform

import numpy as np

from golden_common import FIXTURES, clean, cosine, softmax, write_json

FACTORS = [1.0, 2.0, 4.0, 8.0, 16.0]


def block(X, W_q, W_k, W_v, scale=True):
    Q, K, V = X @ W_q, X @ W_k, X @ W_v
    scores = Q @ K.T / (np.sqrt(Q.shape[-1]) if scale else 1.0)
    A = softmax(scores, axis=-1)
    return {"Q": Q, "K": K, "V": V, "scores": scores, "A": A, "Y": A @ V}


def soft_lookup(run):
    rows = []
    for i in range(run["A"].shape[0]):
        top = int(np.argmax(run["A"][i]))
        hard = run["V"][top]
        soft = run["Y"][i]
        sharp = [softmax(run["scores"][i] * f) for f in FACTORS]
        rows.append({
            "query": i,
            "hard_key": top,
            "top_share": run["A"][i, top],
            "hard": hard,
            "soft": soft,
            "distance": float(np.linalg.norm(soft - hard)),
            "relative_distance": float(np.linalg.norm(soft - hard) / np.linalg.norm(hard)),
            "cosine": cosine(soft, hard),
            "factors": FACTORS,
            "sharp_top_share": [float(w[top]) for w in sharp],
            "sharp_relative_distance": [float(np.linalg.norm(w @ run["V"] - hard) / np.linalg.norm(hard)) for w in sharp],
        })
    return rows


def largest(*arrays):
    return float(max(np.max(np.abs(a)) for a in arrays))


def main():
    notebook = json.loads((FIXTURES / "numpy_notebook.json").read_text())
    X = np.array(notebook["sentence1"]["X"])
    W = [np.array(notebook[k]) for k in ("W_q", "W_k", "W_v")]
    X2 = X[::-1]
    one, two = block(X, *W), block(X2, *W)
    both, twice = block(X + X2, *W), block(2 * X, *W)
    row_by_row = np.stack([
        softmax((X[i] @ W[0]) @ (X @ W[1]).T / np.sqrt(W[0].shape[1])) @ (X @ W[2]) for i in range(X.shape[0])
    ])
    payload = {
        "case": "numpy_class05_points",
        "description": "Soft against exact lookup, linearity of the projections against the block, and rows computed alone, on 'Bank of the river'.",
        "generated_by": {
            "script": "scripts/make_class05_points_golden.py",
            "python": platform.python_version(),
            "numpy": np.__version__,
        },
        "sentence": notebook["config"]["sentence1"],
        "soft_lookup": {"scaled": soft_lookup(one), "unscaled": soft_lookup(block(X, *W, scale=False))},
        "linearity": {
            "softmax_double": {"max_difference": float(np.max(np.abs(twice["A"] - 2 * one["A"]))),
                               "largest": largest(twice["A"], 2 * one["A"])},
            "output_double": {"max_difference": float(np.max(np.abs(twice["Y"] - 2 * one["Y"]))),
                              "largest": largest(twice["Y"], 2 * one["Y"])},
            "output_sum": {"max_difference": float(np.max(np.abs(both["Y"] - one["Y"] - two["Y"]))),
                           "largest": largest(both["Y"], one["Y"] + two["Y"])},
            "scores_double_ratio": float(np.max(np.abs(twice["scores"] / one["scores"]))),
        },
        "rows_alone": {"Y_row_by_row": row_by_row, "Y": one["Y"],
                       "max_difference": float(np.max(np.abs(row_by_row - one["Y"])))},
    }
    write_json(FIXTURES / "numpy_class05_points.json", clean(payload, allow_neg_inf=False), indent=1)
    print("top shares (scaled):", [round(r["top_share"], 4) for r in payload["soft_lookup"]["scaled"]])
    print("output_double relative:", payload["linearity"]["output_double"]["max_difference"] / payload["linearity"]["output_double"]["largest"])


if __name__ == "__main__":
    main()
