// Word-vector files, read as a stream: GloVe / word2vec / fastText text ("word v1 ... vd" per
// line, with or without a "count dim" header line) and word2vec binary. The parser is fed the
// file in chunks of any size and never needs the whole file in memory; it keeps at most
// `max_words` vectors (plus any `wanted` words found later) and validates every line strictly,
// naming the line (or, for binary files, the record) of the first problem met while reading; a
// word kept twice is looked for once the whole file is read.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/math/matrix.hpp"
#include "core/text/word_list.hpp"

namespace aw {

enum class VectorFileFormat { Auto, Text, Binary };

struct VectorFileOptions {
  std::size_t max_words = 50000;  // the first words of the file kept (files are usually sorted by frequency)
  std::unordered_set<std::string> wanted;  // also kept when found after the cap
  VectorFileFormat format = VectorFileFormat::Auto;  // Auto: header + non-text bytes means binary
  int max_dim = 1024;  // the widest d_model the page computes with (kMaxWidth)
  std::size_t max_line_bytes = 1 << 20;  // a longer "line" is not a vector file
  std::size_t expected_bytes = 0;  // the file's size if known (0: unknown), to size the table once
  // The caller takes the kept vectors as they come (take_values() after each chunk), so the parser
  // never holds the whole table: with the caller's copy, the table would otherwise exist twice.
  bool hand_over_values = false;
};

struct VectorFileSummary {
  std::string format;           // "text" or "word2vec binary"
  bool has_header = false;
  long header_count = -1;       // the count the header announced
  int dim = 0;
  std::size_t lines = 0;        // text: lines read; binary: records read
  std::size_t vectors_seen = 0;
  std::size_t vectors_kept = 0;
  std::size_t wanted_found = 0;
  std::size_t bytes = 0;
  bool lowercase_only = true;   // no kept word has an ASCII capital (GloVe 6B is lowercase)
  std::vector<std::string> notices;
};

class VectorFileParser {
 public:
  explicit VectorFileParser(VectorFileOptions options);

  // Reads the next chunk. Throws InputError naming the line of the first problem; after a
  // throw the parser refuses further input.
  void feed(const char* data, std::size_t size);
  // The end of the file: reads a last line without a newline and checks the whole.
  void finish();

  const VectorFileSummary& summary() const { return summary_; }
  // The kept words in file order; words() copies them out (for tests and small files).
  const WordList& word_list() const { return words_; }
  std::vector<std::string> words() const { return words_.to_strings(); }
  // The kept vectors not yet taken, row-major: rows [values_taken(), words().size()) × dim
  // (all of them unless the caller takes them as it goes).
  const std::vector<float>& values() const { return values_; }
  // Hands over the kept vectors read since the last call and forgets them.
  std::vector<float> take_values();
  // Forgets the kept vectors read since the last call, keeping their memory for the next rows
  // (for a caller that has copied values() out).
  void drop_values();
  std::size_t values_taken() const { return rows_taken_; }
  // How many rows the file can give, as far as the header or the file's size tell (0: unknown).
  std::size_t expected_rows() const { return expected_rows_; }
  std::size_t bytes_read() const { return summary_.bytes; }
  bool finished() const { return finished_; }

 private:
  void feed_text(const char* data, std::size_t size);
  void text_line(const char* begin, const char* end);
  bool plain_vector_line(const char* begin, const char* end);
  void header_or_vector(const std::vector<std::pair<const char*, const char*>>& fields);
  void vector_line(const std::vector<std::pair<const char*, const char*>>& fields);
  void feed_binary();
  void feed_binary(const char* data, std::size_t size);
  std::size_t read_binary_records(const char* bytes, std::size_t n);
  void reserve_piece(std::size_t bytes);
  bool is_wanted(const std::string& word) const;
  float* row_slot(bool kept);
  void add_word(bool wanted, bool kept);  // the word is word_; a kept one's row is written (row_slot)
  void reserve_kept();
  void fail_on_repeated_word();
  std::size_t estimate_rows() const;
  std::string record_name() const;
  void decide_format_after_header();
  [[noreturn]] void fail(const std::string& message);
  [[noreturn]] void fail_line_too_long(std::size_t line);
  std::string line_name() const;

  VectorFileOptions options_;
  VectorFileSummary summary_;
  WordList words_;
  std::vector<float> values_;
  std::size_t rows_taken_ = 0;   // rows handed over by take_values()
  std::size_t expected_rows_ = 0;
  std::vector<std::size_t> kept_at_;  // the line or record each kept word was read on
  std::string pending_;          // bytes of an unfinished line (text) or record (binary)
  std::vector<float> row_;       // scratch: the numbers of a word not kept, checked all the same
  std::string word_;             // scratch: the word of the line or record being read
  std::size_t line_bytes_ = 0;   // length of the text line being read, to estimate the row count
  std::vector<std::pair<const char*, const char*>> fields_;  // scratch
  std::size_t line_no_ = 0;      // 1-based number of the line being read
  bool started_ = false;         // BOM checked
  bool binary_ = false;
  bool deciding_ = false;        // header read, format not yet decided (Auto)
  bool failed_ = false;
  bool finished_ = false;
  std::string dim_origin_;       // "the header on line 1", "line 2"
};

// A table of pretrained vectors packed as int8 with one scale per vector:
// value[w][f] = codes[w * dim + f] * scales[w]. Decoding is arithmetic, so it lives here.
std::vector<float> decode_int8_vectors(const std::vector<std::int8_t>& codes,
                                       const std::vector<float>& scales, int dim);

}  // namespace aw
