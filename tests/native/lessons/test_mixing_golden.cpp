// The parameter-free form's mixing and the controls that make it mix (issue 16), against real
// NumPy (tests/fixtures/numpy_mixing.json, scripts/make_mixing_golden.py); and the notebook's
// cosines of the second sentence's contextual "bank" against raw words.
#include <doctest/doctest.h>

#include <cmath>

#include "core/lessons/bank_experiment.hpp"
#include "core/lessons/workbench.hpp"
#include "tests/native/golden.hpp"

namespace {

aw::WorkbenchOptions options_for(const nlohmann::json& c, double table_scale) {
  aw::WorkbenchOptions o;
  o.sentence = c["sentence"].get<std::string>();
  const std::string control = c["control"];
  o.free_scale = control == "free_scale";
  o.unit_rows = control == "unit_rows";
  if (control == "table_scale") o.table_scale = table_scale;
  return o;
}

}  // namespace

TEST_CASE("mixing golden: X, S, A, Y and every row's mixing report match NumPy for each control") {
  const auto g = golden::load("numpy_mixing");
  REQUIRE(g["cases"].size() == 8);
  for (const auto& c : g["cases"]) {
    INFO(c["sentence"].get<std::string>() << " / " << c["control"].get<std::string>());
    const auto r = aw::run_workbench(options_for(c, g["table_scale"].get<double>()));
    REQUIRE(r.tokens.size() == c["keys"].size());
    for (std::size_t i = 0; i < r.tokens.size(); ++i) CHECK(r.tokens[i].key == c["keys"][i].get<std::string>());
    CHECK_CLOSE("X", r.X, c["X"], 1e-15);
    CHECK_CLOSE("S", r.param_free.scores, c["S"], 1e-12);
    CHECK(r.param_free.divisor == c["divisor"].get<double>());
    CHECK_CLOSE("A", r.param_free.attn_weights, c["A"], 1e-12);
    CHECK_CLOSE("Y", r.param_free.Y, c["Y"], 1e-12);
    REQUIRE(r.param_free_mixing.size() == c["rows"].size());
    for (std::size_t i = 0; i < r.param_free_mixing.size(); ++i) {
      const auto& m = r.param_free_mixing[i];
      const auto& e = c["rows"][i];
      CHECK(std::abs(m.self_weight - e["self_weight"].get<double>()) < 1e-12);
      CHECK(std::abs(m.self_raw_score - e["self_raw_score"].get<double>()) < 1e-12);
      CHECK(m.other == e["other"].get<long>());
      CHECK(std::abs(m.other_weight - e["other_weight"].get<double>()) < 1e-12);
      CHECK(std::abs(m.log_odds - e["log_odds"].get<double>()) < 1e-12);
      // ln(a_ii / a_ij) computed from NumPy's weights: the gap really is the log of the ratio.
      CHECK(std::abs(m.log_odds - e["log_weight_ratio"].get<double>()) < 1e-9);
      CHECK(std::abs(m.weight_elsewhere - e["weight_elsewhere"].get<double>()) < 1e-12);
      CHECK(std::abs(m.effective_tokens - e["effective_tokens"].get<double>()) < 1e-12);
      CHECK(m.top_key == e["top_key"].get<long>());
    }
  }
}

TEST_CASE("mixing golden: the form as taught keeps y_1 = x_1, each control lets river into y_1") {
  const auto g = golden::load("numpy_mixing");
  const auto plain = aw::run_workbench({});
  CHECK(plain.param_free_mixing[0].self_weight > 0.9999);
  CHECK(plain.param_free.attn_weights(0, 3) < 1e-6);  // river's weight in "Bank"'s row
  aw::WorkbenchOptions o;
  for (int control = 0; control < 3; ++control) {
    o = {};
    o.free_scale = control == 0;
    o.unit_rows = control == 1;
    if (control == 2) o.table_scale = g["table_scale"].get<double>();
    const auto r = aw::run_workbench(o);
    CHECK(r.param_free.attn_weights(0, 3) > 1e-3);
    CHECK(r.param_free_mixing[0].weight_elsewhere > 100 * plain.param_free_mixing[0].weight_elsewhere);
  }
  o = {};
  o.source = aw::Source::OneHot;
  const auto onehot = aw::run_workbench(o);
  CHECK(std::abs(onehot.param_free_mixing[0].log_odds - 1.0) < 1e-15);  // |x|² = 1, x_i·x_j = 0
  o = {};
  o.table_scale = 0;
  CHECK_THROWS_AS(aw::run_workbench(o), aw::InputError);
  o.table_scale = std::nan("");
  CHECK_THROWS_AS(aw::run_workbench(o), aw::InputError);
}

TEST_CASE("bank experiment: both sentences' contextual targets against raw money and river, as NumPy") {
  const auto g = golden::load("numpy_mixing")["bank_cosines"];
  aw::BankExperimentOptions o;
  const auto r = aw::run_bank_experiment(o);
  int found = 0;
  for (const auto& c : r.cosines) {
    if (!g.contains(c.name)) continue;
    ++found;
    REQUIRE(c.value.has_value());
    CHECK(std::abs(*c.value - g[c.name].get<double>()) < 1e-12);
  }
  CHECK(found == 5);
  REQUIRE(r.contextual_vs_raw_words_second.size() == r.second.table.words.size());
  for (const auto& c : r.contextual_vs_raw_words_second) {
    if (c.name == "money") CHECK(std::abs(*c.value - g["contextual_target2_vs_raw_money"].get<double>()) < 1e-12);
  }
}

TEST_CASE("bank experiment: a missing target is named, with the sentence it is missing from") {
  aw::BankExperimentOptions o;
  o.second_sentence = "the account has money";
  const auto r = aw::run_bank_experiment(o);
  for (const auto& c : r.cosines) {
    INFO(c.name);
    if (c.name == "raw_target_vs_raw_river" || c.name == "contextual_target_vs_raw_money") {
      CHECK(c.value.has_value());
    } else if (c.name.find("across") != std::string::npos || c.name.find("target2") != std::string::npos) {
      CHECK_FALSE(c.value.has_value());
      CHECK(c.why_undefined == "\"bank\" is not in sentence 2");
    }
  }
}
