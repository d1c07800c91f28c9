// SGD and Adam, with torch.optim's update formulas (no momentum, no weight decay; Adam's
// defaults betas = (0.9, 0.999), eps = 1e-8, amsgrad off). Frozen embeddings are skipped.
#pragma once
#include <string>

#include "core/train/model.hpp"

namespace aw::train {

enum class OptimizerKind { Sgd, Adam };

class Optimizer {
 public:
  Optimizer(OptimizerKind kind, double learning_rate, const Parameters& shape);

  // Updates p in place from the gradients g (E only when `update_embeddings`).
  void apply(Parameters& p, const Gradients& g, bool update_embeddings);

  OptimizerKind kind() const { return kind_; }
  double learning_rate() const { return learning_rate_; }
  long steps() const { return steps_; }

  static constexpr double kBeta1 = 0.9;
  static constexpr double kBeta2 = 0.999;
  static constexpr double kEps = 1e-8;

 private:
  void sgd(MatD& w, const MatD& g) const;
  void adam(MatD& w, const MatD& g, MatD& m, MatD& v) const;

  OptimizerKind kind_;
  double learning_rate_;
  long steps_ = 0;
  Parameters m_, v_;  // Adam's first and second moments (exp_avg, exp_avg_sq)
};

}  // namespace aw::train
