#include "core/text/word_list.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <limits>
#include <stdexcept>

namespace aw {

void WordList::reserve(std::size_t words, std::size_t bytes) {
  starts_.reserve(words);
  bytes_.reserve(bytes);
}

std::string_view WordList::operator[](std::size_t i) const {
  const std::size_t end = i + 1 < starts_.size() ? starts_[i + 1] : bytes_.size();
  return std::string_view(bytes_).substr(starts_[i], end - 1 - starts_[i]);  // without its '\n'
}

std::uint32_t WordList::hash_of(std::string_view word) {
  const std::uint64_t full = std::hash<std::string_view>{}(word);
  return static_cast<std::uint32_t>(full ^ (full >> 32));  // size_t is 32 bits in wasm, 64 natively
}

namespace {

// Sorts keys of the form hash << 32 | index by their hash, keeping equal hashes in the order
// given: a least-significant-digit radix sort, a byte of the hash per pass. Each pass reads the
// keys in order and writes to 256 places that move forward, which the caches follow; a
// comparison sort would take about five times as long on 400,000 keys. The four bytes' counts
// are taken in one reading of the keys.
void sort_by_hash(std::vector<std::uint64_t>& keys) {
  std::array<std::array<std::uint32_t, 256>, 4> counts{};
  for (const std::uint64_t key : keys) {
    for (int pass = 0; pass < 4; ++pass) ++counts[pass][(key >> (32 + 8 * pass)) & 0xFF];
  }
  std::vector<std::uint64_t> sorted(keys.size());
  for (int pass = 0; pass < 4; ++pass) {
    std::array<std::size_t, 256> next{};  // where the next key with byte b goes
    for (std::size_t b = 1; b < 256; ++b) next[b] = next[b - 1] + counts[pass][b - 1];
    const int shift = 32 + 8 * pass;
    for (const std::uint64_t key : keys) sorted[next[(key >> shift) & 0xFF]++] = key;
    keys.swap(sorted);
  }
}

}  // namespace

void WordList::add(std::string_view word) {
  if (bytes_.size() + word.size() + 1 > std::numeric_limits<std::uint32_t>::max()) {
    throw std::length_error("WordList: more than 4 GB of words");
  }
  starts_.push_back(static_cast<std::uint32_t>(bytes_.size()));
  bytes_.append(word.data(), word.size());
  bytes_.push_back('\n');
}

std::optional<WordList::Repeat> WordList::first_repeat() const {
  std::vector<std::uint64_t> keys(size());
  for (std::size_t i = 0; i < size(); ++i) keys[i] = static_cast<std::uint64_t>(hash_of((*this)[i])) << 32 | i;
  sort_by_hash(keys);
  const auto index_of = [](std::uint64_t key) { return static_cast<std::size_t>(key & 0xFFFFFFFFu); };
  std::optional<Repeat> earliest;
  std::vector<std::size_t> run;  // the entries sharing one hash: nearly always one, rarely two
  for (std::size_t at = 0; at < keys.size();) {
    std::size_t end = at + 1;
    while (end < keys.size() && keys[end] >> 32 == keys[at] >> 32) ++end;
    if (end - at > 1) {
      // Equal hashes, maybe different words: sorted by word, then by position, equal words sit
      // together with their first entry leading. (Sorting, not comparing every pair, keeps a
      // file crafted to collide from taking quadratic time.)
      run.clear();
      for (std::size_t k = at; k < end; ++k) run.push_back(index_of(keys[k]));
      std::sort(run.begin(), run.end(), [this](std::size_t a, std::size_t b) {
        const std::string_view wa = (*this)[a], wb = (*this)[b];
        return wa != wb ? wa < wb : a < b;
      });
      for (std::size_t g = 0; g < run.size();) {  // each group of equal words
        std::size_t h = g + 1;
        while (h < run.size() && (*this)[run[h]] == (*this)[run[g]]) ++h;
        // A group's earliest repeat is its first two entries.
        if (h - g > 1 && (!earliest || run[g + 1] < earliest->second)) earliest = Repeat{run[g], run[g + 1]};
        g = h;
      }
    }
    at = end;
  }
  return earliest;
}

std::vector<std::string> WordList::to_strings() const {
  std::vector<std::string> out;
  out.reserve(size());
  for (std::size_t i = 0; i < size(); ++i) out.emplace_back((*this)[i]);
  return out;
}

}  // namespace aw
