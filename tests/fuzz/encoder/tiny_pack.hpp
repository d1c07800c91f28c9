// A tiny pack in the format of core/encoder/pack.hpp, with the real model's structure (two
// layers, four heads, layer 0 widening through a residual projection) but widths of 4 to 8, so
// the forward pass runs in microseconds. The values come from a callback, so the forward-pass
// harness can fill them with extreme numbers; make_seeds.cpp writes the pack reader's seeds
// from the same code.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace aw_fuzz {

struct TinyTensor {
  std::string name;
  std::uint32_t rows, cols;
};

// width 4 in, attention width 4 (4 heads of 1), 8 out of layer 0 and 1, feed-forward 8, pool 8.
inline std::vector<TinyTensor> tiny_tensors(std::uint32_t vocabulary) {
  const std::uint32_t W = 4, A = 4, O = 8, H = 8, P = 8;
  std::vector<TinyTensor> t = {{"embeddings", vocabulary, W}, {"timing_inv", 1, W / 2},
                               {"ln_epsilon", 1, 1},          {"l2_epsilon", 1, 1}};
  for (int layer = 0; layer < 2; ++layer) {
    const std::string p = "l" + std::to_string(layer) + ".";
    const std::uint32_t in = layer == 0 ? W : O;
    t.push_back({p + "ln_scale", 1, in});
    t.push_back({p + "ln_bias", 1, in});
    t.push_back({p + "qkv_kernel", in, 3 * A});
    t.push_back({p + "qkv_bias", 1, 3 * A});
    t.push_back({p + "q_scale", 1, 1});
    t.push_back({p + "out_kernel", A, O});
    t.push_back({p + "out_bias", 1, O});
    if (layer == 0) {
      t.push_back({"l0.residual_kernel", W, O});
      t.push_back({"l0.residual_bias", 1, O});
    }
    t.push_back({p + "ffn_ln_scale", 1, O});
    t.push_back({p + "ffn_ln_bias", 1, O});
    t.push_back({p + "ffn1_kernel", O, H});
    t.push_back({p + "ffn1_bias", 1, H});
    t.push_back({p + "ffn2_kernel", H, O});
    t.push_back({p + "ffn2_bias", 1, O});
  }
  t.push_back({"pool_kernel", O, P});
  t.push_back({"pool_bias", 1, P});
  return t;
}

// Six reserved entries (never matched; the first, U+FFFD, stands for unknowns), then word pieces, "▁" and single letters.
inline std::vector<std::string> tiny_vocabulary() {
  std::vector<std::string> v = {"\xEF\xBF\xBD", "<s>", "</s>", "extra_token_id_1", "extra_token_id_2", "extra_token_id_3",
                                "\xE2\x96\x81", "\xE2\x96\x81" "bank", "\xE2\x96\x81" "the", "\xE2\x96\x81" "river",
                                "\xE2\x96\x81" "of", "ing", "s", "\xC3\xA9"};
  for (char c = 'a'; c <= 'z'; ++c) v.emplace_back(1, c);
  return v;
}

template <typename T>
void put_le(std::vector<std::uint8_t>& out, T value) {
  std::uint8_t bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  out.insert(out.end(), bytes, bytes + sizeof(T));
}

// Appends one tensor's data in the given encoding (see core/encoder/pack.hpp): float32, or
// int8 with a float32 scale per column (1) or per row (2), quantised as the real pack is.
inline void put_tensor(std::vector<std::uint8_t>& data, const std::vector<float>& v, std::uint32_t rows,
                       std::uint32_t cols, std::uint8_t encoding) {
  if (encoding == 0) {
    for (const float x : v) put_le<float>(data, x);
    return;
  }
  const std::uint32_t groups = encoding == 1 ? cols : rows;
  std::vector<float> scales(groups, 0.0f);
  for (std::uint32_t r = 0; r < rows; ++r) {
    for (std::uint32_t c = 0; c < cols; ++c) {
      float& s = scales[encoding == 1 ? c : r];
      s = std::max(s, std::abs(v[std::size_t{r} * cols + c]) / 127.0f);
    }
  }
  for (const float s : scales) put_le<float>(data, s);
  for (std::uint32_t r = 0; r < rows; ++r) {
    for (std::uint32_t c = 0; c < cols; ++c) {
      const float s = scales[encoding == 1 ? c : r];
      const float q = s == 0 ? 0.0f : std::round(v[std::size_t{r} * cols + c] / s);
      put_le<std::int8_t>(data, static_cast<std::int8_t>(q));
    }
  }
}

// The whole pack; value(name, index) gives each number. With int8, the matrices are stored as
// the real pack stores them: kernels with a scale per column, the token table per row.
inline std::vector<std::uint8_t> tiny_pack(const std::function<float(const std::string&, std::size_t)>& value,
                                           bool int8 = false) {
  const std::vector<std::string> vocabulary = tiny_vocabulary();
  const std::vector<TinyTensor> tensors = tiny_tensors(static_cast<std::uint32_t>(vocabulary.size()));
  std::vector<std::uint8_t> header, data;
  const char magic[8] = {'A', 'W', 'U', 'S', 'E', 1, 0, 0};
  header.insert(header.end(), magic, magic + 8);
  put_le<std::uint32_t>(header, static_cast<std::uint32_t>(tensors.size()));
  for (const TinyTensor& t : tensors) {
    const std::uint8_t encoding = !int8 || t.rows == 1 ? 0 : (t.name == "embeddings" ? 2 : 1);
    std::vector<float> v(std::size_t{t.rows} * t.cols);
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = value(t.name, i);
    put_le<std::uint16_t>(header, static_cast<std::uint16_t>(t.name.size()));
    header.insert(header.end(), t.name.begin(), t.name.end());
    put_le<std::uint8_t>(header, encoding);
    put_le<std::uint32_t>(header, t.rows);
    put_le<std::uint32_t>(header, t.cols);
    put_le<std::uint32_t>(header, static_cast<std::uint32_t>(data.size()));
    put_tensor(data, v, t.rows, t.cols, encoding);
  }
  put_le<std::uint32_t>(header, static_cast<std::uint32_t>(vocabulary.size()));
  for (std::size_t id = 0; id < vocabulary.size(); ++id) {
    put_le<std::uint16_t>(header, static_cast<std::uint16_t>(vocabulary[id].size()));
    header.insert(header.end(), vocabulary[id].begin(), vocabulary[id].end());
    put_le<double>(header, -1.0 - 0.25 * static_cast<double>(vocabulary[id].size()));
  }
  std::vector<std::uint8_t> out;
  put_le<std::uint32_t>(out, static_cast<std::uint32_t>(header.size()));
  out.insert(out.end(), header.begin(), header.end());
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

// Ordinary values: epsilons 1e-6, LayerNorm scales 1, everything else a small deterministic
// pattern. Used for the seed corpus and as the forward-pass harness's baseline.
inline float ordinary_value(const std::string& name, std::size_t i) {
  if (name == "ln_epsilon" || name == "l2_epsilon") return 1e-6f;
  if (name.find("ln_scale") != std::string::npos || name.find("q_scale") != std::string::npos) return 1.0f;
  return static_cast<float>(static_cast<int>((i * 7 + name.size() * 3) % 11) - 5) / 8.0f;
}

}  // namespace aw_fuzz
