// embind surface of the layouts (core/space/tsne, core/space/umap): a run lives in the wasm heap,
// made from the points once (affinities / fuzzy graph built then), advanced with step(k) so the
// worker can stream the layout, and freed with .delete(). The JS wrappers own the lifetimes
// (core/attention-core.js: createTsneLayout, createUmapLayout). The constructors are factories
// that never throw (a throw across embind leaks, see guarded() in convert.hpp): a run refused
// for bad input keeps the core's message, which configError() returns and the wrapper throws.
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "core/space/parallel.hpp"
#include "core/space/tsne.hpp"
#include "core/space/umap.hpp"
#include "wasm/convert.hpp"

namespace {

using namespace aw_js;
namespace sp = aw::space;

std::uint64_t seed_field(const val& options) {
  const double seed = number_field(options, "seed", 0);
  if (!(seed >= 0) || seed != std::floor(seed) || seed > 9007199254740991.0) {
    throw aw::InputError("option 'seed' must be a whole number from 0");
  }
  return static_cast<std::uint64_t>(seed);
}

sp::LayoutInit init_field(const val& options, const std::string& fallback, bool spectral_allowed) {
  const std::string init = string_field(options, "init", fallback);
  if (init == "pca") return sp::LayoutInit::pca;
  if (init == "random") return sp::LayoutInit::random;
  if (init == "spectral" && spectral_allowed) return sp::LayoutInit::spectral;
  throw aw::InputError("option 'init' must be " + std::string(spectral_allowed ? "'spectral', " : "") +
                       "'pca' or 'random', not '" + init + "'");
}

sp::TsneOptions tsne_options(const val& o) {
  sp::TsneOptions t;
  t.out_dim = int_field(o, "outDim", t.out_dim);
  t.perplexity = number_field(o, "perplexity", t.perplexity);
  t.iterations = int_field(o, "iterations", t.iterations);
  t.exaggeration_iterations = int_field(o, "exaggerationIterations", t.exaggeration_iterations);
  t.early_exaggeration = number_field(o, "earlyExaggeration", t.early_exaggeration);
  t.learning_rate = number_field(o, "learningRate", t.learning_rate);
  t.theta = number_field(o, "theta", t.theta);
  t.seed = seed_field(o);
  t.init = init_field(o, "pca", false);
  // initialLayout: a Float32Array of n × outDim, the start instead of `init` (the benchmark scores
  // any layout's KL with it: one exact iteration, θ = 0, from that layout)
  if (has(o, "initialLayout")) {
    const val start = o["initialLayout"];
    const int n = static_cast<int>(start["length"].as<double>()) / std::max(t.out_dim, 1);
    t.initial_layout = points_from_js(start, n, t.out_dim, "the start layout");
  }
  return t;
}

sp::UmapOptions umap_options(const val& o) {
  sp::UmapOptions u;
  u.out_dim = int_field(o, "outDim", u.out_dim);
  u.n_neighbors = int_field(o, "nNeighbors", u.n_neighbors);
  u.min_dist = number_field(o, "minDist", u.min_dist);
  u.epochs = int_field(o, "epochs", u.epochs);
  u.seed = seed_field(o);
  u.init = init_field(o, "pca", false);
  return u;
}

// The run's layout as a fresh Float32Array (N * outDim, row-major).
val layout_to_js(const Eigen::MatrixXf& layout) {
  const aw::MatF rows = layout;
  return typed_array(rows.data(), static_cast<std::size_t>(rows.size()));
}

// A run made from the points, or the core's message when they or the options are refused.
template <typename Run>
struct MadeRun {
  std::unique_ptr<Run> run;
  std::string error;
};

template <typename Run, typename Make>
MadeRun<Run> make_run(Make&& make) {
  MadeRun<Run> made;
  try {
    made.run = make();
  } catch (const std::exception& e) {
    made.error = e.what();
  }
  return made;
}

// One layout run (t-SNE or UMAP) as JS holds it: the run, null when refused, with its message.
// (One template, no base class: embind does not bind methods a class inherits.)
template <typename Run>
class LayoutHandle {
 public:
  explicit LayoutHandle(MadeRun<Run> made) : run_(std::move(made.run)), error_(std::move(made.error)) {}
  val configError() const { return run_ ? val::undefined() : core_error(error_); }
  // Guarded like every other call: a run that stops (a coordinate out of float's range) answers
  // {awCoreError}, which the wrapper throws, instead of a C++ throw across embind (see guarded()).
  val step(int iterations) {
    return guarded([&] { return val(run_ ? run_->step(iterations) : 0); });
  }
  val layout() const { return run_ ? layout_to_js(run_->layout()) : core_error(error_); }
  int iteration() const { return run_ ? run_->iteration() : 0; }
  int totalIterations() const { return run_ ? run_->total_iterations() : 0; }
  bool done() const { return !run_ || run_->done(); }
  const Run* run() const { return run_.get(); }
  const std::string& error() const { return error_; }

