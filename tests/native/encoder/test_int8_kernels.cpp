// The encoder's int8 kernels (core/encoder/int8_kernels.hpp) hold exactly the pack's weights:
// every packed int8 value times its column scale gives back the decoded float bit for bit.
#include <doctest/doctest.h>

#include "core/encoder/int8_kernels.hpp"
#include "tests/native/encoder/bundled_pack.hpp"

using namespace aw::encoder;

TEST_CASE("int8 kernels: every dense kernel of the pack, its int8 values recovered exactly") {
  const EncoderPack& pack = encoder_test::bundled_pack();
  const Int8Kernels kernels = int8_kernels(pack);
  CHECK(kernels.by_name.size() == 9);  // qkv, out, ffn1, ffn2 per layer and layer 0's residual; the pooling stays float
  CHECK(kernels.find("pool_kernel") == nullptr);
  CHECK(kernels.find("embeddings") == nullptr);  // a scale per row: not a dense layer's kernel
  for (const auto& [name, b] : kernels.by_name) {
    CAPTURE(name);
    const aw::MatF& value = pack.tensor(name);
    REQUIRE(b.rows == value.rows());
    REQUIRE(b.cols == value.cols());
    long mismatches = 0, largest = 0;
    for (int kk = 0; kk < b.rows; ++kk) {
      for (int j = 0; j < b.cols; ++j) {
        const std::int16_t q = b.packed[static_cast<std::size_t>((j / 8) * b.pairs() + kk / 2) * 16 + (j % 8) * 2 + kk % 2];
        mismatches += static_cast<float>(q) * b.scale[static_cast<std::size_t>(j)] != value(kk, j);
        largest = std::max(largest, static_cast<long>(std::abs(q)));
      }
    }
    CHECK(mismatches == 0);
    CHECK(largest >= 100);  // the scales use the int8 range, so nothing was lost by rounding
    CHECK(largest <= 128);
  }
}
