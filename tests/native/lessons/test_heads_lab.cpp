// Chapter 8: nn.MultiheadAttention for every head count on a batch of two sentences, against
// real PyTorch (tests/fixtures/torch_mha_batch.json), and the one-head comparison.
#include <doctest/doctest.h>

#include "core/lessons/heads_lab.hpp"
#include "tests/native/golden.hpp"

namespace {

// Batch item b of a (B, ...) fixture tensor.
const nlohmann::json& item(const nlohmann::json& j, int b) { return j[static_cast<std::size_t>(b)]; }

}  // namespace

TEST_CASE("heads lab: every head count and both batch items equal PyTorch (1e-6)") {
  const nlohmann::json g = golden::load("torch_mha_batch");
  for (const auto& c : g["cases"]) {
    const auto& cfg = c["config"];
    for (int heads : cfg["heads"].get<std::vector<int>>()) {
      aw::HeadsLabOptions o;
      o.sentence1 = cfg["sentence1"].get<std::string>();
      o.sentence2 = cfg["sentence2"].get<std::string>();
      o.d_model = cfg["d_model"].get<int>();
      o.seed = cfg["seed"].get<std::uint64_t>();
      o.heads = heads;
      const aw::HeadsLabReport r = aw::run_heads_lab(o);
      CAPTURE(heads);
      CAPTURE(o.d_model);
      CHECK(nlohmann::json(r.vocab) == c["vocab"]);
      CHECK_CLOSE("in_proj_weight", r.in_proj_weight, c["params"]["mha.in_proj_weight"], 0.0);
      CHECK_CLOSE("out_proj.weight", r.out_proj_weight, c["params"]["mha.out_proj.weight"], 0.0);
      const auto& run = c["heads_" + std::to_string(heads)];
      REQUIRE(r.batchable);
      CHECK(r.batch_shapes[4].dims == run["shapes"]["scores"].get<std::vector<long>>());
      CHECK(r.batch_shapes[3].dims == run["shapes"]["k_transposed"].get<std::vector<long>>());
      for (int b = 0; b < 2; ++b) {
        const aw::SentenceHeads& s = r.sentences[b];
        CHECK_CLOSE("X", s.X, item(c["X_batch"], b), 0.0);
        CHECK_CLOSE("Y_mha", s.mha.output, item(run["Y_mha"], b), 1e-6);
        CHECK_CLOSE("attn_weights_mha", s.mha.mean_weights, item(run["attn_weights_mha"], b), 1e-6);
        CHECK_CLOSE("concat", s.mha.concat, item(run["concat"], b), 1e-6);
        for (int h = 0; h < heads; ++h) {
          CHECK_CLOSE("per-head weights", s.mha.head_weights[h], item(run["attn_weights_per_head"], b)[h], 1e-6);
        }
        CHECK_CLOSE("hand-written Y", s.hand_written.Y, c["hand_written"][b]["Y"], 1e-6);
      }
    }
  }
}

TEST_CASE("heads lab: one head differs from the hand-written block only through its parameters") {
  const aw::HeadsLabReport r = aw::run_heads_lab(aw::HeadsLabOptions{});
  const aw::SentenceHeads& s = r.sentences[0];
  CHECK(s.diff_hand_vs_one_head > 0.01);          // other weights and an output projection
  CHECK(s.diff_one_head_before_out_proj > 0.01);  // other weights even before W_o
  CHECK(s.diff_hand_vs_matched < 1e-12);          // same weights, W_o = I: the same numbers
}

TEST_CASE("heads lab: heads split d_model, parameters do not grow with the head count") {
  aw::HeadsLabOptions o;
  o.heads = 4;
  const aw::HeadsLabReport r = aw::run_heads_lab(o);
  CHECK(r.head_dim == 2);
  CHECK(r.feature_labels[3] == "h1·1");
  CHECK(r.divisors == std::vector<int>{1, 2, 4, 8});
  CHECK(r.sentences[0].head_slices.size() == 4);
  CHECK(r.sentences[0].head_slices[1].Q.cols() == 2);
  CHECK(r.params_in_proj == 192);
  o.heads = 1;
  CHECK(aw::run_heads_lab(o).params_in_proj == 192);
  CHECK(r.wrong_transpose.dims == std::vector<long>{8, 4, 2});
}

TEST_CASE("heads lab: impossible head counts, empty and unequal sentences") {
  aw::HeadsLabOptions o;
  o.heads = 3;
  CHECK_THROWS_WITH_AS(aw::run_heads_lab(o), doctest::Contains("must be one of 1, 2, 4, 8"), aw::InputError);
  o.heads = 0;
  CHECK_THROWS_AS(aw::run_heads_lab(o), aw::InputError);
  o.heads = 2;
  o.sentence2 = "...";
  CHECK_THROWS_WITH_AS(aw::run_heads_lab(o), doctest::Contains("Sentence 2 has no words"), aw::InputError);
  o.sentence2 = "money in the bank today";
  const aw::HeadsLabReport r = aw::run_heads_lab(o);
  CHECK_FALSE(r.batchable);
  CHECK(r.batch_shapes.empty());
  CHECK(r.notices.back().find("key_padding_mask") != std::string::npos);
  CHECK(r.sentences[1].mha.output.rows() == 5);
  o.d_model = 65;
  CHECK_THROWS_AS(aw::run_heads_lab(o), aw::InputError);
}
