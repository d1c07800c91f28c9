#include "core/train/model.hpp"

#include <algorithm>
#include <cmath>

#include "core/rng/torch_generator.hpp"
#include "core/train/stages.hpp"

namespace aw::train {
namespace {

MatD draw_uniform(rng::TorchGenerator& gen, int rows, int cols, double bound) {
  std::vector<float> values(static_cast<std::size_t>(rows) * cols);
  gen.uniform_(values.data(), values.size(), -bound, bound);
  return Eigen::Map<const MatF>(values.data(), rows, cols).cast<double>();
}

// Everything but the embedding table.
bool projections_finite(const Parameters& p) {
  return p.W_q.allFinite() && p.W_k.allFinite() && p.W_v.allFinite() && p.W_head.allFinite() && p.b_head.allFinite();
}

}  // namespace

Parameters zeros_like(const Parameters& p, bool with_embeddings) {
  Parameters z;
  if (with_embeddings) z.E = MatD::Zero(p.E.rows(), p.E.cols());
  z.W_q = MatD::Zero(p.W_q.rows(), p.W_q.cols());
  z.W_k = MatD::Zero(p.W_k.rows(), p.W_k.cols());
  z.W_v = MatD::Zero(p.W_v.rows(), p.W_v.cols());
  z.W_head = MatD::Zero(p.W_head.rows(), p.W_head.cols());
  z.b_head = MatD::Zero(p.b_head.rows(), p.b_head.cols());
  return z;
}

bool all_finite(const Parameters& p) { return p.E.allFinite() && projections_finite(p); }

bool all_finite(const Gradients& g, const std::vector<int>& e_rows) {
  for (const int r : e_rows) {
    if (!g.E.row(r).allFinite()) return false;
  }
  return projections_finite(g);
}

Parameters initial_parameters(int vocabulary, int d_model, int d_k, int classes, bool random_embeddings,
                              std::uint64_t seed) {
  rng::TorchGenerator gen(seed);
  Parameters p;
  if (random_embeddings) {
    const std::vector<float> e = gen.normal(static_cast<std::size_t>(vocabulary) * d_model);
    p.E = Eigen::Map<const MatF>(e.data(), vocabulary, d_model).cast<double>();
  }
  const double projection_bound = 1.0 / std::sqrt(static_cast<double>(d_model));
  p.W_q = draw_uniform(gen, d_model, d_k, projection_bound);
  p.W_k = draw_uniform(gen, d_model, d_k, projection_bound);
  p.W_v = draw_uniform(gen, d_model, d_k, projection_bound);
  p.W_head = draw_uniform(gen, d_k, classes, 1.0 / std::sqrt(static_cast<double>(d_k)));
  p.b_head = MatD::Zero(1, classes);
  return p;
}

Forward forward(const Parameters& p, const Sentence& s) {
  Forward f;
  f.scale = 1.0 / std::sqrt(static_cast<double>(p.W_q.cols()));
  f.X = embedding_forward(p.E, s.ids);
  f.Q = projection_forward(f.X, p.W_q);
  f.K = projection_forward(f.X, p.W_k);
  f.V = projection_forward(f.X, p.W_v);
  f.R = scores_forward(f.Q, f.K);
  f.S = scale_forward(f.R, f.scale);
  f.A = softmax_forward(f.S);
  f.Y = mix_forward(f.A, f.V);
  f.y = select_forward(f.Y, s.target);
  f.z = head_forward(f.y, p.W_head, p.b_head);
  CrossEntropy ce = cross_entropy_forward(f.z, s.label);
  f.loss = ce.loss;
  f.probabilities = std::move(ce.probabilities);
  Eigen::Index best = 0;
  f.z.row(0).maxCoeff(&best);
  f.predicted = static_cast<int>(best);
  return f;
}

TransposedProjections transposed_projections(const Parameters& p) {
  return {p.W_q.transpose(), p.W_k.transpose(), p.W_v.transpose()};
}

StageGradients backward(const Parameters& p, const TransposedProjections& transposed, const Sentence& s,
                        const Forward& f, double weight, bool trainable_embeddings, Gradients& g) {
  StageGradients d;
  d.dz = cross_entropy_backward(f.probabilities, s.label, weight);
  HeadGrad head = head_backward(f.y, p.W_head, d.dz);
  g.W_head += head.dW;
  g.b_head += head.db;
  d.dy = std::move(head.dy);
  d.dY = select_backward(d.dy, f.Y.rows(), s.target);
  MixGrad mix = mix_backward(f.A, f.V, d.dY);
  d.dA = std::move(mix.dA);
  d.dV = std::move(mix.dV);
  d.dS = softmax_backward(f.A, d.dA);
  d.dR = scale_backward(d.dS, f.scale);
  ScoresGrad scores = scores_backward(f.Q, f.K, d.dR);
  d.dQ = std::move(scores.dQ);
  d.dK = std::move(scores.dK);
  ProjectionGrad q = projection_backward_transposed(f.X, transposed.W_q, d.dQ);
  ProjectionGrad k = projection_backward_transposed(f.X, transposed.W_k, d.dK);
  ProjectionGrad v = projection_backward_transposed(f.X, transposed.W_v, d.dV);
  g.W_q += q.dW;
  g.W_k += k.dW;
  g.W_v += v.dW;
  d.dX = q.dX + k.dX + v.dX;
  if (trainable_embeddings) embedding_backward(d.dX, s.ids, g.E);
  return d;
}

BatchResult batch_gradients(const Parameters& p, const std::vector<Sentence>& batch,
                            bool trainable_embeddings) {
  if (batch.empty()) throw InputError("a batch needs at least one sentence");
  BatchResult r;
  r.gradients = zeros_like(p, trainable_embeddings);
  const double weight = 1.0 / static_cast<double>(batch.size());
  const TransposedProjections transposed = transposed_projections(p);
  for (std::size_t b = 0; b < batch.size(); ++b) {
    const Forward f = forward(p, batch[b]);
    r.loss += f.loss * weight;
    r.correct += f.predicted == batch[b].label ? 1 : 0;
    StageGradients d = backward(p, transposed, batch[b], f, weight, trainable_embeddings, r.gradients);
    if (b == 0) r.first = std::move(d);
    if (trainable_embeddings) r.embedding_ids.insert(r.embedding_ids.end(), batch[b].ids.begin(), batch[b].ids.end());
  }
  std::sort(r.embedding_ids.begin(), r.embedding_ids.end());
  r.embedding_ids.erase(std::unique(r.embedding_ids.begin(), r.embedding_ids.end()), r.embedding_ids.end());
  return r;
}

}  // namespace aw::train
