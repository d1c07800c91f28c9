// Chapter 1: what CBOW, skip-gram, GloVe, fastText and ELMo read as a word's context, against
// the plain-Python goldens of scripts/make_class04_golden.py.
#include <doctest/doctest.h>

#include "core/lessons/word_contexts.hpp"
#include "tests/native/golden.hpp"

namespace {

std::vector<std::string> strings(const nlohmann::json& j) { return j.get<std::vector<std::string>>(); }

}  // namespace

TEST_CASE("word contexts match the Python golden on the chapter's corpus") {
  const nlohmann::json fixture = golden::load("class04_extras");
  for (const auto& g : fixture["word_contexts"]) {
    aw::WordContextsOptions o;
    o.word = g["word"].get<std::string>();
    o.window = g["window"].get<int>();
    o.ngram = g["ngram"].get<int>();
    const aw::WordContextsReport r = aw::word_contexts(o);
    CAPTURE(o.word);
    CHECK(r.vocabulary == strings(g["vocabulary"]));
    REQUIRE(r.cbow.size() == g["cbow"].size());
    for (std::size_t k = 0; k < r.cbow.size(); ++k) {
      CHECK(r.cbow[k].document == g["cbow"][k]["document"].get<int>());
      CHECK(r.cbow[k].position == g["cbow"][k]["position"].get<int>());
      CHECK(r.cbow[k].context == strings(g["cbow"][k]["context"]));
      CHECK(r.cbow[k].target == o.word);
    }
    REQUIRE(r.skipgram.size() == g["skipgram"].size());
    for (std::size_t k = 0; k < r.skipgram.size(); ++k) {
      CHECK(r.skipgram[k].context == g["skipgram"][k]["context"].get<std::string>());
      CHECK(r.skipgram[k].offset == g["skipgram"][k]["offset"].get<int>());
      CHECK(r.skipgram[k].document == g["skipgram"][k]["document"].get<int>());
    }
    CHECK(r.cooccurrence_counts == g["cooccurrence_counts"].get<std::vector<double>>());
    const auto weighted = g["cooccurrence_weighted"].get<std::vector<double>>();
    REQUIRE(r.cooccurrence_weighted.size() == weighted.size());
    for (std::size_t j = 0; j < weighted.size(); ++j) CHECK(r.cooccurrence_weighted[j] == doctest::Approx(weighted[j]).epsilon(1e-15));
    CHECK(r.char_ngrams == strings(g["char_ngrams"]));
    REQUIRE(r.elmo.size() == g["elmo"].size());
    for (std::size_t k = 0; k < r.elmo.size(); ++k) {
      CHECK(r.elmo[k].left == strings(g["elmo"][k]["left"]));
      CHECK(r.elmo[k].right == strings(g["elmo"][k]["right"]));
    }
    CHECK(r.distinct_contexts == g["distinct_contexts"].get<int>());
    CHECK(r.occurrences == static_cast<int>(r.cbow.size()));
  }
}

TEST_CASE("fastText n-grams of bank and where, and of a word with a non-ASCII letter") {
  const nlohmann::json fixture = golden::load("class04_extras");
  for (const auto& [word, grams] : fixture["char_ngrams"].items()) CHECK(aw::char_ngrams(word, 3) == strings(grams));
  CHECK(aw::char_ngrams("café", 3) == std::vector<std::string>{"<ca", "caf", "afé", "fé>"});
  CHECK(aw::char_ngrams("ab", 1) == std::vector<std::string>{"a", "b"});
  CHECK(aw::char_ngrams("ab", 5).empty());  // "<ab>" has 4 characters: no 5-gram
}

TEST_CASE("skip-gram pairs are CBOW examples turned inside out") {
  aw::WordContextsOptions o;
  o.word = "Cat";  // looked up lowercased
  const aw::WordContextsReport r = aw::word_contexts(o);
  std::size_t pairs = 0;
  for (const auto& e : r.cbow) pairs += e.context.size();
  CHECK(pairs == r.skipgram.size());
  double total = 0;
  for (double c : r.cooccurrence_counts) total += c;
  CHECK(total == doctest::Approx(static_cast<double>(pairs)));
}

TEST_CASE("bad input is refused with a sentence for the learner") {
  aw::WordContextsOptions o;
  o.word = "zebra";
  CHECK_THROWS_WITH_AS(aw::word_contexts(o), doctest::Contains("not in the corpus"), aw::InputError);
  o.word = "   ";
  CHECK_THROWS_AS(aw::word_contexts(o), aw::InputError);
  o.word = "dog cat";
  CHECK_THROWS_WITH_AS(aw::word_contexts(o), doctest::Contains("one word"), aw::InputError);
  o.word = "dog";
  o.window = 0;
  CHECK_THROWS_AS(aw::word_contexts(o), aw::InputError);
  o.window = 2;
  o.ngram = 7;
  CHECK_THROWS_AS(aw::word_contexts(o), aw::InputError);
  o.ngram = 3;
  o.corpus = "\n \n";
  CHECK_THROWS_AS(aw::word_contexts(o), aw::InputError);
}
