#include "core/lessons/observations.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/math/positional.hpp"

namespace aw {
namespace {

AttentionOptions attention_options(const WorkbenchOptions& o) {
  return AttentionOptions{o.scale, o.causal, o.window};
}

// The input attention sees when the sentence's tokens come in `order`: their table rows in that
// order, plus the positional encoding of the new positions when it is on.
MatD input_for_order(const WorkbenchReport& report, const std::vector<long>& order, bool positional) {
  MatD X(static_cast<long>(order.size()), report.X_embed.cols());
  for (long p = 0; p < X.rows(); ++p) X.row(p) = report.X_embed.row(order[static_cast<std::size_t>(p)]);
  if (positional) X += sinusoidal_positional_encoding(X.rows(), X.cols());
  return X;
}

double rounding_tolerance(const MatD& m) {
  return 1e-9 * std::max(1.0, m.cwiseAbs().maxCoeff());
}

std::vector<long> identity(long n) {
  std::vector<long> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0L);
  return order;
}

void check_permutation(const std::vector<long>& permutation, long n) {
  std::vector<long> sorted = permutation;
  std::sort(sorted.begin(), sorted.end());
  if (sorted != identity(n)) {
    throw InputError("the shuffle must list every token position 0.." + std::to_string(n - 1) +
                     " exactly once");
  }
}

struct ShuffleRun {
  MatD Y, Y_shuffled, PY;
  double deviation = 0;
};

// `positional` may differ from the report's own setting: the report's table rows (X_embed) are
// the same either way, and the encoding is added here for the order given.
ShuffleRun shuffled_run(const WorkbenchReport& report, const WorkbenchOptions& options, bool positional,
                        FlowForm form, const std::vector<long>& permutation) {
  const AttentionOptions attention = attention_options(options);
  ShuffleRun s;
  s.Y = run_form(input_for_order(report, identity(report.X.rows()), positional), report, form, attention).Y;
  s.Y_shuffled =
      run_form(input_for_order(report, permutation, positional), report, form, attention).Y;
  s.PY.resize(s.Y.rows(), s.Y.cols());
  for (long p = 0; p < s.Y.rows(); ++p) s.PY.row(p) = s.Y.row(permutation[static_cast<std::size_t>(p)]);
  s.deviation = (s.Y_shuffled - s.PY).cwiseAbs().maxCoeff();
  return s;
}

}  // namespace

std::vector<long> seeded_permutation(long n, std::uint64_t seed) {
  std::vector<long> order = identity(n);
  std::uint64_t state = seed;
  const auto next = [&state] {  // SplitMix64
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  };
  for (long k = n - 1; k > 0; --k) {
    const long j = static_cast<long>(next() % static_cast<std::uint64_t>(k + 1));
    std::swap(order[static_cast<std::size_t>(k)], order[static_cast<std::size_t>(j)]);
  }
  if (n > 1 && order == identity(n)) std::rotate(order.begin(), order.begin() + 1, order.end());
  return order;
}

ShuffleReport shuffle_experiment(const WorkbenchOptions& options, FlowForm form,
                                 std::vector<long> permutation, std::uint64_t seed) {
  return shuffle_experiment(run_workbench(options), options, form, std::move(permutation), seed);
}

ShuffleReport shuffle_experiment(const WorkbenchReport& report, const WorkbenchOptions& options, FlowForm form,
                                 std::vector<long> permutation, std::uint64_t seed) {
  const long n = report.X.rows();
  if (permutation.empty()) permutation = seeded_permutation(n, seed);
  check_permutation(permutation, n);

  ShuffleReport r;
  r.permutation = permutation;
  r.tokens = report.tokens;
  for (long p : permutation) r.shuffled_tokens.push_back(report.tokens[static_cast<std::size_t>(p)]);
  const ShuffleRun current = shuffled_run(report, options, options.positional, form, permutation);
  r.Y = current.Y;
  r.Y_shuffled = current.Y_shuffled;
  r.PY = current.PY;
  r.max_deviation = current.deviation;
  r.equivariant = current.deviation <= rounding_tolerance(current.Y);
  const double other_deviation = shuffled_run(report, options, !options.positional, form, permutation).deviation;
  r.max_deviation_with_pe = options.positional ? current.deviation : other_deviation;
  r.max_deviation_without_pe = options.positional ? other_deviation : current.deviation;
  return r;
}

