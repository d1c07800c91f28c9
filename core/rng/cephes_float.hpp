// One lane of avx_mathfun.h's log256_ps / sincos256_ps (Cephes single-precision polynomials),
// as PyTorch 1.13's AVX2 normal_ kernel evaluates them. Which multiply-adds are fused is what
// GCC 12 emitted for that kernel (docs/rng-spec.md B3); each fused pair is an explicit
// std::fma call, everything else must round on its own (build with -ffp-contract=off).
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>

namespace aw::rng::cephes {

// avx_mathfun.h writes these as double literals stored into float arrays, so each is the
// double literal rounded to float; copying that conversion avoids decimal->float double rounding.
inline constexpr float kSqrtHf = static_cast<float>(0.707106781186547524);
inline constexpr float kLogP0 = static_cast<float>(7.0376836292E-2);
inline constexpr float kLogP1 = static_cast<float>(-1.1514610310E-1);
inline constexpr float kLogP2 = static_cast<float>(1.1676998740E-1);
inline constexpr float kLogP3 = static_cast<float>(-1.2420140846E-1);
inline constexpr float kLogP4 = static_cast<float>(+1.4249322787E-1);
inline constexpr float kLogP5 = static_cast<float>(-1.6668057665E-1);
inline constexpr float kLogP6 = static_cast<float>(+2.0000714765E-1);
inline constexpr float kLogP7 = static_cast<float>(-2.4999993993E-1);
inline constexpr float kLogP8 = static_cast<float>(+3.3333331174E-1);
inline constexpr float kLogQ1 = static_cast<float>(-2.12194440e-4);
inline constexpr float kLogQ2 = static_cast<float>(0.693359375);
inline constexpr float kMinusDp1 = static_cast<float>(-0.78515625);
inline constexpr float kMinusDp2 = static_cast<float>(-2.4187564849853515625e-4);
inline constexpr float kMinusDp3 = static_cast<float>(-3.77489497744594108e-8);
inline constexpr float kSinP0 = static_cast<float>(-1.9515295891E-4);
inline constexpr float kSinP1 = static_cast<float>(8.3321608736E-3);
inline constexpr float kSinP2 = static_cast<float>(-1.6666654611E-1);
inline constexpr float kCosP0 = static_cast<float>(2.443315711809948E-005);
inline constexpr float kCosP1 = static_cast<float>(-1.388731625493765E-003);
inline constexpr float kCosP2 = static_cast<float>(4.166664568298827E-002);
inline constexpr float kFourOverPi = static_cast<float>(1.27323954473516);

// normal_fill_AVX2's two_pi: _mm256_set1_ps(2.0f * c10::pi<double>), i.e. 2*pi computed in
// double and then rounded to float (0x40c90fdb). Not a Cephes constant, kept here with them.
inline constexpr float kTwoPi = static_cast<float>(2.0f * 3.14159265358979323846);

inline std::uint32_t float_bits(float x) {
  std::uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

inline float bits_float(std::uint32_t u) {
  float x;
  std::memcpy(&x, &u, sizeof x);
  return x;
}

// log256_ps for one lane, x in (0, 1] (the kernel passes 1 - u, never 0, never denormal,
// so the FLT_MIN clamp and the NaN mask of the vector code are left out).
inline float log_ps(float x) {
  const std::uint32_t bits = float_bits(x);
  // Exponent as float, then +1 because the mantissa is rescaled into [0.5, 1).
  float e = static_cast<float>(static_cast<std::int32_t>(bits >> 23) - 0x7f);
  e = e + 1.0f;
  const float m = bits_float((bits & ~0x7f800000u) | float_bits(0.5f));
  // Vector code: tmp = m & mask; t = m - 1; e -= 1 & mask; t = t + tmp (adds +0 when unmasked).
  const bool below = m < kSqrtHf;
  e = e - (below ? 1.0f : 0.0f);
  const float t = (m - 1.0f) + (below ? m : 0.0f);
  const float z = t * t;
  // Horner in t, each step fused (GCC contracted mul+add into vfmadd).
  float y = std::fma(kLogP0, t, kLogP1);
  y = std::fma(y, t, kLogP2);
  y = std::fma(y, t, kLogP3);
  y = std::fma(y, t, kLogP4);
  y = std::fma(y, t, kLogP5);
  y = std::fma(y, t, kLogP6);
  y = std::fma(y, t, kLogP7);
  y = std::fma(y, t, kLogP8);
  y = y * t;                         // rounded on its own
  y = std::fma(y, z, e * kLogQ1);    // fused as y*z + (e*q1), e*q1 rounded first
  y = y - z * 0.5f;                  // z*0.5 is exact
  const float r = t + y;
  return std::fma(e, kLogQ2, r);     // e*q2 is exact, fused or not
}

struct SinCos {
  float sin;
  float cos;
};

// sincos256_ps for one lane.
inline SinCos sincos_ps(float x) {
  const bool x_negative = (float_bits(x) & 0x80000000u) != 0;
  x = std::fabs(x);
  // Octant j, rounded up to even, and its float copy y.
  float y = x * kFourOverPi;
  int j = static_cast<int>(y);  // truncation, like cvttps2dq (x is small here)
  j = (j + 1) & ~1;
  y = static_cast<float>(j);
  const bool swap_sin = (j & 4) != 0;
  const bool sin_poly_for_sin = (j & 2) == 0;
  const bool neg_cos = ((~(j - 2)) & 4) != 0;
  // Extended-precision range reduction x - y*pi/4 (y*DP1, y*DP2 are exact products).
  x = std::fma(y, kMinusDp1, x);
  x = std::fma(y, kMinusDp2, x);
  x = std::fma(y, kMinusDp3, x);
  const float z = x * x;
  // Cosine polynomial (|x| <= pi/4).
  float c = std::fma(kCosP0, z, kCosP1);
  c = std::fma(c, z, kCosP2);
  c = c * z;                           // rounded on its own
  c = std::fma(c, z, -(z * 0.5f));     // fused: y*z - z*0.5
  c = c + 1.0f;
  // Sine polynomial.
  float s = std::fma(kSinP0, z, kSinP1);
  s = std::fma(s, z, kSinP2);
  s = s * z;                           // rounded on its own
  s = std::fma(s, x, x);               // fused: y2*x + x
  // The vector code selects with and/andnot and then adds the other lane, which is +0:
  // "0 + v" reproduces its mapping of -0 to +0.
  float sin_v = sin_poly_for_sin ? 0.0f + s : c + 0.0f;
  float cos_v = sin_poly_for_sin ? c + 0.0f : 0.0f + s;
  // Signs are XORed in, which is exactly a negation.
  if (swap_sin != x_negative) sin_v = -sin_v;
  if (neg_cos) cos_v = -cos_v;
  return {sin_v, cos_v};
}

}  // namespace aw::rng::cephes
