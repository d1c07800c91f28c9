#include "core/lessons/word_contexts.hpp"

#include <algorithm>
#include <cstdlib>

namespace aw {
namespace {

// The byte lengths of the UTF-8 code points of s (a stray continuation byte counts alone).
std::vector<std::string> code_points(const std::string& s) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
    n = std::min(n, s.size() - i);
    out.push_back(s.substr(i, n));
    i += n;
  }
  return out;
}

}  // namespace

std::vector<std::string> char_ngrams(const std::string& word, int n) {
  if (n < 1 || n > kMaxNgram) {
    throw InputError("The n-gram length must be a whole number from 1 to " + std::to_string(kMaxNgram) + ".");
  }
  std::vector<std::string> chars = code_points(word);
  chars.insert(chars.begin(), "<");
  chars.push_back(">");
  std::vector<std::string> grams;
  for (std::size_t i = 0; i + static_cast<std::size_t>(n) <= chars.size(); ++i) {
    // as fastText's computeSubwords: a bracket alone is not a 1-gram
    if (n == 1 && (i == 0 || i + 1 == chars.size())) continue;
    std::string g;
    for (int k = 0; k < n; ++k) g += chars[i + static_cast<std::size_t>(k)];
    grams.push_back(g);
  }
  return grams;
}

WordContextsReport word_contexts(const WordContextsOptions& options) {
  if (options.window < 1 || options.window > kMaxContextWindow) {
    throw InputError("The window must be a whole number from 1 to " + std::to_string(kMaxContextWindow) + " (words on each side).");
  }
  if (options.ngram < 1 || options.ngram > kMaxNgram) {
    throw InputError("The n-gram length must be a whole number from 1 to " + std::to_string(kMaxNgram) + ".");
  }
  CorpusOptions corpus_options;
  corpus_options.corpus = options.corpus;
  const CorpusReport corpus = analyse_corpus(corpus_options);
  const Tokenized typed = tokenize(options.word, 2, 200);
  if (typed.tokens.empty()) throw InputError("Type a word of the corpus to follow.");
  if (typed.tokens.size() > 1) throw InputError("Type one word (no spaces) to follow.");

  WordContextsReport r;
  r.word = typed.tokens[0].key;
  r.window = options.window;
  r.ngram = options.ngram;
  r.vocabulary = corpus.vocabulary;
  const auto column = [&](const std::string& key) {
    return static_cast<std::size_t>(std::lower_bound(r.vocabulary.begin(), r.vocabulary.end(), key) - r.vocabulary.begin());
  };
  if (!std::binary_search(r.vocabulary.begin(), r.vocabulary.end(), r.word)) {
    throw InputError("“" + typed.tokens[0].text + "” is not in the corpus. Pick one of its words.");
  }
  r.cooccurrence_counts.assign(r.vocabulary.size(), 0.0);
  r.cooccurrence_weighted.assign(r.vocabulary.size(), 0.0);
  for (std::size_t d = 0; d < corpus.documents.size(); ++d) {
    const std::vector<Token>& doc = corpus.documents[d];
    const int n = static_cast<int>(doc.size());
    bool holds = false;
    for (int i = 0; i < n; ++i) {
      if (doc[static_cast<std::size_t>(i)].key != r.word) continue;
      holds = true;
      ++r.occurrences;
      CbowExample example{static_cast<int>(d), i, {}, r.word};
      for (int j = std::max(0, i - options.window); j <= std::min(n - 1, i + options.window); ++j) {
        if (j == i) continue;
        const std::string& key = doc[static_cast<std::size_t>(j)].key;
        example.context.push_back(key);
        r.skipgram.push_back({static_cast<int>(d), i, r.word, key, j - i});
        r.cooccurrence_counts[column(key)] += 1.0;
        r.cooccurrence_weighted[column(key)] += 1.0 / std::abs(j - i);
      }
      r.cbow.push_back(std::move(example));
      ElmoOccurrence occurrence{static_cast<int>(d), i, {}, {}};
      for (int j = 0; j < i; ++j) occurrence.left.push_back(doc[static_cast<std::size_t>(j)].key);
      for (int j = n - 1; j > i; --j) occurrence.right.push_back(doc[static_cast<std::size_t>(j)].key);
      r.elmo.push_back(std::move(occurrence));
    }
    if (holds) ++r.distinct_contexts;
  }
  r.bracketed = "<" + r.word + ">";
  r.char_ngrams = char_ngrams(r.word, options.ngram);
  return r;
}

}  // namespace aw
