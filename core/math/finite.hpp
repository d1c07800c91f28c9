// Whether every value of a float array is finite, four at a time through core/math/simd.hpp:
// x · 0 is 0 for a finite x and NaN for ±inf or NaN, and a sum holding one NaN is NaN. Eigen's
// allFinite runs one float at a time in the wasm build, and the encoder checks every stage with it.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstring>

#include "core/math/matrix.hpp"
#include "core/math/simd.hpp"

namespace aw {

inline bool all_finite(const float* p, std::size_t n) {
  using namespace simd;
  const std::size_t n4 = n & ~static_cast<std::size_t>(3);
  const F4 zero = splat(0.0f);
  F4 acc = zero;
  for (std::size_t i = 0; i < n4; i += 4) acc = add(acc, mul(load(p + i), zero));
  bool finite = sum(acc) == 0.0f;
  for (std::size_t i = n4; i < n; ++i) finite = finite && std::isfinite(p[i]);
  return finite;
}

// Copies `n` float32s stored at any byte offset (a word2vec binary record, whose numbers follow a
// word of any length) to `out`, four at a time, and says whether all are finite. A plain memcpy
// from a misaligned source runs a byte at a time in the wasm build's libc.
inline bool copy_finite(const char* bytes, float* out, std::size_t n) {
  using namespace simd;
  const std::size_t n4 = n & ~static_cast<std::size_t>(3);
  const F4 zero = splat(0.0f);
  F4 acc = zero;
  for (std::size_t i = 0; i < n4; i += 4) {
    const F4 values = load_bytes(bytes + i * sizeof(float));
    store(out + i, values);
    acc = add(acc, mul(values, zero));
  }
  bool finite = sum(acc) == 0.0f;
  for (std::size_t i = n4; i < n; ++i) {
    std::memcpy(out + i, bytes + i * sizeof(float), sizeof(float));
    finite = finite && std::isfinite(out[i]);
  }
  return finite;
}

inline bool all_finite(const MatF& m) { return all_finite(m.data(), static_cast<std::size_t>(m.size())); }

}  // namespace aw
