// embind surface of the whiteboard flow (core/lessons/flow.hpp), its chapter in one call
// (core/lessons/flow_chapter.hpp), the four observations
// (core/lessons/observations.hpp) and the heads sketch (core/lessons/heads_sketch.hpp). Converts, calls the core, converts back; no logic.
#include "core/lessons/flow_chapter.hpp"
#include "wasm/convert.hpp"

namespace {

using namespace aw_js;

aw::FlowForm form_field(const val& o) {
  const std::string form = string_field(o, "form", "free");
  if (form == "free") return aw::FlowForm::ParamFree;
  if (form == "qkv") return aw::FlowForm::Projected;
  throw aw::InputError("option 'form' must be \"free\" (Class 04) or \"qkv\" (Class 05)");
}

aw::FlowOptions flow_options(const val& options) {
  aw::FlowOptions o;
  o.workbench = workbench_options(options);
  o.form = form_field(options);
  o.base = int_field(options, "base", 0);
  return o;
}

val flow_to_js(const aw::FlowReport& r) {
  val out = val::object();
  out.set("form", r.form == aw::FlowForm::ParamFree ? "free" : "qkv");
  out.set("base", static_cast<int>(r.base));
  out.set("workbench", workbench_report_to_js(r.workbench));
  out.set("xBase", vector_to_js(r.x_base));
  out.set("query", vector_to_js(r.query));
  out.set("keys", matrix_to_js(r.keys));
  out.set("values", matrix_to_js(r.values));
  out.set("products", matrix_to_js(r.products));
  out.set("rawScores", vector_to_js(r.raw_scores));
  out.set("divisor", r.divisor);
  out.set("scores", vector_to_js(r.scores));
  out.set("masked", strings_to_js(r.masked));
  out.set("rowMax", r.row_max);
  out.set("expTerms", vector_to_js(r.exp_terms));
  out.set("expSum", r.exp_sum);
  out.set("weights", vector_to_js(r.weights));
  out.set("weightSum", r.weight_sum);
  out.set("scaledValues", matrix_to_js(r.scaled_values));
  out.set("partialSums", matrix_to_js(r.partial_sums));
  out.set("y", vector_to_js(r.y));
  out.set("yCore", vector_to_js(r.y_core));
  out.set("maxDeviation", r.max_deviation);
  out.set("rawScoresColumn", vector_to_js(r.raw_scores_column));
  out.set("weightsColumn", vector_to_js(r.weights_column));
  out.set("scoreAsymmetry", r.score_asymmetry);
  out.set("weightAsymmetry", r.weight_asymmetry);
  return out;
}

val run_flow(val options) {
  return guarded([&] { return flow_to_js(aw::run_flow(flow_options(options))); });
}

val shuffle_to_js(const aw::ShuffleReport& r) {
  val out = val::object();
  val perm = val::array();
  for (long p : r.permutation) perm.call<void>("push", static_cast<int>(p));
  out.set("permutation", perm);
  out.set("tokens", tokens_to_js(r.tokens));
  out.set("shuffledTokens", tokens_to_js(r.shuffled_tokens));
  out.set("Y", matrix_to_js(r.Y));
  out.set("Y_shuffled", matrix_to_js(r.Y_shuffled));
  out.set("PY", matrix_to_js(r.PY));
  out.set("maxDeviation", r.max_deviation);
  out.set("maxDeviationWithoutPE", r.max_deviation_without_pe);
  out.set("maxDeviationWithPE", r.max_deviation_with_pe);
  out.set("equivariant", r.equivariant);
  return out;
}

val shuffle_experiment(val options) {
  return guarded([&] {
    std::vector<long> permutation;
    if (has(options, "permutation")) {
      for (double p : emscripten::convertJSArrayToNumberVector<double>(options["permutation"])) {
        permutation.push_back(static_cast<long>(p));
      }
    }
    const int seed = int_field(options, "shuffleSeed", 0);
    if (seed < 0) throw aw::InputError("the shuffle seed must be non-negative");
    return shuffle_to_js(aw::shuffle_experiment(workbench_options(options), form_field(options), permutation,
                                                static_cast<std::uint64_t>(seed)));
  });
}

val distance_to_js(const aw::DistanceReport& r) {
  val out = val::object();
  out.set("base", static_cast<int>(r.base));
  out.set("other", static_cast<int>(r.other));
  val points = val::array();
  for (const auto& p : r.points) {
    val point = val::object();
    point.set("position", static_cast<int>(p.position));
    point.set("basePosition", static_cast<int>(p.base_position));
    point.set("distance", static_cast<int>(p.distance));
    point.set("rawScore", p.raw_score);
    point.set("masked", p.masked);
    point.set("weight", p.weight);
    points.call<void>("push", point);
  }
  out.set("points", points);
  out.set("rawScoreSpread", r.raw_score_spread);
  out.set("weightSpread", r.weight_spread);
  out.set("maskedCount", static_cast<int>(r.masked_count));
  out.set("distanceFree", r.distance_free);
  out.set("scoresMove", r.scores_move);
  return out;
}

val distance_experiment(val options) {
  return guarded([&] {
    return distance_to_js(aw::distance_experiment(workbench_options(options), form_field(options),
                                                  int_field(options, "base", 0), int_field(options, "other", 1)));
  });
}

val length_to_js(const aw::LengthReport& r) {
  val out = val::object();
  val points = val::array();
  for (const auto& p : r.points) {
    val point = val::object();
    point.set("tokens", static_cast<int>(p.tokens));
    point.set("X", shape_to_js(p.X));
    point.set("scores", shape_to_js(p.scores));
    point.set("attn_weights", shape_to_js(p.attn_weights));
    point.set("Y", shape_to_js(p.Y));
    point.set("maxRowSumError", p.max_row_sum_error);
    points.call<void>("push", point);
  }
  out.set("points", points);
  out.set("parameterCount", static_cast<int>(r.parameter_count));
  return out;
}

val length_experiment(val options) {
  return guarded([&] { return length_to_js(aw::length_experiment(workbench_options(options), form_field(options))); });
}

val training_to_js(const aw::TrainingReport& r) {
  val out = val::object();
  val matrices = val::array();
  for (const auto& m : r.matrices) {
    val item = val::object();
    item.set("name", m.name);
    item.set("shape", shape_to_js(m.shape));
    item.set("role", m.role);
    item.set("isParameter", m.is_parameter);
    item.set("trained", m.trained);
    item.set("origin", m.origin);
    item.set("count", static_cast<int>(m.count));
    matrices.call<void>("push", item);
  }
  out.set("matrices", matrices);
  out.set("parameterCount", static_cast<int>(r.parameter_count));
  out.set("trainedCount", static_cast<int>(r.trained_count));
  out.set("gradientSteps", static_cast<int>(r.gradient_steps));
  return out;
}

val training_report(val options) {
  return guarded([&] { return training_to_js(aw::training_report(workbench_options(options), form_field(options))); });
}

val heads_sketch_to_js(const aw::HeadsSketch& s) {
  val out = val::object();
  out.set("heads", s.heads);
  out.set("headDim", static_cast<int>(s.head_dim));
  out.set("base", static_cast<int>(s.base));
  out.set("divisor", s.divisor);
  val heads = val::array();
  for (std::size_t h = 0; h < s.head_weights.size(); ++h) {
    val head = val::object();
    head.set("attn_weights", matrix_to_js(s.head_weights[h]));
    head.set("baseWeights", vector_to_js(s.base_weights[h]));
    head.set("baseOutput", vector_to_js(s.base_outputs[h]));
    heads.call<void>("push", head);
  }
  out.set("perHead", heads);
  out.set("concat", matrix_to_js(s.concat));
  out.set("concatBase", vector_to_js(s.concat_base));
  return out;
}

val heads_sketch(val options) {
  return guarded([&] {
    return heads_sketch_to_js(aw::heads_sketch(workbench_options(options), int_field(options, "heads", 4),
                                               int_field(options, "base", 0)));
  });
}

// {checks: [{name, maxDifference, relative}], weightsRowSumDouble, tokens, reversedDiffers}
val linearity_to_js(const aw::LinearityReport& r) {
  val out = val::object();
  val checks = val::array();
  for (const auto& c : r.checks) {
    val check = val::object();
    check.set("name", c.name);
    check.set("maxDifference", c.max_difference);
    check.set("relative", c.relative);
    checks.call<void>("push", check);
  }
  out.set("checks", checks);
  out.set("weightsRowSumDouble", r.weights_row_sum_double);
  out.set("tokens", static_cast<int>(r.tokens));
  out.set("reversedDiffers", r.reversed_differs);
  return out;
}

// {form, tokens, rows: [{row, y, maxDifference, identical}], maxDifference, maxRelative, identicalRows,
//  stages: [{name, needs, numbersRead}], base, other, otherInputEffect, otherMasked}
val parallel_to_js(const aw::ParallelRowsReport& r) {
  val out = val::object();
  out.set("form", r.form == aw::FlowForm::ParamFree ? "free" : "qkv");
  out.set("tokens", static_cast<int>(r.tokens));
  val rows = val::array();
  for (const auto& row : r.rows) {
    val item = val::object();
    item.set("row", static_cast<int>(row.row));
    item.set("y", vector_to_js(row.y));
    item.set("maxDifference", row.max_difference);
    item.set("identical", row.identical);
    rows.call<void>("push", item);
  }
  out.set("rows", rows);
  out.set("maxDifference", r.max_difference);
  out.set("maxRelative", r.max_relative);
  out.set("identicalRows", static_cast<int>(r.identical_rows));
  val stages = val::array();
  for (const auto& st : r.stages) {
    val item = val::object();
    item.set("name", st.name);
    item.set("needs", st.needs);
    item.set("numbersRead", static_cast<double>(st.numbers_read));
    stages.call<void>("push", item);
  }
  out.set("stages", stages);
  out.set("base", static_cast<int>(r.base));
  out.set("other", static_cast<int>(r.other));
  out.set("otherInputEffect", r.other_input_effect);
  out.set("otherMasked", r.other_masked);
  return out;
}

// The flow chapter in one call (core/lessons/flow_chapter.hpp): {flow, shuffle, distance (null
// with one token), length, training, trainingQkv, heads, headsSketch (null), headsError,
// linearity, parallel}.
val run_flow_chapter(val options) {
  return guarded([&] {
    aw::FlowChapterOptions o;
    o.flow = flow_options(options);
    const int seed = int_field(options, "shuffleSeed", 1);
    if (seed < 0) throw aw::InputError("the shuffle seed must be non-negative");
    o.shuffle_seed = static_cast<std::uint64_t>(seed);
    o.distance_other = int_field(options, "other", -1);
    o.heads = int_field(options, "heads", 4);
    const aw::FlowChapterReport r = aw::run_flow_chapter(o);
    val out = val::object();
    out.set("flow", flow_to_js(r.flow));
    out.set("shuffle", shuffle_to_js(r.shuffle));
    out.set("distance", r.distance ? distance_to_js(*r.distance) : val::null());
    out.set("length", length_to_js(r.length));
    out.set("training", training_to_js(r.training));
    out.set("trainingQkv", training_to_js(r.training_qkv));
    out.set("heads", r.heads);
    out.set("headsSketch", r.heads_sketch ? heads_sketch_to_js(*r.heads_sketch) : val::null());
    out.set("headsError", r.heads_error);
    out.set("linearity", linearity_to_js(r.linearity));
    out.set("parallel", parallel_to_js(r.parallel));
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(aw_lessons_flow) {
  emscripten::function("runFlow", &run_flow);
  emscripten::function("shuffleExperiment", &shuffle_experiment);
  emscripten::function("distanceExperiment", &distance_experiment);
  emscripten::function("lengthExperiment", &length_experiment);
  emscripten::function("trainingReport", &training_report);
  emscripten::function("headsSketch", &heads_sketch);
  emscripten::function("runFlowChapter", &run_flow_chapter);
}
