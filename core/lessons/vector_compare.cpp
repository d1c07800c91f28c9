#include "core/lessons/vector_compare.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "core/math/similarity.hpp"

namespace aw {

VectorComparison compare_vectors(const RowVec<double>& a, const RowVec<double>& b) {
  if (a.size() == 0 || b.size() == 0) throw InputError("Both vectors need at least one number.");
  if (a.size() != b.size()) {
    throw InputError("The vectors have different numbers of coordinates (" + std::to_string(a.size()) + " and " +
                     std::to_string(b.size()) +
                     "): a dot product pairs coordinates one to one, so they must match.");
  }
  if (!a.allFinite() || !b.allFinite()) throw InputError("Every coordinate must be a finite number.");
  VectorComparison r;
  r.a = a;
  r.b = b;
  for (long i = 0; i < a.size(); ++i) r.products.push_back(a[i] * b[i]);
  r.dot = dot(a, b);
  r.norm_a = norm(a);
  r.norm_b = norm(b);
  if (!std::isfinite(r.dot) || !std::isfinite(r.norm_a) || !std::isfinite(r.norm_b)) {
    throw InputError("These numbers are too large: the dot product or a length overflows.");
  }
  r.a_is_unit = std::abs(r.norm_a - 1.0) <= kUnitTolerance;
  r.b_is_unit = std::abs(r.norm_b - 1.0) <= kUnitTolerance;
  if (r.norm_a > 0) r.unit_a = normalized(a);
  if (r.norm_b > 0) r.unit_b = normalized(b);
  const RowVec<double> b2 = 2.0 * b;
  if (!b2.allFinite() || !std::isfinite(a.dot(b2))) {
    throw InputError("These numbers are too large: doubling b, or its dot product with a, overflows.");
  }
  r.dot_with_2b = dot(a, b2);
  if (r.norm_a > 0 && r.norm_b > 0) {
    r.cosine = cosine(a, b);
    r.angle_degrees = angle_degrees(a, b);
    r.cosine_with_2b = cosine(a, b2);
    r.dot_equals_cosine = std::abs(r.dot - *r.cosine) <= kUnitTolerance;
  } else {
    r.why_undefined = "A zero vector has no direction, so the cosine (and the angle) is undefined.";
  }
  return r;
}

RowVec<double> parse_vector(const std::string& text, const std::string& name) {
  // c_str() would stop at a NUL and silently drop what follows it.
  if (text.find('\0') != std::string::npos) throw InputError(name + ": contains a NUL character; type numbers only.");
  std::vector<double> values;
  const char* p = text.c_str();
  while (*p) {
    if (*p == ',' || *p == ' ' || *p == '\t' || *p == '\n' || *p == ';') {
      ++p;
      continue;
    }
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(p, &end);
    if (end == p) {
      std::string bad;
      while (*p && *p != ',' && *p != ' ' && bad.size() < 12) bad += *p++;
      throw InputError(name + ": \"" + bad + "\" is not a number. Write numbers separated by commas, like 1, -2.5, 3.");
    }
    if (!std::isfinite(v) || errno == ERANGE) {
      throw InputError(name + ": every coordinate must be a finite number of ordinary size.");
    }
    if (*end && *end != ',' && *end != ' ' && *end != '\t' && *end != '\n' && *end != ';') {
      throw InputError(name + ": put a comma or a space between numbers.");
    }
    values.push_back(v);
    if (values.size() > static_cast<std::size_t>(kMaxVectorLength)) {
      throw InputError(name + ": at most " + std::to_string(kMaxVectorLength) + " coordinates here.");
    }
    p = end;
  }
  if (values.empty()) throw InputError(name + " is empty: type at least one number.");
  return Eigen::Map<const RowVec<double>>(values.data(), static_cast<long>(values.size()));
}

}  // namespace aw
