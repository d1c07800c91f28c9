// embind surface of the layouts (core/space/tsne, core/space/umap): a run lives in the wasm heap,
// made from the points once (affinities / fuzzy graph built then), advanced with step(k) so the
// worker can stream the layout, and freed with .delete(). The JS wrappers own the lifetimes
// (core/attention-core.js: createTsneLayout, createUmapLayout). The constructors are factories
// so that bad input reaches JS as an Error with the core's message.
#include <cmath>
#include <memory>
#include <string>

#include "core/space/tsne.hpp"
#include "core/space/umap.hpp"
#include "wasm/convert.hpp"

namespace {

using namespace aw_js;
namespace sp = aw::space;

// points: a Float32Array of n rows of d floats, row-major.
Eigen::MatrixXf points_from_js(const val& points, int n, int d) {
  if (!points.instanceof(val::global("Float32Array"))) throw aw::InputError("the points must be a Float32Array");
  if (n < 0 || d < 0) throw aw::InputError("the number of points and their dimension cannot be negative");
  const double length = points["length"].as<double>();
  if (length != static_cast<double>(n) * d) {
    throw aw::InputError("the points hold " + std::to_string(static_cast<long long>(length)) + " numbers, not " +
                         std::to_string(n) + " × " + std::to_string(d));
  }
  aw::MatF rows(n, d);
  val(emscripten::typed_memory_view(static_cast<std::size_t>(rows.size()), rows.data())).call<void>("set", points);
  return rows;
}

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

// Makes a run, or throws a JS Error with the core's message.
template <typename Layout, typename Make>
Layout* made_or_thrown(Make&& make) {
  try {
    return make();
  } catch (const std::exception& e) {
    val::global("Error").new_(std::string(e.what())).throw_();
  }
  return nullptr;  // not reached
}

class TsneLayout {
 public:
  explicit TsneLayout(std::unique_ptr<sp::TsneRun> run) : run_(std::move(run)) {}
  static TsneLayout* make(val points, int n, int d, val options) {
    return made_or_thrown<TsneLayout>([&] {
      const Eigen::MatrixXf X = points_from_js(points, n, d);
      return new TsneLayout(std::make_unique<sp::TsneRun>(X, tsne_options(options)));
    });
  }
  int step(int iterations) { return run_->step(iterations); }
  val layout() const { return layout_to_js(run_->layout()); }
  double klDivergence() const { return run_->kl_divergence(); }
  int iteration() const { return run_->iteration(); }
  int totalIterations() const { return run_->total_iterations(); }
  bool done() const { return run_->done(); }
  double learningRate() const { return run_->learning_rate(); }

 private:
  std::unique_ptr<sp::TsneRun> run_;
};

class UmapLayout {
 public:
  explicit UmapLayout(std::unique_ptr<sp::UmapRun> run) : run_(std::move(run)) {}
  static UmapLayout* make(val points, int n, int d, val options) {
    return made_or_thrown<UmapLayout>([&] {
      const Eigen::MatrixXf X = points_from_js(points, n, d);
      return new UmapLayout(std::make_unique<sp::UmapRun>(X, umap_options(options)));
    });
  }
  int step(int epochs) { return run_->step(epochs); }
  val layout() const { return layout_to_js(run_->layout()); }
  int iteration() const { return run_->iteration(); }
  int totalIterations() const { return run_->total_iterations(); }
  bool done() const { return run_->done(); }
  val curve() const {
    val out = val::object();
    out.set("a", run_->curve().a);
    out.set("b", run_->curve().b);
    return out;
  }

 private:
  std::unique_ptr<sp::UmapRun> run_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(aw_space_layouts) {
  emscripten::class_<TsneLayout>("TsneLayout")
      .constructor(&TsneLayout::make, emscripten::allow_raw_pointers())
      .function("step", &TsneLayout::step)
      .function("layout", &TsneLayout::layout)
      .function("klDivergence", &TsneLayout::klDivergence)
      .function("iteration", &TsneLayout::iteration)
      .function("totalIterations", &TsneLayout::totalIterations)
      .function("done", &TsneLayout::done)
      .function("learningRate", &TsneLayout::learningRate);
  emscripten::class_<UmapLayout>("UmapLayout")
      .constructor(&UmapLayout::make, emscripten::allow_raw_pointers())
      .function("step", &UmapLayout::step)
      .function("layout", &UmapLayout::layout)
      .function("iteration", &UmapLayout::iteration)
      .function("totalIterations", &UmapLayout::totalIterations)
      .function("done", &UmapLayout::done)
      .function("curve", &UmapLayout::curve);
}
