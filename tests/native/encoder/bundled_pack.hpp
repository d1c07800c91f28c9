// The encoder pack the page ships (public/models/use-lite-int8.bin), for the encoder's tests:
// its bytes, and the pack read from them once per test binary.
#pragma once
#include <doctest/doctest.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/encoder/pack.hpp"

namespace encoder_test {

inline std::vector<std::uint8_t> bundled_pack_bytes() {
  std::ifstream in(std::string(AW_TEST_DATA_DIR) + "/../public/models/use-lite-int8.bin", std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "missing public/models/use-lite-int8.bin");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline const aw::encoder::EncoderPack& bundled_pack() {
  static const aw::encoder::EncoderPack pack = [] {
    const std::vector<std::uint8_t> bytes = bundled_pack_bytes();
    return aw::encoder::read_pack(bytes.data(), bytes.size());
  }();
  return pack;
}

// The same pack read for int8 products: the dense kernels stay int8.
inline const aw::encoder::EncoderPack& bundled_pack_int8() {
  static const aw::encoder::EncoderPack pack = [] {
    const std::vector<std::uint8_t> bytes = bundled_pack_bytes();
    return aw::encoder::read_pack(bytes.data(), bytes.size(), aw::encoder::Products::int8);
  }();
  return pack;
}

}  // namespace encoder_test
