// The page's word tokenizer (core/text/tokenize.hpp) on any bytes and caps: it never throws,
// keeps at most max_tokens tokens, cuts long text on a character boundary, and every token is
// a non-empty run of the input whose key is its ASCII lowercase. Valid UTF-8 in gives valid
// UTF-8 tokens out (no half character).
#include "tests/fuzz/fuzz_support.hpp"
#include "core/text/tokenize.hpp"

namespace {

bool is_ascii_lowercase_of(const std::string& key, const std::string& text) {
  if (key.size() != text.size()) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const char lower = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    if (key[i] != lower) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Two bytes of caps, then the text (so a seed is two bytes and a sentence).
  if (size < 2) return 0;
  const std::size_t max_tokens = data[0] % 41;
  const std::size_t max_chars = data[1] >= 128 ? 20000 : data[1] % 65;
  const std::string text(reinterpret_cast<const char*>(data) + 2, size - 2);
  aw::Tokenized t;
  aw_fuzz::check(aw_fuzz::runs_or_refuses([&] { t = aw::tokenize(text, max_tokens, max_chars); }),
                 "tokenize refused an input: it takes any text");
  aw_fuzz::check(t.tokens.size() <= max_tokens && t.tokens.size() <= t.words_found, "tokenize: too many tokens");
  aw_fuzz::check(t.tokens.size() == std::min(max_tokens, t.words_found), "tokenize: dropped a token below the cap");
  const bool utf8_in = aw_fuzz::valid_utf8(text);
  const std::size_t read_limit = std::min(text.size(), max_chars);
  std::size_t searched_from = 0;
  for (const aw::Token& token : t.tokens) {
    aw_fuzz::check(!token.text.empty(), "tokenize: an empty token");
    aw_fuzz::check(is_ascii_lowercase_of(token.key, token.text), "tokenize: key is not the lowercase text");
    aw_fuzz::check(!utf8_in || aw_fuzz::valid_utf8(token.text), "tokenize: a token cut a UTF-8 character");
    // Tokens are runs of the (possibly cut) input, in order.
    const std::size_t at = text.find(token.text, searched_from);
    aw_fuzz::check(at != std::string::npos && at + token.text.size() <= read_limit,
                   "tokenize: a token is not a run of the input within max_chars");
    searched_from = at + token.text.size();
  }
  for (const std::string& notice : t.notices) aw_fuzz::check(!notice.empty(), "tokenize: an empty notice");
  return 0;
}
