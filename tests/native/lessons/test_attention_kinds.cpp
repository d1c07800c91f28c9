// The kinds of attention of the qkv chapter (core/lessons/attention_kinds.hpp) against real NumPy
// (tests/fixtures/numpy_kinds.json) and real PyTorch (tests/fixtures/torch_kinds.json), both
// written by scripts/make_kinds_golden.py; and the messages for input the section refuses.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "core/lessons/attention_kinds.hpp"
#include "tests/native/golden.hpp"

namespace {

aw::AttentionKindsOptions options_for(const nlohmann::json& pair, aw::Source source) {
  aw::AttentionKindsOptions o;
  o.base.sentence = pair["sentence_a"].get<std::string>();
  o.base.source = source;
  o.second_sentence = pair["sentence_b"].get<std::string>();
  return o;
}

std::vector<double> numbers(const nlohmann::json& j) { return j.get<std::vector<double>>(); }

}  // namespace

TEST_CASE("kinds golden (NumPy): cross, padded batch, concatenation with and without the block mask, uniform, min-max, Q·K") {
  const auto g = golden::load("numpy_kinds");
  REQUIRE(g["pairs"].size() == 3);
  for (const auto& p : g["pairs"]) {
    INFO(p["sentence_a"].get<std::string>() << " | " << p["sentence_b"].get<std::string>());
    const auto r = aw::run_attention_kinds(options_for(p, aw::Source::NumpyNotebook));
    CHECK_FALSE(r.float32);
    const long na = static_cast<long>(p["keys_a"].size()), nb = static_cast<long>(p["keys_b"].size());
    REQUIRE(static_cast<long>(r.a.tokens.size()) == na);
    REQUIRE(static_cast<long>(r.b.tokens.size()) == nb);
    CHECK_CLOSE("X_a", r.a.X, p["X_a"], 0);
    CHECK_CLOSE("X_b", r.b.X, p["X_b"], 0);
    CHECK_CLOSE("W_q", r.a.W_q, p["W_q"], 0);

    // a. cross-attention
    CHECK(r.cross.scores.rows() == na);
    CHECK(r.cross.scores.cols() == nb);
    CHECK_CLOSE("cross Q", r.cross.Q, p["cross"]["Q"], 1e-14);
    CHECK_CLOSE("cross K", r.cross.K, p["cross"]["K"], 1e-14);
    CHECK_CLOSE("cross scores", r.cross.scores, p["cross"]["scores"], 1e-13);
    CHECK_CLOSE("cross A", r.cross.attn_weights, p["cross"]["attn_weights"], 1e-14);
    CHECK_CLOSE("cross Y", r.cross.Y, p["cross"]["Y"], 1e-13);

    // c. batch (2, n_max, n_max) and concatenation
    CHECK(r.batched.n_max == p["batch"]["n_max"].get<long>());
    for (std::size_t b = 0; b < 2; ++b) {
      CHECK_CLOSE("batch scores", r.batched.scores[b], p["batch"]["scores"][b], 1e-13);
      CHECK_CLOSE("batch A", r.batched.attn_weights[b], p["batch"]["attn_weights"][b], 1e-14);
      CHECK_CLOSE("batch Y", r.batched.Y[b], p["batch"]["Y"][b], 1e-13);
    }
    const auto& c = p["concat"];
    CHECK_CLOSE("concat scores", r.concat_scores, c["scores"], 1e-13);
    CHECK_CLOSE("concat A", r.concat_weights, c["attn_weights"], 1e-14);
    CHECK_CLOSE("concat Y", r.concat_Y, c["Y"], 1e-13);
    CHECK_CLOSE("masked scores", r.masked_scores, c["masked_scores"], 1e-13);
    CHECK_CLOSE("masked A", r.masked_weights, c["masked_attn_weights"], 1e-14);
    CHECK_CLOSE("masked Y", r.masked_Y, c["masked_Y"], 1e-13);
    const auto plain = numbers(c["cross_share_plain"]), masked = numbers(c["cross_share_masked"]);
    REQUIRE(r.cross_share_plain.size() == plain.size());
    for (std::size_t i = 0; i < plain.size(); ++i) {
      CHECK(std::abs(r.cross_share_plain[i] - plain[i]) < 1e-14);
      CHECK(r.cross_share_plain[i] > 0);  // without the mask every word reaches the other sentence
      CHECK(r.cross_share_masked[i] == 0.0);
      CHECK(masked[i] == 0.0);
    }
    CHECK(r.cross_share_masked_max == 0.0);
    for (double share : r.cross_share_plain) {
      CHECK(share >= r.cross_share_plain[static_cast<std::size_t>(r.cross_share_plain_min_row)]);
      CHECK(share <= r.cross_share_plain[static_cast<std::size_t>(r.cross_share_plain_max_row)]);
    }
    CHECK(r.masked_vs_batched_max_diff < 1e-14);
    CHECK(r.masked_weights_vs_batched_max_diff < 1e-15);
    CHECK(std::abs(r.plain_vs_batched_max_diff - c["plain_vs_batched_max_diff"].get<double>()) < 1e-13);
    CHECK(r.plain_vs_batched_max_diff > 1e-3);

    // d. uniform average
    CHECK_CLOSE("uniform Y", r.uniform.Y, p["uniform"]["Y"], 1e-15);
    CHECK_CLOSE("uniform sum", r.uniform.sum, p["uniform"]["sum"], 1e-14);
    CHECK(p["uniform"]["row_spread"].get<double>() == 0.0);
    CHECK(r.uniform_row_spread < 1e-15);  // the same row up to the order of the sums in the product
    CHECK(std::abs(r.attention_row_spread - p["uniform"]["attention_row_spread"].get<double>()) < 1e-13);

    // e. min–max
    const auto& mm = p["min_max"];
    CHECK_CLOSE("min-max", r.min_max.weights, mm["weights"], 1e-14);
    const auto sums = numbers(mm["row_sums"]);
    for (long i = 0; i < na; ++i) {
      CHECK(std::abs(r.min_max.row_sums(i) - sums[static_cast<std::size_t>(i)]) < 1e-13);
      CHECK(r.min_max.min_key[static_cast<std::size_t>(i)] == mm["min_key"][i].get<long>());
      CHECK(r.min_max.max_key[static_cast<std::size_t>(i)] == mm["max_key"][i].get<long>());
    }

    // f. Q·K without the transpose: refused with both shapes, unless n_A happens to equal d_k
    const auto& t = p["transpose"];
    if (t["numpy_error"].is_null()) {
      CHECK(r.untransposed_has_shape);
      CHECK(r.untransposed_error.empty());
      CHECK_CLOSE("Q·K", r.untransposed_product, t["product"], 1e-13);
    } else {
      CHECK_FALSE(r.untransposed_has_shape);
      const std::string shape = aw::shape_str(na, 8);
      CHECK(r.untransposed_error == "Q·K cannot be computed: Q is " + shape + " and K is " + shape +
                                        "; a matrix product needs the columns of Q (8) to equal the rows of K (" +
                                        std::to_string(na) + ").");
      // NumPy names the same two sizes
      CHECK(t["numpy_error"].get<std::string>().find("size " + std::to_string(na) + " is different from 8") != std::string::npos);
    }
  }
}

