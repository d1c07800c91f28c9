// embind surface of the syllabus chapters (1 IDs to vectors, 2 local context, 3 reweighting,
// 4 dot product and cosine, 8 multi-head). Converts, calls the core, converts back; no logic.
#include "core/lessons/heads_lab.hpp"
#include "core/lessons/local_window.hpp"
#include "core/lessons/representations.hpp"
#include "core/lessons/smoothing.hpp"
#include "core/lessons/vector_compare.hpp"
#include "wasm/convert.hpp"

namespace {

using namespace aw_js;

// ---- chapter 4 ---------------------------------------------------------------------------
val compare_vectors(val a, val b) {
  return guarded([&] {
    const aw::VectorComparison r = aw::compare_vectors(vector_from_js(a), vector_from_js(b));
    val out = val::object();
    out.set("a", vector_to_js(r.a));
    out.set("b", vector_to_js(r.b));
    out.set("products", typed_array(r.products.data(), r.products.size()));
    out.set("dot", r.dot);
    out.set("normA", r.norm_a);
    out.set("normB", r.norm_b);
    out.set("cosine", optional_to_js(r.cosine));
    out.set("angleDegrees", optional_to_js(r.angle_degrees));
    out.set("whyUndefined", r.why_undefined);
    out.set("aIsUnit", r.a_is_unit);
    out.set("bIsUnit", r.b_is_unit);
    out.set("dotEqualsCosine", r.dot_equals_cosine);
    out.set("unitA", r.unit_a ? vector_to_js(*r.unit_a) : val::null());
    out.set("unitB", r.unit_b ? vector_to_js(*r.unit_b) : val::null());
    out.set("dotWith2b", r.dot_with_2b);
    out.set("cosineWith2b", optional_to_js(r.cosine_with_2b));
    out.set("unitTolerance", aw::kUnitTolerance);
    return out;
  });
}

val parse_vector(std::string text, std::string name) {
  return guarded([&] { return vector_to_js(aw::parse_vector(text, name)); });
}

// ---- chapter 2 ---------------------------------------------------------------------------
val int_grid_to_js(const std::vector<std::vector<int>>& grid) {
  aw::MatD m(static_cast<long>(grid.size()), grid.empty() ? 0L : static_cast<long>(grid[0].size()));
  for (std::size_t i = 0; i < grid.size(); ++i)
    for (std::size_t j = 0; j < grid[i].size(); ++j) m(static_cast<long>(i), static_cast<long>(j)) = grid[i][j];
  return matrix_to_js(m);
}

val local_window(val o) {
  return guarded([&] {
    aw::LocalWindowOptions options;
    options.sentence = string_field(o, "sentence", options.sentence);
    options.radius = int_field(o, "radius", options.radius);
    const std::string direction = string_field(o, "direction", "both");
    if (direction == "both") options.direction = aw::WindowDirection::Both;
    else if (direction == "left") options.direction = aw::WindowDirection::Left;
    else if (direction == "right") options.direction = aw::WindowDirection::Right;
    else throw aw::InputError("option 'direction' must be \"both\", \"left\" or \"right\"");
    options.centre = int_field(o, "centre", options.centre);
    options.target = string_field(o, "target", "");
    options.max_tokens = int_field(o, "maxTokens", options.max_tokens);
    const aw::LocalWindowReport r = aw::local_window(options);
    val out = val::object();
    out.set("tokens", tokens_to_js(r.tokens));
    out.set("notices", strings_to_js(r.notices));
    out.set("radius", r.radius);
    out.set("windowPositions", r.window_positions);
    out.set("centre", r.centre);
    val reach = val::array();
    for (const auto& row : r.reach) {
      val positions = val::array();
      for (int j : row) positions.call<void>("push", j);
      reach.call<void>("push", positions);
    }
    out.set("reach", reach);
    out.set("covers", int_grid_to_js(r.covers));
    out.set("attention", int_grid_to_js(r.attention));
    out.set("targetIndex", r.target_index);
    out.set("distance", r.distance);
    out.set("windowReachesTarget", r.window_reaches_target);
    out.set("radiusNeeded", optional_to_js(r.radius_needed));
    out.set("attentionReachesTarget", r.attention_reaches_target);
    return out;
  });
}

// ---- chapter 3 ---------------------------------------------------------------------------
val doubles_to_js(const std::vector<double>& v) { return typed_array(v.data(), v.size()); }

val run_smoothing(val o) {
  return guarded([&] {
    aw::NoisySeriesOptions options;
    const int seed = int_field(o, "seed", 0);
    if (seed < 0) throw aw::InputError("The seed must be a non-negative whole number.");
    options.seed = static_cast<std::uint64_t>(seed);
    options.length = int_field(o, "length", options.length);
    options.period = number_field(o, "period", options.period);
    options.noise_scale = number_field(o, "noise", options.noise_scale);
    const aw::SmoothingReport r = aw::run_smoothing(options, number_field(o, "beta", 0.3));
    val out = val::object();
    out.set("t", doubles_to_js(r.series.t));
    out.set("signal", doubles_to_js(r.series.signal));
    out.set("x", doubles_to_js(r.series.x));
    out.set("s", doubles_to_js(r.smoothed));
    out.set("beta", r.beta);
    out.set("previousShare", r.previous_share);
    out.set("lastWeights", doubles_to_js(r.last_weights));
    out.set("weightSum", r.weight_sum);
    out.set("mseNoisy", r.mse_noisy);
    out.set("mseSmoothed", r.mse_smoothed);
    out.set("languageLag", r.language_lag);
    out.set("weightAtLanguageLag", r.weight_at_language_lag);
    out.set("weightNow", r.weight_now);
    return out;
  });
}

// ---- chapter 1 ---------------------------------------------------------------------------
val analyse_corpus(val o) {
  return guarded([&] {
    aw::CorpusOptions options;
    options.corpus = string_field(o, "corpus", options.corpus);
    options.focus = int_field(o, "focus", options.focus);
    options.word_a = string_field(o, "wordA", options.word_a);
    options.word_b = string_field(o, "wordB", options.word_b);
    const aw::CorpusReport r = aw::analyse_corpus(options);
    val out = val::object();
    val documents = val::array();
    for (const auto& tokens : r.documents) documents.call<void>("push", tokens_to_js(tokens));
    out.set("documents", documents);
    out.set("notices", strings_to_js(r.notices));
    out.set("vocabulary", strings_to_js(r.vocabulary));
    out.set("firstAppearance", strings_to_js(r.first_appearance));
    val ids = val::array();
    for (const auto& row : r.ids) {
      val list = val::array();
      for (int id : row) list.call<void>("push", id);
      ids.call<void>("push", list);
    }
    out.set("ids", ids);
    out.set("focus", r.focus);
    out.set("oneHot", matrix_to_js(r.one_hot));
    out.set("oneHotGram", matrix_to_js(r.one_hot_gram));
    out.set("counts", matrix_to_js(r.counts));
    val df = val::array();
    for (int v : r.document_frequency) df.call<void>("push", v);
    out.set("documentFrequency", df);
    out.set("idf", doubles_to_js(r.idf));
    out.set("tfidf", matrix_to_js(r.tfidf));
    out.set("tfidfCosine", matrix_to_js(r.tfidf_cosine));
    val same = val::array();
    for (const auto& [a, b] : r.same_counts) {
      val pair = val::array();
      pair.call<void>("push", a);
      pair.call<void>("push", b);
      same.call<void>("push", pair);
    }
    out.set("sameCounts", same);
    out.set("idASorted", optional_to_js(r.id_a_sorted));
    out.set("idBSorted", optional_to_js(r.id_b_sorted));
    out.set("idAFirst", optional_to_js(r.id_a_first));
    out.set("idBFirst", optional_to_js(r.id_b_first));
    out.set("gapSorted", optional_to_js(r.gap_sorted));
    out.set("gapFirst", optional_to_js(r.gap_first));
    out.set("oneHotDotAB", optional_to_js(r.one_hot_dot_ab));
    out.set("oneHotCosineAB", optional_to_js(r.one_hot_cosine_ab));
    return out;
  });
}

val representation_shapes(int vocabulary, int sequence, int width) {
  return guarded([&] {
    val out = val::array();
    for (const auto& s : aw::representation_shapes(vocabulary, sequence, width)) {
      val item = val::object();
      item.set("name", s.name);
      val shape = val::array();
      for (long n : s.shape) shape.call<void>("push", static_cast<double>(n));
      item.set("shape", shape);
      item.set("axes", s.axes);
      item.set("values", static_cast<double>(s.values));
      out.call<void>("push", item);
    }
    return out;
  });
}

// ---- chapter 8 ---------------------------------------------------------------------------
val batch_shape_to_js(const aw::BatchShape& shape) {
  val out = val::object();
  out.set("name", shape.name);
  val dims = val::array();
  for (long d : shape.dims) dims.call<void>("push", static_cast<double>(d));
  out.set("dims", dims);
  out.set("axes", shape.axes);
  return out;
}

val sentence_heads_to_js(const aw::SentenceHeads& s) {
  val out = val::object();
  out.set("tokens", tokens_to_js(s.tokens));
  out.set("X", matrix_to_js(s.X));
  out.set("Q", matrix_to_js(s.mha.Q));
  out.set("K", matrix_to_js(s.mha.K));
  out.set("V", matrix_to_js(s.mha.V));
  val heads = val::array();
  for (std::size_t h = 0; h < s.head_slices.size(); ++h) {
    val head = val::object();
    head.set("Q", matrix_to_js(s.head_slices[h].Q));
    head.set("K", matrix_to_js(s.head_slices[h].K));
    head.set("V", matrix_to_js(s.head_slices[h].V));
    head.set("attn_weights", matrix_to_js(s.mha.head_weights[h]));
    head.set("output", matrix_to_js(s.mha.head_outputs[h]));
    heads.call<void>("push", head);
  }
  out.set("heads", heads);
  out.set("concat", matrix_to_js(s.mha.concat));
  out.set("Y_mha", matrix_to_js(s.mha.output));
  out.set("attn_weights_mha", matrix_to_js(s.mha.mean_weights));
  val hand = val::object();
  hand.set("attn_weights", matrix_to_js(s.hand_written.attn_weights));
  hand.set("Y", matrix_to_js(s.hand_written.Y));
  out.set("handWritten", hand);
  val one = val::object();
  one.set("attn_weights", matrix_to_js(s.one_head.mean_weights));
  one.set("concat", matrix_to_js(s.one_head.concat));
  one.set("Y_mha", matrix_to_js(s.one_head.output));
  out.set("oneHead", one);
  out.set("oneHeadMatched", matrix_to_js(s.one_head_matched.output));
  out.set("diffHandVsOneHead", s.diff_hand_vs_one_head);
  out.set("diffHandVsMatched", s.diff_hand_vs_matched);
  out.set("diffOneHeadBeforeOutProj", s.diff_one_head_before_out_proj);
  return out;
}

val run_heads_lab(val o) {
  return guarded([&] {
    aw::HeadsLabOptions options;
    options.sentence1 = string_field(o, "sentence1", options.sentence1);
    options.sentence2 = string_field(o, "sentence2", options.sentence2);
    options.d_model = int_field(o, "dModel", options.d_model);
    options.heads = int_field(o, "heads", options.heads);
    const int seed = int_field(o, "seed", 0);
    if (seed < 0) throw aw::InputError("The seed must be a non-negative whole number.");
    options.seed = static_cast<std::uint64_t>(seed);
    options.max_tokens = int_field(o, "maxTokens", options.max_tokens);
    const aw::HeadsLabReport r = aw::run_heads_lab(options);
    val out = val::object();
    out.set("notices", strings_to_js(r.notices));
    out.set("dModel", r.d_model);
    out.set("heads", r.heads);
    out.set("headDim", r.head_dim);
    val divisors = val::array();
    for (int d : r.divisors) divisors.call<void>("push", d);
    out.set("divisors", divisors);
    out.set("featureLabels", strings_to_js(r.feature_labels));
    out.set("vocab", strings_to_js(r.vocab));
    out.set("in_proj_weight", matrix_to_js(r.in_proj_weight));
    out.set("out_proj_weight", matrix_to_js(r.out_proj_weight));
    out.set("W_q", matrix_to_js(r.W_q));
    out.set("W_k", matrix_to_js(r.W_k));
    out.set("W_v", matrix_to_js(r.W_v));
    val sentences = val::array();
    for (const auto& s : r.sentences) sentences.call<void>("push", sentence_heads_to_js(s));
    out.set("sentences", sentences);
    out.set("batchable", r.batchable);
    val shapes = val::array();
    for (const auto& shape : r.batch_shapes) shapes.call<void>("push", batch_shape_to_js(shape));
    out.set("batchShapes", shapes);
    out.set("wrongTranspose", r.batchable ? batch_shape_to_js(r.wrong_transpose) : val::null());
    out.set("paramsInProj", static_cast<double>(r.params_in_proj));
    out.set("paramsOutProj", static_cast<double>(r.params_out_proj));
    return out;
  });
}

val divisors_of(int n) {
  return guarded([&] {
    if (n < 1 || n > 100000) throw aw::InputError("d_model must be a positive whole number");
    val out = val::array();
    for (int d : aw::divisors_of(n)) out.call<void>("push", d);
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(aw_lessons_syllabus) {
  emscripten::function("compareVectors", &compare_vectors);
  emscripten::function("parseVector", &parse_vector);
  emscripten::function("localWindow", &local_window);
  emscripten::function("runSmoothing", &run_smoothing);
  emscripten::function("analyseCorpus", &analyse_corpus);
  emscripten::function("representationShapes", &representation_shapes);
  emscripten::function("runHeadsLab", &run_heads_lab);
  emscripten::function("divisorsOf", &divisors_of);
}
