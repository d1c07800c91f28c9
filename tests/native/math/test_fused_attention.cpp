// The fused float kernel (core/math/fused_attention.hpp), its exp and the SIMD product
// (core/math/simd_matmul.hpp), checked against the reference kernel, std::exp and Eigen.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <string>

#include "core/math/fused_attention.hpp"
#include "core/math/simd_matmul.hpp"

using aw::MatF;

namespace {

float max_abs_diff(const MatF& a, const MatF& b) {
  REQUIRE(a.rows() == b.rows());
  REQUIRE(a.cols() == b.cols());
  return a.size() == 0 ? 0.0f : (a - b).cwiseAbs().maxCoeff();
}

std::string message_of(const std::function<void()>& call) {
  try {
    call();
  } catch (const aw::InputError& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("simd exp of x at most 0 is within 2 ulp of std::exp, and 0 where the float would be subnormal") {
  float worst_ulps = 0;
  for (int k = 0; k <= 200000; ++k) {
    const float x = -87.3f * static_cast<float>(k) / 200000.0f;
    alignas(16) float in[4] = {x, x * 0.5f, x * 0.25f, x * 0.001f}, out[4];
    aw::simd::store(out, aw::simd::exp_nonpositive(aw::simd::load(in)));
    for (int i = 0; i < 4; ++i) {
      const float want = std::exp(in[i]);
      const float ulp = std::nextafter(want, std::numeric_limits<float>::infinity()) - want;
      worst_ulps = std::max(worst_ulps, std::fabs(out[i] - want) / ulp);
    }
  }
  CHECK(worst_ulps <= 2.0f);
  alignas(16) float edge[4] = {0.0f, -88.0f, -1000.0f, -std::numeric_limits<float>::infinity()}, out[4];
  aw::simd::store(out, aw::simd::exp_nonpositive(aw::simd::load(edge)));
  CHECK(out[0] == 1.0f);
  CHECK(out[1] == 0.0f);
  CHECK(out[2] == 0.0f);
  CHECK(out[3] == 0.0f);
}

TEST_CASE("fused attention equals the reference kernel on every shape, with and without the causal mask") {
  // (queries, keys, d_k, d_v): single rows, tails of 1–3 in every loop, several key tiles
  const int shapes[][4] = {{1, 1, 1, 1}, {3, 5, 7, 2}, {4, 64, 64, 64}, {130, 200, 13, 9}, {67, 67, 64, 64}, {5, 129, 3, 0}};
  for (const auto& s : shapes) {
    const MatF Q = MatF::Random(s[0], s[2]), K = MatF::Random(s[1], s[2]), V = MatF::Random(s[1], s[3]);
    CAPTURE(s[0]);
    CAPTURE(s[1]);
    CHECK(max_abs_diff(aw::fused_attention(Q, K, V), aw::attention_kernel(Q, K, V)) < 2e-6f);
    if (s[0] == s[1]) {
      CHECK(max_abs_diff(aw::fused_attention(Q, K, V, true), aw::attention_kernel(Q, K, V, true)) < 2e-6f);
    }
  }
}

TEST_CASE("fused attention rescales earlier tiles when a later tile holds the largest score") {
  // scores up to about ±300: each row's maximum sits in a different key tile, often the last
  const MatF Q = MatF::Random(9, 16) * 6.0f, K = MatF::Random(300, 16) * 6.0f, V = MatF::Random(300, 5);
  const MatF fused = aw::fused_attention(Q, K, V), reference = aw::attention_kernel(Q, K, V);
  CHECK(max_abs_diff(fused, reference) < 2e-5f);
  CHECK(fused.allFinite());
}

TEST_CASE("fused attention refuses what the reference refuses, with the same message") {
  const MatF Q = MatF::Random(4, 8), K = MatF::Random(6, 8), V = MatF::Random(6, 3);
  const MatF short_V = MatF::Random(5, 3), narrow_K = MatF::Random(6, 7);
  MatF with_nan = Q;
  with_nan(1, 2) = std::numeric_limits<float>::quiet_NaN();
  const MatF huge = MatF::Constant(4, 8, 1e20f);
  const std::function<void()> cases[][2] = {
      {[&] { aw::fused_attention(Q, K, short_V); }, [&] { aw::attention_kernel(Q, K, short_V); }},
      {[&] { aw::fused_attention(Q, narrow_K, V); }, [&] { aw::attention_kernel(Q, narrow_K, V); }},
      {[&] { aw::fused_attention(with_nan, K, V); }, [&] { aw::attention_kernel(with_nan, K, V); }},
      {[&] { aw::fused_attention(huge, huge, MatF::Random(4, 2)); }, [&] { aw::attention_kernel(huge, huge, MatF(MatF::Random(4, 2))); }},
  };
  for (const auto& pair : cases) {
    const std::string fused = message_of(pair[0]);
    CHECK(!fused.empty());
    CHECK(fused == message_of(pair[1]));
  }
}

TEST_CASE("fused attention gives the reference's answer where its unnormalised sums would overflow") {
  // weights add up to 1, so the output of values near the float limit is finite; the running
  // sum before the division is not
  const MatF Q = MatF::Random(4, 8), K = MatF::Random(6, 8), V = MatF::Constant(6, 3, 3e38f);
  const MatF fused = aw::fused_attention(Q, K, V);
  CHECK(fused.allFinite());
  CHECK(max_abs_diff(fused, aw::attention_kernel(Q, K, V)) == 0.0f);
}

TEST_CASE("the SIMD product A Bᵀ equals Eigen's") {
  const int shapes[][3] = {{1, 1, 1}, {5, 7, 3}, {64, 33, 64}, {9, 4, 130}};
  for (const auto& s : shapes) {
    const MatF A = MatF::Random(s[0], s[2]), B = MatF::Random(s[1], s[2]);
    const MatF want = A * B.transpose();
    CHECK(max_abs_diff(aw::matmul_abt(A, B), want) < 1e-5f);
  }
  CHECK_THROWS_AS(aw::matmul_abt(MatF::Random(2, 3), MatF::Random(2, 4)), aw::InputError);
}

TEST_CASE("the SIMD product A B equals Eigen's, with row and column tails") {
  // 130 and 150 rows span three of the product's 64-row chunks
  const int shapes[][3] = {{1, 1, 1}, {5, 3, 13}, {4, 256, 768}, {9, 512, 7}, {33, 64, 16}, {130, 40, 19}};
  for (const auto& s : shapes) {
    const MatF A = MatF::Random(s[0], s[1]), B = MatF::Random(s[1], s[2]);
    const MatF want = A * B;
    CHECK(max_abs_diff(aw::matmul_ab(A, B), want) < 2e-5f);
  }
  // a row's result does not depend on the rows stacked with it (the encoder's batches)
  const MatF A = MatF::Random(150, 40), B = MatF::Random(40, 20);
  const MatF all = aw::matmul_ab(A, B);
  for (int i : {0, 6, 63, 64, 100, 149}) CHECK((aw::matmul_ab(A.row(i), B) - all.row(i)).cwiseAbs().maxCoeff() == 0.0f);
  CHECK_THROWS_AS(aw::matmul_ab(MatF::Random(2, 3), MatF::Random(4, 2)), aw::InputError);
}
