// The sense task's data (core/train/sentences.tsv): its rules, checked on the committed file.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <set>

#include "core/math/matrix.hpp"
#include "core/train/task_data.hpp"

using namespace aw::train;

TEST_CASE("task data: sizes, classes and the ambiguous word's position") {
  const TaskData& d = task_data();
  CHECK(d.train.size() >= 60);
  CHECK(d.train.size() <= 100);
  CHECK(d.validation.size() >= 30);
  CHECK(d.validation.size() <= 40);
  CHECK(d.classes.size() == 8);
  CHECK(d.classes[0] == "bank: river");
  CHECK(d.classes[1] == "bank: money");
  for (const auto* set : {&d.train, &d.validation}) {
    for (const auto& e : *set) {
      CHECK(e.tokens[static_cast<std::size_t>(e.target)] == e.word);
      CHECK(d.classes[static_cast<std::size_t>(e.label)] == e.word + ": " + e.sense);
    }
  }
  std::set<int> first_eight;
  for (std::size_t i = 0; i < 8; ++i) first_eight.insert(d.train[i].label);
  CHECK(first_eight.size() == 8);  // the 'eight' set has one example of every class
}

TEST_CASE("task data: validation context words never occur in training (beside the listed function words)") {
  const TaskData& d = task_data();
  std::set<std::string> training, allowed(d.function_words.begin(), d.function_words.end());
  for (const auto& e : d.train) {
    training.insert(e.tokens.begin(), e.tokens.end());
    allowed.insert(e.word);
  }
  int context_words = 0;
  for (const auto& e : d.validation) {
    for (const auto& w : e.tokens) {
      if (allowed.count(w)) continue;
      ++context_words;
      INFO(e.text);
      CHECK(training.count(w) == 0);
    }
  }
  CHECK(context_words > 100);
}

TEST_CASE("task data: every word is in the bundled GloVe subset") {
  std::ifstream in(std::string(AW_TEST_DATA_DIR) + "/../public/data/glove-100d.words.txt");
  REQUIRE(in.good());
  std::set<std::string> glove;
  for (std::string w; std::getline(in, w);) glove.insert(w);
  for (const auto& w : task_data().vocabulary) {
    INFO(w);
    CHECK(glove.count(w) == 1);
  }
}

TEST_CASE("task data: a malformed line is refused with its number") {
  CHECK_THROWS_WITH_AS(parse_task_data("train\tbank\triver\tthe bank bank\n"),
                       "task data line 1: \"bank\" must occur exactly once in its sentence", aw::InputError);
  CHECK_THROWS_AS(parse_task_data("# comment\ntrain\tbank\n"), aw::InputError);
}
