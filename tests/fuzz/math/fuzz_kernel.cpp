// The attention kernel alone (core/math/kernel.hpp) on Q, K, V of extreme values and any
// shapes, in float (as the benchmark and the page call it) and double: aw::InputError, or a
// finite output of shape (Q rows, V cols).
#include "tests/fuzz/fuzz_support.hpp"
#include "core/math/kernel.hpp"

namespace {

template <typename Scalar>
void kernel_keeps_contract(FuzzedDataProvider& in) {
  const long n_q = aw_fuzz::small_size(in), n_k = aw_fuzz::small_size(in), d = aw_fuzz::small_size(in);
  const bool fit = in.ConsumeIntegralInRange<int>(0, 7) != 0;  // mostly shapes that fit
  const aw::Mat<Scalar> Q = aw_fuzz::extreme_matrix<Scalar>(in, n_q, d);
  const aw::Mat<Scalar> K = aw_fuzz::extreme_matrix<Scalar>(in, n_k, fit ? d : aw_fuzz::small_size(in));
  const aw::Mat<Scalar> V = aw_fuzz::extreme_matrix<Scalar>(in, fit ? n_k : aw_fuzz::small_size(in), aw_fuzz::small_size(in));
  const bool causal = in.ConsumeBool();
  aw::Mat<Scalar> Y;
  if (!aw_fuzz::runs_or_refuses([&] { Y = aw::attention_kernel(Q, K, V, causal); })) return;
  aw_fuzz::check(Y.rows() == Q.rows() && Y.cols() == V.cols(), "kernel: output of the wrong shape");
  aw_fuzz::check(Y.allFinite(), "kernel: output not finite");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  if (in.ConsumeBool()) kernel_keeps_contract<float>(in);
  else kernel_keeps_contract<double>(in);
  return 0;
}
