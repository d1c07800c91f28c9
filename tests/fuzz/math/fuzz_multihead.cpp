// Multi-head attention (core/math/multihead.hpp), float as the workbench runs it and double as
// the heads lab does, with head counts that may not divide d_model and weights of extreme
// values: aw::InputError, or finite outputs whose per-head and mean weight rows sum to 1.
#include "tests/fuzz/fuzz_support.hpp"
#include "core/math/multihead.hpp"

namespace {

template <typename Scalar>
void multihead_keeps_contract(FuzzedDataProvider& in) {
  const long tokens = aw_fuzz::small_size(in, 4), E = aw_fuzz::small_size(in, 6);
  const int heads = in.ConsumeIntegralInRange<int>(-1, 7);
  const bool fit = in.ConsumeIntegralInRange<int>(0, 7) != 0;  // mostly (3E, E) and (E, E)
  const aw::Mat<Scalar> X = aw_fuzz::extreme_matrix<Scalar>(in, tokens, E);
  const aw::Mat<Scalar> in_proj = aw_fuzz::extreme_matrix<Scalar>(in, fit ? 3 * E : aw_fuzz::small_size(in), E);
  const aw::Mat<Scalar> out_proj = aw_fuzz::extreme_matrix<Scalar>(in, E, fit ? E : aw_fuzz::small_size(in));
  const bool causal = in.ConsumeBool();
  aw::MultiHeadResult<Scalar> r;
  if (!aw_fuzz::runs_or_refuses([&] { r = aw::multi_head_attention(X, in_proj, out_proj, heads, causal); })) return;
  aw_fuzz::check(r.Q.allFinite() && r.K.allFinite() && r.V.allFinite(), "multi-head: Q, K or V not finite");
  aw_fuzz::check(r.concat.allFinite() && r.output.allFinite(), "multi-head: outputs not finite");
  aw_fuzz::check(static_cast<int>(r.head_weights.size()) == heads, "multi-head: wrong number of heads");
  for (const auto& w : r.head_weights) aw_fuzz::check_weights(w, aw_fuzz::kRowSumTolerance<Scalar>, "head weights");
  for (const auto& o : r.head_outputs) aw_fuzz::check(o.allFinite(), "multi-head: a head's output is not finite");
  aw_fuzz::check_weights(r.mean_weights, aw_fuzz::kRowSumTolerance<Scalar>, "mean weights");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  if (in.ConsumeBool()) multihead_keeps_contract<float>(in);
  else multihead_keeps_contract<double>(in);
  return 0;
}
