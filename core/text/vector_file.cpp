#include "core/text/vector_file.hpp"

#include <cctype>
#include <cmath>
#include <cstring>
#include <optional>
#include <string_view>
#include <system_error>

#include <fast_float/fast_float.h>

#include "core/math/finite.hpp"
#include "core/math/utf8.hpp"

namespace aw {
namespace {

using Field = std::pair<const char*, const char*>;

constexpr std::size_t kSniffBytes = 4096;  // bytes after a header looked at to tell binary from text
constexpr std::size_t kMaxWordBytes = 1000;
// A longer number is refused (kept rows, or with an exponent): no real file writes one.
constexpr std::size_t kMaxNumberBytes = 128;
// A header count above this is no real file (and would not fit a 32-bit long in wasm).
constexpr long long kMaxHeaderCount = 2000000000;
// 10^0 .. 10^10: each an exact float (5^10 < 2^24).
constexpr float kPowersOfTen[] = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f};

bool is_control(unsigned char c) { return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f; }

bool all_digits(const Field& f) {
  if (f.first == f.second) return false;
  for (const char* p = f.first; p != f.second; ++p) {
    if (*p < '0' || *p > '9') return false;
  }
  return true;
}

std::string quoted(const char* begin, const char* end, std::size_t limit = 40) {
  std::string s(begin, end);
  if (s.size() > limit) s = s.substr(0, limit) + "...";
  for (char& c : s) {
    if (is_control(static_cast<unsigned char>(c))) c = '?';
  }
  return "\"" + s + "\"";
}

bool ieq(const char* begin, const char* end, const char* word) {
  for (; begin != end && *word; ++begin, ++word) {
    if (std::tolower(static_cast<unsigned char>(*begin)) != *word) return false;
  }
  return begin == end && !*word;
}

// A decimal number as text files write it: [+-] digits [. digits] [(e|E) [+-] digits], with at
// least one digit before the exponent. `exponent` is set when it has one.
bool decimal_syntax(const char* p, const char* end, bool* exponent) {
  *exponent = false;
  if (p != end && (*p == '+' || *p == '-')) ++p;
  int digits = 0;
  while (p != end && *p >= '0' && *p <= '9') { ++p; ++digits; }
  if (p != end && *p == '.') {
    ++p;
    while (p != end && *p >= '0' && *p <= '9') { ++p; ++digits; }
  }
  if (digits == 0) return false;
  if (p != end && (*p == 'e' || *p == 'E')) {
    *exponent = true;
    ++p;
    if (p != end && (*p == '+' || *p == '-')) ++p;
    int exp_digits = 0;
    while (p != end && *p >= '0' && *p <= '9') { ++p; ++exp_digits; }
    if (exp_digits == 0) return false;
  }
  return p == end;
}

// Converts a number that decimal_syntax accepted: fast_float is correctly rounded (like strtof
// and NumPy's float32 parsing) but, as std::from_chars, refuses a leading '+'.
float convert(const char* b, const char* e) {
  if (*b == '+') ++b;
  float value = 0.0f;
  fast_float::from_chars(b, e, value);
  return value;
}

// The rules, spelled out, with the message for each refusal. Numbers of rows that are not kept
// are only checked; those with an exponent are still converted to catch overflow.
bool check_number(const Field& f, float* out, std::string* why) {
  const char* b = f.first;
  const char* body = (b != f.second && (*b == '-' || *b == '+')) ? b + 1 : b;
  bool exponent = false;
  if (!decimal_syntax(f.first, f.second, &exponent)) {
    if (ieq(body, f.second, "nan") || ieq(body, f.second, "inf") || ieq(body, f.second, "infinity")) {
      *why = "the value " + quoted(f.first, f.second) + " is not a finite number (NaN or infinity)";
    } else {
      *why = quoted(f.first, f.second) + " is not a number";
    }
    return false;
  }
  if (out == nullptr && !exponent) return true;
  if (static_cast<std::size_t>(f.second - f.first) >= kMaxNumberBytes) {
    *why = quoted(f.first, f.second) + " is too long for a number";
    return false;
  }
  const float value = convert(f.first, f.second);
  if (!std::isfinite(value)) {
    *why = "the value " + quoted(f.first, f.second) + " is too large for a 32-bit float";
    return false;
  }
  if (out != nullptr) *out = value;
  return true;
}

// Checks one number and, when `out` is given, stores its value. For a kept row the common case
// (a plain finite number, what every real file holds) is one fast_float call: its grammar
// without the sign is exactly decimal_syntax's, so a full match is a number check_number would
// accept, with the same value. Everything else (a '+', NaN, overflow, a typo, a very long
// number), and every number of a row that is not kept (a syntax check is cheaper), takes
// check_number.
inline bool parse_number(const Field& f, float* out, std::string* why) {
  if (out == nullptr) return check_number(f, out, why);
  const char* b = f.first;
  const char* e = f.second;
  if (e - b > 1 && *b == '+' && b[1] != '-') ++b;  // "+-1" must stay an error
  float value;
  const fast_float::from_chars_result r = fast_float::from_chars(b, e, value);
  if (r.ec == std::errc() && r.ptr == e && std::isfinite(value) &&
      static_cast<std::size_t>(f.second - f.first) < kMaxNumberBytes) {
    *out = value;
    return true;
  }
  return check_number(f, out, why);
}

}  // namespace

