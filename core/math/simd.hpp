// Four floats at a time, one source for three targets: wasm SIMD128 (the page's build, where
// Eigen 3.4 has no packet path and its products run one float at a time), SSE2 (native x86-64
// builds, so a native run times the same code) and plain C++ (the scalar wasm build the
// benchmark compares against). Only what the float kernels need: loads (also of floats stored
// at any byte offset, as in a word2vec file) and stores, +, ×, max,
// min, |x|, horizontal sums and maxima, and an exp for arguments ≤ 0; and for the int8 products
// (core/math/int8_matmul.hpp) eight int16 and four int32 lanes with the widening dot product
// dot_pairs, lane i = a[2i]·b[2i] + a[2i+1]·b[2i+1] in int32 (wasm i32x4.dot_i16x8_s, SSE2 pmaddwd),
// which gives the same integers on every target. And two doubles at a time (D2, at the end) for
// t-SNE's attractive forces.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define AW_SIMD_NAME "wasm simd128"
#elif defined(__SSE2__)
#include <emmintrin.h>
#define AW_SIMD_NAME "sse2"
#else
#define AW_SIMD_NAME "scalar"
#endif

namespace aw::simd {

#if defined(__wasm_simd128__)
struct F4 { v128_t v; };
inline F4 load(const float* p) { return {wasm_v128_load(p)}; }
inline F4 load_bytes(const char* p) { return {wasm_v128_load(p)}; }  // 16 bytes at any alignment
inline void store(float* p, F4 a) { wasm_v128_store(p, a.v); }
inline F4 splat(float x) { return {wasm_f32x4_splat(x)}; }
inline F4 add(F4 a, F4 b) { return {wasm_f32x4_add(a.v, b.v)}; }
inline F4 sub(F4 a, F4 b) { return {wasm_f32x4_sub(a.v, b.v)}; }
inline F4 mul(F4 a, F4 b) { return {wasm_f32x4_mul(a.v, b.v)}; }
inline F4 max(F4 a, F4 b) { return {wasm_f32x4_pmax(a.v, b.v)}; }
inline F4 min(F4 a, F4 b) { return {wasm_f32x4_pmin(a.v, b.v)}; }
inline F4 abs(F4 a) { return {wasm_f32x4_abs(a.v)}; }
inline float lane(F4 a, int i) {
  float out[4];
  wasm_v128_store(out, a.v);
  return out[i];
}
// 2^n for whole n in [-126, 127], built in the exponent bits
inline F4 round_to_int(F4 a) { return {wasm_f32x4_nearest(a.v)}; }
inline F4 pow2_of_int(F4 n) {
  const v128_t bits = wasm_i32x4_shl(wasm_i32x4_add(wasm_i32x4_trunc_sat_f32x4(n.v), wasm_i32x4_splat(127)), 23);
  return {bits};
}
inline F4 zero_where_below(F4 x, F4 limit, F4 value) { return {wasm_v128_and(value.v, wasm_f32x4_ge(x.v, limit.v))}; }
struct I16x8 { v128_t v; };
struct I32x4 { v128_t v; };
inline I16x8 load(const std::int16_t* p) { return {wasm_v128_load(p)}; }
inline void store(std::int16_t* p, I16x8 a) { wasm_v128_store(p, a.v); }
// Whole-valued lanes within int16's range, lo then hi, as eight int16.
inline I16x8 to_int16(F4 lo, F4 hi) {
  return {wasm_i16x8_narrow_i32x4(wasm_i32x4_trunc_sat_f32x4(lo.v), wasm_i32x4_trunc_sat_f32x4(hi.v))};
}
inline I16x8 splat_pair(const std::int16_t* p) {  // (p[0], p[1]) four times
  std::int32_t pair;
  std::memcpy(&pair, p, sizeof pair);
  return {wasm_i32x4_splat(pair)};
}
inline I32x4 zero_i32() { return {wasm_i32x4_splat(0)}; }
inline I32x4 add(I32x4 a, I32x4 b) { return {wasm_i32x4_add(a.v, b.v)}; }
inline I32x4 dot_pairs(I16x8 a, I16x8 b) { return {wasm_i32x4_dot_i16x8(a.v, b.v)}; }
inline F4 to_float(I32x4 a) { return {wasm_f32x4_convert_i32x4(a.v)}; }
inline void store(std::int32_t* p, I32x4 a) { wasm_v128_store(p, a.v); }
#elif defined(__SSE2__)
struct F4 { __m128 v; };
inline F4 load(const float* p) { return {_mm_loadu_ps(p)}; }
inline F4 load_bytes(const char* p) { return {_mm_castsi128_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)))}; }
inline void store(float* p, F4 a) { _mm_storeu_ps(p, a.v); }
inline F4 splat(float x) { return {_mm_set1_ps(x)}; }
inline F4 add(F4 a, F4 b) { return {_mm_add_ps(a.v, b.v)}; }
inline F4 sub(F4 a, F4 b) { return {_mm_sub_ps(a.v, b.v)}; }
inline F4 mul(F4 a, F4 b) { return {_mm_mul_ps(a.v, b.v)}; }
inline F4 max(F4 a, F4 b) { return {_mm_max_ps(a.v, b.v)}; }
inline F4 min(F4 a, F4 b) { return {_mm_min_ps(a.v, b.v)}; }
inline F4 abs(F4 a) { return {_mm_andnot_ps(_mm_set1_ps(-0.0f), a.v)}; }
inline float lane(F4 a, int i) {
  float out[4];
  _mm_storeu_ps(out, a.v);
  return out[i];
}
inline F4 round_to_int(F4 a) { return {_mm_cvtepi32_ps(_mm_cvtps_epi32(a.v))}; }  // nearest, ties to even
inline F4 pow2_of_int(F4 n) {
  return {_mm_castsi128_ps(_mm_slli_epi32(_mm_add_epi32(_mm_cvttps_epi32(n.v), _mm_set1_epi32(127)), 23))};
}
inline F4 zero_where_below(F4 x, F4 limit, F4 value) { return {_mm_and_ps(value.v, _mm_cmpge_ps(x.v, limit.v))}; }
struct I16x8 { __m128i v; };
struct I32x4 { __m128i v; };
inline I16x8 load(const std::int16_t* p) { return {_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))}; }
inline void store(std::int16_t* p, I16x8 a) { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), a.v); }
inline I16x8 to_int16(F4 lo, F4 hi) { return {_mm_packs_epi32(_mm_cvttps_epi32(lo.v), _mm_cvttps_epi32(hi.v))}; }
inline I16x8 splat_pair(const std::int16_t* p) {
  std::int32_t pair;
  std::memcpy(&pair, p, sizeof pair);
  return {_mm_set1_epi32(pair)};
}
inline I32x4 zero_i32() { return {_mm_setzero_si128()}; }
inline I32x4 add(I32x4 a, I32x4 b) { return {_mm_add_epi32(a.v, b.v)}; }
inline I32x4 dot_pairs(I16x8 a, I16x8 b) { return {_mm_madd_epi16(a.v, b.v)}; }
inline F4 to_float(I32x4 a) { return {_mm_cvtepi32_ps(a.v)}; }
inline void store(std::int32_t* p, I32x4 a) { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), a.v); }
#else
struct F4 { float v[4]; };
inline F4 load(const float* p) { F4 a; std::memcpy(a.v, p, sizeof a.v); return a; }
inline F4 load_bytes(const char* p) { F4 a; std::memcpy(a.v, p, sizeof a.v); return a; }
inline void store(float* p, F4 a) { std::memcpy(p, a.v, sizeof a.v); }
inline F4 splat(float x) { return {{x, x, x, x}}; }
#define AW_SIMD_LANES(expr) F4 r; for (int i = 0; i < 4; ++i) r.v[i] = (expr); return r
inline F4 add(F4 a, F4 b) { AW_SIMD_LANES(a.v[i] + b.v[i]); }
inline F4 sub(F4 a, F4 b) { AW_SIMD_LANES(a.v[i] - b.v[i]); }
inline F4 mul(F4 a, F4 b) { AW_SIMD_LANES(a.v[i] * b.v[i]); }
inline F4 max(F4 a, F4 b) { AW_SIMD_LANES(a.v[i] < b.v[i] ? b.v[i] : a.v[i]); }
inline F4 min(F4 a, F4 b) { AW_SIMD_LANES(b.v[i] < a.v[i] ? b.v[i] : a.v[i]); }
inline F4 abs(F4 a) { AW_SIMD_LANES(std::fabs(a.v[i])); }
inline F4 round_to_int(F4 a) { AW_SIMD_LANES(std::nearbyint(a.v[i])); }
inline F4 pow2_of_int(F4 n) {
  F4 r;
  for (int i = 0; i < 4; ++i) {
    const std::uint32_t bits = static_cast<std::uint32_t>(static_cast<std::int32_t>(n.v[i]) + 127) << 23;
    std::memcpy(&r.v[i], &bits, sizeof bits);
  }
  return r;
}
inline F4 zero_where_below(F4 x, F4 limit, F4 value) { AW_SIMD_LANES(x.v[i] >= limit.v[i] ? value.v[i] : 0.0f); }
#undef AW_SIMD_LANES
struct I16x8 { std::int16_t v[8]; };
struct I32x4 { std::int32_t v[4]; };
inline I16x8 load(const std::int16_t* p) { I16x8 a; std::memcpy(a.v, p, sizeof a.v); return a; }
inline void store(std::int16_t* p, I16x8 a) { std::memcpy(p, a.v, sizeof a.v); }
inline I16x8 to_int16(F4 lo, F4 hi) {
  I16x8 r;
  for (int i = 0; i < 4; ++i) {
    r.v[i] = static_cast<std::int16_t>(lo.v[i]);
    r.v[4 + i] = static_cast<std::int16_t>(hi.v[i]);
  }
  return r;
}
inline I16x8 splat_pair(const std::int16_t* p) { return {{p[0], p[1], p[0], p[1], p[0], p[1], p[0], p[1]}}; }
inline I32x4 zero_i32() { return {{0, 0, 0, 0}}; }
inline I32x4 add(I32x4 a, I32x4 b) {  // wraps like the SIMD targets (unsigned arithmetic has no overflow UB)
  I32x4 r;
  for (int i = 0; i < 4; ++i) r.v[i] = static_cast<std::int32_t>(static_cast<std::uint32_t>(a.v[i]) + static_cast<std::uint32_t>(b.v[i]));
  return r;
}
inline I32x4 dot_pairs(I16x8 a, I16x8 b) {
  I32x4 r;
  for (int i = 0; i < 4; ++i) r.v[i] = a.v[2 * i] * b.v[2 * i] + a.v[2 * i + 1] * b.v[2 * i + 1];
  return r;
}
inline F4 to_float(I32x4 a) { return {{static_cast<float>(a.v[0]), static_cast<float>(a.v[1]), static_cast<float>(a.v[2]), static_cast<float>(a.v[3])}}; }
inline void store(std::int32_t* p, I32x4 a) { std::memcpy(p, a.v, sizeof a.v); }
inline float lane(F4 a, int i) { return a.v[i]; }
#endif

