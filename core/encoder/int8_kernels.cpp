#include "core/encoder/int8_kernels.hpp"

#include <cmath>
#include <cstdint>
#include <vector>

namespace aw::encoder {

const Int8Columns* Int8Kernels::find(const std::string& name) const {
  const auto it = by_name.find(name);
  return it == by_name.end() ? nullptr : &it->second;
}

namespace {

// value · (1 / scale) is within a few ulp of q (|q| ≤ 128), far inside the ±0.5 that rounding
// forgives, so the reciprocal is exact enough and keeps the loop free of divisions (a scale so
// small that its reciprocal overflows divides instead; a zero scale decodes its column to 0).
std::vector<std::int8_t> recover_int8(const MatF& value, const std::vector<float>& scales) {
  const auto rows = value.rows(), cols = value.cols();
  std::vector<float> inverse(scales.size());
  for (std::size_t c = 0; c < scales.size(); ++c) inverse[c] = scales[c] == 0 ? 0.0f : 1.0f / scales[c];
  std::vector<std::int8_t> q(static_cast<std::size_t>(rows * cols));
  for (Eigen::Index r = 0; r < rows; ++r) {
    const float* v = value.data() + r * cols;
    std::int8_t* out = q.data() + r * cols;
    for (Eigen::Index c = 0; c < cols; ++c) {
      const float inv = inverse[static_cast<std::size_t>(c)];
      const float level = std::isfinite(inv) ? v[c] * inv : v[c] / scales[static_cast<std::size_t>(c)];
      out[c] = static_cast<std::int8_t>(round_to_integer(std::fmin(127.0f, std::fmax(-128.0f, level))));
    }
  }
  return q;
}

}  // namespace

Int8Kernels int8_kernels(const EncoderPack& pack) {
  Int8Kernels kernels;
  for (const auto& [name, scales] : pack.column_scales) {
    if (name == "pool_kernel") continue;  // used per sentence as a vector, by the float path
    const MatF& value = pack.tensor(name);
    const std::vector<std::int8_t> q = recover_int8(value, scales);
    kernels.by_name.emplace(name, pack_int8_columns(q.data(), scales.data(), static_cast<int>(value.rows()),
                                                    static_cast<int>(value.cols())));
  }
  return kernels;
}

}  // namespace aw::encoder
