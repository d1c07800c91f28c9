// Sinusoidal positional encoding (core/math/positional.hpp) for any token count and width,
// negative and huge included: aw::InputError, or a (tokens, d) matrix of sines and cosines,
// all within [-1, 1]. Huge sizes must be refused before anything is allocated.
#include "tests/fuzz/fuzz_support.hpp"
#include "core/math/positional.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  // Mostly sizes the page uses; sometimes any long at all.
  const bool any = in.ConsumeIntegralInRange<int>(0, 7) == 0;
  const long tokens = any ? in.ConsumeIntegral<long>() : in.ConsumeIntegralInRange<long>(-2, 64);
  const long d = any ? in.ConsumeIntegral<long>() : in.ConsumeIntegralInRange<long>(-2, 64);
  aw::MatD pe;
  if (!aw_fuzz::runs_or_refuses([&] { pe = aw::sinusoidal_positional_encoding(tokens, d); })) return 0;
  aw_fuzz::check(pe.rows() == tokens && pe.cols() == d, "positional: wrong shape");
  aw_fuzz::check(pe.allFinite() && (pe.size() == 0 || pe.cwiseAbs().maxCoeff() <= 1), "positional: value outside [-1, 1]");
  return 0;
}
