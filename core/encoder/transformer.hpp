// The forward pass of Universal Sentence Encoder Lite: 2 pre-LayerNorm transformer layers with
// 4 heads each, then mean pooling, a tanh layer and L2 normalisation to a 512-d sentence vector.
// Every intermediate the page shows is kept: per layer and head, Q, K, V and the attention
// weights; per layer, the token vectors it outputs.
//
//   x0 = 2·E[id] + timing(pos)            timing = [sin(pos·inv), cos(pos·inv)]; the graph
//                                          really adds the embedding twice
//   per layer: h = LN(x); [q|k|v] = h W_qkv + b; q ·= 1/√head_dim; A_h = softmax(q_h k_hᵀ);
//              x' = concat_h(A_h v_h) W_out + b + residual(x); x'' = x' + FFN(LN(x'))
//              (layer 0's residual is x W_res + b_res, because it widens 256 -> 512)
//   FFN(z) = ReLU(z W1 + b1) W2 + b2
//   sentence = l2normalise(tanh(mean_t x''_t W_pool + b_pool))
#pragma once
#include <string>
#include <vector>

#include "core/encoder/pack.hpp"
#include "core/encoder/unigram_tokenizer.hpp"

namespace aw::encoder {

constexpr int kLayers = 2;
constexpr int kHeads = 4;
constexpr std::size_t kMaxTokens = 128;  // the model clips longer inputs
constexpr std::size_t kMaxTextBytes = 16384;  // a longer text is refused before tokenizing
constexpr std::size_t kMaxBatch = 1024;       // texts in one encode_batch call

// Refuses a text longer than kMaxTextBytes before anything reads it: the model reads 128 tokens,
// and tokenizing a whole book to keep them would take seconds (a 4 MB text: 34 s in wasm).
// `what` names the text in the message ("This text", "The control sentence").
void require_encodable_length(const std::string& nfkc_text, const std::string& what = "This text");

struct HeadResult {
  MatF Q, K, V;        // (tokens, head_dim), Q already scaled by 1/√head_dim
  MatF attn_weights;   // (tokens, tokens), rows sum to 1
};

struct LayerResult {
  std::vector<HeadResult> heads;  // kHeads of them (or the heads asked for)
  MatF output;                    // (tokens, 512): the layer's contextual token vectors
};

struct EncoderReport {
  std::vector<SubwordToken> tokens;
  std::vector<std::string> notices;
  MatF static_vectors;            // (tokens, 256): the token table rows E[id], same in any context
  MatF input;                     // (tokens, 256): x0 = 2·E[id] + timing(pos)
  std::vector<LayerResult> layers;
  RowVec<float> sentence_vector;  // (512), unit length
};

// Runs the encoder on NFKC-normalised text. Throws InputError on empty or over-long input, and
// on a pack whose tensor shapes do not fit together. The dense layers multiply as the pack was
// read for (pack.hpp: Products).
EncoderReport encode_sentence(const EncoderPack& pack, const UnigramTokenizer& tokenizer,
                              const std::string& nfkc_text);

// The same for several texts at once. LayerNorm, projections and the feed-forward act on each
// token alone, so all texts' tokens go through them as one matrix (faster); attention stays
// within each text. Gives each text exactly what encode_sentence gives it.
// `heads` splits each layer's query, key and value columns into that many heads instead of the
// trained kHeads (core/encoder/heads_change.hpp): the same weights, another architecture.
std::vector<EncoderReport> encode_batch(const EncoderPack& pack, const UnigramTokenizer& tokenizer,
                                        const std::vector<std::string>& nfkc_texts, int heads = kHeads);

// Building blocks of the forward pass, exposed for bench/encoder_stages.cpp, which times them one
// by one (the same code, not a copy).
namespace detail {
// LayerNorm over each row's features: (x - mean) / sqrt(var + eps) * scale + bias.
MatF layer_norm(const MatF& x, const Eigen::RowVectorXf& scale, const Eigen::RowVectorXf& bias, float eps);
// The sinusoidal position signal: row pos = [sin(pos · inv), cos(pos · inv)].
MatF timing_signal(Eigen::Index tokens, const Eigen::RowVectorXf& inv);
// A pack's 1 × n tensor as a row vector.
Eigen::RowVectorXf row(const EncoderPack& pack, const std::string& name);
}  // namespace detail

}  // namespace aw::encoder
