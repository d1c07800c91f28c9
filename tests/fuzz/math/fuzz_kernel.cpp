// The attention kernel alone on Q, K, V of extreme values and any shapes: the reference
// (core/math/kernel.hpp) in float and double, and the fused float kernel the page and the
// benchmark call (core/math/fused_attention.hpp): aw::InputError, or a finite output of shape
// (Q rows, V cols). (The two float kernels are compared value by value in doctest, on ordinary
// inputs: with scores near the float limit, one rounding of a score changes which weights are 0.)
#include "tests/fuzz/fuzz_support.hpp"
#include "core/math/fused_attention.hpp"
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

void fused_kernel_keeps_contract(FuzzedDataProvider& in) {
  const long n_q = aw_fuzz::small_size(in), n_k = aw_fuzz::small_size(in), d = aw_fuzz::small_size(in);
  const bool fit = in.ConsumeIntegralInRange<int>(0, 7) != 0;
  const aw::MatF Q = aw_fuzz::extreme_matrix<float>(in, n_q, d);
  const aw::MatF K = aw_fuzz::extreme_matrix<float>(in, n_k, fit ? d : aw_fuzz::small_size(in));
  const aw::MatF V = aw_fuzz::extreme_matrix<float>(in, fit ? n_k : aw_fuzz::small_size(in), aw_fuzz::small_size(in));
  const bool causal = in.ConsumeBool();
  aw::MatF Y;
  if (!aw_fuzz::runs_or_refuses([&] { Y = aw::fused_attention(Q, K, V, causal); })) return;
  aw_fuzz::check(Y.rows() == Q.rows() && Y.cols() == V.cols(), "fused kernel: output of the wrong shape");
  aw_fuzz::check(Y.allFinite(), "fused kernel: output not finite");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  switch (in.ConsumeIntegralInRange<int>(0, 2)) {
    case 0: kernel_keeps_contract<float>(in); break;
    case 1: kernel_keeps_contract<double>(in); break;
    default: fused_kernel_keeps_contract(in);
  }
  return 0;
}
