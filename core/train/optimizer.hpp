// SGD and Adam, with torch.optim's update formulas (no momentum, no weight decay; Adam's
// defaults betas = (0.9, 0.999), eps = 1e-8, amsgrad off). Frozen embeddings are skipped.
#pragma once
#include <string>
#include <vector>

#include "core/train/model.hpp"

namespace aw::train {

enum class OptimizerKind { Sgd, Adam };

class Optimizer {
 public:
  Optimizer(OptimizerKind kind, double learning_rate, const Parameters& shape);

  // Updates p in place from the gradients g (E only when `update_embeddings`, and of E only the
  // rows embedding_rows() names: every other row would be left as it is, to the bit).
  void apply(Parameters& p, const Gradients& g, bool update_embeddings);
  // The same with E's rows given: what embedding_rows() answered for these gradients.
  void apply(Parameters& p, const Gradients& g, const std::vector<int>& e_rows);

  // The rows of E that apply() with these gradients changes. SGD: the rows with a non-zero
  // gradient. Adam: also every row that had one in an earlier step (its moments keep moving it);
  // a row that never had one has m = v = 0, and its update 0 / (0 + eps) leaves it where it is.
  // Most of a table's words are in no batch (the validation words, the rest of the vocabulary),
  // so this spares the update most of the table.
  const std::vector<int>& embedding_rows(const MatD& gE);
  // The same when gE is zero outside `candidates` (a batch's ids, BatchResult::embedding_ids):
  // only those rows of the gradient are read.
  const std::vector<int>& embedding_rows(const MatD& gE, const std::vector<int>& candidates);

  OptimizerKind kind() const { return kind_; }
  double learning_rate() const { return learning_rate_; }
  long steps() const { return steps_; }

  static constexpr double kBeta1 = 0.9;
  static constexpr double kBeta2 = 0.999;
  static constexpr double kEps = 1e-8;

 private:
  void sgd(MatD& w, const MatD& g) const;
  void adam(MatD& w, const MatD& g, MatD& m, MatD& v) const;
  void adam_rows(MatD& w, const MatD& g, MatD& m, MatD& v, const std::vector<int>& rows) const;

  OptimizerKind kind_;
  double learning_rate_;
  long steps_ = 0;
  Parameters m_, v_;  // Adam's first and second moments (exp_avg, exp_avg_sq)
  std::vector<char> had_gradient_;  // by row of E: a non-zero gradient in some step so far
  std::vector<int> rows_;           // embedding_rows()' answer
};

}  // namespace aw::train