TEST_CASE("kinds golden (PyTorch): nn.MultiheadAttention(X_A, X_A, X_A) and (X_A, X_B, X_B), 1 and 2 heads, cross in float32") {
  const auto g = golden::load("torch_kinds");
  REQUIRE(g["pairs"].size() == 3);
  for (const auto& p : g["pairs"]) {
    INFO(p["sentence_a"].get<std::string>() << " | " << p["sentence_b"].get<std::string>());
    for (const aw::Source source : {aw::Source::TorchNotebook, aw::Source::NumpyNotebook}) {
      for (const char* heads : {"heads1", "heads2"}) {
        auto o = options_for(p, source);
        o.base.mha_heads = p[heads]["num_heads"].get<int>();
        const auto r = aw::run_attention_kinds(o);
        // PyTorch mode hands the module the page's rows; NumPy mode the PyTorch notebook's own
        CHECK(r.mha_uses_page_vectors == (source == aw::Source::TorchNotebook));
        CHECK_CLOSE("mha X_a", r.mha_X_a, p["X_a"], 0);
        CHECK_CLOSE("mha X_b", r.mha_X_b, p["X_b"], 0);
        const auto& h = p[heads];
        CHECK_CLOSE("self weights", r.mha_self.mean_weights, h["self_weights"], 2e-7);
        CHECK_CLOSE("self output", r.mha_self.output, h["self_output"], 2e-6);
        CHECK_CLOSE("cross weights", r.mha_cross.mean_weights, h["cross_weights"], 2e-7);
        CHECK_CLOSE("cross output", r.mha_cross.output, h["cross_output"], 2e-6);
        CHECK(r.mha_cross.mean_weights.rows() == static_cast<long>(p["keys_a"].size()));
        CHECK(r.mha_cross.mean_weights.cols() == static_cast<long>(p["keys_b"].size()));
        if (p.contains("key_value_error")) {
          CHECK(r.mha_key_value_error == "key has " + std::to_string(p["keys_b"].size()) + " tokens but value has " +
                                             std::to_string(p["keys_a"].size()) +
                                             ": each key needs its value, so key and value must have the same length");
        } else {
          CHECK(r.mha_key_value_error.empty());
        }
        if (source == aw::Source::TorchNotebook) {
          CHECK(r.float32);
          CHECK_CLOSE("torch cross scores", r.cross.scores, p["cross"]["scores"], 2e-6);
          CHECK_CLOSE("torch cross A", r.cross.attn_weights, p["cross"]["attn_weights"], 2e-7);
          CHECK_CLOSE("torch cross Y", r.cross.Y, p["cross"]["Y"], 2e-6);
        }
      }
    }
  }
}

TEST_CASE("kinds: an empty sentence B and a causal mask get messages for the learner") {
  aw::AttentionKindsOptions o;
  o.second_sentence = " ,, ";
  CHECK_THROWS_WITH_AS(aw::run_attention_kinds(o),
                       "Sentence B has no words: type a second sentence (keys and values come from it).",
                       aw::InputError);
  o.second_sentence = "bank account has money";
  o.base.causal = true;
  const auto r = aw::run_attention_kinds(o);
  REQUIRE(r.notices.size() == 1);
  CHECK(r.notices[0].find("no causal mask") != std::string::npos);
  CHECK(r.a.projected.attn_weights(0, 3) > 0);  // unmasked here
}

TEST_CASE("kinds: the masked concatenation against the batch, relative to the outputs and the type's epsilon") {
  for (const aw::Source source : {aw::Source::NumpyNotebook, aw::Source::TorchNotebook}) {
    aw::AttentionKindsOptions o;
    o.base.source = source;
    const auto r = aw::run_attention_kinds(o);
    const double largest = std::max(r.batched.Y[0].cwiseAbs().maxCoeff(), r.batched.Y[1].cwiseAbs().maxCoeff());
    CHECK(r.masked_vs_batched_relative == doctest::Approx(r.masked_vs_batched_max_diff / largest).epsilon(1e-12));
    CHECK(r.epsilon == (source == aw::Source::TorchNotebook ? 0x1p-23 : 0x1p-52));
    // the same computation: within a few roundings of the type, whichever it is
    CHECK(r.masked_vs_batched_relative <= 16 * r.epsilon);
  }
}
