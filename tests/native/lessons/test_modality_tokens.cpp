// Chapter 2: images and sounds as tokens, the size of their attention, and Q Kᵀ as one product
// of independent dot products; against scripts/make_class04_golden.py.
#include <doctest/doctest.h>

#include "core/lessons/modality_tokens.hpp"
#include "tests/native/golden.hpp"

TEST_CASE("224 x 224 in 16-pixel patches is 196 tokens, 1 s at 16 kHz in 25 ms frames every 10 ms is 98") {
  const aw::ModalityReport r = aw::modality_tokens(aw::ModalityOptions{});
  CHECK(r.counts[1].tokens == 196);
  CHECK(r.counts[1].per_token == 768);
  CHECK(r.counts[2].tokens == 98);
  CHECK(r.frame_samples == 400);
  CHECK(r.hop_samples == 160);
  CHECK(r.counts[1].pairs == 38416);
}

TEST_CASE("token and multiply-add counts match the Python golden") {
  const nlohmann::json fixture = golden::load("class04_extras");
  for (const auto& g : fixture["modality_tokens"]) {
    const auto& go = g["options"];
    aw::ModalityOptions o;
    o.image_height = go["image_height"].get<long>();
    o.image_width = go["image_width"].get<long>();
    o.patch = go["patch"].get<long>();
    o.channels = go["channels"].get<long>();
    o.audio_seconds = go["audio_seconds"].get<double>();
    o.sample_rate = go["sample_rate"].get<double>();
    o.frame_ms = go["frame_ms"].get<double>();
    o.hop_ms = go["hop_ms"].get<double>();
    o.text_tokens = go["text_tokens"].get<long>();
    o.width = go["width"].get<long>();
    const aw::ModalityReport r = aw::modality_tokens(o);
    REQUIRE(r.counts.size() == g["counts"].size());
    for (std::size_t k = 0; k < r.counts.size(); ++k) {
      const auto& c = g["counts"][k];
      CAPTURE(r.counts[k].name);
      CHECK(r.counts[k].name == c["name"].get<std::string>());
      CHECK(r.counts[k].tokens == c["tokens"].get<long>());
      CHECK(r.counts[k].per_token == c["per_token"].get<long>());
      CHECK(r.counts[k].left_over == c["left_over"].get<long>());
      CHECK(r.counts[k].pairs == c["pairs"].get<long long>());
      CHECK(r.counts[k].score_macs == c["score_macs"].get<long long>());
      CHECK(r.counts[k].weighted_macs == c["weighted_macs"].get<long long>());
      CHECK(r.counts[k].projection_macs == c["projection_macs"].get<long long>());
      CHECK(r.counts[k].recurrent_steps == r.counts[k].tokens);
    }
  }
}

TEST_CASE("Q Kᵀ as one product equals the pair-by-pair dot products, as NumPy computes them") {
  const nlohmann::json g = golden::load("class04_extras")["all_pairs"];
  const aw::AllPairsCheck c = aw::all_pairs_at_once(golden::matrix(g["Q"]), golden::matrix(g["K"]));
  CHECK((c.one_product - golden::matrix(g["QKt"])).cwiseAbs().maxCoeff() < 1e-12);
  CHECK((c.pair_by_pair - golden::matrix(g["pair_by_pair"])).cwiseAbs().maxCoeff() < 1e-12);
  CHECK(c.max_difference < 1e-12);
  CHECK(c.dot_products == 30);
  CHECK(c.macs == 120);
}

TEST_CASE("impossible sizes are refused with a sentence for the learner") {
  aw::ModalityOptions o;
  o.patch = 300;
  CHECK_THROWS_WITH_AS(aw::modality_tokens(o), doctest::Contains("larger than"), aw::InputError);
  o = {};
  o.patch = 0;
  CHECK_THROWS_AS(aw::modality_tokens(o), aw::InputError);
  o = {};
  o.image_width = 0;
  CHECK_THROWS_AS(aw::modality_tokens(o), aw::InputError);
  o = {};
  o.hop_ms = 0;
  CHECK_THROWS_AS(aw::modality_tokens(o), aw::InputError);
  o = {};
  o.frame_ms = 2000;
  CHECK_THROWS_WITH_AS(aw::modality_tokens(o), doctest::Contains("longer than the whole sound"), aw::InputError);
  o = {};
  o.audio_seconds = 0;
  CHECK_THROWS_AS(aw::modality_tokens(o), aw::InputError);
  o = {};
  o.width = 0;
  CHECK_THROWS_AS(aw::modality_tokens(o), aw::InputError);
  CHECK_THROWS_AS(aw::all_pairs_at_once(aw::MatD::Zero(2, 3), aw::MatD::Zero(2, 4)), aw::InputError);
}
