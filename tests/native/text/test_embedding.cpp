#include <doctest/doctest.h>

#include "core/rng/numpy_generator.hpp"
#include "core/text/embedding.hpp"

// numpy_notebook_projections keeps its last result: what it hands out again must be exactly
// what drawing afresh gives, and a change of any width or of the seed must draw again.
TEST_CASE("numpy_notebook_projections: a kept result equals a fresh draw, for every key") {
  const aw::Projections first = aw::numpy_notebook_projections(8, 4, 6, 1);
  // the same numbers as the generator gives directly: W_q first, row by row, N(0, 0.5)
  aw::rng::NumpyGenerator generator(1);
  for (long r = 0; r < 8; ++r) {
    for (long c = 0; c < 4; ++c) CHECK(first.W_q(r, c) == generator.normal(0.0, 0.5));
  }
  const aw::Projections other_seed = aw::numpy_notebook_projections(8, 4, 6, 2);
  CHECK(other_seed.W_q != first.W_q);
  const aw::Projections again = aw::numpy_notebook_projections(8, 4, 6, 1);
  CHECK(again.W_q == first.W_q);
  CHECK(again.W_k == first.W_k);
  CHECK(again.W_v == first.W_v);
  const aw::Projections twice = aw::numpy_notebook_projections(8, 4, 6, 1);  // from the kept one
  CHECK(twice.W_v == first.W_v);
  for (const auto& [d_model, d_k, d_v] : {std::tuple{8, 4, 5}, std::tuple{8, 5, 6}, std::tuple{9, 4, 6}}) {
    const aw::Projections p = aw::numpy_notebook_projections(d_model, d_k, d_v, 1);
    CHECK(p.W_q.rows() == d_model);
    CHECK(p.W_k.cols() == d_k);
    CHECK(p.W_v.cols() == d_v);
  }
}

TEST_CASE("torch_notebook_mha: the same table and module weights as torch_notebook_params, in float") {
  for (const int d : {4, 16, 33}) {
    INFO("d_model " << d);
    const std::vector<std::string> extra = {"noa", "cat"};
    const aw::TorchNotebookParams all = aw::torch_notebook_params(extra, d, d / 2 + 1, d, 7);
    const aw::TorchNotebookMha mha = aw::torch_notebook_mha(extra, d, d / 2 + 1, d, 7);
    CHECK(mha.table.words == all.table.words);
    CHECK(mha.table.added == all.table.added);
    CHECK(mha.table.vectors == all.table.vectors);
    // float → double → float is exact: the module's weights are the same bits
    CHECK(mha.in_proj_weight == all.mha_in_proj_weight.cast<float>());
    CHECK(mha.out_proj_weight == all.mha_out_proj_weight.cast<float>());
  }
}
