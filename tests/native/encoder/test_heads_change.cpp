// Changing the heads of the trained encoder (core/encoder/heads_change.hpp): the weights keep their
// shapes, 4 heads give back the trained run exactly, any other split computes something else, and
// a head count that does not divide the widths is refused with the ones that do.
#include <doctest/doctest.h>

#include "core/encoder/heads_change.hpp"
#include "tests/native/encoder/bundled_pack.hpp"

using namespace aw::encoder;

TEST_CASE("heads change: the trained split gives the trained run, other splits move the outputs") {
  const EncoderPack& pack = encoder_test::bundled_pack();
  const UnigramTokenizer tokenizer(pack.vocabulary);
  const std::string text = "The bank of the river is muddy today.";
  const HeadsChangeReport r = heads_change(pack, tokenizer, text, {4, 1, 2, 8, 16});
  CHECK(r.trained_heads == 4);
  REQUIRE(r.rows.size() == 5);
  const EncoderReport trained = encode_sentence(pack, tokenizer, text);
  CHECK(r.tokens == static_cast<long>(trained.tokens.size()));
  // 4 heads: the same computation as the model's own forward pass, to the bit
  const HeadsChangeRow& same = r.rows[0];
  CHECK(same.heads == 4);
  CHECK(same.sentence_cosine == doctest::Approx(1.0).epsilon(1e-6));
  for (const auto& l : same.layers) {
    CHECK(l.max_difference == 0.0);
    CHECK(l.relative_difference == 0.0);
  }
  CHECK(same.layers[0].width == 256);
  CHECK(same.layers[0].head_width == 64);
  CHECK(same.layers[1].width == 512);
  CHECK(same.layers[1].head_width == 128);
  for (std::size_t k = 1; k < r.rows.size(); ++k) {
    const HeadsChangeRow& row = r.rows[k];
    INFO("heads " << row.heads);
    // the weights load unchanged: the same kernel shapes whatever the split
    CHECK(row.layers[0].qkv_kernel.rows == 256);
    CHECK(row.layers[0].qkv_kernel.cols == 768);
    CHECK(row.layers[1].qkv_kernel.cols == 1536);
    CHECK(row.layers[0].head_width == 256 / row.heads);
    // but the softmaxes see other columns, so the outputs move
    CHECK(row.layers[0].max_difference > 1e-3);
    CHECK(row.layers[0].relative_difference > 1e-3);
    CHECK(row.layers[1].relative_difference > 1e-3);
    CHECK(row.sentence_cosine < 1.0);
  }
  // the per-head Q, K, V of another split: d / h' columns each
  const EncoderReport eight = encode_batch(pack, tokenizer, {text}, 8).front();
  REQUIRE(eight.layers[0].heads.size() == 8);
  CHECK(eight.layers[0].heads[0].Q.cols() == 32);
}

TEST_CASE("heads change: a head count that does not divide the widths is refused, with the ones that do") {
  const EncoderPack& pack = encoder_test::bundled_pack();
  const UnigramTokenizer tokenizer(pack.vocabulary);
  CHECK_THROWS_WITH_AS(heads_change(pack, tokenizer, "bank", {3}), doctest::Contains("1, 2, 4, 8, 16, 32, 64, 128, 256"), aw::InputError);
  CHECK_THROWS_WITH_AS(heads_change(pack, tokenizer, "bank", {0}), doctest::Contains("0 heads"), aw::InputError);
  CHECK_THROWS_AS(heads_change(pack, tokenizer, "bank", {}), aw::InputError);
  CHECK_THROWS_AS(heads_change(pack, tokenizer, "bank", std::vector<int>(17, 4)), aw::InputError);
  CHECK_THROWS_AS(encode_batch(pack, tokenizer, {"bank"}, 5), aw::InputError);
  CHECK_THROWS_AS(heads_change(pack, tokenizer, "", {4}), aw::InputError);
}
