// The encoder's dense-layer weights kept as int8 for the int8 product (core/math/int8_matmul.hpp):
// every kernel the pack stores with a scale per column, its int8 values recovered from the decoded
// floats (value = q · scale in float rounds within 2⁻²³ of q · scale, so value / scale rounds back
// to q exactly) and packed once. A model makes them once and passes them to encode_batch.
#pragma once
#include <map>
#include <string>

#include "core/encoder/pack.hpp"
#include "core/math/int8_matmul.hpp"

namespace aw::encoder {

struct Int8Kernels {
  std::map<std::string, Int8Columns> by_name;  // e.g. "l0.qkv_kernel"
  const Int8Columns* find(const std::string& name) const;  // nullptr when not int8 in the pack
};

Int8Kernels int8_kernels(const EncoderPack& pack);

}  // namespace aw::encoder
