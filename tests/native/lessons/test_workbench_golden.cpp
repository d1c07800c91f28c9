// The core against real NumPy (within 1e-12) and real PyTorch (within 1e-6).
#include "tests/native/golden.hpp"

#include "core/lessons/bank_experiment.hpp"

namespace {

aw::WorkbenchOptions options_from(const nlohmann::json& config) {
  aw::WorkbenchOptions o;
  o.sentence = config["sentence1"].get<std::string>();
  o.source = config["source"] == "torch" ? aw::Source::TorchNotebook : aw::Source::NumpyNotebook;
  o.d_model = config["d_model"];
  o.d_k = config["d_k"];
  o.d_v = config["d_v"];
  if (o.source == aw::Source::TorchNotebook) {
    o.embed_seed = config["seed"];
  } else {
    o.embed_seed = config["embed_seed"];
    o.proj_seed = config["proj_seed"];
  }
  o.scale = config["scale"];
  o.causal = config["causal"];
  return o;
}

void check_sentence(const aw::WorkbenchReport& r, const nlohmann::json& s, double tol,
                    bool has_param_free) {
  const auto& p = r.projected;
  CHECK_CLOSE("X", r.X, s["X"], tol);
  CHECK_CLOSE("Q", p.Q, s["Q"], tol);
  CHECK_CLOSE("K", p.K, s["K"], tol);
  CHECK_CLOSE("V", p.V, s["V"], tol);
  CHECK_CLOSE("raw_scores", p.raw_scores, s["raw_scores"], tol);
  CHECK_CLOSE("scores", p.scores, s["scores"], tol);
  CHECK_CLOSE("attn_weights", p.attn_weights, s["attn_weights"], tol);
  CHECK_CLOSE("row_sums", aw::MatD(r.row_sums.transpose()), s["row_sums"], tol);
  CHECK_CLOSE("Y", p.Y, s["Y"], tol);
  if (s.contains("Y_literal")) {
    CHECK_CLOSE("Y_literal", p.Y_literal, s["Y_literal"], tol);
    CHECK_CLOSE("y1_manual", aw::MatD(r.y1_manual), s["y1_manual"], tol);
    CHECK(r.y1_allclose == s["allclose_Y_literal0_y1_manual"].get<bool>());
  }
  if (has_param_free) {
    CHECK_CLOSE("param_free.S", r.param_free.scores, s["param_free"]["S"], tol);
    CHECK_CLOSE("param_free.A", r.param_free.attn_weights, s["param_free"]["A"], tol);
    CHECK_CLOSE("param_free.Y", r.param_free.Y, s["param_free"]["Y"], tol);
  }
}

const aw::NamedCosine& cosine_named(const aw::BankExperimentReport& r, const std::string& name) {
  for (const auto& c : r.cosines) {
    if (c.name == name) return c;
  }
  FAIL("no cosine named " << name);
  throw std::logic_error("unreachable");
}

void check_numpy_case(const std::string& name) {
  const nlohmann::json g = golden::load(name);
  aw::BankExperimentOptions options;
  options.base = options_from(g["config"]);
  options.second_sentence = g["config"]["sentence2"];
  const aw::BankExperimentReport r = aw::run_bank_experiment(options);
  constexpr double tol = 1e-12;

  // The embedding table, word by word, and the projections.
  for (const auto& item : g["embedding_table"]["vectors"].items()) {
    // named copies, not structured bindings: doctest's macros capture them in lambdas (C++20 for bindings)
    const std::string word = item.key();
    const auto& vector = item.value();
    const long i = r.second.table.index_of(word);
    REQUIRE_MESSAGE(i >= 0, "table lacks " << word);
    CHECK_CLOSE(word, aw::MatD(r.second.table.vectors.row(i)), vector, 0.0);  // bit-exact
  }
  CHECK(r.second.table.added == g["embedding_table"]["added"].get<std::vector<std::string>>());
  CHECK_CLOSE("W_q", r.first.W_q, g["W_q"], 0.0);
  CHECK_CLOSE("W_k", r.first.W_k, g["W_k"], 0.0);
  CHECK_CLOSE("W_v", r.first.W_v, g["W_v"], 0.0);
  check_sentence(r.first, g["sentence1"], tol, true);
  check_sentence(r.second, g["sentence2"], tol, true);

  const auto& cos = g["cosines"];
  const auto expect = [&](const char* ours, const char* theirs) {
    const aw::NamedCosine& c = cosine_named(r, ours);
    if (cos.contains(theirs)) {
      REQUIRE_MESSAGE(c.value.has_value(), ours << ": " << c.why_undefined);
      CHECK_MESSAGE(std::abs(*c.value - cos[theirs].get<double>()) <= tol, ours);
    } else {
      CHECK_MESSAGE(!c.value.has_value(), ours << " should be undefined");
    }
  };
  expect("raw_target_vs_raw_river", "raw_bank_vs_raw_river");
  expect("contextual_target_vs_raw_river", "contextual_bank_vs_raw_river");
  expect("raw_target_across_sentences", "raw_bank_across_sentences");
  expect("contextual_target_across_sentences", "contextual_bank_across_sentences");
  expect("contextual_target_vs_raw_money", "river_sentence_contextual_bank_vs_raw_money");
}

void check_torch_case(const std::string& name) {
  const nlohmann::json g = golden::load(name);
  aw::BankExperimentOptions options;
  options.base = options_from(g["config"]);
  options.second_sentence = g["config"]["sentence2"];
  const aw::BankExperimentReport r = aw::run_bank_experiment(options);
  constexpr double tol = 1e-6;

  CHECK(r.second.table.words == g["vocab"].get<std::vector<std::string>>());
  CHECK_CLOSE("embedding.weight", r.second.table.vectors, g["params"]["embedding.weight"], 0.0);
  // nn.Linear keeps (out, in); the workbench shows the X W form, so compare the transpose.
  CHECK_CLOSE("W_q.weight", aw::MatD(r.first.W_q.transpose()), g["params"]["W_q.weight"], 0.0);
  CHECK_CLOSE("W_k.weight", aw::MatD(r.first.W_k.transpose()), g["params"]["W_k.weight"], 0.0);
  CHECK_CLOSE("W_v.weight", aw::MatD(r.first.W_v.transpose()), g["params"]["W_v.weight"], 0.0);
  check_sentence(r.first, g["sentence1"], tol, false);
  check_sentence(r.second, g["sentence2"], tol, false);
  CHECK(r.raw_target_vectors_equal == g["cosines"]["raw_bank_equal"].get<bool>());
  const aw::NamedCosine& c = cosine_named(r, "contextual_target_across_sentences");
  REQUIRE(c.value.has_value());
  CHECK(std::abs(*c.value - g["cosines"]["contextual_bank_cosine_float64"].get<double>()) < 1e-6);
}

}  // namespace

