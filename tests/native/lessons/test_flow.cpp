// The whiteboard flow (core/lessons/flow.hpp), with its causal mask and local window.
// Positional encoding: math/test_positional.cpp; the observations: test_observations.cpp.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "core/lessons/flow.hpp"
#include "tests/native/golden.hpp"

namespace {

aw::FlowReport flow(aw::FlowForm form, long base, aw::WorkbenchOptions w = {}) {
  aw::FlowOptions o;
  o.workbench = w;
  o.form = form;
  o.base = base;
  return aw::run_flow(o);
}

}  // namespace

TEST_CASE("flow, parameter-free: partial sums end at row i of Y = A X, for every base token") {
  const aw::WorkbenchReport wb = aw::run_workbench({});
  for (long i = 0; i < 4; ++i) {
    const aw::FlowReport f = flow(aw::FlowForm::ParamFree, i);
    CHECK(f.base == i);
    REQUIRE(f.partial_sums.rows() == 4);
    CHECK((f.partial_sums.row(3) - f.y).cwiseAbs().maxCoeff() == 0.0);
    CHECK((f.y - wb.param_free.Y.row(i)).cwiseAbs().maxCoeff() < 1e-12);
    CHECK(f.max_deviation < 1e-12);
    CHECK(std::abs(f.weight_sum - 1.0) < 1e-12);
    CHECK(f.divisor == 1.0);
    // Scores are the row of S = X Xᵀ, weights the row of A.
    for (long j = 0; j < 4; ++j) {
      CHECK(f.raw_scores(j) == wb.param_free.scores(i, j));
      CHECK(f.weights(j) == wb.param_free.attn_weights(i, j));
      CHECK(f.weights(j) == f.exp_terms(j) / f.exp_sum);
      CHECK(std::abs(f.products.row(j).sum() - f.raw_scores(j)) < 1e-12);
      CHECK((f.scaled_values.row(j) - f.weights(j) * wb.X.row(j)).cwiseAbs().maxCoeff() == 0.0);
    }
    // The first partial sum is the first term alone; each next one adds one term.
    CHECK((f.partial_sums.row(0) - f.scaled_values.row(0)).cwiseAbs().maxCoeff() == 0.0);
    CHECK(f.row_max == f.raw_scores.maxCoeff());
  }
}

TEST_CASE("flow, parameter-free: raw scores symmetric, normalised coefficients not") {
  const aw::FlowReport f = flow(aw::FlowForm::ParamFree, 0);
  CHECK(f.score_asymmetry < 1e-12);
  CHECK(f.weight_asymmetry > 1e-3);
  for (long j = 0; j < 4; ++j) CHECK(std::abs(f.raw_scores(j) - f.raw_scores_column(j)) < 1e-12);
}

TEST_CASE("flow, projected: q_i = x_i W_q, scores ÷ √d_k, ends at row i of Y = A V") {
  const aw::WorkbenchReport wb = aw::run_workbench({});
  for (long i = 0; i < 4; ++i) {
    const aw::FlowReport f = flow(aw::FlowForm::Projected, i);
    CHECK((f.query - wb.X.row(i) * wb.W_q).cwiseAbs().maxCoeff() < 1e-12);
    CHECK((f.keys - wb.projected.K).cwiseAbs().maxCoeff() == 0.0);
    CHECK((f.values - wb.projected.V).cwiseAbs().maxCoeff() == 0.0);
    CHECK(std::abs(f.divisor - std::sqrt(8.0)) < 1e-15);
    for (long j = 0; j < 4; ++j) {
      CHECK(std::abs(f.scores(j) - f.raw_scores(j) / f.divisor) < 1e-12);
      CHECK(f.weights(j) == wb.projected.attn_weights(i, j));
    }
    CHECK((f.y - wb.projected.Y.row(i)).cwiseAbs().maxCoeff() < 1e-12);
    CHECK(std::abs(f.weights.sum() - 1.0) < 1e-12);
  }
  // Queries and keys are different projections: even the raw scores are not symmetric.
  CHECK(flow(aw::FlowForm::Projected, 0).score_asymmetry > 1e-3);
}

TEST_CASE("flow: scaling off, and the torch source, still end at Y's row") {
  aw::WorkbenchOptions w;
  w.scale = false;
  const aw::FlowReport f = flow(aw::FlowForm::Projected, 2, w);
  CHECK(f.divisor == 1.0);
  CHECK((f.y - aw::run_workbench(w).projected.Y.row(2)).cwiseAbs().maxCoeff() < 1e-12);
  w.source = aw::Source::TorchNotebook;
  const aw::FlowReport t = flow(aw::FlowForm::Projected, 1, w);
  CHECK((t.y - aw::run_workbench(w).projected.Y.row(1)).cwiseAbs().maxCoeff() < 1e-5);
  CHECK(t.max_deviation < 1e-12);
}

TEST_CASE("flow refuses a base token outside the sentence") {
  CHECK_THROWS_AS(flow(aw::FlowForm::ParamFree, 4), aw::InputError);
  CHECK_THROWS_AS(flow(aw::FlowForm::ParamFree, -1), aw::InputError);
}

TEST_CASE("causal mask in the flow: later keys get weight exactly 0 and say why") {
  aw::WorkbenchOptions w;
  w.causal = true;
  const aw::FlowReport f = flow(aw::FlowForm::ParamFree, 1, w);
  CHECK(f.masked[0].empty());
  CHECK(f.masked[2] == "causal");
  CHECK(f.weights(2) == 0.0);
  CHECK(f.weights(3) == 0.0);
  CHECK(f.exp_terms(3) == 0.0);
  CHECK(f.scores(3) == -std::numeric_limits<double>::infinity());
  CHECK(f.max_deviation < 1e-12);
}

TEST_CASE("local window: weights outside |i - j| <= r are exactly 0, matches NumPy") {
  const auto g = golden::load("numpy_positional");
  aw::WorkbenchOptions w;
  w.window = 1;
  const aw::WorkbenchReport r = aw::run_workbench(w);
  for (long i = 0; i < 4; ++i) {
    for (long j = 0; j < 4; ++j) {
      if (std::abs(i - j) > 1) {
        CHECK(r.param_free.attn_weights(i, j) == 0.0);
        CHECK(r.projected.attn_weights(i, j) == 0.0);
      } else {
        CHECK(r.param_free.attn_weights(i, j) > 0.0);
      }
    }
  }
  CHECK_CLOSE("A window 1", r.param_free.attn_weights, g["param_free_window1"]["A"], 1e-12);
  CHECK_CLOSE("Y window 1", r.param_free.Y, g["param_free_window1"]["Y"], 1e-12);
  const aw::FlowReport f = flow(aw::FlowForm::ParamFree, 0, w);
  CHECK(f.masked[2] == "window");
  CHECK(f.masked[1].empty());
  // Radius 0: every token sees only itself, so Y = X.
  w.window = 0;
  CHECK((aw::run_workbench(w).param_free.Y - r.X).cwiseAbs().maxCoeff() < 1e-15);
}