inline float sum(F4 a) { return (lane(a, 0) + lane(a, 1)) + (lane(a, 2) + lane(a, 3)); }
inline float max_lane(F4 a) {
  const float x = lane(a, 0) > lane(a, 1) ? lane(a, 0) : lane(a, 1);
  const float y = lane(a, 2) > lane(a, 3) ? lane(a, 2) : lane(a, 3);
  return x > y ? x : y;
}

// exp(x) for x ≤ 0, within 2 ulp of std::exp for x ≥ -87.3 and exactly 0 below (where the float
// result would be subnormal or 0: a softmax weight that small is 0 to every digit the page shows).
// Range reduction x = n·ln2 + r with |r| ≤ ln2/2 (ln2 split in two so n·ln2 is exact enough),
// then a degree-6 polynomial for e^r (Cephes' expf coefficients) and 2^n from the exponent bits.
inline F4 exp_nonpositive(F4 x) {
  const F4 lowest = splat(-87.33654f);
  const F4 clamped = max(x, lowest);
  const F4 n = round_to_int(mul(clamped, splat(1.44269504088896341f)));
  F4 r = sub(clamped, mul(n, splat(0.693359375f)));
  r = sub(r, mul(n, splat(-2.12194440e-4f)));
  F4 p = splat(1.9875691500e-4f);
  p = add(mul(p, r), splat(1.3981999507e-3f));
  p = add(mul(p, r), splat(8.3334519073e-3f));
  p = add(mul(p, r), splat(4.1665795894e-2f));
  p = add(mul(p, r), splat(1.6666665459e-1f));
  p = add(mul(p, r), splat(5.0000001201e-1f));
  const F4 r2 = mul(r, r);
  const F4 er = add(add(mul(p, r2), r), splat(1.0f));
  return zero_where_below(x, lowest, mul(er, pow2_of_int(n)));
}