TEST_CASE("golden: the NumPy notebook (seed 0/1, d_model 8) within 1e-12") {
  check_numpy_case("numpy_notebook");
}

TEST_CASE("golden: NumPy with seeds 3/4, d_model 16 and words outside the vocabulary") {
  check_numpy_case("numpy_seed3_d16");
}

TEST_CASE("golden: NumPy with d_k 4, d_v 6, no scaling, causal mask") {
  check_numpy_case("numpy_dk4_dv6_causal_noscale");
}

TEST_CASE("golden: softmax on huge, equal and tiny scores matches NumPy") {
  const nlohmann::json g = golden::load("numpy_extreme");
  const aw::MatD weights = aw::row_softmax(golden::matrix(g["scores"]));
  CHECK_CLOSE("attn_weights", weights, g["attn_weights"], 1e-15);
}

TEST_CASE("golden: the PyTorch notebook (manual_seed 0) within 1e-6") {
  check_torch_case("torch_notebook");
}

TEST_CASE("golden: PyTorch with manual_seed 5, d_model 16 and a word outside the vocabulary") {
  check_torch_case("torch_seed5_d16");
}

TEST_CASE("golden: the notebook's one-head nn.MultiheadAttention, output projection included") {
  const nlohmann::json g = golden::load("torch_notebook");
  aw::WorkbenchOptions o = options_from(g["config"]);
  const aw::WorkbenchReport r = aw::run_workbench(o);
  REQUIRE(r.has_mha);
  CHECK_CLOSE("mha.in_proj_weight", r.mha_in_proj_weight, g["params"]["mha.in_proj_weight"], 0.0);
  CHECK_CLOSE("mha.out_proj.weight", r.mha_out_proj_weight, g["params"]["mha.out_proj.weight"], 0.0);
  CHECK_CLOSE("Y_mha", r.mha.output, g["mha"]["Y_mha"], 1e-6);
  CHECK_CLOSE("attn_weights_mha", r.mha.mean_weights, g["mha"]["attn_weights_mha"], 1e-6);
}

TEST_CASE("golden: nn.MultiheadAttention with 2 and 4 heads, per-head weights") {
  const nlohmann::json g = golden::load("torch_mha_heads");
  const aw::MatF X = golden::matrix(g["X"]).cast<float>();
  for (const char* key : {"heads_2", "heads_4"}) {
    CAPTURE(key);
    const auto& h = g[key];
    const auto r = aw::multi_head_attention<float>(
        X, golden::matrix(h["in_proj_weight"]).cast<float>(),
        golden::matrix(h["out_proj.weight"]).cast<float>(), h["num_heads"].get<int>());
    CHECK_CLOSE("output", aw::MatD(r.output.cast<double>()), h["Y_mha"], 1e-6);
    CHECK_CLOSE("mean weights", aw::MatD(r.mean_weights.cast<double>()), h["attn_weights_mha"], 1e-6);
    for (std::size_t head = 0; head < r.head_weights.size(); ++head) {
      CHECK_CLOSE("head weights", aw::MatD(r.head_weights[head].cast<double>()),
                  h["attn_weights_per_head"][head], 1e-6);
    }
  }
}
