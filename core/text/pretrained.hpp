// Embedding tables that are not drawn from a seed: pretrained vectors (a GloVe subset or the
// learner's own file) looked up word by word, with a chosen policy for missing words, and
// one-hot vectors. Both feed the same X -> Q, K, V pipeline as the notebook's random tables.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/text/embedding.hpp"
#include "core/text/tokenize.hpp"

namespace aw {

struct PretrainedTable {
  std::string name;                // shown to the learner, e.g. "GloVe 6B 100-d subset"
  std::vector<std::string> words;  // row i of `vectors` belongs to words[i]
  MatD vectors;                    // (words, width)
  // What the page knows of where the rows come from. The page hands in only the rows a sentence
  // needs: total_words is the size of the whole loaded table (0: these rows are all of it).
  long total_words = 0;
  // True for the bundled GloVe subset (trained on word co-occurrence); false for a learner's file,
  // whose vectors could have been made any way: the page cannot tell.
  bool known_trained = false;
};

// What happens to a word the vectors do not have.
enum class OovPolicy {
  Skip,    // leave it out of the sentence
  Zero,    // a vector of zeros
  Random,  // a random vector, drawn in the core from default_rng(embed_seed)
};

const char* oov_policy_name(OovPolicy policy);

struct OovReport {
  std::string policy;                       // "skip", "zero" or "random"
  std::vector<std::string> missing;         // lookup keys not in the vectors, first appearance first
  std::vector<std::string> found_as_typed;  // keys missing in lowercase but found as the learner typed them
  std::string consequence;                  // what the policy does to the numbers, for the learner
  std::string case_note;                    // how capitals are handled
};

struct PretrainedLookup {
  EmbeddingTable table;       // one row per distinct word used (missing words per the policy)
  std::vector<Token> tokens;  // the sentence's tokens after the policy (Skip removes some)
  OovReport oov;
};

// Looks up `vocab_first` (keys, e.g. another sentence's words sharing the table) and then the
// tokens. The lowercase key is tried first, then the word as typed (for case-sensitive files).
// Random vectors are normal with the typical length of the vectors found, so they neither
// dominate nor vanish; they are drawn in order of first appearance.
PretrainedLookup lookup_pretrained(const PretrainedTable& pretrained,
                                   const std::vector<std::string>& vocab_first,
                                   const std::vector<Token>& tokens, OovPolicy policy,
                                   std::uint64_t seed);

// One-hot vectors: the course vocabulary plus the extra words, each word its own axis, so the
// width is the vocabulary size and every pair of different words has cosine 0.
EmbeddingTable one_hot_table(const std::vector<std::string>& extra_words);

}  // namespace aw
