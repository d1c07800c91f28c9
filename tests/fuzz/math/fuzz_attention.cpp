// Both single-head forms (core/math/attention.hpp): parameter-free S = X Xᵀ and projected
// Q = X W_q ..., with any mask and scale, on extreme values and mismatched or empty shapes.
// Contract: aw::InputError, or every output finite (masked scores are -inf by design) and
// every weight row summing to 1 within 1e-9.
#include "tests/fuzz/fuzz_support.hpp"
#include "core/math/attention.hpp"

namespace {

aw::AttentionOptions options_from(FuzzedDataProvider& in) {
  aw::AttentionOptions o;
  o.scale = in.ConsumeBool();
  o.causal = in.ConsumeBool();
  o.window = in.ConsumeIntegralInRange<int>(-2, 4);
  return o;
}

// Scores softmax saw: finite, or -inf where a mask hides the key.
void check_masked_scores(const aw::MatD& scores) {
  for (long i = 0; i < scores.size(); ++i) {
    const double s = scores.data()[i];
    aw_fuzz::check(std::isfinite(s) || s == -std::numeric_limits<double>::infinity(),
                   "projected: a score is NaN or +inf");
  }
}

void parameter_free(FuzzedDataProvider& in) {
  const aw::MatD X = aw_fuzz::extreme_matrix<double>(in, aw_fuzz::small_size(in), aw_fuzz::small_size(in));
  const aw::AttentionOptions o = options_from(in);
  aw::ParamFreeResult<double> r;
  if (!aw_fuzz::runs_or_refuses([&] { r = aw::parameter_free_attention(X, o.causal, o.window, o.scale); })) return;
  aw_fuzz::check(r.scores.allFinite() && r.Y.allFinite() && std::isfinite(r.divisor) && r.divisor > 0,
                 "parameter-free: S, Y or the divisor is not finite");
  aw_fuzz::check(r.Y.rows() == X.rows() && r.Y.cols() == X.cols(), "parameter-free: Y has the wrong shape");
  aw_fuzz::check_weights(r.attn_weights, 1e-9, "parameter-free A");
}

void projected(FuzzedDataProvider& in) {
  const long tokens = aw_fuzz::small_size(in), d_model = aw_fuzz::small_size(in);
  // Mostly fitting shapes, so the arithmetic is reached; sometimes any shape.
  const bool fit = in.ConsumeIntegralInRange<int>(0, 7) != 0;
  const long d_k = aw_fuzz::small_size(in), d_v = aw_fuzz::small_size(in);
  const aw::MatD X = aw_fuzz::extreme_matrix<double>(in, tokens, d_model);
  const aw::MatD W_q = aw_fuzz::extreme_matrix<double>(in, fit ? d_model : aw_fuzz::small_size(in), d_k);
  const aw::MatD W_k = aw_fuzz::extreme_matrix<double>(in, fit ? d_model : aw_fuzz::small_size(in), fit ? d_k : aw_fuzz::small_size(in));
  const aw::MatD W_v = aw_fuzz::extreme_matrix<double>(in, fit ? d_model : aw_fuzz::small_size(in), d_v);
  const aw::AttentionOptions o = options_from(in);
  aw::ProjectedResult<double> r;
  if (!aw_fuzz::runs_or_refuses([&] { r = aw::projected_attention(X, W_q, W_k, W_v, o); })) return;
  aw_fuzz::check(r.Q.allFinite() && r.K.allFinite() && r.V.allFinite() && r.raw_scores.allFinite(),
                 "projected: Q, K, V or Q Kᵀ is not finite");
  aw_fuzz::check(r.Y.allFinite() && r.Y_literal.allFinite() && std::isfinite(r.scale_divisor),
                 "projected: Y or Y_literal is not finite");
  check_masked_scores(r.scores);
  aw_fuzz::check_weights(r.attn_weights, 1e-9, "projected A");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  if (in.ConsumeBool()) parameter_free(in);
  else projected(in);
  return 0;
}
