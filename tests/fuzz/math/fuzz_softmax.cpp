// row_softmax (core/math/softmax.hpp) on score matrices of extreme values, empty ones included,
// in double (NumPy path) and float (PyTorch path): refused with aw::InputError, or every row is
// finite, within [0, 1] and sums to 1.
#include "tests/fuzz/fuzz_support.hpp"
#include "core/math/softmax.hpp"

namespace {

template <typename Scalar>
void softmax_keeps_contract(FuzzedDataProvider& in) {
  const long rows = aw_fuzz::small_size(in), cols = aw_fuzz::small_size(in);
  const aw::Mat<Scalar> scores = aw_fuzz::extreme_matrix<Scalar>(in, rows, cols);
  aw::Mat<Scalar> weights;
  if (!aw_fuzz::runs_or_refuses([&] { weights = aw::row_softmax(scores); })) return;
  aw_fuzz::check(weights.rows() == rows && weights.cols() == cols, "softmax changed the shape");
  aw_fuzz::check_weights(weights, aw_fuzz::kRowSumTolerance<Scalar>, "softmax");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  if (in.ConsumeBool()) softmax_keeps_contract<double>(in);
  else softmax_keeps_contract<float>(in);
  return 0;
}
