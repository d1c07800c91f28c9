// The unigram tokenizer (core/encoder/unigram_tokenizer.hpp) with a vocabulary and a text from
// the fuzz bytes: empty, duplicate, long and invalid-UTF-8 pieces, NaN and infinite scores, any
// reserved count. It must finish (no endless walk back, no quadratic blow-up: -timeout), give
// ids in the vocabulary, and, when the pieces are valid UTF-8, pieces that are valid UTF-8 too.
// When nothing lies beyond U+FFFF and piece 0 is one character (otherwise the package's walk
// back, reproduced as is, skips symbols),
// the pieces put together give back the text with spaces as U+2581 and one U+2581 in front.
#include "tests/fuzz/fuzz_support.hpp"
#include "core/encoder/unigram_tokenizer.hpp"

#include <memory>

namespace {

using aw::encoder::Piece;

// Short pieces from a pool of real-looking ones, random bytes, or one pattern repeated long.
std::string fuzzed_piece(FuzzedDataProvider& in) {
  static const char* const kPool[] = {"\xE2\x96\x81", "\xE2\x96\x81" "a", "a", "b", "ab", "\xC3\xA9", "\xF0\x9F\x98\x80",
                                      "\xE2\x96\x81" "bank", "", "\xFF", "\xED\xA0\x80"};
  switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 0: return kPool[in.ConsumeIntegralInRange<std::size_t>(0, sizeof kPool / sizeof kPool[0] - 1)];
    case 1: return in.ConsumeRandomLengthString(8);
    case 2: {
      std::string unit = in.ConsumeRandomLengthString(3), out;
      const std::size_t repeat = in.ConsumeIntegralInRange<std::size_t>(1, 200);  // around the 64 cap
      while (!unit.empty() && out.size() < repeat) out += unit;
      return out;
    }
    default: return std::string(1, static_cast<char>('a' + in.ConsumeIntegralInRange<int>(0, 3)));
  }
}

bool beyond_bmp(const std::u32string& s) {
  for (const char32_t c : s) {
    if (c > 0xFFFF) return true;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  std::vector<Piece> vocabulary(in.ConsumeIntegralInRange<std::size_t>(0, 24));
  bool pieces_utf8 = true, pieces_bmp = true;
  for (Piece& p : vocabulary) {
    p.text = fuzzed_piece(in);
    p.score = in.ConsumeBool() ? -static_cast<double>(in.ConsumeIntegralInRange<int>(0, 20)) : aw_fuzz::extreme_double(in);
    pieces_utf8 = pieces_utf8 && aw_fuzz::valid_utf8(p.text);
    pieces_bmp = pieces_bmp && !beyond_bmp(aw::encoder::utf8_to_code_points(p.text));
  }
  const int reserved = in.ConsumeIntegralInRange<int>(0, 6);
  // 1 KB of text is plenty with pieces capped at 64 characters, and keeps each run fast.
  std::string text = in.ConsumeRemainingBytesAsString();
  text.resize(std::min<std::size_t>(text.size(), 1024));

  std::unique_ptr<aw::encoder::UnigramTokenizer> tokenizer;
  if (!aw_fuzz::runs_or_refuses([&] { tokenizer = std::make_unique<aw::encoder::UnigramTokenizer>(vocabulary, reserved); })) return 0;
  std::vector<aw::encoder::SubwordToken> tokens;
  aw_fuzz::check(aw_fuzz::runs_or_refuses([&] { tokens = tokenizer->encode(text); }), "tokenizer refused a text");
  std::string joined;
  for (const auto& t : tokens) {
    aw_fuzz::check(t.id >= 0 && static_cast<std::size_t>(t.id) < vocabulary.size(), "tokenizer: id outside the vocabulary");
    aw_fuzz::check(t.id == 0 || t.id >= reserved, "tokenizer: matched a reserved piece");
    aw_fuzz::check(!pieces_utf8 || aw_fuzz::valid_utf8(t.piece), "tokenizer: a piece is not valid UTF-8");
    joined += t.piece;
  }
  std::u32string expected = aw::encoder::utf8_to_code_points(text);
  // An unknown walks back by piece 0's length, as in the package: one symbol only when piece 0
  // is one character (U+FFFD in the real vocabulary) or empty.
  const bool unknown_is_one = vocabulary.empty() || aw::encoder::utf8_to_code_points(vocabulary[0].text).size() <= 1;
  if (expected.empty() || !pieces_utf8 || !pieces_bmp || !unknown_is_one || beyond_bmp(expected)) return 0;
  for (char32_t& c : expected) {
    if (c == U' ') c = U'\u2581';
  }
  expected.insert(expected.begin(), U'\u2581');
  aw_fuzz::check(joined == aw::encoder::code_points_to_utf8(expected), "tokenizer: the pieces do not give back the text");
  return 0;
}
