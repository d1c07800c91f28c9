// The golden subset of the bundled GloVe vectors (tests/fixtures/sklearn_space.json lists its
// rows), read straight from public/data/glove-100d.i8.bin as scripts/make_space_golden.py reads it.
#pragma once
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

#include "tests/native/golden.hpp"

namespace space_golden {

inline const nlohmann::json& fixture() {
  static const nlohmann::json j = golden::load("sklearn_space");
  return j;
}

// float32(code * scale), row by row, the fixture's rows only.
inline Eigen::MatrixXf glove_subset() {
  std::ifstream in(std::string(AW_TEST_DATA_DIR) + "/../public/data/glove-100d.i8.bin", std::ios::binary);
  REQUIRE(in.good());
  const std::vector<char> raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  REQUIRE(std::memcmp(raw.data(), "AWV1", 4) == 0);
  std::uint32_t count = 0, dim = 0;
  std::memcpy(&count, raw.data() + 4, 4);
  std::memcpy(&dim, raw.data() + 8, 4);
  const auto rows = fixture()["rows"].get<std::vector<long>>();
  Eigen::MatrixXf out(static_cast<long>(rows.size()), dim);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    float scale = 0;
    std::memcpy(&scale, raw.data() + 12 + 4 * rows[r], 4);
    const auto* codes = reinterpret_cast<const std::int8_t*>(raw.data() + 12 + 4 * count + dim * rows[r]);
    for (std::uint32_t c = 0; c < dim; ++c) out(static_cast<long>(r), c) = static_cast<float>(codes[c]) * scale;
  }
  return out;
}

}  // namespace space_golden
