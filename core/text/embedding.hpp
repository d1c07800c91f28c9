// Embedding tables: one vector per vocabulary word, built the way the class notebook builds them.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/math/matrix.hpp"

namespace aw {

// The course vocabulary, in the order the notebook lists it.
const std::vector<std::string>& course_vocab();

struct EmbeddingTable {
  std::vector<std::string> words;    // row i of `vectors` belongs to words[i]
  MatD vectors;                      // (vocabulary size, d_model)
  std::vector<std::string> added;    // words a sentence brought in beyond the course vocabulary
  long index_of(const std::string& key) const;  // -1 when absent
};

// NumPy notebook (cell 4): rng = np.random.default_rng(seed); for w in sorted(set(vocab)):
// table[w] = rng.normal(size=d_model). Words outside the course vocabulary continue the same
// generator afterwards, in order of first appearance, so the course words keep their vectors.
EmbeddingTable numpy_notebook_table(const std::vector<std::string>& extra_words, int d_model,
                                    std::uint64_t seed);

// PyTorch notebook (cell 23): torch.manual_seed(seed); nn.Embedding(len(vocab), d_model) with
// vocab = course vocabulary + extra words (in order of first appearance). Row i is vocab[i].
// The notebook then builds nn.MultiheadAttention(d_model, mha_heads, bias=False) from the same
// stream, without reseeding: out_proj (kaiming) first, then in_proj_weight (xavier).
struct TorchNotebookParams {
  EmbeddingTable table;
  MatD W_q, W_k, W_v;        // as nn.Linear stores them: (out, in) = (d_k or d_v, d_model)
  MatD mha_in_proj_weight;   // (3 d_model, d_model)
  MatD mha_out_proj_weight;  // (d_model, d_model)
};
TorchNotebookParams torch_notebook_params(const std::vector<std::string>& extra_words, int d_model,
                                          int d_k, int d_v, std::uint64_t seed);
// Only what the notebook's nn.MultiheadAttention cell uses, from the same stream: the table and
// the module's weights in float, as PyTorch holds them (the Linear layers' draws are made and
// dropped). At d_model 1024 this holds 16 MB where torch_notebook_params holds 60.
struct TorchNotebookMha {
  EmbeddingTable table;
  MatF in_proj_weight;   // (3 d_model, d_model)
  MatF out_proj_weight;  // (d_model, d_model)
};
TorchNotebookMha torch_notebook_mha(const std::vector<std::string>& extra_words, int d_model, int d_k, int d_v,
                                    std::uint64_t seed);

// The notebook's W_q, W_k, W_v (cell 6): rng = np.random.default_rng(seed), then
// rng.normal(scale=0.5, size=(d_model, d_k)) twice and size=(d_model, d_v) once, in that order.
struct Projections {
  MatD W_q, W_k, W_v;
};
Projections numpy_notebook_projections(int d_model, int d_k, int d_v, std::uint64_t seed);

// Words (lookup keys) of `keys` that are not in the course vocabulary, first appearance first.
std::vector<std::string> words_outside_course_vocab(const std::vector<std::string>& keys);

}  // namespace aw
