// Where the trained encoder's time goes at batch 32: the forward pass of core/encoder/transformer.cpp
// re-run stage by stage with a clock around each stage (tokenizer, layer norms, each dense product
// with its bias, attention scores, softmax, weights × values, checks and copies, pooling), on the
// 32 sentences of bench/encoder.mjs. The stages call the same kernels as the encoder
// (matmul_ab, row_softmax); the whole encode_batch is timed beside them, so the split can be checked
// against the real thing. A benchmark, not a test.
//   wasm SIMD:  bash bench/encoder_stages.sh   (builds it with em++ and runs it in Node)
//   native:     the same script with `native` (g++, SSE2)
// Prints one line per stage: total ms over the repeats' best run, and its share.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "core/encoder/pack.hpp"
#include "core/encoder/transformer.hpp"
#include "core/encoder/unigram_tokenizer.hpp"
#include "core/math/finite.hpp"
#include "core/math/int8_matmul.hpp"
#include "core/math/simd_matmul.hpp"
#include "core/math/softmax.hpp"

namespace {

using namespace aw;
using namespace aw::encoder;
using Vec = Eigen::RowVectorXf;
using Clock = std::chrono::steady_clock;

const std::vector<std::string> kSentences = {
    "The bank of the river is muddy today.", "I have money in my bank account.", "Bank of the river",
    "bank account has money", "Noa can be annoying, but she is a great cat", "I am going to London",
    "The queen spoke to the king about the river.", "She deposited the cheque at the bank on Monday.",
    "We walked along the bank until the sun went down.", "Interest rates at the central bank rose again.",
    "A heron stood still on the muddy bank.", "My account was frozen after the transfer.",
    "The river flooded the fields near the village.", "Money does not grow on trees.",
    "Attention lets every token look at every other token.", "Queries, keys and values come from the same input.",
    "Softmax turns scores into weights that add up to one.", "The cat sat on the mat and ignored everyone.",
    "Today the market opened lower than expected.", "He rowed the boat to the other side of the river.",
    "The loan was approved by the bank manager.", "Fish swim upstream in the spring.",
    "A savings account pays a little interest.", "The bridge over the river was closed for repairs.",
    "Transformers stack attention and feed-forward layers.", "Every head learns a different pattern.",
    "The teller counted the money twice.", "Children played on the grassy river bank.",
    "Words that appear together often end up close together.", "The notebook uses random projections.",
    "Trained weights are what make the difference.", "This sentence is here to make thirty-two.",
};

// Milliseconds per stage name, summed over one pass.
class Stages {
 public:
  template <typename F>
  auto time(const std::string& name, F&& f) {
    const auto start = Clock::now();
    auto result = f();
    ms_[name] += std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    return result;
  }
  std::map<std::string, double>& ms() { return ms_; }

