#!/usr/bin/python3
"""Write tests/fixtures/numpy_stats.json: value summaries (mean, np.std, min, max, np.histogram)
from real NumPy, for core/math/stats.hpp (issue 16: `normal(scale=0.5)` sets a standard deviation).

Cases: the notebook's W_q at d_model 8 and 64 (np.random.default_rng(1).normal(scale=0.5, ...),
the first draws of the projection generator), a constant matrix (np.histogram's ±0.5 range), and
values that sit exactly on the bin edges.

Usage:  /usr/bin/python3 scripts/make_stats_golden.py     (NumPy only; deterministic output)
"""
import platform

import numpy as np

from golden_common import FIXTURES, write_json

OUT = FIXTURES / "numpy_stats.json"


def summary(values, bins):
    counts, edges = np.histogram(values, bins=bins)
    return {"count": int(values.size), "mean": float(values.mean()), "std": float(values.std()),
            "min": float(values.min()), "max": float(values.max()),
            "bin_edges": [float(e) for e in edges], "bin_counts": [int(c) for c in counts]}


def main():
    cases = []
    for d_model, bins in [(8, 10), (64, 20)]:
        W_q = np.random.default_rng(1).normal(scale=0.5, size=(d_model, d_model))
        cases.append({"name": f"notebook W_q, d_model {d_model}", "notebook_d_model": d_model, "bins": bins,
                      "first_values": [float(v) for v in W_q.ravel()[:3]], **summary(W_q, bins)})
    constant = np.full((2, 2), 3.0)
    cases.append({"name": "constant", "values": constant.tolist(), "bins": 4, **summary(constant, 4)})
    edges = np.linspace(0.0, 1.0, 11).reshape(1, -1)
    cases.append({"name": "values on the edges", "values": edges.tolist(), "bins": 10, **summary(edges, 10)})
    payload = {"case": "numpy_stats",
               "generated_by": {"script": "scripts/make_stats_golden.py", "python": platform.python_version(),
                                "numpy": np.__version__},
               "cases": cases}
    write_json(OUT, payload, indent=1)


if __name__ == "__main__":
    main()
