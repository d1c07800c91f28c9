// Chapter 1 (Class 04): what each classic way of learning word vectors uses as a word's
// context, computed on the chapter's corpus. Nothing is trained here: these are the training
// examples each method would read (CBOW, skip-gram), the statistics it would fit (GloVe's
// co-occurrence row), the pieces it would sum (fastText's character n-grams), and what a
// contextual model reads instead (ELMo: the whole sentence, left to right and right to left).
#pragma once
#include <string>
#include <vector>

#include "core/lessons/representations.hpp"

namespace aw {

constexpr int kMaxContextWindow = 10;
constexpr int kMaxNgram = 6;

struct WordContextsOptions {
  std::string corpus = CorpusOptions{}.corpus;  // one document per line, as analyse_corpus reads it
  std::string word = "dog";                     // looked up by its key (lowercased)
  int window = 2;                               // positions on each side, as word2vec's window
  int ngram = 3;                                // fastText's character n-gram length
};

struct CbowExample {
  int document = 0, position = 0;    // where the target stands
  std::vector<std::string> context;  // the words within `window` on both sides, in order
  std::string target;
};

struct SkipGramPair {
  int document = 0, position = 0;  // the target's place
  std::string target, context;
  int offset = 0;  // context position − target position (−window … window, never 0)
};

struct ElmoOccurrence {
  int document = 0, position = 0;
  std::vector<std::string> left;   // what the forward (left-to-right) model has read before the word
  std::vector<std::string> right;  // what the backward (right-to-left) model has read before it
};

struct WordContextsReport {
  std::string word;     // the key looked up
  int window = 0, ngram = 0;
  std::vector<std::string> vocabulary;  // sorted, as analyse_corpus
  int occurrences = 0;
  std::vector<CbowExample> cbow;
  std::vector<SkipGramPair> skipgram;
  // GloVe: X_word,j over the corpus within `window`: plain counts and GloVe's weighting, where
  // a pair `offset` apart adds 1 / |offset| (the reference glove's cooccur.c).
  std::vector<double> cooccurrence_counts, cooccurrence_weighted;
  // fastText: the word in angle brackets, cut into every piece of `ngram` characters, plus the
  // whole bracketed word as its own unit. Characters are UTF-8 code points.
  std::string bracketed;
  std::vector<std::string> char_ngrams;
  std::vector<ElmoOccurrence> elmo;
  int distinct_contexts = 0;  // documents (sentences) holding the word: one static vector, this many contextual ones
};

WordContextsReport word_contexts(const WordContextsOptions& options);

// fastText's character n-grams of one word ("<" + word + ">", every run of n code points).
std::vector<std::string> char_ngrams(const std::string& word, int n);

}  // namespace aw
