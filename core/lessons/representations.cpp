#include "core/lessons/representations.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

namespace aw {
namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::string current;
  for (char c : text) {
    if (c == '\n') {
      lines.push_back(current);
      current.clear();
    } else if (c != '\r') {
      current += c;
    }
  }
  lines.push_back(current);
  std::vector<std::string> kept;
  for (const auto& line : lines) {
    if (line.find_first_not_of(" \t") != std::string::npos) kept.push_back(line);
  }
  return kept;
}

std::optional<int> index_in(const std::vector<std::string>& list, const std::string& key) {
  const auto it = std::find(list.begin(), list.end(), key);
  if (it == list.end()) return std::nullopt;
  return static_cast<int>(it - list.begin());
}

std::string key_of(const std::string& word) {
  const Tokenized t = tokenize(word, 1);
  return t.tokens.empty() ? "" : t.tokens[0].key;
}

}  // namespace

CorpusReport analyse_corpus(const CorpusOptions& options) {
  const std::vector<std::string> lines = split_lines(options.corpus);
  if (lines.empty()) throw InputError("Type at least one document (one per line).");
  if (lines.size() > static_cast<std::size_t>(kMaxCorpusDocuments)) {
    throw InputError("At most " + std::to_string(kMaxCorpusDocuments) + " documents here (one per line); this has " +
                     std::to_string(lines.size()) + ".");
  }
  CorpusReport r;
  for (std::size_t d = 0; d < lines.size(); ++d) {
    Tokenized t = tokenize(lines[d], static_cast<std::size_t>(kMaxDocumentTokens), 2000);
    for (const auto& n : t.notices) r.notices.push_back("Document " + std::to_string(d + 1) + ": " + n);
    for (const auto& token : t.tokens) {
      if (!index_in(r.first_appearance, token.key)) r.first_appearance.push_back(token.key);
    }
    r.documents.push_back(std::move(t.tokens));
  }
  if (r.first_appearance.empty()) throw InputError("The documents have no words to count.");
  if (r.first_appearance.size() > static_cast<std::size_t>(kMaxCorpusVocabulary)) {
    throw InputError("The corpus has " + std::to_string(r.first_appearance.size()) + " different words; at most " +
                     std::to_string(kMaxCorpusVocabulary) + " fit here.");
  }
  r.vocabulary = r.first_appearance;
  std::sort(r.vocabulary.begin(), r.vocabulary.end());
  const long n_docs = static_cast<long>(r.documents.size());
  const long n_terms = static_cast<long>(r.vocabulary.size());
  std::map<std::string, int> column;
  for (long j = 0; j < n_terms; ++j) column[r.vocabulary[j]] = static_cast<int>(j);

  r.counts = MatD::Zero(n_docs, n_terms);
  for (long d = 0; d < n_docs; ++d) {
    std::vector<int> ids;
    for (const auto& token : r.documents[d]) {
      ids.push_back(column[token.key]);
      r.counts(d, ids.back()) += 1;
    }
    r.ids.push_back(std::move(ids));
  }
  r.idf.resize(n_terms);
  for (long j = 0; j < n_terms; ++j) {
    int df = 0;
    for (long d = 0; d < n_docs; ++d) df += r.counts(d, j) > 0 ? 1 : 0;
    r.document_frequency.push_back(df);
    r.idf[j] = std::log((1.0 + n_docs) / (1.0 + df)) + 1.0;
  }
  r.tfidf = r.counts;
  for (long d = 0; d < n_docs; ++d) {
    for (long j = 0; j < n_terms; ++j) r.tfidf(d, j) *= r.idf[j];
    const double length = r.tfidf.row(d).norm();
    if (length > 0) r.tfidf.row(d) /= length;  // a document without words stays all zeros
  }
  r.tfidf_cosine = r.tfidf * r.tfidf.transpose();
  for (long a = 0; a < n_docs; ++a) {
    for (long b = a + 1; b < n_docs; ++b) {
      if (r.counts.row(a) == r.counts.row(b)) r.same_counts.emplace_back(a, b);
    }
  }

  r.focus = std::max(0, std::min(options.focus, static_cast<int>(n_docs) - 1));
  if (r.focus != options.focus) r.notices.push_back("The chosen document does not exist; document " + std::to_string(r.focus + 1) + " is shown.");
  const auto& focus_ids = r.ids[r.focus];
  r.one_hot = MatD::Zero(static_cast<long>(focus_ids.size()), n_terms);
  for (std::size_t i = 0; i < focus_ids.size(); ++i) r.one_hot(static_cast<long>(i), focus_ids[i]) = 1;
  r.one_hot_gram = r.one_hot * r.one_hot.transpose();

  const std::string a = key_of(options.word_a), b = key_of(options.word_b);
  r.id_a_sorted = index_in(r.vocabulary, a);
  r.id_b_sorted = index_in(r.vocabulary, b);
  r.id_a_first = index_in(r.first_appearance, a);
  r.id_b_first = index_in(r.first_appearance, b);
  if (r.id_a_sorted && r.id_b_sorted) {
    r.gap_sorted = std::abs(*r.id_a_sorted - *r.id_b_sorted);
    r.gap_first = std::abs(*r.id_a_first - *r.id_b_first);
    RowVec<double> ea = RowVec<double>::Zero(n_terms), eb = RowVec<double>::Zero(n_terms);
    ea[*r.id_a_sorted] = 1;
    eb[*r.id_b_sorted] = 1;
    r.one_hot_dot_ab = ea.dot(eb);
    r.one_hot_cosine_ab = ea.dot(eb) / (ea.norm() * eb.norm());
  } else {
    r.notices.push_back("Pick two words that occur in the corpus to compare their IDs and one-hot vectors.");
  }
  return r;
}

std::vector<NamedSize> representation_shapes(long V, long T, long d) {
  if (V < 1 || T < 1 || d < 1) throw InputError("Vocabulary size, sequence length and width must each be at least 1.");
  if (V > 1000000 || T > 100000 || d > 100000) throw InputError("These sizes are beyond what this page shows.");
  return {
      {"token IDs", {T}, "one integer per token", T},
      {"one-hot", {T, V}, "tokens × vocabulary entries", T * V},
      {"bag of words / TF-IDF", {V}, "one number per vocabulary entry, for the whole sentence", V},
      {"embedding table", {V, d}, "vocabulary entries × features (parameters when trainable, a fixed input when frozen)", V * d},
      {"dense embeddings X", {T, d}, "tokens × features (rows looked up by ID)", T * d},
      {"contextual vectors Y", {T, d}, "tokens × features (each row mixes the sentence)", T * d},
      {"attention weights A", {T, T}, "tokens × tokens", T * T},
  };
}

}  // namespace aw
