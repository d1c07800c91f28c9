// Universal Sentence Encoder Lite in the core, against the package's own TF.js runtime
// (tests/fixtures/use_lite_reference.json, written by scripts/use_lite/make_pack.mjs).
#include <doctest/doctest.h>

#include <chrono>
#include <fstream>
#include <iterator>

#include "core/encoder/compare.hpp"
#include "tests/native/encoder/bundled_pack.hpp"
#include "core/encoder/pack.hpp"
#include "core/encoder/transformer.hpp"
#include "core/encoder/unigram_tokenizer.hpp"
#include "tests/native/golden.hpp"

using namespace aw::encoder;

namespace {

const EncoderPack& pack() { return encoder_test::bundled_pack(); }

const nlohmann::json& reference() {
  static const nlohmann::json j = golden::load("use_lite_reference");
  return j;
}

double cosine(const aw::RowVec<float>& a, const nlohmann::json& b) {
  double dot = 0, na = 0, nb = 0;
  for (Eigen::Index k = 0; k < a.size(); ++k) {
    const double y = b[static_cast<std::size_t>(k)].get<double>();
    dot += a(k) * y;
    na += static_cast<double>(a(k)) * a(k);
    nb += y * y;
  }
  return dot / std::sqrt(na * nb);
}

}  // namespace

TEST_CASE("encoder pack: every tensor with the shape the forward pass expects") {
  CHECK(pack().vocabulary.size() == 8000);
  CHECK(pack().vocabulary[1191].text == "\xE2\x96\x81" "bank");
  CHECK(pack().tensor("embeddings").rows() == 8002);
  CHECK(pack().tensor("embeddings").cols() == 256);
  CHECK(pack().tensor("l0.qkv_kernel").cols() == 768);
  CHECK(pack().tensor("l1.qkv_kernel").cols() == 1536);
  CHECK(pack().tensor("l0.q_scale")(0, 0) == doctest::Approx(0.125));
}

TEST_CASE("encoder pack: damaged or foreign bytes are refused with a message") {
  const std::vector<std::uint8_t> junk = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  CHECK_THROWS_WITH_AS(read_pack(junk.data(), junk.size()), doctest::Contains("not an Attention Whiteboard encoder pack"), aw::InputError);
  CHECK_THROWS_WITH_AS(read_pack(junk.data(), 2), doctest::Contains("cut short"), aw::InputError);
  std::vector<std::uint8_t> bytes = encoder_test::bundled_pack_bytes();
  bytes.resize(bytes.size() / 2);  // a download cut in the middle
  CHECK_THROWS_WITH_AS(read_pack(bytes.data(), bytes.size()), doctest::Contains("outside the file"), aw::InputError);
}

TEST_CASE("unigram tokenizer: the same ids as the package's tokenizer, unknowns and Unicode included") {
  const UnigramTokenizer tokenizer(pack().vocabulary);
  for (const auto& s : reference()["sentences"]) {
    CAPTURE(s["text"].get<std::string>());
    const auto tokens = tokenizer.encode(s["nfkc"].get<std::string>());
    std::vector<int> ids;
    for (const auto& t : tokens) ids.push_back(t.id);
    CHECK(ids == s["ids"].get<std::vector<int>>());
  }
  CHECK(tokenizer.encode("").empty());
  const auto bank = tokenizer.encode("bank");
  REQUIRE(bank.size() == 1);
  CHECK(bank[0].piece == "\xE2\x96\x81" "bank");
}

TEST_CASE("encoder forward pass: equal to TF.js on the same int8 weights, close to the fp32 model") {
  const UnigramTokenizer tokenizer(pack().vocabulary);
  double worst_attention_same = 0, worst_attention_fp32 = 0, worst_vector_same = 0, min_cos_fp32 = 1;
  for (const auto& s : reference()["sentences"]) {
    CAPTURE(s["text"].get<std::string>());
    const EncoderReport r = encode_sentence(pack(), tokenizer, s["nfkc"].get<std::string>());
    REQUIRE(r.layers.size() == 2);
    for (int layer = 0; layer < 2; ++layer) {
      for (int head = 0; head < kHeads; ++head) {
        const aw::MatD ours = r.layers[layer].heads[head].attn_weights.cast<double>();
        worst_attention_same = std::max(worst_attention_same, golden::max_abs_diff(ours, golden::matrix(s["int8"]["attention"][layer][head])));
        worst_attention_fp32 = std::max(worst_attention_fp32, golden::max_abs_diff(ours, golden::matrix(s["fp32"]["attention"][layer][head])));
      }
    }
    const aw::MatD vec = r.sentence_vector.cast<double>();
    worst_vector_same = std::max(worst_vector_same, golden::max_abs_diff(vec, golden::matrix(s["int8"]["sentence_vector"])));
    min_cos_fp32 = std::min(min_cos_fp32, cosine(r.sentence_vector, s["fp32"]["sentence_vector"]));
    CHECK(r.sentence_vector.norm() == doctest::Approx(1.0).epsilon(1e-5));
  }
  MESSAGE("attention |diff| vs TF.js int8 " << worst_attention_same << ", vs fp32 " << worst_attention_fp32
          << "; sentence vector |diff| vs int8 " << worst_vector_same << ", cosine to fp32 >= " << min_cos_fp32);
  CHECK(worst_attention_same < 2e-5);   // same weights: float32 rounding only
  CHECK(worst_vector_same < 2e-5);
  CHECK(worst_attention_fp32 < 0.03);   // what int8 costs: TF.js itself measures 0.021 (make_pack.mjs)
  CHECK(min_cos_fp32 > 0.999);
}

