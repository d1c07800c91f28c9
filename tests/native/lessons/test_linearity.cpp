// "A layer is not its activation" (core/lessons/linearity.hpp): the projections are linear to
// rounding, the block is not, and the block's numbers match real NumPy
// (tests/fixtures/numpy_class05_points.json, scripts/make_class05_points_golden.py).
#include <doctest/doctest.h>

#include "core/lessons/linearity.hpp"
#include "tests/native/golden.hpp"

namespace {

const aw::LinearityCheck& check_named(const aw::LinearityReport& r, const std::string& name) {
  for (const auto& c : r.checks) {
    if (c.name == name) return c;
  }
  FAIL("no check named " << name);
  return r.checks.front();
}

}  // namespace

TEST_CASE("linearity: the class example, projections linear to rounding, block not, against NumPy") {
  const aw::WorkbenchOptions o;  // "Bank of the river", the NumPy notebook
  const aw::WorkbenchReport w = aw::run_workbench(o);
  const aw::LinearityReport r = aw::linearity_report(w, o);
  REQUIRE(r.checks.size() == 7);
  CHECK(r.tokens == 4);
  CHECK(r.reversed_differs);
  for (const char* exact : {"projection_sum", "projection_double", "scores_double", "mix_sum"}) {
    INFO(exact);
    CHECK(check_named(r, exact).relative < 1e-14);
  }
  const auto points = golden::load("numpy_class05_points")["linearity"];
  for (const char* name : {"softmax_double", "output_double", "output_sum"}) {
    INFO(name);
    const auto& c = check_named(r, name);
    const double want = points[name]["max_difference"].get<double>();
    CHECK(c.max_difference == doctest::Approx(want).epsilon(1e-12));
    CHECK(c.relative == doctest::Approx(want / points[name]["largest"].get<double>()).epsilon(1e-12));
    CHECK(c.relative > 0.1);  // far from rounding: not linear
  }
  CHECK(r.weights_row_sum_double < 1e-15);  // A(2X) still sums to 1 per row, so it cannot be 2 A(X)
}

TEST_CASE("linearity: every source, scale, mask and positional setting keeps the projections linear") {
  for (const auto source : {aw::Source::NumpyNotebook, aw::Source::TorchNotebook, aw::Source::OneHot}) {
    for (const bool causal : {false, true}) {
      for (const bool positional : {false, true}) {
        INFO("source " << static_cast<int>(source) << " causal " << causal << " PE " << positional);
        aw::WorkbenchOptions o;
        o.sentence = "Noa can be annoying but she is a great cat";
        o.source = source;
        o.causal = causal;
        o.positional = positional;
        o.scale = !causal;
        const aw::LinearityReport r = aw::linearity_report(aw::run_workbench(o), o);
        CHECK(check_named(r, "projection_sum").relative < 1e-13);
        CHECK(check_named(r, "projection_double").relative < 1e-13);
        CHECK(check_named(r, "scores_double").relative < 1e-13);
        CHECK(check_named(r, "mix_sum").relative < 1e-13);
        CHECK(check_named(r, "softmax_double").relative > 0.1);
      }
    }
  }
}

TEST_CASE("linearity: one token has nothing to reverse, and its softmax row is 1 whatever X is") {
  aw::WorkbenchOptions o;
  o.sentence = "bank";
  const aw::LinearityReport r = aw::linearity_report(aw::run_workbench(o), o);
  CHECK_FALSE(r.reversed_differs);
  // one weight, always 1: A(2X) = 1 and 2 A(X) = 2
  CHECK(check_named(r, "softmax_double").max_difference == 1.0);
  CHECK(check_named(r, "softmax_double").relative == doctest::Approx(0.5));
}