// Two doubles at a time, for t-SNE's attractive forces (core/space/tsne.cpp) and the trainer's
// products (core/math/row_product.hpp): each lane does
// the scalar code's IEEE operations (no fused multiply-add: -ffp-contract=off), so a sum kept in
// its own lane, in the scalar order, is the same to the bit on every target.
#if defined(__wasm_simd128__)
struct D2 { v128_t v; };
inline D2 make2(double lane0, double lane1) { return {wasm_f64x2_make(lane0, lane1)}; }
inline D2 splat2(double x) { return {wasm_f64x2_splat(x)}; }
inline D2 add(D2 a, D2 b) { return {wasm_f64x2_add(a.v, b.v)}; }
inline D2 sub(D2 a, D2 b) { return {wasm_f64x2_sub(a.v, b.v)}; }
inline D2 mul(D2 a, D2 b) { return {wasm_f64x2_mul(a.v, b.v)}; }
inline D2 div(D2 a, D2 b) { return {wasm_f64x2_div(a.v, b.v)}; }
inline double lane0(D2 a) { return wasm_f64x2_extract_lane(a.v, 0); }
inline double lane1(D2 a) { return wasm_f64x2_extract_lane(a.v, 1); }
inline D2 load2(const double* p) { return {wasm_v128_load(p)}; }  // any alignment
inline void store2(double* p, D2 a) { wasm_v128_store(p, a.v); }
#elif defined(__SSE2__)
struct D2 { __m128d v; };
inline D2 make2(double lane0, double lane1) { return {_mm_set_pd(lane1, lane0)}; }
inline D2 splat2(double x) { return {_mm_set1_pd(x)}; }
inline D2 add(D2 a, D2 b) { return {_mm_add_pd(a.v, b.v)}; }
inline D2 sub(D2 a, D2 b) { return {_mm_sub_pd(a.v, b.v)}; }
inline D2 mul(D2 a, D2 b) { return {_mm_mul_pd(a.v, b.v)}; }
inline D2 div(D2 a, D2 b) { return {_mm_div_pd(a.v, b.v)}; }
inline double lane0(D2 a) { return _mm_cvtsd_f64(a.v); }
inline double lane1(D2 a) { return _mm_cvtsd_f64(_mm_unpackhi_pd(a.v, a.v)); }
inline D2 load2(const double* p) { return {_mm_loadu_pd(p)}; }
inline void store2(double* p, D2 a) { _mm_storeu_pd(p, a.v); }
#else
struct D2 { double v[2]; };
inline D2 make2(double lane0, double lane1) { return {{lane0, lane1}}; }
inline D2 splat2(double x) { return {{x, x}}; }
inline D2 add(D2 a, D2 b) { return {{a.v[0] + b.v[0], a.v[1] + b.v[1]}}; }
inline D2 sub(D2 a, D2 b) { return {{a.v[0] - b.v[0], a.v[1] - b.v[1]}}; }
inline D2 mul(D2 a, D2 b) { return {{a.v[0] * b.v[0], a.v[1] * b.v[1]}}; }
inline D2 div(D2 a, D2 b) { return {{a.v[0] / b.v[0], a.v[1] / b.v[1]}}; }
inline double lane0(D2 a) { return a.v[0]; }
inline double lane1(D2 a) { return a.v[1]; }
inline D2 load2(const double* p) { return {{p[0], p[1]}}; }
inline void store2(double* p, D2 a) { p[0] = a.v[0], p[1] = a.v[1]; }
#endif

}  // namespace aw::simd
