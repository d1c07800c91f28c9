// The embedding-space chapter's contextual vectors (core/lessons/sense_space.hpp): the untrained
// block on GloVe against NumPy (tests/fixtures/sense_space.json, scripts/make_sense_space_golden.py),
// one row against the workbench run directly, and the grouping measures on small hand-made sets.
#include <doctest/doctest.h>

#include <algorithm>

#include "core/lessons/sense_space.hpp"
#include "core/lessons/workbench.hpp"
#include "tests/native/golden.hpp"
#include "tests/native/train/glove_rows.hpp"

using namespace aw;

namespace {

std::shared_ptr<const PretrainedTable> task_glove() {
  static const auto table = [] {
    auto t = std::make_shared<PretrainedTable>();
    t->name = "GloVe task rows";
    t->words = train::task_data().vocabulary;
    t->vectors = test_glove::task_rows(std::string(AW_TEST_DATA_DIR) + "/../public/data");
    return t;
  }();
  return table;
}

std::vector<std::string> labels(const std::vector<train::Example>& examples, bool sense) {
  std::vector<std::string> out;
  for (const auto& e : examples) out.push_back(sense ? e.sense : e.word);
  return out;
}

void check_grouping(const SenseGrouping& g, const nlohmann::json& want) {
  REQUIRE(g.words.size() == want["words"].size());
  for (std::size_t w = 0; w < g.words.size(); ++w) {
    const auto& x = want["words"][w];
    CHECK(g.words[w].word == x["word"].get<std::string>());
    CHECK(g.words[w].within == doctest::Approx(x["within"].get<double>()).epsilon(1e-9));
    CHECK(g.words[w].across == doctest::Approx(x["across"].get<double>()).epsilon(1e-9));
    CHECK(g.words[w].gap == doctest::Approx(x["gap"].get<double>()).epsilon(1e-6));
    CHECK(g.words[w].within_pairs == x["within_pairs"].get<long>());
    CHECK(g.words[w].across_pairs == x["across_pairs"].get<long>());
  }
  CHECK(g.mean_gap == doctest::Approx(want["mean_gap"].get<double>()).epsilon(1e-6));
  CHECK(g.neighbour_same_sense == doctest::Approx(want["neighbour_same_sense"].get<double>()));
  CHECK(g.neighbour_chance == doctest::Approx(want["neighbour_chance"].get<double>()));
}

}  // namespace

TEST_CASE("sense_examples: the task's 112 sentences, training first, each word's sense labelled") {
  const auto examples = sense_examples();
  const auto& task = train::task_data();
  REQUIRE(examples.size() == task.train.size() + task.validation.size());
  CHECK(examples.size() == 112);
  CHECK(examples.front().text == task.train.front().text);
  CHECK(examples.back().text == task.validation.back().text);
  CHECK(examples[0].word == "bank");
  CHECK(examples[0].sense == "river");
  CHECK(examples[0].tokens[static_cast<std::size_t>(examples[0].target)] == "bank");
}

TEST_CASE("untrained_sense_vectors: shapes, and a row equal to the workbench's Y for that sentence") {
  const SenseVectors v = untrained_sense_vectors(task_glove());
  const auto examples = sense_examples();
  CHECK(v.outputs.rows() == 112);
  CHECK(v.outputs.cols() == 100);
  CHECK(v.context_mean.rows() == 112);
  CHECK(v.context_mean.cols() == 100);
  for (std::size_t s : {std::size_t{0}, std::size_t{57}, std::size_t{111}}) {
    WorkbenchOptions o;
    o.sentence = examples[s].text;
    o.source = Source::Pretrained;
    o.pretrained = task_glove();
    o.tie_widths = true;
    const WorkbenchReport r = run_workbench(o);  // the bank chapter's GloVe block: projection seed 1
    const Eigen::RowVectorXf direct = r.projected.Y.row(examples[s].target).cast<float>();
    CHECK((v.outputs.row(static_cast<long>(s)) - direct).cwiseAbs().maxCoeff() == 0.0f);
  }
}

