#!/usr/bin/python3
"""Write the golden fixtures in tests/fixtures/*.json from real NumPy and real PyTorch.

Each fixture runs the class notebook's cells (Class 04 parameter-free attention, Class 05
projected Q/K/V attention, the PyTorch version and nn.MultiheadAttention) for one case and
stores every intermediate under the notebook's variable names. The C++ doctests and the JS
tests read these files; they never run this script.

Usage:  /usr/bin/python3 scripts/make_golden.py
Needs Debian's python3-numpy (1.24.2) and python3-torch (1.13) (apt packages), not pip ones.
Output is deterministic: running it twice gives the same bytes.

JSON conventions (see tests/fixtures/README.md; the writer is scripts/golden_common.py):
  * floats are Python's shortest round-trip repr of the double; float32 torch values are
    widened to double exactly (.double().tolist()), so parsing gives the exact float back;
  * matrices are lists of rows;
  * -infinity (a causally masked score) is written as null, because JSON has no infinity;
    no other non-finite value can appear (the script refuses NaN and +inf).
"""
import math
import platform
import sys

import numpy as np

from golden_common import FIXTURES, cosine, softmax, write_case

try:
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
except ImportError:  # pragma: no cover - environment problem, explain it
    sys.exit("make_golden.py needs PyTorch: apt-get install python3-torch "
             "and run it with /usr/bin/python3")

OUT_DIR = FIXTURES

VOCAB = ["bank", "of", "the", "river", "account", "money", "has", "today"]

GENERATED_BY = {
    "script": "scripts/make_golden.py",
    "command": "/usr/bin/python3 scripts/make_golden.py",
    "python": platform.python_version(),
    "numpy": np.__version__,
    "torch": torch.__version__,
    "torch_num_threads": 1,
}


# --------------------------------------------------------------------------------------
# NumPy notebook (Class 04 / Class 05)
# --------------------------------------------------------------------------------------

def words_of(sentence):
    return sentence.split()


def keys_of(words):
    return [w.lower() for w in words]


def extra_words(*word_lists):
    """Lowercased words outside VOCAB, in order of first appearance across the lists."""
    known = set(VOCAB)
    extra = []
    for words in word_lists:
        for w in keys_of(words):
            if w not in known:
                known.add(w)
                extra.append(w)
    return extra


def build_embeddings(vocab_words, d_model, seed=0, extra=()):
    """The notebook's build_embeddings, continued for words outside the vocabulary."""
    rng = np.random.default_rng(seed)
    vocab = sorted(set(vocab_words))
    table = {w: rng.normal(size=d_model) for w in vocab}
    for w in extra:
        table[w] = rng.normal(size=d_model)
    return table


def causal_mask(scores):
    masked = scores.copy()
    n, m = masked.shape
    for i in range(n):
        for j in range(i + 1, m):
            masked[i, j] = -np.inf
    return masked


def mask_matrix(n, causal):
    return [[bool(causal and j > i) for j in range(n)] for i in range(n)]


def projected(words, table, W_q, W_k, W_v, scale, causal):
    """The notebook's cells for one sentence, returning every named intermediate."""
    X = np.stack([table[w.lower()] for w in words])
    Q = X @ W_q
    K = X @ W_k
    V = X @ W_v
    raw_scores = Q @ K.T
    d_k = W_q.shape[1]
    scores = Q @ K.T / np.sqrt(d_k) if scale else Q @ K.T
    if causal:
        scores = causal_mask(scores)
    attn_weights = softmax(scores, axis=-1)
    row_sums = attn_weights.sum(axis=-1)
    Y = attn_weights @ V
    Y_literal = attn_weights @ X
    # y1_manual, written out term by term as the notes do, for any sentence length.
    y1_manual = attn_weights[0, 0] * X[0]
    for j in range(1, X.shape[0]):
        y1_manual = y1_manual + attn_weights[0, j] * X[j]
    allclose = bool(np.allclose(Y_literal[0], y1_manual))
    assert allclose
    assert not np.isnan(attn_weights).any()

    # Class 04, parameter-free: S = X X^T, A = softmax(S), Y = A X (S stored before any mask).
    S = X @ X.T
    A = softmax(causal_mask(S) if causal else S, axis=-1)
    Y_pf = A @ X

    return {
        "words": words,
        "keys": keys_of(words),
        "X": X,
        "Q": Q,
        "K": K,
        "V": V,
        "raw_scores": raw_scores,
        "scale_divisor": float(np.sqrt(d_k)) if scale else 1.0,
        "mask": mask_matrix(X.shape[0], causal),
        "scores": scores,
        "attn_weights": attn_weights,
        "row_sums": row_sums,
        "Y": Y,
        "Y_literal": Y_literal,
        "y1_manual": y1_manual,
        "allclose_Y_literal0_y1_manual": allclose,
        "param_free": {"S": S, "A": A, "Y": Y_pf},
    }


