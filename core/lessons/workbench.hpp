// The Q/K/V workbench: one sentence in, every matrix of the notebook out, with shapes.
// A pure function of its options; the page and the tests both call it.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/math/attention.hpp"
#include "core/text/embedding.hpp"
#include "core/math/mixing.hpp"
#include "core/math/multihead.hpp"
#include "core/text/pretrained.hpp"
#include "core/text/tokenize.hpp"

namespace aw {

enum class Source {
  NumpyNotebook,  // default_rng(embed_seed) table, default_rng(proj_seed) projections, double
  TorchNotebook,  // manual_seed(embed_seed): nn.Embedding + 3 nn.Linear, float
  OneHot,         // one axis per vocabulary word; NumPy projections from default_rng(proj_seed)
  Pretrained,     // rows of `pretrained` (GloVe or a learner's file); NumPy projections
};

struct WorkbenchOptions {
  std::string sentence = "Bank of the river";
  Source source = Source::NumpyNotebook;
  int d_model = 8;
  int d_k = 8;
  int d_v = 8;
  std::uint64_t embed_seed = 0;
  std::uint64_t proj_seed = 1;  // NumPy only; PyTorch draws everything from one stream
  bool scale = true;
  bool causal = false;
  int max_tokens = 64;
  int mha_heads = 1;  // PyTorch only: heads of the notebook's nn.MultiheadAttention cell
  // Lookup keys that join the vocabulary before this sentence's own new words. The bank
  // experiment passes the first sentence's words here so both sentences share one table.
  std::vector<std::string> vocab_words_first;
  // Added for the whiteboard flow; at the end so that existing brace-initialisers keep working.
  bool positional = false;  // add the sinusoidal positional encoding to X (core/math/positional.hpp)
  int window = -1;          // local window radius (|i - j| <= window may attend); < 0 is off
  // OneHot and Pretrained: d_model is the vectors' width, whatever d_model says; with
  // tie_widths, d_k and d_v follow it (the notebook's d_k = d_model).
  bool tie_widths = false;
  std::shared_ptr<const PretrainedTable> pretrained;  // Pretrained only
  OovPolicy oov_policy = OovPolicy::Zero;             // Pretrained only
  // Controls that make the parameter-free form mix (issue 16). The defaults change nothing.
  bool free_scale = false;   // parameter-free form: softmax(X Xᵀ ÷ √d_model) instead of X Xᵀ
  bool unit_rows = false;    // every table row scaled to length 1 before anything else
  double table_scale = 1.0;  // every table row multiplied by this (after unit_rows), in (0, 100]
};

// Limits that keep the page responsive; the core itself works for any size.
constexpr int kMaxWidth = 1024;
constexpr int kMaxTokens = 2048;

struct NamedShape {
  std::string name;  // "X", "W_q", "scores", ...
  Shape shape;
};

struct WorkbenchReport {
  std::vector<Token> tokens;
  std::vector<std::string> notices;  // shown to the learner next to the result
  EmbeddingTable table;              // the full lookup table the sentence drew from
  MatD X;                            // (tokens, d_model): what attention sees (X_embed + PE)
  MatD X_embed;                      // the table rows (unit_rows, table_scale applied), before any PE
  MatD PE;                           // (tokens, d_model) sinusoidal encoding; (0, 0) when off
  MatD W_q, W_k, W_v;                // (d_model, d_k), (d_model, d_k), (d_model, d_v): X W form
  ProjectedResult<double> projected;
  ParamFreeResult<double> param_free;
  // Per row of each form: self weight, strongest other key, the gap, weight elsewhere
  // (core/math/mixing.hpp). Projected: from projected.attn_weights; parameter-free likewise.
  std::vector<RowMixing> param_free_mixing, projected_mixing;
  Eigen::VectorXd row_sums;          // of projected.attn_weights
  RowVec<double> y1_manual;          // Σ_j A[0, j] X[j], written out term by term (cell 13)
  bool y1_allclose = false;          // np.allclose(Y_literal[0], y1_manual)
  // PyTorch source only: the notebook's nn.MultiheadAttention on the same X.
  bool has_mha = false;
  MatD mha_in_proj_weight, mha_out_proj_weight;  // (3 d_model, d_model), (d_model, d_model)
  MultiHeadResult<double> mha;
  std::vector<NamedShape> shapes;
  // Pretrained only: which words were missing and what the chosen policy did about them.
  bool has_oov = false;
  OovReport oov;
  std::string source_name;  // "NumPy notebook", "PyTorch notebook", "one-hot", or the vectors' name
  int d_model = 0, d_k = 0, d_v = 0;  // the widths used (after following the vectors)
};

// The options with the widths the source imposes (one-hot, pretrained) filled in.
WorkbenchOptions resolve_widths(const WorkbenchOptions& options);

WorkbenchReport run_workbench(const WorkbenchOptions& options);

// The two halves of run_workbench. prepare_sentence does what a sentence costs: tokens, notices,
// the table, the projections and X (everything up to attention). attend fills in every attention
// result from those, so a chapter that shows the same sentence with other attention settings (the
// kinds of attention drop the causal mask) attends again without preparing the sentence again.
WorkbenchReport prepare_sentence(const WorkbenchOptions& options);
void attend(WorkbenchReport& report, const WorkbenchOptions& options);

// How many sentences prepare_sentence has prepared since the module started: the page's tests
// read it to check that one keystroke computes each sentence once.
std::uint64_t sentences_computed();

// Checks widths and seeds; throws InputError with a message for the learner.
void validate(const WorkbenchOptions& options);

}  // namespace aw
