#!/usr/bin/env python3
"""Writes the .npy fixture the page's NumPy exporter is checked against, byte for byte.

    /usr/bin/python3 scripts/make_npy_fixture.py   (Debian's python3-numpy)

The values are chosen to catch formatting slips: a repeating binary fraction, a tiny
subnormal-adjacent number, -inf (a masked score), negative zero and a large integer part.
tests/js/export.test.js builds the same matrix in JavaScript and compares the bytes.
"""
from pathlib import Path
import numpy as np

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "npy"

def main():
    OUT.mkdir(parents=True, exist_ok=True)
    m = np.array([[0.1, -2.5e-300], [-np.inf, 1.0 / 3.0], [123456789.125, -0.0]], dtype="<f8")
    np.save(OUT / "matrix_3x2.npy", m)
    np.save(OUT / "matrix_1x1.npy", np.array([[1.0]], dtype="<f8"))
    wide = np.arange(40, dtype="<f8").reshape(4, 10) / 7.0   # a two-digit shape
    np.save(OUT / "matrix_4x10.npy", wide)
    print("numpy", np.__version__, "->", OUT)

if __name__ == "__main__":
    main()
