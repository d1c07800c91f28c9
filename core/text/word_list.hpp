// The words of a vector file, kept in one block of bytes with a hash index over them.
//
// A file of 400,000 words kept as std::vector<std::string> plus an unordered_map for the
// duplicate check costs two allocations and two copies per word (in wasm, more time than
// reading the word's 50 floats) and about 60 bytes of bookkeeping each. Here a word costs its
// bytes, a newline, a 4-byte offset and two 8-byte index slots; the block, words joined by '\n',
// goes to JavaScript in one piece and is split there.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace aw {

class WordList {
 public:
  static constexpr std::size_t kAdded = static_cast<std::size_t>(-1);

  // Room for `words` words of `bytes` bytes in all (a guess: the list grows past it if needed).
  void reserve(std::size_t words, std::size_t bytes);
  // Adds `word` unless it is already here: returns kAdded, or the index of the equal word.
  // A word must not contain '\n' (the separator of joined()).
  std::size_t add_unique(std::string_view word);

  std::size_t size() const { return starts_.size(); }
  bool empty() const { return starts_.empty(); }
  std::string_view operator[](std::size_t i) const;
  std::string_view back() const { return (*this)[size() - 1]; }
  // Every word followed by '\n', in the order added.
  const std::string& joined() const { return bytes_; }
  std::vector<std::string> to_strings() const;

 private:
  std::size_t slot_of(std::string_view word, std::uint32_t tag) const;
  void grow_index(std::size_t min_slots);

  std::string bytes_;                  // the words, each followed by '\n'
  std::vector<std::uint32_t> starts_;  // where word i begins in bytes_
  // Open addressing with linear probing, kept at most half full. A slot is 0 when empty, else
  // (the word's hash) << 32 | (its index + 1): the hash is compared first, so a probe past other
  // words rarely reads their bytes (each such read is a cache miss in a large file).
  std::vector<std::uint64_t> slots_;
};

}  // namespace aw
