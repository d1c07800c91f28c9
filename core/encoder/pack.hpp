// The Universal Sentence Encoder Lite weight pack (written by scripts/use_lite/make_pack.mjs):
// every tensor the forward pass needs, decoded to float, and the tokenizer's vocabulary. Read for
// int8 products, the tensors stored with a scale per column (the dense layers' kernels) stay int8
// instead, packed for core/math/int8_matmul.hpp, and are never decoded to float.
//
// Layout, little-endian:
//   u32 header_length                      bytes of the header that follows (padded to 4)
//   header: "AWUSE\x01\0\0" magic, u32 tensor count, then per tensor
//             u16 name length, name (UTF-8), u8 encoding, u32 rows, u32 cols, u32 data offset;
//           u32 piece count, then per piece u16 length, piece (UTF-8), f64 log-probability score
//   data (offsets count from here): per tensor, by encoding
//     0  float32 [rows * cols]
//     1  float32 scale per column [cols], then int8 [rows * cols]: value = q * scale[col]
//     2  float32 scale per row [rows], then int8 [rows * cols]:    value = q * scale[row]
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/math/int8_matmul.hpp"
#include "core/math/matrix.hpp"

namespace aw::encoder {

struct Piece {
  std::string text;  // UTF-8, with U+2581 marking a word start
  double score = 0;  // log-probability used by the Viterbi segmentation
};

// How the forward pass multiplies by the dense layers' kernels: float SIMD kernels
// (core/math/simd_matmul.hpp) on the decoded floats, or int8 weights and int16 activations through
// widening integer dot products (core/math/int8_matmul.hpp).
enum class Products { float_simd, int8 };

struct EncoderPack {
  std::map<std::string, MatF> tensors;  // by pack name, e.g. "l0.qkv_kernel"
  std::map<std::string, Int8Columns> int8_kernels;  // read for Products::int8: the encoding-1 tensors
  std::vector<Piece> vocabulary;
  const MatF& tensor(const std::string& name) const;  // float only; throws InputError when missing
  const Int8Columns* int8_kernel(const std::string& name) const;  // nullptr when not int8
  Shape shape(const std::string& name) const;  // of either kind; throws InputError when missing
};

// Decodes a whole pack. Throws InputError naming what is wrong with a damaged or foreign file.
EncoderPack read_pack(const std::uint8_t* bytes, std::size_t size, Products products = Products::float_simd);

}  // namespace aw::encoder