DistanceReport distance_experiment(const WorkbenchOptions& options, FlowForm form, long base,
                                   long other) {
  return distance_experiment(run_workbench(options), options, form, base, other);
}

DistanceReport distance_experiment(const WorkbenchReport& report, const WorkbenchOptions& options, FlowForm form,
                                   long base, long other) {
  const long n = report.X.rows();
  if (n < 2) throw InputError("the distance experiment needs at least two tokens");
  if (base < 0 || base >= n || other < 0 || other >= n || base == other) {
    throw InputError("the distance experiment needs two different tokens of the sentence");
  }
  const AttentionOptions attention = attention_options(options);
  DistanceReport r;
  r.base = base;
  r.other = other;
  std::vector<long> rest;
  for (long t = 0; t < n; ++t) if (t != other) rest.push_back(t);
  double lo_score = INFINITY, hi_score = -INFINITY, lo_weight = INFINITY, hi_weight = -INFINITY;
  MatD all_scores(1, n);
  for (long p = 0; p < n; ++p) {
    std::vector<long> order = rest;
    order.insert(order.begin() + p, other);
    const long pb = std::find(order.begin(), order.end(), base) - order.begin();
    // only the base token's row is read: its scores and weights, not the whole attention
    const FormRow run =
        run_form_row(input_for_order(report, order, options.positional), report, form, attention, pb);
    DistancePoint point;
    point.position = p;
    point.base_position = pb;
    point.distance = p - pb;
    point.raw_score = run.raw_scores(p);
    point.masked = mask_reason(pb, p, attention);
    point.weight = run.attn_weights(p);
    if (!point.masked.empty()) ++r.masked_count;
    lo_score = std::min(lo_score, point.raw_score);
    hi_score = std::max(hi_score, point.raw_score);
    lo_weight = std::min(lo_weight, point.weight);
    hi_weight = std::max(hi_weight, point.weight);
    all_scores(0, p) = point.raw_score;
    r.points.push_back(point);
  }
  r.raw_score_spread = hi_score - lo_score;
  r.weight_spread = hi_weight - lo_weight;
  r.scores_move = r.raw_score_spread > rounding_tolerance(all_scores);
  r.distance_free = r.masked_count == 0 && !r.scores_move && r.weight_spread <= 1e-9;
  return r;
}

LengthReport length_experiment(const WorkbenchOptions& options, FlowForm form) {
  return length_experiment(run_workbench(options), options, form);
}

LengthReport length_experiment(const WorkbenchReport& report, const WorkbenchOptions& options, FlowForm form) {
  const AttentionOptions attention = attention_options(options);
  LengthReport r;
  r.parameter_count = training_report(report, options, form).parameter_count;
  // The first `length` tokens are the first rows of X (a position's encoding does not depend on
  // the length), so their scaled, masked scores are the top-left block of the whole sentence's:
  // one attention run, then each length's softmax on its block.
  const long n = report.X.rows();
  const FormRun whole = run_form(input_for_order(report, identity(n), options.positional), report, form, attention);
  for (long length = 1; length <= n; ++length) {
    const MatD attn_weights = row_softmax(MatD(whole.scores.topLeftCorner(length, length)));
    LengthPoint point;
    point.tokens = length;
    point.X = {length, report.X_embed.cols(), "tokens", "features (d_model)"};
    point.scores = {length, length, "queries", "keys"};
    point.attn_weights = {length, length, "queries", "keys"};
    point.Y = {length, whole.Y.cols(), "tokens", form == FlowForm::ParamFree ? "features (d_model)" : "features (d_v)"};
    point.max_row_sum_error = (attn_weights.rowwise().sum().array() - 1.0).abs().maxCoeff();
    r.points.push_back(point);
  }
  return r;
}

TrainingReport training_report(const WorkbenchOptions& options, FlowForm form) {
  return training_report(run_workbench(options), options, form);
}

