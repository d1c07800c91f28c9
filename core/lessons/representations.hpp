// Chapter 1 (Class 04): from token IDs to vectors. A small corpus as token IDs, one-hot
// vectors, bag-of-words counts and TF-IDF (scikit-learn's TfidfVectorizer defaults), with the
// numbers that show what each representation does and does not tell. Dense embeddings and
// contextual vectors come from the workbench (core/lessons/workbench.hpp); shapes from
// representation_shapes().
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/math/matrix.hpp"
#include "core/text/tokenize.hpp"

namespace aw {

constexpr int kMaxCorpusDocuments = 8;
constexpr int kMaxDocumentTokens = 40;
constexpr int kMaxCorpusVocabulary = 120;

struct CorpusOptions {
  // One document per line; blank lines are skipped. Words are split by tokenize() and
  // lowercased (so "Dog" and "dog" are one term), punctuation dropped.
  std::string corpus = "the dog chased the cat\nthe cat chased the dog\na dog is a loyal pet\nthe car is parked by the house";
  int focus = 0;            // the document shown as IDs and one-hot rows
  std::string word_a = "dog", word_b = "cat";  // the pair the ID-gap and one-hot numbers use
};

struct CorpusReport {
  std::vector<std::vector<Token>> documents;  // tokens of each document
  std::vector<std::string> notices;
  std::vector<std::string> vocabulary;         // sorted, as TfidfVectorizer's get_feature_names_out()
  std::vector<std::string> first_appearance;   // the same terms in order of first appearance
  std::vector<std::vector<int>> ids;           // per document: index of each token in `vocabulary`
  int focus = 0;
  MatD one_hot;          // focus document: (tokens, vocabulary), one 1 per row
  MatD one_hot_gram;     // one_hot one_hotᵀ: 1 where two positions hold the same word, else 0
  MatD counts;           // bag of words: (documents, vocabulary)
  std::vector<int> document_frequency;  // documents containing each term
  std::vector<double> idf;              // ln((1 + n) / (1 + df)) + 1  (smooth_idf=True)
  MatD tfidf;            // counts × idf, each row scaled to length 1 (norm='l2', sublinear_tf=False)
  MatD tfidf_cosine;     // (documents, documents): cosine of TF-IDF rows (their dot, rows being unit)
  std::vector<std::pair<int, int>> same_counts;  // document pairs with identical count rows
  // The ID pair: positions in the sorted and first-appearance lists, and the gaps between them.
  std::optional<int> id_a_sorted, id_b_sorted, id_a_first, id_b_first;
  std::optional<int> gap_sorted, gap_first;
  std::optional<double> one_hot_dot_ab, one_hot_cosine_ab;  // 0 for different words
};

CorpusReport analyse_corpus(const CorpusOptions& options);

// Chapter 1's three independent sizes and the shape each representation gets from them.
struct NamedSize {
  std::string name;   // "token IDs", "one-hot", ...
  std::vector<long> shape;
  std::string axes;   // what each axis counts
  long values = 0;    // number of stored numbers
};
std::vector<NamedSize> representation_shapes(long vocabulary_size, long sequence_length, long width);

}  // namespace aw
