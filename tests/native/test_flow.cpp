// The whiteboard flow (core/flow.hpp), positional encoding, the local window and the four
// observations (core/observations.hpp).
#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "core/flow.hpp"
#include "core/heads_sketch.hpp"
#include "core/observations.hpp"
#include "core/positional.hpp"
#include "golden.hpp"

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

TEST_CASE("local window: weights outside |i - j| <= r are exactly 0; matches NumPy") {
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

TEST_CASE("sinusoidal positional encoding matches NumPy, including an odd width") {
  const auto g = golden::load("numpy_positional");
  CHECK_CLOSE("PE 4x8", aw::sinusoidal_positional_encoding(4, 8), g["pe_tables"]["4x8"], 1e-15);
  CHECK_CLOSE("PE 7x5", aw::sinusoidal_positional_encoding(7, 5), g["pe_tables"]["7x5"], 1e-15);
  CHECK_CLOSE("PE 64x16", aw::sinusoidal_positional_encoding(64, 16), g["pe_tables"]["64x16"], 1e-13);
  const aw::MatD pe = aw::sinusoidal_positional_encoding(3, 4);
  CHECK(pe(0, 0) == 0.0);  // sin 0
  CHECK(pe(0, 1) == 1.0);  // cos 0
  CHECK(std::abs(pe(1, 0) - std::sin(1.0)) < 1e-15);
  CHECK(std::abs(pe(1, 2) - std::sin(1.0 / 100.0)) < 1e-15);  // 10000^(2/4) = 100
}

TEST_CASE("the workbench with positional encoding: X = table rows + PE, attention as NumPy") {
  const auto g = golden::load("numpy_positional");
  aw::WorkbenchOptions w;
  w.positional = true;
  const aw::WorkbenchReport r = aw::run_workbench(w);
  CHECK_CLOSE("X_embed", r.X_embed, g["X"], 0.0);
  CHECK_CLOSE("PE", r.PE, g["PE"], 1e-15);
  CHECK_CLOSE("X + PE", r.X, g["X_plus_PE"], 1e-15);
  CHECK_CLOSE("S", r.param_free.scores, g["param_free_pe"]["S"], 1e-12);
  CHECK_CLOSE("A", r.param_free.attn_weights, g["param_free_pe"]["A"], 1e-12);
  CHECK_CLOSE("Y", r.param_free.Y, g["param_free_pe"]["Y"], 1e-12);
  CHECK_CLOSE("scores", r.projected.scores, g["projected_pe"]["scores"], 1e-12);
  CHECK_CLOSE("attn_weights", r.projected.attn_weights, g["projected_pe"]["A"], 1e-12);
  CHECK_CLOSE("Y (projected)", r.projected.Y, g["projected_pe"]["Y"], 1e-12);
  // Off by default: X is the table rows exactly and PE is empty.
  const aw::WorkbenchReport plain = aw::run_workbench({});
  CHECK(plain.PE.size() == 0);
  CHECK((plain.X - plain.X_embed).cwiseAbs().maxCoeff() == 0.0);
}

TEST_CASE("observation (a): shuffling permutes the outputs, until PE is on (NumPy reference)") {
  const auto g = golden::load("numpy_positional");
  const std::vector<long> perm = {2, 0, 3, 1};
  const aw::ShuffleReport off = aw::shuffle_experiment({}, aw::FlowForm::ParamFree, perm, 0);
  CHECK(off.permutation == perm);
  CHECK(off.shuffled_tokens[0].text == "the");
  CHECK(off.max_deviation < 1e-12);
  CHECK(off.equivariant);
  CHECK(std::abs(off.max_deviation_with_pe - g["shuffle"]["max_deviation_with_pe"].get<double>()) < 1e-12);
  aw::WorkbenchOptions w;
  w.positional = true;
  const aw::ShuffleReport on = aw::shuffle_experiment(w, aw::FlowForm::ParamFree, perm, 0);
  CHECK(on.max_deviation > 0.1);
  CHECK(!on.equivariant);
  CHECK(on.max_deviation == on.max_deviation_with_pe);
  CHECK(on.max_deviation_without_pe < 1e-12);
  // The projected form too, and the causal mask also breaks it.
  CHECK(aw::shuffle_experiment({}, aw::FlowForm::Projected, perm, 0).equivariant);
  w.positional = false;
  w.causal = true;
  CHECK(!aw::shuffle_experiment(w, aw::FlowForm::Projected, perm, 0).equivariant);
}

TEST_CASE("observation (a): seeded shuffles are permutations and never the identity") {
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    for (long n : {2L, 3L, 7L}) {
      std::vector<long> p = aw::seeded_permutation(n, seed);
      std::vector<long> sorted = p;
      std::sort(sorted.begin(), sorted.end());
      for (long k = 0; k < n; ++k) CHECK(sorted[static_cast<std::size_t>(k)] == k);
      bool identity = true;
      for (long k = 0; k < n; ++k) identity = identity && p[static_cast<std::size_t>(k)] == k;
      CHECK(!identity);
    }
  }
  CHECK(aw::seeded_permutation(5, 7) == aw::seeded_permutation(5, 7));
  CHECK_THROWS_AS(aw::shuffle_experiment({}, aw::FlowForm::ParamFree, {0, 1, 1, 2}, 0), aw::InputError);
}

