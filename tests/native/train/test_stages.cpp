// Every stage's hand-written backward against central finite differences (double precision):
// for an output M = f(inputs) and a random upstream G, the gradient of ⟨G, M⟩.
#include <doctest/doctest.h>

#include "core/train/stages.hpp"
#include "tests/native/train/finite_difference.hpp"

using namespace aw;
using namespace aw::train;
using fd::numeric_gradient;
using fd::random_matrix;
using fd::weighted_sum;

namespace {
constexpr double kTol = 1e-7;
}

TEST_CASE("embedding lookup: backward adds rows, and a repeated word collects every use") {
  const MatD E = random_matrix(5, 3, 1);
  const std::vector<int> ids = {2, 0, 2, 4};  // word 2 twice
  const MatD G = random_matrix(4, 3, 2);
  MatD dE = MatD::Zero(5, 3);
  embedding_backward(G, ids, dE);
  const MatD numeric = numeric_gradient(E, [&](const MatD& e) { return weighted_sum(G, embedding_forward(e, ids)); });
  CHECK(fd::max_abs(dE - numeric) < kTol);
  CHECK(dE.row(2).isApprox(G.row(0) + G.row(2)));
  CHECK(dE.row(1).isZero());  // an unused word gets no gradient
}

TEST_CASE("projection X W: gradients for X and W") {
  const MatD X = random_matrix(4, 6, 3), W = random_matrix(6, 3, 4), G = random_matrix(4, 3, 5);
  const ProjectionGrad g = projection_backward(X, W, G);
  CHECK(fd::max_abs(g.dX - numeric_gradient(X, [&](const MatD& x) { return weighted_sum(G, projection_forward(x, W)); })) < kTol);
  CHECK(fd::max_abs(g.dW - numeric_gradient(W, [&](const MatD& w) { return weighted_sum(G, projection_forward(X, w)); })) < kTol);
}

TEST_CASE("raw scores Q Kᵀ: gradients for Q and K") {
  const MatD Q = random_matrix(4, 3, 6), K = random_matrix(4, 3, 7), G = random_matrix(4, 4, 8);
  const ScoresGrad g = scores_backward(Q, K, G);
  CHECK(fd::max_abs(g.dQ - numeric_gradient(Q, [&](const MatD& q) { return weighted_sum(G, scores_forward(q, K)); })) < kTol);
  CHECK(fd::max_abs(g.dK - numeric_gradient(K, [&](const MatD& k) { return weighted_sum(G, scores_forward(Q, k)); })) < kTol);
}

TEST_CASE("scaling by 1/sqrt(d_k)") {
  const MatD R = random_matrix(3, 3, 9), G = random_matrix(3, 3, 10);
  const double c = 1.0 / std::sqrt(8.0);
  CHECK(fd::max_abs(scale_backward(G, c) - numeric_gradient(R, [&](const MatD& r) { return weighted_sum(G, scale_forward(r, c)); })) < kTol);
}

TEST_CASE("row softmax: the Jacobian diag(a) - a aᵀ per row, also for large scores") {
  for (double spread : {1.0, 30.0}) {
    const MatD S = random_matrix(4, 5, 11) * spread, G = random_matrix(4, 5, 12);
    const MatD A = softmax_forward(S);
    CHECK(A.rowwise().sum().isApprox(Eigen::VectorXd::Ones(4)));
    CHECK(fd::max_abs(softmax_backward(A, G) - numeric_gradient(S, [&](const MatD& s) { return weighted_sum(G, softmax_forward(s)); })) < kTol);
  }
}

TEST_CASE("mixing A V: gradients for A and V") {
  const MatD A = softmax_forward(random_matrix(4, 4, 13)), V = random_matrix(4, 3, 14), G = random_matrix(4, 3, 15);
  const MixGrad g = mix_backward(A, V, G);
  CHECK(fd::max_abs(g.dA - numeric_gradient(A, [&](const MatD& a) { return weighted_sum(G, mix_forward(a, V)); })) < kTol);
  CHECK(fd::max_abs(g.dV - numeric_gradient(V, [&](const MatD& v) { return weighted_sum(G, mix_forward(A, v)); })) < kTol);
}

TEST_CASE("the target row: only row t receives gradient") {
  const MatD Y = random_matrix(5, 3, 16), G = random_matrix(1, 3, 17);
  const MatD dY = select_backward(G, 5, 2);
  CHECK(fd::max_abs(dY - numeric_gradient(Y, [&](const MatD& y) { return weighted_sum(G, select_forward(y, 2)); })) < kTol);
  CHECK(dY.row(0).isZero());
}

TEST_CASE("task head y W + b: gradients for y, W and b") {
  const MatD y = random_matrix(1, 4, 18), W = random_matrix(4, 6, 19), b = random_matrix(1, 6, 20), G = random_matrix(1, 6, 21);
  const HeadGrad g = head_backward(y, W, G);
  CHECK(fd::max_abs(g.dy - numeric_gradient(y, [&](const MatD& v) { return weighted_sum(G, head_forward(v, W, b)); })) < kTol);
  CHECK(fd::max_abs(g.dW - numeric_gradient(W, [&](const MatD& w) { return weighted_sum(G, head_forward(y, w, b)); })) < kTol);
  CHECK(fd::max_abs(g.db - numeric_gradient(b, [&](const MatD& v) { return weighted_sum(G, head_forward(y, W, v)); })) < kTol);
}

TEST_CASE("cross-entropy: loss and softmax minus one-hot, stable for large logits") {
  const MatD z = random_matrix(1, 6, 22);
  const CrossEntropy ce = cross_entropy_forward(z, 3);
  CHECK(ce.loss == doctest::Approx(std::log(z.array().exp().sum()) - z(0, 3)).epsilon(1e-12));
  const MatD dz = cross_entropy_backward(ce.probabilities, 3, 0.25);
  CHECK(fd::max_abs(dz - numeric_gradient(z, [&](const MatD& v) { return 0.25 * cross_entropy_forward(v, 3).loss; })) < kTol);
  MatD big = z * 1e3;
  const CrossEntropy far = cross_entropy_forward(big, 3);
  CHECK(std::isfinite(far.loss));
  CHECK(far.probabilities.allFinite());
}
