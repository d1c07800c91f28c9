// The parallel-heads sketch (core/lessons/heads_sketch.hpp) against the workbench.
#include <doctest/doctest.h>

#include <cmath>

#include "core/lessons/heads_sketch.hpp"

TEST_CASE("heads sketch: one head is the flow's projected attention, four heads are column slices") {
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
