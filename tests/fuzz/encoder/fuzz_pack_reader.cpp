// The encoder pack reader (core/encoder/pack.hpp) on any bytes, and whatever it accepts carried
// on through the tokenizer and the forward pass. Crafted sizes, counts and offsets must be
// refused with aw::InputError before anything large is allocated (libFuzzer's -rss_limit_mb and
// -timeout catch the rest); an accepted pack must hold only non-empty, finite tensors.
#include "tests/fuzz/fuzz_support.hpp"
#include "tests/fuzz/encoder/encoder_contract.hpp"
#include "core/encoder/pack.hpp"

#include <cmath>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  aw::encoder::EncoderPack pack;
  if (!aw_fuzz::runs_or_refuses([&] { pack = aw::encoder::read_pack(data, size); })) return 0;
  for (const auto& [name, tensor] : pack.tensors) {
    aw_fuzz::check(tensor.rows() > 0 && tensor.cols() > 0, "pack: accepted an empty tensor " + name);
    aw_fuzz::check(tensor.allFinite(), "pack: accepted a non-finite value in " + name);
  }
  for (const auto& piece : pack.vocabulary) {
    aw_fuzz::check(aw_fuzz::valid_utf8(piece.text), "pack: accepted a piece that is not UTF-8");
  }
  aw_fuzz::encode_keeps_contract(pack, {"Bank of the river", "money"});
  // The same bytes read for int8 products: the dense kernels stay int8, the rest as above.
  aw::encoder::EncoderPack int8_pack;
  if (!aw_fuzz::runs_or_refuses([&] {
        int8_pack = aw::encoder::read_pack(data, size, aw::encoder::Products::int8);
      })) {
    return 0;
  }
  for (const auto& [name, kernel] : int8_pack.int8_kernels) {
    aw_fuzz::check(kernel.rows > 0 && kernel.cols > 0, "pack: accepted an empty int8 kernel " + name);
    for (const float s : kernel.scale) aw_fuzz::check(std::isfinite(s * 128.0f), "pack: accepted a non-finite scale in " + name);
  }
  aw_fuzz::encode_keeps_contract(int8_pack, {"Bank of the river", "money"});
  return 0;
}
