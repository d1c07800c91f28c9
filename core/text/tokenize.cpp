#include "core/text/tokenize.hpp"

#include <cctype>

namespace aw {
namespace {

bool is_word_byte(unsigned char c) { return std::isalnum(c) || c >= 0x80; }
bool is_joiner(unsigned char c) { return c == '\'' || c == '-'; }

std::string ascii_lower(const std::string& s) {
  std::string out = s;
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

Tokenized tokenize(const std::string& sentence, std::size_t max_tokens, std::size_t max_chars) {
  Tokenized result;
  std::string text = sentence;
  if (text.size() > max_chars) {
    // Cut on a UTF-8 character boundary so no half character reaches the page.
    std::size_t cut = max_chars;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    text.resize(cut);
    result.notices.push_back("The text is longer than " + std::to_string(max_chars) +
                             " characters; only the beginning was read.");
  }
  bool dropped_punctuation = false;
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (!is_word_byte(c)) {
      if (!std::isspace(c)) dropped_punctuation = true;
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size()) {
      const auto e = static_cast<unsigned char>(text[end]);
      const bool joins = is_joiner(e) && end + 1 < text.size() &&
                         is_word_byte(static_cast<unsigned char>(text[end + 1]));
      if (!is_word_byte(e) && !joins) break;
      ++end;
    }
    ++result.words_found;
    if (result.tokens.size() < max_tokens) {
      const std::string word = text.substr(i, end - i);
      result.tokens.push_back(Token{word, ascii_lower(word)});
    }
    i = end;
  }
  if (dropped_punctuation) {
    result.notices.push_back("Punctuation and symbols are not tokens here; they were left out.");
  }
  if (result.words_found > max_tokens) {
    result.notices.push_back("The sentence has " + std::to_string(result.words_found) +
                             " words; only the first " + std::to_string(max_tokens) +
                             " are used.");
  }
  return result;
}

}  // namespace aw