TEST_CASE("encoder: empty input is refused, static vectors are the same in any context") {
  const UnigramTokenizer tokenizer(pack().vocabulary);
  CHECK_THROWS_WITH_AS(encode_sentence(pack(), tokenizer, ""), doctest::Contains("at least one token"), aw::InputError);
  const EncoderReport river = encode_sentence(pack(), tokenizer, "The bank of the river");
  const EncoderReport money = encode_sentence(pack(), tokenizer, "My bank account has money");
  REQUIRE(river.tokens[1].piece == money.tokens[1].piece);
  CHECK(river.static_vectors.row(1) == money.static_vectors.row(1));
  CHECK(river.layers[1].output.row(1) != money.layers[1].output.row(1));
}

TEST_CASE("trained bank comparison: static cosine 1, contextual below 1, heads that find river and money") {
  const UnigramTokenizer tokenizer(pack().vocabulary);
  const TrainedComparison c = compare_sentences(pack(), tokenizer, "The bank of the river is muddy today.",
                                                "I have money in my bank account.", "bank");
  REQUIRE(c.target_first == 1);
  REQUIRE(c.target_second == 5);
  REQUIRE(c.static_cosine.has_value());
  CHECK(*c.static_cosine == doctest::Approx(1.0));
  REQUIRE(c.contextual_cosine.size() == 2);
  for (const auto& cos : c.contextual_cosine) {
    REQUIRE(cos.has_value());
    CHECK(*cos < 0.95);
  }
  // The same number by hand from the layer outputs.
  const auto a = c.first.layers[1].output.row(1).cast<double>();
  const auto b = c.second.layers[1].output.row(5).cast<double>();
  CHECK(*c.contextual_cosine[1] == doctest::Approx(a.dot(b) / (a.norm() * b.norm())).epsilon(1e-12));
  const auto sends_to = [](const std::vector<HeadFocus>& focus, const EncoderReport& r, const std::string& piece) {
    for (const auto& f : focus) {
      if (f.layer == 1 && r.tokens[static_cast<std::size_t>(f.keys[0])].piece == piece) return true;
    }
    return false;
  };
  CHECK(sends_to(c.focus_first, c.first, "\xE2\x96\x81river"));
  CHECK(sends_to(c.focus_second, c.second, "\xE2\x96\x81money"));
  CHECK(c.focus_first.size() == 8);
  CHECK(c.notices.empty());
  const TrainedComparison missing = compare_sentences(pack(), tokenizer, "a river", "some money", "bank");
  CHECK(missing.target_first == -1);
  CHECK_FALSE(missing.static_cosine.has_value());
  CHECK(missing.notices.size() == 2);
}

TEST_CASE("encoder batch: each text gets what it gets alone, within float rounding") {
  const UnigramTokenizer tokenizer(pack().vocabulary);
  std::vector<std::string> texts;
  for (const auto& s : reference()["sentences"]) texts.push_back(s["nfkc"].get<std::string>());
  const std::vector<EncoderReport> batch = encode_batch(pack(), tokenizer, texts);
  REQUIRE(batch.size() == texts.size());
  for (std::size_t i = 0; i < texts.size(); ++i) {
    CAPTURE(texts[i]);
    const EncoderReport alone = encode_sentence(pack(), tokenizer, texts[i]);
    CHECK((batch[i].sentence_vector - alone.sentence_vector).cwiseAbs().maxCoeff() < 1e-6f);
    CHECK((batch[i].layers[1].heads[2].attn_weights - alone.layers[1].heads[2].attn_weights).cwiseAbs().maxCoeff() < 1e-6f);
    CHECK(batch[i].tokens.size() == alone.tokens.size());
  }
  CHECK_THROWS_AS(encode_batch(pack(), tokenizer, {"bank", ""}), aw::InputError);
  CHECK(encode_batch(pack(), tokenizer, {}).empty());
}

