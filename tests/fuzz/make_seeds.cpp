// Writes the hand-made part of the committed seed corpora (tests/fuzz/corpus/<harness>/):
// small real-looking inputs in each harness's input layout, the tiny packs among them. The
// other seeds are inputs the fuzzer found, kept after `-merge=1` (see README.md).
//   cmake --build build/fuzz --target fuzz_make_seeds && build/fuzz/tests/fuzz/fuzz_make_seeds tests/fuzz/corpus
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/fuzz/encoder/tiny_pack.hpp"

namespace {

namespace fs = std::filesystem;

void write(const fs::path& dir, const std::string& name, const std::string& bytes) {
  fs::create_directories(dir);
  std::ofstream(dir / name, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string as_string(const std::vector<std::uint8_t>& v) { return std::string(v.begin(), v.end()); }

// Vector-file seeds: 8 option bytes (max_words 8, max_dim 16, line cap 8 + 383, the format,
// wanted words, 5 cuts, cut seed 42; see fuzz_vector_file.cpp), then the file.
std::string vector_seed(const std::string& file, char format = 0) {
  const char options[8] = {7, 15, '\x7f', '\x01', format, 1, 5, 42};
  return std::string(options, 8) + file;
}

std::string word2vec_binary() {
  std::string file = "2 3\n";
  const float bank[3] = {0.5f, -1.25f, 2.0f}, river[3] = {0.25f, 0.0f, -3.5f};
  file += "bank ";
  file.append(reinterpret_cast<const char*>(bank), sizeof bank);
  file += "\nriver ";
  file.append(reinterpret_cast<const char*>(river), sizeof river);
  return file + "\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <corpus dir>\n", argv[0]);
    return 2;
  }
  const fs::path root = argv[1];

  write(root / "fuzz_pack_reader", "tiny_float32.pack", as_string(aw_fuzz::tiny_pack(aw_fuzz::ordinary_value)));
  write(root / "fuzz_pack_reader", "tiny_int8.pack", as_string(aw_fuzz::tiny_pack(aw_fuzz::ordinary_value, true)));

  const fs::path vf = root / "fuzz_vector_file";
  write(vf, "glove.txt", vector_seed("the 0.1 -0.2 0.3\nbank 1 2 3\nriver -1.5e-3 0 4\n"));
  write(vf, "word2vec_header.txt", vector_seed("3 2\nbank 0.5 1\nRiver 1 0.5\nmoney -1 2\n"));
  write(vf, "bom_crlf.txt", vector_seed("\xEF\xBB\xBF" "caf\xC3\xA9 1 2\r\nbank 3 4\r\n\r\n"));
  write(vf, "word2vec.bin", vector_seed(word2vec_binary(), 2));
  write(vf, "bad_value.txt", vector_seed("bank 1 nan\nriver 1 1e999\n"));

  const fs::path pt = root / "fuzz_page_tokenizer";
  write(pt, "sentence.txt", std::string("\x14\x80", 2) + "Bank of the river, don't stop: well-known caf\xC3\xA9!");
  write(pt, "cut.txt", std::string("\x03\x0b", 2) + "The bank \xE2\x80\x94 by the river \xF0\x9F\x8C\x8A flows.");

  const fs::path vc = root / "fuzz_vector_compare";
  write(vc, "typed.txt", "t1, -2.5, 3|4 5 6");
  write(vc, "tiny.txt", "t1e-160, 1e-170|-1e-159; 0");
  write(vc, "zero.txt", "t0, 0|1, 1");
  write(vc, "huge.txt", "t1e154 1e154|1.7e308, 1.7e308");
  write(vc, "unit.txt", "t0.6, 0.8|1\t0");

  const fs::path ef = root / "fuzz_encoder_forward";
  write(ef, "sentence.txt", "Bank of the river\\ the money bank");
  write(ef, "unknowns.txt", "caf\xC3\xA9 \xE6\x97\xA5\xE6\x9C\xAC zzz\\ \\");
  return 0;
}
