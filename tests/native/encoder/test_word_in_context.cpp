// What the embedding-space chapter takes from the trained encoder (core/encoder/word_in_context.hpp):
// token-table rows with their pieces, and a word's last-layer output row in many sentences,
// checked against the full forward pass of each sentence.
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>

#include "core/encoder/compare.hpp"
#include "tests/native/encoder/bundled_pack.hpp"
#include "core/encoder/word_in_context.hpp"

using namespace aw::encoder;

namespace {

const EncoderPack& wic_pack() { return encoder_test::bundled_pack(); }

}  // namespace

TEST_CASE("token_table_rows: the pieces and rows of the token table, clipped to the vocabulary") {
  const aw::MatF& table = wic_pack().tensor("embeddings");
  const TokenTableRows rows = token_table_rows(wic_pack(), 6, 1000);
  REQUIRE(rows.rows.rows() == 1000);
  CHECK(rows.rows.cols() == table.cols());
  CHECK(rows.pieces.size() == 1000);
  CHECK(rows.pieces[0] == wic_pack().vocabulary[6].text);
  CHECK(rows.vocabulary == static_cast<long>(wic_pack().vocabulary.size()));
  long starts = 0;
  for (const auto& p : rows.pieces) starts += p.substr(0, 3) == "\xE2\x96\x81";
  CHECK(rows.word_starts == starts);
  CHECK(starts > 0);
  CHECK((rows.rows.row(999) - table.row(1005)).cwiseAbs().maxCoeff() == 0.0f);
  // the row a sentence's token reads is the row listed for its piece
  UnigramTokenizer tokenizer(wic_pack().vocabulary);
  const EncoderReport r = encode_sentence(wic_pack(), tokenizer, "the bank");
  const long at = find_piece(r, word_piece("Bank"));
  REQUIRE(at == 1);
  const TokenTableRows one = token_table_rows(wic_pack(), r.tokens[1].id, 1);
  CHECK(one.pieces[0] == "\xE2\x96\x81" "bank");
  CHECK((one.rows.row(0) - r.static_vectors.row(1)).cwiseAbs().maxCoeff() == 0.0f);
  const long size = static_cast<long>(wic_pack().vocabulary.size());
  CHECK(token_table_rows(wic_pack(), size - 3, 100).rows.rows() == 3);
  CHECK_THROWS_AS(token_table_rows(wic_pack(), size, 1), aw::InputError);
  CHECK_THROWS_AS(token_table_rows(wic_pack(), 0, 0), aw::InputError);
}

TEST_CASE("word_vectors_in_context: the word's last-layer row of each sentence's forward pass") {
  UnigramTokenizer tokenizer(wic_pack().vocabulary);
  const std::vector<std::string> texts{"we sat on the green bank and watched the water flow",
                                       "the car plant hired hundreds of workers"};
  const aw::MatF v = word_vectors_in_context(wic_pack(), tokenizer, texts, {"bank", "plant"});
  REQUIRE(v.rows() == 2);
  CHECK(v.cols() == 512);
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const EncoderReport r = encode_sentence(wic_pack(), tokenizer, texts[i]);
    const long at = find_piece(r, word_piece(i == 0 ? "bank" : "plant"));
    REQUIRE(at >= 0);
    CHECK((v.row(static_cast<long>(i)) - r.layers.back().output.row(at)).cwiseAbs().maxCoeff() < 1e-5f);
  }
  CHECK_THROWS_WITH_AS(word_vectors_in_context(wic_pack(), tokenizer, {"the river"}, {"bank"}),
                       doctest::Contains("not a single whole-word token"), aw::InputError);
  CHECK_THROWS_AS(word_vectors_in_context(wic_pack(), tokenizer, {"the river"}, {}), aw::InputError);
}