TEST_CASE("trained bank comparison with a same-sense control: the pair unchanged, the control by hand, judged by the rule") {
  const UnigramTokenizer tokenizer(pack().vocabulary);
  const std::string s1 = "The bank of the river is muddy today.", s2 = "I have money in my bank account.";
  for (const std::string control : {"They fished from the bank of the stream.", "The river bank was steep and wet."}) {
    CAPTURE(control);
    const TrainedComparison plain = compare_sentences(pack(), tokenizer, s1, s2, "bank");
    const TrainedComparison c = compare_sentences(pack(), tokenizer, s1, s2, "bank", control);
    CHECK_FALSE(plain.has_control);
    REQUIRE(c.has_control);
    CHECK(c.contextual_cosine == plain.contextual_cosine);  // exactly: the control is encoded on its own
    CHECK(c.sentence_cosine == plain.sentence_cosine);
    REQUIRE(c.target_control >= 0);
    CHECK(c.control.tokens[static_cast<std::size_t>(c.target_control)].piece == "\xE2\x96\x81" "bank");
    REQUIRE(c.control_static_cosine.has_value());
    CHECK(*c.control_static_cosine == doctest::Approx(1.0));
    REQUIRE(c.control_contextual_cosine.size() == 2);
    for (std::size_t layer = 0; layer < 2; ++layer) {
      const auto a = c.first.layers[layer].output.row(c.target_first).cast<double>();
      const auto b = c.control.layers[layer].output.row(c.target_control).cast<double>();
      REQUIRE(c.control_contextual_cosine[layer].has_value());
      CHECK(*c.control_contextual_cosine[layer] == doctest::Approx(a.dot(b) / (a.norm() * b.norm())).epsilon(1e-12));
    }
    const EncoderReport alone = encode_sentence(pack(), tokenizer, control);
    CHECK(c.control.sentence_vector == alone.sentence_vector);
    CHECK(c.separation.same_sense == c.control_contextual_cosine[1]);
    CHECK(c.separation.different_sense == c.contextual_cosine[1]);
    CHECK(*c.separation.margin == doctest::Approx(*c.control_contextual_cosine[1] - *c.contextual_cosine[1]));
    CHECK(c.separation.verdict == aw::judge_sense_control(c.control_contextual_cosine[1], c.contextual_cosine[1]).verdict);
    MESSAGE("control \"" << control << "\": same sense " << *c.control_contextual_cosine[1] << ", different "
                         << *c.contextual_cosine[1] << ", verdict " << c.separation.verdict);
  }
  const TrainedComparison missing = compare_sentences(pack(), tokenizer, s1, s2, "bank", std::string("The stream was cold."));
  CHECK(missing.target_control == -1);
  CHECK(missing.separation.verdict == "undefined");
  CHECK(missing.notices.back().find("control sentence") != std::string::npos);
  const TrainedComparison empty = compare_sentences(pack(), tokenizer, s1, s2, "bank", std::string(""));
  CHECK_FALSE(empty.has_control);
  CHECK(empty.notices.back().find("control sentence is empty") != std::string::npos);
}

TEST_CASE("trained bank comparison: an over-long control is refused before it is tokenized") {
  const UnigramTokenizer tokenizer(pack().vocabulary);
  const std::string s1 = "The bank of the river is muddy today.", s2 = "I have money in my bank account.";
  // Spaces only: tokenized, they gave no tokens, so an "empty control" notice and no error.
  CHECK_THROWS_WITH_AS(compare_sentences(pack(), tokenizer, s1, s2, "bank", std::string(kMaxTextBytes + 1, ' ')),
                       "The control sentence is 16385 bytes long; the encoder takes at most 16384 (it reads only the first 128 tokens).",
                       aw::InputError);
  // 4 MB of words: tokenized whole before the refusal, 34 s in wasm; now refused at once.
  std::string book;
  while (book.size() < (std::size_t{4} << 20)) book += "They fished from the bank of the stream. ";
  const auto started = std::chrono::steady_clock::now();
  CHECK_THROWS_WITH_AS(compare_sentences(pack(), tokenizer, s1, s2, "bank", book), doctest::Contains("The control sentence is"),
                       aw::InputError);
  CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() < 0.5);  // natively 2.2 s before
  // At the cap it is still a sentence: encoded, with no notice of its length.
  std::string at_cap = "They fished from the bank of the stream.";
  at_cap.resize(kMaxTextBytes, ' ');
  CHECK(compare_sentences(pack(), tokenizer, s1, s2, "bank", at_cap).has_control);
}

