// The streaming vector-file parser: formats, chunking, caps, and every way a file can be wrong.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#include "core/text/vector_file.hpp"

using aw::InputError;
using aw::VectorFileFormat;
using aw::VectorFileOptions;
using aw::VectorFileParser;

namespace {

// Feeds `text` in chunks of `chunk` bytes and finishes.
VectorFileParser parse(const std::string& text, std::size_t chunk = 1 << 20, VectorFileOptions options = {}) {
  VectorFileParser parser(std::move(options));
  for (std::size_t i = 0; i < text.size(); i += chunk) {
    parser.feed(text.data() + i, std::min(chunk, text.size() - i));
  }
  parser.finish();
  return parser;
}

std::string error_of(const std::string& text, std::size_t chunk = 1 << 20, VectorFileOptions options = {}) {
  try {
    parse(text, chunk, std::move(options));
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::string binary_file(const std::vector<std::pair<std::string, std::vector<float>>>& rows, int dim,
                        bool newline_after = true) {
  std::string out = std::to_string(rows.size()) + " " + std::to_string(dim) + "\n";
  for (const auto& [word, values] : rows) {
    out += word + " ";
    out.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float));
    if (newline_after) out += "\n";
  }
  return out;
}

const char* kGlove = "the 0.1 0.2 0.3\nbank -1.5 2 3e-1\nriver 4 5 6\n";

}  // namespace

TEST_CASE("GloVe text: words and row-major values, width from the first line") {
  const auto p = parse(kGlove);
  CHECK(p.words() == std::vector<std::string>{"the", "bank", "river"});
  CHECK(p.summary().dim == 3);
  CHECK_FALSE(p.summary().has_header);
  CHECK(p.summary().format == "text");
  CHECK(p.values().size() == 9);
  CHECK(p.values()[3] == doctest::Approx(-1.5f));
  CHECK(p.values()[5] == doctest::Approx(0.3f));
  CHECK(p.summary().lowercase_only);
}

TEST_CASE("the same file gives the same result in chunks of any size") {
  const auto whole = parse(kGlove);
  for (std::size_t chunk : {1u, 2u, 3u, 7u, 64u}) {
    const auto p = parse(kGlove, chunk);
    CHECK(p.words() == whole.words());
    CHECK(p.values() == whole.values());
  }
}

TEST_CASE("word2vec/fastText text with a header, CRLF, BOM, tabs, trailing spaces, no final newline") {
  const std::string text = "\xEF\xBB\xBF" "2 3\r\nBank\t1 2 3 \r\nriver 4\t5  6";
  for (std::size_t chunk : {1u, 2u, 5u, 100u}) {
    const auto p = parse(text, chunk);
    CHECK(p.summary().has_header);
    CHECK(p.summary().header_count == 2);
    CHECK(p.words() == std::vector<std::string>{"Bank", "river"});
    CHECK(p.values() == std::vector<float>{1, 2, 3, 4, 5, 6});
    CHECK_FALSE(p.summary().lowercase_only);
  }
}

TEST_CASE("word2vec binary, with and without the newline after each vector, detected by its bytes") {
  const std::vector<std::pair<std::string, std::vector<float>>> rows = {
      {"bank", {1.5f, -2.0f}}, {"river", {0.25f, 10.0f}}, {"money", {3.0f, 0.0f}}};
  for (bool newline : {true, false}) {
    const std::string file = binary_file(rows, 2, newline);
    for (std::size_t chunk : {1u, 3u, 4096u}) {
      const auto p = parse(file, chunk);
      CHECK(p.summary().format == "word2vec binary");
      CHECK(p.words() == std::vector<std::string>{"bank", "river", "money"});
      CHECK(p.values() == std::vector<float>{1.5f, -2.0f, 0.25f, 10.0f, 3.0f, 0.0f});
    }
  }
}

