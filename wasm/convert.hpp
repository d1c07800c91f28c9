// Conversions between JavaScript values and the core's types, shared by every bindings file.
// Plain objects and typed arrays cross the boundary; nothing here computes.
#pragma once
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/lessons/attention_kinds.hpp"
#include "core/lessons/bank_experiment.hpp"
#include "core/lessons/workbench.hpp"

namespace aw_js {

using emscripten::val;


// What a call that failed returns: {awCoreError: message}. The JS wrapper (checkedModule in
// web/src/core/attention-core.js) throws it there as an Error with the same message.
inline val core_error(const std::string& message) {
  val out = val::object();
  out.set("awCoreError", message);
  return out;
}

// Runs `body`; a C++ exception becomes core_error(its message), returned rather than thrown.
// A JS exception thrown from here would unwind the embind frames without running destructors:
// the call's arguments (emval handles) and the Error would never be freed, and the Error's stack
// keeps the calling view's closures and DOM alive (issue 20: detached nodes grew with every error).
template <typename Body>
val guarded(Body&& body) {
  try {
    return body();
  } catch (const std::exception& e) {
    return core_error(e.what());
  }
}

// ---- JS -> C++ ---------------------------------------------------------------------------
inline bool has(const val& object, const char* key) {
  return object.typeOf().as<std::string>() == "object" && !object[key].isUndefined() &&
         !object[key].isNull();
}

inline double number_field(const val& object, const char* key, double fallback) {
  if (!has(object, key)) return fallback;
  if (object[key].typeOf().as<std::string>() != "number") {
    throw aw::InputError(std::string("option '") + key + "' must be a number");
  }
  return object[key].as<double>();
}

inline int int_field(const val& object, const char* key, int fallback) {
  const double value = number_field(object, key, fallback);
  if (!std::isfinite(value) || value != std::floor(value)) {
    throw aw::InputError(std::string("option '") + key + "' must be a whole number");
  }
  if (value < -2147483648.0 || value > 2147483647.0) {
    throw aw::InputError(std::string("option '") + key + "' must be between -2147483648 and 2147483647");
  }
  return static_cast<int>(value);
}

inline bool bool_field(const val& object, const char* key, bool fallback) {
  return has(object, key) ? object[key].as<bool>() : fallback;
}

inline std::string string_field(const val& object, const char* key, const std::string& fallback) {
  if (!has(object, key)) return fallback;
  if (object[key].typeOf().as<std::string>() != "string") {
    throw aw::InputError(std::string("option '") + key + "' must be a string");
  }
  return object[key].as<std::string>();
}

// The length of an array or typed array as a whole number, or -1 when `data` has none (NaN,
// negative, fractional or past 2^53: a plain object can claim any length).
inline double array_length(const val& data) {
  const double length = data["length"].as<double>();
  return length >= 0 && length <= 9007199254740992.0 && length == std::floor(length) ? length : -1;
}

inline aw::MatD matrix_from_js(const val& m, const char* name) {
  if (!has(m, "data")) throw aw::InputError(std::string(name) + " must be {rows, cols, data}");
  const int rows = int_field(m, "rows", -1), cols = int_field(m, "cols", -1);
  const std::size_t values = aw::checked_value_count(rows, cols, name);
  // The length is compared before the copy: an array of the wrong size never reaches the heap.
  const double length = array_length(m["data"]);
  if (length < 0) throw aw::InputError(std::string(name) + ": data must be an array of numbers");
  if (length != static_cast<double>(values)) {
    throw aw::InputError(std::string(name) + ": data has " + std::to_string(static_cast<long long>(length)) +
                         " values, which does not match rows x cols");
  }
  const std::vector<double> data = emscripten::convertJSArrayToNumberVector<double>(m["data"]);
  // a getter may answer another length the second time: never map more than was copied
  if (data.size() != values) throw aw::InputError(std::string(name) + ": data changed its length while it was read");
  return Eigen::Map<const aw::MatD>(data.data(), rows, cols);
}

inline aw::RowVec<double> vector_from_js(const val& v) {
  const std::vector<double> data = emscripten::convertJSArrayToNumberVector<double>(v);
  return Eigen::Map<const aw::RowVec<double>>(data.data(), static_cast<long>(data.size()));
}

// ---- C++ -> JS ---------------------------------------------------------------------------
// A copy (slice) of the heap view, so the JS array survives later heap growth.
template <typename Scalar>
val typed_array(const Scalar* data, std::size_t n) {
  return val(emscripten::typed_memory_view(n, data)).call<val>("slice");
}

template <typename Derived>
val matrix_to_js(const Eigen::MatrixBase<Derived>& m) {
  const aw::MatD rowmajor = m.template cast<double>();
  val out = val::object();
  out.set("rows", static_cast<int>(rowmajor.rows()));
  out.set("cols", static_cast<int>(rowmajor.cols()));
  out.set("data", typed_array(rowmajor.data(), static_cast<std::size_t>(rowmajor.size())));
  return out;
}

// An Eigen vector (row or column, any scalar) as a Float64Array.
template <typename Vector>
val vector_to_js(const Vector& v) {
  const Eigen::VectorXd copy = v.transpose().template cast<double>();
  return typed_array(copy.data(), static_cast<std::size_t>(copy.size()));
}

// An optional number: the number, or null where the core left it undefined.
template <typename T>
val optional_to_js(const std::optional<T>& value) {
  return value ? val(*value) : val::null();
}

// A shape with the names of both axes: {rows, cols, rowAxis, colAxis}.
inline val shape_to_js(const aw::Shape& s) {
  val out = val::object();
  out.set("rows", static_cast<int>(s.rows));
  out.set("cols", static_cast<int>(s.cols));
  out.set("rowAxis", s.row_axis);
  out.set("colAxis", s.col_axis);
  return out;
}

inline val strings_to_js(const std::vector<std::string>& strings) {
  val out = val::array();
  for (const auto& s : strings) out.call<void>("push", s);
  return out;
}

// Words each followed by '\n' (core/text/word_list.hpp), the joined block, as one JS string
// without its last newline.
inline val joined_words_to_text(const std::string& joined) {
  if (joined.empty()) return val("");
  const auto bytes = emscripten::typed_memory_view(joined.size() - 1, reinterpret_cast<const unsigned char*>(joined.data()));
  return val::global("TextDecoder").new_(val("utf-8")).call<val>("decode", val(bytes));
}

// The same words as a JS array of strings: decoded and split in JS in two calls, where one call
// per word costs more than reading a large file's vectors.
inline val joined_words_to_js(const std::string& joined) {
  if (joined.empty()) return val::array();
  return joined_words_to_text(joined).call<val>("split", val("\n"));
}

inline val tokens_to_js(const std::vector<aw::Token>& tokens) {
  val out = val::array();
  for (const auto& t : tokens) {
    val token = val::object();
    token.set("text", t.text);
    token.set("key", t.key);
    out.call<void>("push", token);
  }
  return out;
}

inline val projected_to_js(const aw::ProjectedResult<double>& p) {
  val out = val::object();
  out.set("Q", matrix_to_js(p.Q));
  out.set("K", matrix_to_js(p.K));
  out.set("V", matrix_to_js(p.V));
  out.set("raw_scores", matrix_to_js(p.raw_scores));
  out.set("scores", matrix_to_js(p.scores));
  out.set("attn_weights", matrix_to_js(p.attn_weights));
  out.set("Y", matrix_to_js(p.Y));
  out.set("Y_literal", matrix_to_js(p.Y_literal));
  out.set("scale_divisor", p.scale_divisor);
  return out;
}

inline val param_free_to_js(const aw::ParamFreeResult<double>& p) {
  val out = val::object();
  out.set("divisor", p.divisor);
  out.set("S", matrix_to_js(p.scores));
  out.set("attn_weights", matrix_to_js(p.attn_weights));
  out.set("Y", matrix_to_js(p.Y));
  return out;
}

// One row of core/math/mixing.hpp; `other` is -1 and its numbers null when the row sees no other key.
inline val mixing_to_js(const std::vector<aw::RowMixing>& rows) {
  val out = val::array();
  for (const auto& m : rows) {
    val row = val::object();
    const bool other = m.other >= 0;
    row.set("row", static_cast<int>(m.row));
    row.set("selfWeight", m.self_weight);
    row.set("selfRawScore", m.self_raw_score);
    row.set("selfScore", m.self_score);
    row.set("other", static_cast<int>(m.other));
    row.set("otherRawScore", other ? val(m.other_raw_score) : val::null());
    row.set("otherScore", other ? val(m.other_score) : val::null());
    row.set("otherWeight", other ? val(m.other_weight) : val::null());
    row.set("logOdds", other ? val(m.log_odds) : val::null());
    row.set("weightElsewhere", m.weight_elsewhere);
    row.set("weightOnCopies", m.weight_on_copies);
    val copies = val::array();
    for (long j : m.copies) copies.call<void>("push", static_cast<int>(j));
    row.set("copies", copies);
    row.set("weightFromDifferent", m.weight_from_different);
    row.set("outputShift", m.output_shift);
    row.set("effectiveTokens", m.effective_tokens);
    row.set("topKey", static_cast<int>(m.top_key));
    row.set("topWeight", m.top_weight);
    out.call<void>("push", row);
  }
  return out;
}

// A row-major Float32Array of n × d numbers as a float matrix (a copy): points, a layout. `name`
// says what it is in the message ("the points", "the layout").
inline Eigen::MatrixXf points_from_js(const val& data, int n, int d, const char* name) {
  if (!data.instanceof(val::global("Float32Array"))) throw aw::InputError(std::string(name) + " must be a Float32Array");
  if (n < 0 || d < 0) throw aw::InputError("the number of points and their dimension cannot be negative");
  const double length = data["length"].as<double>();
  if (d < 1 || length != static_cast<double>(n) * d) {
    throw aw::InputError(std::string(name) + ": " + std::to_string(static_cast<long long>(length)) + " numbers, not " +
                         std::to_string(n) + " × " + std::to_string(d) + " (points × dimension)");
  }
  aw::MatF rows(n, d);  // row-major, as the array: one copy, straight from JS into it
  val(emscripten::typed_memory_view(static_cast<std::size_t>(rows.size()), rows.data())).call<void>("set", data);
  return rows;
}

// A float matrix as one row-major Float32Array.
inline val flat_to_js(const Eigen::MatrixXf& m) {
  const aw::MatF rowmajor = m;
  return typed_array(rowmajor.data(), static_cast<std::size_t>(rowmajor.size()));
}

// {name, words: string[], dim, data: Float32Array (words x dim, row-major), totalWords, knownTrained}:
// the rows of a pretrained table that a sentence needs (the page looks them up; the core does the
// rest), the size of the whole table and whether it is known to be trained (the bundled GloVe).
inline std::shared_ptr<const aw::PretrainedTable> pretrained_from_js(const val& p) {
  if (!has(p, "words") || !has(p, "data")) {
    throw aw::InputError("No word vectors are loaded: choose the GloVe subset or load a vector file.");
  }
  auto table = std::make_shared<aw::PretrainedTable>();
  table->name = string_field(p, "name", "the loaded vectors");
  table->words = emscripten::vecFromJSArray<std::string>(p["words"]);
  const int dim = int_field(p, "dim", 0);
  const std::vector<float> data = emscripten::convertJSArrayToNumberVector<float>(p["data"]);
  if (dim < 1 || data.size() != table->words.size() * static_cast<std::size_t>(dim)) {
    throw aw::InputError("pretrained: data has " + std::to_string(data.size()) +
                         " values, which does not match words x dim");
  }
  table->vectors = Eigen::Map<const aw::MatF>(data.data(), static_cast<long>(table->words.size()), dim).cast<double>();
  table->total_words = int_field(p, "totalWords", 0);
  table->known_trained = bool_field(p, "knownTrained", false);
  return table;
}

inline aw::WorkbenchOptions workbench_options(const val& o) {
  aw::WorkbenchOptions options;
  options.sentence = string_field(o, "sentence", options.sentence);
  if (has(o, "source")) {
    const std::string source = string_field(o, "source", "");
    if (source == "numpy") options.source = aw::Source::NumpyNotebook;
    else if (source == "torch") options.source = aw::Source::TorchNotebook;
    else if (source == "onehot") options.source = aw::Source::OneHot;
    else if (source == "pretrained") options.source = aw::Source::Pretrained;
    else throw aw::InputError("option 'source' must be \"numpy\", \"torch\", \"onehot\" or \"pretrained\"");
  }
  options.tie_widths = bool_field(o, "tieWidths", false);
  if (options.source == aw::Source::Pretrained) options.pretrained = pretrained_from_js(o["pretrained"]);
  if (has(o, "oov")) {
    const std::string oov = string_field(o, "oov", "zero");
    if (oov == "skip") options.oov_policy = aw::OovPolicy::Skip;
    else if (oov == "zero") options.oov_policy = aw::OovPolicy::Zero;
    else if (oov == "random") options.oov_policy = aw::OovPolicy::Random;
    else throw aw::InputError("option 'oov' must be \"skip\", \"zero\" or \"random\"");
  }
  options.d_model = int_field(o, "dModel", options.d_model);
  options.d_k = int_field(o, "dK", options.d_k);
  options.d_v = int_field(o, "dV", options.d_v);
  const int embed_seed = int_field(o, "embedSeed", 0), proj_seed = int_field(o, "projSeed", 1);
  if (embed_seed < 0 || proj_seed < 0) throw aw::InputError("seeds must be non-negative");
  options.embed_seed = static_cast<std::uint64_t>(embed_seed);
  options.proj_seed = static_cast<std::uint64_t>(proj_seed);
  options.scale = bool_field(o, "scale", options.scale);
  options.causal = bool_field(o, "causal", options.causal);
  options.max_tokens = int_field(o, "maxTokens", options.max_tokens);
  options.mha_heads = int_field(o, "mhaHeads", options.mha_heads);
  options.positional = bool_field(o, "positional", options.positional);
  options.window = int_field(o, "window", options.window);
  options.free_scale = bool_field(o, "freeScale", options.free_scale);
  options.unit_rows = bool_field(o, "unitRows", options.unit_rows);
  options.table_scale = number_field(o, "tableScale", options.table_scale);
  return options;
}

// `weights_of` / `weights_js`: another sentence of the same pair and its JS object. A pair shares
// its W matrices, so when they are equal the second sentence's W_q, W_k, W_v are the first's own
// arrays, not copies (at d_model 1024, 24 MB less per answer on the page and in the worker).
inline bool same_matrix(const aw::MatD& a, const aw::MatD& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() && a == b;
}
inline val workbench_report_to_js(const aw::WorkbenchReport& r, const aw::WorkbenchReport* weights_of = nullptr,
                                  val weights_js = val::undefined()) {
  const bool same_weights = weights_of && same_matrix(r.W_q, weights_of->W_q) &&
                            same_matrix(r.W_k, weights_of->W_k) && same_matrix(r.W_v, weights_of->W_v);
  val out = val::object();
  out.set("tokens", tokens_to_js(r.tokens));
  out.set("notices", strings_to_js(r.notices));
  val table = val::object();
  table.set("words", strings_to_js(r.table.words));
  table.set("added", strings_to_js(r.table.added));
  table.set("vectors", matrix_to_js(r.table.vectors));
  out.set("table", table);
  out.set("X", matrix_to_js(r.X));
  out.set("X_embed", matrix_to_js(r.X_embed));
  out.set("PE", r.PE.size() ? matrix_to_js(r.PE) : val::null());
  out.set("W_q", same_weights ? weights_js["W_q"] : matrix_to_js(r.W_q));
  out.set("W_k", same_weights ? weights_js["W_k"] : matrix_to_js(r.W_k));
  out.set("W_v", same_weights ? weights_js["W_v"] : matrix_to_js(r.W_v));
  out.set("projected", projected_to_js(r.projected));
  out.set("paramFree", param_free_to_js(r.param_free));
  out.set("paramFreeMixing", mixing_to_js(r.param_free_mixing));
  out.set("projectedMixing", mixing_to_js(r.projected_mixing));
  out.set("row_sums", typed_array(r.row_sums.data(), static_cast<std::size_t>(r.row_sums.size())));
  out.set("y1_manual", typed_array(r.y1_manual.data(), static_cast<std::size_t>(r.y1_manual.size())));
  out.set("y1_allclose", r.y1_allclose);
  val shapes = val::array();
  for (const auto& s : r.shapes) {
    val shape = shape_to_js(s.shape);
    shape.set("name", s.name);
    shapes.call<void>("push", shape);
  }
  out.set("shapes", shapes);
  out.set("sourceName", r.source_name);
  out.set("dModel", r.d_model);
  out.set("dK", r.d_k);
  out.set("dV", r.d_v);
  if (r.has_oov) {
    val oov = val::object();
    oov.set("policy", r.oov.policy);
    oov.set("missing", strings_to_js(r.oov.missing));
    oov.set("foundAsTyped", strings_to_js(r.oov.found_as_typed));
    oov.set("consequence", r.oov.consequence);
    oov.set("caseNote", r.oov.case_note);
    out.set("oov", oov);
  }
  if (r.has_mha) {
    val mha = val::object();
    mha.set("in_proj_weight", matrix_to_js(r.mha_in_proj_weight));
    mha.set("out_proj_weight", matrix_to_js(r.mha_out_proj_weight));
    mha.set("Q", matrix_to_js(r.mha.Q));
    mha.set("K", matrix_to_js(r.mha.K));
    mha.set("V", matrix_to_js(r.mha.V));
    val heads = val::array();
    for (std::size_t h = 0; h < r.mha.head_weights.size(); ++h) {
      val head = val::object();
      head.set("attn_weights", matrix_to_js(r.mha.head_weights[h]));
      head.set("output", matrix_to_js(r.mha.head_outputs[h]));
      heads.call<void>("push", head);
    }
    mha.set("heads", heads);
    mha.set("concat", matrix_to_js(r.mha.concat));
    mha.set("Y_mha", matrix_to_js(r.mha.output));
    mha.set("attn_weights_mha", matrix_to_js(r.mha.mean_weights));
    out.set("mha", mha);
  }
  return out;
}

inline val cosines_to_js(const std::vector<aw::NamedCosine>& cosines) {
  val out = val::array();
  for (const auto& c : cosines) {
    val item = val::object();
    item.set("name", c.name);
    item.set("description", c.description);
    item.set("value", optional_to_js(c.value));
    item.set("whyUndefined", c.why_undefined);
    out.call<void>("push", item);
  }
  return out;
}

// core/math/sense_control.hpp: {sameSense, differentSense, margin, requiredMargin, verdict}.
inline val sense_control_to_js(const aw::SenseControl& c) {
  val out = val::object();
  out.set("sameSense", optional_to_js(c.same_sense));
  out.set("differentSense", optional_to_js(c.different_sense));
  out.set("margin", optional_to_js(c.margin));
  out.set("requiredMargin", c.required_margin);
  out.set("verdict", c.verdict);
  return out;
}

}  // namespace aw_js