VectorFileParser::VectorFileParser(VectorFileOptions options) : options_(std::move(options)) {
  if (options_.max_words < 1) throw InputError("Keep at least one word (max_words >= 1).");
  if (options_.max_dim < 1) throw InputError("max_dim must be at least 1.");
  if (options_.format == VectorFileFormat::Binary) summary_.format = "word2vec binary";
  else summary_.format = "text";
}

void VectorFileParser::fail(const std::string& message) {
  failed_ = true;
  // A row begun for the word being read (row_slot) goes with it: the table keeps one row per kept word.
  const std::size_t dim = static_cast<std::size_t>(summary_.dim);
  const std::size_t rows = words_.size() - std::min(words_.size(), rows_taken_);
  if (values_.size() > rows * dim) values_.resize(rows * dim);
  throw InputError(message);
}

std::string VectorFileParser::line_name() const {
  return (binary_ ? "vector " : "line ") + std::to_string(binary_ ? summary_.lines + 1 : line_no_);
}

void VectorFileParser::feed(const char* data, std::size_t size) {
  if (failed_) throw InputError("The file was already refused; start again with another file.");
  if (finished_) throw InputError("The file was already read to its end.");
  summary_.bytes += size;
  if (!started_ && size > 0) {
    pending_.append(data, size);
    if (pending_.size() < 3 && pending_.compare(0, pending_.size(), "\xEF\xBB\xBF", pending_.size()) == 0) {
      return;  // maybe the start of a BOM: wait for more bytes
    }
    started_ = true;
    std::string first;
    first.swap(pending_);
    const std::size_t skip = first.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
    feed_text(first.data() + skip, first.size() - skip);
    return;
  }
  if (binary_) {
    feed_binary(data, size);
  } else if (deciding_) {
    pending_.append(data, size);
    if (pending_.size() >= kSniffBytes) decide_format_after_header();
  } else {
    feed_text(data, size);
  }
}

void VectorFileParser::decide_format_after_header() {
  deciding_ = false;
  bool control = false;
  const std::size_t n = std::min(pending_.size(), kSniffBytes);
  for (std::size_t i = 0; i < n && !control; ++i) control = is_control(static_cast<unsigned char>(pending_[i]));
  std::string rest;
  rest.swap(pending_);
  if (control) {
    binary_ = true;
    summary_.format = "word2vec binary";
    summary_.lines = 0;  // from here on: records
    pending_.swap(rest);
    feed_binary();
  } else {
    feed_text(rest.data(), rest.size());
  }
}

void VectorFileParser::feed_text(const char* data, std::size_t size) {
  const char* p = data;
  const char* end = data + size;
  while (p < end) {
    if (binary_ || deciding_) {  // the header was just read: the rest may be binary
      pending_.append(p, end);
      if (binary_) feed_binary();
      else if (pending_.size() >= kSniffBytes) decide_format_after_header();
      return;
    }
    const char* nl = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
    if (nl == nullptr) {
      pending_.append(p, end);
      if (pending_.size() > options_.max_line_bytes) fail_line_too_long(line_no_ + 1);
      return;
    }
    if (pending_.empty()) {
      text_line(p, nl);
    } else {
      pending_.append(p, nl);
      std::string line;
      line.swap(pending_);
      text_line(line.data(), line.data() + line.size());
    }
    p = nl + 1;
  }
}

