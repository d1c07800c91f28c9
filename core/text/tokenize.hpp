// Splitting a learner's sentence into word tokens, the way the notebook does
// ("Bank of the river".split(), looked up with w.lower()), but tolerant of punctuation.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace aw {

struct Token {
  std::string text;  // as typed, e.g. "Bank"
  std::string key;   // lookup key: ASCII-lowercased, e.g. "bank"
};

struct Tokenized {
  std::vector<Token> tokens;         // at most max_tokens of them
  std::size_t words_found = 0;       // before truncation
  std::vector<std::string> notices;  // what was dropped or cut, in words for the learner
};

// A token is a run of letters, digits and non-ASCII characters; an apostrophe or hyphen
// inside a word keeps it whole ("don't", "well-known"). Other punctuation separates words and
// is dropped. Input longer than max_chars bytes is cut first, so a pasted book cannot stall us.
Tokenized tokenize(const std::string& sentence, std::size_t max_tokens,
                   std::size_t max_chars = 20000);

}  // namespace aw
