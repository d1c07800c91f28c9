#include "core/lessons/parallel_rows.hpp"

#include <cmath>
#include <limits>

namespace aw {

RowVec<double> output_row_alone(const MatD& X, const WorkbenchReport& report, FlowForm form,
                                const AttentionOptions& options, long i) {
  if (i < 0 || i >= X.rows()) throw InputError("row " + std::to_string(i + 1) + " is not a token of the sentence");
  const bool projected = form == FlowForm::Projected;
  // this row's query, and every token's key and value: the rows share those, not their outputs
  const RowVec<double> q = projected ? RowVec<double>(X.row(i) * report.W_q) : RowVec<double>(X.row(i));
  const MatD K = projected ? MatD(X * report.W_k) : X;
  const MatD V = projected ? MatD(X * report.W_v) : X;
  MatD scores = q * K.transpose();  // (1, n): one score row
  const double divisor = projected ? report.projected.scale_divisor : report.param_free.divisor;
  if (divisor != 1.0) scores /= divisor;
  const double minus_inf = -std::numeric_limits<double>::infinity();
  for (long j = 0; j < X.rows(); ++j) {
    if (!mask_reason(i, j, options).empty()) scores(0, j) = minus_inf;
  }
  return row_softmax(scores) * V;
}

ParallelRowsReport parallel_rows(const WorkbenchReport& report, const WorkbenchOptions& options, FlowForm form,
                                 long base) {
  const AttentionOptions attention{options.scale, options.causal, options.window};
  const MatD& X = report.X;
  const long n = X.rows();
  const FormRun full = run_form(X, report, form, attention);
  ParallelRowsReport r;
  r.form = form;
  r.tokens = n;
  for (long i = 0; i < n; ++i) {
    RowAlone row;
    row.row = i;
    row.y = output_row_alone(X, report, form, attention, i);
    row.max_difference = (row.y - full.Y.row(i)).cwiseAbs().maxCoeff();
    row.identical = row.y == full.Y.row(i);
    r.max_difference = std::max(r.max_difference, row.max_difference);
    r.identical_rows += row.identical ? 1 : 0;
    r.rows.push_back(std::move(row));
  }

  const double largest = n > 0 ? full.Y.cwiseAbs().maxCoeff() : 0.0;
  r.max_relative = largest > 0 ? r.max_difference / largest : 0.0;

  const long d_model = X.cols();
  const long d_k = full.queries.cols();
  const long d_v = full.values.cols();
  const bool projected = form == FlowForm::Projected;
  if (projected) {
    r.stages.push_back({"query", "x_i and W_q", d_model + d_model * d_k});
    r.stages.push_back({"keys and values", "every token's x_j, W_k and W_v", n * d_model + d_model * (d_k + d_v)});
  } else {
    r.stages.push_back({"query", "x_i itself", d_model});
    r.stages.push_back({"keys and values", "every token's x_j", n * d_model});
  }
  r.stages.push_back({"score row", "the query and every key", d_k + n * d_k});
  r.stages.push_back({"weight row", "the whole score row (its maximum and its sum)", n});
  r.stages.push_back({"output row", "the weight row and every value", n + n * d_v});

  if (base < 0 || base >= n) throw InputError("base token " + std::to_string(base + 1) + " does not exist");
  r.base = base;
  if (n >= 2) {
    r.other = base == n - 1 ? 0 : n - 1;
    MatD changed = X;
    changed(r.other, 0) += 1.0;
    const RowVec<double> y = output_row_alone(changed, report, form, attention, base);
    // against the same row computed alone from the unchanged X: the same operations, so a token
    // the base row does not see changes it by exactly 0
    r.other_input_effect = (y - r.rows[static_cast<std::size_t>(base)].y).cwiseAbs().maxCoeff();
    r.other_masked = mask_reason(base, r.other, attention);
  }
  return r;
}

}  // namespace aw
