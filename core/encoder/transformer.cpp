#include "core/encoder/transformer.hpp"

#include <cmath>

#include "core/math/finite.hpp"
#include "core/math/simd_matmul.hpp"
#include "core/math/softmax.hpp"

namespace aw::encoder {

namespace detail {

MatF layer_norm(const MatF& x, const Eigen::RowVectorXf& scale, const Eigen::RowVectorXf& bias, float eps) {
  MatF out(x.rows(), x.cols());
  for (Eigen::Index t = 0; t < x.rows(); ++t) {
    const float mean = x.row(t).mean();
    const float var = (x.row(t).array() - mean).square().mean();
    out.row(t) = ((x.row(t).array() - mean) / std::sqrt(var + eps)).matrix().cwiseProduct(scale) + bias;
  }
  return out;
}

MatF timing_signal(Eigen::Index tokens, const Eigen::RowVectorXf& inv) {
  MatF signal(tokens, 2 * inv.size());
  for (Eigen::Index pos = 0; pos < tokens; ++pos) {
    for (Eigen::Index k = 0; k < inv.size(); ++k) {
      const float angle = static_cast<float>(pos) * inv(k);
      signal(pos, k) = std::sin(angle);
      signal(pos, inv.size() + k) = std::cos(angle);
    }
  }
  return signal;
}

Eigen::RowVectorXf row(const EncoderPack& pack, const std::string& name) { return pack.tensor(name).row(0); }

}  // namespace detail

namespace {

using detail::layer_norm;
using detail::row;
using detail::timing_signal;

using Vec = Eigen::RowVectorXf;

// The pack's values are finite (read_pack), but finite weights can still multiply past float's
// range (3e38): every stage is checked, so the page never shows inf or NaN. The check is
// core/math/finite.hpp's SIMD one: Eigen's allFinite runs one float at a time in wasm, and took
// a tenth of a batch's time with int8 products.
void require_finite(const MatF& m, const std::string& stage) {
  if (!all_finite(m)) {
    throw InputError("The encoder's " + stage + " overflows float's range: the model pack's weights are damaged or " +
                     "are not this model's.");
  }
}

// x · kernel + bias, through the int8 product when the pack was read for it
// (core/math/int8_matmul.hpp), else through the float SIMD product (core/math/simd_matmul.hpp):
// nearly all of the encoder's arithmetic is here.
MatF affine(const EncoderPack& pack, const std::string& kernel, const MatF& x, const Vec& bias) {
  const Int8Columns* q = pack.int8_kernel(kernel);
  MatF out = q ? matmul_int8(x, *q) : matmul_ab(x, pack.tensor(kernel));
  out.rowwise() += bias;
  return out;
}

// One layer over the stacked tokens of several texts; `spans` gives each text's first row and
// length. Attention runs within each span; everything else runs on all rows at once.
// `heads`: the trained kHeads, or another split of the same columns (heads_change.hpp).
std::vector<LayerResult> run_layer(const EncoderPack& pack, int layer, const MatF& x,
                                   const std::vector<std::pair<Eigen::Index, Eigen::Index>>& spans, float eps,
                                   int heads) {
  const std::string p = "l" + std::to_string(layer) + ".";
  const MatF h = layer_norm(x, row(pack, p + "ln_scale"), row(pack, p + "ln_bias"), eps);
  require_finite(h, p + "layer norm");
  const MatF qkv = affine(pack, p + "qkv_kernel", h, row(pack, p + "qkv_bias"));
  require_finite(qkv, p + "queries, keys and values");
  const Eigen::Index width = qkv.cols() / 3;
  if (heads < 1 || width % heads != 0) {
    throw InputError(std::to_string(heads) + " heads do not divide layer " + std::to_string(layer + 1) +
                     "'s " + std::to_string(width) + " query columns into equal heads.");
  }
  const Eigen::Index head_dim = width / heads;
  // The trained scale is 1/√(its head width); another split scales by its own head width, as
  // attention does: 1/√(width/heads) = q_scale · √(heads/kHeads).
  const float trained_scale = pack.tensor(p + "q_scale")(0, 0);
  const float q_scale = heads == kHeads ? trained_scale
                                        : trained_scale * std::sqrt(static_cast<float>(heads) / static_cast<float>(kHeads));

  std::vector<LayerResult> results(spans.size());
  MatF combined(x.rows(), width);
  for (std::size_t s = 0; s < spans.size(); ++s) {
    const auto [first, length] = spans[s];
    for (int head = 0; head < heads; ++head) {
      HeadResult r;
      r.Q = qkv.block(first, head * head_dim, length, head_dim) * q_scale;
      r.K = qkv.block(first, width + head * head_dim, length, head_dim);
      r.V = qkv.block(first, 2 * width + head * head_dim, length, head_dim);
      const MatF scores = r.Q * r.K.transpose();
      require_finite(r.Q, p + "scaled queries");
      require_finite(scores, p + "attention scores");
      r.attn_weights = row_softmax<float>(scores);
      combined.block(first, head * head_dim, length, head_dim) = r.attn_weights * r.V;
      results[s].heads.push_back(std::move(r));
    }
  }
  require_finite(combined, p + "attention output");
  MatF attended = affine(pack, p + "out_kernel", combined, row(pack, p + "out_bias"));
  attended += layer == 0 ? affine(pack, "l0.residual_kernel", x, row(pack, "l0.residual_bias")) : x;
  require_finite(attended, p + "attention block");
  const MatF z = layer_norm(attended, row(pack, p + "ffn_ln_scale"), row(pack, p + "ffn_ln_bias"), eps);
  require_finite(z, p + "feed-forward layer norm");
  const MatF hidden = affine(pack, p + "ffn1_kernel", z, row(pack, p + "ffn1_bias")).cwiseMax(0.0f);
  require_finite(hidden, p + "feed-forward hidden layer");
  const MatF output = attended + affine(pack, p + "ffn2_kernel", hidden, row(pack, p + "ffn2_bias"));
  require_finite(output, p + "output");
  for (std::size_t s = 0; s < spans.size(); ++s) results[s].output = output.middleRows(spans[s].first, spans[s].second);
  return results;
}

// Every tensor's shape, checked against the others before any product, so a damaged or foreign
// pack is refused with a message instead of read out of bounds.
void require_shape(const EncoderPack& pack, const std::string& name, Eigen::Index rows, Eigen::Index cols) {
  const Shape t = pack.shape(name);
  if ((rows >= 0 && t.rows != rows) || (cols >= 0 && t.cols != cols)) {
    throw InputError("The model pack's " + name + " has shape " + shape_str(t.rows, t.cols) +
                     ", which does not fit the rest of the model.");
  }
}

void check_shapes(const EncoderPack& pack) {
  const MatF& table = pack.tensor("embeddings");
  Eigen::Index width = table.cols();  // the width flowing into the next layer
  if (width % 2 != 0) throw InputError("The model pack's token table has an odd width.");
  require_shape(pack, "timing_inv", 1, width / 2);
  require_shape(pack, "ln_epsilon", 1, 1);
  require_shape(pack, "l2_epsilon", 1, 1);
  for (int layer = 0; layer < kLayers; ++layer) {
    const std::string p = "l" + std::to_string(layer) + ".";
    const Eigen::Index attention_width = pack.shape(p + "qkv_kernel").cols / 3;
    const Eigen::Index out = pack.shape(p + "out_kernel").cols;
    const Eigen::Index hidden = pack.shape(p + "ffn1_kernel").cols;
    if (attention_width == 0 || attention_width % kHeads != 0) {
      throw InputError("The model pack's " + p + "qkv_kernel does not split into " + std::to_string(kHeads) + " heads.");
    }
    require_shape(pack, p + "ln_scale", 1, width);
    require_shape(pack, p + "ln_bias", 1, width);
    require_shape(pack, p + "qkv_kernel", width, 3 * attention_width);
    require_shape(pack, p + "qkv_bias", 1, 3 * attention_width);
    require_shape(pack, p + "q_scale", 1, 1);
    require_shape(pack, p + "out_kernel", attention_width, out);
    require_shape(pack, p + "out_bias", 1, out);
    if (layer == 0) {
      require_shape(pack, "l0.residual_kernel", width, out);
      require_shape(pack, "l0.residual_bias", 1, out);
    } else if (out != width) {
      throw InputError("The model pack's " + p + "out_kernel changes the width without a residual projection.");
    }
    require_shape(pack, p + "ffn_ln_scale", 1, out);
    require_shape(pack, p + "ffn_ln_bias", 1, out);
    require_shape(pack, p + "ffn1_kernel", out, hidden);
    require_shape(pack, p + "ffn1_bias", 1, hidden);
    require_shape(pack, p + "ffn2_kernel", hidden, out);
    require_shape(pack, p + "ffn2_bias", 1, out);
    width = out;
  }
  require_shape(pack, "pool_kernel", width, -1);
  require_shape(pack, "pool_bias", 1, pack.shape("pool_kernel").cols);
}

// Tokens, static vectors and x0 of one text.
EncoderReport prepare(const EncoderPack& pack, const UnigramTokenizer& tokenizer, const std::string& nfkc_text) {
  EncoderReport report;
  report.tokens = tokenizer.encode(nfkc_text);
  if (report.tokens.empty()) throw InputError("Type a sentence: the encoder needs at least one token.");
  if (report.tokens.size() > kMaxTokens) {
    report.notices.push_back("The model reads at most " + std::to_string(kMaxTokens) + " tokens; this text has " +
                             std::to_string(report.tokens.size()) + ", so the rest is cut off.");
    report.tokens.resize(kMaxTokens);
  }
  const MatF& table = pack.tensor("embeddings");
  const auto tokens = static_cast<Eigen::Index>(report.tokens.size());
  report.static_vectors.resize(tokens, table.cols());
  for (Eigen::Index t = 0; t < tokens; ++t) {
    const int id = report.tokens[static_cast<std::size_t>(t)].id;
    if (id < 0 || id >= table.rows()) throw InputError("Token id " + std::to_string(id) + " is outside the token table.");
    report.static_vectors.row(t) = table.row(id);
  }
  report.input = 2.0f * report.static_vectors + timing_signal(tokens, row(pack, "timing_inv"));
  require_finite(report.input, "input (twice the token vectors plus the timing signal)");
  return report;
}

// Below this squared length a float sum of squares may have lost digits (a square under float's
// smallest normal, 1.2e-38, keeps few of them): 512 such squares are then a relative 6e-12 of it.
constexpr float kExactSquares = 1e-24f;

}  // namespace

void require_encodable_length(const std::string& nfkc_text, const std::string& what) {
  if (nfkc_text.size() > kMaxTextBytes) {
    throw InputError(what + " is " + std::to_string(nfkc_text.size()) + " bytes long; the encoder takes at most " +
                     std::to_string(kMaxTextBytes) + " (it reads only the first " + std::to_string(kMaxTokens) + " tokens).");
  }
}

std::vector<EncoderReport> encode_batch(const EncoderPack& pack, const UnigramTokenizer& tokenizer,
                                        const std::vector<std::string>& nfkc_texts, int heads) {
  if (nfkc_texts.size() > kMaxBatch) {
    throw InputError("The encoder takes at most " + std::to_string(kMaxBatch) + " texts at once; this batch has " +
                     std::to_string(nfkc_texts.size()) + ".");
  }
  for (const std::string& text : nfkc_texts) require_encodable_length(text);
  check_shapes(pack);
  std::vector<EncoderReport> reports;
  std::vector<std::pair<Eigen::Index, Eigen::Index>> spans;
  Eigen::Index rows = 0;
  for (const std::string& text : nfkc_texts) {
    reports.push_back(prepare(pack, tokenizer, text));
    spans.emplace_back(rows, reports.back().input.rows());
    rows += reports.back().input.rows();
  }
  if (reports.empty()) return reports;
  MatF x(rows, reports[0].input.cols());
  for (std::size_t s = 0; s < reports.size(); ++s) x.middleRows(spans[s].first, spans[s].second) = reports[s].input;

  const float eps = pack.tensor("ln_epsilon")(0, 0);
  for (int layer = 0; layer < kLayers; ++layer) {
    std::vector<LayerResult> results = run_layer(pack, layer, x, spans, eps, heads);
    x.resize(rows, results[0].output.cols());  // layer 0 widens 256 -> 512
    for (std::size_t s = 0; s < reports.size(); ++s) {
      x.middleRows(spans[s].first, spans[s].second) = results[s].output;
      reports[s].layers.push_back(std::move(results[s]));
    }
  }
  // Every text's mean-pooled row, projected in one product.
  MatF pooled(static_cast<Eigen::Index>(reports.size()), x.cols());
  for (std::size_t s = 0; s < reports.size(); ++s) pooled.row(static_cast<Eigen::Index>(s)) = reports[s].layers.back().output.colwise().mean();
  const MatF projected = affine(pack, "pool_kernel", pooled, row(pack, "pool_bias"));
  require_finite(projected, "pooled sentence projection");
  for (std::size_t s = 0; s < reports.size(); ++s) {
    EncoderReport& r = reports[s];
    const Vec hidden = projected.row(static_cast<Eigen::Index>(s)).array().tanh().matrix();
    const float epsilon = pack.tensor("l2_epsilon")(0, 0);
    const float norm_sq = std::max(hidden.squaredNorm(), epsilon);
    if (hidden.squaredNorm() >= kExactSquares) {
      r.sentence_vector = hidden / std::sqrt(norm_sq);  // TF's l2_normalize, in float
    } else {
      // Entries below about 1e-12: their squares lose digits or vanish in float (fuzz: a sentence
      // vector of length 12), so the length is taken in double; the vector is still hidden scaled.
      const double exact_sq = std::max(hidden.cast<double>().squaredNorm(), static_cast<double>(epsilon));
      r.sentence_vector = (hidden.cast<double>() / std::sqrt(exact_sq)).cast<float>();
    }
    require_finite(MatF(r.sentence_vector), "sentence vector");  // 0 / 0 when l2_epsilon is not positive
  }
  return reports;
}

EncoderReport encode_sentence(const EncoderPack& pack, const UnigramTokenizer& tokenizer,
                              const std::string& nfkc_text) {
  return std::move(encode_batch(pack, tokenizer, {nfkc_text}).front());
}

}  // namespace aw::encoder
