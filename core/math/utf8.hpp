// UTF-8, strictly as the standard defines it: no overlong forms, no surrogates, nothing past
// U+10FFFF. The core's one decoder: vector files check their words with it, the encoder's
// tokenizer and pack reader read their text with it.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace aw {

// The length (1 to 4) of the UTF-8 character that starts at `p` (before `end`), with its code
// point in `cp`; 0 when the bytes there are not one.
inline int utf8_char(const unsigned char* p, const unsigned char* end, char32_t& cp) {
  const unsigned lead = *p;
  if (lead < 0x80) {
    cp = lead;
    return 1;
  }
  int extra = 0;
  char32_t smallest = 0;  // below it, the same code point has a shorter (overlong) form
  if (lead >= 0xC2 && lead <= 0xDF) { extra = 1; smallest = 0x80; }
  else if (lead >= 0xE0 && lead <= 0xEF) { extra = 2; smallest = 0x800; }
  else if (lead >= 0xF0 && lead <= 0xF4) { extra = 3; smallest = 0x10000; }
  else return 0;
  if (end - p <= extra) return 0;
  char32_t value = lead & (0x3Fu >> extra);
  for (int k = 1; k <= extra; ++k) {
    if ((p[k] & 0xC0) != 0x80) return 0;
    value = (value << 6) | (p[k] & 0x3Fu);
  }
  if (value < smallest || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return 0;
  cp = value;
  return extra + 1;
}

inline bool is_valid_utf8(std::string_view text) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* end = p + text.size();
  char32_t cp = 0;
  while (p < end) {
    const int length = utf8_char(p, end, cp);
    if (length == 0) return false;
    p += length;
  }
  return true;
}

// The code points of `text`; each byte that does not start a valid character becomes U+FFFD.
inline std::u32string utf8_to_code_points(std::string_view text) {
  std::u32string out;
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* end = p + text.size();
  while (p < end) {
    char32_t cp = 0;
    const int length = utf8_char(p, end, cp);
    out.push_back(length ? cp : U'\uFFFD');
    p += length ? length : 1;
  }
  return out;
}

inline std::string code_points_to_utf8(const std::u32string& text) {
  std::string out;
  for (const char32_t cp : text) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }
  return out;
}

}  // namespace aw
