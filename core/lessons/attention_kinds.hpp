// "Other kinds of attention" (issue 16, item 5): the kinds the classes name beside the
// single-sentence self-attention they build, each on the page's two sentences with the page's
// table and projections:
//   cross      queries from sentence A, keys and values from sentence B: scores (n_A, n_B)
//   mha        nn.MultiheadAttention(X, X, X) against (X_A, X_B, X_B): why X is passed three times
//   batch      A and B as a padded batch (2, n_max, n_max) against one concatenation
//              (n_A + n_B)², with and without a block mask: chunks never meet unless joined
//   uniform    every weight 1/n ("why not just add the vectors"): every output row the same
//   min_max    min–max scaling of the score rows beside softmax: rows that do not sum to 1
//   transpose  Q·K without the transpose: the core's error for mismatched shapes
// A pure function of its options; everything on the page's section comes from this report.
#pragma once
#include <string>
#include <vector>

#include "core/lessons/workbench.hpp"
#include "core/math/attention_kinds.hpp"

namespace aw {

struct AttentionKindsOptions {
  WorkbenchOptions base;  // base.sentence is sentence A; widths, seeds, source, ÷√d_k
  std::string second_sentence = "bank account has money";  // sentence B
};

struct AttentionKindsReport {
  WorkbenchReport a, b;       // each sentence's own self-attention, one shared table and W
                              // (empty from attention_kinds_beside_pair: the pair's own are used)
  bool float32 = false;       // computed in float (PyTorch mode) rather than double
  double epsilon = 0;         // the machine epsilon of that type: 2^-23 for float, 2^-52 for double
  std::vector<std::string> notices;  // e.g. "the causal mask does not apply here"

  // a. self-attention (a.projected) against cross-attention
  CrossResult<double> cross;  // queries from A, keys and values from B

  // b. nn.MultiheadAttention with the PyTorch notebook's module
  bool mha_uses_page_vectors = false;  // PyTorch mode: X_A, X_B are the page's rows
  int mha_heads = 1;
  MatD mha_X_a, mha_X_b;               // what the module was given
  MultiHeadResult<double> mha_self;    // mha(X_A, X_A, X_A): weights (n_A, n_A)
  MultiHeadResult<double> mha_cross;   // mha(X_A, X_B, X_B): weights (n_A, n_B)
  std::string mha_key_value_error;      // mha(X_A, X_B, X_A) when n_A != n_B; empty otherwise

  // c. two sentences: a padded batch against one concatenation
  BatchedResult<double> batched;        // (2, n_max, n_max)
  MatD concat_scores;                   // (n_A + n_B)², no mask
  MatD concat_weights, concat_Y;        // no mask: words attend across the sentences
  MatD masked_scores;                   // block mask: -inf between the sentences
  MatD masked_weights, masked_Y;
  std::vector<double> cross_share_plain;   // per concatenated row: weight on the other sentence
  std::vector<double> cross_share_masked;  // the same with the block mask (exactly 0)
  long cross_share_plain_min_row = 0;      // the row with the least weight across (first on a tie)
  long cross_share_plain_max_row = 0;      // and with the most
  double cross_share_masked_max = 0;       // the largest weight across with the mask: 0
  double masked_vs_batched_max_diff = 0;   // rows of masked_Y against each sentence's batched Y
  double masked_vs_batched_relative = 0;   // the same divided by the largest |entry| of the batched Y
  double masked_weights_vs_batched_max_diff = 0;
  double plain_vs_batched_max_diff = 0;    // rows of concat_Y against the batched Y

  // d. a uniform average beside attention, on sentence A's X
  UniformResult<double> uniform;
  double uniform_row_spread = 0;    // max |y_i - y_0| of the average: 0
  double attention_row_spread = 0;  // the same for attention's A X (a.projected.Y_literal)

  // e. min–max scaling of the scores softmax sees (sentence A)
  MinMaxResult<double> min_max;

  // f. Q·K without the transpose
  std::string untransposed_error;   // the core's message; empty when n_A = d_k
  bool untransposed_has_shape = false;
  MatD untransposed_product;        // Q·K when n_A = d_k: a product, but not of queries with keys
};

AttentionKindsReport run_attention_kinds(const AttentionKindsOptions& options);

struct SentencePair;
// The same on a pair already computed (run_sentence_pair of options.base and the second
// sentence, with or without a mask: the section attends again unmasked when it needs to).
AttentionKindsReport attention_kinds_from_pair(const SentencePair& pair, const AttentionKindsOptions& options);
// The same on an unmasked pair, leaving the report's `a` and `b` empty: for a chapter that keeps
// the pair itself (the qkv chapter), which saves two copies of each sentence's numbers (at
// d_model 1024, 48 MB of W matrices). Throws std::logic_error on a masked pair.
AttentionKindsReport attention_kinds_beside_pair(const SentencePair& pair, const AttentionKindsOptions& options);

}  // namespace aw
