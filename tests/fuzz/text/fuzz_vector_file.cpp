// The streaming word-vector file parser (core/text/vector_file.hpp). The file is read twice:
// whole in one feed, and in random chunk splits (empty chunks included). Both reads must end the
// same way: refused with the same aw::InputError message, or the same words, values and
// summary. The learner's message must not depend on how the browser chunked the file.
#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "tests/fuzz/fuzz_support.hpp"
#include "core/text/vector_file.hpp"

namespace {

struct Outcome {
  bool refused = false;
  std::string message;
  std::vector<std::string> words;
  std::vector<float> values;
  std::string format;
  long header_count = 0;
  int dim = 0;
  std::size_t lines = 0, seen = 0, kept = 0, wanted_found = 0, bytes = 0;
  std::vector<std::string> notices;
};

// The first kHeaderBytes of the input choose the options and the chunk split; the rest is the
// file, so a seed is 8 bytes and then a real vector file. Small caps, so the fuzzer reaches them.
constexpr std::size_t kHeaderBytes = 8;

// Bytes 0-5: max_words 1..8, max_dim 1..16, max_line_bytes 8..512 (two bytes), the format,
// whether some words are wanted beyond the cap.
aw::VectorFileOptions options_from(const std::uint8_t* h) {
  aw::VectorFileOptions o;
  o.max_words = 1 + h[0] % 8;
  o.max_dim = 1 + h[1] % 16;
  o.max_line_bytes = 8 + (h[2] | (h[3] << 8)) % 505;
  o.format = static_cast<aw::VectorFileFormat>(h[4] % 3);
  if (h[5] % 2) o.wanted = {"bank", "river", "a"};
  return o;
}

// Up to 12 cut points anywhere in the file (equal ones give empty chunks), from a seed.
std::vector<std::size_t> cuts_for(std::size_t file_size, unsigned count, unsigned seed) {
  std::minstd_rand random(seed + 1);
  std::vector<std::size_t> cuts;
  for (unsigned i = 0; i < count % 13; ++i) cuts.push_back(random() % (file_size + 1));
  std::sort(cuts.begin(), cuts.end());
  return cuts;
}

// Parses `file` cut at `cuts` (sorted offsets). Anything but aw::InputError breaks the contract.
Outcome parse(const aw::VectorFileOptions& options, const std::string& file, const std::vector<std::size_t>& cuts) {
  Outcome out;
  aw::VectorFileParser parser(options);
  const bool ran = aw_fuzz::runs_or_refuses([&] {
    try {
      std::size_t from = 0;
      for (const std::size_t cut : cuts) {
        parser.feed(file.data() + from, cut - from);
        from = cut;
      }
      parser.feed(file.data() + from, file.size() - from);
      parser.finish();
    } catch (const aw::InputError& e) {
      out.message = e.what();
      throw;
    }
  });
  out.refused = !ran;
  if (!ran) return out;
  const aw::VectorFileSummary& s = parser.summary();
  out.words = parser.words();
  out.values = parser.values();
  out.format = s.format;
  out.header_count = s.header_count;
  out.dim = s.dim;
  out.lines = s.lines;
  out.seen = s.vectors_seen;
  out.kept = s.vectors_kept;
  out.wanted_found = s.wanted_found;
  out.bytes = s.bytes;
  out.notices = s.notices;
  return out;
}

bool same(const Outcome& a, const Outcome& b) {
  return a.refused == b.refused && a.message == b.message && a.words == b.words && a.values == b.values &&
         a.format == b.format && a.header_count == b.header_count && a.dim == b.dim && a.lines == b.lines &&
         a.seen == b.seen && a.kept == b.kept && a.wanted_found == b.wanted_found && a.bytes == b.bytes &&
         a.notices == b.notices;
}

// What a successful read promises: one vector of `dim` finite numbers per kept word, each
// word valid UTF-8 and unique, at most max_words of them besides the wanted ones.
void check_result(const aw::VectorFileOptions& options, const Outcome& r) {
  aw_fuzz::check(r.dim >= 1 && r.dim <= options.max_dim, "vector file: width outside 1..max_dim");
  aw_fuzz::check(r.values.size() == r.words.size() * static_cast<std::size_t>(r.dim), "vector file: values do not fill the words");
  aw_fuzz::check(r.kept == r.words.size() && r.kept <= r.seen && r.seen >= 1, "vector file: counts disagree");
  aw_fuzz::check(r.kept <= options.max_words + options.wanted.size(), "vector file: kept more than the cap");
  for (const float v : r.values) aw_fuzz::check(std::isfinite(v), "vector file: a value is not finite");
  aw_fuzz::check(std::set<std::string>(r.words.begin(), r.words.end()).size() == r.words.size(),
                 "vector file: a word was kept twice");
  for (const std::string& w : r.words) {
    aw_fuzz::check(!w.empty() && aw_fuzz::valid_utf8(w), "vector file: a word is empty or not UTF-8");
    for (const char c : w) {
      const auto u = static_cast<unsigned char>(c);
      aw_fuzz::check(u >= 0x20 && u != 0x7f && c != ' ', "vector file: a word contains a control byte or space");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < kHeaderBytes) return 0;
  const aw::VectorFileOptions options = options_from(data);
  const std::string file(reinterpret_cast<const char*>(data) + kHeaderBytes, size - kHeaderBytes);
  const std::vector<std::size_t> cuts = cuts_for(file.size(), data[kHeaderBytes - 2], data[kHeaderBytes - 1]);

  const Outcome whole = parse(options, file, {});
  const Outcome chunked = parse(options, file, cuts);
  if (!same(whole, chunked)) {
    aw_fuzz::fail("vector file: whole and chunked reads differ: \"" + whole.message + "\" vs \"" + chunked.message + "\"");
  }
  if (!whole.refused) check_result(options, whole);
  return 0;
}
