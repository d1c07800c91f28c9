#include "core/lessons/parameter_change.hpp"

namespace aw {

ParameterChanges parameter_changes(const std::vector<NamedMatrix>& now, const std::vector<NamedMatrix>& before) {
  if (now.size() != before.size()) {
    throw InputError("the two parameter sets differ in length (" + std::to_string(now.size()) + " and " +
                     std::to_string(before.size()) + ")");
  }
  ParameterChanges out;
  for (std::size_t p = 0; p < now.size(); ++p) {
    const NamedMatrix& a = now[p];
    const NamedMatrix& b = before[p];
    if (a.name != b.name || a.values.rows() != b.values.rows() || a.values.cols() != b.values.cols()) {
      throw InputError("parameter " + a.name + " does not match " + b.name + " in name or shape");
    }
    ParameterChange c;
    c.name = a.name;
    c.difference = a.values - b.values;
    c.count = a.values.size();
    c.changed = (a.values.array() != b.values.array()).count();
    c.max_abs = c.count ? c.difference.cwiseAbs().maxCoeff() : 0.0;
    out.changed += c.changed;
    out.count += c.count;
    out.parameters.push_back(std::move(c));
  }
  return out;
}

}  // namespace aw
