// The whole loss: the batch gradient of every parameter against finite differences of the
// batch's mean loss, with trainable embeddings and a sentence that repeats a word.
#include <doctest/doctest.h>

#include "core/train/model.hpp"
#include "tests/native/train/finite_difference.hpp"

using namespace aw;
using namespace aw::train;

namespace {

double mean_loss(const Parameters& p, const std::vector<Sentence>& batch) {
  double total = 0;
  for (const auto& s : batch) total += forward(p, s).loss;
  return total / static_cast<double>(batch.size());
}

// Replaces one parameter of p by `value` (named as in for_each_parameter).
Parameters with(Parameters p, const std::string& name, const MatD& value) {
  for_each_parameter(p, [&](const std::string& n, MatD& m) { if (n == name) m = value; });
  return p;
}

const std::vector<Sentence> kBatch = {
    {{0, 3, 1, 3, 2}, 1, 2},  // word 3 twice
    {{4, 1, 5}, 2, 0},
    {{6, 0}, 0, 1},
};

}  // namespace

TEST_CASE("whole loss: every parameter's batch gradient equals finite differences") {
  Parameters p = initial_parameters(7, 5, 4, 3, true, 11);
  p.b_head = fd::random_matrix(1, 3, 3) * 0.1;  // nonzero so b's role is exercised
  const BatchResult r = batch_gradients(p, kBatch, true);
  CHECK(r.loss == doctest::Approx(mean_loss(p, kBatch)).epsilon(1e-14));
  Parameters analytic = r.gradients;
  for_each_parameter(p, [&](const std::string& name, MatD& value) {
    MatD expected;
    for_each_parameter(analytic, [&](const std::string& n, MatD& g) { if (n == name) expected = g; });
    const MatD numeric = fd::numeric_gradient(value, [&](const MatD& v) { return mean_loss(with(p, name, v), kBatch); });
    INFO(name);
    CHECK(fd::max_abs(expected - numeric) < 1e-8);
  });
}

TEST_CASE("frozen embeddings get no gradient, trainable ones only on the batch's words") {
  const Parameters p = initial_parameters(7, 5, 4, 3, true, 2);
  CHECK(batch_gradients(p, kBatch, false).gradients.E.isZero());
  const MatD dE = batch_gradients(p, {kBatch[1]}, true).gradients.E;
  CHECK(dE.row(0).isZero());
  CHECK_FALSE(dE.row(4).isZero());
}

TEST_CASE("initial weights: shapes, nn.Linear's range, zero bias, and the same draws for the same seed") {
  const Parameters a = initial_parameters(10, 8, 4, 6, true, 5);
  CHECK(a.E.rows() == 10);
  CHECK(a.W_q.rows() == 8);
  CHECK(a.W_q.cols() == 4);
  CHECK(a.W_head.rows() == 4);
  CHECK(a.W_head.cols() == 6);
  CHECK(a.W_q.cwiseAbs().maxCoeff() <= 1.0 / std::sqrt(8.0));
  CHECK(a.W_head.cwiseAbs().maxCoeff() <= 0.5);
  CHECK(a.b_head.isZero());
  CHECK(a.W_k == initial_parameters(10, 8, 4, 6, true, 5).W_k);
  CHECK(a.W_k != initial_parameters(10, 8, 4, 6, true, 6).W_k);
  CHECK(initial_parameters(10, 8, 4, 6, false, 5).E.size() == 0);
}
