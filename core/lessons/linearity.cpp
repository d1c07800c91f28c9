#include "core/lessons/linearity.hpp"

#include <algorithm>
#include <cmath>

namespace aw {

namespace {

LinearityCheck compare(const std::string& name, const MatD& left, const MatD& right) {
  LinearityCheck c;
  c.name = name;
  // masked scores are −∞ on both sides: they are equal, not NaN apart
  double largest = 0;
  for (Eigen::Index k = 0; k < left.size(); ++k) {
    const double a = left.data()[k], b = right.data()[k];
    if (std::isinf(a) && a == b) continue;
    c.max_difference = std::max(c.max_difference, std::abs(a - b));
    largest = std::max({largest, std::abs(a), std::abs(b)});
  }
  c.relative = largest > 0 ? c.max_difference / largest : 0;
  return c;
}

}  // namespace

LinearityReport linearity_report(const WorkbenchReport& report, const WorkbenchOptions& options) {
  const AttentionOptions attention{options.scale, options.causal, options.window};
  const MatD& X1 = report.X;
  const MatD X2 = X1.colwise().reverse();
  const MatD sum = X1 + X2;
  const MatD doubled = 2.0 * X1;
  LinearityReport r;
  r.tokens = X1.rows();
  r.reversed_differs = X1 != X2;

  // 1. the projections: (X1 + X2) W = X1 W + X2 W, (2X) W = 2 (X W), for each of W_q, W_k, W_v
  LinearityCheck projection_sum{"projection_sum"}, projection_double{"projection_double"};
  for (const MatD* W : {&report.W_q, &report.W_k, &report.W_v}) {
    const MatD a = X1 * *W, b = X2 * *W;
    const LinearityCheck s = compare("", MatD(sum * *W), MatD(a + b));
    const LinearityCheck d = compare("", MatD(doubled * *W), MatD(2.0 * a));
    if (s.relative >= projection_sum.relative) projection_sum = {"projection_sum", s.max_difference, s.relative};
    if (d.relative >= projection_double.relative) projection_double = {"projection_double", d.max_difference, d.relative};
  }

  const FormRun one = run_form(X1, report, FlowForm::Projected, attention);
  const FormRun two = run_form(X2, report, FlowForm::Projected, attention);
  const FormRun both = run_form(sum, report, FlowForm::Projected, attention);
  const FormRun twice = run_form(doubled, report, FlowForm::Projected, attention);

  r.checks.push_back(projection_sum);
  r.checks.push_back(projection_double);
  // 2. the scores: Q K^T with both Q and K doubled is 4 times as large (quadratic, not linear)
  r.checks.push_back(compare("scores_double", twice.scores, MatD(4.0 * one.scores)));
  // 3. the softmax: A(2X) against 2 A(X)
  r.checks.push_back(compare("softmax_double", twice.attn_weights, MatD(2.0 * one.attn_weights)));
  // 4. the weighted sum with the weights held fixed: A (V1 + V2) = A V1 + A V2
  r.checks.push_back(compare("mix_sum", MatD(one.attn_weights * MatD(one.values + two.values)),
                             MatD(one.attn_weights * one.values + one.attn_weights * two.values)));
  // 5. the block: Y(2X) against 2 Y(X), Y(X1 + X2) against Y(X1) + Y(X2)
  r.checks.push_back(compare("output_double", twice.Y, MatD(2.0 * one.Y)));
  r.checks.push_back(compare("output_sum", both.Y, MatD(one.Y + two.Y)));
  r.weights_row_sum_double = (twice.attn_weights.rowwise().sum().array() - 1.0).abs().maxCoeff();
  return r;
}

}  // namespace aw