def numpy_case(name, description, sentence1, sentence2, embed_seed, proj_seed,
               d_model, d_k, d_v, scale, causal):
    words1, words2 = words_of(sentence1), words_of(sentence2)
    extra = extra_words(words1, words2)
    table = build_embeddings(VOCAB, d_model, seed=embed_seed, extra=extra)

    rng = np.random.default_rng(proj_seed)
    W_q = rng.normal(scale=0.5, size=(d_model, d_k))
    W_k = rng.normal(scale=0.5, size=(d_model, d_k))
    W_v = rng.normal(scale=0.5, size=(d_model, d_v))

    s1 = projected(words1, table, W_q, W_k, W_v, scale, causal)
    s2 = projected(words2, table, W_q, W_k, W_v, scale, causal)
    X1, Y1 = s1["X"], s1["Y"]
    X2, Y2 = s2["X"], s2["Y"]
    k1, k2 = s1["keys"], s2["keys"]
    b1, r1, b2 = k1.index("bank"), k1.index("river"), k2.index("bank")

    # The notebook's six cosines. In the notebook "bank" is X[0] and "river" is X[3];
    # here the rows are found by word, which is the same thing for "Bank of the river".
    # With d_v != d_model, Y has d_v columns and a cosine against a raw (d_model) vector is
    # undefined, so those three are left out (cosine_defs says why).
    defs = [
        ("raw_bank_vs_raw_river", f"cosine(X1[{b1}], X1[{r1}])", X1[b1], X1[r1]),
        ("contextual_bank_vs_raw_river", f"cosine(Y1[{b1}], X1[{r1}])", Y1[b1], X1[r1]),
        ("raw_bank_across_sentences", f"cosine(X1[{b1}], X2[{b2}])", X1[b1], X2[b2]),
        ("contextual_bank_across_sentences", f"cosine(Y1[{b1}], Y2[{b2}])", Y1[b1], Y2[b2]),
        ("river_sentence_contextual_bank_vs_raw_money", f"cosine(Y1[{b1}], table['money'])",
         Y1[b1], table["money"]),
        ("river_sentence_contextual_bank_vs_raw_river", f"cosine(Y1[{b1}], table['river'])",
         Y1[b1], table["river"]),
    ]
    cosines, cosine_defs = {}, {}
    for key, expr, a, b in defs:
        if a.shape == b.shape:
            cosines[key] = cosine(a, b)
            cosine_defs[key] = expr
        else:
            cosine_defs[key] = (f"undefined: {expr} compares a d_v={d_v} vector with a "
                                f"d_model={d_model} vector")

    draw_order = list(table.keys())
    payload = {
        "case": name,
        "description": description,
        "generated_by": GENERATED_BY,
        "config": {
            "source": "numpy",
            "sentence1": sentence1,
            "sentence2": sentence2,
            "words1": words1,
            "words2": words2,
            "vocab": VOCAB,
            "embed_seed": embed_seed,
            "proj_seed": proj_seed,
            "d_model": d_model,
            "d_k": d_k,
            "d_v": d_v,
            "scale": scale,
            "causal": causal,
        },
        "embedding_table": {
            "draw_order": draw_order,
            "added": extra,
            "vectors": {w: table[w] for w in draw_order},
        },
        "W_q": W_q,
        "W_k": W_k,
        "W_v": W_v,
        "sentence1": s1,
        "sentence2": s2,
        "cosines": cosines,
        "cosine_defs": cosine_defs,
    }
    write_case(name, payload)
    return payload