TEST_CASE("the cap keeps the first words plus the wanted ones found later") {
  VectorFileOptions options;
  options.max_words = 1;
  options.wanted = {"river"};
  const auto p = parse(kGlove, 4, options);
  CHECK(p.words() == std::vector<std::string>{"the", "river"});
  CHECK(p.summary().vectors_seen == 3);
  CHECK(p.summary().vectors_kept == 2);
  CHECK(p.summary().wanted_found == 1);
  REQUIRE(p.summary().notices.size() == 1);
  CHECK(p.summary().notices[0].find("Kept 2 of the file's 3") != std::string::npos);
}

TEST_CASE("malformed files get a message naming the line") {
  CHECK(error_of("") == "The file is empty.");
  CHECK(error_of("\n\n  \n").find("no vectors") != std::string::npos);
  CHECK(error_of("a 1 2 3\nb 1 2\n").find("Line 2 has 2 numbers after the word \"b\", but this file's vectors have 3 (set by line 1)") == 0);
  CHECK(error_of("2 3\na 1 2 3\nb 1 2 3 4\n").find("(set by the header on line 1)") != std::string::npos);
  CHECK(error_of("a 1 2\nb 1 nan\n").find("Line 2, number 2 of the word \"b\": the value \"nan\" is not a finite number") == 0);
  CHECK(error_of("a 1 -Inf\n").find("not a finite number") != std::string::npos);
  CHECK(error_of("a 1 1e999\n").find("too large") != std::string::npos);
  CHECK(error_of("a 1 2\nb 1 x2\n").find("Line 2, number 2 of the word \"b\": \"x2\" is not a number") == 0);
  CHECK(error_of("a 1 0x10\n").find("is not a number") != std::string::npos);
  CHECK(error_of("a 1 2\nlonely\n").find("Line 2 has the word \"lonely\" but no numbers") == 0);
  CHECK(error_of("a 1 2\nb 3 4\na 5 6\n").find("\"a\" on line 3 appears a second time (first on line 1)") != std::string::npos);
  // Repeats are looked for once the file is read: the one met first is named (line 4's "b", not
  // line 5's "a"), after the blank lines and the words skipped by the cap are counted.
  CHECK(error_of("a 1 2\n\nb 3 4\nb 5 6\na 7 8\n").find("The word \"b\" on line 4 appears a second time (first on line 3)") == 0);
  {
    VectorFileOptions capped;
    capped.max_words = 2;
    CHECK(error_of("a 1 2\nb 3 4\na 5 6\n", 1 << 20, capped) == "");  // the third line is not kept: no repeat
  }
  CHECK(error_of(binary_file({{"x", {1, 2}}, {"bank", {1, 2}}, {"y", {1, 2}}, {"bank", {3, 4}}}, 2))
            .find("The word \"bank\" on vector 4 appears a second time (first on vector 2)") == 0);
  CHECK(error_of("0 3\n").find("Line 1 looks like a header") == 0);
  CHECK(error_of("5 99999\n").find("Line 1 looks like a header") == 0);
  CHECK(error_of("3 2\na 1 2\n").find("announced 3 vectors, but the file has 1") != std::string::npos);
  CHECK(error_of("1 2\na 1 2\nb 3 4\n").find("announced 1 vectors, but the file has 2") != std::string::npos);
  CHECK(error_of("a 1 2\nb\x01 1 2\n").find("Line 2 contains control bytes") == 0);
  CHECK(error_of("a 1 2\n\xff\xfe 1 2\n").find("line 2 is not valid UTF-8") != std::string::npos);
  CHECK(error_of("2 3\n").find("header line but no vectors") != std::string::npos);
}

