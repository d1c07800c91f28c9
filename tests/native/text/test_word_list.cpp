// The word list under the vector-file parser: one block of words with a hash index for the
// duplicate check. Checked against std::unordered_map on many words, past every reservation.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/text/word_list.hpp"

using aw::WordList;

TEST_CASE("a word list keeps words in order and finds the earlier copy of a repeated word") {
  WordList words;
  CHECK(words.empty());
  CHECK(words.add_unique("bank") == WordList::kAdded);
  CHECK(words.add_unique("river") == WordList::kAdded);
  CHECK(words.add_unique("b\xC3\xA4nk") == WordList::kAdded);  // UTF-8 bytes are bytes
  CHECK(words.add_unique("river") == 1);
  CHECK(words.add_unique("bank") == 0);
  CHECK(words.add_unique("ban") == WordList::kAdded);  // a prefix is another word
  REQUIRE(words.size() == 4);
  CHECK(words[0] == "bank");
  CHECK(words[2] == "b\xC3\xA4nk");
  CHECK(words.back() == "ban");
  CHECK(words.joined() == "bank\nriver\nb\xC3\xA4nk\nban\n");
  CHECK(words.to_strings() == std::vector<std::string>{"bank", "river", "b\xC3\xA4nk", "ban"});
}

TEST_CASE("a word list agrees with std::unordered_map over 100,000 words, grown far past its reservation") {
  for (const std::size_t reserved : {0, 10, 100000}) {
    WordList words;
    words.reserve(reserved, 8 * reserved);
    std::unordered_map<std::string, std::size_t> index;
    std::vector<std::string> order;
    std::uint32_t state = 12345;
    int disagreements = 0;
    for (int i = 0; i < 150000; ++i) {
      state = state * 1664525u + 1013904223u;  // repeats are common: 40,000 distinct values
      const std::string word = "w" + std::to_string(state % 40000 * 7919 % 100003);
      const auto [it, added] = index.emplace(word, order.size());
      const std::size_t got = words.add_unique(word);
      if (added) order.push_back(word);
      disagreements += got != (added ? WordList::kAdded : it->second);
    }
    CHECK(disagreements == 0);
    CHECK(words.to_strings() == order);
  }
}
