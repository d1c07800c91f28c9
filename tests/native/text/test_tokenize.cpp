#include <doctest/doctest.h>

#include "core/text/tokenize.hpp"

namespace {
std::vector<std::string> keys(const aw::Tokenized& t) {
  std::vector<std::string> out;
  for (const auto& token : t.tokens) out.push_back(token.key);
  return out;
}
}  // namespace

TEST_CASE("the class sentence splits like str.split() and lowercases like w.lower()") {
  const auto t = aw::tokenize("Bank of the river", 64);
  CHECK(keys(t) == std::vector<std::string>{"bank", "of", "the", "river"});
  CHECK(t.tokens[0].text == "Bank");
  CHECK(t.notices.empty());
}

TEST_CASE("punctuation separates words and is reported, apostrophes and hyphens inside stay") {
  const auto t = aw::tokenize("Noa can be annoying, but she's a well-known cat!", 64);
  CHECK(keys(t) == std::vector<std::string>{"noa", "can", "be", "annoying", "but", "she's", "a",
                                            "well-known", "cat"});
  REQUIRE(t.notices.size() == 1);
  CHECK(t.notices[0].find("Punctuation") != std::string::npos);
}

TEST_CASE("empty, blank and punctuation-only input give no tokens") {
  CHECK(aw::tokenize("", 64).tokens.empty());
  CHECK(aw::tokenize("   \t\n", 64).tokens.empty());
  const auto p = aw::tokenize("?!... --- ,;", 64);
  CHECK(p.tokens.empty());
  CHECK(p.words_found == 0);
}

TEST_CASE("HTML is just text: tags split into harmless word tokens") {
  const auto t = aw::tokenize("<script>alert(1)</script> bank", 64);
  CHECK(keys(t) == std::vector<std::string>{"script", "alert", "1", "script", "bank"});
}

TEST_CASE("long input is truncated to max_tokens with a notice") {
  std::string text;
  for (int i = 0; i < 2000; ++i) text += "bank ";
  const auto t = aw::tokenize(text, 64);
  CHECK(t.tokens.size() == 64);
  CHECK(t.words_found == 2000);
  CHECK(t.notices.back() == "The sentence has 2000 words; only the first 64 are used.");
}

TEST_CASE("very long input is cut on a UTF-8 boundary") {
  std::string text;
  for (int i = 0; i < 5000; ++i) text += "é ";  // 3 bytes each
  const auto t = aw::tokenize(text, 10000, 1000);
  CHECK(t.words_found == 333);  // 1000 bytes hold 333 whole "é " pairs and a half
  for (const auto& token : t.tokens) CHECK(token.text == "é");
}

TEST_CASE("non-ASCII words are kept whole and not lowercased byte-wise") {
  const auto t = aw::tokenize("Café Über", 64);
  CHECK(keys(t) == std::vector<std::string>{"café", "Über"});
}
