#include "core/lessons/attention_kinds.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "core/lessons/bank_experiment.hpp"

namespace aw {
namespace {

template <typename To, typename From>
BatchedResult<To> cast_batch(const BatchedResult<From>& in) {
  BatchedResult<To> out;
  out.n_max = in.n_max;
  out.lengths = in.lengths;
  for (const auto& m : in.scores) out.scores.push_back(m.template cast<To>());
  for (const auto& m : in.attn_weights) out.attn_weights.push_back(m.template cast<To>());
  for (const auto& m : in.Y) out.Y.push_back(m.template cast<To>());
  return out;
}

template <typename To, typename From>
MinMaxResult<To> cast_min_max(const MinMaxResult<From>& in) {
  MinMaxResult<To> out;
  out.weights = in.weights.template cast<To>();
  out.row_sums = in.row_sums.template cast<To>();
  out.min_key = in.min_key;
  out.max_key = in.max_key;
  out.constant_row = in.constant_row;
  return out;
}

// Largest |a - b| over the rows [first, first + b.rows()) of a against all rows of b.
double rows_max_diff(const MatD& a, long first, const MatD& b) {
  return (a.middleRows(first, b.rows()) - b).cwiseAbs().maxCoeff();
}

// Everything except the multi-head part, in the page's precision (float for PyTorch mode), from
// the two sentences' own self-attention `a` and `b` (unmasked; one shared table and W).
template <typename Scalar>
void compute(AttentionKindsReport& r, const WorkbenchReport& a, const WorkbenchReport& b, bool scale) {
  const Mat<Scalar> Xa = a.X.cast<Scalar>(), Xb = b.X.cast<Scalar>();
  const Mat<Scalar> W_q = a.W_q.cast<Scalar>(), W_k = a.W_k.cast<Scalar>(), W_v = a.W_v.cast<Scalar>();
  const long na = Xa.rows(), nb = Xb.rows();

  r.cross = cast_attention<double>(cross_attention<Scalar>(Xa, Xb, W_q, W_k, W_v, scale));

  // c. the batch (never joins the sentences) and the concatenation (joins them unless masked)
  const BatchedResult<Scalar> batched = padded_batch_attention<Scalar>({Xa, Xb}, W_q, W_k, W_v, scale);
  r.batched = cast_batch<double>(batched);
  Mat<Scalar> X_cat(na + nb, Xa.cols());
  X_cat << Xa, Xb;
  const Mat<Scalar> Q = X_cat * W_q, K = X_cat * W_k, V = X_cat * W_v;
  Mat<Scalar> scores = Q * K.transpose();
  require_finite_result(scores, "Q Kᵀ of the concatenation");
  if (scale) scores /= std::sqrt(static_cast<Scalar>(W_q.cols()));
  Mat<Scalar> masked = scores;
  apply_block_mask(masked, {na, nb});
  const Mat<Scalar> weights = row_softmax(scores), masked_weights = row_softmax(masked);
  r.concat_scores = scores.template cast<double>();
  r.masked_scores = masked.template cast<double>();
  r.concat_weights = weights.template cast<double>();
  r.masked_weights = masked_weights.template cast<double>();
  r.concat_Y = Mat<Scalar>(weights * V).template cast<double>();
  r.masked_Y = Mat<Scalar>(masked_weights * V).template cast<double>();
  for (long i = 0; i < na + nb; ++i) {
    const bool in_a = i < na;
    const long from = in_a ? na : 0, count = in_a ? nb : na;
    r.cross_share_plain.push_back(r.concat_weights.row(i).segment(from, count).sum());
    r.cross_share_masked.push_back(r.masked_weights.row(i).segment(from, count).sum());
  }
  for (std::size_t i = 0; i < r.cross_share_plain.size(); ++i) {
    const double share = r.cross_share_plain[i];
    if (share < r.cross_share_plain[static_cast<std::size_t>(r.cross_share_plain_min_row)]) r.cross_share_plain_min_row = static_cast<long>(i);
    if (share > r.cross_share_plain[static_cast<std::size_t>(r.cross_share_plain_max_row)]) r.cross_share_plain_max_row = static_cast<long>(i);
    r.cross_share_masked_max = std::max(r.cross_share_masked_max, r.cross_share_masked[i]);
  }
  const MatD Ya = r.batched.Y[0].topRows(na), Yb = r.batched.Y[1].topRows(nb);
  r.masked_vs_batched_max_diff = std::max(rows_max_diff(r.masked_Y, 0, Ya), rows_max_diff(r.masked_Y, na, Yb));
  r.plain_vs_batched_max_diff = std::max(rows_max_diff(r.concat_Y, 0, Ya), rows_max_diff(r.concat_Y, na, Yb));
  const double largest = std::max(Ya.cwiseAbs().maxCoeff(), Yb.cwiseAbs().maxCoeff());
  r.masked_vs_batched_relative = largest > 0 ? r.masked_vs_batched_max_diff / largest : r.masked_vs_batched_max_diff;
  r.epsilon = static_cast<double>(std::numeric_limits<Scalar>::epsilon());
  r.masked_weights_vs_batched_max_diff = std::max(
      (r.masked_weights.block(0, 0, na, na) - r.batched.attn_weights[0].topLeftCorner(na, na)).cwiseAbs().maxCoeff(),
      (r.masked_weights.block(na, na, nb, nb) - r.batched.attn_weights[1].topLeftCorner(nb, nb)).cwiseAbs().maxCoeff());

  // d. the same X, every weight 1/n, beside attention's A X
  const UniformResult<Scalar> uniform = uniform_mixing<Scalar>(Xa);
  r.uniform.attn_weights = uniform.attn_weights.template cast<double>();
  r.uniform.Y = uniform.Y.template cast<double>();
  r.uniform.sum = uniform.sum.template cast<double>();
  r.uniform_row_spread = static_cast<double>(max_row_spread(uniform.Y));
  r.attention_row_spread = static_cast<double>(max_row_spread(a.projected.Y_literal.cast<Scalar>().eval()));

  // e. min–max of the scores softmax sees for A
  r.min_max = cast_min_max<double>(row_min_max<Scalar>(a.projected.scores.cast<Scalar>()));

  // f. Q·K: the product the transpose exists to avoid
  const Mat<Scalar> Qa = a.projected.Q.cast<Scalar>(), Ka = a.projected.K.cast<Scalar>();
  try {
    r.untransposed_product = named_product<Scalar>(Qa, "Q", Ka, "K").template cast<double>();
    r.untransposed_has_shape = true;
  } catch (const InputError& e) {
    r.untransposed_error = e.what();
  }
}

void require_sentence_b(const AttentionKindsOptions& options) {
  if (tokenize(options.second_sentence, static_cast<std::size_t>(std::max(1, options.base.max_tokens))).tokens.empty()) {
    throw InputError("Sentence B has no words: type a second sentence (keys and values come from it).");
  }
}

// The section has no causal mask or local window: "later" means nothing between two
// sentences, and the batch/concatenation comparison is about the block mask alone.
WorkbenchOptions unmasked(const WorkbenchOptions& base) {
  WorkbenchOptions out = base;
  out.causal = false;
  out.window = -1;
  return out;
}

// Every kind from the two sentences' unmasked self-attention `a` and `b` (the notice says so
// when the chapter's own options have a mask).
void fill_kinds(AttentionKindsReport& r, const WorkbenchReport& a, const WorkbenchReport& b,
                const AttentionKindsOptions& options) {
  const WorkbenchOptions base = unmasked(options.base);
  if (options.base.causal || options.base.window >= 0) {
    r.notices.push_back("This section uses no causal mask or local window: between two sentences "
                        "\"later\" has no meaning. Each sentence's own self-attention here is unmasked too.");
  }
  r.float32 = base.source == Source::TorchNotebook;
  if (r.float32) compute<float>(r, a, b, base.scale);
  else compute<double>(r, a, b, base.scale);

  // b. PyTorch's module, in float as PyTorch computes it. PyTorch mode gives it the page's rows
  // and the module its notebook draws; any other mode the PyTorch notebook's own table.
  r.mha_heads = base.mha_heads;
  MatF in_proj, out_proj;
  if (r.float32) {
    r.mha_uses_page_vectors = true;
    r.mha_X_a = a.X;
    r.mha_X_b = b.X;
    in_proj = a.mha_in_proj_weight.cast<float>();
    out_proj = a.mha_out_proj_weight.cast<float>();
  } else {
    std::vector<std::string> keys;
    for (const auto& t : a.tokens) keys.push_back(t.key);
    for (const auto& t : b.tokens) keys.push_back(t.key);
    TorchNotebookMha p = torch_notebook_mha(words_outside_course_vocab(keys), a.d_model, a.d_k, a.d_v,
                                            base.embed_seed);
    const auto rows = [&](const WorkbenchReport& s) {
      MatD X(static_cast<long>(s.tokens.size()), p.table.vectors.cols());
      for (long i = 0; i < X.rows(); ++i) X.row(i) = p.table.vectors.row(p.table.index_of(s.tokens[static_cast<std::size_t>(i)].key));
      return X;
    };
    r.mha_X_a = rows(a);
    r.mha_X_b = rows(b);
    in_proj = std::move(p.in_proj_weight);
    out_proj = std::move(p.out_proj_weight);
  }
  const MatF Xa = r.mha_X_a.cast<float>(), Xb = r.mha_X_b.cast<float>();
  r.mha_self = cast_multi_head<double>(multi_head_cross_attention<float>(Xa, Xa, Xa, in_proj, out_proj, r.mha_heads));
  r.mha_cross = cast_multi_head<double>(multi_head_cross_attention<float>(Xa, Xb, Xb, in_proj, out_proj, r.mha_heads));
  if (Xa.rows() != Xb.rows()) {
    try {
      multi_head_cross_attention<float>(Xa, Xb, Xa, in_proj, out_proj, r.mha_heads);
    } catch (const InputError& e) {
      r.mha_key_value_error = e.what();
    }
  }
}

}  // namespace

AttentionKindsReport run_attention_kinds(const AttentionKindsOptions& options) {
  require_sentence_b(options);
  return attention_kinds_from_pair(run_sentence_pair(unmasked(options.base), options.second_sentence), options);
}

AttentionKindsReport attention_kinds_from_pair(const SentencePair& pair, const AttentionKindsOptions& options) {
  require_sentence_b(options);
  AttentionKindsReport r;
  r.a = pair.first;
  r.b = pair.second;
  if (pair.shared.causal || pair.shared.window >= 0) {
    // the same sentences and table, attended again without the mask
    const WorkbenchOptions base = unmasked(options.base);
    attend(r.a, base);
    attend(r.b, base);
  }
  fill_kinds(r, r.a, r.b, options);
  return r;
}

AttentionKindsReport attention_kinds_beside_pair(const SentencePair& pair, const AttentionKindsOptions& options) {
  require_sentence_b(options);
  if (pair.shared.causal || pair.shared.window >= 0) {
    throw std::logic_error("attention_kinds_beside_pair: the pair is masked; use attention_kinds_from_pair");
  }
  AttentionKindsReport r;
  fill_kinds(r, pair.first, pair.second, options);
  return r;
}

}  // namespace aw