TEST_CASE("untrained_sense_vectors against NumPy: the first and last rows and both groupings") {
  const nlohmann::json want = golden::load("sense_space");
  const SenseVectors v = untrained_sense_vectors(task_glove());
  const auto examples = sense_examples();
  CHECK(examples[0].text == want["first_sentence"].get<std::string>());
  const aw::MatD first = golden::matrix(want["first_output"]), last = golden::matrix(want["last_output"]);
  for (long c = 0; c < 100; ++c) {
    CHECK(v.outputs(0, c) == doctest::Approx(first(0, c)).epsilon(1e-5));
    CHECK(v.outputs(111, c) == doctest::Approx(last(0, c)).epsilon(1e-5));
  }
  REQUIRE(v.top_weight.size() == 112);
  for (std::size_t s = 0; s < 112; ++s) {
    CHECK(v.top_weight[s] == doctest::Approx(want["top_weight"][s].get<double>()).epsilon(1e-9));
    CHECK(v.top_word[s] == want["top_word"][s].get<std::string>());
  }
  CHECK(v.rows_over_90 == want["rows_over_90"].get<long>());
  CHECK(v.median_top_weight == doctest::Approx(want["median_top_weight"].get<double>()).epsilon(1e-9));
  CHECK(v.common_top_word == want["common_top_word"].get<std::string>());
  CHECK(v.common_top_count == std::count(v.top_word.begin(), v.top_word.end(), v.common_top_word));
  const auto words = labels(examples, false), senses = labels(examples, true);
  check_grouping(sense_grouping(v.outputs, words, senses), want["untrained"]);
  check_grouping(sense_grouping(v.context_mean, words, senses), want["context_mean"]);
}

TEST_CASE("sense_grouping on hand-made points: separated senses, mixed senses, and refusals") {
  // "a": two senses on two axes; "b": senses interleaved along one direction
  Eigen::MatrixXf p(8, 2);
  p << 1, 0, 0.9f, 0.1f, 0, 1, 0.1f, 0.9f,  //
      1, 0, 1, 0.01f, 1, 0.02f, 1, 0.03f;
  const std::vector<std::string> words{"a", "a", "a", "a", "b", "b", "b", "b"};
  const std::vector<std::string> senses{"x", "x", "y", "y", "x", "y", "x", "y"};
  const SenseGrouping g = sense_grouping(p, words, senses);
  REQUIRE(g.words.size() == 2);
  CHECK(g.words[0].word == "a");
  CHECK(g.words[0].within_pairs == 2);
  CHECK(g.words[0].across_pairs == 4);
  CHECK(g.words[0].gap > 0.8);
  CHECK(std::abs(g.words[1].gap) < 1e-3);
  // a's nearest same-word point always shares its sense; b's (ties to the lower index) never
  CHECK(g.neighbour_same_sense == doctest::Approx(0.5));
  CHECK(g.neighbour_chance == doctest::Approx(1.0 / 3.0));
  // in a layout, by distance
  Eigen::MatrixXf layout(8, 2);
  layout << 0, 0, 0, 1, 5, 5, 5, 6, 0, 0, 9, 9, 0, 1, 9, 8;
  CHECK(layout_same_sense_share(layout, words, senses) == doctest::Approx(1.0));
  CHECK_THROWS_WITH_AS(sense_grouping(p, words, {"x"}), doctest::Contains("a word and a sense label"), InputError);
  CHECK_THROWS_WITH_AS(sense_grouping(p.topRows(0), {}, {}), doctest::Contains("no points"), InputError);
  CHECK_THROWS_WITH_AS(layout_same_sense_share(layout.topRows(0), {}, {}), doctest::Contains("no points"), InputError);
  CHECK_THROWS_WITH_AS(sense_grouping(p.topRows(3), {"a", "a", "c"}, {"x", "y", "x"}), doctest::Contains("only one point"), InputError);
  CHECK_THROWS_WITH_AS(sense_grouping(p.topRows(2), {"a", "a"}, {"x", "x"}), doctest::Contains("points in another"), InputError);
}
