// What training changed (issue 18, the training chapter): each parameter now against the same
// parameter at an earlier moment (step 0, or just before an evaluation). The difference matrix
// for the page's "change since step 0" heatmaps, how many numbers differ at all (an evaluation
// must change none), and how many numbers the parameters hold, the part of the model that
// persists from step to step.
#pragma once
#include <string>
#include <vector>

#include "core/math/matrix.hpp"

namespace aw {

struct NamedMatrix {
  std::string name;
  MatD values;
};

struct ParameterChange {
  std::string name;
  MatD difference;   // now - before
  long changed = 0;  // entries whose value differs (bit for bit; -0 and 0 count as equal)
  long count = 0;    // entries in the parameter
  double max_abs = 0;  // largest |difference|
};

struct ParameterChanges {
  std::vector<ParameterChange> parameters;  // in the order given
  long changed = 0;  // over every parameter
  long count = 0;    // every parameter number the model holds
};

// Pairs `now` with `before` by position; names and shapes must match.
ParameterChanges parameter_changes(const std::vector<NamedMatrix>& now, const std::vector<NamedMatrix>& before);

}  // namespace aw