def numpy_extreme():
    scores = np.array([
        [1e30, -1e30, 0.0, 5.0],
        [-1e30, -1e30, -1e30, -1e30],
        [1e-300, 0.0, -1e-300, 2.0],
    ])
    shifted = scores - np.max(scores, axis=-1, keepdims=True)
    e = np.exp(shifted)
    attn_weights = softmax(scores, axis=-1)
    assert not np.isnan(attn_weights).any()
    assert np.isfinite(attn_weights).all()
    payload = {
        "case": "numpy_extreme",
        "description": "Softmax stress test: huge, all-equal and tiny scores; "
                       "attn_weights = softmax(scores, axis=-1) exactly as NumPy computes it.",
        "generated_by": GENERATED_BY,
        "config": {"source": "numpy", "function": "softmax(x, axis=-1)"},
        "scores": scores,
        "shifted": shifted,
        "e": e,
        "attn_weights": attn_weights,
        "row_sums": attn_weights.sum(axis=-1),
        "has_nan": bool(np.isnan(attn_weights).any()),
    }
    write_case("numpy_extreme", payload)
    return payload


# --------------------------------------------------------------------------------------
# PyTorch notebook
# --------------------------------------------------------------------------------------

def np_cosine_of(a, b):
    """The NumPy notebook's cosine() on the float32 values widened to double."""
    a64, b64 = a.double().numpy(), b.double().numpy()
    return cosine(a64, b64)


def torch_sentence(words, word2idx, embedding, W_q, W_k, W_v, d_k):
    idx = torch.tensor([word2idx[w] for w in words])
    X = embedding(idx)
    Q = W_q(X)
    K = W_k(X)
    V = W_v(X)
    raw_scores = Q @ K.T
    scores = Q @ K.T / (d_k ** 0.5)
    attn_weights = F.softmax(scores, dim=-1)
    Y = attn_weights @ V
    return {
        "words": words,
        "idx": idx.tolist(),
        "X": X,
        "Q": Q,
        "K": K,
        "V": V,
        "raw_scores": raw_scores,
        "scores": scores,
        "attn_weights": attn_weights,
        "row_sums": attn_weights.sum(dim=-1),
        "Y": Y,
    }


def manual_mha(X, mha):
    """nn.MultiheadAttention without biases, written out (a check, not stored)."""
    E = X.shape[-1]
    h = mha.num_heads
    hd = E // h
    Wq, Wk, Wv = mha.in_proj_weight.split(E)
    q, k, v = X @ Wq.T, X @ Wk.T, X @ Wv.T
    outs, weights = [], []
    for i in range(h):
        sl = slice(i * hd, (i + 1) * hd)
        w = F.softmax((q[:, sl] / math.sqrt(hd)) @ k[:, sl].T, dim=-1)
        weights.append(w)
        outs.append(w @ v[:, sl])
    return torch.cat(outs, dim=-1) @ mha.out_proj.weight.T, torch.stack(weights)


