// The int8 product (core/math/int8_matmul.hpp) against plain references: the integer sums exactly
// (64-bit loops over the same quantized values), the packing and quantization by their definitions,
// and the float result against A times the dequantized B within the quantization error.
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "core/math/int8_matmul.hpp"

using aw::MatF;

namespace {

std::vector<std::int8_t> random_int8(int n, std::mt19937& rng) {
  std::uniform_int_distribution<int> value(-128, 127);
  std::vector<std::int8_t> q(static_cast<std::size_t>(n));
  for (auto& x : q) x = static_cast<std::int8_t>(value(rng));
  return q;
}

std::vector<float> random_scales(int n, std::mt19937& rng) {
  std::uniform_real_distribution<float> value(1e-3f, 2e-2f);
  std::vector<float> s(static_cast<std::size_t>(n));
  for (auto& x : s) x = value(rng);
  return s;
}

MatF random_matrix(int rows, int cols, std::mt19937& rng) {
  std::normal_distribution<float> value(0.0f, 1.5f);
  MatF m(rows, cols);
  for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = value(rng);
  return m;
}

// Σ_k qa(i, k) · qb(k, j) in 64 bits, straight from the definitions.
std::int64_t reference_sum(const aw::Int16Rows& a, const std::vector<std::int8_t>& qb, int m, int i, int j) {
  std::int64_t total = 0;
  for (int kk = 0; kk < a.cols; ++kk) {
    total += static_cast<std::int64_t>(a.q[static_cast<std::size_t>(i) * a.stride + kk]) * qb[static_cast<std::size_t>(kk) * m + j];
  }
  return total;
}

}  // namespace

TEST_CASE("int8 product: the integer sums equal a 64-bit reference exactly, for every shape's tail") {
  std::mt19937 rng(19);
  for (const auto& shape : {std::array<int, 3>{1, 1, 1}, {3, 5, 7}, {4, 8, 8}, {5, 17, 9}, {67, 33, 21}, {130, 256, 40}}) {
    const int n = shape[0], k = shape[1], m = shape[2];
    CAPTURE(n);
    CAPTURE(k);
    CAPTURE(m);
    const std::vector<std::int8_t> qb = random_int8(k * m, rng);
    const aw::Int8Columns b = aw::pack_int8_columns(qb.data(), random_scales(m, rng).data(), k, m);
    const aw::Int16Rows a = aw::quantize_rows(random_matrix(n, k, rng), aw::activation_levels(k));
    const aw::Mat<std::int32_t> sums = aw::int8_products(a, b);
    REQUIRE(sums.rows() == n);
    REQUIRE(sums.cols() == m);
    int mismatches = 0;
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < m; ++j) mismatches += sums(i, j) != reference_sum(a, qb, m, i, j);
    }
    CHECK(mismatches == 0);
  }
}

TEST_CASE("int8 product: the largest sums int32 must hold, at the extremes of both ranges") {
  for (const int k : {512, 1536, 2048, 4095}) {
    CAPTURE(k);
    const int levels = aw::activation_levels(k);
    CHECK(static_cast<std::int64_t>(levels) * 128 * (k + k % 2) <= std::numeric_limits<std::int32_t>::max());
    const std::vector<std::int8_t> qb(static_cast<std::size_t>(k) * 8, std::int8_t{-128});
    const std::vector<float> scales(8, 1.0f);
    const aw::Int8Columns b = aw::pack_int8_columns(qb.data(), scales.data(), k, 8);
    MatF A(2, k);
    A.row(0).setConstant(-3.0f);  // every level at -levels: the largest positive sum
    A.row(1).setConstant(5.0f);   // every level at +levels: the most negative sum
    const aw::Int16Rows a = aw::quantize_rows(A, levels);
    const aw::Mat<std::int32_t> sums = aw::int8_products(a, b);
    CHECK(sums(0, 3) == static_cast<std::int64_t>(levels) * 128 * k);
    CHECK(sums(1, 5) == -static_cast<std::int64_t>(levels) * 128 * k);
  }
  CHECK(aw::activation_levels(256) == 32767);
  CHECK(aw::activation_levels(1536) == 10922);
  CHECK_THROWS_AS(aw::activation_levels(1 << 25), aw::InputError);
}

TEST_CASE("int8 product: packing puts each weight where the kernel reads it") {
  std::mt19937 rng(7);
  const int k = 5, m = 11;
  const std::vector<std::int8_t> qb = random_int8(k * m, rng);
  const std::vector<float> scales = random_scales(m, rng);
  const aw::Int8Columns b = aw::pack_int8_columns(qb.data(), scales.data(), k, m);
  CHECK(b.pairs() == 3);
  CHECK(b.panels() == 2);
  REQUIRE(b.packed.size() == 2u * 3 * 16);
  for (int kk = 0; kk < 6; ++kk) {
    for (int j = 0; j < 16; ++j) {
      const std::int16_t expected = kk < k && j < m ? qb[static_cast<std::size_t>(kk) * m + j] : 0;
      CHECK(b.packed[static_cast<std::size_t>((j / 8) * 3 + kk / 2) * 16 + (j % 8) * 2 + kk % 2] == expected);
    }
  }
  CHECK(b.scale[10] == scales[10]);
  CHECK(b.scale[11] == 0.0f);
}

