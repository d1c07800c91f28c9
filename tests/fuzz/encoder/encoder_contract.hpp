// What encode_batch (core/encoder/transformer.hpp) promises for any pack and texts: refused
// with aw::InputError, or for each text 1..128 tokens with ids in the table, finite matrices
// at every stage, attention rows summing to 1 and a finite sentence vector of length <= 1.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "tests/fuzz/fuzz_support.hpp"
#include "core/encoder/transformer.hpp"

namespace aw_fuzz {

inline void check_report(const aw::encoder::EncoderReport& r, std::size_t vocabulary) {
  check(!r.tokens.empty() && r.tokens.size() <= aw::encoder::kMaxTokens, "encoder: token count outside 1..128");
  for (const auto& t : r.tokens) check(t.id >= 0 && static_cast<std::size_t>(t.id) < vocabulary, "encoder: id outside the vocabulary");
  check(r.static_vectors.allFinite() && r.input.allFinite(), "encoder: static vectors or x0 not finite");
  check(r.layers.size() == aw::encoder::kLayers, "encoder: wrong number of layers");
  for (const auto& layer : r.layers) {
    check(layer.output.allFinite(), "encoder: a layer's output is not finite");
    check(layer.heads.size() == aw::encoder::kHeads, "encoder: wrong number of heads");
    for (const auto& h : layer.heads) {
      check(h.Q.allFinite() && h.K.allFinite() && h.V.allFinite(), "encoder: a head's Q, K or V is not finite");
      check_weights(h.attn_weights, kRowSumTolerance<float>, "encoder head");
    }
  }
  check(r.sentence_vector.allFinite(), "encoder: sentence vector not finite");
  check(r.sentence_vector.norm() <= 1.0f + 1e-5f, "encoder: sentence vector longer than 1");
}

// Tokenizer and forward pass on `texts`; returns false when either refused.
inline bool encode_keeps_contract(const aw::encoder::EncoderPack& pack, const std::vector<std::string>& texts) {
  std::unique_ptr<aw::encoder::UnigramTokenizer> tokenizer;
  if (!runs_or_refuses([&] { tokenizer = std::make_unique<aw::encoder::UnigramTokenizer>(pack.vocabulary); })) return false;
  std::vector<aw::encoder::EncoderReport> reports;
  if (!runs_or_refuses([&] { reports = aw::encoder::encode_batch(pack, *tokenizer, texts); })) return false;
  check(reports.size() == texts.size(), "encoder: one report per text");
  for (const auto& r : reports) check_report(r, pack.vocabulary.size());
  return true;
}

}  // namespace aw_fuzz
