#include "core/text/embedding.hpp"

#include <optional>
#include <tuple>
#include <utility>

#include <algorithm>
#include <set>

#include "core/rng/numpy_generator.hpp"
#include "core/rng/torch_generator.hpp"

namespace aw {

const std::vector<std::string>& course_vocab() {
  static const std::vector<std::string> vocab = {"bank",    "of",    "the", "river",
                                                 "account", "money", "has", "today"};
  return vocab;
}

long EmbeddingTable::index_of(const std::string& key) const {
  const auto it = std::find(words.begin(), words.end(), key);
  return it == words.end() ? -1 : static_cast<long>(it - words.begin());
}

std::vector<std::string> words_outside_course_vocab(const std::vector<std::string>& keys) {
  std::set<std::string> known(course_vocab().begin(), course_vocab().end());
  std::vector<std::string> extra;
  for (const auto& key : keys) {
    if (known.insert(key).second) extra.push_back(key);
  }
  return extra;
}

EmbeddingTable numpy_notebook_table(const std::vector<std::string>& extra_words, int d_model,
                                    std::uint64_t seed) {
  rng::NumpyGenerator generator(seed);
  std::vector<std::string> sorted_vocab = course_vocab();
  std::sort(sorted_vocab.begin(), sorted_vocab.end());  // sorted(set(vocab)): byte order

  EmbeddingTable table;
  table.words = sorted_vocab;
  table.words.insert(table.words.end(), extra_words.begin(), extra_words.end());
  table.added = extra_words;
  table.vectors.resize(static_cast<long>(table.words.size()), d_model);
  for (long row = 0; row < table.vectors.rows(); ++row) {
    for (long col = 0; col < d_model; ++col) table.vectors(row, col) = generator.standard_normal();
  }
  return table;
}

namespace {

Projections draw_numpy_notebook_projections(int d_model, int d_k, int d_v, std::uint64_t seed) {
  rng::NumpyGenerator generator(seed);
  auto draw = [&](int rows, int cols) {
    MatD W(rows, cols);
    for (long r = 0; r < rows; ++r) {
      for (long c = 0; c < cols; ++c) W(r, c) = generator.normal(0.0, 0.5);
    }
    return W;
  };
  Projections p;
  p.W_q = draw(d_model, d_k);
  p.W_k = draw(d_model, d_k);
  p.W_v = draw(d_model, d_v);
  return p;
}

}  // namespace

Projections numpy_notebook_projections(int d_model, int d_k, int d_v, std::uint64_t seed) {
  // A page redraws on every keystroke with the same widths and seed, and at d_model = 1024 the
  // three draws are 3 million normals: the last result is kept and handed out again.
  // (One cache per thread: the wasm core has one; native tests may have several.)
  struct Key {
    int d_model, d_k, d_v;
    std::uint64_t seed;
    bool operator==(const Key& o) const {
      return d_model == o.d_model && d_k == o.d_k && d_v == o.d_v && seed == o.seed;
    }
  };
  thread_local std::optional<std::pair<Key, Projections>> last;
  const Key key{d_model, d_k, d_v, seed};
  if (!last || !(last->first == key)) last.emplace(key, draw_numpy_notebook_projections(d_model, d_k, d_v, seed));
  return last->second;
}

namespace {

// The notebook's nn.Embedding: the course words, then `extra_words`, one N(0, 1) row each.
EmbeddingTable torch_notebook_table(rng::TorchGenerator& generator, const std::vector<std::string>& extra_words,
                                    int d_model) {
  EmbeddingTable table;
  table.words = course_vocab();
  table.words.insert(table.words.end(), extra_words.begin(), extra_words.end());
  table.added = extra_words;
  const std::size_t numel = table.words.size() * static_cast<std::size_t>(d_model);
  if (numel < 16) {
    // torch takes a different (scalar, double) path for tensors under 16 elements.
    throw InputError("The PyTorch stream is reproduced for embedding tables of 16 values or more; "
                     "use d_model of at least 2.");
  }
  const std::vector<float> embedding = generator.normal(numel);
  table.vectors = Eigen::Map<const MatF>(embedding.data(), static_cast<long>(table.words.size()), d_model).cast<double>();
  return table;
}

// One nn.Linear(d_model, out_features, bias=False): its weight as the module stores it, (out, in).
MatF torch_linear_weight(rng::TorchGenerator& generator, int out_features, int d_model) {
  const std::vector<float> w = generator.kaiming_uniform(out_features, d_model);
  return Eigen::Map<const MatF>(w.data(), out_features, d_model);
}

// nn.MultiheadAttention: in_proj_weight is allocated empty (no draws), out_proj's Linear
// initialises itself (kaiming), then _reset_parameters draws xavier for in_proj_weight.
std::pair<MatF, MatF> torch_mha_weights(rng::TorchGenerator& generator, int d_model) {
  MatF out_proj = torch_linear_weight(generator, d_model, d_model);
  const std::vector<float> in_proj = generator.xavier_uniform(3 * d_model, d_model);
  return {Eigen::Map<const MatF>(in_proj.data(), 3 * d_model, d_model), std::move(out_proj)};
}

}  // namespace

TorchNotebookParams torch_notebook_params(const std::vector<std::string>& extra_words, int d_model,
                                          int d_k, int d_v, std::uint64_t seed) {
  rng::TorchGenerator generator(seed);
  TorchNotebookParams params;
  params.table = torch_notebook_table(generator, extra_words, d_model);
  params.W_q = torch_linear_weight(generator, d_k, d_model).cast<double>();
  params.W_k = torch_linear_weight(generator, d_k, d_model).cast<double>();
  params.W_v = torch_linear_weight(generator, d_v, d_model).cast<double>();
  auto [in_proj, out_proj] = torch_mha_weights(generator, d_model);
  params.mha_in_proj_weight = in_proj.cast<double>();
  params.mha_out_proj_weight = out_proj.cast<double>();
  return params;
}

TorchNotebookMha torch_notebook_mha(const std::vector<std::string>& extra_words, int d_model, int d_k, int d_v,
                                    std::uint64_t seed) {
  rng::TorchGenerator generator(seed);
  TorchNotebookMha mha;
  mha.table = torch_notebook_table(generator, extra_words, d_model);
  // W_q, W_k, W_v are drawn (the stream must pass them) and dropped.
  generator.kaiming_uniform(d_k, d_model);
  generator.kaiming_uniform(d_k, d_model);
  generator.kaiming_uniform(d_v, d_model);
  std::tie(mha.in_proj_weight, mha.out_proj_weight) = torch_mha_weights(generator, d_model);
  return mha;
}

}  // namespace aw
