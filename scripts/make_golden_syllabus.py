#!/usr/bin/python3
"""Golden fixtures for the syllabus chapters, from real NumPy (and scikit-learn, PyTorch).

  tests/fixtures/numpy_smoothing.json   chapter 3: default_rng noisy series, exponential smoothing
  tests/fixtures/sklearn_tfidf.json     chapter 1: CountVectorizer / TfidfVectorizer (defaults)
  tests/fixtures/torch_mha_batch.json   chapter 8: nn.MultiheadAttention, many head counts, batch of two

Usage:  /usr/bin/python3 scripts/make_golden_syllabus.py
Needs Debian's python3-numpy; the TF-IDF case needs python3-sklearn and the multi-head case
python3-torch (apt packages, run with /usr/bin/python3). Deterministic: two runs, same bytes.
JSON conventions are those of scripts/make_golden.py, written by scripts/golden_common.py
(see tests/fixtures/README.md).
"""
import pathlib
import platform
import re
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from golden_common import write_case  # noqa: E402  (the notebook fixtures' JSON writer)


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


# --------------------------------------------------------------------------------------
# Chapter 8: nn.MultiheadAttention for every head count on a batch of two sentences
# --------------------------------------------------------------------------------------

COURSE_VOCAB = ["bank", "of", "the", "river", "account", "money", "has", "today"]

MHA_CASES = [
    (0, 8, "bank of the river", "bank account has money", [1, 2, 4, 8]),
    (5, 16, "the river bank has money", "money in the bank today", [1, 2, 4, 8, 16]),
]


def mha_batch_case():
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.set_num_threads(1)
    cases = []
    for seed, d_model, sentence1, sentence2, heads in MHA_CASES:
        words1, words2 = sentence1.split(), sentence2.split()
        assert len(words1) == len(words2), "a batch stacks sentences of equal length (no padding)"
        torch.manual_seed(seed)
        vocab = list(COURSE_VOCAB)
        for w in words1 + words2:
            if w not in vocab:
                vocab.append(w)
        word2idx = {w: i for i, w in enumerate(vocab)}
        # The notebook's creation order (cells 23-26): embedding, three Linear, then the module.
        embedding = nn.Embedding(len(vocab), d_model)
        W_q = nn.Linear(d_model, d_model, bias=False)
        W_k = nn.Linear(d_model, d_model, bias=False)
        W_v = nn.Linear(d_model, d_model, bias=False)
        base = nn.MultiheadAttention(d_model, 1, bias=False, batch_first=True)
        runs = {}
        with torch.no_grad():
            X1 = embedding(torch.tensor([word2idx[w] for w in words1]))
            X2 = embedding(torch.tensor([word2idx[w] for w in words2]))
            X_batch = torch.stack([X1, X2])  # (B, T, d_model)
            hand = []
            for X in (X1, X2):
                Q, K, V = W_q(X), W_k(X), W_v(X)
                A = F.softmax(Q @ K.T / (d_model ** 0.5), dim=-1)
                hand.append({"attn_weights": A, "Y": A @ V})
            for h in heads:
                # The initialisation does not depend on the head count: one set of weights,
                # split h ways.
                mha = nn.MultiheadAttention(d_model, h, bias=False, batch_first=True)
                mha.load_state_dict(base.state_dict())
                Y_mha, A_mean = mha(X_batch, X_batch, X_batch)
                Y_heads, A_heads = mha(X_batch, X_batch, X_batch, average_attn_weights=False)
                assert torch.equal(Y_mha, Y_heads)
                # The same thing written out on the batch, with the last-two-axes transpose.
                B, T, E = X_batch.shape
                hd = E // h
                Wq, Wk, Wv = mha.in_proj_weight.split(E)
                split = lambda M: M.view(B, T, h, hd).transpose(1, 2)  # (B, h, T, hd)
                q, k, v = split(X_batch @ Wq.T), split(X_batch @ Wk.T), split(X_batch @ Wv.T)
                scores = (q / hd ** 0.5) @ k.transpose(-2, -1)  # (B, h, T, T)
                A = F.softmax(scores, dim=-1)
                concat = (A @ v).transpose(1, 2).reshape(B, T, E)
                Y_check = concat @ mha.out_proj.weight.T
                assert float((Y_check - Y_mha).abs().max()) < 1e-5
                assert float((A - A_heads).abs().max()) < 1e-6
                runs[f"heads_{h}"] = {
                    "num_heads": h,
                    "head_dim": hd,
                    "shapes": {"X_batch": list(X_batch.shape), "q": list(q.shape),
                               "k_transposed": list(k.transpose(-2, -1).shape),
                               "scores": list(scores.shape), "concat": list(concat.shape),
                               "Y_mha": list(Y_mha.shape), "attn_weights_mha": list(A_mean.shape)},
                    "Y_mha": Y_mha,
                    "attn_weights_mha": A_mean,
                    "attn_weights_per_head": A_heads,
                    "concat": concat,
                }
        cases.append({
            "config": {"seed": seed, "d_model": d_model, "sentence1": sentence1, "sentence2": sentence2,
                       "heads": heads, "bias": False, "batch_first": True, "dtype": "float32",
                       "creation_order": ["embedding", "W_q", "W_k", "W_v", "mha (num_heads=1)"]},
            "vocab": vocab,
            "params": {
                "embedding.weight": embedding.weight,
                "W_q.weight": W_q.weight, "W_k.weight": W_k.weight, "W_v.weight": W_v.weight,
                "mha.in_proj_weight": base.in_proj_weight,
                "mha.out_proj.weight": base.out_proj.weight,
            },
            "X_batch": X_batch,
            "hand_written": hand,
            **runs,
        })
    write_case("torch_mha_batch", {
        "generated_by": generated_by(torch=torch.__version__, torch_num_threads=1),
        "description": "Chapter 8: the notebook's PyTorch stream (manual_seed, nn.Embedding, three "
                       "nn.Linear, nn.MultiheadAttention), then the module's weights loaded into "
                       "modules with every head count and run on a batch of two equal-length "
                       "sentences (B, T, d_model); per-head and averaged weights, the concatenated "
                       "heads and the output. hand_written is the notebook's Q/K/V block per sentence.",
        "cases": cases,
    })


def main():
    smoothing_case()
    tfidf_case()
    mha_batch_case()


if __name__ == "__main__":
    main()
