// The trainable block: parameters, their seeded initialisation, the forward pass of one
// sentence with everything backward needs, and the gradient of a batch's mean loss.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/math/matrix.hpp"

namespace aw::train {

struct Parameters {
  MatD E;       // embeddings (vocabulary, d_model): trained only when trainable_embeddings
  MatD W_q;     // (d_model, d_k), used as X W_q
  MatD W_k;     // (d_model, d_k)
  MatD W_v;     // (d_model, d_k)
  MatD W_head;  // (d_k, classes), used as y W_head
  MatD b_head;  // (1, classes)
};

// The same fields holding d loss / d parameter (E's gradient is all zeros when frozen).
using Gradients = Parameters;

// Zeros of p's shapes; E stays empty unless with_embeddings (frozen embeddings need no gradient).
Parameters zeros_like(const Parameters& p, bool with_embeddings = true);
bool all_finite(const Parameters& p);
// The same for gradients whose E is zero outside `e_rows` (a batch's gradient): only those rows
// of E are read, not the whole table.
bool all_finite(const Gradients& g, const std::vector<int>& e_rows);
// Calls f(name, matrix) for every parameter in a fixed order (E first).
template <typename F>
void for_each_parameter(Parameters& p, F&& f) {
  f("E", p.E);
  f("W_q", p.W_q);
  f("W_k", p.W_k);
  f("W_v", p.W_v);
  f("W_head", p.W_head);
  f("b_head", p.b_head);
}

// Initial weights, drawn so that PyTorch repeats them (torch 1.13, float32, then as double):
//   torch.manual_seed(seed)
//   E = torch.empty(vocabulary, d_model).normal_()            # only when `random_embeddings`
//   W_q, W_k, W_v = (torch.empty(d_model, d_k).uniform_(-1/√d_model, 1/√d_model) for _ in 3)
//   W_head = torch.empty(d_k, classes).uniform_(-1/√d_k, 1/√d_k);  b_head = zeros(1, classes)
// (the bounds are nn.Linear's default range). Without random embeddings E stays empty for the
// caller to fill with pretrained vectors.
Parameters initial_parameters(int vocabulary, int d_model, int d_k, int classes, bool random_embeddings,
                              std::uint64_t seed);

// One sentence: word ids (rows of E), the ambiguous word's position, its class.
struct Sentence {
  std::vector<int> ids;
  int target = 0;
  int label = 0;
};

// Every intermediate of one sentence's forward pass (the cache backward reads).
struct Forward {
  MatD X, Q, K, V, R, S, A, Y, y, z, probabilities;
  double loss = 0;
  double scale = 1;  // 1/√d_k
  int predicted = 0;
};
Forward forward(const Parameters& p, const Sentence& s);

// d loss / d (each stage's output) for one sentence, with the name the page shows.
struct StageGradients {
  MatD dz, dy, dY, dA, dS, dR, dQ, dK, dV, dX;
};

// W_qᵀ, W_kᵀ and W_vᵀ laid out row by row, made once per batch: every sentence's backward pass
// multiplies its gradients by them (dX = dQ W_qᵀ + dK W_kᵀ + dV W_vᵀ), and each product copied
// its transpose before.
struct TransposedProjections {
  MatD W_q, W_k, W_v;
};
TransposedProjections transposed_projections(const Parameters& p);

// Adds `weight` × d loss(s) / d parameters into g (E only when trainable_embeddings; g.E is
// then empty) and
// returns the stage gradients of this sentence (scaled by `weight` too).
StageGradients backward(const Parameters& p, const TransposedProjections& transposed, const Sentence& s,
                        const Forward& f, double weight, bool trainable_embeddings, Gradients& g);

struct BatchResult {
  double loss = 0;             // mean over the batch
  int correct = 0;
  Gradients gradients;         // of the mean loss
  // The rows of E the batch's sentences read, ascending, once each (when trainable_embeddings):
  // the only rows of gradients.E that can be non-zero, so a step looks at these, not the table.
  std::vector<int> embedding_ids;
  StageGradients first;        // the first sentence's stage gradients (as part of the mean)
};
// The batch's mean loss and its gradient: each sentence separately (no padding), weight 1/B.
BatchResult batch_gradients(const Parameters& p, const std::vector<Sentence>& batch,
                            bool trainable_embeddings);

}  // namespace aw::train
