// The typed-vector parser and the dot/cosine comparison of chapter 4
// (core/lessons/vector_compare.hpp): two texts as the learner types them ("1, -2.5, 3"), or
// two vectors of extreme values. Contract: aw::InputError, or a report that is finite and says
// true things: cosine in [-1, 1], angle in [0, 180], "zero" only for a zero vector, "unit" only
// for a vector of length 1 within the tolerance, the doubled-b cosine equal to the cosine.
#include "tests/fuzz/fuzz_support.hpp"
#include "core/lessons/vector_compare.hpp"

#include <optional>

namespace {

using Vec = aw::RowVec<double>;

bool is_zero(const Vec& v) { return v.cwiseAbs().maxCoeff() == 0; }

// The length in long double, scaled by the largest coordinate: exact enough to judge "unit".
long double true_norm(const Vec& v) {
  const long double scale = static_cast<long double>(v.cwiseAbs().maxCoeff());
  if (scale == 0) return 0;
  long double sum = 0;
  for (long i = 0; i < v.size(); ++i) {
    const long double x = static_cast<long double>(v[i]) / scale;
    sum += x * x;
  }
  return scale * std::sqrt(sum);
}

void check_report(const aw::VectorComparison& r) {
  const auto finite = [](std::optional<double> v) { return !v || std::isfinite(*v); };
  aw_fuzz::check(std::isfinite(r.dot) && std::isfinite(r.norm_a) && std::isfinite(r.norm_b) && std::isfinite(r.dot_with_2b),
                 "compare: dot, lengths or 2b dot not finite");
  aw_fuzz::check(finite(r.cosine) && finite(r.angle_degrees) && finite(r.cosine_with_2b), "compare: cosine or angle not finite");
  aw_fuzz::check((r.norm_a == 0) == is_zero(r.a) && (r.norm_b == 0) == is_zero(r.b), "compare: zero length for a non-zero vector");
  aw_fuzz::check(r.cosine.has_value() == (!is_zero(r.a) && !is_zero(r.b)), "compare: cosine missing for non-zero vectors");
  if (r.cosine) {
    aw_fuzz::check(*r.cosine >= -1 && *r.cosine <= 1, "compare: cosine outside [-1, 1]");
    aw_fuzz::check(*r.angle_degrees >= 0 && *r.angle_degrees <= 180, "compare: angle outside [0, 180]");
    aw_fuzz::check(r.cosine_with_2b && std::abs(*r.cosine_with_2b - *r.cosine) <= 1e-12, "compare: doubling b moved the cosine");
  }
  // "unit" must be true of the exact length (with the displayed tolerance, plus rounding).
  if (r.a_is_unit) aw_fuzz::check(std::abs(true_norm(r.a) - 1) <= aw::kUnitTolerance + 1e-15, "compare: a called unit but is not");
  if (r.b_is_unit) aw_fuzz::check(std::abs(true_norm(r.b) - 1) <= aw::kUnitTolerance + 1e-15, "compare: b called unit but is not");
  if (r.unit_a) aw_fuzz::check(r.unit_a->allFinite() && std::abs(r.unit_a->norm() - 1) <= 1e-9, "compare: unit_a not of length 1");
  if (r.unit_b) aw_fuzz::check(r.unit_b->allFinite() && std::abs(r.unit_b->norm() - 1) <= 1e-9, "compare: unit_b not of length 1");
}

// A parsed vector holds only finite numbers, at most kMaxVectorLength of them, at least one.
Vec parse_checked(const std::string& text, bool* ok) {
  Vec v;
  *ok = aw_fuzz::runs_or_refuses([&] { v = aw::parse_vector(text, "a"); });
  if (*ok) {
    aw_fuzz::check(v.size() >= 1 && v.size() <= aw::kMaxVectorLength && v.allFinite(), "parse_vector: bad vector accepted");
    aw_fuzz::check(text.find('\0') == std::string::npos, "parse_vector: accepted a NUL byte");
  }
  return v;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // First byte: the mode, even for typed, odd for doubles. Typed: the two texts follow, split
  // at the first '|' (which the parser refuses anyway), so a seed reads "t1, 2, 3|4, 5, 6".
  if (size < 1) return 0;
  Vec a, b;
  if (data[0] % 2 == 0) {  // 't' (typed) or any even byte
    const std::string texts(reinterpret_cast<const char*>(data) + 1, size - 1);
    const std::size_t bar = std::min(texts.find('|'), texts.size());
    bool ok_a = false, ok_b = false;
    a = parse_checked(texts.substr(0, bar), &ok_a);
    b = parse_checked(texts.substr(std::min(bar + 1, texts.size())), &ok_b);
    if (!ok_a || !ok_b) return 0;
  } else {  // any doubles, as the page's other callers may pass
    FuzzedDataProvider in(data + 1, size - 1);
    const long n = aw_fuzz::small_size(in, 5);
    a.resize(n);
    b.resize(in.ConsumeIntegralInRange<int>(0, 7) ? n : aw_fuzz::small_size(in, 5));
    for (long i = 0; i < a.size(); ++i) a[i] = aw_fuzz::extreme_double(in);
    for (long i = 0; i < b.size(); ++i) b[i] = aw_fuzz::extreme_double(in);
  }
  aw::VectorComparison r;
  if (!aw_fuzz::runs_or_refuses([&] { r = aw::compare_vectors(a, b); })) return 0;
  check_report(r);
  return 0;
}
