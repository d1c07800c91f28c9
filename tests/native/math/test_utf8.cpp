// The core's one UTF-8 decoder (core/math/utf8.hpp): strict validity, U+FFFD for each invalid
// byte, and encoding back.
#include <doctest/doctest.h>

#include <string>

#include "core/math/utf8.hpp"

TEST_CASE("utf8: the valid forms of every length, and the boundaries around them") {
  const std::u32string all = {U'a', U'\u00E9', U'\u20AC', U'\U0001F600', U'\u007F', U'\u0080', U'\u07FF', U'\u0800',
                              U'\uD7FF', U'\uE000', U'\uFFFF', U'\U00010000', U'\U0010FFFF'};
  const std::string text = aw::code_points_to_utf8(all);
  CHECK(aw::is_valid_utf8(text));
  CHECK(aw::utf8_to_code_points(text) == all);
  CHECK(aw::is_valid_utf8(""));
}

TEST_CASE("utf8: overlong forms, surrogates, past U+10FFFF, cut and stray bytes are invalid") {
  for (const std::string bad : {"\xC0\xAF", "\xC1\xBF", "\xE0\x80\xAF", "\xF0\x80\x80\xAF",  // overlong
                                "\xED\xA0\x80", "\xED\xBF\xBF",                            // surrogates
                                "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xFF",           // too large
                                "\xC3", "\xE2\x82", "\xF0\x9F\x98",                       // cut short
                                "\x80", "a\xBFz"}) {                                       // stray
    INFO(bad.size() << " bytes");
    CHECK_FALSE(aw::is_valid_utf8(bad));
    // each byte that does not start a character becomes U+FFFD: a round trip changes the text
    CHECK(aw::code_points_to_utf8(aw::utf8_to_code_points(bad)) != bad);
  }
  CHECK(aw::utf8_to_code_points("a\xBFz") == std::u32string{U'a', U'\uFFFD', U'z'});
  CHECK(aw::utf8_to_code_points("\xE2\x82") == std::u32string{U'\uFFFD', U'\uFFFD'});
}
