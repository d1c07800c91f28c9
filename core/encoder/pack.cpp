#include "core/encoder/pack.hpp"

#include <cmath>
#include <cstring>
#include <vector>

#include "core/encoder/unigram_tokenizer.hpp"
#include "core/math/finite.hpp"
#include "core/math/utf8.hpp"

namespace aw::encoder {
namespace {

// Reads little-endian fields with bounds checks; every failure says where it happened.
class Reader {
 public:
  Reader(const std::uint8_t* bytes, std::size_t size) : bytes_(bytes), size_(size) {}

  template <typename T>
  T read(const char* what) {
    need(sizeof(T), what);
    T value;
    std::memcpy(&value, bytes_ + pos_, sizeof(T));  // the page and x86 are little-endian
    pos_ += sizeof(T);
    return value;
  }
  std::string text(std::size_t length, const char* what) {
    need(length, what);
    std::string s(reinterpret_cast<const char*>(bytes_ + pos_), length);
    pos_ += length;
    return s;
  }
  std::size_t pos() const { return pos_; }

 private:
  void need(std::size_t n, const char* what) const {
    if (n > size_ - pos_) {
      throw InputError(std::string("The model pack is cut short (reading ") + what + " at byte " +
                       std::to_string(pos_) + " of " + std::to_string(size_) + ").");
    }
  }
  const std::uint8_t* bytes_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

struct Entry {
  std::string name;
  std::uint8_t encoding = 0;
  std::uint32_t rows = 0, cols = 0, offset = 0;
};

// Caps on what a pack may claim, checked before anything is allocated. The real model's largest
// tensor is the 8,000 x 256 token table; these leave room for a larger model, not for a crafted
// file to ask for gigabytes.
constexpr std::uint64_t kMaxTensorSide = 1u << 20;
constexpr std::uint64_t kMaxTensorElements = 1u << 26;  // 256 MB as float

// Reads n little-endian floats from a possibly unaligned address.
std::vector<float> read_floats(const std::uint8_t* p, std::size_t n) {
  std::vector<float> out(n);
  if (n > 0) std::memcpy(out.data(), p, 4 * n);
  return out;
}

// NaN or infinity in a weight would reach every output of the forward pass: refuse the pack.
void require_finite_values(const MatF& m, const std::string& name) {
  if (!all_finite(m)) throw InputError("The model pack's " + name + " holds a value that is not a finite number.");
}

// The bytes of one tensor, checked to lie inside the data, and how many scales lead them.
struct Located {
  const std::uint8_t* p = nullptr;
  std::uint64_t rows = 0, cols = 0, scales = 0;
};

Located locate(const Entry& e, const std::uint8_t* data, std::size_t data_size) {
  if (e.encoding > 2) throw InputError("The model pack has an unknown encoding for " + e.name + ".");
  // 64-bit arithmetic: in 32-bit wasm, rows * cols could wrap around size_t.
  const std::uint64_t rows = e.rows, cols = e.cols;
  if (rows == 0 || cols == 0 || rows > kMaxTensorSide || cols > kMaxTensorSide || rows * cols > kMaxTensorElements) {
    throw InputError("The model pack gives " + e.name + " an impossible shape " +
                     shape_str(static_cast<long>(e.rows), static_cast<long>(e.cols)) + ".");
  }
  const std::uint64_t n = rows * cols;
  const std::uint64_t scales = e.encoding == 1 ? cols : (e.encoding == 2 ? rows : 0);
  const std::uint64_t bytes = e.encoding == 0 ? 4 * n : 4 * scales + n;
  if (e.offset > data_size || bytes > data_size - e.offset) {
    throw InputError("The model pack's data for " + e.name + " lies outside the file.");
  }
  return {data + e.offset, rows, cols, scales};
}

MatF decode(const Entry& e, const Located& at) {
  const std::uint8_t* p = at.p;
  const std::uint64_t rows = at.rows, cols = at.cols, n = rows * cols, scales = at.scales;
  MatF m(static_cast<long>(rows), static_cast<long>(cols));
  if (e.encoding == 0) {
    std::memcpy(m.data(), p, static_cast<std::size_t>(4 * n));  // no alignment needed
    require_finite_values(m, e.name);
    return m;
  }
  const std::vector<float> scale_values = read_floats(p, static_cast<std::size_t>(scales));
  const Eigen::Map<const Eigen::RowVectorXf> scale(scale_values.data(), static_cast<long>(scales));
  const auto* q = reinterpret_cast<const std::int8_t*>(p + 4 * scales);  // bytes: any alignment
  using RowI8 = Eigen::Matrix<std::int8_t, 1, Eigen::Dynamic>;
  for (std::uint32_t r = 0; r < e.rows; ++r) {
    const Eigen::Map<const RowI8> q_row(q + static_cast<std::size_t>(r) * e.cols, e.cols);
    if (e.encoding == 1) {
      m.row(r) = q_row.cast<float>().cwiseProduct(scale);  // one scale per column
    } else {
      m.row(r) = q_row.cast<float>() * scale(r);           // one scale per row
    }
  }
  require_finite_values(m, e.name);  // a NaN or infinite scale, or an int8 times a huge one
  return m;
}

// An encoding-1 tensor kept int8, packed for the int8 product (no float is made). Its scales are
// refused where decoding would refuse them: not finite, or so large that 128 times one is not.
Int8Columns keep_int8(const Entry& e, const Located& at) {
  const std::vector<float> scale = read_floats(at.p, static_cast<std::size_t>(at.scales));
  for (const float s : scale) {
    if (!std::isfinite(s * 128.0f)) throw InputError("The model pack's " + e.name + " holds a value that is not a finite number.");
  }
  const auto* q = reinterpret_cast<const std::int8_t*>(at.p + 4 * at.scales);
  return pack_int8_columns(q, scale.data(), static_cast<int>(at.rows), static_cast<int>(at.cols));
}

}  // namespace

const MatF& EncoderPack::tensor(const std::string& name) const {
  const auto it = tensors.find(name);
  if (it == tensors.end()) throw InputError("The model pack has no tensor \"" + name + "\".");
  return it->second;
}

const Int8Columns* EncoderPack::int8_kernel(const std::string& name) const {
  const auto it = int8_kernels.find(name);
  return it == int8_kernels.end() ? nullptr : &it->second;
}

Shape EncoderPack::shape(const std::string& name) const {
  if (const Int8Columns* k = int8_kernel(name)) return {k->rows, k->cols, "", ""};
  const MatF& t = tensor(name);
  return {static_cast<long>(t.rows()), static_cast<long>(t.cols()), "", ""};
}

EncoderPack read_pack(const std::uint8_t* bytes, std::size_t size, Products products) {
  Reader reader(bytes, size);
  const auto header_length = reader.read<std::uint32_t>("the header length");
  if (reader.text(8, "the magic") != std::string("AWUSE\x01\0\0", 8)) {
    throw InputError("This file is not an Attention Whiteboard encoder pack (version 1).");
  }
  const auto count = reader.read<std::uint32_t>("the tensor count");
  if (count > 1000) throw InputError("The model pack claims an impossible number of tensors.");
  std::vector<Entry> entries(count);
  for (Entry& e : entries) {
    e.name = reader.text(reader.read<std::uint16_t>("a tensor name length"), "a tensor name");
    e.encoding = reader.read<std::uint8_t>("a tensor encoding");
    e.rows = reader.read<std::uint32_t>("a tensor shape");
    e.cols = reader.read<std::uint32_t>("a tensor shape");
    e.offset = reader.read<std::uint32_t>("a tensor offset");
  }
  EncoderPack pack;
  const auto pieces = reader.read<std::uint32_t>("the vocabulary size");
  // Each piece takes at least 10 bytes (its length and score): check the file has them before
  // allocating, so a short file cannot ask for a million pieces.
  if (pieces > 1000000 || static_cast<std::uint64_t>(pieces) * 10 > size - reader.pos()) {
    throw InputError("The model pack claims an impossible vocabulary size.");
  }
  pack.vocabulary.resize(pieces);
  for (Piece& piece : pack.vocabulary) {
    piece.text = reader.text(reader.read<std::uint16_t>("a piece length"), "a piece");
    piece.score = reader.read<double>("a piece score");
    if (!is_valid_utf8(piece.text)) {  // invalid bytes would leave the tokenizer as pieces the page cannot show
      throw InputError("The model pack's vocabulary entry " + std::to_string(&piece - pack.vocabulary.data()) +
                       " is not valid UTF-8 text.");
    }
    if (!std::isfinite(piece.score)) {
      throw InputError("The model pack's vocabulary entry " + std::to_string(&piece - pack.vocabulary.data()) +
                       " has a score that is not a finite number.");
    }
  }
  const std::size_t data_start = 4 + static_cast<std::size_t>(header_length);
  if (reader.pos() > data_start || data_start > size) {
    throw InputError("The model pack's header length does not match its contents.");
  }
  for (const Entry& e : entries) {
    const Located at = locate(e, bytes + data_start, size - data_start);
    pack.tensors.erase(e.name);  // a later entry of the same name replaces an earlier one
    pack.int8_kernels.erase(e.name);
    if (products == Products::int8 && e.encoding == 1) {
      pack.int8_kernels.emplace(e.name, keep_int8(e, at));
    } else {
      pack.tensors.emplace(e.name, decode(e, at));
    }
  }
  return pack;
}

}  // namespace aw::encoder