TEST_CASE("encoder pack read for int8 products: the dense kernels kept int8, equal to the float decode") {
  const EncoderPack& floats = pack();
  const EncoderPack& ints = encoder_test::bundled_pack_int8();
  CHECK(ints.int8_kernels.size() == 10);  // qkv, out, ffn1, ffn2 per layer, layer 0's residual, the pooling
  CHECK(floats.int8_kernels.empty());
  CHECK(ints.tensors.size() + ints.int8_kernels.size() == floats.tensors.size());
  CHECK(ints.int8_kernel("embeddings") == nullptr);  // a scale per row: decoded to float as before
  CHECK(ints.tensor("embeddings") == floats.tensor("embeddings"));
  for (const auto& kernel : ints.int8_kernels) {
    const std::string& name = kernel.first;  // not a structured binding: doctest's macros capture it in lambdas (C++20 in clang)
    const auto& b = kernel.second;
    CAPTURE(name);
    CHECK_THROWS_AS(ints.tensor(name), aw::InputError);  // never decoded to float
    const aw::MatF& value = floats.tensor(name);
    REQUIRE(ints.shape(name).rows == value.rows());
    REQUIRE(ints.shape(name).cols == value.cols());
    long mismatches = 0;
    for (int kk = 0; kk < b.rows; ++kk) {
      for (int j = 0; j < b.cols; ++j) {
        const std::int16_t q = b.packed[static_cast<std::size_t>((j / 8) * b.pairs() + kk / 2) * 16 + (j % 8) * 2 + kk % 2];
        mismatches += static_cast<float>(q) * b.scale[static_cast<std::size_t>(j)] != value(kk, j);  // bit for bit
      }
    }
    CHECK(mismatches == 0);
  }
}

TEST_CASE("encoder through int8 products: as close to the fp32 model as the float path, close to it") {
  const EncoderPack& ints = encoder_test::bundled_pack_int8();
  const UnigramTokenizer tokenizer(ints.vocabulary);
  double worst_attention_fp32 = 0, worst_vector_same = 0, worst_vector_float = 0, min_cos_fp32 = 1, min_cos_fp32_float = 1;
  std::vector<std::string> texts;
  for (const auto& s : reference()["sentences"]) {
    CAPTURE(s["text"].get<std::string>());
    texts.push_back(s["nfkc"].get<std::string>());
    const EncoderReport r = encode_sentence(ints, tokenizer, texts.back());
    const EncoderReport f = encode_sentence(pack(), tokenizer, texts.back());
    REQUIRE(r.layers.size() == 2);
    CHECK(r.tokens.size() == f.tokens.size());
    for (int layer = 0; layer < 2; ++layer) {
      for (int head = 0; head < kHeads; ++head) {
        const aw::MatD ours = r.layers[layer].heads[head].attn_weights.cast<double>();
        worst_attention_fp32 = std::max(worst_attention_fp32, golden::max_abs_diff(ours, golden::matrix(s["fp32"]["attention"][layer][head])));
      }
    }
    worst_vector_same = std::max(worst_vector_same, golden::max_abs_diff(r.sentence_vector.cast<double>(), golden::matrix(s["int8"]["sentence_vector"])));
    worst_vector_float = std::max(worst_vector_float, static_cast<double>((r.sentence_vector - f.sentence_vector).cwiseAbs().maxCoeff()));
    min_cos_fp32 = std::min(min_cos_fp32, cosine(r.sentence_vector, s["fp32"]["sentence_vector"]));
    min_cos_fp32_float = std::min(min_cos_fp32_float, cosine(f.sentence_vector, s["fp32"]["sentence_vector"]));
    CHECK(r.sentence_vector.norm() == doctest::Approx(1.0).epsilon(1e-5));
  }
  MESSAGE("int8 products: attention |diff| vs TF.js fp32 " << worst_attention_fp32 << "; sentence vector |diff| vs TF.js int8 "
          << worst_vector_same << ", vs our float path " << worst_vector_float << "; cosine to fp32 >= " << min_cos_fp32
          << " (float path " << min_cos_fp32_float << ")");
  CHECK(worst_attention_fp32 < 0.03);  // the float path's bound: what int8 weights cost
  CHECK(worst_vector_float < 1e-4);    // what quantizing the activations to int16 adds (about 3e-5)
  CHECK(worst_vector_same < 1e-4);
  CHECK(min_cos_fp32 > min_cos_fp32_float - 1e-5);
  // A batch gives each text exactly what it gets alone: each row is quantized on its own.
  const std::vector<EncoderReport> batch = encode_batch(ints, tokenizer, texts);
  for (std::size_t i = 0; i < texts.size(); ++i) {
    CHECK(batch[i].sentence_vector == encode_sentence(ints, tokenizer, texts[i]).sentence_vector);
  }
}
