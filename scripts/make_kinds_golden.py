#!/usr/bin/python3
"""Write tests/fixtures/numpy_kinds.json and tests/fixtures/torch_kinds.json: the kinds of
attention the classes name beside one sentence's self-attention (issue 16, item 5), from real
NumPy and real PyTorch, for core/lessons/attention_kinds.hpp.

For each pair of sentences (A, B), with the notebook's shared table (default_rng(0), d_model 8,
words outside the course vocabulary drawn after it, A's first) and projections (default_rng(1),
scale 0.5), NumPy computes:
  * cross      Q = X_A W_q, K = X_B W_k, V = X_B W_v, scores = Q Kᵀ / √d_k (n_A, n_B), A, Y
  * batch      A and B padded with zero rows to n_max as one (2, n_max, d_model) array; scores
               Q @ np.swapaxes(K, -1, -2) / √d_k (the batched transpose), padding keys -inf
  * concat     [X_A; X_B] as one sequence: scores, weights and Y without a mask and with the
               block mask (-inf between the sentences); the weight each row puts on the other
               sentence; max |Y_masked - Y_batched| over the real rows
  * uniform    every weight 1/n on X_A: Y (every row the mean), the plain sum of the rows, and
               max |y_i - y_0| for it and for attention's A X
  * min_max    (s - row min) / (row max - row min) of A's scores, its row sums, the keys with 0 and 1
  * transpose  NumPy's own message for Q @ K (without .T) when n_A != d_k, or the product when
               n_A == d_k
PyTorch (manual_seed(0), the notebook's nn.Embedding, three nn.Linear(bias=False), then
nn.MultiheadAttention(bias=False, batch_first=True)) computes mha(X_A, X_A, X_A) and
mha(X_A, X_B, X_B) unbatched for 1 and 2 heads (the 2-head module loads the 1-head weights),
torch's message for mha(X_A, X_B, X_A) when the lengths differ, and the cross-attention of the
nn.Linear projections in float32.

Usage:  /usr/bin/python3 scripts/make_kinds_golden.py   (python3-numpy, python3-torch; deterministic)
The JSON writer is scripts/golden_common.py's and the notebook helpers are make_golden.py's (same
conventions, see tests/fixtures/README.md): -inf is written as null.
"""
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from golden_common import softmax, write_case  # noqa: E402
from make_golden import VOCAB, build_embeddings, extra_words, nn, torch  # noqa: E402
import numpy as np  # noqa: E402

import platform  # noqa: E402

PAIRS = [
    ("Bank of the river", "bank account has money"),
    ("Noa can be annoying, but she is a great cat", "bank account has money"),
    ("I am going to London to see Noa", "Bank of the river"),
]
D_MODEL = 8

GENERATED_BY = {
    "script": "scripts/make_kinds_golden.py",
    "command": "/usr/bin/python3 scripts/make_kinds_golden.py",
    "python": platform.python_version(),
    "numpy": np.__version__,
    "torch": torch.__version__,
}


def words_of(sentence):
    """The page's tokenizer on these sentences: runs of letters, punctuation dropped."""
    return re.findall(r"[A-Za-z]+", sentence)


def keys_of(words):
    return [w.lower() for w in words]


