// embind surface of the trained encoder (core/encoder/): the pack's bytes and text in, plain
// objects and typed arrays out. The pack is decoded on every call, so no handle outlives a call;
// the JS wrapper keeps the bytes. Callers pass NFKC-normalised text (see unigram_tokenizer.hpp).
#include "core/encoder/compare.hpp"
#include "wasm/convert.hpp"

namespace {

using namespace aw_js;
namespace enc = aw::encoder;

enc::EncoderPack pack_from_js(const val& bytes) {
  if (!bytes.instanceof(val::global("Uint8Array"))) throw aw::InputError("the model pack must be a Uint8Array");
  const std::vector<std::uint8_t> data = emscripten::convertJSArrayToNumberVector<std::uint8_t>(bytes);
  return enc::read_pack(data.data(), data.size());
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

val encode_sentence(val pack_bytes, std::string nfkc_text) {
  return guarded([&] {
    const enc::EncoderPack pack = pack_from_js(pack_bytes);
    const enc::UnigramTokenizer tokenizer(pack.vocabulary);
    return report_to_js(enc::encode_sentence(pack, tokenizer, nfkc_text));
  });
}

val compare_trained(val pack_bytes, val options) {
  return guarded([&] {
    const enc::EncoderPack pack = pack_from_js(pack_bytes);
    const enc::UnigramTokenizer tokenizer(pack.vocabulary);
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
  });
}

// Sentence vectors only, for many texts with one decode of the pack: (texts, 512) rows.
val sentence_vectors(val pack_bytes, val texts) {
  return guarded([&] {
    const enc::EncoderPack pack = pack_from_js(pack_bytes);
    const enc::UnigramTokenizer tokenizer(pack.vocabulary);
    std::vector<std::string> nfkc_texts;
    for (unsigned i = 0, n = texts["length"].as<unsigned>(); i < n; ++i) nfkc_texts.push_back(texts[i].as<std::string>());
    const std::vector<enc::EncoderReport> reports = enc::encode_batch(pack, tokenizer, nfkc_texts);
    aw::MatF out(static_cast<long>(reports.size()), 512);
    for (std::size_t i = 0; i < reports.size(); ++i) out.row(static_cast<long>(i)) = reports[i].sentence_vector;
    return matrix_to_js(out);
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(aw_encoder) {
  emscripten::function("sentenceVectors", &sentence_vectors);
  emscripten::function("encodeSentence", &encode_sentence);
  emscripten::function("compareTrained", &compare_trained);
}