TEST_CASE("truncated and damaged word2vec binary files") {
  const std::vector<std::pair<std::string, std::vector<float>>> rows = {{"bank", {1.0f, 2.0f}}, {"river", {3.0f, 4.0f}}};
  const std::string file = binary_file(rows, 2);
  CHECK(error_of(file.substr(0, file.size() - 3)).find("ends after 1 of the 2 vectors") != std::string::npos);
  CHECK(error_of(file + "extra stuff").find("goes on after the 2 vectors") != std::string::npos);
  const float nan = std::nanf("");
  CHECK(error_of(binary_file({{"bank", {1.0f, nan}}}, 2)).find("Vector 1 (\"bank\"), number 2: the value is not a finite") == 0);
  VectorFileOptions binary;
  binary.format = VectorFileFormat::Binary;
  CHECK(error_of("bank 1 2\n", 1 << 20, binary).find("not a word2vec binary header") != std::string::npos);
  // A kept word's row is written into the table before its numbers are checked: a refused record
  // takes its row off again, so the table still holds one row per kept word (binary and text).
  for (const std::string& bad : {binary_file({{"bank", {1.0f, 2.0f}}, {"river", {3.0f, nan}}}, 2), std::string("bank 1 2\nriver 3 x\n"),
                                 std::string("bank 1 2\nriver 3 1e\n")}) {
    CAPTURE(bad);
    VectorFileParser parser{VectorFileOptions{}};
    const auto read_whole = [&] {
      parser.feed(bad.data(), bad.size());
      parser.finish();
    };
    CHECK_THROWS_AS(read_whole(), InputError);
    CHECK(parser.words() == std::vector<std::string>{"bank"});
    CHECK(parser.values() == std::vector<float>{1.0f, 2.0f});
  }
  // A header whose width is wrong makes the words run into the numbers.
  std::string wrong = binary_file(rows, 2);
  wrong.replace(0, 3, "2 1");
  CHECK_FALSE(error_of(wrong).empty());
}

TEST_CASE("fuzz: random bytes, truncations and byte flips never crash and either parse or explain") {
  std::mt19937 gen(12345);
  const std::string good = std::string(kGlove) + "money 7 8 9\n";
  const std::string good_binary = binary_file({{"bank", {1.0f, 2.0f}}, {"river", {3.0f, 4.0f}}}, 2);
  std::uniform_int_distribution<int> byte(0, 255);
  int refused = 0, parsed = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::string input;
    const int kind = trial % 4;
    if (kind == 0) {  // random bytes
      input.resize(static_cast<std::size_t>(gen() % 200));
      for (char& c : input) c = static_cast<char>(byte(gen));
    } else if (kind == 1) {  // truncated text
      input = good.substr(0, gen() % good.size());
    } else if (kind == 2) {  // flipped bytes in text
      input = good;
      for (int k = 0; k < 3; ++k) input[gen() % input.size()] = static_cast<char>(byte(gen));
    } else {  // truncated or flipped binary
      input = good_binary.substr(0, gen() % (good_binary.size() + 1));
      if (!input.empty() && gen() % 2) input[gen() % input.size()] = static_cast<char>(byte(gen));
    }
    const std::size_t chunk = 1 + gen() % 17;
    try {
      const auto p = parse(input, chunk);
      ++parsed;
      CHECK(p.values().size() == p.words().size() * static_cast<std::size_t>(p.summary().dim));
      for (float v : p.values()) CHECK(std::isfinite(v));
    } catch (const InputError& e) {
      ++refused;
      CHECK(std::strlen(e.what()) > 10);
    }
  }
  CHECK(refused > 100);
  CHECK(parsed > 100);
}

TEST_CASE("a parser that refused a file refuses more input") {
  VectorFileParser parser{VectorFileOptions{}};
  const std::string bad = "a 1\nb 1 2\n";
  CHECK_THROWS_AS(parser.feed(bad.data(), bad.size()), InputError);
  CHECK_THROWS_WITH_AS(parser.feed("c 1\n", 4), "The file was already refused; start again with another file.", InputError);
}

