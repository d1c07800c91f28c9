#include "core/text/word_list.hpp"

#include <functional>
#include <limits>
#include <stdexcept>

namespace aw {

void WordList::reserve(std::size_t words, std::size_t bytes) {
  starts_.reserve(words);
  bytes_.reserve(bytes);
  grow_index(2 * words);
}

std::string_view WordList::operator[](std::size_t i) const {
  const std::size_t end = i + 1 < starts_.size() ? starts_[i + 1] : bytes_.size();
  return std::string_view(bytes_).substr(starts_[i], end - 1 - starts_[i]);  // without its '\n'
}

namespace {
std::uint32_t hash_of(std::string_view word) {
  const std::uint64_t full = std::hash<std::string_view>{}(word);
  return static_cast<std::uint32_t>(full ^ (full >> 32));  // size_t is 32 bits in wasm, 64 natively
}
}  // namespace

// The slot holding `word`, or the empty slot where it would go.
std::size_t WordList::slot_of(std::string_view word, std::uint32_t tag) const {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t slot = tag & mask;; slot = (slot + 1) & mask) {
    const std::uint64_t entry = slots_[slot];
    if (entry == 0) return slot;
    if (static_cast<std::uint32_t>(entry >> 32) == tag && (*this)[static_cast<std::uint32_t>(entry) - 1] == word) return slot;
  }
}

std::size_t WordList::add_unique(std::string_view word) {
  if (2 * (size() + 1) > slots_.size()) grow_index(2 * (size() + 1));
  const std::uint32_t tag = hash_of(word);
  const std::size_t slot = slot_of(word, tag);
  if (slots_[slot] != 0) return static_cast<std::uint32_t>(slots_[slot]) - 1;
  if (bytes_.size() + word.size() + 1 > std::numeric_limits<std::uint32_t>::max()) {
    throw std::length_error("WordList: more than 4 GB of words");
  }
  starts_.push_back(static_cast<std::uint32_t>(bytes_.size()));
  bytes_.append(word.data(), word.size());
  bytes_.push_back('\n');
  slots_[slot] = static_cast<std::uint64_t>(tag) << 32 | size();
  return kAdded;
}

// A power of two of at least `min_slots`, every word placed again.
void WordList::grow_index(std::size_t min_slots) {
  std::size_t count = 16;
  while (count < min_slots) count *= 2;
  if (count <= slots_.size()) return;
  slots_.assign(count, 0);
  for (std::size_t i = 0; i < size(); ++i) {
    const std::string_view word = (*this)[i];
    const std::uint32_t tag = hash_of(word);
    slots_[slot_of(word, tag)] = static_cast<std::uint64_t>(tag) << 32 | (i + 1);
  }
}

std::vector<std::string> WordList::to_strings() const {
  std::vector<std::string> out;
  out.reserve(size());
  for (std::size_t i = 0; i < size(); ++i) out.emplace_back((*this)[i]);
  return out;
}

}  // namespace aw