def numpy_pair(sentence_a, sentence_b):
    ka, kb = keys_of(words_of(sentence_a)), keys_of(words_of(sentence_b))
    table = build_embeddings(VOCAB, D_MODEL, seed=0, extra=extra_words(ka, kb))
    rng = np.random.default_rng(1)
    W_q, W_k, W_v = (rng.normal(scale=0.5, size=(D_MODEL, D_MODEL)) for _ in range(3))
    d_k = W_q.shape[1]
    X_a = np.stack([table[k] for k in ka])
    X_b = np.stack([table[k] for k in kb])
    na, nb = len(ka), len(kb)

    # a. cross-attention: queries from A, keys and values from B
    Q, K, V = X_a @ W_q, X_b @ W_k, X_b @ W_v
    c_scores = Q @ K.T / np.sqrt(d_k)
    c_A = softmax(c_scores)
    cross = {"Q": Q, "K": K, "V": V, "scores": c_scores, "attn_weights": c_A, "Y": c_A @ V}

    # c. padded batch (2, n_max, d_model), key padding mask, batched transpose of the last two axes
    n_max = max(na, nb)
    batch = np.zeros((2, n_max, D_MODEL))
    batch[0, :na] = X_a
    batch[1, :nb] = X_b
    bQ, bK, bV = batch @ W_q, batch @ W_k, batch @ W_v
    b_scores = bQ @ np.swapaxes(bK, -1, -2) / np.sqrt(d_k)
    for b, n in enumerate((na, nb)):
        b_scores[b, :, n:] = -np.inf
    b_A = softmax(b_scores)
    b_Y = b_A @ bV
    assert b_scores.shape == (2, n_max, n_max)

    # c. one concatenated sequence, with and without the block mask
    X_cat = np.concatenate([X_a, X_b])
    cQ, cK, cV = X_cat @ W_q, X_cat @ W_k, X_cat @ W_v
    cat_scores = cQ @ cK.T / np.sqrt(d_k)
    block = np.zeros((na + nb, na + nb), dtype=bool)
    block[:na, :na] = True
    block[na:, na:] = True
    masked_scores = np.where(block, cat_scores, -np.inf)
    cat_A, masked_A = softmax(cat_scores), softmax(masked_scores)
    cat_Y, masked_Y = cat_A @ cV, masked_A @ cV
    other = ~block
    Y_batched_real = np.concatenate([b_Y[0, :na], b_Y[1, :nb]])
    concat = {
        "scores": cat_scores,
        "attn_weights": cat_A,
        "Y": cat_Y,
        "masked_scores": masked_scores,
        "masked_attn_weights": masked_A,
        "masked_Y": masked_Y,
        "cross_share_plain": (cat_A * other).sum(axis=1),
        "cross_share_masked": (masked_A * other).sum(axis=1),
        "masked_vs_batched_max_diff": float(np.abs(masked_Y - Y_batched_real).max()),
        "plain_vs_batched_max_diff": float(np.abs(cat_Y - Y_batched_real).max()),
    }

    # the self-attention of A alone (what the page's heatmaps show), for d., e. and f.
    Qa, Ka = X_a @ W_q, X_a @ W_k
    scores_a = Qa @ Ka.T / np.sqrt(d_k)
    A_a = softmax(scores_a)
    Y_literal = A_a @ X_a

    # d. every weight 1/n
    U = np.full((na, na), 1.0 / na)
    Y_u = U @ X_a
    uniform = {
        "attn_weights": U,
        "Y": Y_u,
        "sum": X_a.sum(axis=0),
        "row_spread": float(np.abs(Y_u - Y_u[0]).max()),
        "attention_Y_literal": Y_literal,
        "attention_row_spread": float(np.abs(Y_literal - Y_literal[0]).max()),
    }

    # e. min–max scaling of each score row
    lo = scores_a.min(axis=1, keepdims=True)
    span = np.ptp(scores_a, axis=1, keepdims=True)
    mm = (scores_a - lo) / np.where(span > 0, span, 1.0)
    min_max = {
        "scores": scores_a,
        "weights": mm,
        "row_sums": mm.sum(axis=1),
        "min_key": np.argmin(scores_a, axis=1),
        "max_key": np.argmax(scores_a, axis=1),
        "softmax_row_sums": A_a.sum(axis=1),
    }

    # f. Q @ K without the transpose
    transpose = {"Q_shape": list(Qa.shape), "K_shape": list(Ka.shape)}
    try:
        transpose["product"] = Qa @ Ka
        transpose["numpy_error"] = None
    except ValueError as e:
        transpose["numpy_error"] = str(e)

    return {
        "sentence_a": sentence_a,
        "sentence_b": sentence_b,
        "keys_a": ka,
        "keys_b": kb,
        "X_a": X_a,
        "X_b": X_b,
        "W_q": W_q,
        "W_k": W_k,
        "W_v": W_v,
        "cross": cross,
        "batch": {"n_max": n_max, "lengths": [na, nb], "scores": b_scores, "attn_weights": b_A, "Y": b_Y},
        "concat": concat,
        "uniform": uniform,
        "min_max": min_max,
        "transpose": transpose,
    }


