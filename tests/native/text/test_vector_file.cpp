// The streaming vector-file parser: formats, chunking, caps, and every way a file can be wrong.
#include <doctest/doctest.h>

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
