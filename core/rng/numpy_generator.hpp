// NumPy's np.random.default_rng(seed): Generator(PCG64(SeedSequence(seed))), re-implemented
// bit for bit (see docs/rng-spec.md, section A). Only the draws the class notebook uses.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace aw::rng {

// PCG64's 128-bit state. __extension__ keeps -Wpedantic quiet: __int128 is a GCC/Clang
// extension, available in both g++ and emscripten's clang.
__extension__ typedef unsigned __int128 uint128_t;

class NumpyGenerator {
 public:
  // Same as np.random.default_rng(seed) for a non-negative integer seed.
  explicit NumpyGenerator(std::uint64_t seed);

  std::uint64_t next_u64();       // PCG64 XSL-RR output
  double random();                // Generator.random(): (next64 >> 11) * 2^-53
  double standard_normal();       // 256-layer ziggurat, double precision
  double normal(double loc, double scale);  // loc + scale * standard_normal()
  // n draws of normal(loc, scale), in order (C order when reshaped).
  std::vector<double> normal(std::size_t n, double loc = 0.0, double scale = 1.0);

  // Exposed for tests against the published vectors.
  static std::array<std::uint32_t, 4> seed_sequence_pool(std::uint64_t seed);
  static std::array<std::uint64_t, 4> seed_sequence_state(std::uint64_t seed);
  struct U128 { std::uint64_t hi, lo; };
  U128 state() const;
  U128 increment() const;

 private:
  void step();  // one LCG step: state = state * M + inc (mod 2^128)

  uint128_t state_;
  uint128_t inc_;
};

}  // namespace aw::rng