// One message whether the long line arrived whole or was still being read when the cap was
// passed: what the learner reads must not depend on where the file's chunks were split.
void VectorFileParser::fail_line_too_long(std::size_t line) {
  fail("Line " + std::to_string(line) + " is longer than " + std::to_string(options_.max_line_bytes) +
       " bytes: this is not a text vector file (or it has no line breaks).");
}

void VectorFileParser::text_line(const char* begin, const char* end) {
  ++line_no_;
  if (static_cast<std::size_t>(end - begin) > options_.max_line_bytes) fail_line_too_long(line_no_);
  if (end > begin && end[-1] == '\r') --end;  // CRLF
  if (summary_.dim > 0 && summary_.lines > 0 && plain_vector_line(begin, end)) return;
  std::vector<Field>& fields = fields_;
  fields.clear();
  const char* p = begin;
  while (p < end) {
    const unsigned char c = static_cast<unsigned char>(*p);
    if (is_control(c) || c == '\r') {
      fail("Line " + std::to_string(line_no_) + " contains control bytes (such as NUL): this looks like " +
           "a binary file. word2vec binary files start with a header line \"count width\"; other binary " +
           "formats are not supported.");
    }
    if (c == ' ' || c == '\t') { ++p; continue; }
    const char* start = p;
    // A field runs to the first byte at or below ' ' (space, tab, '\r' or another control byte,
    // which the outer loop then refuses) or DEL: one comparison for nearly every byte.
    while (p < end && static_cast<unsigned char>(*p) > ' ' && *p != 0x7f) ++p;
    fields.emplace_back(start, p);
  }
  if (fields.empty()) return;  // a blank line
  line_bytes_ = static_cast<std::size_t>(end - begin) + 1;
  ++summary_.lines;
  if (summary_.lines == 1) header_or_vector(fields);
  else vector_line(fields);
}

// The line as nearly every line of a real file is: a word, then exactly `dim` plain decimals
// ([-] digits [. digits], no exponent, no '+'), separated by spaces or tabs. Read in one pass over
// its bytes, where the general path splits the line into fields first and then checks each field
// again. Anything else returns false, taking off the row it began, and the general path reads
// the line and words any message (so a message never depends on which path ran).
bool VectorFileParser::plain_vector_line(const char* begin, const char* end) {
  const auto byte = [](const char* p) { return static_cast<unsigned char>(*p); };
  const auto separator = [](unsigned char c) { return c == ' ' || c == '\t'; };
  const char* p = begin;
  while (p < end && separator(byte(p))) ++p;
  const char* word_begin = p;
  while (p < end && byte(p) > ' ' && byte(p) != 0x7f) ++p;
  const char* word_end = p;
  if (word_begin == word_end) return false;
  const std::size_t dim = static_cast<std::size_t>(summary_.dim);
  const bool wanted = !options_.wanted.empty() && options_.wanted.count(std::string(word_begin, word_end)) > 0;
  const bool kept = wanted || words_.size() < options_.max_words;
  line_bytes_ = static_cast<std::size_t>(end - begin) + 1;  // as the general path would set it
  float* const row = kept ? row_slot(true) : nullptr;
  // Not a plain line after all: the row just added goes again, and the general path reads the line.
  const auto not_plain = [&] {
    if (kept) values_.resize(values_.size() - dim);
    return false;
  };
  std::size_t numbers = 0;
  while (true) {
    if (p < end && !separator(byte(p))) return not_plain();
    while (p < end && separator(byte(p))) ++p;
    if (p == end) break;
    if (numbers == dim) return not_plain();
    const char* number_begin = p;
    const bool negative = *p == '-';
    if (negative) ++p;
    // The digits are gathered as one integer as they are checked (the decimal point ignored);
    // fraction_digits says where the point was.
    std::uint64_t digits = 0;
    const char* digits_begin = p;
    for (; p < end && static_cast<unsigned>(byte(p) - '0') < 10u; ++p) digits = digits * 10 + (byte(p) - '0');
    std::size_t count = static_cast<std::size_t>(p - digits_begin);
    std::size_t fraction_digits = 0;
    if (p < end && *p == '.') {
      const char* fraction = ++p;
      for (; p < end && static_cast<unsigned>(byte(p) - '0') < 10u; ++p) digits = digits * 10 + (byte(p) - '0');
      fraction_digits = static_cast<std::size_t>(p - fraction);
      count += fraction_digits;
    }
    if (count == 0) return not_plain();
    if (kept) {
      // Clinger's fast path, as fast_float takes it for float: an integer below 2^24 and a power of
      // ten up to 10^10 are both exact floats, so one division rounds correctly. Real files
      // ("-0.38497", "0.123456") nearly always fit; the rest go to fast_float.
      if (count <= 18 && digits <= (std::uint64_t{1} << 24) && fraction_digits <= 10) {
        const float magnitude = static_cast<float>(digits) / kPowersOfTen[fraction_digits];
        row[numbers] = negative ? -magnitude : magnitude;
        ++numbers;
        continue;
      }
      // Plain decimals shorter than kMaxNumberBytes; a long run of digits can still overflow.
      if (static_cast<std::size_t>(p - number_begin) >= kMaxNumberBytes) return not_plain();
      float value;
      const fast_float::from_chars_result r = fast_float::from_chars(number_begin, p, value);
      if (r.ec != std::errc() || r.ptr != p || !std::isfinite(value)) return not_plain();
      row[numbers] = value;
    }
    ++numbers;
  }
  if (numbers != dim) return not_plain();
  ++summary_.lines;
  word_.assign(word_begin, word_end);
  add_word(wanted, kept);
  return true;
}

