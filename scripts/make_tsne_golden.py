#!/usr/bin/env python3
"""Golden values for core/space/tsne: scikit-learn's Barnes-Hut t-SNE on the first rows of the
bundled GloVe subset (public/data/glove-100d.i8.bin, decoded as value = code * scale), from a
fixed PCA start that the fixture carries, so both sides begin at the same layout.

Writes tests/fixtures/sklearn_tsne.json: per case the rows used, the options, the start layout
(float32 values), sklearn's final KL (kl_divergence_), its iteration count, and the 10-NN recall
of its layout (the share of each point's 10 nearest in the original space, Euclidean, that are
also among its 10 nearest in the layout, averaged). Run: /usr/bin/python3 scripts/make_tsne_golden.py
"""

import numpy as np
import sklearn
from sklearn.manifold import TSNE

from golden_common import ROOT, write_json


def glove_rows(n):
    raw = (ROOT / "public/data/glove-100d.i8.bin").read_bytes()
    assert raw[:4] == b"AWV1"
    count, dim = np.frombuffer(raw, dtype="<u4", count=2, offset=4)
    scales = np.frombuffer(raw, dtype="<f4", count=count, offset=12)
    codes = np.frombuffer(raw, dtype=np.int8, count=count * dim, offset=12 + 4 * count).reshape(count, dim)
    return (codes[:n].astype(np.float32) * scales[:n, None]).astype(np.float32)


def pca_start(X, out_dim):
    """PCA scores, each component's largest-|value| entry positive, PC1's std scaled to 1e-4."""
    Xc = X.astype(np.float64) - X.astype(np.float64).mean(axis=0)
    _, _, vt = np.linalg.svd(Xc, full_matrices=False)
    comps = vt[:out_dim]
    signs = np.sign(comps[np.arange(out_dim), np.argmax(np.abs(comps), axis=1)])
    scores = Xc @ (comps * signs[:, None]).T
    return (scores / np.std(scores[:, 0]) * 1e-4).astype(np.float32)


def knn(Y, k):
    d2 = ((Y[:, None, :].astype(np.float64) - Y[None, :, :]) ** 2).sum(-1)
    np.fill_diagonal(d2, np.inf)
    return np.argsort(d2, axis=1, kind="stable")[:, :k]


def recall(X, Y, k=10):
    a, b = knn(X, k), knn(Y, k)
    return float(np.mean([len(set(a[i]) & set(b[i])) / k for i in range(len(X))]))


def case(n, out_dim, perplexity, iterations):
    X = glove_rows(n)
    start = pca_start(X, out_dim)
    tsne = TSNE(n_components=out_dim, perplexity=perplexity, n_iter=iterations, learning_rate="auto",
                init=start.copy(), method="barnes_hut", angle=0.5, early_exaggeration=12.0, random_state=0)
    Y = tsne.fit_transform(X)
    return {"rows": n, "out_dim": out_dim, "perplexity": perplexity, "iterations": iterations,
            "sklearn_iterations": int(tsne.n_iter_), "learning_rate": float(tsne.learning_rate_),
            "kl_divergence": float(tsne.kl_divergence_), "recall10": recall(X, Y),
            "start": start.tolist()}


def main():
    out = {"sklearn": sklearn.__version__,
           "cases": {"glove500_2d": case(500, 2, 30.0, 1000),
                     "glove500_3d": case(500, 3, 30.0, 1000),
                     "glove150_2d": case(150, 2, 10.0, 600)}}
    path = ROOT / "tests/fixtures/sklearn_tsne.json"
    write_json(path, out, indent=None, separators=(",", ":"))
    for name, c in out["cases"].items():
        print(name, "KL", round(c["kl_divergence"], 5), "iterations", c["sklearn_iterations"], "recall10", round(c["recall10"], 4))


if __name__ == "__main__":
    main()
