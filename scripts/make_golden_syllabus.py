#!/usr/bin/python3
"""Golden fixtures for the syllabus chapters, from real NumPy (and scikit-learn, PyTorch).

  tests/fixtures/numpy_smoothing.json   chapter 3: default_rng noisy series, exponential smoothing
  tests/fixtures/sklearn_tfidf.json     chapter 1: CountVectorizer / TfidfVectorizer (defaults)

Usage:  /usr/bin/python3 scripts/make_golden_syllabus.py
Needs Debian's python3-numpy; the TF-IDF case needs python3-sklearn and the multi-head case
python3-torch (apt packages, run with /usr/bin/python3). Deterministic: two runs, same bytes.
JSON conventions are those of scripts/make_golden.py (see tests/fixtures/README.md).
"""
import pathlib
import platform
import re
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from make_golden import write_case  # noqa: E402  (same JSON writer and conventions)


def generated_by(**extra):
    out = {
        "script": "scripts/make_golden_syllabus.py",
        "command": "/usr/bin/python3 scripts/make_golden_syllabus.py",
        "python": platform.python_version(),
        "numpy": np.__version__,
    }
    out.update(extra)
    return out


# --------------------------------------------------------------------------------------
# Chapter 3: exponential smoothing s_t = beta x_t + (1 - beta) s_{t-1}, s_0 = x_0
# --------------------------------------------------------------------------------------

def noisy_series(seed, length, period, noise_scale):
    rng = np.random.default_rng(seed)
    t = np.arange(length)
    signal = np.sin(2 * np.pi * t / period)
    x = signal + rng.normal(scale=noise_scale, size=length)
    return t, signal, x


def smooth(x, beta):
    s = np.empty_like(x)
    s[0] = x[0]
    for i in range(1, len(x)):
        s[i] = beta * x[i] + (1 - beta) * s[i - 1]
    return s


def weights(t, beta):
    j = np.arange(t + 1)
    w = beta * (1 - beta) ** (t - j)
    w[0] = (1 - beta) ** t
    return w


def smoothing_case():
    cases = []
    for seed, length, period, noise in [(0, 120, 40.0, 0.4), (7, 50, 12.5, 1.0)]:
        t, signal, x = noisy_series(seed, length, period, noise)
        runs = []
        for beta in [0.9, 0.3, 0.05, 1.0]:
            s = smooth(x, beta)
            w = weights(length - 1, beta)
            runs.append({
                "beta": beta,
                "s": s,
                "last_weights": w,
                "last_from_weights": float(w @ x),
                "mse_noisy": float(np.mean((x - signal) ** 2)),
                "mse_smoothed": float(np.mean((s - signal) ** 2)),
            })
        cases.append({
            "config": {"seed": seed, "length": length, "period": period, "noise_scale": noise},
            "code": "rng = np.random.default_rng(seed); t = np.arange(length); "
                    "signal = np.sin(2 * np.pi * t / period); "
                    "x = signal + rng.normal(scale=noise_scale, size=length)",
            "signal": signal,
            "x": x,
            "runs": runs,
        })
    write_case("numpy_smoothing", {
        "generated_by": generated_by(),
        "description": "Chapter 3: a noisy sine from default_rng, smoothed by s_t = beta x_t + "
                       "(1 - beta) s_(t-1) with s_0 = x_0; last_weights[j] is how much x_j counts in "
                       "the last s (beta (1-beta)^(t-j), and (1-beta)^t for j = 0).",
        "cases": cases,
    })


# --------------------------------------------------------------------------------------
# Chapter 1: bag of words and TF-IDF with scikit-learn's defaults
# --------------------------------------------------------------------------------------

# The core's tokenize() for ASCII text: runs of letters and digits, an apostrophe or hyphen
# inside a word keeps it whole, everything else separates words; then lowercased. (The
# default token_pattern would instead drop one-letter words such as "a".)
WORD = re.compile(r"[A-Za-z0-9]+(?:['-][A-Za-z0-9]+)*")


def core_tokenize(doc):
    return [w.lower() for w in WORD.findall(doc)]


TFIDF_CORPORA = [
    ["the dog chased the cat", "the cat chased the dog", "a dog is a loyal pet",
     "the car is parked by the house"],
    ["My name is Paul", "Paul is my name", "Noa can be annoying, but she is a great cat",
     "I am going to London", "don't stop: a well-known cat-like dog"],
    ["bank of the river", "bank account has money", "the river bank has money today"],
]


def tfidf_case():
    import sklearn
    from sklearn.feature_extraction.text import CountVectorizer, TfidfVectorizer

    cases = []
    for docs in TFIDF_CORPORA:
        kw = dict(tokenizer=core_tokenize, lowercase=False, token_pattern=None)
        counts = CountVectorizer(**kw).fit(docs)
        tfidf = TfidfVectorizer(**kw)  # smooth_idf=True, sublinear_tf=False, norm='l2'
        assert tfidf.smooth_idf and not tfidf.sublinear_tf and tfidf.norm == "l2"
        matrix = tfidf.fit_transform(docs).toarray()
        assert list(tfidf.get_feature_names_out()) == list(counts.get_feature_names_out())
        cases.append({
            "documents": docs,
            "tokens": [core_tokenize(d) for d in docs],
            "vocabulary": list(tfidf.get_feature_names_out()),
            "counts": counts.transform(docs).toarray().astype(float),
            "idf": tfidf.idf_,
            "tfidf": matrix,
            "tfidf_cosine": matrix @ matrix.T,
        })
    write_case("sklearn_tfidf", {
        "generated_by": generated_by(sklearn=sklearn.__version__),
        "description": "Chapter 1: CountVectorizer and TfidfVectorizer with their defaults "
                       "(smooth_idf=True, sublinear_tf=False, norm='l2'), tokenised like the core's "
                       "tokenize() (tokenizer=core_tokenize, lowercase=False, token_pattern=None).",
        "cases": cases,
    })


def main():
    smoothing_case()
    tfidf_case()


if __name__ == "__main__":
    main()
