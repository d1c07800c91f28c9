// PyTorch 1.13 CPU generator (at::mt19937) and the float fills of its AVX2 kernels, following
// docs/rng-spec.md part B. All tensor arithmetic is float; only the Python-side init bounds and
// torch's scalar (n < 16) normal path are double, as in torch.
#include "core/rng/torch_generator.hpp"

#include <cmath>

#include "core/rng/cephes_float.hpp"

namespace aw::rng {
namespace {

constexpr int kStateN = 624;
constexpr int kStateM = 397;
constexpr std::uint32_t kMatrixA = 0x9908B0DFu;
constexpr std::uint32_t kUpperMask = 0x80000000u;
constexpr std::uint32_t kLowerMask = 0x7FFFFFFFu;

// at::uniform_real_distribution<float>: 24 random bits scaled by 2^-24 (exact), in [0, 1).
float uniform01_from(std::uint32_t out) {
  return static_cast<float>(out & 0xFFFFFFu) * 0x1.0p-24f;
}

// normal_fill_16_AVX2 on data[0..15]: lanes j and j+8 form one Box-Muller pair.
void normal_fill_16(float* data, float mean, float std) {
  for (int j = 0; j < 8; ++j) {
    const float u1 = 1.0f - data[j];  // (0, 1] for the log; exact
    const float u2 = data[j + 8];
    const float radius = std::sqrt(-2.0f * cephes::log_ps(u1));  // sqrtf: correctly rounded
    const float theta = cephes::kTwoPi * u2;  // one float multiply
    const cephes::SinCos sc = cephes::sincos_ps(theta);
    // _mm256_fmadd_ps(radius*trig, std, mean): the product is rounded, the add is fused.
    data[j] = std::fma(radius * sc.cos, std, mean);
    data[j + 8] = std::fma(radius * sc.sin, std, mean);
  }
}

}  // namespace

TorchGenerator::TorchGenerator(std::uint64_t seed) {
  // at::mt19937::init_with_uint32: only the low 32 bits seed the engine.
  mt_[0] = static_cast<std::uint32_t>(seed);
  for (int i = 1; i < kStateN; ++i) {
    mt_[i] = 1812433253u * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + static_cast<std::uint32_t>(i);
  }
  // left = 1 makes the first draw twist the whole state, as in torch.
  left_ = 1;
  next_ = 0;
}

void TorchGenerator::twist() {
  for (int i = 0; i < kStateN; ++i) {
    const std::uint32_t y = (mt_[i] & kUpperMask) | (mt_[(i + 1) % kStateN] & kLowerMask);
    mt_[i] = mt_[(i + kStateM) % kStateN] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
  }
  left_ = kStateN;
  next_ = 0;
}

std::uint32_t TorchGenerator::next_u32() {
  if (--left_ == 0) twist();
  std::uint32_t y = mt_[next_++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9D2C5680u;
  y ^= (y << 15) & 0xEFC60000u;
  y ^= y >> 18;
  return y;
}

std::uint64_t TorchGenerator::random64() {
  const std::uint64_t hi = next_u32();  // sequenced: the first output is the high word
  const std::uint64_t lo = next_u32();
  return (hi << 32) | lo;
}

void TorchGenerator::uniform_(float* data, std::size_t n, double from, double to) {
  // uniform_kernel rounds the bounds to float first, then does all math in float.
  const float lo = static_cast<float>(from);
  const float hi = static_cast<float>(to);
  const float range = hi - lo;
  for (std::size_t i = 0; i < n; ++i) {
    // GCC contracted x*(to-from)+from into one FMA in the AVX2 build (spec B2).
    data[i] = std::fma(uniform01_from(next_u32()), range, lo);
  }
}

double TorchGenerator::scalar_normal() {
  // at::normal_distribution<double>: Box-Muller in double; the sine half is cached.
  if (next_double_normal_) {
    const double cached = *next_double_normal_;
    next_double_normal_.reset();
    return cached;
  }
  const double u1 = static_cast<double>(random64() & ((1ULL << 53) - 1)) * 0x1.0p-53;
  const double u2 = static_cast<double>(random64() & ((1ULL << 53) - 1)) * 0x1.0p-53;
  const double r = std::sqrt(-2.0 * std::log(1.0 - u2));
  const double theta = 2.0 * 3.14159265358979323846 * u1;
  next_double_normal_ = r * std::sin(theta);
  return r * std::cos(theta);
}

void TorchGenerator::normal_(float* data, std::size_t n, double mean, double std) {
  if (n < 16) {
    // Scalar kernel: double normal, val*std + mean (fused in torch's AVX2 TU), then to float.
    for (std::size_t i = 0; i < n; ++i) {
      data[i] = static_cast<float>(std::fma(scalar_normal(), std, mean));
    }
    return;
  }
  const float mean_f = static_cast<float>(mean);
  const float std_f = static_cast<float>(std);
  uniform_(data, n, 0.0, 1.0);  // u*(1-0)+0 == u exactly
  for (std::size_t o = 0; o + 16 <= n; o += 16) normal_fill_16(data + o, mean_f, std_f);
  if (n % 16 != 0) {
    // Torch redraws the last 16 values and reruns one block over them (n + 16 outputs).
    float* tail = data + (n - 16);
    uniform_(tail, 16, 0.0, 1.0);
    normal_fill_16(tail, mean_f, std_f);
  }
}

double TorchGenerator::kaiming_uniform_bound(std::size_t fan_in) {
  // init.kaiming_uniform_(W, a=sqrt(5)) in Python doubles: a**2 == 5.000000000000001.
  const double a = std::sqrt(5.0);
  const double gain = std::sqrt(2.0 / (1.0 + a * a));
  const double std_dev = gain / std::sqrt(static_cast<double>(fan_in));
  return std::sqrt(3.0) * std_dev;
}

double TorchGenerator::xavier_uniform_bound(std::size_t fan_in, std::size_t fan_out) {
  const double gain = 1.0;
  const double std_dev = gain * std::sqrt(2.0 / static_cast<double>(fan_in + fan_out));
  return std::sqrt(3.0) * std_dev;
}

void TorchGenerator::kaiming_uniform_(float* weight, std::size_t rows, std::size_t cols) {
  const double bound = kaiming_uniform_bound(cols);  // fan_in = size(1)
  uniform_(weight, rows * cols, -bound, bound);
}

void TorchGenerator::xavier_uniform_(float* weight, std::size_t rows, std::size_t cols) {
  const double bound = xavier_uniform_bound(cols, rows);  // fan_in = size(1), fan_out = size(0)
  uniform_(weight, rows * cols, -bound, bound);
}

std::vector<float> TorchGenerator::normal(std::size_t n, double mean, double std) {
  std::vector<float> out(n);
  normal_(out.data(), n, mean, std);
  return out;
}

std::vector<float> TorchGenerator::kaiming_uniform(std::size_t rows, std::size_t cols) {
  std::vector<float> out(rows * cols);
  kaiming_uniform_(out.data(), rows, cols);
  return out;
}

std::vector<float> TorchGenerator::xavier_uniform(std::size_t rows, std::size_t cols) {
  std::vector<float> out(rows * cols);
  xavier_uniform_(out.data(), rows, cols);
  return out;
}

}  // namespace aw::rng
