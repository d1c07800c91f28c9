// Chapter 8 (Class 05): multi-head attention as nn.MultiheadAttention computes it, on a batch
// of two sentences, from the PyTorch notebook's stream (manual_seed → nn.Embedding → three
// nn.Linear → nn.MultiheadAttention). The module's weights do not depend on the head count, so
// the heads slider only changes how the same d_model features are split.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/math/multihead.hpp"
#include "core/text/tokenize.hpp"

namespace aw {

struct HeadsLabOptions {
  std::string sentence1 = "bank of the river";
  std::string sentence2 = "bank account has money";
  int d_model = 8;
  int heads = 2;
  std::uint64_t seed = 0;  // torch.manual_seed
  int max_tokens = 16;
};

constexpr int kMaxHeadsLabWidth = 64;

struct HeadSlices {
  MatD Q, K, V;  // (tokens, head_dim): this head's columns of Q, K, V (q before scaling)
};

struct SentenceHeads {
  std::vector<Token> tokens;
  MatD X;                                // (tokens, d_model), looked up in nn.Embedding
  MultiHeadResult<double> mha;           // the chosen head count
  std::vector<HeadSlices> head_slices;   // one per head
  // The one-head comparison (Class 05, cell 26 against the hand-written block):
  ProjectedResult<double> hand_written;  // Q = X W_qᵀ ..., softmax(Q Kᵀ / √d_model) V
  MultiHeadResult<double> one_head;      // nn.MultiheadAttention(d_model, 1) with its own weights
  MultiHeadResult<double> one_head_matched;  // in_proj = [W_q; W_k; W_v], out_proj = I
  double diff_hand_vs_one_head = 0;      // max |Y − Y_mha|
  double diff_hand_vs_matched = 0;       // max |Y − Y_mha(matched)|: rounding only
  double diff_one_head_before_out_proj = 0;  // max |Y − concat| of the module's own 1 head
};

struct BatchShape {
  std::string name;
  std::vector<long> dims;
  std::string axes;
};

struct HeadsLabReport {
  std::vector<std::string> notices;
  int d_model = 0, heads = 0, head_dim = 0;
  std::vector<int> divisors;          // every valid head count for this d_model
  std::vector<std::string> feature_labels;  // "h<head>·<index in head>" for each of the d_model features
  std::vector<std::string> vocab;     // nn.Embedding rows
  MatD in_proj_weight, out_proj_weight;  // (3E, E), (E, E) as PyTorch stores them
  MatD W_q, W_k, W_v;                 // the hand-written block's nn.Linear weights, (out, in)
  SentenceHeads sentences[2];
  bool batchable = false;             // equal lengths: stacked into one (B, T, E) batch
  std::vector<BatchShape> batch_shapes;
  BatchShape wrong_transpose;         // K.T on the batched (B, T, E) array: every axis reversed
  long params_in_proj = 0, params_out_proj = 0;  // independent of the head count
};

HeadsLabReport run_heads_lab(const HeadsLabOptions& options);

std::vector<int> divisors_of(int n);

}  // namespace aw
