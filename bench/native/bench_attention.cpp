// Native timing of the attention kernel softmax(Q Kᵀ/√d) V in float, n = 64…2048, d = 64: the
// fused kernel (core/math/fused_attention.hpp, the same source as the wasm builds, here through
// SSE2) and the Eigen reference (core/math/kernel.hpp, with its n × n scores).
// Prints one JSON line per kernel and size:
//   {"impl":"fused"|"eigen","n":…,"d":…,"best_ms":…,"median_ms":…}
// Run by bench/run.mjs, which collects every implementation into one table.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "core/math/fused_attention.hpp"
#include "core/math/kernel.hpp"

namespace {

template <typename Kernel>
void time_kernel(const char* name, int n, int d, const aw::MatF& Q, const aw::MatF& K, const aw::MatF& V, Kernel kernel) {
  const int repeats = n <= 256 ? 30 : (n <= 1024 ? 8 : 4);
  std::vector<double> times;
  float checksum = 0;
  for (int r = 0; r < repeats; ++r) {
    const auto start = std::chrono::steady_clock::now();
    const aw::MatF Y = kernel(Q, K, V);
    const auto stop = std::chrono::steady_clock::now();
    checksum += Y(0, 0);
    times.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
  }
  std::sort(times.begin(), times.end());
  std::printf("{\"impl\":\"%s\",\"n\":%d,\"d\":%d,\"best_ms\":%.4f,\"median_ms\":%.4f,\"checksum\":%g}\n", name, n, d,
              times.front(), times[times.size() / 2], static_cast<double>(checksum));
}

}  // namespace

int main() {
  const int d = 64;
  for (int n : {64, 128, 256, 512, 1024, 2048}) {
    const aw::MatF Q = aw::MatF::Random(n, d), K = aw::MatF::Random(n, d), V = aw::MatF::Random(n, d);
    time_kernel("fused", n, d, Q, K, V, [](const aw::MatF& q, const aw::MatF& k, const aw::MatF& v) { return aw::fused_attention(q, k, v); });
    time_kernel("eigen", n, d, Q, K, V, [](const aw::MatF& q, const aw::MatF& k, const aw::MatF& v) { return aw::attention_kernel(q, k, v); });
  }
  return 0;
}