void VectorFileParser::header_or_vector(const std::vector<Field>& fields) {
  if (fields.size() == 2 && all_digits(fields[0]) && all_digits(fields[1])) {
    const std::string count(fields[0].first, fields[0].second), dim(fields[1].first, fields[1].second);
    // At most 10 and 6 digits, so std::stoll (64-bit even in wasm, where long is 32) cannot throw.
    if (count.size() > 10 || dim.size() > 6 || std::stoll(count) < 1 || std::stoll(count) > kMaxHeaderCount ||
        std::stoll(dim) < 1 || std::stoll(dim) > options_.max_dim) {
      fail("Line " + std::to_string(line_no_) + " looks like a header (\"" + count + " " + dim +
           "\") but is not a valid one: it must give a vector count of at least 1 and a width from 1 to " +
           std::to_string(options_.max_dim) + ".");
    }
    summary_.has_header = true;
    summary_.header_count = static_cast<long>(std::stoll(count));
    summary_.dim = static_cast<int>(std::stoll(dim));
    dim_origin_ = "the header on line " + std::to_string(line_no_);
    if (options_.format == VectorFileFormat::Binary) {
      binary_ = true;
      summary_.lines = 0;  // from here on: records
    } else if (options_.format == VectorFileFormat::Auto) {
      deciding_ = true;
    }
    return;
  }
  if (options_.format == VectorFileFormat::Binary) {
    fail("Line 1 is not a word2vec binary header: it must be two whole numbers, the vector count and the width.");
  }
  vector_line(fields);
}

void VectorFileParser::vector_line(const std::vector<Field>& fields) {
  const Field& word = fields[0];
  const std::size_t numbers = fields.size() - 1;
  if (numbers == 0) {
    fail("Line " + std::to_string(line_no_) + " has the word " + quoted(word.first, word.second) +
         " but no numbers after it.");
  }
  if (summary_.dim == 0) {
    if (numbers > static_cast<std::size_t>(options_.max_dim)) {
      fail("Line " + std::to_string(line_no_) + " has " + std::to_string(numbers) +
           " numbers; vectors wider than " + std::to_string(options_.max_dim) + " are not supported.");
    }
    summary_.dim = static_cast<int>(numbers);
    dim_origin_ = "line " + std::to_string(line_no_);
  } else if (numbers != static_cast<std::size_t>(summary_.dim)) {
    fail("Line " + std::to_string(line_no_) + " has " + std::to_string(numbers) +
         " numbers after the word " + quoted(word.first, word.second) + ", but this file's vectors have " +
         std::to_string(summary_.dim) + " (set by " + dim_origin_ + "). Every row must have the same width.");
  }
  word_.assign(word.first, word.second);  // reuses its capacity: no allocation per line
  const bool wanted = is_wanted(word_);
  const bool kept = wanted || words_.size() < options_.max_words;
  float* const row = kept ? row_slot(true) : nullptr;  // a word not kept: its numbers only checked
  std::string why;
  for (std::size_t i = 0; i < numbers; ++i) {
    if (!parse_number(fields[i + 1], row ? row + i : nullptr, &why)) {
      fail("Line " + std::to_string(line_no_) + ", number " + std::to_string(i + 1) + " of the word " +
           quoted(word.first, word.second) + ": " + why + ".");
    }
  }
  add_word(wanted, kept);
}

