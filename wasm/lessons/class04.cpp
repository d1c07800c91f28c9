// embind surface of Class 04's extra panels (issue 34): what the classic word-vector methods read
// as context (chapter 1), the questions a sentence can answer and other data as tokens (chapter
// 2). Converts, calls the core, converts back; no logic.
#include "core/lessons/context_questions.hpp"
#include "core/lessons/modality_tokens.hpp"
#include "core/lessons/word_contexts.hpp"
#include "wasm/convert.hpp"

namespace {

using namespace aw_js;

val ints_to_js(const std::vector<int>& v) {
  val out = val::array();
  for (int x : v) out.call<void>("push", x);
  return out;
}

val run_word_contexts(val o) {
  return guarded([&] {
    aw::WordContextsOptions options;
    options.corpus = string_field(o, "corpus", options.corpus);
    options.word = string_field(o, "word", options.word);
    options.window = int_field(o, "window", options.window);
    options.ngram = int_field(o, "ngram", options.ngram);
    const aw::WordContextsReport r = aw::word_contexts(options);
    val out = val::object();
    out.set("word", r.word);
    out.set("window", r.window);
    out.set("ngram", r.ngram);
    out.set("vocabulary", strings_to_js(r.vocabulary));
    out.set("occurrences", r.occurrences);
    val cbow = val::array();
    for (const auto& e : r.cbow) {
      val x = val::object();
      x.set("document", e.document);
      x.set("position", e.position);
      x.set("context", strings_to_js(e.context));
      x.set("target", e.target);
      cbow.call<void>("push", x);
    }
    out.set("cbow", cbow);
    val skip = val::array();
    for (const auto& p : r.skipgram) {
      val x = val::object();
      x.set("document", p.document);
      x.set("position", p.position);
      x.set("target", p.target);
      x.set("context", p.context);
      x.set("offset", p.offset);
      skip.call<void>("push", x);
    }
    out.set("skipgram", skip);
    out.set("cooccurrenceCounts", typed_array(r.cooccurrence_counts.data(), r.cooccurrence_counts.size()));
    out.set("cooccurrenceWeighted", typed_array(r.cooccurrence_weighted.data(), r.cooccurrence_weighted.size()));
    out.set("bracketed", r.bracketed);
    out.set("charNgrams", strings_to_js(r.char_ngrams));
    val elmo = val::array();
    for (const auto& e : r.elmo) {
      val x = val::object();
      x.set("document", e.document);
      x.set("position", e.position);
      x.set("left", strings_to_js(e.left));
      x.set("right", strings_to_js(e.right));
      elmo.call<void>("push", x);
    }
    out.set("elmo", elmo);
    out.set("distinctContexts", r.distinct_contexts);
    return out;
  });
}

val pairs_to_js(const aw::AllPairsCheck& c) {
  val out = val::object();
  out.set("oneProduct", matrix_to_js(c.one_product));
  out.set("pairByPair", matrix_to_js(c.pair_by_pair));
  out.set("maxDifference", c.max_difference);
  out.set("dotProducts", static_cast<double>(c.dot_products));
  out.set("macs", static_cast<double>(c.macs));
  return out;
}

val run_context_questions(val o) {
  return guarded([&] {
    aw::ContextQuestionsOptions options;
    options.workbench = workbench_options(o);
    options.centre = int_field(o, "centre", options.centre);
    const aw::ContextQuestionsReport r = aw::context_questions(options);
    val out = val::object();
    out.set("tokens", tokens_to_js(r.tokens));
    out.set("notices", strings_to_js(r.notices));
    out.set("centre", r.centre);
    out.set("attentionRow", typed_array(r.attention_row.data(), r.attention_row.size()));
    out.set("rowSum", r.row_sum);
    val questions = val::array();
    for (const auto& q : r.questions) {
      val x = val::object();
      x.set("question", q.question);
      x.set("needs", q.needs);
      x.set("answer", ints_to_js(q.answer));
      x.set("cue", q.cue);
      x.set("weight", q.weight);
      questions.call<void>("push", x);
    }
    out.set("questions", questions);
    out.set("answeredWeight", r.answered_weight);
    out.set("sourceName", r.source_name);
    out.set("dModel", r.d_model);
    out.set("dK", r.d_k);
    out.set("pairs", pairs_to_js(r.pairs));
    return out;
  });
}

val run_modality_tokens(val o) {
  return guarded([&] {
    aw::ModalityOptions options;
    const auto whole = [&](const char* key, long fallback) { return static_cast<long>(int_field(o, key, static_cast<int>(fallback))); };
    options.image_height = whole("imageHeight", options.image_height);
    options.image_width = whole("imageWidth", options.image_width);
    options.patch = whole("patch", options.patch);
    options.channels = whole("channels", options.channels);
    options.audio_seconds = number_field(o, "audioSeconds", options.audio_seconds);
    options.sample_rate = number_field(o, "sampleRate", options.sample_rate);
    options.frame_ms = number_field(o, "frameMs", options.frame_ms);
    options.hop_ms = number_field(o, "hopMs", options.hop_ms);
    options.text_tokens = whole("textTokens", options.text_tokens);
    options.width = whole("width", options.width);
    const aw::ModalityReport r = aw::modality_tokens(options);
    val out = val::object();
    val counts = val::array();
    for (const auto& c : r.counts) {
      val x = val::object();
      x.set("name", c.name);
      x.set("tokens", static_cast<double>(c.tokens));
      x.set("perToken", static_cast<double>(c.per_token));
      x.set("leftOver", static_cast<double>(c.left_over));
      x.set("pairs", static_cast<double>(c.pairs));
      x.set("scoreMacs", static_cast<double>(c.score_macs));
      x.set("weightedMacs", static_cast<double>(c.weighted_macs));
      x.set("projectionMacs", static_cast<double>(c.projection_macs));
      x.set("recurrentSteps", static_cast<double>(c.recurrent_steps));
      counts.call<void>("push", x);
    }
    out.set("counts", counts);
    out.set("patchesDown", static_cast<double>(r.patches_down));
    out.set("patchesAcross", static_cast<double>(r.patches_across));
    out.set("frameSamples", static_cast<double>(r.frame_samples));
    out.set("hopSamples", static_cast<double>(r.hop_samples));
    out.set("audioSamples", static_cast<double>(r.audio_samples));
    out.set("width", static_cast<double>(r.width));
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(aw_lessons_class04) {
  emscripten::function("wordContexts", &run_word_contexts);
  emscripten::function("contextQuestions", &run_context_questions);
  emscripten::function("modalityTokens", &run_modality_tokens);
}