TrainingReport training_report(const WorkbenchReport& report, const WorkbenchOptions& options, FlowForm form) {
  const bool torch = options.source == Source::TorchNotebook;
  const long n = report.X.rows(), d = report.X.cols();
  TrainingReport r;
  const auto add = [&r](std::string name, long rows, long cols, std::string rows_axis,
                        std::string cols_axis, std::string role, bool is_parameter,
                        std::string origin) {
    MatrixRole m;
    m.name = std::move(name);
    m.shape = {rows, cols, std::move(rows_axis), std::move(cols_axis)};
    m.role = std::move(role);
    m.is_parameter = is_parameter;
    m.trained = false;
    m.origin = std::move(origin);
    m.count = rows * cols;
    if (is_parameter) r.parameter_count += m.count;
    r.matrices.push_back(std::move(m));
  };
  const long vocab = report.table.vectors.rows();
  if (torch) {
    add("embedding.weight", vocab, d, "vocabulary words", "features (d_model)", "parameter", true,
        "nn.Embedding after torch.manual_seed: random N(0, 1) rows, trainable (a parameter), never "
        "updated here");
  } else if (options.source == Source::NumpyNotebook) {
    add("embedding table", vocab, d, "vocabulary words", "features (d_model)", "input", false,
        "np.random.default_rng(seed).normal: a parameter when trainable, a fixed input when frozen; "
        "the NumPy notebook never trains it, so it acts as a frozen input");
  } else if (options.source == Source::OneHot) {
    add("embedding table", vocab, d, "vocabulary words", "one axis per word", "input", false,
        "one-hot rows: a 1 on the word's own axis, 0 elsewhere. A fixed construction, nothing drawn "
        "and nothing to train");
  } else {
    // The page hands in only the rows the sentence needs; the whole table is total_words rows,
    // and missing words kept by the policy add their own rows (table.added).
    const PretrainedTable& p = *options.pretrained;
    const long rows = (p.total_words > 0 ? p.total_words : p.vectors.rows()) +
                      static_cast<long>(report.table.added.size());
    std::string origin = p.known_trained
        ? p.name + ": pretrained rows, trained elsewhere on word co-occurrence; only looked up here, "
                   "never updated, so a fixed input"
        : p.name + ": your file's rows; this page cannot tell how they were made (trained or not). "
                   "Only looked up here, never updated, so a fixed input";
    if (!report.table.added.empty()) {
      origin += options.oov_policy == OovPolicy::Random ? "; missing words get random rows from the table seed"
                                                        : "; missing words get rows of zeros";
    }
    add("embedding table", rows, d, "vocabulary words", "features (d_model)", "input", false, origin);
  }
  add("X", n, d, "tokens", "features (d_model)", "input", false,
      options.positional ? "the sentence's rows of the table, plus PE" : "the sentence's rows of the table");
  if (options.positional) {
    add("PE", n, d, "positions", "features (d_model)", "fixed formula", false,
        "sin/cos of the position: a formula, nothing to learn");
  }
  if (form == FlowForm::Projected) {
    const std::string origin = torch ? "nn.Linear(bias=False) default initialisation, never updated"
                                     : "np.random.default_rng(projection seed).normal(scale=0.5), never updated";
    add("W_q", report.W_q.rows(), report.W_q.cols(), "features in (d_model)", "features out (d_k)", "parameter", true, origin);
    add("W_k", report.W_k.rows(), report.W_k.cols(), "features in (d_model)", "features out (d_k)", "parameter", true, origin);
    add("W_v", report.W_v.rows(), report.W_v.cols(), "features in (d_model)", "features out (d_v)", "parameter", true, origin);
    add("scores", n, n, "queries", "keys", "computed", false, "Q Kᵀ (÷ √d_k): from this input");
  } else {
    add("S", n, n, "tokens", "tokens", "computed", false, "X Xᵀ: from this input");
  }
  add("A", n, n, "queries", "keys", "computed", false,
      "softmax of each score row: attention weights, recomputed for every input, not parameters");
  const long dout = form == FlowForm::Projected ? report.W_v.cols() : d;
  add("Y", n, dout, "tokens", form == FlowForm::Projected ? "features (d_v)" : "features (d_model)",
      "computed", false, form == FlowForm::Projected ? "A V: the output" : "A X: the output");
  return r;
}

}  // namespace aw
