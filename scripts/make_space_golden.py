#!/usr/bin/python3
"""Write tests/fixtures/sklearn_space.json: the embedding-space chapter's numbers (issue 17) from
real scikit-learn and NumPy, on a committed subset of the bundled GloVe vectors.

Data: public/data/glove-100d.i8.bin (format in scripts/make_glove_subset.mjs: "AWV1", uint32
count, uint32 dim, float32 scales[count], int8 codes[count*dim]; value = float32(code * scale)),
rows 0..599 (the 600 most frequent words) plus the family and royal words the page uses.
The values are widened to float64 before fitting, as the core does.

  pca            sklearn.decomposition.PCA(n_components=10, svd_solver="full"): components_ (up to sign),
                 explained_variance_, explained_variance_ratio_, and the first 20 rows of the transform
  neighbours     for each query, the 10 most similar rows by cosine (NumPy, float64, self excluded,
                 ties to the lower index: a stable sort of −cosine)
  trustworthiness  sklearn.manifold.trustworthiness of the 2-component PCA layout, k=5, metrics
                 euclidean and cosine
  recall         k-NN recall (k=10, every row a query) of the 2-D PCA layout: the share of each row's
                 cosine neighbours that are among its Euclidean neighbours in the layout (NumPy)
  survival       the same recall for PCA-reduce-and-reconstruct to 50, 20, 10, 2 and 100 components,
                 neighbours by cosine on both sides (the dimension discussion)
  analogy        cosine of king − queen with man − woman

Usage:  /usr/bin/python3 scripts/make_space_golden.py     (deterministic output)
"""
import platform

import numpy as np
import sklearn
from sklearn.decomposition import PCA
from sklearn.manifold import trustworthiness

from golden_common import FIXTURES, ROOT, write_json
OUT = FIXTURES / "sklearn_space.json"
EXTRA = ["husband", "wife", "father", "mother", "daughter", "son", "prince", "princess", "computer", "king", "queen",
         "man", "woman", "royal"]
QUERIES = ["husband", "wife", "father", "mother", "daughter", "son", "prince", "princess", "computer", "the", "king"]
K = 10


def load_glove():
    raw = (ROOT / "public" / "data" / "glove-100d.i8.bin").read_bytes()
    assert raw[:4] == b"AWV1"
    count, dim = np.frombuffer(raw, dtype="<u4", count=2, offset=4)
    scales = np.frombuffer(raw, dtype="<f4", count=count, offset=12)
    codes = np.frombuffer(raw, dtype=np.int8, count=count * dim, offset=12 + 4 * count).reshape(count, dim)
    vectors = (codes.astype(np.float32) * scales[:, None]).astype(np.float32)
    words = (ROOT / "public" / "data" / "glove-100d.words.txt").read_text().split("\n")[:count]
    return words, vectors


def cosine_neighbours(X, k):
    unit = X / np.linalg.norm(X, axis=1, keepdims=True)
    sims = unit @ unit.T
    np.fill_diagonal(sims, -np.inf)
    order = np.argsort(-sims, axis=1, kind="stable")[:, :k]
    return order, np.take_along_axis(sims, order, axis=1)


def euclidean_neighbours(Y, k):
    d2 = ((Y[:, None, :] - Y[None, :, :]) ** 2).sum(-1)
    np.fill_diagonal(d2, np.inf)
    return np.argsort(d2, axis=1, kind="stable")[:, :k]


def recall(a, b):
    return float(np.mean([len(set(x) & set(y)) / len(x) for x, y in zip(a, b)]))


def main():
    all_words, all_vectors = load_glove()
    rows = list(range(600)) + [all_words.index(w) for w in EXTRA if all_words.index(w) >= 600]
    words = [all_words[r] for r in rows]
    X = all_vectors[rows].astype(np.float64)

    pca = PCA(n_components=10, svd_solver="full").fit(X)
    projected = pca.transform(X)
    layout2 = projected[:, :2]

    order, sims = cosine_neighbours(X, K)
    queries = [words.index(q) for q in QUERIES]
    neighbours = [{"query": q, "word": words[q], "indices": [int(i) for i in order[q]],
                   "cosines": [float(c) for c in sims[q]]} for q in queries]

    survival = {}
    for m in [50, 20, 10, 2, 100]:
        fit = PCA(n_components=m, svd_solver="full").fit(X)
        back = fit.inverse_transform(fit.transform(X))
        survival[str(m)] = recall(order, cosine_neighbours(back, K)[0])

    def vec(w):
        return X[words.index(w)]
    a, b = vec("king") - vec("queen"), vec("man") - vec("woman")

    out = {
        "generated_by": {"python": platform.python_version(), "numpy": np.__version__, "sklearn": sklearn.__version__,
                         "script": "scripts/make_space_golden.py"},
        "config": {"source": "public/data/glove-100d.i8.bin", "k": K, "n_components": 10},
        "rows": rows,
        "words": words,
        "pca": {"components": pca.components_.tolist(), "explained_variance": pca.explained_variance_.tolist(),
                "explained_variance_ratio": pca.explained_variance_ratio_.tolist(),
                "mean": pca.mean_.tolist(), "projected_head": projected[:20].tolist()},
        "neighbours": neighbours,
        "trustworthiness": {"k": 5, "euclidean": float(trustworthiness(X, layout2, n_neighbors=5)),
                            "cosine": float(trustworthiness(X, layout2, n_neighbors=5, metric="cosine"))},
        "recall_pca2": recall(order, euclidean_neighbours(layout2, K)),
        "survival": survival,
        "analogy": {"king_queen_vs_man_woman": float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))},
    }
    write_json(OUT, out, indent=None, separators=(",", ":"))
    print(f"N={len(rows)}")
    print("explained variance ratio", np.round(pca.explained_variance_ratio_, 4))
    print("husband:", [words[i] for i in neighbours[0]["indices"]])
    print("trustworthiness", out["trustworthiness"], "recall", out["recall_pca2"], "survival", survival)
    print("analogy", out["analogy"])


if __name__ == "__main__":
    main()
