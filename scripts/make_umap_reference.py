#!/usr/bin/python3
"""Write tests/fixtures/umap_learn_reference.json: how well umap-learn's own layout of the space
chapter's default data keeps neighbourhoods, the bar our UMAP (core/space/umap) is held to.

Data: what the chapter shows by default (views/space/chapter.js: GloVe, 5,000 words): the first
5,000 rows of public/data/glove-100d.i8.bin, float32(code * scale) (make_space_golden.load_glove).
umap-learn: umap.UMAP(n_neighbors=15, min_dist=0.1, n_components=2, metric="euclidean") with its
default start (spectral), our UMAP's defaults (core/space/umap.hpp; the page passes outDim 2 and
seed 0), for random_state 0, 1, 2. Only numbers derived from its layouts are written.
The two scores are the ones the page reports (workers/space-worker.js, report):
  recall           k-NN recall, k = 10: for 500 queries (rows 0, 10, 20, ...), the share of each
                   query's 10 nearest rows by cosine in the 100-d space that are among its 10
                   nearest by Euclidean distance in the layout (self excluded, ties to the lower index)
  trustworthiness  sklearn.manifold.trustworthiness(X[:1500], layout[:1500], n_neighbors=10,
                   metric="cosine"): the first 1,500 rows, as the page measures it

umap-learn is BSD-3-Clause (Debian's package umap-learn 0.5.3: apt-get install umap-learn); it
is needed only to remake this file, never by the tests.
Usage:  /usr/bin/python3 scripts/make_umap_reference.py     (about a minute; numba's threads make
        the layouts differ slightly from run to run, so the numbers move in their last digits)
"""
import platform
import time
import warnings

import numpy as np
import sklearn
from sklearn.manifold import trustworthiness

from golden_common import FIXTURES, write_json
from make_space_golden import load_glove

OUT = FIXTURES / "umap_learn_reference.json"
N, K, QUERIES, TRUST_POINTS = 5000, 10, 500, 1500
PARAMS = {"n_neighbors": 15, "min_dist": 0.1, "n_components": 2, "metric": "euclidean"}
SEEDS = [0, 1, 2]


def cosine_neighbours(X, k, queries):
    unit = X / np.linalg.norm(X, axis=1, keepdims=True)
    sims = unit[queries] @ unit.T
    sims[np.arange(len(queries)), queries] = -np.inf
    return np.argsort(-sims, axis=1, kind="stable")[:, :k]


def layout_neighbours(Y, k, queries):
    d2 = ((Y[queries][:, None, :] - Y[None, :, :]) ** 2).sum(-1)
    d2[np.arange(len(queries)), queries] = np.inf
    return np.argsort(d2, axis=1, kind="stable")[:, :k]


def main():
    warnings.filterwarnings("ignore")  # numba's deprecation notes
    import umap  # after the filter: its import warns too

    _, vectors = load_glove()
    X = vectors[:N]
    step = max(1, N // QUERIES)
    queries = np.array([i * step for i in range(min(QUERIES, N))])
    before = cosine_neighbours(X.astype(np.float64), K, queries)
    runs = []
    for seed in SEEDS:
        started = time.time()
        Y = umap.UMAP(random_state=seed, **PARAMS).fit_transform(X).astype(np.float64)
        seconds = time.time() - started
        after = layout_neighbours(Y, K, queries)
        recall = float(np.mean([len(set(a) & set(b)) / K for a, b in zip(before, after)]))
        trust = float(trustworthiness(X[:TRUST_POINTS].astype(np.float64), Y[:TRUST_POINTS], n_neighbors=K, metric="cosine"))
        runs.append({"random_state": seed, "recall": recall, "trustworthiness": trust})
        print(f"random_state {seed}: recall {recall:.4f}, trustworthiness {trust:.4f} ({seconds:.0f} s)")
    mean = {m: float(np.mean([r[m] for r in runs])) for m in ("recall", "trustworthiness")}
    print("mean", mean)
    write_json(OUT, {
        "generated_by": {"script": "scripts/make_umap_reference.py", "python": platform.python_version(),
                         "umap_learn": umap.__version__, "numpy": np.__version__, "sklearn": sklearn.__version__,
                         "licence": "numbers derived from umap-learn's layouts (umap-learn: BSD-3-Clause)"},
        "data": {"source": "public/data/glove-100d.i8.bin", "rows": N, "dim": int(X.shape[1])},
        "umap": dict(PARAMS, init="spectral (umap-learn's default)"),
        "measures": {"k": K, "query_step": step, "query_count": len(queries),
                     "trust_points": TRUST_POINTS, "trust_metric": "cosine"},
        "runs": runs, "mean": mean}, indent=1)


if __name__ == "__main__":
    main()
