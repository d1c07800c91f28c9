// embind surface of the core: plain JS objects and typed arrays in, the same out.
// No logic lives here: each function converts, calls the core, converts back, and turns any
// C++ exception into a JavaScript Error carrying the message.
#include "core/explain.hpp"
#include "core/kernel.hpp"
#include "core/similarity.hpp"
#include "wasm/convert.hpp"

namespace {

using namespace aw_js;

// ---- exported functions ------------------------------------------------------------------
val run_workbench(val options) {
  return guarded([&] { return workbench_report_to_js(aw::run_workbench(workbench_options(options))); });
}

val run_bank_experiment(val options) {
  return guarded([&] {
    aw::BankExperimentOptions o;
    o.base = workbench_options(options);
    o.second_sentence = string_field(options, "sentence2", o.second_sentence);
    o.target = string_field(options, "target", o.target);
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
