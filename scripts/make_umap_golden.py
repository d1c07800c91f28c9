#!/usr/bin/env python3
"""Golden values for core/space/umap's curve: umap-learn's find_ab_params(spread=1, min_dist),
which is scipy.optimize.curve_fit of 1 / (1 + a x^(2b)) to the min_dist step on 300 points of
[0, 3]. The code below is that function's body (umap-learn is not installed here; scipy is).
Writes tests/fixtures/umap_curve.json. Run: /usr/bin/python3 scripts/make_umap_golden.py
"""

import numpy as np
import scipy
from scipy.optimize import curve_fit

from golden_common import ROOT, write_json


def find_ab_params(spread, min_dist):
    def curve(x, a, b):
        return 1.0 / (1.0 + a * x ** (2 * b))

    xv = np.linspace(0, spread * 3, 300)
    yv = np.zeros(xv.shape)
    yv[xv < min_dist] = 1.0
    yv[xv >= min_dist] = np.exp(-(xv[xv >= min_dist] - min_dist) / spread)
    params, _ = curve_fit(curve, xv, yv)
    return float(params[0]), float(params[1])


def main():
    cases = [{"min_dist": m, "a": ab[0], "b": ab[1]} for m in (0.001, 0.05, 0.1, 0.25, 0.5, 0.8, 0.99)
             for ab in [find_ab_params(1.0, m)]]
    out = {"scipy": scipy.__version__, "spread": 1.0, "cases": cases}
    write_json(ROOT / "tests/fixtures/umap_curve.json", out, indent=1)
    for c in cases:
        print(c)


if __name__ == "__main__":
    main()