TEST_CASE("observation (b): the score between two tokens ignores their distance, until PE or a mask") {
  const aw::DistanceReport free = aw::distance_experiment({}, aw::FlowForm::ParamFree, 0, 3);
  REQUIRE(free.points.size() == 4);
  CHECK(free.distance_free);
  CHECK(free.raw_score_spread < 1e-12);
  CHECK(free.points[0].distance == -1);  // river moved in front of bank
  CHECK(free.points[3].distance == 3);
  CHECK(aw::distance_experiment({}, aw::FlowForm::Projected, 0, 3).distance_free);
  aw::WorkbenchOptions w;
  w.positional = true;
  const aw::DistanceReport pe = aw::distance_experiment(w, aw::FlowForm::ParamFree, 0, 3);
  CHECK(!pe.distance_free);
  CHECK(pe.raw_score_spread > 0.01);
  w.positional = false;
  w.window = 1;
  const aw::DistanceReport win = aw::distance_experiment(w, aw::FlowForm::ParamFree, 0, 3);
  CHECK(!win.distance_free);
  CHECK(win.raw_score_spread < 1e-12);  // the score is unchanged; the mask hides it
  CHECK(win.masked_count == 2);
  CHECK(win.points[3].weight == 0.0);
  w.window = -1;
  w.causal = true;
  const aw::DistanceReport causal = aw::distance_experiment(w, aw::FlowForm::Projected, 1, 2);
  CHECK(!causal.distance_free);
  CHECK(causal.masked_count > 0);
  CHECK_THROWS_AS(aw::distance_experiment({}, aw::FlowForm::ParamFree, 1, 1), aw::InputError);
}

TEST_CASE("observation (c): every length works with the same parameters") {
  aw::WorkbenchOptions w;
  w.sentence = "Noa can be annoying, but she is a great cat";
  const aw::LengthReport r = aw::length_experiment(w, aw::FlowForm::Projected);
  REQUIRE(r.points.size() == 10);
  for (const auto& p : r.points) {
    CHECK(p.scores.rows == p.tokens);
    CHECK(p.scores.cols == p.tokens);
    CHECK(p.Y.rows == p.tokens);
    CHECK(p.Y.cols == 8);
    CHECK(p.max_row_sum_error < 1e-12);
  }
  CHECK(r.parameter_count == 3 * 64);
  CHECK(aw::length_experiment(w, aw::FlowForm::ParamFree).parameter_count == 0);
}

TEST_CASE("observation (d): which matrices are parameters, and none was trained") {
  const aw::TrainingReport pf = aw::training_report({}, aw::FlowForm::ParamFree);
  CHECK(pf.parameter_count == 0);
  CHECK(pf.trained_count == 0);
  CHECK(pf.gradient_steps == 0);
  const aw::TrainingReport qkv = aw::training_report({}, aw::FlowForm::Projected);
  CHECK(qkv.parameter_count == 3 * 64);
  long parameters = 0;
  for (const auto& m : qkv.matrices) {
    CHECK(!m.trained);
    if (m.is_parameter) {
      ++parameters;
      CHECK(m.name.rfind("W_", 0) == 0);
    }
    if (m.name == "A") CHECK(m.role == "computed");
  }
  CHECK(parameters == 3);
  aw::WorkbenchOptions torch;
  torch.source = aw::Source::TorchNotebook;
  torch.positional = true;
  const aw::TrainingReport t = aw::training_report(torch, aw::FlowForm::ParamFree);
  CHECK(t.parameter_count == 64);  // nn.Embedding(8, 8) is a parameter, untrained
  CHECK(t.matrices[2].name == "PE");
  CHECK(t.matrices[2].role == "fixed formula");
}

TEST_CASE("heads sketch: one head is the flow's projected attention; four heads are column slices") {
  const aw::WorkbenchReport wb = aw::run_workbench({});
  const aw::HeadsSketch one = aw::heads_sketch({}, 1, 0);
  CHECK((one.concat - wb.projected.Y).cwiseAbs().maxCoeff() < 1e-12);
  const aw::HeadsSketch four = aw::heads_sketch({}, 4, 2);
  CHECK(four.head_dim == 2);
  CHECK(std::abs(four.divisor - std::sqrt(2.0)) < 1e-15);
  REQUIRE(four.base_weights.size() == 4);
  for (int h = 0; h < 4; ++h) {
    // head h: softmax of (Q[:, 2h:2h+2] K[:, 2h:2h+2]ᵀ) / √2, then times V[:, 2h:2h+2]
    const aw::MatD q = wb.projected.Q.middleCols(2 * h, 2), k = wb.projected.K.middleCols(2 * h, 2);
    const aw::MatD A = aw::row_softmax(aw::MatD(q * k.transpose() / std::sqrt(2.0)));
    CHECK((four.head_weights[static_cast<std::size_t>(h)] - A).cwiseAbs().maxCoeff() < 1e-12);
    CHECK(std::abs(four.base_weights[static_cast<std::size_t>(h)].sum() - 1.0) < 1e-12);
    const aw::RowVec<double> out = A.row(2) * wb.projected.V.middleCols(2 * h, 2);
    CHECK((four.base_outputs[static_cast<std::size_t>(h)] - out).cwiseAbs().maxCoeff() < 1e-12);
    CHECK((four.concat_base.segment(2 * h, 2) - out).cwiseAbs().maxCoeff() < 1e-12);
  }
  CHECK_THROWS_AS(aw::heads_sketch({}, 3, 0), aw::InputError);
  aw::WorkbenchOptions narrow;
  narrow.d_k = 4;
  CHECK_THROWS_AS(aw::heads_sketch(narrow, 2, 0), aw::InputError);
}