TEST_CASE("int8 packs decode as code times the vector's scale") {
  const auto out = aw::decode_int8_vectors({127, -127, 0, 64}, {0.5f, 0.25f}, 2);
  CHECK(out == std::vector<float>{63.5f, -63.5f, 0.0f, 16.0f});
  CHECK_THROWS_AS(aw::decode_int8_vectors({1, 2, 3}, {1.0f}, 2), InputError);
}

TEST_CASE("hardening: a header count past 32 bits gets the project's message, not std::out_of_range") {
  const std::string error = error_of("9999999999 3\nthe 1 2 3\n");
  CHECK(error.find("looks like a header") != std::string::npos);
}

TEST_CASE("hardening: a word2vec binary word with a line break inside is refused") {
  std::string file = binary_file({{"ab", {1, 2}}}, 2);
  file.replace(file.find("ab"), 2, "a\nb");
  file.replace(0, file.find('\n'), "1 2");
  CHECK(error_of(file).find("control bytes") != std::string::npos);
}

TEST_CASE("hardening: an over-long line gets the same message wherever the chunks are split") {
  VectorFileOptions options;
  options.max_line_bytes = 64;
  const std::string file = "the 1 2\n" + std::string(100, 'x') + " 1 2\nof 3 4\n";
  const std::string whole = error_of(file, 1 << 20, options);
  REQUIRE(!whole.empty());
  for (std::size_t chunk : {1, 3, 7, 16, 50, 64, 65, 99}) CHECK(error_of(file, chunk, options) == whole);
}

// ---- numbers: fast_float reads them; the grammar and the messages are the file format's ----

namespace {

// The value the parser gives `number` as the only number of a kept row (errors as text).
std::string value_or_error(const std::string& number, float* value) {
  try {
    const auto p = parse("w " + number + "\n");
    *value = p.values().at(0);
    return "";
  } catch (const InputError& e) {
    return e.what();
  }
}

// (named apart from test_rng.cpp's bits(): the unity build may compile both in one unit)
std::uint32_t float_bits(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}

}  // namespace

TEST_CASE("numbers: a leading '+', partial forms and signed zero read as strtof reads them") {
  for (const char* text : {"+1.5", "+.5", "-.5", "5.", "1.e5", "+1e+3", "-0", "+0", "0.000", "1E-2", "007.50"}) {
    float value = 0;
    CAPTURE(text);
    REQUIRE(value_or_error(text, &value).empty());
    CHECK(float_bits(value) == float_bits(std::strtof(text, nullptr)));
  }
  float negative_zero = 1;
  REQUIRE(value_or_error("-0.0", &negative_zero).empty());
  CHECK(std::signbit(negative_zero));
}

