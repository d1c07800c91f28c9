// The two-sentence "bank" comparison with a trained encoder: the same word's static vector (its
// token-table row, identical in both sentences), its contextual vector after each layer, the
// sentence vectors, and where each trained head sends the word's attention.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/encoder/transformer.hpp"

namespace aw::encoder {

struct HeadFocus {
  int layer = 0;
  int head = 0;
  std::vector<long> keys;      // token indices, most attended first (at most 3)
  std::vector<float> weights;  // their attention weights
};

struct TrainedComparison {
  EncoderReport first, second;
  long target_first = -1, target_second = -1;  // index of the target's token in each, or -1
  std::string target_piece;                    // e.g. "▁bank"
  std::optional<double> static_cosine;         // token-table rows: 1 when both are the same piece
  std::vector<std::optional<double>> contextual_cosine;  // per layer, target vs target
  double sentence_cosine = 0;                  // the two 512-d sentence vectors
  std::vector<HeadFocus> focus_first, focus_second;  // per layer and head, for the target
  std::vector<std::string> notices;
};

// `target` is a word as typed ("bank"); it matches the first token whose piece is "▁" + word,
// comparing case-blind, so "Bank" and "bank" both count (their pieces differ in the model).
TrainedComparison compare_sentences(const EncoderPack& pack, const UnigramTokenizer& tokenizer,
                                    const std::string& first_nfkc, const std::string& second_nfkc,
                                    const std::string& target);

}  // namespace aw::encoder
