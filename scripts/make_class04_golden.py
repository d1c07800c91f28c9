"""Golden values for Class 04's extra panels (issue 34), in plain Python and NumPy.

- word_contexts: on the ids chapter's default corpus, what CBOW, skip-gram, GloVe and fastText
  read for a word (window on both sides; GloVe's 1/distance weighting as in glove's cooccur.c;
  fastText's n-grams of "<word>", a bracket alone never a 1-gram, as computeSubwords).
- modality_tokens: patches of an image, frames of a sound (no padding: 1 + (L - F) // H), and
  the counts of attention's T x T matrix and multiply-adds.
- all_pairs: Q K^T as one product and pair by pair (NumPy's default_rng(7) draws).

Writes tests/fixtures/class04_extras.json. Run with Debian's /usr/bin/python3.
"""
import re

import numpy as np

from golden_common import write_case

CORPUS = ["the dog chased the cat", "the cat chased the dog", "a dog is a loyal pet", "the car is parked by the house"]
WORD = re.compile(r"[A-Za-z0-9]+(?:['-][A-Za-z0-9]+)*")


def tokens(doc):
    return [w.lower() for w in WORD.findall(doc)]


def word_contexts(word, window, n):
    docs = [tokens(d) for d in CORPUS]
    vocab = sorted({w for d in docs for w in d})
    cbow, skip = [], []
    counts = np.zeros(len(vocab))
    weighted = np.zeros(len(vocab))
    elmo = []
    for di, d in enumerate(docs):
        for i, w in enumerate(d):
            if w != word:
                continue
            ctx = [d[j] for j in range(max(0, i - window), min(len(d), i + window + 1)) if j != i]
            cbow.append({"document": di, "position": i, "context": ctx})
            for j in range(max(0, i - window), min(len(d), i + window + 1)):
                if j == i:
                    continue
                skip.append({"document": di, "position": i, "context": d[j], "offset": j - i})
                counts[vocab.index(d[j])] += 1
                weighted[vocab.index(d[j])] += 1 / abs(j - i)
            elmo.append({"document": di, "position": i, "left": d[:i], "right": d[i + 1:][::-1]})
    bracketed = "<" + word + ">"
    grams = [bracketed[i:i + n] for i in range(len(bracketed) - n + 1)
             if not (n == 1 and (i == 0 or i == len(bracketed) - 1))]
    return {"word": word, "window": window, "ngram": n, "vocabulary": vocab, "cbow": cbow, "skipgram": skip,
            "cooccurrence_counts": counts, "cooccurrence_weighted": weighted, "char_ngrams": grams, "elmo": elmo,
            "distinct_contexts": sum(1 for d in docs if word in d)}


def modality(h, w, p, c, seconds, rate, frame_ms, hop_ms, text, d):
    patches = (h // p) * (w // p)
    L = round(seconds * rate)
    F = round(frame_ms / 1000 * rate)
    H = round(hop_ms / 1000 * rate)
    frames = 1 + (L - F) // H

    def row(name, T, per, left):
        return {"name": name, "tokens": T, "per_token": per, "left_over": left, "pairs": T * T,
                "score_macs": T * T * d, "weighted_macs": T * T * d, "projection_macs": 3 * T * d * d}
    return {"options": {"image_height": h, "image_width": w, "patch": p, "channels": c, "audio_seconds": seconds,
                        "sample_rate": rate, "frame_ms": frame_ms, "hop_ms": hop_ms, "text_tokens": text, "width": d},
            "counts": [row("text", text, 1, 0), row("image", patches, p * p * c, h * w - patches * p * p),
                       row("audio", frames, F, L - ((frames - 1) * H + F))]}


def all_pairs():
    rng = np.random.default_rng(7)
    Q = rng.standard_normal((5, 4))
    K = rng.standard_normal((6, 4))
    loops = np.array([[sum(Q[i, k] * K[j, k] for k in range(4)) for j in range(6)] for i in range(5)])
    return {"Q": Q, "K": K, "QKt": Q @ K.T, "pair_by_pair": loops}


write_case("class04_extras", {
    "generated_by": f"scripts/make_class04_golden.py (NumPy {np.__version__})",
    "word_contexts": [word_contexts("dog", 2, 3), word_contexts("the", 1, 2), word_contexts("cat", 3, 1)],
    "char_ngrams": {"bank": ["<ba", "ban", "ank", "nk>"], "where": ["<wh", "whe", "her", "ere", "re>"]},
    "modality_tokens": [modality(224, 224, 16, 3, 1.0, 16000, 25, 10, 5, 64),
                        modality(100, 150, 32, 1, 2.5, 8000, 30, 15, 12, 768)],
    "all_pairs": all_pairs(),
})