bool VectorFileParser::is_wanted(const std::string& word) const {
  return !options_.wanted.empty() && options_.wanted.count(word) > 0;
}

// "line 12" or "vector 12": where the word being kept was read. Only built for a message.
std::string VectorFileParser::record_name() const {
  return binary_ ? "vector " + std::to_string(summary_.lines) : "line " + std::to_string(line_no_);
}

// Where the numbers of the word being read go: for a kept word, a row added at the end of the
// table, so they are written there straight from the file (a scratch row copied in after cost
// a tenth of reading an all-kept binary file in wasm); otherwise scratch. A failure takes the
// row off again (fail).
float* VectorFileParser::row_slot(bool kept) {
  const std::size_t dim = static_cast<std::size_t>(summary_.dim);
  if (!kept) {
    row_.resize(dim);
    return row_.data();
  }
  if (words_.empty()) reserve_kept();  // before the first row, so the table is sized once
  const std::size_t at = values_.size();
  values_.resize(at + dim);
  return values_.data() + at;
}

// Checks and counts the word being read (word_), and adds it to the kept words if `kept` (a
// word within the cap, or wanted), its row being already at the end of the table.
void VectorFileParser::add_word(bool wanted, bool kept) {
  if (!is_valid_utf8(word_)) {  // strict, so the words reach the page intact
    fail("The word on " + record_name() + " is not valid UTF-8 text: this looks like binary garbage.");
  }
  ++summary_.vectors_seen;
  if (!kept) return;
  words_.add(word_);  // a repeat is looked for once the file is read (fail_on_repeated_word)
  kept_at_.push_back(binary_ ? summary_.lines : line_no_);
  if (wanted) ++summary_.wanted_found;
  for (const char c : word_) {
    if (c >= 'A' && c <= 'Z') { summary_.lowercase_only = false; break; }
  }
  summary_.vectors_kept = words_.size();
}

// The kept words are checked for repeats once they are all in, in one pass (WordList::first_repeat):
// so a repeat is named after any problem found while reading, even one further on in the file.
void VectorFileParser::fail_on_repeated_word() {
  const std::optional<WordList::Repeat> repeat = words_.first_repeat();
  if (!repeat) return;
  const std::string_view word = words_[repeat->second];
  const std::string unit = binary_ ? "vector " : "line ";
  fail("The word " + quoted(word.data(), word.data() + word.size()) + " on " + unit + std::to_string(kept_at_[repeat->second]) +
       " appears a second time (first on " + unit + std::to_string(kept_at_[repeat->first]) +
       "). Each word may have only one vector.");
}

// Room for every vector the file can give, when that is known, so the table is not grown by
// doubling (which leaves up to twice its size on a wasm heap that never shrinks). When the caller
// takes the vectors as they come, only the words are reserved.
void VectorFileParser::reserve_kept() {
  expected_rows_ = estimate_rows();
  if (expected_rows_ == 0) return;
  // Most words are short: 8 bytes each is a guess the word list grows past if it must.
  words_.reserve(expected_rows_, 8 * expected_rows_);
  if (!options_.hand_over_values) values_.reserve(expected_rows_ * static_cast<std::size_t>(summary_.dim));
  kept_at_.reserve(expected_rows_);
}

// A header gives the count; otherwise the file's size over the first line's length estimates it.
std::size_t VectorFileParser::estimate_rows() const {
  const std::size_t dim = static_cast<std::size_t>(summary_.dim);
  std::size_t rows = options_.max_words + std::min<std::size_t>(options_.wanted.size(), 1 << 20);
  if (rows < options_.max_words) rows = options_.max_words;  // no wrap-around
  bool known = false;
  if (summary_.has_header) {
    // Without the file's size a header is only a claim: reserve at most 64 MB on its word.
    rows = std::min(rows, static_cast<std::size_t>(summary_.header_count));
    if (options_.expected_bytes == 0) rows = std::min(rows, (std::size_t{16} << 20) / dim);
    known = true;
  }
  if (options_.expected_bytes > 0) {
    // Every row takes at least 2 bytes per number ("0 "), so a header cannot make us reserve
    // more than the file can hold; a text line's length estimates the rest.
    rows = std::min(rows, options_.expected_bytes / (2 * dim) + 16);
    if (!binary_ && line_bytes_ > 0) {
      const std::size_t estimate = options_.expected_bytes / line_bytes_;
      rows = std::min(rows, estimate + estimate / 16 + 16);
    }
    known = true;
  }
  return known ? rows : 0;
}