TEST_CASE("numbers: what strtof would take but a vector file may not hold, with the message for each") {
  const auto error = [](const std::string& number) {
    float ignored;
    return value_or_error(number, &ignored);
  };
  const std::string prefix = "Line 1, number 1 of the word \"w\": ";
  CHECK(error("1e") == prefix + "\"1e\" is not a number.");
  CHECK(error("1e+") == prefix + "\"1e+\" is not a number.");
  CHECK(error("-") == prefix + "\"-\" is not a number.");
  CHECK(error("+") == prefix + "\"+\" is not a number.");
  CHECK(error(".") == prefix + "\".\" is not a number.");
  CHECK(error("+-1") == prefix + "\"+-1\" is not a number.");
  CHECK(error("++1") == prefix + "\"++1\" is not a number.");
  CHECK(error("0x1p3") == prefix + "\"0x1p3\" is not a number.");
  CHECK(error("1,5") == prefix + "\"1,5\" is not a number.");
  CHECK(error("1e5.5") == prefix + "\"1e5.5\" is not a number.");
  CHECK(error("nan") == prefix + "the value \"nan\" is not a finite number (NaN or infinity).");
  CHECK(error("+NaN") == prefix + "the value \"+NaN\" is not a finite number (NaN or infinity).");
  CHECK(error("-Infinity") == prefix + "the value \"-Infinity\" is not a finite number (NaN or infinity).");
  CHECK(error("inf") == prefix + "the value \"inf\" is not a finite number (NaN or infinity).");
  CHECK(error("1e39") == prefix + "the value \"1e39\" is too large for a 32-bit float.");
  CHECK(error("-3.5e38") == prefix + "the value \"-3.5e38\" is too large for a 32-bit float.");
  CHECK(error("1e99999999999999999999") == prefix + "the value \"1e99999999999999999999\" is too large for a 32-bit float.");
  CHECK(error(std::string(39, '9')) == prefix + "the value \"" + std::string(39, '9') + "\" is too large for a 32-bit float.");
  const std::string long_number = "0." + std::string(126, '1');  // 128 bytes
  CHECK(error(long_number) == prefix + "\"" + long_number.substr(0, 40) + "...\" is too long for a number.");
  // The same message wherever the chunks are split.
  for (const char* bad : {"1e", "+-1", "nan", "1e39", "-"}) {
    const std::string file = std::string("a 1 2\nb 3 ") + bad + "\n";
    const std::string whole = error_of(file);
    REQUIRE(!whole.empty());
    for (std::size_t chunk : {1, 2, 5, 9, 11}) CHECK(error_of(file, chunk) == whole);
  }
}

TEST_CASE("numbers: rows past the cap are checked, not converted, as before (only an exponent is)") {
  VectorFileOptions options;
  options.max_words = 1;
  const std::string huge(60, '9');
  CHECK(parse("a 1\nb " + huge + "\n", 1 << 20, options).summary().vectors_seen == 2);
  CHECK(error_of("a 1\nb 1e39\n", 1 << 20, options).find("too large") != std::string::npos);
  CHECK(error_of("a 1\nb 1e\n", 1 << 20, options).find("\"1e\" is not a number") != std::string::npos);
}

TEST_CASE("numbers: denormals, the smallest float and underflow give strtof's value") {
  for (const char* text : {"1e-40", "1.4e-45", "1.401298464324817e-45", "7e-46", "7.1e-46", "1e-46", "1e-50",
                           "-2.5e-42", "1.1754942e-38", "1.17549435e-38", "3.4028235e38", "3.40282356e38",
                           "1e-99999999999999999999", "0e999999"}) {
    float value = 1;
    CAPTURE(text);
    REQUIRE(value_or_error(text, &value).empty());
    CHECK(float_bits(value) == float_bits(std::strtof(text, nullptr)));
  }
}