 private:
  std::unique_ptr<Run> run_;
  std::string error_;
};

using TsneLayout = LayoutHandle<sp::TsneRun>;
using UmapLayout = LayoutHandle<sp::UmapRun>;

TsneLayout* make_tsne(val points, int n, int d, val options) {
  return new TsneLayout(make_run<sp::TsneRun>([&] {
    const Eigen::MatrixXf X = points_from_js(points, n, d, "the points");
    return std::make_unique<sp::TsneRun>(X, tsne_options(options));
  }));
}

UmapLayout* make_umap(val points, int n, int d, val options) {
  return new UmapLayout(make_run<sp::UmapRun>([&] {
    const Eigen::MatrixXf X = points_from_js(points, n, d, "the points");
    return std::make_unique<sp::UmapRun>(X, umap_options(options));
  }));
}

// The methods one kind of run has, bound as methods taking the handle first.
double tsne_kl_divergence(const TsneLayout& h) { return h.run() ? h.run()->kl_divergence() : std::nan(""); }
double tsne_learning_rate(const TsneLayout& h) { return h.run() ? h.run()->learning_rate() : std::nan(""); }
val umap_curve(const UmapLayout& h) {
  if (!h.run()) return core_error(h.error());
  val out = val::object();
  out.set("a", h.run()->curve().a);
  out.set("b", h.run()->curve().b);
  return out;
}

// Each point's part of the sampled graph (0 = the largest), as an Int32Array; guarded: building
// the graph may refuse the points.
val umap_graph_parts(UmapLayout& h) {
  if (!h.run()) return core_error(h.error());
  return guarded([&] {
    const std::vector<int> parts = const_cast<sp::UmapRun*>(h.run())->graph_parts();
    return val(emscripten::typed_memory_view(parts.size(), parts.data())).call<val>("slice");
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(aw_space_layouts) {
  // The layouts' threads (core/space/parallel.hpp): asked for, clamped to what this module has
  // (1 in attention_space, up to 4 in attention_space_mt), and the count in force returned.
  // Called between runs, never while one steps.
  emscripten::function("setThreadCount", &aw::space::set_thread_count);
  emscripten::function("threadCount", &aw::space::thread_count);
  emscripten::class_<TsneLayout>("TsneLayout")
      .constructor(&make_tsne, emscripten::allow_raw_pointers())
      .function("configError", &TsneLayout::configError)
      .function("step", &TsneLayout::step)
      .function("layout", &TsneLayout::layout)
      .function("klDivergence", &tsne_kl_divergence)
      .function("iteration", &TsneLayout::iteration)
      .function("totalIterations", &TsneLayout::totalIterations)
      .function("done", &TsneLayout::done)
      .function("learningRate", &tsne_learning_rate);
  emscripten::class_<UmapLayout>("UmapLayout")
      .constructor(&make_umap, emscripten::allow_raw_pointers())
      .function("configError", &UmapLayout::configError)
      .function("step", &UmapLayout::step)
      .function("layout", &UmapLayout::layout)
      .function("iteration", &UmapLayout::iteration)
      .function("totalIterations", &UmapLayout::totalIterations)
      .function("done", &UmapLayout::done)
      .function("curve", &umap_curve)
      .function("graphParts", &umap_graph_parts);
}
