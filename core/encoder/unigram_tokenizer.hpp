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
#include <string>
#include <unordered_map>
#include <vector>

#include "core/encoder/pack.hpp"

namespace aw::encoder {

struct SubwordToken {
  int id = 0;
  std::string piece;  // the vocabulary piece, e.g. "▁bank"; for an unknown, the text it replaced
};

// The longest piece a vocabulary may hold, in code points (the real model's longest has 16).
// Matching looks up every substring up to this length at every position, so a crafted
// vocabulary with one 16,000-character piece would take minutes on a 16 KB text.
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
  const std::vector<Piece>& vocabulary_;
  std::unordered_map<std::u32string, Match> pieces_;
  std::vector<int> utf16_length_;  // per id: the piece's length in UTF-16 units (for backtracking)
  std::size_t longest_ = 1;        // longest piece, in code points
};

// UTF-8 <-> code points; invalid bytes decode to U+FFFD.
std::u32string utf8_to_code_points(const std::string& text);
std::string code_points_to_utf8(const std::u32string& text);

}  // namespace aw::encoder