TEST_CASE("numbers: bit-identical to strtof's correctly rounded result on random decimals (fixed seed)") {
  std::mt19937_64 gen(20261203);
  std::vector<std::string> numbers;
  char buffer[96];
  for (int i = 0; i < 120000; ++i) {
    const int kind = i % 4;
    std::string s;
    if (kind == 0) {  // random digit strings: sign, 0-20 integer and 0-20 fraction digits, exponent
      const int sign = static_cast<int>(gen() % 3);
      if (sign == 1) s += '-';
      if (sign == 2) s += '+';
      const int int_digits = static_cast<int>(gen() % 21), frac_digits = static_cast<int>(gen() % 21);
      for (int d = 0; d < int_digits; ++d) s += static_cast<char>('0' + gen() % 10);
      if (frac_digits > 0 || gen() % 2) s += '.';
      for (int d = 0; d < frac_digits; ++d) s += static_cast<char>('0' + gen() % 10);
      if (int_digits + frac_digits == 0) s += '7';
      if (gen() % 2) s += "e" + std::to_string(static_cast<int>(gen() % 80) - 50);
    } else if (kind == 1) {  // what real files write: %.6f / %.5g of values near zero
      std::uniform_real_distribution<double> u(-3, 3);
      std::snprintf(buffer, sizeof buffer, gen() % 2 ? "%.6f" : "%.5g", u(gen));
      s = buffer;
    } else if (kind == 2) {  // exact halfway points between neighbouring floats: ties to even
      std::uint32_t b = static_cast<std::uint32_t>(gen() % 0x7f000000u);
      float lo, hi;
      std::memcpy(&lo, &b, sizeof lo);
      hi = std::nextafter(lo, 1e30f);
      std::snprintf(buffer, sizeof buffer, "%.60g", (static_cast<double>(lo) + static_cast<double>(hi)) / 2);
      s = buffer;
      if (s.size() >= 120 || s.find_first_of("ni") != std::string::npos) continue;
    } else {  // shortest round-trip forms of random floats (%.9g), denormals included
      std::uint32_t b = static_cast<std::uint32_t>(gen() % 0x7f800000u);
      float f;
      std::memcpy(&f, &b, sizeof f);
      std::snprintf(buffer, sizeof buffer, "%.9g", static_cast<double>(f));
      s = buffer;
    }
    numbers.push_back(s);
  }
  // One kept row of width 1 per number; numbers strtof overflows must be refused instead.
  std::string file;
  std::vector<float> expected;
  int refused = 0;
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    const float reference = std::strtof(numbers[i].c_str(), nullptr);
    if (!std::isfinite(reference)) {
      float ignored;
      CHECK(value_or_error(numbers[i], &ignored).find("too large for a 32-bit float") != std::string::npos);
      ++refused;
      continue;
    }
    file += "w" + std::to_string(i) + " " + numbers[i] + "\n";
    expected.push_back(reference);
  }
  VectorFileOptions options;
  options.max_words = numbers.size();
  const auto p = parse(file, 1 << 16, options);
  REQUIRE(p.values().size() == expected.size());
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (float_bits(p.values()[i]) != float_bits(expected[i])) {
      if (++mismatches <= 5) FAIL_CHECK("value " << i << ": " << p.values()[i] << " vs strtof " << expected[i]);
    }
  }
  CHECK(mismatches == 0);
  CHECK(refused > 0);  // the generator does reach overflow
  CHECK(expected.size() > 100000);
}

TEST_CASE("the file's size only sizes the table: any expected_bytes gives the same result") {
  const std::string text = "the 0.1 0.2\nbank -1.5 2\nriver 4 5\n";
  const std::string binary = binary_file({{"bank", {1.0f, 2.0f}}, {"river", {3.0f, 4.0f}}}, 2);
  for (const std::string& file : {text, std::string("3 2\n") + text, binary}) {
    const auto plain = parse(file, 5);
    for (std::size_t expected : {std::size_t{1}, file.size(), std::size_t{1} << 40}) {
      VectorFileOptions options;
      options.expected_bytes = expected;
      const auto p = parse(file, 5, options);
      CHECK(p.words() == plain.words());
      CHECK(p.values() == plain.values());
    }
  }
  // A header claiming two billion vectors, with no size given, is refused as before.
  CHECK(error_of("2000000000 2\na 1 2\n").find("announced 2000000000 vectors, but the file has 1") != std::string::npos);
}

