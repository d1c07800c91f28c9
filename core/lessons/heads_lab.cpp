#include "core/lessons/heads_lab.hpp"

#include "core/text/embedding.hpp"

namespace aw {
namespace {

double max_abs_diff(const MatD& a, const MatD& b) { return (a - b).cwiseAbs().maxCoeff(); }

std::string list_text(const std::vector<int>& values) {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + std::to_string(values[i]);
  return out;
}

SentenceHeads run_sentence(const std::vector<Token>& tokens, const TorchNotebookParams& p, int heads) {
  SentenceHeads s;
  s.tokens = tokens;
  s.X.resize(static_cast<long>(tokens.size()), p.table.vectors.cols());
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    s.X.row(static_cast<long>(i)) = p.table.vectors.row(p.table.index_of(tokens[i].key));
  }
  const long E = s.X.cols();
  s.mha = multi_head_attention(s.X, p.mha_in_proj_weight, p.mha_out_proj_weight, heads);
  const long hd = E / heads;
  for (int h = 0; h < heads; ++h) {
    s.head_slices.push_back({s.mha.Q.middleCols(h * hd, hd), s.mha.K.middleCols(h * hd, hd),
                             s.mha.V.middleCols(h * hd, hd)});
  }
  // nn.Linear computes X Wᵀ; the attention helper takes the X W form.
  s.hand_written = projected_attention(s.X, MatD(p.W_q.transpose()), MatD(p.W_k.transpose()),
                                       MatD(p.W_v.transpose()), AttentionOptions{true, false});
  s.one_head = multi_head_attention(s.X, p.mha_in_proj_weight, p.mha_out_proj_weight, 1);
  MatD matched_in(3 * E, E);
  matched_in << p.W_q, p.W_k, p.W_v;
  s.one_head_matched = multi_head_attention(s.X, matched_in, MatD(MatD::Identity(E, E)), 1);
  s.diff_hand_vs_one_head = max_abs_diff(s.hand_written.Y, s.one_head.output);
  s.diff_hand_vs_matched = max_abs_diff(s.hand_written.Y, s.one_head_matched.output);
  s.diff_one_head_before_out_proj = max_abs_diff(s.hand_written.Y, s.one_head.concat);
  return s;
}

}  // namespace

std::vector<int> divisors_of(int n) {
  std::vector<int> out;
  for (int d = 1; d <= n; ++d) {
    if (n % d == 0) out.push_back(d);
  }
  return out;
}

HeadsLabReport run_heads_lab(const HeadsLabOptions& o) {
  if (o.d_model < 2 || o.d_model > kMaxHeadsLabWidth) {
    throw InputError("d_model must be from 2 to " + std::to_string(kMaxHeadsLabWidth) + " here.");
  }
  if (o.max_tokens < 1) throw InputError("max_tokens must be at least 1");
  HeadsLabReport r;
  r.d_model = o.d_model;
  r.divisors = divisors_of(o.d_model);
  if (o.heads < 1 || o.d_model % o.heads != 0) {
    throw InputError(std::to_string(o.heads) + " heads do not divide d_model = " + std::to_string(o.d_model) +
                     ": each head takes d_model / heads features, so the head count must be one of " +
                     list_text(r.divisors) + ".");
  }
  r.heads = o.heads;
  r.head_dim = o.d_model / o.heads;
  for (int f = 0; f < o.d_model; ++f) {
    r.feature_labels.push_back("h" + std::to_string(f / r.head_dim) + "·" + std::to_string(f % r.head_dim));
  }

  Tokenized t[2] = {tokenize(o.sentence1, static_cast<std::size_t>(o.max_tokens)),
                    tokenize(o.sentence2, static_cast<std::size_t>(o.max_tokens))};
  std::vector<std::string> keys;
  for (int k = 0; k < 2; ++k) {
    if (t[k].tokens.empty()) throw InputError("Sentence " + std::to_string(k + 1) + " has no words.");
    for (const auto& n : t[k].notices) r.notices.push_back("Sentence " + std::to_string(k + 1) + ": " + n);
    for (const auto& token : t[k].tokens) keys.push_back(token.key);
  }
  const TorchNotebookParams p =
      torch_notebook_params(words_outside_course_vocab(keys), o.d_model, o.d_model, o.d_model, o.seed);
  r.vocab = p.table.words;
  r.in_proj_weight = p.mha_in_proj_weight;
  r.out_proj_weight = p.mha_out_proj_weight;
  r.W_q = p.W_q;
  r.W_k = p.W_k;
  r.W_v = p.W_v;
  for (int k = 0; k < 2; ++k) r.sentences[k] = run_sentence(t[k].tokens, p, o.heads);
  r.params_in_proj = 3L * o.d_model * o.d_model;
  r.params_out_proj = static_cast<long>(o.d_model) * o.d_model;

  const long T1 = static_cast<long>(t[0].tokens.size()), T2 = static_cast<long>(t[1].tokens.size());
  r.batchable = T1 == T2;
  if (!r.batchable) {
    r.notices.push_back("The sentences have " + std::to_string(T1) + " and " + std::to_string(T2) +
                        " tokens. A batch is one (B, T, d_model) array, so every sentence needs the same T: real code "
                        "pads the shorter one and passes key_padding_mask so nothing attends to the padding. Here "
                        "each sentence is computed on its own and the batch shapes are left out.");
    return r;
  }
  const long B = 2, T = T1, E = o.d_model, h = o.heads, hd = r.head_dim;
  r.batch_shapes = {
      {"X (batch)", {B, T, E}, "batch × tokens × features"},
      {"Q, K, V = X W_inᵀ split in three", {B, T, E}, "batch × tokens × features"},
      {"split into heads", {B, h, T, hd}, "batch × heads × tokens × head features"},
      {"Kᵀ over the last two axes: K.transpose(-2, -1)", {B, h, hd, T}, "batch × heads × head features × tokens"},
      {"scores = (Q / √head_dim) Kᵀ", {B, h, T, T}, "batch × heads × queries × keys"},
      {"weights = softmax over the last axis", {B, h, T, T}, "batch × heads × queries × keys"},
      {"weights · V", {B, h, T, hd}, "batch × heads × tokens × head features"},
      {"concat (heads side by side)", {B, T, E}, "batch × tokens × features"},
      {"output = concat W_oᵀ", {B, T, E}, "batch × tokens × features"},
      {"returned weights (mean over heads)", {B, T, T}, "batch × queries × keys"},
  };
  r.wrong_transpose = {"K.T on the (B, T, d_model) array (NumPy reverses every axis)", {E, T, B},
                       "features × tokens × batch"};
  return r;
}

}  // namespace aw
