// The flow chapter's one call (core/lessons/flow_chapter.hpp): the same numbers as the six
// separate reports it replaces, the sentence prepared once, and the defaults it chooses.
#include <doctest/doctest.h>

#include "core/lessons/flow_chapter.hpp"

namespace {

aw::FlowChapterOptions chapter(const std::string& sentence, aw::FlowForm form, bool positional, bool causal) {
  aw::FlowChapterOptions o;
  o.flow.workbench.sentence = sentence;
  o.flow.workbench.positional = positional;
  o.flow.workbench.causal = causal;
  o.flow.form = form;
  o.flow.base = 1;
  o.shuffle_seed = 3;
  return o;
}

}  // namespace

TEST_CASE("flow chapter: equal to each section's own report, the sentence prepared once") {
  for (const auto form : {aw::FlowForm::ParamFree, aw::FlowForm::Projected}) {
    for (const bool positional : {false, true}) {
      for (const bool causal : {false, true}) {
        INFO("form " << static_cast<int>(form) << ", PE " << positional << ", causal " << causal);
        const auto o = chapter("Noa can be annoying but she is a cat", form, positional, causal);
        const auto& w = o.flow.workbench;
        const std::uint64_t before = aw::sentences_computed();
        const aw::FlowChapterReport r = aw::run_flow_chapter(o);
        CHECK(aw::sentences_computed() - before == 1);

        const aw::FlowReport flow = aw::run_flow(o.flow);
        CHECK(r.flow.y == flow.y);
        CHECK(r.flow.weights == flow.weights);
        const aw::ShuffleReport shuffle = aw::shuffle_experiment(w, form, {}, o.shuffle_seed);
        CHECK(r.shuffle.permutation == shuffle.permutation);
        CHECK(r.shuffle.Y_shuffled == shuffle.Y_shuffled);
        CHECK(r.shuffle.max_deviation_with_pe == shuffle.max_deviation_with_pe);
        CHECK(r.shuffle.max_deviation_without_pe == shuffle.max_deviation_without_pe);
        REQUIRE(r.distance);
        const long last = static_cast<long>(r.flow.workbench.tokens.size()) - 1;
        CHECK(r.distance->other == last);  // the default: the last token
        const aw::DistanceReport distance = aw::distance_experiment(w, form, 1, last);
        REQUIRE(r.distance->points.size() == distance.points.size());
        for (std::size_t p = 0; p < distance.points.size(); ++p) CHECK(r.distance->points[p].weight == distance.points[p].weight);
        CHECK(r.length.points.size() == aw::length_experiment(w, form).points.size());
        CHECK(r.training.parameter_count == aw::training_report(w, form).parameter_count);
        CHECK(r.training_qkv.parameter_count == aw::training_report(w, aw::FlowForm::Projected).parameter_count);
        CHECK(r.heads == 4);
        REQUIRE(r.heads_sketch);
        CHECK(r.heads_sketch->concat == aw::heads_sketch(w, 4, 1).concat);
      }
    }
  }
}

TEST_CASE("flow chapter: one token has no distance experiment, unequal widths have no heads sketch") {
  auto o = chapter("bank", aw::FlowForm::ParamFree, false, false);
  o.flow.base = 0;
  const aw::FlowChapterReport one = aw::run_flow_chapter(o);
  CHECK_FALSE(one.distance);
  auto wide = chapter("Bank of the river", aw::FlowForm::Projected, false, false);
  wide.flow.workbench.d_k = 4;
  const aw::FlowChapterReport r = aw::run_flow_chapter(wide);
  CHECK_FALSE(r.heads_sketch);
  CHECK(r.heads_error.find("d_k = d_v = d_model") != std::string::npos);
}

TEST_CASE("flow chapter: the defaults for the moved word and the head count") {
  CHECK(aw::distance_other_for(2, 0, 4) == 2);
  CHECK(aw::distance_other_for(0, 0, 4) == 3);   // the base itself: the last token
  CHECK(aw::distance_other_for(-1, 3, 4) == 0);  // the base is last: the first token
  CHECK(aw::distance_other_for(9, 1, 4) == 3);   // outside the sentence
  CHECK(aw::heads_for(2, 8) == 2);
  CHECK(aw::heads_for(3, 8) == 4);
  CHECK(aw::heads_for(5, 6) == 6);   // no 4: the largest divisor up to 16
  CHECK(aw::heads_for(32, 64) == 4);  // over 16
  CHECK(aw::heads_for(4, 7) == 7);
}

TEST_CASE("flow chapter: linearity and rows computed alone come with the one computation") {
  for (const auto form : {aw::FlowForm::ParamFree, aw::FlowForm::Projected}) {
    INFO("form " << static_cast<int>(form));
    const auto o = chapter("Bank of the river", form, false, false);
    const std::uint64_t before = aw::sentences_computed();
    const aw::FlowChapterReport r = aw::run_flow_chapter(o);
    CHECK(aw::sentences_computed() - before == 1);
    REQUIRE(r.linearity.checks.size() == 7);
    CHECK(r.linearity.checks[0].name == "projection_sum");
    CHECK(r.parallel.form == form);
    CHECK(r.parallel.base == 1);
    CHECK(r.parallel.rows.size() == 4);
    CHECK(r.parallel.max_difference <= 1e-12);
  }
}
