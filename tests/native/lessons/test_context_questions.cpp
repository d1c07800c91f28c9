// Chapter 2: "I am going to London": who and where have a word in the sentence, when has none;
// the attention row shown is the workbench's.
#include <doctest/doctest.h>

#include "core/lessons/context_questions.hpp"

namespace {

aw::ContextQuestionsReport ask(const std::string& sentence, int centre = 2) {
  aw::ContextQuestionsOptions o;
  o.workbench.sentence = sentence;
  o.centre = centre;
  return aw::context_questions(o);
}

}  // namespace

TEST_CASE("I am going to London: who is I, where is London, when has no word") {
  const aw::ContextQuestionsReport r = ask("I am going to London");
  REQUIRE(r.questions.size() == 3);
  CHECK(r.questions[0].question == "who");
  CHECK(r.questions[0].answer == std::vector<int>{0});
  CHECK(r.questions[1].question == "where");
  CHECK(r.questions[1].answer == std::vector<int>{4});
  CHECK(r.questions[2].question == "when");
  CHECK(r.questions[2].answer.empty());
  CHECK(r.questions[2].weight == 0.0);
  CHECK(r.tokens[r.centre].text == "going");
}

TEST_CASE("the row is the workbench's attn_weights row, and the question weights are its entries") {
  aw::ContextQuestionsOptions o;
  o.workbench.sentence = "I am going to London";
  const aw::ContextQuestionsReport r = aw::context_questions(o);
  const aw::WorkbenchReport wb = aw::run_workbench(o.workbench);
  for (int j = 0; j < 5; ++j) CHECK(r.attention_row[j] == wb.projected.attn_weights(2, j));
  CHECK(r.row_sum == doctest::Approx(1.0).epsilon(1e-12));
  CHECK(r.questions[0].weight == r.attention_row[0]);
  CHECK(r.questions[1].weight == r.attention_row[4]);
  CHECK(r.answered_weight == doctest::Approx(r.attention_row[0] + r.attention_row[4]).epsilon(1e-15));
  CHECK((r.pairs.one_product - wb.projected.raw_scores).cwiseAbs().maxCoeff() < 1e-12);
  CHECK(r.pairs.max_difference < 1e-12);
}

TEST_CASE("a time word makes when answerable, a name answers who, a determiner is skipped for where") {
  const aw::ContextQuestionsReport r = ask("Noa is going to the river tomorrow", 2);
  CHECK(r.questions[0].answer == std::vector<int>{0});
  CHECK(r.questions[0].cue == "a capitalised name");
  CHECK(r.questions[1].answer == std::vector<int>{5});
  CHECK(r.questions[2].answer == std::vector<int>{6});
  CHECK(r.questions[2].weight == r.attention_row[6]);
  CHECK(ask("We leave at 5pm in 2026").questions[2].answer == std::vector<int>{3, 5});
  CHECK(ask("We leave at 5pm").questions[1].answer.empty());  // "at 5pm" is a time, not a place
  CHECK(ask("I am here").questions[2].answer.empty());          // "am" is the verb
}

TEST_CASE("the centre is clamped to the sentence and an empty sentence is refused") {
  CHECK(ask("I am going", 9).centre == 2);
  CHECK_THROWS_AS(ask("   "), aw::InputError);
}

TEST_CASE("where finds no place: the cue says what the sentence has instead of one") {
  CHECK(ask("The train leaves at 5pm").questions[1].cue == "“at” is followed by “5pm”, a time, not a place");
  CHECK(ask("We leave at 5pm in 2026").questions[1].cue ==
        "“at” is followed by “5pm”, a time, not a place; “in” is followed by “2026”, a time, not a place");
  CHECK(ask("Where are we going to").questions[1].cue == "nothing follows “to”");
  CHECK(ask("She went up to the").questions[1].cue == "nothing follows “to the”");
  CHECK(ask("I am going home").questions[1].cue == "no place word such as “to”, “in” or “at”");
  CHECK(ask("I am going to London").questions[1].cue == "the word after “to”");
  // a place word followed by another is passed over for the next one's word
  const aw::ContextQuestionsReport r = ask("We went in to town");
  CHECK(r.questions[1].answer == std::vector<int>{4});
  CHECK(r.questions[1].cue == "the word after “to”");
}
