// The words of a vector file, kept in one block of bytes, checked for repeats once all are in.
//
// A file of 400,000 words kept as std::vector<std::string> plus an unordered_map for the
// duplicate check costs two allocations and two copies per word (in wasm, more time than
// reading the word's 50 floats) and about 60 bytes of bookkeeping each. Here a word costs its
// bytes, a newline and a 4-byte offset; the block, words joined by '\n', goes to JavaScript in
// one piece and is split there.
//
// Repeats are looked for in one pass at the end (first_repeat), by sorting the words' hashes: a hash
// index probed as each word arrived missed the cache on nearly every word once it outgrew it,
// and took half the time of reading a 400,000-word binary file in wasm.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aw {

class WordList {
 public:
  // Two entries holding the same word: `first` < `second`.
  struct Repeat {
    std::size_t first;
    std::size_t second;
  };

  // Room for `words` words of `bytes` bytes in all (a guess: the list grows past it if needed).
  void reserve(std::size_t words, std::size_t bytes);
  // Adds `word` at the end, repeated or not. A word must not contain '\n' (the separator of joined()).
  void add(std::string_view word);
  // The repeat whose second entry comes first in the list, if any word is there twice: the one a
  // reader going through the list in order would meet first.
  std::optional<Repeat> first_repeat() const;

  std::size_t size() const { return starts_.size(); }
  bool empty() const { return starts_.empty(); }
  std::string_view operator[](std::size_t i) const;
  std::string_view back() const { return (*this)[size() - 1]; }
  // Every word followed by '\n', in the order added.
  const std::string& joined() const { return bytes_; }
  std::vector<std::string> to_strings() const;

  // The 32-bit hash the repeat check sorts by (public for the tests, which make words collide).
  static std::uint32_t hash_of(std::string_view word);

 private:
  std::string bytes_;                  // the words, each followed by '\n'
  std::vector<std::uint32_t> starts_;  // where word i begins in bytes_
};

}  // namespace aw
