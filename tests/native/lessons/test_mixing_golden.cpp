// The parameter-free form's mixing and the controls that make it mix (issue 16), against real
// NumPy (tests/fixtures/numpy_mixing.json, scripts/make_mixing_golden.py); and the notebook's
// cosines of the second sentence's contextual "bank" against raw words.
#include <doctest/doctest.h>

#include <algorithm>
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

TEST_CASE("mixing: a repeated word's weight on its copy is not mixing, in either form and every source") {
  for (const auto source : {aw::Source::NumpyNotebook, aw::Source::TorchNotebook, aw::Source::OneHot}) {
    aw::WorkbenchOptions o;
    o.sentence = "the cat saw the cat";
    o.source = source;
    const auto r = aw::run_workbench(o);
    for (const auto* rows : {&r.param_free_mixing, &r.projected_mixing}) {
      const auto& m = (*rows)[0];  // "the": its copy is token 4
      const aw::MatD& A = rows == &r.param_free_mixing ? r.param_free.attn_weights : r.projected.attn_weights;
      CHECK(std::abs(m.weight_on_copies - A(0, 3)) < 1e-12);
      CHECK(std::abs(m.weight_from_different - (A(0, 1) + A(0, 2) + A(0, 4))) < 1e-12);
      CHECK(std::abs(m.weight_on_copies + m.weight_from_different - m.weight_elsewhere) < 1e-12);
    }
  }
  aw::WorkbenchOptions o;
  o.sentence = "bank bank bank";
  const auto same = aw::run_workbench(o);
  for (const auto& m : same.param_free_mixing) {
    CHECK(std::abs(m.weight_elsewhere - 2.0 / 3.0) < 1e-12);
    CHECK(m.weight_from_different == 0.0);
    CHECK(m.output_shift == 0.0);  // Y = X
  }
  o.positional = true;  // the encoding makes the three rows differ: now the weight elsewhere moves y
  const auto placed = aw::run_workbench(o);
  CHECK(placed.param_free_mixing[0].weight_on_copies == 0.0);
  CHECK(placed.param_free_mixing[0].output_shift > 1e-3);
}

TEST_CASE("bank experiment: the contextual change is measured where a cosine cannot (one feature)") {
  aw::BankExperimentOptions o;
  o.base.d_model = o.base.d_k = o.base.d_v = 1;
  const auto r = aw::run_bank_experiment(o);
  const auto ctx = std::find_if(r.cosines.begin(), r.cosines.end(),
                                [](const aw::NamedCosine& c) { return c.name == "contextual_target_across_sentences"; });
  REQUIRE(ctx->value.has_value());
  CHECK(std::abs(std::abs(*ctx->value) - 1.0) < 1e-15);  // one feature: only the sign
  const double y1 = r.first.projected.Y(r.target_index_first, 0);
  const double y2 = r.second.projected.Y(r.target_index_second, 0);
  REQUIRE(r.contextual_target_change.has_value());
  CHECK(std::abs(*r.contextual_target_change - std::abs(y1 - y2) / std::max(std::abs(y1), std::abs(y2))) < 1e-15);
  CHECK(*r.contextual_target_change > 1e-3);  // the outputs did change, although the cosine is 1

  o = {};
  o.second_sentence = "river the of bank";  // the same words: order-blind attention, the same output
  const auto same = aw::run_bank_experiment(o);
  REQUIRE(same.contextual_target_change.has_value());
  CHECK(*same.contextual_target_change < 1e-12);
  o.target = "cat";
  CHECK_FALSE(aw::run_bank_experiment(o).contextual_target_change.has_value());
}
