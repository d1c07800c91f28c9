// The four-parallel-heads sketch of Class 05 on the page's own numbers: the Q/K/V projections
// of the flow split along their features into `heads` slices of head_dim = d_model / heads,
// one attention per slice (scores ÷ √head_dim, row softmax, weighted values), and the slices'
// outputs put side by side. It is core/math/multihead.hpp (as nn.MultiheadAttention computes it)
// with in_proj = [W_qᵀ; W_kᵀ; W_vᵀ] and no output projection (W_o = identity), so that the
// heads are visibly slices of the same untrained matrices, not separately learned ones.
#pragma once
#include <vector>

#include "core/math/multihead.hpp"
#include "core/lessons/workbench.hpp"

namespace aw {

struct HeadsSketch {
  int heads = 1;
  long head_dim = 0;
  long base = 0;
  double divisor = 1;                        // √head_dim
  std::vector<MatD> head_weights;            // per head (tokens, tokens), rows sum to 1
  std::vector<Eigen::VectorXd> base_weights;  // per head: row `base` of its weights
  std::vector<RowVec<double>> base_outputs;   // per head: row `base` of its output (head_dim)
  RowVec<double> concat_base;                // row `base` of the concatenation (d_model)
  MatD concat;                               // (tokens, d_model)
};

// Needs d_k = d_v = d_model (square projections) and heads dividing d_model. The causal mask is
// honoured; a local window is not part of this sketch.
HeadsSketch heads_sketch(const WorkbenchOptions& options, int heads, long base);
// The same from the sentence's workbench report, computed with `options`.
HeadsSketch heads_sketch(const WorkbenchReport& report, const WorkbenchOptions& options, int heads, long base);

}  // namespace aw