 private:
  std::map<std::string, double> ms_;
};

// the encoder's own building blocks (transformer.hpp), timed here one by one
using aw::encoder::detail::layer_norm;
using aw::encoder::detail::row;
using aw::encoder::detail::timing_signal;

using Spans = std::vector<std::pair<Eigen::Index, Eigen::Index>>;

// One product with its bias, timed as "<layer>.<name> (rows x k x m)" (product) and "bias" apart.
// Through the int8 product when the pack was read for it, as encode_batch does.
MatF affine(Stages& st, const EncoderPack& pack, const std::string& label, const MatF& x, const Vec& bias) {
  const std::string name = label + "_kernel";
  const Shape shape = pack.shape(name);
  const Int8Columns* q = pack.int8_kernel(name);
  MatF out = st.time(label + " " + std::to_string(shape.rows) + "x" + std::to_string(shape.cols),
                     [&] { return q ? matmul_int8(x, *q) : matmul_ab(x, pack.tensor(name)); });
  st.time("bias adds", [&] { out.rowwise() += bias; return 0; });
  return out;
}

bool finite(Stages& st, const MatF& m) { return st.time("finite checks", [&] { return all_finite(m); }); }

MatF run_layer(Stages& st, const EncoderPack& pack, int layer, const MatF& x, const Spans& spans, float eps) {
  const std::string p = "l" + std::to_string(layer) + ".";
  const MatF h = st.time("layer norm", [&] { return layer_norm(x, row(pack, p + "ln_scale"), row(pack, p + "ln_bias"), eps); });
  finite(st, h);
  const MatF qkv = affine(st, pack, p + "qkv", h, row(pack, p + "qkv_bias"));
  finite(st, qkv);
  const Eigen::Index width = qkv.cols() / 3, head_dim = width / kHeads;
  const float q_scale = pack.tensor(p + "q_scale")(0, 0);
  MatF combined(x.rows(), width);
  for (const auto& span : spans) {
    const Eigen::Index first = span.first, length = span.second;
    for (int head = 0; head < kHeads; ++head) {
      const MatF Q = st.time("attention: head slices", [&] { return MatF(qkv.block(first, head * head_dim, length, head_dim) * q_scale); });
      const MatF K = st.time("attention: head slices", [&] { return MatF(qkv.block(first, width + head * head_dim, length, head_dim)); });
      const MatF V = st.time("attention: head slices", [&] { return MatF(qkv.block(first, 2 * width + head * head_dim, length, head_dim)); });
      const MatF scores = st.time("attention: Q Kt", [&] { return MatF(Q * K.transpose()); });
      finite(st, Q);
      finite(st, scores);
      const MatF weights = st.time("attention: softmax", [&] { return row_softmax<float>(scores); });
      st.time("attention: weights x V", [&] { combined.block(first, head * head_dim, length, head_dim) = weights * V; return 0; });
    }
  }
  finite(st, combined);
  MatF attended = affine(st, pack, p + "out", combined, row(pack, p + "out_bias"));
  if (layer == 0) {
    const MatF residual = affine(st, pack, "l0.residual", x, row(pack, "l0.residual_bias"));
    st.time("residual adds", [&] { attended += residual; return 0; });
  } else {
    st.time("residual adds", [&] { attended += x; return 0; });
  }
  finite(st, attended);
  const MatF z = st.time("layer norm", [&] { return layer_norm(attended, row(pack, p + "ffn_ln_scale"), row(pack, p + "ffn_ln_bias"), eps); });
  finite(st, z);
  MatF hidden = affine(st, pack, p + "ffn1", z, row(pack, p + "ffn1_bias"));
  st.time("relu", [&] { hidden = hidden.cwiseMax(0.0f); return 0; });
  finite(st, hidden);
  MatF output = affine(st, pack, p + "ffn2", hidden, row(pack, p + "ffn2_bias"));
  st.time("residual adds", [&] { output += attended; return 0; });
  finite(st, output);
  st.time("per-text copies", [&] {
    float sink = 0;
    for (const auto& span : spans) sink += MatF(output.middleRows(span.first, span.second))(0, 0);
    return sink;
  });
  return output;
}

Eigen::Index token_rows = 0;

// The forward pass of encode_batch, stage by stage; returns the sentence vectors.
MatF staged_forward(Stages& st, const EncoderPack& pack, const UnigramTokenizer& tokenizer) {
  Spans spans;
  std::vector<MatF> inputs;
  Eigen::Index rows = 0;
  for (const std::string& text : kSentences) {
    const auto tokens = st.time("tokenizer", [&] { return tokenizer.encode(text); });
    inputs.push_back(st.time("embedding lookup + timing signal", [&] {
      const MatF& table = pack.tensor("embeddings");
      MatF input(static_cast<Eigen::Index>(tokens.size()), table.cols());
      for (std::size_t t = 0; t < tokens.size(); ++t) input.row(static_cast<Eigen::Index>(t)) = 2.0f * table.row(tokens[t].id);
      input += timing_signal(input.rows(), row(pack, "timing_inv"));
      return input;
    }));
    spans.emplace_back(rows, inputs.back().rows());
    rows += inputs.back().rows();
  }
  MatF x = st.time("embedding lookup + timing signal", [&] {
    MatF stacked(rows, inputs[0].cols());
    for (std::size_t s = 0; s < inputs.size(); ++s) stacked.middleRows(spans[s].first, spans[s].second) = inputs[s];
    return stacked;
  });
  token_rows = rows;
  const float eps = pack.tensor("ln_epsilon")(0, 0);
  for (int layer = 0; layer < kLayers; ++layer) x = run_layer(st, pack, layer, x, spans, eps);
  const MatF pooled = st.time("pooling, tanh, l2", [&] {
    MatF means(static_cast<Eigen::Index>(spans.size()), x.cols());
    for (std::size_t s = 0; s < spans.size(); ++s) means.row(static_cast<Eigen::Index>(s)) = x.middleRows(spans[s].first, spans[s].second).colwise().mean();
    return means;
  });
  const MatF projected = affine(st, pack, "pool", pooled, row(pack, "pool_bias"));
  return st.time("pooling, tanh, l2", [&] {
    MatF out(projected.rows(), projected.cols());
    for (Eigen::Index s = 0; s < projected.rows(); ++s) {
      const Vec hidden = projected.row(s).array().tanh().matrix();
      out.row(s) = hidden / std::sqrt(std::max(hidden.squaredNorm(), pack.tensor("l2_epsilon")(0, 0)));
    }
    return out;
  });
}

// Times encode_batch and the staged pass, alternating; prints the split. Returns the sentence vectors.
std::vector<RowVec<float>> report(const char* label, const EncoderPack& pack, const UnigramTokenizer& tokenizer) {
  constexpr int kRepeats = 7;
  std::vector<double> whole;
  std::vector<std::string> texts(kSentences.begin(), kSentences.end());
  std::map<std::string, double> best;
  double best_total = 1e300;
  MatF vectors;
  for (int r = 0; r <= kRepeats; ++r) {
    const auto start = Clock::now();
    const auto reports = encode_batch(pack, tokenizer, texts);
    if (r > 0) whole.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    Stages st;
    vectors = staged_forward(st, pack, tokenizer);
    double total = 0;
    for (const auto& [name, ms] : st.ms()) total += ms;
    if (r > 0 && total < best_total) {
      best_total = total;
      best = st.ms();
    }
  }
  std::sort(whole.begin(), whole.end());
  const auto real = encode_batch(pack, tokenizer, texts);
  std::vector<RowVec<float>> out;
  float worst = 0;
  for (std::size_t s = 0; s < real.size(); ++s) {
    out.push_back(real[s].sentence_vector);
    worst = std::max(worst, (real[s].sentence_vector - vectors.row(static_cast<Eigen::Index>(s))).cwiseAbs().maxCoeff());
  }
  std::printf("\n%s: %zu sentences in one batch, %s build, best of %d\n", label, kSentences.size(), AW_SIMD_NAME, kRepeats);
  std::printf("%ld token rows\n", static_cast<long>(token_rows));
  std::printf("encode_batch as a whole: best %.1f ms, median %.1f ms\n", whole.front(), whole[whole.size() / 2]);
  std::printf("staged pass: %.1f ms (max |difference| of its sentence vectors to encode_batch's: %.2g)\n", best_total,
              static_cast<double>(worst));
  std::vector<std::pair<double, std::string>> sorted;
  double products = 0;
  for (const auto& [name, ms] : best) {
    sorted.emplace_back(ms, name);
    if ((name[0] == 'l' && name[1] != 'a') || name.rfind("pool ", 0) == 0) products += ms;  // "l0.…", "pool …"
  }
  std::sort(sorted.rbegin(), sorted.rend());
  std::printf("  %-40s %8.2f ms  %5.1f %%\n", "(all dense products)", products, 100 * products / best_total);
  for (const auto& [ms, name] : sorted) std::printf("  %-40s %8.2f ms  %5.1f %%\n", name.c_str(), ms, 100 * ms / best_total);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string path = argc > 1 ? argv[1] : "public/models/use-lite-int8.bin";
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", path.c_str());
    return 1;
  }
  const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  auto start = Clock::now();
  const EncoderPack pack = read_pack(bytes.data(), bytes.size());
  const double read_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  start = Clock::now();
  const EncoderPack pack_int8 = read_pack(bytes.data(), bytes.size(), Products::int8);
  const double int8_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  std::printf("read_pack for float products %.1f ms, for int8 products %.1f ms (first calls)\n", read_ms, int8_ms);
  const UnigramTokenizer tokenizer(pack.vocabulary);
  const auto floats = report("float SIMD products", pack, tokenizer);
  const auto ints = report("int8 dot products", pack_int8, tokenizer);
  double lowest = 1;
  for (std::size_t s = 0; s < floats.size(); ++s) {
    const double dot = floats[s].cast<double>().dot(ints[s].cast<double>());
    lowest = std::min(lowest, dot / (floats[s].cast<double>().norm() * ints[s].cast<double>().norm()));
  }
  std::printf("\nlowest cosine between the two paths' sentence vectors: %.7f\n", lowest);
  return 0;
}