TEST_CASE("vectors handed over as they come: the pieces make the same table, whatever the chunks") {
  std::mt19937 gen(5);
  std::uniform_real_distribution<float> value(-2, 2);
  std::string text;
  std::vector<std::pair<std::string, std::vector<float>>> rows;
  for (int w = 0; w < 300; ++w) {
    std::vector<float> v(7);
    text += "w" + std::to_string(w);
    for (float& x : v) { x = value(gen); text += " " + std::to_string(x); }
    text += "\n";
    rows.emplace_back("w" + std::to_string(w), v);
  }
  for (const bool binary : {false, true}) {
    const std::string file = binary ? binary_file(rows, 7) : text;
    const VectorFileParser whole = parse(file);
    for (const std::size_t chunk : {std::size_t{1}, std::size_t{97}, std::size_t{4096}, file.size()}) {
      CAPTURE(binary);
      CAPTURE(chunk);
      VectorFileOptions options;
      options.hand_over_values = true;
      options.max_words = 250;
      options.wanted = {"w290"};
      options.expected_bytes = file.size();
      VectorFileParser parser(options);
      std::vector<float> table;
      for (std::size_t i = 0; i < file.size(); i += chunk) {
        parser.feed(file.data() + i, std::min(chunk, file.size() - i));
        const std::vector<float> piece = parser.take_values();
        table.insert(table.end(), piece.begin(), piece.end());
        CHECK(parser.values().empty());
      }
      parser.finish();
      const std::vector<float> last = parser.take_values();
      table.insert(table.end(), last.begin(), last.end());
      REQUIRE(parser.words().size() == 251);
      CHECK(parser.values_taken() == 251);
      CHECK(parser.words().back() == "w290");
      // the same rows, bit for bit, as the parser that kept everything (first 250, then w290)
      std::vector<float> want(whole.values().begin(), whole.values().begin() + 250 * 7);
      want.insert(want.end(), whole.values().begin() + 290 * 7, whole.values().begin() + 291 * 7);
      CHECK(table == want);
      // the estimate that sizes the caller's table: at least the rows kept, never wildly more
      CHECK(parser.expected_rows() >= 251);
      CHECK(parser.expected_rows() <= 251 + 251 / 4 + 16);
    }
  }
}

TEST_CASE("plain lines, read in one pass, give what the general reading gives: values, and messages") {
  // Line 1 always takes the general path (it may be a header); later lines of plain decimals take
  // the one-pass path, and anything else falls back to the general one. So the same line read as
  // line 1 and as line 2 must give the same vector or the same message (its line number aside).
  const auto renumbered = [](std::string message) {
    for (const char* second : {"Line 2", "line 2"}) {
      const auto at = message.find(second);
      if (at != std::string::npos) message.replace(at + 5, 1, "1");
    }
    return message;
  };
  const std::vector<std::string> lines = {
      "w 0.5 -1.25 3", "w\t0.5\t-1.25\t3", "  w 0.5  -1.25 3  ", "w .5 5. -0", "w 007.50 -.5 1",
      "w +1 2 3", "w 1e2 2 3", "w 1 2 3.0e-1", "w", "w 1.5.2 2 3", "w 1-2 2 3",
      "w - 2 3", "w . 2 3", "w 0x10 2 3", "w nan 2 3", "w 1 inf 3", "w 1 2 3\x01", "w 1 2\x7f 3",
      "w 1 2 " + std::string(40, '9'), "w 1 2 " + std::string(130, '1'), "w 1 2 0." + std::string(130, '1'),
      "\xff 1 2 3", "w\xc3\xa9 1 2 3", "W 1 2 3", "w 1 2 3\r",
  };
  for (const std::string& line : lines) {
    CAPTURE(line);
    const std::string alone = error_of(line + "\n");
    const std::string second = error_of("first 9 9 9\n" + line + "\n");
    CHECK(renumbered(second) == alone);
    if (alone.empty()) {
      const auto one = parse(line + "\n");
      const auto two = parse("first 9 9 9\n" + line + "\n");
      REQUIRE(two.values().size() == 6);
      for (int i = 0; i < 3; ++i) CHECK(float_bits(two.values()[3 + i]) == float_bits(one.values()[i]));
      CHECK(two.words()[1] == one.words()[0]);
      CHECK(two.summary().lowercase_only == one.summary().lowercase_only);
    }
  }
  for (const std::string& line : {"w 1 2", "w 1 2 3 4"}) {  // a width that is not the first line's
    CHECK(error_of("first 9 9 9\n" + std::string(line) + "\n").find("Every row must have the same width") != std::string::npos);
  }
  // Past the cap a plain line is only checked, as the general reading checks it: a long run of
  // digits is a number there (only kept rows and exponents are converted), a typo is not.
  VectorFileOptions capped;
  capped.max_words = 1;
  CHECK(error_of("first 9 9 9\nw 1 2 " + std::string(40, '9') + "\n", 1 << 20, capped).empty());
  CHECK(error_of("first 9 9 9\nw 1 2 1.5.2\n", 1 << 20, capped).find("Line 2, number 3") != std::string::npos);
}