def torch_case(name, description, seed, d_model, words1, words2):
    torch.manual_seed(seed)
    vocab = list(VOCAB)
    for w in words1 + words2:  # new words, in order of first appearance, before nn.Embedding
        if w not in vocab:
            vocab.append(w)
    word2idx = {w: i for i, w in enumerate(vocab)}
    d_k = d_model
    embedding = nn.Embedding(len(vocab), d_model)
    W_q = nn.Linear(d_model, d_k, bias=False)
    W_k = nn.Linear(d_model, d_k, bias=False)
    W_v = nn.Linear(d_model, d_k, bias=False)

    with torch.no_grad():
        s1 = torch_sentence(words1, word2idx, embedding, W_q, W_k, W_v, d_k)
        s2 = torch_sentence(words2, word2idx, embedding, W_q, W_k, W_v, d_k)

    # Created after everything above, without reseeding: it continues the same stream.
    mha = nn.MultiheadAttention(embed_dim=d_model, num_heads=1, bias=False, batch_first=True)
    with torch.no_grad():
        X_batched = s1["X"].unsqueeze(0)
        Y_mha, attn_weights_mha = mha(X_batched, X_batched, X_batched)
        Y_check, A_check = manual_mha(s1["X"], mha)
    mha_diff = max(float((Y_mha[0] - Y_check).abs().max()),
                   float((attn_weights_mha[0] - A_check[0]).abs().max()))
    assert mha_diff < 1e-5, mha_diff

    b1, b2 = words1.index("bank"), words2.index("bank")
    Xb1, Xb2 = s1["X"][b1], s2["X"][b2]
    Yb1, Yb2 = s1["Y"][b1], s2["Y"][b2]
    cos_f = F.cosine_similarity(Yb1, Yb2, dim=0)
    cos_np_style = (Yb1 @ Yb2) / (Yb1.norm() * Yb2.norm())
    cosines = {
        "raw_bank_equal": bool(torch.equal(Xb1, Xb2)),
        "raw_bank_F_cosine_similarity": float(F.cosine_similarity(Xb1, Xb2, dim=0)),
        "contextual_bank_F_cosine_similarity": float(cos_f),
        "contextual_bank_cosine_numpy_style_float32": float(cos_np_style),
        "contextual_bank_cosine_float64": np_cosine_of(Yb1, Yb2),
    }
    cosine_defs = {
        "raw_bank_equal": f"torch.equal(X1[{b1}], X2[{b2}])",
        "raw_bank_F_cosine_similarity": f"F.cosine_similarity(X1[{b1}], X2[{b2}], dim=0)",
        "contextual_bank_F_cosine_similarity": f"F.cosine_similarity(Y1[{b1}], Y2[{b2}], dim=0)",
        "contextual_bank_cosine_numpy_style_float32":
            f"(Y1[{b1}] @ Y2[{b2}]) / (Y1[{b1}].norm() * Y2[{b2}].norm()) in float32",
        "contextual_bank_cosine_float64":
            f"the NumPy notebook's cosine() of Y1[{b1}], Y2[{b2}] widened to float64",
    }

    payload = {
        "case": name,
        "description": description,
        "generated_by": GENERATED_BY,
        "config": {
            "source": "torch",
            "seed": seed,
            "sentence1": " ".join(words1),
            "sentence2": " ".join(words2),
            "words1": words1,
            "words2": words2,
            "d_model": d_model,
            "d_k": d_k,
            "d_v": d_k,
            "scale": True,
            "causal": False,
            "dtype": "float32",
            "creation_order": ["embedding", "W_q", "W_k", "W_v", "mha"],
        },
        "vocab": vocab,
        "word2idx": word2idx,
        "params": {
            "embedding.weight": embedding.weight,
            "W_q.weight": W_q.weight,
            "W_k.weight": W_k.weight,
            "W_v.weight": W_v.weight,
            "mha.in_proj_weight": mha.in_proj_weight,
            "mha.out_proj.weight": mha.out_proj.weight,
        },
        "sentence1": s1,
        "sentence2": s2,
        "cosines": cosines,
        "cosine_defs": cosine_defs,
        "mha": {
            "input": "X_batched = sentence1 X.unsqueeze(0); mha(X_batched, X_batched, X_batched)",
            "note": "batch dimension of size 1 removed from Y_mha and attn_weights_mha",
            "Y_mha": Y_mha[0],
            "attn_weights_mha": attn_weights_mha[0],
        },
        "notes": "Weights are stored as PyTorch keeps them, (out_features, in_features); "
                 "Q = X @ W_q.weight.T. The module stays in training mode (dropout is 0).",
    }
    write_case(name, payload)
    return payload


