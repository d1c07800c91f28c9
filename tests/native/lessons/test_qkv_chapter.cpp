// The Q/K/V chapter's one call (core/lessons/qkv_chapter.hpp): the same numbers as the three
// separate reports it replaces, each sentence prepared once, and the messages for a refused
// sentence A or B.
#include <doctest/doctest.h>

#include <string>

#include "core/lessons/qkv_chapter.hpp"

namespace {

aw::QkvChapterOptions chapter(const std::string& a, const std::string& b, aw::Source source, bool causal = false) {
  aw::QkvChapterOptions o;
  o.base.sentence = a;
  o.base.source = source;
  o.base.causal = causal;
  o.second_sentence = b;
  return o;
}

void check_same(const aw::MatD& got, const aw::MatD& want) {
  REQUIRE(got.rows() == want.rows());
  REQUIRE(got.cols() == want.cols());
  CHECK(got == want);  // the same operations on the same inputs: equal to the bit
}

}  // namespace

TEST_CASE("qkv chapter: equal to the bank experiment and the kinds run on their own, each sentence prepared once") {
  for (const auto source : {aw::Source::NumpyNotebook, aw::Source::TorchNotebook}) {
    for (const bool causal : {false, true}) {
      INFO("source " << static_cast<int>(source) << ", causal " << causal);
      const auto o = chapter("Bank of the river", "bank account has money", source, causal);
      const std::uint64_t before = aw::sentences_computed();
      const aw::QkvChapterReport r = aw::run_qkv_chapter(o);
      CHECK(aw::sentences_computed() - before == 2);
      REQUIRE(r.experiment);
      REQUIRE(r.kinds);
      CHECK(r.kinds_share_pair == !causal);
      CHECK(&r.first() == &r.experiment->first);

      const aw::BankExperimentReport bank = aw::run_bank_experiment({o.base, o.second_sentence, o.target, std::nullopt});
      check_same(r.experiment->first.projected.attn_weights, bank.first.projected.attn_weights);
      check_same(r.experiment->second.projected.Y, bank.second.projected.Y);
      REQUIRE(r.experiment->cosines.size() == bank.cosines.size());
      for (std::size_t i = 0; i < bank.cosines.size(); ++i) CHECK(r.experiment->cosines[i].value == bank.cosines[i].value);

      const aw::AttentionKindsReport kinds = aw::run_attention_kinds({o.base, o.second_sentence});
      check_same(r.kinds_a().projected.attn_weights, kinds.a.projected.attn_weights);
      check_same(r.kinds_b().projected.Y, kinds.b.projected.Y);
      if (!causal) CHECK(r.kinds->a.tokens.empty());  // not copied: the pair's own are used
      check_same(r.kinds->cross.attn_weights, kinds.cross.attn_weights);
      check_same(r.kinds->masked_Y, kinds.masked_Y);
      check_same(r.kinds->mha_cross.output, kinds.mha_cross.output);
      CHECK(r.kinds->notices == kinds.notices);
      if (causal) {
        // the chapter's sentence keeps its mask; the kinds' copy of it is unmasked
        CHECK(r.experiment->first.projected.attn_weights(0, 1) == 0.0);
        CHECK(r.kinds_a().projected.attn_weights(0, 1) > 0.0);
      }
    }
  }
}

TEST_CASE("qkv chapter: sentence B with no words leaves sentence A's numbers and says why twice") {
  const auto o = chapter("Bank of the river", "  ,, ", aw::Source::NumpyNotebook);
  const std::uint64_t before = aw::sentences_computed();
  const aw::QkvChapterReport r = aw::run_qkv_chapter(o);
  CHECK(aw::sentences_computed() - before == 1);
  CHECK_FALSE(r.experiment);
  CHECK_FALSE(r.kinds);
  REQUIRE(r.sentence);
  CHECK(r.experiment_error.find("No words found") != std::string::npos);
  CHECK(r.kinds_error.find("Sentence B has no words") != std::string::npos);
  const aw::WorkbenchReport alone = aw::run_workbench(o.base);
  check_same(r.first().projected.attn_weights, alone.projected.attn_weights);
}

TEST_CASE("qkv chapter: sentence A refused is the workbench's own error") {
  CHECK_THROWS_WITH_AS(aw::run_qkv_chapter(chapter("", "bank account has money", aw::Source::NumpyNotebook)),
                       "Type a sentence: attention needs at least one token.", aw::InputError);
  CHECK_THROWS_AS(aw::run_qkv_chapter(chapter("", "", aw::Source::NumpyNotebook)), aw::InputError);
}

TEST_CASE("qkv chapter: the soft lookup of the chapter's own sentence, with no sentence computed again") {
  for (const std::string b : {"bank account has money", ""}) {
    INFO("sentence B '" << b << "'");
    const auto o = chapter("Bank of the river", b, aw::Source::NumpyNotebook);
    const std::uint64_t before = aw::sentences_computed();
    const aw::QkvChapterReport r = aw::run_qkv_chapter(o);
    CHECK(aw::sentences_computed() - before == (b.empty() ? 1u : 2u));
    const auto& p = r.first().projected;
    REQUIRE(r.soft_lookup.size() == 4);
    const auto want = aw::soft_lookup(p.scores, p.attn_weights, p.V, p.Y);
    for (std::size_t i = 0; i < 4; ++i) {
      CHECK(r.soft_lookup[i].hard_key == want[i].hard_key);
      CHECK(r.soft_lookup[i].top_share == want[i].top_share);
      CHECK(r.soft_lookup[i].distance == want[i].distance);
      CHECK(r.soft_lookup[i].soft == aw::RowVec<double>(p.Y.row(static_cast<long>(i))));
    }
  }
}
