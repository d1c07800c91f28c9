// The two-sentence "bank" comparison with a trained encoder: the same word's static vector (its
// token-table row, identical in both sentences), its contextual vector after each layer, the
// sentence vectors, and where each trained head sends the word's attention. With a control
// sentence (the word in the same sense as in the first sentence), the same cosines for the
// first sentence against the control, and whether the pair sits clearly below the control.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/encoder/transformer.hpp"
#include "core/math/sense_control.hpp"

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
  // The control (only when a control sentence was given): sentence 1 against the control.
  bool has_control = false;
  EncoderReport control;
  long target_control = -1;
  std::optional<double> control_static_cosine;
  std::vector<std::optional<double>> control_contextual_cosine;  // per layer, target vs target
  double control_sentence_cosine = 0;
  // After the last layer: the control cosine against the pair's (core/math/sense_control.hpp).
  SenseControl separation;
};

// `target` is a word as typed ("bank"); it matches the first token whose piece is "▁" + word,
// comparing case-blind, so "Bank" and "bank" both count (their pieces differ in the model).
TrainedComparison compare_sentences(const EncoderPack& pack, const UnigramTokenizer& tokenizer,
                                    const std::string& first_nfkc, const std::string& second_nfkc,
                                    const std::string& target,
                                    const std::optional<std::string>& control_nfkc = std::nullopt);

}  // namespace aw::encoder
