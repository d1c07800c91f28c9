// embind surface of core/math/: attention in both forms, softmax, similarity, the inspector's
// explanation of one weight, positional encoding, value summaries (mean, std, histogram), and the
// float32 kernel the benchmark times.
// Converts, calls the core, converts back; no logic. Every C++ exception becomes a JS Error
// with its message (guarded(), wasm/convert.hpp).
#include <vector>

#include "core/math/explain.hpp"
#include "core/math/fused_attention.hpp"
#include "core/math/kernel.hpp"
#include "core/math/positional.hpp"
#include "core/math/similarity.hpp"
#include "core/math/simd_matmul.hpp"
#include "core/math/stats.hpp"
#include "wasm/convert.hpp"

namespace {

using namespace aw_js;

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

// A (rows, cols) row-major Float32Array as a float matrix.
aw::MatF float_matrix(const val& array, int rows, int cols) {
  const std::vector<float> data = emscripten::convertJSArrayToNumberVector<float>(array);
  if (rows < 0 || cols < 0 || data.size() != static_cast<std::size_t>(rows) * cols) {
    throw aw::InputError("kernel: the array does not hold " + std::to_string(rows) + " × " + std::to_string(cols) + " numbers");
  }
  return aw::MatF(Eigen::Map<const aw::MatF>(data.data(), rows, cols));
}

// Float32 attention kernel, fused (core/math/fused_attention.hpp): Q, K, V are (n, d) row-major
// Float32Arrays. The benchmark times it in every build.
val attention_kernel_f32(val q, val k, val v, int n, int d) {
  return guarded([&] {
    const aw::MatF Y = aw::fused_attention(float_matrix(q, n, d), float_matrix(k, n, d), float_matrix(v, n, d));
    return typed_array(Y.data(), static_cast<std::size_t>(Y.size()));
  });
}

// The same through Eigen's products and the n × n scores (core/math/kernel.hpp): the benchmark's
// "before", and what the fused kernel is checked against.
val attention_kernel_reference_f32(val q, val k, val v, int n, int d) {
  return guarded([&] {
    const aw::MatF Y = aw::attention_kernel(float_matrix(q, n, d), float_matrix(k, n, d), float_matrix(v, n, d));
    return typed_array(Y.data(), static_cast<std::size_t>(Y.size()));
  });
}

// A Bᵀ for the benchmark's matrix-product rate: A is (n, d), B is (m, d).
val matmul_abt_f32(val a, val b, int n, int m, int d) {
  return guarded([&] {
    const aw::MatF C = aw::matmul_abt(float_matrix(a, n, d), float_matrix(b, m, d));
    return typed_array(C.data(), static_cast<std::size_t>(C.size()));
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

val positional_encoding(int tokens, int d) {
  return guarded([&] {
    if (tokens < 0 || tokens > aw::kMaxTokens || d < 1 || d > aw::kMaxWidth) {
      throw aw::InputError("positional encoding: tokens must be 0.." + std::to_string(aw::kMaxTokens) +
                           " and the width 1.." + std::to_string(aw::kMaxWidth));
    }
    return matrix_to_js(aw::sinusoidal_positional_encoding(tokens, d));
  });
}

val value_summary(val matrix, int bins) {
  return guarded([&] {
    const aw::ValueSummary s = aw::value_summary(matrix_from_js(matrix, "matrix"), bins);
    val out = val::object();
    out.set("count", static_cast<double>(s.count));
    out.set("mean", s.mean);
    out.set("std", s.std_dev);
    out.set("min", s.min);
    out.set("max", s.max);
    out.set("binEdges", typed_array(s.bin_edges.data(), s.bin_edges.size()));
    const std::vector<double> counts(s.bin_counts.begin(), s.bin_counts.end());
    out.set("binCounts", typed_array(counts.data(), counts.size()));
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(aw_math) {
  emscripten::function("parameterFree", &parameter_free);
  emscripten::function("projected", &projected);
  emscripten::function("softmaxRows", &softmax_rows);
  emscripten::function("cosine", &cosine);
  emscripten::function("dot", &dot);
  emscripten::function("attentionKernelF32", &attention_kernel_f32);
  emscripten::function("attentionKernelReferenceF32", &attention_kernel_reference_f32);
  emscripten::function("matmulABtF32", &matmul_abt_f32);
  emscripten::function("explainWeight", &explain_weight);
  emscripten::function("positionalEncoding", &positional_encoding);
  emscripten::function("valueSummary", &value_summary);
}