// A binary piece is read where it lies and only the record cut by its edge is copied; the cut
// record is completed from the next piece's first bytes unless a long run of newlines is in the
// way. Both ways, and the rows copied out with drop_values(), must give the whole file's table.
TEST_CASE("binary pieces: records cut anywhere, long runs of newlines, rows dropped after copying") {
  std::mt19937 gen(11);
  std::uniform_real_distribution<float> value(-2, 2);
  const int dim = 7;
  std::string file = "40 7\n";
  std::vector<std::string> want_words;
  std::vector<float> want_values;
  for (int w = 0; w < 40; ++w) {
    const std::string word = std::string(static_cast<std::size_t>(1 + w % 13), static_cast<char>('a' + w % 26)) + std::to_string(w);
    std::vector<float> v(dim);
    for (float& x : v) x = value(gen);
    // between records: nothing, one newline, or runs longer than the longest word and record
    if (w % 10 == 3) file += std::string(3000, '\n');
    else if (w % 2 == 0) file += "\n";
    file += word + " ";
    file.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(float));
    want_words.push_back(word);
    want_values.insert(want_values.end(), v.begin(), v.end());
  }
  for (const std::size_t chunk : {std::size_t{1}, std::size_t{5}, std::size_t{31}, std::size_t{211}, std::size_t{1100},
                                  std::size_t{4096}, file.size()}) {
    CAPTURE(chunk);
    VectorFileOptions options;
    options.hand_over_values = true;
    VectorFileParser parser(options);
    std::vector<float> table;
    for (std::size_t i = 0; i < file.size(); i += chunk) {
      parser.feed(file.data() + i, std::min(chunk, file.size() - i));
      table.insert(table.end(), parser.values().begin(), parser.values().end());
      parser.drop_values();
    }
    parser.finish();
    table.insert(table.end(), parser.values().begin(), parser.values().end());
    parser.drop_values();
    CHECK(parser.summary().format == "word2vec binary");
    CHECK(parser.words() == want_words);
    CHECK(table == want_values);
    CHECK(parser.values_taken() == 40);
  }
}

// Plain decimals whose digits fit a float exactly are divided by an exact power of ten (Clinger's
// fast path); the edges of that path must still give strtof's value, bit for bit.
TEST_CASE("numbers: the edges of the exact-division path give strtof's bits") {
  const std::vector<std::string> numbers = {
      "16777216", "16777217", "1677721.6", "1677721.7", "0.0000000001", "0.00000000001", "1.0000000001",
      "-0.0", "0", "-0", "000000000000000000123", "0000000000000000001.5", "0.3", "-0.38497", "8388609.5",
      "99999999999999999999", "0.1234567", "12345678.9"};
  std::string file = "pad 0\n";  // line 1 is read the general way: the numbers are on plain lines
  for (std::size_t i = 0; i < numbers.size(); ++i) file += "w" + std::to_string(i) + " " + numbers[i] + "\n";
  const auto p = parse(file);
  REQUIRE(p.values().size() == numbers.size() + 1);
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    CAPTURE(numbers[i]);
    const float want = std::strtof(numbers[i].c_str(), nullptr);
    std::uint32_t got_bits, want_bits;
    std::memcpy(&got_bits, &p.values()[i + 1], sizeof got_bits);
    std::memcpy(&want_bits, &want, sizeof want_bits);
    CHECK(got_bits == want_bits);
  }
}