def torch_pair(sentence_a, sentence_b):
    ka, kb = keys_of(words_of(sentence_a)), keys_of(words_of(sentence_b))
    torch.manual_seed(0)
    vocab = list(VOCAB)
    for w in ka + kb:
        if w not in vocab:
            vocab.append(w)
    word2idx = {w: i for i, w in enumerate(vocab)}
    embedding = nn.Embedding(len(vocab), D_MODEL)
    W_q = nn.Linear(D_MODEL, D_MODEL, bias=False)
    W_k = nn.Linear(D_MODEL, D_MODEL, bias=False)
    W_v = nn.Linear(D_MODEL, D_MODEL, bias=False)
    mha = nn.MultiheadAttention(embed_dim=D_MODEL, num_heads=1, bias=False, batch_first=True)
    mha2 = nn.MultiheadAttention(embed_dim=D_MODEL, num_heads=2, bias=False, batch_first=True)
    mha2.load_state_dict(mha.state_dict())
    out = {"sentence_a": sentence_a, "sentence_b": sentence_b, "keys_a": ka, "keys_b": kb, "vocab": vocab}
    with torch.no_grad():
        X_a = embedding(torch.tensor([word2idx[k] for k in ka]))
        X_b = embedding(torch.tensor([word2idx[k] for k in kb]))
        Q, K, V = W_q(X_a), W_k(X_b), W_v(X_b)
        scores = Q @ K.T / (D_MODEL ** 0.5)
        A = torch.softmax(scores, dim=-1)
        out.update({"X_a": X_a, "X_b": X_b,
                    "cross": {"Q": Q, "K": K, "V": V, "scores": scores, "attn_weights": A, "Y": A @ V}})
        for name, module in (("heads1", mha), ("heads2", mha2)):
            Y_self, A_self = module(X_a, X_a, X_a)
            Y_cross, A_cross = module(X_a, X_b, X_b)
            out[name] = {"num_heads": module.num_heads, "self_output": Y_self, "self_weights": A_self,
                         "cross_output": Y_cross, "cross_weights": A_cross}
        out["mha.in_proj_weight"] = mha.in_proj_weight
        out["mha.out_proj.weight"] = mha.out_proj.weight
        if len(ka) != len(kb):
            try:
                mha(X_a, X_b, X_a)
                out["key_value_error"] = None
            except (AssertionError, RuntimeError) as e:
                out["key_value_error"] = str(e)
    return out


def main():
    torch.set_num_threads(1)
    numpy_cases = [numpy_pair(a, b) for a, b in PAIRS]
    write_case("numpy_kinds", {
        "case": "numpy_kinds",
        "generated_by": GENERATED_BY,
        "config": {"d_model": D_MODEL, "d_k": D_MODEL, "d_v": D_MODEL, "embed_seed": 0, "proj_seed": 1,
                   "scale": True},
        "pairs": numpy_cases,
    })
    torch_cases = [torch_pair(a, b) for a, b in PAIRS]
    write_case("torch_kinds", {
        "case": "torch_kinds",
        "generated_by": GENERATED_BY,
        "config": {"d_model": D_MODEL, "seed": 0, "dtype": "float32",
                   "creation_order": ["embedding", "W_q", "W_k", "W_v", "mha"],
                   "mha": "nn.MultiheadAttention(8, heads, bias=False, batch_first=True), unbatched inputs; "
                          "heads2 loads heads1's state_dict"},
        "pairs": torch_cases,
    })
    for c in numpy_cases:
        print(f'{c["sentence_a"][:16]:16} | {c["sentence_b"][:16]:16} cross {np.shape(c["cross"]["scores"])} '
              f'share A->B {np.round(c["concat"]["cross_share_plain"][:2], 4)} '
              f'masked-batched {c["concat"]["masked_vs_batched_max_diff"]:.3g} '
              f'minmax sums {np.round(c["min_max"]["row_sums"], 3)} err {c["transpose"]["numpy_error"]}')
    for c in torch_cases:
        print(f'{c["sentence_a"][:16]:16} mha cross weights {tuple(c["heads1"]["cross_weights"].shape)} '
              f'kv error {c.get("key_value_error")}')


if __name__ == "__main__":
    main()
