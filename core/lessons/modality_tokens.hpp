// Chapter 2 (Class 04): other data as sequences of tokens, and why attention suits GPUs.
// An image cut into patches and a sound cut into frames become T tokens; attention then scores
// all T × T pairs. Those scores are one matrix product, Q Kᵀ, made of T² dot products that do
// not wait for one another, which is the kind of work a GPU does well; a recurrent model must
// take its T steps one after another.
#pragma once
#include <string>
#include <vector>

#include "core/math/matrix.hpp"

namespace aw {

struct ModalityOptions {
  long image_height = 224, image_width = 224, patch = 16, channels = 3;
  double audio_seconds = 1.0, sample_rate = 16000.0, frame_ms = 25.0, hop_ms = 10.0;
  long text_tokens = 5;  // the sentence's words
  long width = 64;       // d: the width of a query and a key
};

struct ModalityCount {
  std::string name;      // "text", "image", "audio"
  long tokens = 0;       // T
  long per_token = 0;    // numbers in one token before any projection (pixels × channels, samples)
  long left_over = 0;    // pixels (image) or samples (audio) no token covers
  long long pairs = 0;   // T²: entries of the T × T attention matrix, each one dot product
  long long score_macs = 0;   // multiply-adds of Q Kᵀ: T · T · d
  long long weighted_macs = 0;  // multiply-adds of A V: T · T · d
  long long projection_macs = 0;  // X W_q, X W_k, X W_v: 3 · T · d · d
  long recurrent_steps = 0;  // a recurrent model's steps, one after another: T
};

struct ModalityReport {
  std::vector<ModalityCount> counts;  // text, image, audio
  long patches_down = 0, patches_across = 0;
  long frame_samples = 0, hop_samples = 0, audio_samples = 0;
  long width = 0;
};

ModalityReport modality_tokens(const ModalityOptions& options);

// The scores of all pairs at once: Q Kᵀ as one (T × d)(d × T) product and as T² separate dot
// products, one per pair, each of which needs nothing from another.
struct AllPairsCheck {
  MatD one_product;   // Q Kᵀ
  MatD pair_by_pair;  // S[i][j] = q_i · k_j, computed one pair at a time
  double max_difference = 0.0;
  long dot_products = 0;  // T²
  long macs = 0;          // T² · d
};
AllPairsCheck all_pairs_at_once(const MatD& Q, const MatD& K);

}  // namespace aw
