// Shared by the layout tests: the first rows of the bundled GloVe subset (decoded as the page
// does, value = code * scale) and the k-NN recall of a layout (Euclidean in both spaces, self
// excluded, ties by index), the same measure scripts/make_tsne_golden.py reports for sklearn.
#pragma once
#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <numeric>
#include <string>
#include <vector>

namespace layout_test {

// Bit-identical layouts (a seed's run repeated, native against native).
inline bool same_bytes(const Eigen::MatrixXf& a, const Eigen::MatrixXf& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), sizeof(float) * static_cast<std::size_t>(a.size())) == 0;
}

inline Eigen::MatrixXf glove_rows(int n) {
  std::ifstream in(std::string(AW_TEST_DATA_DIR) + "/../public/data/glove-100d.i8.bin", std::ios::binary);
  REQUIRE(in.good());
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  REQUIRE(bytes.compare(0, 4, "AWV1") == 0);
  std::uint32_t count = 0, dim = 0;
  std::memcpy(&count, bytes.data() + 4, 4);
  std::memcpy(&dim, bytes.data() + 8, 4);
  REQUIRE(static_cast<std::uint32_t>(n) <= count);
  Eigen::MatrixXf X(n, dim);
  for (int i = 0; i < n; ++i) {
    float scale = 0;
    std::memcpy(&scale, bytes.data() + 12 + 4 * i, 4);
    for (std::uint32_t c = 0; c < dim; ++c) {
      const auto code = static_cast<std::int8_t>(bytes[12 + 4 * count + static_cast<std::size_t>(i) * dim + c]);
      X(i, c) = static_cast<float>(code) * scale;
    }
  }
  return X;
}

inline std::vector<std::vector<int>> nearest(const Eigen::MatrixXd& Y, int k) {
  const int n = static_cast<int>(Y.rows());
  std::vector<std::vector<int>> out(static_cast<std::size_t>(n));
  std::vector<double> d2(static_cast<std::size_t>(n));
  std::vector<int> order(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) d2[static_cast<std::size_t>(j)] = j == i ? 1e300 : (Y.row(i) - Y.row(j)).squaredNorm();
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return d2[static_cast<std::size_t>(a)] < d2[static_cast<std::size_t>(b)]; });
    out[static_cast<std::size_t>(i)].assign(order.begin(), order.begin() + k);
  }
  return out;
}

inline double recall(const Eigen::MatrixXf& X, const Eigen::MatrixXf& Y, int k = 10) {
  const auto a = nearest(X.cast<double>(), k), b = nearest(Y.cast<double>(), k);
  double total = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    int shared = 0;
    for (int j : a[i]) shared += std::count(b[i].begin(), b[i].end(), j) > 0;
    total += static_cast<double>(shared) / k;
  }
  return total / static_cast<double>(a.size());
}

}  // namespace layout_test
