// Crafted and damaged packs (the fuzzing findings in the hardening issue): each is refused with
// the project's error before anything large is allocated or read out of bounds.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "core/encoder/pack.hpp"
#include "core/encoder/transformer.hpp"
#include "core/encoder/unigram_tokenizer.hpp"

using namespace aw::encoder;

namespace {

struct CraftedTensor {
  std::string name;
  std::uint8_t encoding = 0;
  std::uint32_t rows = 1, cols = 1, offset = 0;
};

template <typename T>
void put(std::vector<std::uint8_t>& out, T value) {
  std::uint8_t bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  out.insert(out.end(), bytes, bytes + sizeof(T));
}

// A pack in the format of pack.hpp, with the given tensors, pieces and data section.
std::vector<std::uint8_t> craft(const std::vector<CraftedTensor>& tensors, const std::vector<std::string>& pieces,
                                const std::vector<std::uint8_t>& data, std::uint32_t claimed_pieces = 0) {
  std::vector<std::uint8_t> header;
  const char magic[8] = {'A', 'W', 'U', 'S', 'E', 1, 0, 0};
  header.insert(header.end(), magic, magic + 8);
  put<std::uint32_t>(header, static_cast<std::uint32_t>(tensors.size()));
  for (const CraftedTensor& t : tensors) {
    put<std::uint16_t>(header, static_cast<std::uint16_t>(t.name.size()));
    header.insert(header.end(), t.name.begin(), t.name.end());
    put<std::uint8_t>(header, t.encoding);
    put<std::uint32_t>(header, t.rows);
    put<std::uint32_t>(header, t.cols);
    put<std::uint32_t>(header, t.offset);
  }
  put<std::uint32_t>(header, claimed_pieces ? claimed_pieces : static_cast<std::uint32_t>(pieces.size()));
  for (const std::string& p : pieces) {
    put<std::uint16_t>(header, static_cast<std::uint16_t>(p.size()));
    header.insert(header.end(), p.begin(), p.end());
    put<double>(header, -1.0);
  }
  std::vector<std::uint8_t> out;
  put<std::uint32_t>(out, static_cast<std::uint32_t>(header.size()));
  out.insert(out.end(), header.begin(), header.end());
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

EncoderPack read(const std::vector<std::uint8_t>& bytes) { return read_pack(bytes.data(), bytes.size()); }

}  // namespace

TEST_CASE("pack: zero-sized and huge tensors are refused before any loop or allocation") {
  const std::vector<std::uint8_t> data(64, 0);
  // rows 0xFFFFFFFF with cols 0 used to pass the size check and loop 4.3e9 times
  CHECK_THROWS_WITH_AS(read(craft({{"t", 1, 0xFFFFFFFFu, 0, 0}}, {"a"}, data)), doctest::Contains("impossible shape"), aw::InputError);
  CHECK_THROWS_WITH_AS(read(craft({{"t", 0, 0, 5, 0}}, {"a"}, data)), doctest::Contains("impossible shape"), aw::InputError);
  // rows * cols that wraps a 32-bit size_t, and one that wraps 4 * n in 64 bits
  CHECK_THROWS_WITH_AS(read(craft({{"t", 1, 0x80000000u, 2, 0}}, {"a"}, data)), doctest::Contains("impossible shape"), aw::InputError);
  CHECK_THROWS_WITH_AS(read(craft({{"t", 0, 2147418113u, 2147549185u, 0}}, {"a"}, data)), doctest::Contains("impossible shape"), aw::InputError);
  // within the caps but larger than the file
  CHECK_THROWS_WITH_AS(read(craft({{"t", 0, 1000, 1000, 0}}, {"a"}, data)), doctest::Contains("outside the file"), aw::InputError);
}

TEST_CASE("pack: a vocabulary larger than the file is refused before it is allocated") {
  CHECK_THROWS_WITH_AS(read(craft({}, {}, {}, 999999)), doctest::Contains("impossible vocabulary size"), aw::InputError);
}

TEST_CASE("pack: unaligned offsets decode the same values as aligned ones") {
  // One float32 tensor at offset 1 and one int8 tensor with per-column scales at offset 6.
  std::vector<std::uint8_t> data(1, 0xAA);
  const float values[2] = {1.5f, -2.25f};
  data.insert(data.end(), reinterpret_cast<const std::uint8_t*>(values), reinterpret_cast<const std::uint8_t*>(values) + 8);
  const float scale = 0.5f;
  data.insert(data.end(), reinterpret_cast<const std::uint8_t*>(&scale), reinterpret_cast<const std::uint8_t*>(&scale) + 4);
  data.push_back(static_cast<std::uint8_t>(-4));
  const EncoderPack p = read(craft({{"f", 0, 1, 2, 1}, {"q", 1, 1, 1, 9}}, {"a"}, data));
  CHECK(p.tensor("f")(0, 0) == 1.5f);
  CHECK(p.tensor("f")(0, 1) == -2.25f);
  CHECK(p.tensor("q")(0, 0) == -2.0f);
}

TEST_CASE("pack: NaN, infinite or overflowing values are refused (fuzz: they reached every output)") {
  std::vector<std::uint8_t> data;
  put<float>(data, std::numeric_limits<float>::quiet_NaN());
  CHECK_THROWS_WITH_AS(read(craft({{"t", 0, 1, 1, 0}}, {"a"}, data)), doctest::Contains("t holds a value that is not a finite"), aw::InputError);
  // int8 with an infinite scale, and with a finite scale that 127 times overflows float
  for (const float scale : {std::numeric_limits<float>::infinity(), 3e38f}) {
    std::vector<std::uint8_t> int8;
    put<float>(int8, scale);
    int8.push_back(127);
    CHECK_THROWS_WITH_AS(read(craft({{"q", 2, 1, 1, 0}}, {"a"}, int8)), doctest::Contains("not a finite number"), aw::InputError);
  }
}

TEST_CASE("pack: vocabulary pieces must be UTF-8 with finite scores (fuzz: invalid pieces reached the page)") {
  const std::vector<std::uint8_t> data(4, 0);
  CHECK_THROWS_WITH_AS(read(craft({{"t", 0, 1, 1, 0}}, {"a", "b\xFF"}, data)), doctest::Contains("entry 1 is not valid UTF-8"), aw::InputError);
  CHECK_THROWS_WITH_AS(read(craft({{"t", 0, 1, 1, 0}}, {"\xED\xA0\x80"}, data)), doctest::Contains("not valid UTF-8"), aw::InputError);
  CHECK(read(craft({{"t", 0, 1, 1, 0}}, {"\xEF\xBF\xBD", "\xE2\x96\x81" "caf\xC3\xA9"}, data)).vocabulary.size() == 2);
  std::vector<std::uint8_t> nan_score = craft({{"t", 0, 1, 1, 0}}, {"a"}, data);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::memcpy(nan_score.data() + nan_score.size() - data.size() - sizeof nan, &nan, sizeof nan);  // the last piece's score
  CHECK_THROWS_WITH_AS(read(nan_score), doctest::Contains("score that is not a finite number"), aw::InputError);
}

TEST_CASE("unigram tokenizer: an empty piece 0 cannot stall the walk back") {
  const std::vector<Piece> vocabulary = {{"", 0}, {"\xE2\x96\x81" "a", -1}};
  const UnigramTokenizer tokenizer(vocabulary, 1);
  const std::vector<SubwordToken> tokens = tokenizer.encode("a zz");
  std::string joined;
  for (const SubwordToken& t : tokens) joined += t.piece;
  CHECK(joined == "\xE2\x96\x81" "a" "\xE2\x96\x81" "zz");  // every symbol once, and it returned
}

TEST_CASE("unigram tokenizer: a vocabulary with an over-long piece is refused (fuzz: cubic time, minutes per text)") {
  // Matching tried every substring up to the longest piece at every position: a 4,000-character
  // piece took 19 s on a 4,000-character text, a 16,000-character one about 20 minutes on 16 KB.
  const std::vector<Piece> vocabulary = {{"\xEF\xBF\xBD", 0}, {std::string(kMaxPieceLength + 1, 'a'), -1}, {"a", -1}};
  CHECK_THROWS_WITH_AS(UnigramTokenizer(vocabulary, 1), doctest::Contains("pieces of more than 64"), aw::InputError);
  const std::vector<Piece> longest = {{"\xEF\xBF\xBD", 0}, {std::string(kMaxPieceLength, 'a'), -1}, {"a", -1}};
  CHECK(UnigramTokenizer(longest, 1).encode(std::string(kMaxPieceLength, 'a')).size() == 2);  // "▁", then the long piece
}

TEST_CASE("unigram tokenizer: invalid UTF-8 becomes U+FFFD, never invalid pieces") {
  // a lone surrogate (ED A0 80), an overlong slash (C0 AF), a code point above U+10FFFF (F4 90 80 80)
  const std::u32string decoded = utf8_to_code_points("\xED\xA0\x80|\xC0\xAF|\xF4\x90\x80\x80|\xC3\xA9");
  CHECK(decoded.find(U'\xD800') == std::u32string::npos);
  CHECK(decoded.find(U'/') == std::u32string::npos);
  CHECK(decoded.find(static_cast<char32_t>(0x110000)) == std::u32string::npos);
  CHECK(decoded.back() == U'\xE9');  // é, valid, is kept
  for (const char32_t c : decoded) CHECK((c < 0xD800 || (c > 0xDFFF && c <= 0x10FFFF)));
}

TEST_CASE("encoder: tensors whose shapes do not fit together are refused with a message") {
  // The smallest model of the right form: widths 2 -> 4 -> 4, attention width 4 (1 per head).
  std::vector<std::uint8_t> data;
  std::vector<CraftedTensor> tensors;
  auto add = [&](const std::string& name, std::uint32_t rows, std::uint32_t cols) {
    tensors.push_back({name, 0, rows, cols, static_cast<std::uint32_t>(data.size())});
    for (std::uint32_t k = 0; k < rows * cols; ++k) put<float>(data, 0.01f * static_cast<float>(k % 7));
  };
  auto layer = [&](const std::string& p, std::uint32_t in, std::uint32_t qkv_rows) {
    add(p + "ln_scale", 1, in);
    add(p + "ln_bias", 1, in);
    add(p + "qkv_kernel", qkv_rows, 12);
    add(p + "qkv_bias", 1, 12);
    add(p + "q_scale", 1, 1);
    add(p + "out_kernel", 4, 4);
    add(p + "out_bias", 1, 4);
    add(p + "ffn_ln_scale", 1, 4);
    add(p + "ffn_ln_bias", 1, 4);
    add(p + "ffn1_kernel", 4, 3);
    add(p + "ffn1_bias", 1, 3);
    add(p + "ffn2_kernel", 3, 4);
    add(p + "ffn2_bias", 1, 4);
  };
  auto model = [&](std::uint32_t l1_qkv_rows) {
    data.clear();
    tensors.clear();
    add("embeddings", 3, 2);
    add("timing_inv", 1, 1);
    add("ln_epsilon", 1, 1);
    add("l2_epsilon", 1, 1);
    layer("l0.", 2, 2);
    add("l0.residual_kernel", 2, 4);
    add("l0.residual_bias", 1, 4);
    layer("l1.", 4, l1_qkv_rows);
    add("pool_kernel", 4, 5);
    add("pool_bias", 1, 5);
    return craft(tensors, {"<unk>", "<s>", "\xE2\x96\x81" "a"}, data);
  };
  const std::vector<std::uint8_t> good_bytes = model(4);
  const EncoderPack good = read(good_bytes);
  const UnigramTokenizer tokenizer(good.vocabulary, 1);
  CHECK(encode_sentence(good, tokenizer, "a a").sentence_vector.size() == 5);
  // l1.qkv_kernel with 3 rows instead of 4: used to be a heap-buffer-overflow read in the product
  const std::vector<std::uint8_t> bad_bytes = model(3);
  const EncoderPack bad = read(bad_bytes);
  CHECK_THROWS_WITH_AS(encode_sentence(bad, tokenizer, "a a"), doctest::Contains("l1.qkv_kernel has shape (3, 12)"), aw::InputError);

  // Finite weights whose sums leave float's range (fuzz: inf reached the page). Here layer 1's
  // attention block is about 3e38 and its output 3e38 + 3e38: no softmax came after it, so the
  // inf and NaN came back as the layer's output without an error.
  EncoderPack silent = good;
  silent.tensors["l1.out_bias"].setConstant(3e38f);
  silent.tensors["l1.ffn2_bias"].setConstant(3e38f);
  CHECK_THROWS_WITH_AS(encode_sentence(silent, tokenizer, "a a"), doctest::Contains("The encoder's l1."), aw::InputError);
  // Where a later softmax met the overflow, the message blamed the scores' NaN; now it names the stage.
  EncoderPack huge = good;
  huge.tensors["l0.out_bias"].setConstant(3e38f);  // the attention block adds both biases: 6e38
  huge.tensors["l0.residual_bias"].setConstant(3e38f);
  CHECK_THROWS_WITH_AS(encode_sentence(huge, tokenizer, "a a"), doctest::Contains("overflows float's range"), aw::InputError);
  EncoderPack huge_embedding = good;
  huge_embedding.tensors["embeddings"].setConstant(3e38f);  // x0 = 2 E[id] + timing overflows
  CHECK_THROWS_WITH_AS(encode_sentence(huge_embedding, tokenizer, "a a"), doctest::Contains("overflows float's range"), aw::InputError);

  // A pooled vector so small that its squares vanish in float (fuzz, 10 minutes: length 12, not
  // at most 1). Each entry 2e-23: its square, 4e-46, rounds to 0 in float, so the float sum was 0
  // and the vector was divided by the square root of a tiny l2_epsilon instead of by its length.
  EncoderPack tiny = good;
  tiny.tensors["pool_kernel"].setZero();
  tiny.tensors["pool_bias"].setConstant(2e-23f);
  tiny.tensors["l2_epsilon"].setConstant(1e-45f);
  const aw::encoder::EncoderReport r = encode_sentence(tiny, tokenizer, "a a");
  CHECK(r.sentence_vector.allFinite());
  CHECK(r.sentence_vector.norm() == doctest::Approx(1.0).epsilon(1e-6));
  CHECK(r.sentence_vector(0) == doctest::Approx(1 / std::sqrt(5.0)).epsilon(1e-6));
}

TEST_CASE("encoder: an over-long text or batch is refused before tokenizing") {
  const std::vector<Piece> vocabulary = {{"<unk>", 0}, {"\xE2\x96\x81" "a", -1}};
  const UnigramTokenizer tokenizer(vocabulary, 1);
  const EncoderPack empty;
  CHECK_THROWS_WITH_AS(encode_sentence(empty, tokenizer, std::string(kMaxTextBytes + 1, 'a')),
                       doctest::Contains("at most 16384"), aw::InputError);
  CHECK_THROWS_WITH_AS(encode_batch(empty, tokenizer, std::vector<std::string>(kMaxBatch + 1, "a")),
                       doctest::Contains("at most 1024 texts"), aw::InputError);
}
