"""scikit-learn's Barnes-Hut t-SNE as the quality reference of bench/space.mjs.

Usage: python3 bench/space_sklearn.py POINTS.f32 START.f32 N D ITERATIONS
POINTS.f32: N x D float32 (the first N GloVe rows as the page decodes them); START.f32: N x 2
float32, the same first layout every t-SNE in the benchmark starts from (our core's PCA start).
Prints one JSON line: seconds (fit only), sklearn's own KL estimate, its n_iter_, its OpenMP threads, and
the layout (row-major), which the benchmark scores with its one KL function.
"""
import json
import sys
import time

import numpy as np
import sklearn
from sklearn.manifold import TSNE
from threadpoolctl import threadpool_info


def main():
    points_path, start_path, n, d, iterations = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    points = np.fromfile(points_path, dtype=np.float32).reshape(n, d)
    start = np.fromfile(start_path, dtype=np.float32).reshape(n, 2).astype(np.float64)
    model = TSNE(n_components=2, perplexity=30.0, early_exaggeration=12.0, learning_rate="auto", n_iter=iterations,
                 init=start, method="barnes_hut", angle=0.5, random_state=0)
    started = time.perf_counter()
    layout = model.fit_transform(points)
    seconds = time.perf_counter() - started
    threads = max((p.get("num_threads", 1) for p in threadpool_info() if p.get("user_api") == "openmp"), default=1)
    print(json.dumps({"seconds": seconds, "kl": float(model.kl_divergence_), "n_iter_": int(model.n_iter_),
                      "openmp_threads": threads, "version": sklearn.__version__,
                      "layout": layout.astype(np.float32).ravel().tolist()}))


if __name__ == "__main__":
    main()
