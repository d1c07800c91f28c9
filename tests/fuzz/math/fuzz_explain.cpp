// The inspector's explanation of one weight (core/math/explain.hpp) must agree to the last bit
// with the weight matrix it explains, and be finite (the masked score is -inf by design).
// The reference is the softmax of Q Kᵀ scaled and masked the way projected_attention does it.
#include "tests/fuzz/fuzz_support.hpp"
#include "core/math/explain.hpp"

namespace {

// The weight matrix projected_attention would show for these Q and K.
aw::MatD reference_weights(const aw::MatD& Q, const aw::MatD& K, const aw::AttentionOptions& o) {
  const aw::MatD raw = Q * K.transpose();
  aw::MatD scores = o.scale ? aw::MatD(raw / std::sqrt(static_cast<double>(Q.cols()))) : raw;
  if (o.causal) aw::apply_causal_mask(scores);
  aw::apply_window_mask(scores, o.window);
  return aw::row_softmax(scores);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  // Mostly one query and one key per token, as the page passes them; sometimes any shapes.
  const bool fit = in.ConsumeIntegralInRange<int>(0, 7) != 0;
  const long n_q = aw_fuzz::small_size(in, 5), n_k = fit ? n_q : aw_fuzz::small_size(in, 5), d = aw_fuzz::small_size(in, 4);
  const aw::MatD Q = aw_fuzz::extreme_matrix<double>(in, n_q, d);
  const aw::MatD K = aw_fuzz::extreme_matrix<double>(in, n_k, fit ? d : aw_fuzz::small_size(in));
  const long i = in.ConsumeIntegralInRange<long>(-1, 5), j = in.ConsumeIntegralInRange<long>(-1, 5);
  aw::AttentionOptions o;
  o.scale = in.ConsumeBool();
  o.causal = in.ConsumeBool();
  o.window = in.ConsumeIntegralInRange<int>(-1, 3);
  aw::WeightExplanation e;
  if (!aw_fuzz::runs_or_refuses([&] { e = aw::explain_weight(Q, K, i, j, o); })) return 0;
  aw_fuzz::check(std::isfinite(e.dot) && std::isfinite(e.scaled) && std::isfinite(e.divisor) && e.divisor > 0,
                 "explain: dot, scaled or divisor not finite");
  aw_fuzz::check(std::isfinite(e.row_max) && std::isfinite(e.exp_row_sum) && e.exp_row_sum >= 1,
                 "explain: row max or exp row sum not finite (or below 1)");
  aw_fuzz::check(std::isfinite(e.weight) && e.weight >= 0 && e.weight <= 1, "explain: weight outside [0, 1]");
  aw_fuzz::check(e.masked ? (e.score == -std::numeric_limits<double>::infinity() && e.weight == 0)
                          : std::isfinite(e.score),
                 "explain: masked flag, score and weight disagree");
  aw::MatD weights;
  const bool matrix_runs = aw_fuzz::runs_or_refuses([&] { weights = reference_weights(Q, K, o); });
  aw_fuzz::check(matrix_runs, "explain: explained a weight the matrix itself refuses");
  aw_fuzz::check(e.weight == weights(i, j), "explain: weight differs from the matrix it explains");
  return 0;
}
