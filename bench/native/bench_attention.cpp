// Native timing of the attention kernel softmax(Q Kᵀ/√d) V in float, n = 64…2048, d = 64.
// Prints one JSON line per size: {"impl":"native","n":…,"d":…,"best_ms":…,"median_ms":…}.
// Run by bench/run.mjs, which collects every implementation into one table.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "core/math/kernel.hpp"

int main() {
  const int d = 64;
  for (int n : {64, 128, 256, 512, 1024, 2048}) {
    const aw::MatF Q = aw::MatF::Random(n, d), K = aw::MatF::Random(n, d),
                   V = aw::MatF::Random(n, d);
    const int repeats = n <= 256 ? 30 : (n <= 1024 ? 8 : 4);
    std::vector<double> times;
    float checksum = 0;
    for (int r = 0; r < repeats; ++r) {
      const auto start = std::chrono::steady_clock::now();
      const aw::MatF Y = aw::attention_kernel(Q, K, V);
      const auto stop = std::chrono::steady_clock::now();
      checksum += Y(0, 0);
      times.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
    }
    std::sort(times.begin(), times.end());
    std::printf("{\"impl\":\"native\",\"n\":%d,\"d\":%d,\"best_ms\":%.4f,\"median_ms\":%.4f,"
                "\"checksum\":%g}\n",
                n, d, times.front(), times[times.size() / 2], static_cast<double>(checksum));
  }
  return 0;
}
