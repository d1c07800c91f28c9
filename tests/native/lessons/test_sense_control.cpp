// The same-sense control of the bank comparison (issue 16): the class block's control cosine
// against real NumPy (tests/fixtures/numpy_sense_control.json, written by
// scripts/make_sense_control_golden.py), and the rule that judges a pair against its control
// (core/math/sense_control.hpp).
#include <doctest/doctest.h>

#include <cmath>

#include "core/lessons/bank_experiment.hpp"
#include "core/math/sense_control.hpp"
#include "tests/native/golden.hpp"

namespace {

const aw::NamedCosine& named(const std::vector<aw::NamedCosine>& list, const std::string& name) {
  for (const auto& c : list) {
    if (c.name == name) return c;
  }
  FAIL("no cosine named " << name);
  return list.front();
}

}  // namespace

TEST_CASE("sense control rule: a separation needs the stated margin, too close and reversed are named") {
  const aw::SenseControl clear = aw::judge_sense_control(0.9, 0.5);
  CHECK(clear.verdict == "separates");
  CHECK(*clear.margin == doctest::Approx(0.4));
  CHECK(clear.required_margin == aw::kSenseSeparationMargin);
  CHECK(aw::judge_sense_control(0.62, 0.58).verdict == "too_close");
  CHECK(aw::judge_sense_control(0.58, 0.58).verdict == "too_close");
  const aw::SenseControl reversed = aw::judge_sense_control(0.4, 0.7);
  CHECK(reversed.verdict == "reversed");
  CHECK(*reversed.margin < 0);
  const aw::SenseControl missing = aw::judge_sense_control(std::nullopt, 0.5);
  CHECK(missing.verdict == "undefined");
  CHECK_FALSE(missing.margin.has_value());
  CHECK(aw::judge_sense_control(0.5, 0.3, 0.25).verdict == "too_close");  // a stricter margin
}

TEST_CASE("bank experiment with a control: the class block's cosines as NumPy, the pair unchanged") {
  const auto g = golden::load("numpy_sense_control");
  CHECK(g["required_margin"].get<double>() == aw::kSenseSeparationMargin);
  for (const auto& c : g["cases"]) {
    CAPTURE(c["sentence1"].get<std::string>());
    aw::BankExperimentOptions o;
    o.base.sentence = c["sentence1"].get<std::string>();
    o.second_sentence = c["sentence2"].get<std::string>();
    const aw::BankExperimentReport without = aw::run_bank_experiment(o);
    o.control_sentence = c["control"].get<std::string>();
    const aw::BankExperimentReport r = aw::run_bank_experiment(o);
    REQUIRE(r.has_control);
    REQUIRE(r.control.has_value());
    CHECK(r.target_index_control == c["target_index_control"].get<long>());
    // The control's words join the table after both sentences': the pair is exactly as before.
    CHECK(*named(r.cosines, "contextual_target_across_sentences").value ==
          *named(without.cosines, "contextual_target_across_sentences").value);
    CHECK(std::abs(*named(r.cosines, "contextual_target_across_sentences").value - c["pair"].get<double>()) < 1e-12);
    const auto& control = named(r.control_cosines, "contextual_target_vs_control");
    REQUIRE(control.value.has_value());
    CHECK(std::abs(*control.value - c["control_cosine"].get<double>()) < 1e-12);
    CHECK(std::abs(*named(r.control_cosines, "raw_target_vs_control").value - c["raw_control"].get<double>()) < 1e-12);
    CHECK(std::abs(*r.separation.margin - c["margin"].get<double>()) < 1e-12);
    CHECK(r.separation.verdict == c["verdict"].get<std::string>());
  }
}

TEST_CASE("bank experiment: a control without the target says why, and judges nothing") {
  aw::BankExperimentOptions o;
  o.control_sentence = "the stream was cold";
  const aw::BankExperimentReport r = aw::run_bank_experiment(o);
  REQUIRE(r.has_control);
  CHECK(r.target_index_control == -1);
  const auto& control = named(r.control_cosines, "contextual_target_vs_control");
  CHECK_FALSE(control.value.has_value());
  CHECK(control.why_undefined == "\"bank\" is not in the control sentence");
  CHECK(r.separation.verdict == "undefined");
  CHECK_FALSE(aw::run_bank_experiment(aw::BankExperimentOptions{}).has_control);
  o.control_sentence = " ... ";
  const aw::BankExperimentReport empty = aw::run_bank_experiment(o);
  CHECK_FALSE(empty.control.has_value());
  CHECK(named(empty.control_cosines, "contextual_target_vs_control").why_undefined == "the control sentence has no words");
  CHECK(empty.separation.verdict == "undefined");
  CHECK(named(empty.cosines, "contextual_target_across_sentences").value.has_value());
}
