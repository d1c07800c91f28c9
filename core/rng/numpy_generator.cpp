// NumPy 1.24 Generator(PCG64(SeedSequence(seed))): SeedSequence mixing, PCG64 XSL-RR and the
// 256-layer double ziggurat, step for step as docs/rng-spec.md part A describes them.
#include "core/rng/numpy_generator.hpp"

#include <cmath>
#include <vector>

#include "core/rng/ziggurat_tables.hpp"

namespace aw::rng {
namespace {

// ---- A1/A2: SeedSequence (numpy/random/bit_generator.pyx), all arithmetic mod 2^32 ----
constexpr std::uint32_t kInitA = 0x43B0D7E5u;
constexpr std::uint32_t kMultA = 0x931E8875u;
constexpr std::uint32_t kInitB = 0x8B51F9DDu;
constexpr std::uint32_t kMultB = 0x58F38DEDu;
constexpr std::uint32_t kMixL = 0xCA01F9DDu;
constexpr std::uint32_t kMixR = 0x4973F715u;
constexpr int kXShift = 16;
constexpr std::size_t kPoolSize = 4;

// hashmix advances the shared multiplier on every call, so it takes it by reference.
std::uint32_t hashmix(std::uint32_t value, std::uint32_t& hash_const) {
  value ^= hash_const;
  hash_const *= kMultA;
  value *= hash_const;
  value ^= value >> kXShift;
  return value;
}

std::uint32_t mix(std::uint32_t x, std::uint32_t y) {
  std::uint32_t result = kMixL * x - kMixR * y;
  result ^= result >> kXShift;
  return result;
}

// An integer seed becomes its little-endian base-2^32 digits; 0 is [0], never empty.
std::vector<std::uint32_t> entropy_words(std::uint64_t seed) {
  std::vector<std::uint32_t> words{static_cast<std::uint32_t>(seed)};
  if (seed >> 32) words.push_back(static_cast<std::uint32_t>(seed >> 32));
  return words;
}

// ---- A3/A4: PCG64 (pcg_setseq_128 with XSL-RR output) ----
constexpr uint128_t kPcgMultiplier =
    (static_cast<uint128_t>(2549297995355413924ULL) << 64) | 4865540595714422341ULL;

uint128_t make_u128(std::uint64_t hi, std::uint64_t lo) {
  return (static_cast<uint128_t>(hi) << 64) | lo;
}

std::uint64_t rotr64(std::uint64_t x, unsigned rot) {
  // (-rot) & 63 keeps the shift defined when rot == 0.
  return (x >> rot) | (x << ((64u - rot) & 63u));
}

}  // namespace

std::array<std::uint32_t, 4> NumpyGenerator::seed_sequence_pool(std::uint64_t seed) {
  const std::vector<std::uint32_t> words = entropy_words(seed);
  std::array<std::uint32_t, kPoolSize> pool{};
  std::uint32_t hash_const = kInitA;  // one running multiplier for the whole mixing step
  for (std::size_t i = 0; i < kPoolSize; ++i) {
    pool[i] = hashmix(i < words.size() ? words[i] : 0u, hash_const);
  }
  // Reads pool[src] after earlier updates in this same loop, as numpy does.
  for (std::size_t src = 0; src < kPoolSize; ++src) {
    for (std::size_t dst = 0; dst < kPoolSize; ++dst) {
      if (src != dst) pool[dst] = mix(pool[dst], hashmix(pool[src], hash_const));
    }
  }
  // Only seeds >= 2^128 have extra words; kept for fidelity with numpy's loop.
  for (std::size_t src = kPoolSize; src < words.size(); ++src) {
    for (std::size_t dst = 0; dst < kPoolSize; ++dst) {
      pool[dst] = mix(pool[dst], hashmix(words[src], hash_const));
    }
  }
  return pool;
}

std::array<std::uint64_t, 4> NumpyGenerator::seed_sequence_state(std::uint64_t seed) {
  const std::array<std::uint32_t, kPoolSize> pool = seed_sequence_pool(seed);
  std::uint32_t hash_const = kInitB;
  std::array<std::uint32_t, 8> words{};
  for (std::size_t k = 0; k < words.size(); ++k) {
    std::uint32_t v = pool[k % kPoolSize];
    v ^= hash_const;
    hash_const *= kMultB;
    v *= hash_const;
    v ^= v >> kXShift;
    words[k] = v;
  }
  // generate_state(4, uint64) views the uint32 words as little-endian uint64 pairs.
  std::array<std::uint64_t, 4> out{};
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i] = words[2 * i] | (static_cast<std::uint64_t>(words[2 * i + 1]) << 32);
  }
  return out;
}

