// The bank experiment rerun with trained projections (issue 18, the training chapter): the
// notes' third question, "do the attention projections improve a semantic task?", asked of
// held-out sentences. One word in three sentences: sentence 1, sentence 2 in the other sense,
// sentence 3 in the same sense as 1 (the control). The contextual vector of the word (its row
// of Y = softmax(Q Kᵀ / √d_k) V) is compared across the pairs, once with the projections at step
// 0 and once with the trained ones, and each pair is judged against its control
// (core/math/sense_control.hpp), as the trained-encoder chapter judges its model.
#pragma once
#include <optional>

#include "core/math/matrix.hpp"
#include "core/math/sense_control.hpp"

namespace aw {

struct SenseSentence {
  MatD X;           // the sentence's embedding rows, (tokens, d_model)
  long target = 0;  // the word's position
};

struct SenseProjections {
  MatD W_q, W_k, W_v;  // (d_model, d_k), (d_model, d_k), (d_model, d_v)
};

struct SenseVerdicts {
  SenseControl raw;       // the looked-up rows (the same table in all three: 1 and 1 for a frozen table)
  SenseControl initial;   // contextual rows with the projections at step 0
  SenseControl trained;   // contextual rows with the trained projections
};

SenseVerdicts trained_sense_check(const SenseSentence& first, const SenseSentence& other_sense, const SenseSentence& same_sense,
                                  const SenseProjections& initial, const SenseProjections& trained);

}  // namespace aw
