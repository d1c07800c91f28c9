// "Parallelisable does not mean dependency-free" (core/lessons/parallel_rows.hpp): each output row
// computed alone from X equals the full matrix computation to rounding (NumPy computes the same,
// tests/fixtures/numpy_class05_points.json), the chain of stages and what each reads, and a row's
// dependence on another token's input.
#include <doctest/doctest.h>

#include "core/lessons/parallel_rows.hpp"
#include "tests/native/golden.hpp"

TEST_CASE("parallel rows: each row alone equals Y = A V, against NumPy row by row") {
  const aw::WorkbenchOptions o;
  const aw::WorkbenchReport w = aw::run_workbench(o);
  const aw::ParallelRowsReport r = aw::parallel_rows(w, o, aw::FlowForm::Projected, 0);
  REQUIRE(r.rows.size() == 4);
  CHECK(r.max_difference <= 1e-15);
  const auto want = golden::load("numpy_class05_points")["rows_alone"];
  CHECK(want["max_difference"].get<double>() <= 1e-15);
  for (const auto& row : r.rows) {
    INFO("row " << row.row);
    CHECK_CLOSE("y alone", aw::MatD(row.y), want["Y_row_by_row"][static_cast<std::size_t>(row.row)], 1e-12);
    CHECK(row.identical == (row.max_difference == 0.0));
  }
  REQUIRE(r.stages.size() == 5);
  CHECK(r.stages[0].name == "query");
  CHECK(r.stages[0].numbers_read == 8 + 8 * 8);
  CHECK(r.stages[3].name == "weight row");
  CHECK(r.stages[3].numbers_read == 4);  // the whole score row
  CHECK(r.stages[4].numbers_read == 4 + 4 * 8);
  CHECK(r.other == 3);
  CHECK(r.other_input_effect > 1e-3);  // row 0 reads token 4's key and value
  CHECK(r.other_masked.empty());
}

TEST_CASE("parallel rows: both forms, masks and positions, every row alone to rounding") {
  for (const auto form : {aw::FlowForm::ParamFree, aw::FlowForm::Projected}) {
    for (const bool causal : {false, true}) {
      for (const int window : {-1, 1}) {
        INFO("form " << static_cast<int>(form) << " causal " << causal << " window " << window);
        aw::WorkbenchOptions o;
        o.sentence = "Noa can be annoying but she is a great cat";
        o.causal = causal;
        o.window = window;
        o.positional = true;
        const aw::WorkbenchReport w = aw::run_workbench(o);
        const aw::ParallelRowsReport r = aw::parallel_rows(w, o, form, 2);
        CHECK(r.rows.size() == 10);
        CHECK(r.max_difference <= 1e-12);
        CHECK(r.other == 9);
        if (causal || window == 1) {
          // the last token is hidden from token 3: its input cannot reach row 3
          CHECK_FALSE(r.other_masked.empty());
          CHECK(r.other_input_effect == 0.0);
        } else {
          CHECK(r.other_input_effect > 0);
        }
      }
    }
  }
}

TEST_CASE("parallel rows: one token, and a row that does not exist") {
  aw::WorkbenchOptions o;
  o.sentence = "bank";
  const aw::WorkbenchReport w = aw::run_workbench(o);
  const aw::ParallelRowsReport r = aw::parallel_rows(w, o, aw::FlowForm::Projected, 0);
  CHECK(r.other == -1);
  CHECK(r.rows.size() == 1);
  CHECK_THROWS_AS(aw::parallel_rows(w, o, aw::FlowForm::Projected, 1), aw::InputError);
  CHECK_THROWS_AS(aw::output_row_alone(w.X, w, aw::FlowForm::Projected, {}, 5), aw::InputError);
}
