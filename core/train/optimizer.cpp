#include "core/train/optimizer.hpp"

#include <cmath>

namespace aw::train {

Optimizer::Optimizer(OptimizerKind kind, double learning_rate, const Parameters& shape)
    : kind_(kind), learning_rate_(learning_rate), m_(zeros_like(shape)), v_(zeros_like(shape)) {}

// torch.optim.SGD: w -= lr · g
void Optimizer::sgd(MatD& w, const MatD& g) const { w -= learning_rate_ * g; }

// torch.optim.Adam (_single_tensor_adam, torch 1.13):
//   m = β1 m + (1 − β1) g;  v = β2 v + (1 − β2) g²
//   w -= (lr / (1 − β1^t)) · m / (√v / √(1 − β2^t) + eps)
void Optimizer::adam(MatD& w, const MatD& g, MatD& m, MatD& v) const {
  const double t = static_cast<double>(steps_);
  const double bias_correction1 = 1.0 - std::pow(kBeta1, t);
  const double bias_correction2 = 1.0 - std::pow(kBeta2, t);
  m = kBeta1 * m + (1.0 - kBeta1) * g;
  v = kBeta2 * v + (1.0 - kBeta2) * g.cwiseProduct(g);
  const double step_size = learning_rate_ / bias_correction1;
  const auto denom = (v.array().sqrt() / std::sqrt(bias_correction2)) + kEps;
  w.array() -= step_size * (m.array() / denom);
}

void Optimizer::apply(Parameters& p, const Gradients& g, bool update_embeddings) {
  ++steps_;
  auto update = [&](MatD& w, const MatD& grad, MatD& m, MatD& v) {
    if (kind_ == OptimizerKind::Sgd) sgd(w, grad);
    else adam(w, grad, m, v);
  };
  if (update_embeddings) update(p.E, g.E, m_.E, v_.E);
  update(p.W_q, g.W_q, m_.W_q, v_.W_q);
  update(p.W_k, g.W_k, m_.W_k, v_.W_k);
  update(p.W_v, g.W_v, m_.W_v, v_.W_v);
  update(p.W_head, g.W_head, m_.W_head, v_.W_head);
  update(p.b_head, g.b_head, m_.b_head, v_.b_head);
}

}  // namespace aw::train