NumpyGenerator::NumpyGenerator(std::uint64_t seed) {
  const std::array<std::uint64_t, 4> s = seed_sequence_state(seed);
  const uint128_t initstate = make_u128(s[0], s[1]);
  const uint128_t initseq = make_u128(s[2], s[3]);
  // pcg_setseq_128_srandom_r: the increment must be odd; state is stepped around initstate.
  inc_ = (initseq << 1) | 1u;
  state_ = 0;
  step();
  state_ += initstate;
  step();
}

void NumpyGenerator::step() { state_ = state_ * kPcgMultiplier + inc_; }

std::uint64_t NumpyGenerator::next_u64() {
  step();  // PCG64 advances first, then outputs from the new state
  const auto hi = static_cast<std::uint64_t>(state_ >> 64);
  const auto lo = static_cast<std::uint64_t>(state_);
  return rotr64(hi ^ lo, static_cast<unsigned>(hi >> 58));
}

double NumpyGenerator::random() {
  // 53 random bits times 2^-53: exact, in [0, 1).
  return static_cast<double>(next_u64() >> 11) * 0x1.0p-53;
}

double NumpyGenerator::standard_normal() {
  namespace z = ziggurat;
  for (;;) {
    std::uint64_t r = next_u64();
    const int idx = static_cast<int>(r & 0xFF);
    r >>= 8;
    const bool negative = (r & 1u) != 0;
    const std::uint64_t rabs = (r >> 1) & 0x000FFFFFFFFFFFFFULL;
    double x = static_cast<double>(rabs) * z::wi[idx];  // exact conversion, one rounding
    if (negative) x = -x;
    if (rabs < z::ki[idx]) return x;  // ~99% of draws end here
    if (idx == 0) {
      // Tail beyond R (Marsaglia). 1 - U avoids log(0); the outer r is kept on retry.
      for (;;) {
        const double xx = -z::kInvR * std::log1p(-random());
        const double yy = -std::log1p(-random());
        if (yy + yy > xx * xx) {
          return ((rabs >> 8) & 1u) ? -(z::kR + xx) : z::kR + xx;
        }
      }
    }
    // Wedge: subtract, multiply, add as separately rounded steps (no FMA), exp(-0.5*x*x).
    const double t = (z::fi[idx - 1] - z::fi[idx]) * random() + z::fi[idx];
    if (t < std::exp(-0.5 * x * x)) return x;
  }
}

double NumpyGenerator::normal(double loc, double scale) {
  return loc + scale * standard_normal();  // two roundings, like numpy's random_normal
}

std::vector<double> NumpyGenerator::normal(std::size_t n, double loc, double scale) {
  std::vector<double> out(n);
  for (double& v : out) v = normal(loc, scale);
  return out;
}

NumpyGenerator::U128 NumpyGenerator::state() const {
  return {static_cast<std::uint64_t>(state_ >> 64), static_cast<std::uint64_t>(state_)};
}

NumpyGenerator::U128 NumpyGenerator::increment() const {
  return {static_cast<std::uint64_t>(inc_ >> 64), static_cast<std::uint64_t>(inc_)};
}

}  // namespace aw::rng
