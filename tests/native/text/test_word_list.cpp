// The word list under the vector-file parser: one block of words, checked for repeats once they
// are all in. The repeat check is held to a std::unordered_map walk over many words, with hashes
// that collide, past every reservation.
#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/text/word_list.hpp"

using aw::WordList;

namespace {
// The repeat a reader meets first, found the plain way: the first word already seen, and where.
std::optional<WordList::Repeat> first_repeat_by_map(const std::vector<std::string>& words) {
  std::unordered_map<std::string, std::size_t> seen;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const auto [it, added] = seen.emplace(words[i], i);
    if (!added) return WordList::Repeat{it->second, i};
  }
  return std::nullopt;
}

WordList list_of(const std::vector<std::string>& words, std::size_t reserved = 0) {
  WordList list;
  list.reserve(reserved, 8 * reserved);
  for (const std::string& word : words) list.add(word);
  return list;
}

bool same(const std::optional<WordList::Repeat>& a, const std::optional<WordList::Repeat>& b) {
  return a.has_value() == b.has_value() && (!a || (a->first == b->first && a->second == b->second));
}
}  // namespace

TEST_CASE("a word list keeps words in order and names the first repeat") {
  WordList words;
  CHECK(words.empty());
  CHECK_FALSE(words.first_repeat().has_value());
  for (const char* word : {"bank", "river", "b\xC3\xA4nk", "ban"}) words.add(word);  // UTF-8 bytes are bytes; a prefix is another word
  CHECK_FALSE(words.first_repeat().has_value());
  REQUIRE(words.size() == 4);
  CHECK(words[0] == "bank");
  CHECK(words[2] == "b\xC3\xA4nk");
  CHECK(words.back() == "ban");
  CHECK(words.joined() == "bank\nriver\nb\xC3\xA4nk\nban\n");
  CHECK(words.to_strings() == std::vector<std::string>{"bank", "river", "b\xC3\xA4nk", "ban"});

  // "river" comes back before "bank" does: the reader meets that repeat first.
  words.add("river");
  words.add("bank");
  const std::optional<WordList::Repeat> repeat = words.first_repeat();
  REQUIRE(repeat.has_value());
  CHECK(repeat->first == 1);
  CHECK(repeat->second == 4);
  // A word three times: its first two entries.
  CHECK(same(list_of({"a", "b", "a", "a"}).first_repeat(), WordList::Repeat{0, 2}));
  CHECK(same(list_of({"x", "x"}).first_repeat(), WordList::Repeat{0, 1}));
  CHECK(same(list_of({""}).first_repeat(), std::nullopt));
}

TEST_CASE("a word list's first repeat agrees with std::unordered_map over 100,000 words, grown past its reservation") {
  int disagreements = 0;
  for (const std::size_t reserved : {0, 10, 100000}) {
    for (const std::size_t distinct : {40000, 1000000}) {  // repeats common, then rare
      std::vector<std::string> all;
      std::uint32_t state = 12345 + static_cast<std::uint32_t>(distinct);
      for (int i = 0; i < 100000; ++i) {
        state = state * 1664525u + 1013904223u;
        all.push_back("w" + std::to_string(state % distinct));
      }
      // Every prefix length the check could cut at, roughly: ends before, at and after repeats.
      for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{300}, std::size_t{5000}, all.size()}) {
        const std::vector<std::string> words(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(n));
        const WordList list = list_of(words, reserved);
        disagreements += !same(list.first_repeat(), first_repeat_by_map(words));
        disagreements += list.to_strings() != words;
      }
    }
  }
  CHECK(disagreements == 0);
}

TEST_CASE("a word list with no repeat among 200,000 words finds none, and finds one added at the end") {
  std::vector<std::string> words;
  for (int i = 0; i < 200000; ++i) words.push_back("word" + std::to_string(i));
  WordList list = list_of(words);
  CHECK_FALSE(list.first_repeat().has_value());
  list.add("word123456");
  CHECK(same(list.first_repeat(), WordList::Repeat{123456, 200000}));
}

TEST_CASE("words whose hashes collide are told apart, and a repeat among them is still found") {
  // Distinct words with equal 32-bit hashes, found by trying 400,000 (about 18 such pairs are
  // expected; none would be a one-in-a-hundred-million chance).
  std::unordered_map<std::uint32_t, std::string> by_hash;
  std::vector<std::pair<std::string, std::string>> colliding;
  for (int i = 0; i < 400000 && colliding.size() < 3; ++i) {
    const std::string word = "c" + std::to_string(i);
    const auto [it, added] = by_hash.emplace(WordList::hash_of(word), word);
    if (!added) colliding.emplace_back(it->second, word);
  }
  REQUIRE(colliding.size() >= 2);
  const auto& [a, b] = colliding[0];
  const auto& [c, d] = colliding[1];
  REQUIRE(WordList::hash_of(a) == WordList::hash_of(b));
  CHECK(same(list_of({a, b}).first_repeat(), std::nullopt));
  CHECK(same(list_of({b, a, c, d}).first_repeat(), std::nullopt));
  for (const std::vector<std::string>& words : std::vector<std::vector<std::string>>{
           {a, b, a}, {b, a, "x", b, a}, {a, c, b, d, c, a}, {a, b, b, a}, {c, "y", d, a, b, "y", d}}) {
    CHECK(same(list_of(words).first_repeat(), first_repeat_by_map(words)));
  }
}
