#include "core/lessons/flow.hpp"

#include <cmath>
#include <limits>

namespace aw {

std::string mask_reason(long i, long j, const AttentionOptions& options) {
  if (options.causal && j > i) return "causal";
  if (options.window >= 0 && std::abs(i - j) > options.window) return "window";
  return "";
}

FormRun run_form(const MatD& X, const WorkbenchReport& report, FlowForm form,
                 const AttentionOptions& options) {
  FormRun run;
  if (form == FlowForm::ParamFree) {
    const ParamFreeResult<double> p =
        parameter_free_attention(X, options.causal, options.window, report.param_free.divisor != 1.0);
    run.queries = X;
    run.keys = X;
    run.values = X;
    run.raw_scores = p.scores;
    run.scores = p.scores / p.divisor;
    run.divisor = p.divisor;
    if (options.causal) apply_causal_mask(run.scores);
    apply_window_mask(run.scores, options.window);
    run.attn_weights = p.attn_weights;
    run.Y = p.Y;
  } else {
    const ProjectedResult<double> p =
        projected_attention(X, report.W_q, report.W_k, report.W_v, options);
    run.queries = p.Q;
    run.keys = p.K;
    run.values = p.V;
    run.raw_scores = p.raw_scores;
    run.scores = p.scores;
    run.attn_weights = p.attn_weights;
    run.Y = p.Y;
    run.divisor = p.scale_divisor;
  }
  return run;
}

FormRow run_form_row(const MatD& X, const WorkbenchReport& report, FlowForm form,
                     const AttentionOptions& options, long i) {
  require_tokens(X);
  FormRow row;
  double divisor = 1;
  if (form == FlowForm::ParamFree) {
    row.raw_scores = (X * X.row(i).transpose()).transpose();
    if (report.param_free.divisor != 1.0) divisor = std::sqrt(static_cast<double>(X.cols()));
  } else {
    const Eigen::RowVectorXd query = X.row(i) * report.W_q;
    const MatD keys = X * report.W_k;
    row.raw_scores = (keys * query.transpose()).transpose();
    if (options.scale) divisor = std::sqrt(static_cast<double>(report.W_q.cols()));
  }
  if (!row.raw_scores.allFinite()) throw InputError("the scores of token " + std::to_string(i + 1) + " are not finite");
  MatD scores = row.raw_scores / divisor;
  const double minus_inf = -std::numeric_limits<double>::infinity();
  for (long j = 0; j < scores.cols(); ++j) {
    if (!mask_reason(i, j, options).empty()) scores(0, j) = minus_inf;
  }
  row.attn_weights = row_softmax(scores);
  return row;
}

FlowReport run_flow(const FlowOptions& options) { return run_flow(options, run_workbench(options.workbench)); }

FlowReport run_flow(const FlowOptions& options, WorkbenchReport workbench) {
  FlowReport r;
  r.form = options.form;
  r.workbench = std::move(workbench);
  const long n = r.workbench.X.rows();
  if (options.base < 0 || options.base >= n) {
    throw InputError("base token " + std::to_string(options.base + 1) + " does not exist: the sentence has " +
                     std::to_string(n) + (n == 1 ? " token" : " tokens"));
  }
  const long i = options.base;
  r.base = i;
  const AttentionOptions attention{options.workbench.scale, options.workbench.causal,
                                   options.workbench.window};
  const FormRun run = run_form(r.workbench.X, r.workbench, options.form, attention);

  r.x_base = r.workbench.X.row(i);
  r.query = run.queries.row(i);
  r.keys = run.keys;
  r.values = run.values;
  r.divisor = run.divisor;
  r.products.resize(n, r.keys.cols());
  for (long j = 0; j < n; ++j) r.products.row(j) = r.query.cwiseProduct(r.keys.row(j));
  r.raw_scores = run.raw_scores.row(i).transpose();
  r.scores = run.scores.row(i).transpose();
  r.masked.resize(static_cast<std::size_t>(n));
  for (long j = 0; j < n; ++j) r.masked[static_cast<std::size_t>(j)] = mask_reason(i, j, attention);

  // The softmax of this row, written out: the same operations, in the same order, as row_softmax.
  r.row_max = r.scores.maxCoeff();
  r.exp_terms.resize(n);
  r.exp_sum = 0;
  for (long j = 0; j < n; ++j) {
    r.exp_terms(j) = std::exp(r.scores(j) - r.row_max);
    r.exp_sum += r.exp_terms(j);
  }
  r.weights = run.attn_weights.row(i).transpose();
  r.weight_sum = r.weights.sum();

  // The weighted sum, one term at a time, with the running total after each.
  const long dv = r.values.cols();
  r.scaled_values.resize(n, dv);
  r.partial_sums.resize(n, dv);
  RowVec<double> running = RowVec<double>::Zero(dv);
  for (long j = 0; j < n; ++j) {
    r.scaled_values.row(j) = r.weights(j) * r.values.row(j);
    running += r.scaled_values.row(j);
    r.partial_sums.row(j) = running;
  }
  r.y = running;
  r.y_core = run.Y.row(i);
  r.max_deviation = (r.y - r.y_core).cwiseAbs().maxCoeff();

  r.raw_scores_column = run.raw_scores.col(i);
  r.weights_column = run.attn_weights.col(i);
  r.score_asymmetry = (run.raw_scores - run.raw_scores.transpose()).cwiseAbs().maxCoeff();
  r.weight_asymmetry = (run.attn_weights - run.attn_weights.transpose()).cwiseAbs().maxCoeff();
  return r;
}

}  // namespace aw
