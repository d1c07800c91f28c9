// dot, norm, cosine, normalized and angle (core/math/similarity.hpp) on vectors of extreme
// values: aw::InputError, or finite results within their ranges: cosine in [-1, 1], the angle
// in [0, 180], a unit vector of length 1, a length of 0 only for the zero vector, and the
// cosine of a vector with itself 1 (with its negation -1).
#include "tests/fuzz/fuzz_support.hpp"
#include "core/math/similarity.hpp"

namespace {

using Vec = aw::RowVec<double>;

Vec extreme_vector(FuzzedDataProvider& in, long n) {
  Vec v(n);
  for (long i = 0; i < n; ++i) v[i] = aw_fuzz::extreme_double(in);
  return v;
}

void check_one(const Vec& a) {
  double n = 0;
  if (!aw_fuzz::runs_or_refuses([&] { n = aw::norm(a); })) return;
  aw_fuzz::check(std::isfinite(n) && n >= 0, "norm: not finite or negative");
  const bool zero = a.size() == 0 || a.cwiseAbs().maxCoeff() == 0;  // maxCoeff needs an entry
  aw_fuzz::check((n == 0) == zero, "norm: zero for a non-zero vector, or not for zero");
  Vec u;
  if (aw_fuzz::runs_or_refuses([&] { u = aw::normalized(a); })) {
    aw_fuzz::check(u.allFinite() && std::abs(u.norm() - 1) <= 1e-9, "normalized: not of length 1");
  }
  double self = 0, opposite = 0;
  if (aw_fuzz::runs_or_refuses([&] { self = aw::cosine(a, a); })) {
    aw_fuzz::check(std::abs(self - 1) <= 1e-9, "cosine(a, a) is not 1");
  }
  if (aw_fuzz::runs_or_refuses([&] { opposite = aw::cosine(a, Vec(-a)); })) {
    aw_fuzz::check(std::abs(opposite + 1) <= 1e-9, "cosine(a, -a) is not -1");
  }
}

void check_pair(const Vec& a, const Vec& b) {
  double d = 0, c = 0, angle = 0;
  if (aw_fuzz::runs_or_refuses([&] { d = aw::dot(a, b); })) aw_fuzz::check(std::isfinite(d), "dot: not finite");
  if (aw_fuzz::runs_or_refuses([&] { c = aw::cosine(a, b); })) {
    aw_fuzz::check(std::isfinite(c) && c >= -1 && c <= 1, "cosine outside [-1, 1]");
  }
  if (aw_fuzz::runs_or_refuses([&] { angle = aw::angle_degrees(a, b); })) {
    aw_fuzz::check(std::isfinite(angle) && angle >= 0 && angle <= 180, "angle outside [0, 180]");
    // The angle and the cosine describe the same pair (both well-conditioned away from 0/180).
    aw_fuzz::check(std::abs(std::cos(angle * 3.14159265358979323846 / 180) - c) <= 1e-6,
                   "angle and cosine disagree");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const long n = aw_fuzz::small_size(in, 5);
  const bool same_length = in.ConsumeIntegralInRange<int>(0, 7) != 0;
  const Vec a = extreme_vector(in, n);
  const Vec b = extreme_vector(in, same_length ? n : aw_fuzz::small_size(in, 5));
  aw_fuzz::debug_print("a", a);
  aw_fuzz::debug_print("b", b);
  check_one(a);
  check_pair(a, b);
  return 0;
}
