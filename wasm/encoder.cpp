// embind surface of the trained encoder (core/encoder/): text in, plain objects and typed arrays
// out. Two ways in:
//   - EncoderModel, a decoded model resident in the wasm heap: made once from the pack's bytes
//     (load), used for every request, freed with .delete(). The JS wrapper owns its lifetime
//     (core/attention-core.js, createEncoderModel). load's second argument, "float" or "int8",
//     says how its dense layers multiply (core/encoder/pack.hpp: Products).
//   - free functions that take the pack's bytes and decode them on every call (tests, and the
//     benchmark's "before").
// Callers pass NFKC-normalised text (see unigram_tokenizer.hpp).
#include <memory>

#include "core/encoder/compare.hpp"
#include "core/encoder/heads_change.hpp"
#include "core/encoder/word_in_context.hpp"
#include "wasm/convert.hpp"

namespace {

using namespace aw_js;
namespace enc = aw::encoder;

enc::EncoderPack pack_from_js(const val& bytes, enc::Products products = enc::Products::float_simd) {
  if (!bytes.instanceof(val::global("Uint8Array"))) throw aw::InputError("the model pack must be a Uint8Array");
  const std::vector<std::uint8_t> data = emscripten::convertJSArrayToNumberVector<std::uint8_t>(bytes);
  return enc::read_pack(data.data(), data.size(), products);
}

enc::Products products_from_js(const std::string& name) {
  if (name == "float") return enc::Products::float_simd;
  if (name == "int8") return enc::Products::int8;
  throw aw::InputError("the encoder's products are \"float\" or \"int8\", not \"" + name + "\"");
}

val report_to_js(const enc::EncoderReport& r) {
  val out = val::object();
  val tokens = val::array();
  for (const auto& t : r.tokens) {
    val token = val::object();
    token.set("id", t.id);
    token.set("piece", t.piece);
    tokens.call<void>("push", token);
  }
  out.set("tokens", tokens);
  out.set("notices", strings_to_js(r.notices));
  out.set("staticVectors", matrix_to_js(r.static_vectors));
  out.set("input", matrix_to_js(r.input));
  val layers = val::array();
  for (const auto& layer : r.layers) {
    val l = val::object();
    val heads = val::array();
    for (const auto& h : layer.heads) {
      val head = val::object();
      head.set("Q", matrix_to_js(h.Q));
      head.set("K", matrix_to_js(h.K));
      head.set("V", matrix_to_js(h.V));
      head.set("attn_weights", matrix_to_js(h.attn_weights));
      heads.call<void>("push", head);
    }
    l.set("heads", heads);
    l.set("output", matrix_to_js(layer.output));
    layers.call<void>("push", l);
  }
  out.set("layers", layers);
  out.set("sentenceVector", matrix_to_js(r.sentence_vector));
  return out;
}

val focus_to_js(const std::vector<enc::HeadFocus>& focus) {
  val out = val::array();
  for (const auto& f : focus) {
    val item = val::object();
    item.set("layer", f.layer);
    item.set("head", f.head);
    val keys = val::array();
    for (long k : f.keys) keys.call<void>("push", static_cast<int>(k));
    item.set("keys", keys);
    item.set("weights", typed_array(f.weights.data(), f.weights.size()));
    out.call<void>("push", item);
  }
  return out;
}

val encode_to_js(const enc::EncoderPack& pack, const enc::UnigramTokenizer& tokenizer, const std::string& nfkc_text) {
  return report_to_js(enc::encode_sentence(pack, tokenizer, nfkc_text));
}

val compare_to_js(const enc::EncoderPack& pack, const enc::UnigramTokenizer& tokenizer, const val& options) {
  const enc::TrainedComparison c = enc::compare_sentences(
      pack, tokenizer, string_field(options, "sentence", "The bank of the river is muddy today."),
      string_field(options, "sentence2", "I have money in my bank account."), string_field(options, "target", "bank"),
      has(options, "control") ? std::optional<std::string>(string_field(options, "control", "")) : std::nullopt);
  val out = val::object();
  out.set("first", report_to_js(c.first));
  out.set("second", report_to_js(c.second));
  out.set("targetFirst", static_cast<int>(c.target_first));
  out.set("targetSecond", static_cast<int>(c.target_second));
  out.set("targetPiece", c.target_piece);
  out.set("staticCosine", optional_to_js(c.static_cosine));
  val contextual = val::array();
  for (const auto& v : c.contextual_cosine) contextual.call<void>("push", optional_to_js(v));
  out.set("contextualCosine", contextual);
  out.set("sentenceCosine", c.sentence_cosine);
  out.set("focusFirst", focus_to_js(c.focus_first));
  out.set("focusSecond", focus_to_js(c.focus_second));
  out.set("notices", strings_to_js(c.notices));
  if (c.has_control) {
    out.set("control", report_to_js(c.control));
    out.set("targetControl", static_cast<int>(c.target_control));
    out.set("controlStaticCosine", optional_to_js(c.control_static_cosine));
    val control_contextual = val::array();
    for (const auto& v : c.control_contextual_cosine) control_contextual.call<void>("push", optional_to_js(v));
    out.set("controlContextualCosine", control_contextual);
    out.set("controlSentenceCosine", c.control_sentence_cosine);
    out.set("separation", sense_control_to_js(c.separation));
  }
  return out;
}

// The trained weights split into other head counts (core/encoder/heads_change.hpp):
// {trainedHeads, tokens, rows: [{heads, sentenceCosine, layers: [{qkvKernel: {rows, cols}, width,
// headWidth, maxDifference, relativeDifference}]}]}.
val heads_change_to_js(const enc::EncoderPack& pack, const enc::UnigramTokenizer& tokenizer, const std::string& nfkc_text,
                       const val& heads) {
  if (!heads.isArray()) throw aw::InputError("the head counts must be an array of whole numbers");
  const unsigned n = heads["length"].as<unsigned>();
  if (n > enc::kMaxHeadCounts) throw aw::InputError("At most " + std::to_string(enc::kMaxHeadCounts) + " head counts at once.");
  std::vector<int> counts;
  for (unsigned i = 0; i < n; ++i) {
    const double h = heads[i].as<double>();
    if (!(h >= 1 && h <= enc::kMaxHeads) || h != static_cast<int>(h)) {
      throw aw::InputError("a head count must be a whole number from 1 to " + std::to_string(enc::kMaxHeads));
    }
    counts.push_back(static_cast<int>(h));
  }
  const enc::HeadsChangeReport r = enc::heads_change(pack, tokenizer, nfkc_text, counts);
  val out = val::object();
  out.set("trainedHeads", r.trained_heads);
  out.set("tokens", static_cast<int>(r.tokens));
  val rows = val::array();
  for (const auto& row : r.rows) {
    val item = val::object();
    item.set("heads", row.heads);
    item.set("sentenceCosine", row.sentence_cosine);
    val layers = val::array();
    for (const auto& l : row.layers) {
      val layer = val::object();
      val shape = val::object();
      shape.set("rows", static_cast<int>(l.qkv_kernel.rows));
      shape.set("cols", static_cast<int>(l.qkv_kernel.cols));
      layer.set("qkvKernel", shape);
      layer.set("width", static_cast<int>(l.width));
      layer.set("headWidth", static_cast<int>(l.head_width));
      layer.set("maxDifference", l.max_difference);
      layer.set("relativeDifference", l.relative_difference);
      layers.call<void>("push", layer);
    }
    item.set("layers", layers);
    rows.call<void>("push", item);
  }
  out.set("rows", rows);
  return out;
}

// Sentence vectors only, for many texts: (texts, 512) rows.
val vectors_to_js(const enc::EncoderPack& pack, const enc::UnigramTokenizer& tokenizer, const val& texts) {
  std::vector<std::string> nfkc_texts;
  for (unsigned i = 0, n = texts["length"].as<unsigned>(); i < n; ++i) nfkc_texts.push_back(texts[i].as<std::string>());
  const std::vector<enc::EncoderReport> reports = enc::encode_batch(pack, tokenizer, nfkc_texts);
  aw::MatF out(static_cast<long>(reports.size()), 512);
  for (std::size_t i = 0; i < reports.size(); ++i) out.row(static_cast<long>(i)) = reports[i].sentence_vector;
  return matrix_to_js(out);
}

// ---- the pack decoded on every call ----------------------------------------------------------
val encode_sentence(val pack_bytes, std::string nfkc_text) {
  return guarded([&] {
    const enc::EncoderPack pack = pack_from_js(pack_bytes);
    return encode_to_js(pack, enc::UnigramTokenizer(pack.vocabulary), nfkc_text);
  });
}

val compare_trained(val pack_bytes, val options) {
  return guarded([&] {
    const enc::EncoderPack pack = pack_from_js(pack_bytes);
    return compare_to_js(pack, enc::UnigramTokenizer(pack.vocabulary), options);
  });
}

val sentence_vectors(val pack_bytes, val texts) {
  return guarded([&] {
    const enc::EncoderPack pack = pack_from_js(pack_bytes);
    return vectors_to_js(pack, enc::UnigramTokenizer(pack.vocabulary), texts);
  });
}

// ---- the resident model ----------------------------------------------------------------------
// Made empty by its constructor, then filled by load(bytes), so a damaged pack is reported as a
// JS Error like every other call (embind constructors cannot go through guarded()).
class EncoderModel {
 public:
  val load(val pack_bytes, std::string products) {
    return guarded([&] {
      tokenizer_.reset();
      pack_ = pack_from_js(pack_bytes, products_from_js(products));
      tokenizer_ = std::make_unique<enc::UnigramTokenizer>(pack_.vocabulary);  // refers to pack_'s pieces
      return val(static_cast<double>(pack_.tensors.size() + pack_.int8_kernels.size()));
    });
  }
  val encodeSentence(std::string nfkc_text) const {
    return guarded([&] { return encode_to_js(pack_, loaded(), nfkc_text); });
  }
  val compareTrained(val options) const {
    return guarded([&] { return compare_to_js(pack_, loaded(), options); });
  }
  val headsChange(std::string nfkc_text, val heads) const {
    return guarded([&] { return heads_change_to_js(pack_, loaded(), nfkc_text, heads); });
  }
  val sentenceVectors(val texts) const {
    return guarded([&] { return vectors_to_js(pack_, loaded(), texts); });
  }
  // {pieces: string[], dim, vocabulary, wordStarts, data: Float32Array (pieces × dim)}: token-table rows first .. first + count − 1.
  val tokenTable(int first, int count) const {
    return guarded([&] {
      loaded();
      const enc::TokenTableRows rows = enc::token_table_rows(pack_, first, count);
      val out = val::object();
      out.set("pieces", strings_to_js(rows.pieces));
      out.set("dim", static_cast<int>(rows.rows.cols()));
      out.set("vocabulary", static_cast<double>(rows.vocabulary));
      out.set("wordStarts", static_cast<double>(rows.word_starts));
      out.set("data", typed_array(rows.rows.data(), static_cast<std::size_t>(rows.rows.size())));  // MatF is row-major
      return out;
    });
  }
  // {rows, cols, data: Float32Array}: words[i]'s last-layer output row in texts[i].
  val wordVectorsInContext(val texts, val words) const {
    return guarded([&] {
      const aw::MatF v = enc::word_vectors_in_context(pack_, loaded(), emscripten::vecFromJSArray<std::string>(texts),
                                                      emscripten::vecFromJSArray<std::string>(words));
      val out = val::object();
      out.set("rows", static_cast<int>(v.rows()));
      out.set("cols", static_cast<int>(v.cols()));
      out.set("data", typed_array(v.data(), static_cast<std::size_t>(v.size())));
      return out;
    });
  }

 private:
  const enc::UnigramTokenizer& loaded() const {
    if (!tokenizer_) throw aw::InputError("the trained model is not loaded");
    return *tokenizer_;
  }
  enc::EncoderPack pack_;
  std::unique_ptr<enc::UnigramTokenizer> tokenizer_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(aw_encoder) {
  emscripten::class_<EncoderModel>("EncoderModel")
      .constructor<>()
      .function("load", &EncoderModel::load)
      .function("encodeSentence", &EncoderModel::encodeSentence)
      .function("compareTrained", &EncoderModel::compareTrained)
      .function("headsChange", &EncoderModel::headsChange)
      .function("sentenceVectors", &EncoderModel::sentenceVectors)
      .function("tokenTable", &EncoderModel::tokenTable)
      .function("wordVectorsInContext", &EncoderModel::wordVectorsInContext);
  emscripten::function("sentenceVectors", &sentence_vectors);
  emscripten::function("encodeSentence", &encode_sentence);
  emscripten::function("compareTrained", &compare_trained);
}