// The definition, one value at a time: what quantize_rows does four and eight values at a time.
static std::vector<std::int16_t> quantized_one_by_one(const float* x, int cols, int levels) {
  float largest = 0;
  for (int c = 0; c < cols; ++c) largest = std::max(largest, std::fabs(x[c]));
  std::vector<std::int16_t> q(static_cast<std::size_t>(cols), 0);
  if (largest == 0) return q;
  const float top = static_cast<float>(levels), to_level = top / largest;
  const bool tiny = !(to_level <= std::numeric_limits<float>::max());
  for (int c = 0; c < cols; ++c) {
    const float scaled = tiny ? x[c] / largest * top : x[c] * to_level;
    q[static_cast<std::size_t>(c)] = static_cast<std::int16_t>(std::min(std::max(std::nearbyint(scaled), -top), top));
  }
  return q;
}

TEST_CASE("int8 product: rows of every width quantize as the one-value-at-a-time definition says") {
  std::mt19937 rng(11);
  for (int cols = 1; cols <= 40; ++cols) {
    for (const float spread : {3.0f, 1e-3f, 1e-40f}) {  // ordinary, small, and subnormal rows
      CAPTURE(cols);
      CAPTURE(spread);
      std::normal_distribution<float> value(0.0f, 1.0f);
      MatF A(5, cols);
      for (int i = 0; i < A.size(); ++i) {
        float v = value(rng);
        if (i % 7 == 3) v = std::nearbyint(v * 4) / 4;  // halves: rounding ties
        if (i % 11 == 5) v = 0;
        A.data()[i] = v * spread;
      }
      const int levels = cols % 2 ? 32767 : 100;
      const aw::Int16Rows a = aw::quantize_rows(A, levels);
      for (int r = 0; r < 5; ++r) {
        const std::int16_t* row = a.q.data() + static_cast<std::size_t>(r) * a.stride;
        CHECK(std::vector<std::int16_t>(row, row + cols) == quantized_one_by_one(A.data() + static_cast<std::size_t>(r) * cols, cols, levels));
      }
    }
  }
}

TEST_CASE("int8 product: rows quantized to ±levels by their largest value, zero rows and bad values") {
  MatF A(3, 3);
  A << 0.5f, -2.0f, 1.0f,  //
      0.0f, 0.0f, 0.0f,    //
      1e-30f, -3e-30f, 0.0f;
  const aw::Int16Rows a = aw::quantize_rows(A, 100);
  CHECK(a.stride == 4);
  CHECK(a.scale[0] == doctest::Approx(0.02f));
  CHECK(std::vector<std::int16_t>(a.q.begin(), a.q.begin() + 4) == std::vector<std::int16_t>{25, -100, 50, 0});
  CHECK(a.scale[1] == 0.0f);
  CHECK(std::vector<std::int16_t>(a.q.begin() + 4, a.q.begin() + 8) == std::vector<std::int16_t>{0, 0, 0, 0});
  CHECK(std::vector<std::int16_t>(a.q.begin() + 8, a.q.begin() + 11) == std::vector<std::int16_t>{33, -100, 0});
  // A row of subnormals (levels / largest overflows float): still ±levels and 0, never NaN (the
  // NaN cast to int16 that the pack fuzzer found, which UBSan reports).
  MatF tiny(1, 3);
  tiny << 1e-40f, 0.0f, -1e-40f;
  const aw::Int16Rows t = aw::quantize_rows(tiny, 100);
  CHECK(std::vector<std::int16_t>(t.q.begin(), t.q.begin() + 3) == std::vector<std::int16_t>{100, 0, -100});
  A(2, 2) = std::numeric_limits<float>::quiet_NaN();
  CHECK_THROWS_WITH_AS(aw::quantize_rows(A, 100), doctest::Contains("row 2"), aw::InputError);
  A(2, 2) = std::numeric_limits<float>::infinity();
  CHECK_THROWS_AS(aw::quantize_rows(A, 100), aw::InputError);
  const std::vector<std::int8_t> q = {1};
  const float bad_scale = std::numeric_limits<float>::infinity();
  CHECK_THROWS_AS(aw::pack_int8_columns(q.data(), &bad_scale, 1, 1), aw::InputError);
}

TEST_CASE("int8 product: A times the dequantized B, within what quantizing A costs") {
  std::mt19937 rng(2026);
  const int n = 37, k = 1536, m = 29;
  const std::vector<std::int8_t> qb = random_int8(k * m, rng);
  const std::vector<float> scales = random_scales(m, rng);
  MatF B(k, m);
  for (int kk = 0; kk < k; ++kk) {
    for (int j = 0; j < m; ++j) B(kk, j) = static_cast<float>(qb[static_cast<std::size_t>(kk) * m + j]) * scales[static_cast<std::size_t>(j)];
  }
  const MatF A = random_matrix(n, k, rng);
  const MatF C = aw::matmul_int8(A, aw::pack_int8_columns(qb.data(), scales.data(), k, m));
  const aw::MatD exact = A.cast<double>() * B.cast<double>();
  const int levels = aw::activation_levels(k);
  for (int i = 0; i < n; ++i) {
    // each a(i, k) moves by at most half a level: |error| ≤ Σ_k |b(k, j)| · step / 2, plus float rounding
    const double step = A.row(i).cwiseAbs().maxCoeff() / levels;
    for (int j = 0; j < m; ++j) {
      const double bound = B.col(j).cwiseAbs().sum() * step / 2 + 1e-5 * std::abs(exact(i, j)) + 1e-6;
      CHECK(std::abs(C(i, j) - exact(i, j)) <= bound);
    }
  }
  // Stacking rows never changes a row's result.
  const MatF one = aw::matmul_int8(A.middleRows(5, 1), aw::pack_int8_columns(qb.data(), scales.data(), k, m));
  CHECK(one.row(0) == C.row(5));
  CHECK_THROWS_AS(aw::matmul_int8(MatF(2, 3), aw::pack_int8_columns(qb.data(), scales.data(), k, m)), aw::InputError);
}
