// "A layer is not its activation" (Class 05), computed on the chapter's sentence: the projections
// Q = X W_q, K = X W_k, V = X W_v are linear maps of X (no activation is added after them), the
// weighted sum A V is linear in V for fixed weights, but the block as a whole is not linear in X:
// the scores multiply two projections of the same X, and the softmax is not linear at all.
// Each check compares f(X1 + X2) with f(X1) + f(X2), or f(2X) with 2 f(X) (4 f(X) for the
// scores, which are quadratic), where X1 = X and X2 = X with its rows in reverse order (another
// input of the same shape, made of the same words).
#pragma once
#include <string>
#include <vector>

#include "core/lessons/flow.hpp"

namespace aw {

struct LinearityCheck {
  std::string name;             // "projection_sum", "projection_double", "scores_double",
                                // "softmax_double", "mix_sum", "output_double", "output_sum"
  double max_difference = 0;    // max |left − right| over every entry
  double relative = 0;          // max_difference / the largest |entry| of either side (0 when both are 0)
};

struct LinearityReport {
  std::vector<LinearityCheck> checks;  // in the order of the names above
  double weights_row_sum_double = 0;   // max |Σ_j A(2X)_ij − 1|: doubling X cannot double a softmax row
  long tokens = 0;
  bool reversed_differs = false;       // X2 differs from X1 (false with one token or a palindrome)
};

// The Class 05 (projected) block with the report's W_q, W_k, W_v and the options' scaling and masks.
LinearityReport linearity_report(const WorkbenchReport& report, const WorkbenchOptions& options);

}  // namespace aw
