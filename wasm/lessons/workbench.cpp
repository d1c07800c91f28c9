// embind surface of the Q/K/V workbench (core/lessons/workbench.hpp), the two-sentence bank
// experiment built on it (core/lessons/bank_experiment.hpp) and its kinds of attention
// (core/lessons/attention_kinds.hpp). Their conversions live in
// wasm/convert.hpp, which the flow's bindings share.
// Converts, calls the core, converts back; no logic. Every C++ exception becomes a JS Error
// with its message (guarded(), wasm/convert.hpp).
#include "core/lessons/qkv_chapter.hpp"
#include "wasm/convert.hpp"

namespace {

using namespace aw_js;

// ---- exported functions ------------------------------------------------------------------
val run_workbench(val options) {
  return guarded([&] { return workbench_report_to_js(aw::run_workbench(workbench_options(options))); });
}

// `first`: the first sentence's report already converted (the qkv chapter shares it), or undefined.
val bank_report_to_js(const aw::BankExperimentReport& r, val first = val::undefined()) {
  val out = val::object();
  if (first.isUndefined()) first = workbench_report_to_js(r.first);
  out.set("first", first);
  out.set("second", workbench_report_to_js(r.second, &r.first, first));  // the first's W, not a copy
  out.set("targetIndexFirst", static_cast<int>(r.target_index_first));
  out.set("targetIndexSecond", static_cast<int>(r.target_index_second));
  out.set("rawTargetVectorsEqual", r.raw_target_vectors_equal);
  out.set("contextualTargetChange", r.contextual_target_change ? val(*r.contextual_target_change) : val::null());
  out.set("cosines", cosines_to_js(r.cosines));
  out.set("contextualVsRawWords", cosines_to_js(r.contextual_vs_raw_words));
  out.set("contextualVsRawWordsSecond", cosines_to_js(r.contextual_vs_raw_words_second));
  if (r.has_control) {
    if (r.control) out.set("control", workbench_report_to_js(*r.control, &r.first, first));
    out.set("targetIndexControl", static_cast<int>(r.target_index_control));
    out.set("controlCosines", cosines_to_js(r.control_cosines));
    out.set("separation", sense_control_to_js(r.separation));
  }
  return out;
}

val run_bank_experiment(val options) {
  return guarded([&] {
    aw::BankExperimentOptions o;
    o.base = workbench_options(options);
    o.second_sentence = string_field(options, "sentence2", o.second_sentence);
    o.target = string_field(options, "target", o.target);
    if (has(options, "control")) o.control_sentence = string_field(options, "control", "");
    return bank_report_to_js(aw::run_bank_experiment(o));
  });
}

val numbers_to_js(const std::vector<double>& values) {
  return typed_array(values.data(), values.size());
}

val indices_to_js(const std::vector<long>& values) {
  val out = val::array();
  for (long v : values) out.call<void>("push", static_cast<int>(v));
  return out;
}

val matrices_to_js(const std::vector<aw::MatD>& matrices) {
  val out = val::array();
  for (const auto& m : matrices) out.call<void>("push", matrix_to_js(m));
  return out;
}

val heads_to_js(const aw::MultiHeadResult<double>& r) {
  val out = val::object();
  out.set("Q", matrix_to_js(r.Q));
  out.set("K", matrix_to_js(r.K));
  out.set("V", matrix_to_js(r.V));
  out.set("headWeights", matrices_to_js(r.head_weights));
  out.set("output", matrix_to_js(r.output));
  out.set("attn_weights", matrix_to_js(r.mean_weights));
  return out;
}

// `a`, `b`: the sentences' reports already converted (the qkv chapter shares its pair's), or undefined.
val kinds_report_to_js(const aw::AttentionKindsReport& r, val a = val::undefined(), val b = val::undefined()) {
  val out = val::object();
  if (a.isUndefined()) a = workbench_report_to_js(r.a);
  out.set("a", a);
  out.set("b", b.isUndefined() ? workbench_report_to_js(r.b, &r.a, a) : b);
  out.set("float32", r.float32);
  out.set("epsilon", r.epsilon);
  out.set("notices", strings_to_js(r.notices));
  val cross = val::object();
  cross.set("Q", matrix_to_js(r.cross.Q));
  cross.set("K", matrix_to_js(r.cross.K));
  cross.set("V", matrix_to_js(r.cross.V));
  cross.set("raw_scores", matrix_to_js(r.cross.raw_scores));
  cross.set("scores", matrix_to_js(r.cross.scores));
  cross.set("attn_weights", matrix_to_js(r.cross.attn_weights));
  cross.set("Y", matrix_to_js(r.cross.Y));
  cross.set("scale_divisor", r.cross.scale_divisor);
  out.set("cross", cross);
  val mha = val::object();
  mha.set("usesPageVectors", r.mha_uses_page_vectors);
  mha.set("heads", r.mha_heads);
  mha.set("X_a", matrix_to_js(r.mha_X_a));
  mha.set("X_b", matrix_to_js(r.mha_X_b));
  mha.set("self", heads_to_js(r.mha_self));
  mha.set("cross", heads_to_js(r.mha_cross));
  mha.set("keyValueError", r.mha_key_value_error);
  out.set("mha", mha);
  val batch = val::object();
  batch.set("nMax", static_cast<int>(r.batched.n_max));
  batch.set("lengths", indices_to_js(r.batched.lengths));
  batch.set("scores", matrices_to_js(r.batched.scores));
  batch.set("attn_weights", matrices_to_js(r.batched.attn_weights));
  batch.set("Y", matrices_to_js(r.batched.Y));
  out.set("batch", batch);
  val concat = val::object();
  concat.set("scores", matrix_to_js(r.concat_scores));
  concat.set("attn_weights", matrix_to_js(r.concat_weights));
  concat.set("Y", matrix_to_js(r.concat_Y));
  concat.set("maskedScores", matrix_to_js(r.masked_scores));
  concat.set("maskedWeights", matrix_to_js(r.masked_weights));
  concat.set("maskedY", matrix_to_js(r.masked_Y));
  concat.set("crossSharePlain", numbers_to_js(r.cross_share_plain));
  concat.set("crossShareMasked", numbers_to_js(r.cross_share_masked));
  concat.set("crossSharePlainMinRow", static_cast<int>(r.cross_share_plain_min_row));
  concat.set("crossSharePlainMaxRow", static_cast<int>(r.cross_share_plain_max_row));
  concat.set("crossShareMaskedMax", r.cross_share_masked_max);
  concat.set("maskedVsBatchedMaxDiff", r.masked_vs_batched_max_diff);
  concat.set("maskedVsBatchedRelative", r.masked_vs_batched_relative);
  concat.set("maskedWeightsVsBatchedMaxDiff", r.masked_weights_vs_batched_max_diff);
  concat.set("plainVsBatchedMaxDiff", r.plain_vs_batched_max_diff);
  out.set("concat", concat);
  val uniform = val::object();
  uniform.set("attn_weights", matrix_to_js(r.uniform.attn_weights));
  uniform.set("Y", matrix_to_js(r.uniform.Y));
  uniform.set("sum", vector_to_js(r.uniform.sum));
  uniform.set("rowSpread", r.uniform_row_spread);
  uniform.set("attentionRowSpread", r.attention_row_spread);
  out.set("uniform", uniform);
  val minMax = val::object();
  minMax.set("weights", matrix_to_js(r.min_max.weights));
  minMax.set("rowSums", vector_to_js(r.min_max.row_sums));
  minMax.set("minKey", indices_to_js(r.min_max.min_key));
  minMax.set("maxKey", indices_to_js(r.min_max.max_key));
  val constant = val::array();
  for (bool c : r.min_max.constant_row) constant.call<void>("push", c);
  minMax.set("constantRow", constant);
  out.set("minMax", minMax);
  val transpose = val::object();
  transpose.set("error", r.untransposed_error);
  transpose.set("hasShape", r.untransposed_has_shape);
  transpose.set("product", r.untransposed_has_shape ? matrix_to_js(r.untransposed_product) : val::null());
  out.set("transpose", transpose);
  return out;
}

val run_attention_kinds(val options) {
  return guarded([&] {
    aw::AttentionKindsOptions o;
    o.base = workbench_options(options);
    o.second_sentence = string_field(options, "sentence2", o.second_sentence);
    return kinds_report_to_js(aw::run_attention_kinds(o));
  });
}

// The soft lookup of each query row (core/math/soft_lookup.hpp).
val soft_lookup_to_js(const std::vector<aw::SoftLookupRow>& rows) {
  val out = val::array();
  for (const auto& r : rows) {
    val row = val::object();
    row.set("query", static_cast<int>(r.query));
    row.set("hardKey", static_cast<int>(r.hard_key));
    row.set("tiedKeys", static_cast<int>(r.tied_keys));
    row.set("topShare", r.top_share);
    row.set("hard", vector_to_js(r.hard));
    row.set("soft", vector_to_js(r.soft));
    row.set("distance", r.distance);
    row.set("relativeDistance", r.relative_distance);
    row.set("cosine", optional_to_js(r.cosine));
    row.set("factors", typed_array(r.factors.data(), r.factors.size()));
    row.set("sharpTopShare", typed_array(r.sharp_top_share.data(), r.sharp_top_share.size()));
    row.set("sharpRelativeDistance", typed_array(r.sharp_relative_distance.data(), r.sharp_relative_distance.size()));
    out.call<void>("push", row);
  }
  return out;
}

// The Q/K/V chapter in one call: {report, experiment, experimentError, kinds, kindsError, softLookup}.
// `report` is the chapter's sentence; experiment.first and (unmasked) kinds.a are that same object.
val run_qkv_chapter(val options) {
  return guarded([&] {
    aw::QkvChapterOptions o;
    o.base = workbench_options(options);
    o.second_sentence = string_field(options, "sentence2", o.second_sentence);
    o.target = string_field(options, "target", o.target);
    const aw::QkvChapterReport r = aw::run_qkv_chapter(o);
    val out = val::object();
    const val first = workbench_report_to_js(r.first());
    out.set("report", first);
    out.set("experiment", r.experiment ? bank_report_to_js(*r.experiment, first) : val::null());
    out.set("experimentError", r.experiment_error);
    val kinds = val::null();
    if (r.kinds) {
      const bool shared = r.kinds_share_pair && r.experiment;
      kinds = shared ? kinds_report_to_js(*r.kinds, first, out["experiment"]["second"]) : kinds_report_to_js(*r.kinds);
    }
    out.set("kinds", kinds);
    out.set("kindsError", r.kinds_error);
    out.set("softLookup", soft_lookup_to_js(r.soft_lookup));
    return out;
  });
}

// How many sentences the core has prepared since it started (core/lessons/workbench.hpp).
double sentences_computed() { return static_cast<double>(aw::sentences_computed()); }

}  // namespace

EMSCRIPTEN_BINDINGS(aw_lessons_workbench) {
  emscripten::function("runWorkbench", &run_workbench);
  emscripten::function("runBankExperiment", &run_bank_experiment);
  emscripten::function("runAttentionKinds", &run_attention_kinds);
  emscripten::function("runQkvChapter", &run_qkv_chapter);
  emscripten::function("sentencesComputed", &sentences_computed);
}
