// SentencePiece-style unigram tokenizer of Universal Sentence Encoder Lite, reproducing the
// package's JavaScript tokenizer exactly (same pieces for the same text):
//   1. the caller passes NFKC-normalised text (the page uses the browser's String.normalize;
//      C++17 has no Unicode normaliser, and ICU is not available to the wasm build);
//   2. every space becomes U+2581 "▁", and one "▁" is put in front (a word-boundary marker);
//   3. Viterbi over code points picks the segmentation with the highest total log-probability;
//      ties go to the later-starting (shorter) piece, and a best score of exactly 0 counts as
//      "nothing yet", as in the package;
//   4. a character no piece covers becomes id 0 (unknown), and runs of unknowns merge into one.
// The first `reserved` vocabulary entries (<unk>, <s>, </s>, ...) are never matched.
#pragma once
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/encoder/pack.hpp"
#include "core/math/utf8.hpp"

namespace aw::encoder {

struct SubwordToken {
  int id = 0;
  std::string piece;  // the vocabulary piece, e.g. "▁bank"; for an unknown, the text it replaced
};

// The longest piece a vocabulary may hold, in code points (the real model's longest has 16).
// Matching walks the pieces' trie from every position, up to this many steps, so a crafted
// vocabulary with one 16,000-character piece would take minutes on a 16 KB text of its letter.
constexpr std::size_t kMaxPieceLength = 64;

class UnigramTokenizer {
 public:
  // Throws InputError for an empty vocabulary or a piece longer than kMaxPieceLength.
  explicit UnigramTokenizer(const std::vector<Piece>& vocabulary, int reserved = 6);
  std::vector<SubwordToken> encode(const std::string& nfkc_text) const;

 private:
  struct Match {
    int id;
    double score;
  };
  // The pieces as a trie over code points: node 0 is the root, children_ maps (node, code point)
  // to the child, match_[node] is the piece that ends there (id -1: none). From each position
  // the walk stops at the first code point no piece continues with, where a lookup of every
  // substring (one string built and hashed per length) cost 6 % of a batch's encoding.
  int child(int node, char32_t c) const {
    const auto it = children_.find(trie_key(node, c));
    return it == children_.end() ? -1 : it->second;
  }
  static std::uint64_t trie_key(int node, char32_t c) { return (static_cast<std::uint64_t>(node) << 32) | c; }
  const std::vector<Piece>& vocabulary_;
  std::unordered_map<std::uint64_t, int> children_;
  std::vector<Match> match_{Match{-1, 0.0}};
  std::vector<int> utf16_length_;  // per id: the piece's length in UTF-16 units (for backtracking)
  std::size_t longest_ = 1;        // longest piece, in code points
};

// UTF-8 <-> code points (core/math/utf8.hpp); invalid bytes decode to U+FFFD.
using aw::code_points_to_utf8;
using aw::utf8_to_code_points;

}  // namespace aw::encoder
