// core/math/row_product.hpp: C = A · B two columns at a time. Every entry is the k-ordered sum of
// a plain loop to the bit (so the trainer's numbers do not move), for every width remainder
// (8, 2 and 1 columns), with A transposed in place and B a transpose copied first; and equal to
// Eigen's product, to the bit at the trainer's shapes, where Eigen adds in the same order.
#include <doctest/doctest.h>

#include <cstring>
#include <random>

#include "core/math/row_product.hpp"

namespace {

aw::MatD random_matrix(Eigen::Index rows, Eigen::Index cols, std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  aw::MatD m(rows, cols);
  for (Eigen::Index k = 0; k < m.size(); ++k) m.data()[k] = normal(rng);
  return m;
}

// The sum in k order, one multiply and one add at a time.
template <typename A, typename B>
aw::MatD loop_product(const A& a, const B& b) {
  aw::MatD c(a.rows(), b.cols());
  for (Eigen::Index i = 0; i < a.rows(); ++i) {
    for (Eigen::Index j = 0; j < b.cols(); ++j) {
      double s = 0;
      for (Eigen::Index k = 0; k < a.cols(); ++k) s += a(i, k) * b(k, j);
      c(i, j) = s;
    }
  }
  return c;
}

bool same_bits(const aw::MatD& x, const aw::MatD& y) {
  return x.rows() == y.rows() && x.cols() == y.cols() && std::memcmp(x.data(), y.data(), sizeof(double) * x.size()) == 0;
}

}  // namespace

TEST_CASE("row_product: each entry is the k-ordered sum, to the bit, for every column remainder and row count") {
  std::mt19937_64 rng(11);
  // (rows go two at a time over whole blocks of eight columns; an odd last row goes alone)
  for (const Eigen::Index rows : {1, 2, 5, 6}) {
    for (const Eigen::Index cols : {1, 2, 3, 7, 8, 9, 16, 17, 100}) {
      for (const Eigen::Index depth : {1, 5, 16, 100}) {
        const aw::MatD a = random_matrix(rows, depth, rng), b = random_matrix(depth, cols, rng);
        CAPTURE(rows);
        CAPTURE(cols);
        CAPTURE(depth);
        CHECK(same_bits(aw::row_product(a, b), loop_product(a, b)));
      }
    }
  }
}

TEST_CASE("row_product: a transposed A read in place and a transposed B copied give the loop's bits") {
  std::mt19937_64 rng(12);
  const aw::MatD x = random_matrix(11, 100, rng), dp = random_matrix(11, 16, rng), w = random_matrix(100, 16, rng);
  CHECK(same_bits(aw::row_product(x.transpose(), dp), loop_product(x.transpose(), dp)));  // dW = Xᵀ dP
  CHECK(same_bits(aw::row_product(dp, w.transpose()), loop_product(dp, w.transpose())));  // dX = dP Wᵀ
}

TEST_CASE("row_product: the trainer's shapes give Eigen's product to the bit") {
  std::mt19937_64 rng(13);
  for (const Eigen::Index tokens : {3, 10, 24}) {
    const aw::MatD x = random_matrix(tokens, 100, rng), w = random_matrix(100, 16, rng), dp = random_matrix(tokens, 16, rng);
    CAPTURE(tokens);
    CHECK(same_bits(aw::row_product(x, w), aw::MatD(x * w)));
    CHECK(same_bits(aw::row_product(x.transpose(), dp), aw::MatD(x.transpose() * dp)));
    CHECK(same_bits(aw::row_product(dp, w.transpose()), aw::MatD(dp * w.transpose())));
  }
}

TEST_CASE("row_product: shapes that do not fit are refused") {
  const aw::MatD a = aw::MatD::Zero(2, 3), b = aw::MatD::Zero(4, 2);
  CHECK_THROWS_AS(aw::row_product(a, b), aw::InputError);
}
