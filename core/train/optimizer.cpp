#include "core/train/optimizer.hpp"

#include <algorithm>
#include <cmath>

namespace aw::train {

Optimizer::Optimizer(OptimizerKind kind, double learning_rate, const Parameters& shape)
    : kind_(kind), learning_rate_(learning_rate), m_(zeros_like(shape)), v_(zeros_like(shape)) {}

// torch.optim.SGD: w -= lr · g
void Optimizer::sgd(MatD& w, const MatD& g) const { w -= learning_rate_ * g; }

// torch.optim.Adam (_single_tensor_adam, torch 1.13):
//   m = β1 m + (1 − β1) g;  v = β2 v + (1 − β2) g²
//   w -= (lr / (1 − β1^t)) · m / (√v / √(1 − β2^t) + eps)
// One pass over the entries, each updated from its own m, v and g: a loop the compiler
// vectorises in wasm too (Eigen has no wasm SIMD path), where three array expressions made three
// passes. The same operations in the same order per entry as the formulas above, so the same bits.
namespace {
void adam_entries(double* __restrict weight, const double* __restrict grad, double* __restrict first,
                  double* __restrict second, Eigen::Index size,
                  double step_size, double root_correction2) {
  constexpr double kKeep1 = 1.0 - Optimizer::kBeta1, kKeep2 = 1.0 - Optimizer::kBeta2;
  for (Eigen::Index i = 0; i < size; ++i) {
    const double gi = grad[i];
    const double mi = Optimizer::kBeta1 * first[i] + kKeep1 * gi;
    const double vi = Optimizer::kBeta2 * second[i] + kKeep2 * (gi * gi);
    first[i] = mi;
    second[i] = vi;
    weight[i] -= step_size * (mi / (std::sqrt(vi) / root_correction2 + Optimizer::kEps));
  }
}
}  // namespace

void Optimizer::adam(MatD& w, const MatD& g, MatD& m, MatD& v) const {
  const double t = static_cast<double>(steps_);
  const double step_size = learning_rate_ / (1.0 - std::pow(kBeta1, t));
  const double root_correction2 = std::sqrt(1.0 - std::pow(kBeta2, t));
  adam_entries(w.data(), g.data(), m.data(), v.data(), w.size(), step_size, root_correction2);
}

// The same update on the listed rows of a row-major table only.
void Optimizer::adam_rows(MatD& w, const MatD& g, MatD& m, MatD& v, const std::vector<int>& rows) const {
  const double t = static_cast<double>(steps_);
  const double step_size = learning_rate_ / (1.0 - std::pow(kBeta1, t));
  const double root_correction2 = std::sqrt(1.0 - std::pow(kBeta2, t));
  const Eigen::Index width = w.cols();
  for (const int r : rows) {
    const Eigen::Index at = static_cast<Eigen::Index>(r) * width;
    adam_entries(w.data() + at, g.data() + at, m.data() + at, v.data() + at, width, step_size, root_correction2);
  }
}

const std::vector<int>& Optimizer::embedding_rows(const MatD& gE) {
  std::vector<int> every_row(static_cast<std::size_t>(gE.rows()));
  for (std::size_t r = 0; r < every_row.size(); ++r) every_row[r] = static_cast<int>(r);
  return embedding_rows(gE, every_row);
}

const std::vector<int>& Optimizer::embedding_rows(const MatD& gE, const std::vector<int>& candidates) {
  had_gradient_.resize(static_cast<std::size_t>(gE.rows()), 0);
  // SGD moves only the rows with a gradient now; Adam also every row that had one before
  if (kind_ == OptimizerKind::Sgd) std::fill(had_gradient_.begin(), had_gradient_.end(), 0);
  for (const int r : candidates) {
    char& had = had_gradient_[static_cast<std::size_t>(r)];
    if (!had) had = (gE.row(r).array() != 0.0).any() ? 1 : 0;
  }
  rows_.clear();
  for (std::size_t r = 0; r < had_gradient_.size(); ++r) {
    if (had_gradient_[r]) rows_.push_back(static_cast<int>(r));
  }
  return rows_;
}

void Optimizer::apply(Parameters& p, const Gradients& g, bool update_embeddings) {
  if (!update_embeddings) return apply(p, g, std::vector<int>{});
  const std::vector<int> rows = embedding_rows(g.E);
  apply(p, g, rows);
}

void Optimizer::apply(Parameters& p, const Gradients& g, const std::vector<int>& e_rows) {
  ++steps_;
  auto update = [&](MatD& w, const MatD& grad, MatD& m, MatD& v) {
    if (kind_ == OptimizerKind::Sgd) sgd(w, grad);
    else adam(w, grad, m, v);
  };
  if (kind_ == OptimizerKind::Sgd) {
    for (const int r : e_rows) p.E.row(r) -= learning_rate_ * g.E.row(r);
  } else if (!e_rows.empty()) {
    adam_rows(p.E, g.E, m_.E, v_.E, e_rows);
  }
  update(p.W_q, g.W_q, m_.W_q, v_.W_q);
  update(p.W_k, g.W_k, m_.W_k, v_.W_k);
  update(p.W_v, g.W_v, m_.W_v, v_.W_v);
  update(p.W_head, g.W_head, m_.W_head, v_.W_head);
  update(p.b_head, g.b_head, m_.b_head, v_.b_head);
}

}  // namespace aw::train