std::vector<float> VectorFileParser::take_values() {
  std::vector<float> taken;
  taken.swap(values_);  // values_ starts again empty, its memory handed over
  if (summary_.dim > 0) rows_taken_ += taken.size() / static_cast<std::size_t>(summary_.dim);
  return taken;
}

// The bytes gathered in pending_, as records (after the header, or at the file's end).
void VectorFileParser::drop_values() {
  if (summary_.dim > 0) rows_taken_ += values_.size() / static_cast<std::size_t>(summary_.dim);
  values_.clear();
}

void VectorFileParser::feed_binary() {
  reserve_piece(pending_.size());
  pending_.erase(0, read_binary_records(pending_.data(), pending_.size()));
}

// A piece of a binary file, read where it lies: only the record cut by the piece's edge is
// copied (into pending_), never the whole piece.
void VectorFileParser::feed_binary(const char* data, std::size_t size) {
  reserve_piece(pending_.size() + size);
  std::size_t from = 0;  // where in `data` the records not yet read begin
  if (!pending_.empty()) {
    // The cut record's end: at most a word, its space and its numbers away (newlines aside).
    const std::size_t had = pending_.size();
    const std::size_t glue = std::min(size, kMaxWordBytes + 2 + static_cast<std::size_t>(summary_.dim) * sizeof(float) + 2);
    pending_.append(data, glue);
    const std::size_t used = read_binary_records(pending_.data(), pending_.size());
    if (used <= had && glue < size) {  // still cut (a run of newlines): the general way
      pending_.append(data + glue, size - glue);
      feed_binary();
      return;
    }
    if (used <= had) {  // the whole piece is in pending_
      pending_.erase(0, used);
      return;
    }
    pending_.clear();
    from = used - had;
  }
  const std::size_t read = read_binary_records(data + from, size - from);
  pending_.assign(data + from + read, data + size);
}

// Handed-over rows start again from empty after every take: room for the rows `bytes` of a
// binary file can hold at most, so a piece's rows are not grown by doubling (copied again and
// again). After drop_values() the memory is already there.
void VectorFileParser::reserve_piece(std::size_t bytes) {
  if (!options_.hand_over_values || !values_.empty()) return;
  const std::size_t dim = static_cast<std::size_t>(summary_.dim);
  values_.reserve((bytes / (dim * sizeof(float) + 2) + 1) * dim);
}

// Reads the whole records in bytes[0, n) and returns how many bytes they took.
std::size_t VectorFileParser::read_binary_records(const char* const bytes, const std::size_t n) {
  const std::size_t dim = static_cast<std::size_t>(summary_.dim);
  const std::size_t record_bytes = dim * sizeof(float);
  std::size_t pos = 0;
  while (pos < n) {
    if (summary_.lines >= static_cast<std::size_t>(summary_.header_count)) {
      for (; pos < n; ++pos) {
        const char c = bytes[pos];
        if (c != '\n' && c != '\r' && c != ' ' && c != '\t') {
          fail("The file goes on after the " + std::to_string(summary_.header_count) +
               " vectors its header announced: the header count is wrong or the file is not word2vec binary.");
        }
      }
      break;
    }
    std::size_t start = pos;
    while (start < n && (bytes[start] == '\n' || bytes[start] == '\r')) ++start;
    const std::size_t limit = std::min(n, start + kMaxWordBytes + 1);
    std::size_t space = start;
    while (space < limit && bytes[space] != ' ') ++space;
    if (space == limit) {
      if (limit - start > kMaxWordBytes) {
        fail("Vector " + std::to_string(summary_.lines + 1) + " has no space after its word within " +
             std::to_string(kMaxWordBytes) + " bytes: the file is not valid word2vec binary (or the header's width is wrong).");
      }
      break;  // wait for more bytes
    }
    if (space == start) {
      fail("Vector " + std::to_string(summary_.lines + 1) + " has an empty word: the file is not valid word2vec binary " +
           "(is the header's width " + std::to_string(dim) + " right?).");
    }
    if (n - (space + 1) < record_bytes) break;  // wait for the numbers
    for (std::size_t i = start; i < space; ++i) {
      const char c = bytes[i];
      if (is_control(static_cast<unsigned char>(c)) || c == '\t' || c == '\n' || c == '\r') {
        fail("The word of vector " + std::to_string(summary_.lines + 1) +
             " contains control bytes: the file is not valid word2vec binary (is the header's width " +
             std::to_string(dim) + " right?).");
      }
    }
    word_.assign(bytes + start, space - start);
    const bool wanted = is_wanted(word_);
    const bool kept = wanted || words_.size() < options_.max_words;
    // Little-endian float32s, copied and checked four at a time (core/math/finite.hpp); the bad
    // number is looked for only to word the message.
    float* const row = row_slot(kept);
    if (!copy_finite(bytes + space + 1, row, dim)) {
      for (std::size_t f = 0; f < dim; ++f) {
        if (!std::isfinite(row[f])) {
          fail("Vector " + std::to_string(summary_.lines + 1) + " (\"" + std::string(bytes + start, std::min<std::size_t>(space - start, 40)) +
               "\"), number " + std::to_string(f + 1) + ": the value is not a finite number (NaN or infinity).");
        }
      }
    }
    ++summary_.lines;
    add_word(wanted, kept);
    pos = space + 1 + record_bytes;
  }
  return pos;
}

