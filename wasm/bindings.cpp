// embind surface of the core: plain JS objects and typed arrays in, the same out.
// No logic lives here: each function converts, calls the core, converts back, and turns any
// C++ exception into a JavaScript Error carrying the message.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "core/bank_experiment.hpp"
#include "core/explain.hpp"
#include "core/kernel.hpp"
#include "core/similarity.hpp"
#include "core/workbench.hpp"

using emscripten::val;

namespace {

// Runs `body`; a C++ exception becomes a thrown JS Error with the same message.
template <typename Body>
val guarded(Body&& body) {
  try {
    return body();
  } catch (const std::exception& e) {
    val::global("Error").new_(std::string(e.what())).throw_();
  }
  return val::undefined();  // not reached: throw_() does not return
}

// ---- JS -> C++ ---------------------------------------------------------------------------
bool has(const val& object, const char* key) {
  return object.typeOf().as<std::string>() == "object" && !object[key].isUndefined() &&
         !object[key].isNull();
}

double number_field(const val& object, const char* key, double fallback) {
  if (!has(object, key)) return fallback;
  if (object[key].typeOf().as<std::string>() != "number") {
    throw aw::InputError(std::string("option '") + key + "' must be a number");
  }
  return object[key].as<double>();
}

int int_field(const val& object, const char* key, int fallback) {
  const double value = number_field(object, key, fallback);
  if (value != static_cast<double>(static_cast<long long>(value)) || value < -2147483648.0 ||
      value > 2147483647.0) {
    throw aw::InputError(std::string("option '") + key + "' must be a whole number");
  }
  return static_cast<int>(value);
}

bool bool_field(const val& object, const char* key, bool fallback) {
  return has(object, key) ? object[key].as<bool>() : fallback;
}

aw::MatD matrix_from_js(const val& m, const char* name) {
  if (!has(m, "data")) throw aw::InputError(std::string(name) + " must be {rows, cols, data}");
  const int rows = int_field(m, "rows", -1), cols = int_field(m, "cols", -1);
  const std::vector<double> data = emscripten::convertJSArrayToNumberVector<double>(m["data"]);
  if (rows < 0 || cols < 0 || data.size() != static_cast<std::size_t>(rows) * cols) {
    throw aw::InputError(std::string(name) + ": data has " + std::to_string(data.size()) +
                         " values, which does not match rows x cols");
  }
  return Eigen::Map<const aw::MatD>(data.data(), rows, cols);
}

aw::RowVec<double> vector_from_js(const val& v) {
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

val strings_to_js(const std::vector<std::string>& strings) {
  val out = val::array();
  for (const auto& s : strings) out.call<void>("push", s);
  return out;
}

val tokens_to_js(const std::vector<aw::Token>& tokens) {
  val out = val::array();
  for (const auto& t : tokens) {
    val token = val::object();
    token.set("text", t.text);
    token.set("key", t.key);
    out.call<void>("push", token);
  }
  return out;
}

val projected_to_js(const aw::ProjectedResult<double>& p) {
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

val param_free_to_js(const aw::ParamFreeResult<double>& p) {
  val out = val::object();
  out.set("S", matrix_to_js(p.scores));
  out.set("attn_weights", matrix_to_js(p.attn_weights));
  out.set("Y", matrix_to_js(p.Y));
  return out;
}

aw::WorkbenchOptions workbench_options(const val& o) {
  aw::WorkbenchOptions options;
  if (has(o, "sentence")) {
    if (o["sentence"].typeOf().as<std::string>() != "string") {
      throw aw::InputError("option 'sentence' must be a string");
    }
    options.sentence = o["sentence"].as<std::string>();
  }
  if (has(o, "source")) {
    const std::string source = o["source"].as<std::string>();
    if (source == "numpy") options.source = aw::Source::NumpyNotebook;
    else if (source == "torch") options.source = aw::Source::TorchNotebook;
    else throw aw::InputError("option 'source' must be \"numpy\" or \"torch\"");
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
  return options;
}

val workbench_report_to_js(const aw::WorkbenchReport& r) {
  val out = val::object();
  out.set("tokens", tokens_to_js(r.tokens));
  out.set("notices", strings_to_js(r.notices));
  val table = val::object();
  table.set("words", strings_to_js(r.table.words));
  table.set("added", strings_to_js(r.table.added));
  table.set("vectors", matrix_to_js(r.table.vectors));
  out.set("table", table);
  out.set("X", matrix_to_js(r.X));
  out.set("W_q", matrix_to_js(r.W_q));
  out.set("W_k", matrix_to_js(r.W_k));
  out.set("W_v", matrix_to_js(r.W_v));
  out.set("projected", projected_to_js(r.projected));
  out.set("paramFree", param_free_to_js(r.param_free));
  out.set("row_sums", typed_array(r.row_sums.data(), static_cast<std::size_t>(r.row_sums.size())));
  out.set("y1_manual", typed_array(r.y1_manual.data(), static_cast<std::size_t>(r.y1_manual.size())));
  out.set("y1_allclose", r.y1_allclose);
  val shapes = val::array();
  for (const auto& s : r.shapes) {
    val shape = val::object();
    shape.set("name", s.name);
    shape.set("rows", static_cast<int>(s.shape.rows));
    shape.set("cols", static_cast<int>(s.shape.cols));
    shape.set("rowAxis", s.shape.row_axis);
    shape.set("colAxis", s.shape.col_axis);
    shapes.call<void>("push", shape);
  }
  out.set("shapes", shapes);
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

val cosines_to_js(const std::vector<aw::NamedCosine>& cosines) {
  val out = val::array();
  for (const auto& c : cosines) {
    val item = val::object();
    item.set("name", c.name);
    item.set("description", c.description);
    item.set("value", c.value ? val(*c.value) : val::null());
    item.set("whyUndefined", c.why_undefined);
    out.call<void>("push", item);
  }
  return out;
}

// ---- exported functions ------------------------------------------------------------------
val run_workbench(val options) {
  return guarded([&] { return workbench_report_to_js(aw::run_workbench(workbench_options(options))); });
}

val run_bank_experiment(val options) {
  return guarded([&] {
    aw::BankExperimentOptions o;
    o.base = workbench_options(options);
    if (has(options, "sentence2")) o.second_sentence = options["sentence2"].as<std::string>();
    if (has(options, "target")) o.target = options["target"].as<std::string>();
    const aw::BankExperimentReport r = aw::run_bank_experiment(o);
    val out = val::object();
    out.set("first", workbench_report_to_js(r.first));
    out.set("second", workbench_report_to_js(r.second));
    out.set("targetIndexFirst", static_cast<int>(r.target_index_first));
    out.set("targetIndexSecond", static_cast<int>(r.target_index_second));
    out.set("rawTargetVectorsEqual", r.raw_target_vectors_equal);
    out.set("cosines", cosines_to_js(r.cosines));
    out.set("contextualVsRawWords", cosines_to_js(r.contextual_vs_raw_words));
    return out;
  });
}

val parameter_free(val X, bool causal) {
  return guarded([&] { return param_free_to_js(aw::parameter_free_attention(matrix_from_js(X, "X"), causal)); });
}

val projected(val X, val W_q, val W_k, val W_v, val options) {
  return guarded([&] {
    const aw::AttentionOptions attention_options{bool_field(options, "scale", true),
                                                 bool_field(options, "causal", false)};
    return projected_to_js(aw::projected_attention(
        matrix_from_js(X, "X"), matrix_from_js(W_q, "W_q"), matrix_from_js(W_k, "W_k"),
        matrix_from_js(W_v, "W_v"), attention_options));
  });
}

val softmax_rows(val scores) {
  return guarded([&] { return matrix_to_js(aw::row_softmax(matrix_from_js(scores, "scores"))); });
}

val cosine(val a, val b) {
  return guarded([&] { return val(aw::cosine(vector_from_js(a), vector_from_js(b))); });
}

val dot(val a, val b) {
  return guarded([&] { return val(aw::dot(vector_from_js(a), vector_from_js(b))); });
}

val tokenize(std::string sentence, int max_tokens) {
  return guarded([&] {
    if (max_tokens < 1) throw aw::InputError("maxTokens must be at least 1");
    const aw::Tokenized t = aw::tokenize(sentence, static_cast<std::size_t>(max_tokens));
    val out = val::object();
    out.set("tokens", tokens_to_js(t.tokens));
    out.set("wordsFound", static_cast<int>(t.words_found));
    out.set("notices", strings_to_js(t.notices));
    return out;
  });
}

// Float32 kernel for the benchmark: Q, K, V are (n, d) row-major Float32Arrays.
val attention_kernel_f32(val q, val k, val v, int n, int d) {
  return guarded([&] {
    const auto to_mat = [&](const val& array) {
      const std::vector<float> data = emscripten::convertJSArrayToNumberVector<float>(array);
      if (data.size() != static_cast<std::size_t>(n) * d) throw aw::InputError("kernel: size mismatch");
      return aw::MatF(Eigen::Map<const aw::MatF>(data.data(), n, d));
    };
    const aw::MatF Y = aw::attention_kernel(to_mat(q), to_mat(k), to_mat(v));
    return typed_array(Y.data(), static_cast<std::size_t>(Y.size()));
  });
}

val explain_weight(val Q, val K, int i, int j, val options) {
  return guarded([&] {
    const aw::AttentionOptions attention_options{bool_field(options, "scale", true),
                                                 bool_field(options, "causal", false)};
    const aw::WeightExplanation e = aw::explain_weight(matrix_from_js(Q, "Q"), matrix_from_js(K, "K"),
                                                       i, j, attention_options);
    val out = val::object();
    out.set("query", typed_array(e.query.data(), static_cast<std::size_t>(e.query.size())));
    out.set("key", typed_array(e.key.data(), static_cast<std::size_t>(e.key.size())));
    out.set("products", typed_array(e.products.data(), static_cast<std::size_t>(e.products.size())));
    out.set("dot", e.dot);
    out.set("divisor", e.divisor);
    out.set("scaled", e.scaled);
    out.set("score", e.score);
    out.set("masked", e.masked);
    out.set("rowMax", e.row_max);
    out.set("expTerm", e.exp_term);
    out.set("expRowSum", e.exp_row_sum);
    out.set("weight", e.weight);
    return out;
  });
}

val build_info() {
  val out = val::object();
#ifdef __wasm_simd128__
  out.set("simd", true);
#else
  out.set("simd", false);
#endif
  out.set("maxTokens", aw::kMaxTokens);
  out.set("maxWidth", aw::kMaxWidth);
  out.set("courseVocab", strings_to_js(aw::course_vocab()));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(attention_core) {
  emscripten::function("runWorkbench", &run_workbench);
  emscripten::function("runBankExperiment", &run_bank_experiment);
  emscripten::function("parameterFree", &parameter_free);
  emscripten::function("projected", &projected);
  emscripten::function("softmaxRows", &softmax_rows);
  emscripten::function("cosine", &cosine);
  emscripten::function("dot", &dot);
  emscripten::function("tokenize", &tokenize);
  emscripten::function("attentionKernelF32", &attention_kernel_f32);
  emscripten::function("explainWeight", &explain_weight);
  emscripten::function("buildInfo", &build_info);
}
