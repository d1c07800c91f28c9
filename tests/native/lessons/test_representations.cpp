// Chapter 1: token IDs, one-hot, bag of words and TF-IDF, against scikit-learn.
#include <doctest/doctest.h>

#include "core/lessons/representations.hpp"
#include "tests/native/golden.hpp"

namespace {

std::string join_lines(const nlohmann::json& docs) {
  std::string out;
  for (const auto& d : docs) out += d.get<std::string>() + "\n";
  return out;
}

}  // namespace

TEST_CASE("corpus: sorted vocabulary, IDs, one-hot rows and counts of the default corpus") {
  const aw::CorpusReport r = aw::analyse_corpus(aw::CorpusOptions{});
  CHECK(r.vocabulary == std::vector<std::string>{"a", "by", "car", "cat", "chased", "dog", "house", "is", "loyal", "parked", "pet", "the"});
  CHECK(r.ids[0] == std::vector<int>{11, 5, 4, 11, 3});  // the dog chased the cat
  CHECK(r.one_hot.rows() == 5);
  CHECK(r.one_hot.cols() == 12);
  CHECK(r.one_hot.rowwise().sum() == Eigen::VectorXd::Ones(5));
  CHECK(r.one_hot_gram(0, 3) == 1.0);  // "the" twice
  CHECK(r.one_hot_gram(1, 4) == 0.0);  // dog vs cat
  CHECK(r.counts(0, 11) == 2.0);
  CHECK(r.same_counts == std::vector<std::pair<int, int>>{{0, 1}});  // word order is lost
  CHECK(r.tfidf_cosine(0, 1) == doctest::Approx(1.0));
}

TEST_CASE("corpus: ID gaps depend on the listing order, one-hot says nothing about relatedness") {
  aw::CorpusOptions o;
  const aw::CorpusReport r = aw::analyse_corpus(o);
  CHECK(*r.id_a_sorted == 5);  // dog
  CHECK(*r.id_b_sorted == 3);  // cat
  CHECK(*r.gap_sorted == 2);
  CHECK(*r.id_a_first == 1);   // the, dog, chased, cat: dog 1, cat 3
  CHECK(*r.gap_first == 2);
  o.word_b = "car";
  const aw::CorpusReport car = aw::analyse_corpus(o);
  CHECK(*car.gap_sorted == 3);
  CHECK(*car.gap_first != *car.gap_sorted);
  CHECK(*car.one_hot_dot_ab == 0.0);
  CHECK(*car.one_hot_cosine_ab == 0.0);
}

TEST_CASE("corpus: TF-IDF and counts equal scikit-learn's TfidfVectorizer defaults (1e-12)") {
  const nlohmann::json g = golden::load("sklearn_tfidf");
  for (const auto& c : g["cases"]) {
    aw::CorpusOptions o;
    o.corpus = join_lines(c["documents"]);
    const aw::CorpusReport r = aw::analyse_corpus(o);
    CHECK(nlohmann::json(r.vocabulary) == c["vocabulary"]);
    for (std::size_t d = 0; d < r.documents.size(); ++d) {
      std::vector<std::string> keys;
      for (const auto& t : r.documents[d]) keys.push_back(t.key);
      CHECK(nlohmann::json(keys) == c["tokens"][d]);
    }
    CHECK_CLOSE("counts", r.counts, c["counts"], 0.0);
    CHECK_CLOSE("idf", Eigen::Map<const aw::MatD>(r.idf.data(), 1, static_cast<long>(r.idf.size())), c["idf"], 1e-12);
    CHECK_CLOSE("tfidf", r.tfidf, c["tfidf"], 1e-12);
    CHECK_CLOSE("tfidf_cosine", r.tfidf_cosine, c["tfidf_cosine"], 1e-12);
  }
}

TEST_CASE("corpus: empty, oversized and wordless input is refused with a message") {
  aw::CorpusOptions o;
  o.corpus = "\n  \n";
  CHECK_THROWS_WITH_AS(aw::analyse_corpus(o), doctest::Contains("at least one document"), aw::InputError);
  o.corpus = "1\n2\n3\n4\n5\n6\n7\n8\n9";
  CHECK_THROWS_WITH_AS(aw::analyse_corpus(o), doctest::Contains("At most 8 documents"), aw::InputError);
  o.corpus = "!!! ???";
  CHECK_THROWS_WITH_AS(aw::analyse_corpus(o), doctest::Contains("no words"), aw::InputError);
  o.corpus = "<script>alert(1)</script>";
  CHECK(aw::analyse_corpus(o).vocabulary == std::vector<std::string>{"1", "alert", "script"});
}

TEST_CASE("shapes: three independent sizes give every representation's shape") {
  const auto shapes = aw::representation_shapes(10000, 12, 256);
  CHECK(shapes[0].shape == std::vector<long>{12});
  CHECK(shapes[1].shape == std::vector<long>{12, 10000});
  CHECK(shapes[1].values == 120000);
  CHECK(shapes[3].shape == std::vector<long>{10000, 256});
  CHECK(shapes[4].values == 12 * 256);
  CHECK_THROWS_AS(aw::representation_shapes(0, 1, 1), aw::InputError);
}