void VectorFileParser::finish() {
  if (failed_) throw InputError("The file was already refused; start again with another file.");
  if (finished_) return;
  if (!started_ && !pending_.empty()) {  // fewer than 3 bytes in all
    started_ = true;
    std::string first;
    first.swap(pending_);
    feed_text(first.data(), first.size());
  }
  if (deciding_) decide_format_after_header();
  if (binary_) {
    feed_binary();
    if (!pending_.empty() || summary_.lines < static_cast<std::size_t>(summary_.header_count)) {
      fail("The file ends after " + std::to_string(summary_.lines) + " of the " +
           std::to_string(summary_.header_count) +
           " vectors its header announced: it is truncated, or the header is wrong.");
    }
  } else if (!pending_.empty()) {
    std::string line;
    line.swap(pending_);
    text_line(line.data(), line.data() + line.size());
  }
  if (summary_.bytes == 0) fail("The file is empty.");
  if (summary_.vectors_seen == 0) {
    fail(summary_.has_header ? "The file has a header line but no vectors after it."
                             : "The file has no vectors: every line is blank.");
  }
  fail_on_repeated_word();
  if (summary_.has_header && !binary_ && summary_.vectors_seen != static_cast<std::size_t>(summary_.header_count)) {
    fail("The header on line 1 announced " + std::to_string(summary_.header_count) + " vectors, but the file has " +
         std::to_string(summary_.vectors_seen) +
         (summary_.vectors_seen < static_cast<std::size_t>(summary_.header_count) ? ": it is truncated, or the header is wrong."
                                                                                  : ": the header is wrong."));
  }
  if (summary_.vectors_seen > summary_.vectors_kept) {
    summary_.notices.push_back("Kept " + std::to_string(summary_.vectors_kept) + " of the file's " +
                               std::to_string(summary_.vectors_seen) + " vectors: the first " +
                               std::to_string(std::min(options_.max_words, summary_.vectors_kept)) +
                               " plus the words the page's sentences need.");
  }
  finished_ = true;
}

std::vector<float> decode_int8_vectors(const std::vector<std::int8_t>& codes, const std::vector<float>& scales,
                                       int dim) {
  if (dim < 1) throw InputError("decode: the width must be at least 1");
  if (codes.size() != scales.size() * static_cast<std::size_t>(dim)) {
    throw InputError("decode: " + std::to_string(codes.size()) + " codes do not fill " +
                     std::to_string(scales.size()) + " vectors of width " + std::to_string(dim) +
                     ": the vector pack is damaged.");
  }
  std::vector<float> out(codes.size());
  for (std::size_t w = 0; w < scales.size(); ++w) {
    if (!std::isfinite(scales[w])) throw InputError("decode: a scale of the vector pack is not finite");
    for (std::size_t f = 0; f < static_cast<std::size_t>(dim); ++f) {
      const std::size_t i = w * static_cast<std::size_t>(dim) + f;
      out[i] = static_cast<float>(codes[i]) * scales[w];
    }
  }
  return out;
}

}  // namespace aw