def torch_mha_heads():
    torch.manual_seed(0)
    vocab = list(VOCAB)
    word2idx = {w: i for i, w in enumerate(vocab)}
    d_model = 8
    embedding = nn.Embedding(len(vocab), d_model)
    heads = [2, 4]
    modules = [nn.MultiheadAttention(embed_dim=d_model, num_heads=h, bias=False,
                                     batch_first=True) for h in heads]
    words = ["bank", "of", "the", "river"]
    results = {}
    with torch.no_grad():
        idx = torch.tensor([word2idx[w] for w in words])
        X = embedding(idx)
        X_batched = X.unsqueeze(0)
        for h, mha in zip(heads, modules):
            Y_mha, attn_weights_mha = mha(X_batched, X_batched, X_batched)
            Y_heads, attn_weights_per_head = mha(X_batched, X_batched, X_batched,
                                                 average_attn_weights=False)
            assert torch.equal(Y_mha, Y_heads)
            Y_check, A_check = manual_mha(X, mha)
            diff = max(float((Y_mha[0] - Y_check).abs().max()),
                       float((attn_weights_per_head[0] - A_check).abs().max()))
            assert diff < 1e-5, diff
            results[f"heads_{h}"] = {
                "num_heads": h,
                "head_dim": d_model // h,
                "in_proj_weight": mha.in_proj_weight,
                "out_proj.weight": mha.out_proj.weight,
                "Y_mha": Y_mha[0],
                "attn_weights_mha": attn_weights_mha[0],
                "attn_weights_per_head": attn_weights_per_head[0],
            }
    payload = {
        "case": "torch_mha_heads",
        "description": "nn.MultiheadAttention with 2 and 4 heads on the river sentence; "
                       "average and per-head attention weights.",
        "generated_by": GENERATED_BY,
        "config": {
            "source": "torch",
            "seed": 0,
            "sentence1": " ".join(words),
            "words1": words,
            "d_model": d_model,
            "num_heads": heads,
            "bias": False,
            "batch_first": True,
            "dtype": "float32",
            "creation_order": ["embedding", "mha heads=2", "mha heads=4"],
        },
        "vocab": vocab,
        "word2idx": word2idx,
        "params": {"embedding.weight": embedding.weight},
        "idx": idx.tolist(),
        "X": X,
        **results,
        "notes": "Batch dimension of size 1 removed; attn_weights_per_head is (heads, tokens, "
                 "tokens) from average_attn_weights=False, whose output equals Y_mha.",
    }
    write_case("torch_mha_heads", payload)
    return payload


# --------------------------------------------------------------------------------------

def main():
    torch.set_num_threads(1)
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    nb = numpy_case(
        "numpy_notebook",
        "The class notebook as written: Class 04 and Class 05 attention in NumPy.",
        "Bank of the river", "bank account has money",
        embed_seed=0, proj_seed=1, d_model=8, d_k=8, d_v=8, scale=True, causal=False)
    s16 = numpy_case(
        "numpy_seed3_d16",
        "Other seeds and width 16; sentence 1 has words outside the course vocabulary.",
        "The cat sat by the river bank", "bank account has money today",
        embed_seed=3, proj_seed=4, d_model=16, d_k=16, d_v=16, scale=True, causal=False)
    c = numpy_case(
        "numpy_dk4_dv6_causal_noscale",
        "Independent widths d_k=4, d_v=6, no 1/sqrt(d_k) scaling, causal mask on.",
        "Bank of the river", "bank account has money",
        embed_seed=0, proj_seed=1, d_model=8, d_k=4, d_v=6, scale=False, causal=True)
    ex = numpy_extreme()
    t0 = torch_case(
        "torch_notebook",
        "The class notebook's PyTorch cells: nn.Embedding, three nn.Linear, "
        "nn.MultiheadAttention.",
        seed=0, d_model=8,
        words1=["bank", "of", "the", "river"], words2=["bank", "account", "has", "money"])
    t5 = torch_case(
        "torch_seed5_d16",
        "PyTorch with manual_seed(5), width 16; 'in' extends the vocabulary.",
        seed=5, d_model=16,
        words1=["the", "river", "bank"], words2=["money", "in", "the", "bank"])
    torch_mha_heads()

    print()
    print("key values")
    print("  numpy_notebook Y_literal[0][:3] =", [round(v, 4) for v in
                                                    nb["sentence1"]["Y_literal"][0][:3].tolist()])
    for name, p in (("numpy_notebook", nb), ("numpy_seed3_d16", s16),
                    ("numpy_dk4_dv6_causal_noscale", c)):
        for k, v in p["cosines"].items():
            print(f"  {name} {k} = {v!r}")
    print("  numpy_extreme attn_weights =", ex["attn_weights"].tolist())
    for name, p in (("torch_notebook", t0), ("torch_seed5_d16", t5)):
        for k, v in p["cosines"].items():
            print(f"  {name} {k} = {v!r}")


if __name__ == "__main__":
    main()
