// The embedding-space chapter's layouts (core/space): t-SNE, UMAP and PCA with any options on a
// few points (N <= 12, d <= 4), coordinates from small integers to float's edges, NaN and infinity.
// Options are often their defaults or their ranges' ends (just inside and just outside), otherwise
// any double. A run is stepped a few times, by a few iterations each.
// Contract: aw::InputError, or a start and a layout after every step that are finite with one row
// per point and out_dim columns (t-SNE's KL finite once a step ran); a run that refused a step
// refuses every later one. PCA: finite components of length 1, variances >= 0, ratios in [0, 1],
// a finite projection and reconstruction.
#include "tests/fuzz/fuzz_support.hpp"
#include "core/space/pca.hpp"
#include "core/space/tsne.hpp"
#include "core/space/umap.hpp"

#include <limits>
#include <memory>

namespace {

using aw_fuzz::check;
using aw_fuzz::runs_or_refuses;
namespace sp = aw::space;

// A coordinate: mostly a small integer (coincident points included), often float's edges.
float coordinate(FuzzedDataProvider& in) {
  using F = std::numeric_limits<float>;
  static constexpr float kSpecial[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, F::max(), -F::max(), F::min(), F::denorm_min(),
                                       1e-38f, 1e38f, -1e38f, 1e19f, 1e-19f, F::quiet_NaN(), F::infinity(), -F::infinity()};
  constexpr std::size_t n = sizeof kSpecial / sizeof kSpecial[0];
  const std::uint8_t pick = in.ConsumeIntegral<std::uint8_t>();
  if (pick < 4 * n) return kSpecial[pick % n];
  if (pick < 232) return static_cast<float>(in.ConsumeIntegralInRange<int>(-8, 8));
  return static_cast<float>(aw_fuzz::extreme_double(in));
}

Eigen::MatrixXf points(FuzzedDataProvider& in) {
  const auto n = in.ConsumeIntegralInRange<Eigen::Index>(0, 12), d = in.ConsumeIntegralInRange<Eigen::Index>(0, 4);
  Eigen::MatrixXf X(n, d);
  for (Eigen::Index i = 0; i < X.size(); ++i) X.data()[i] = coordinate(in);
  aw_fuzz::debug_print("points", X);
  return X;
}

// An option: its default, an end of its range or just past it, or any double.
double option(FuzzedDataProvider& in, double fallback, sp::OptionRange range) {
  switch (in.ConsumeIntegralInRange<int>(0, 6)) {
    case 0: return fallback;
    case 1: return range.min;
    case 2: return range.max;
    case 3: return std::nextafter(range.min, -std::numeric_limits<double>::infinity());
    case 4: return std::nextafter(range.max, std::numeric_limits<double>::infinity());
    default: return aw_fuzz::extreme_double(in);
  }
}

// A whole-number option: its default, an end of its range or one past it, or any int.
int count(FuzzedDataProvider& in, int fallback, sp::OptionRange range) {
  switch (in.ConsumeIntegralInRange<int>(0, 5)) {
    case 0: return fallback;
    case 1: return static_cast<int>(range.min) + in.ConsumeIntegralInRange<int>(-1, 3);
    case 2: return static_cast<int>(range.max) + in.ConsumeIntegralInRange<int>(-1, 1);
    case 3: return in.ConsumeIntegral<int>();
    default: return in.ConsumeIntegralInRange<int>(-2, 40);
  }
}

sp::LayoutInit init(FuzzedDataProvider& in) {
  return in.PickValueInArray({sp::LayoutInit::pca, sp::LayoutInit::random, sp::LayoutInit::spectral});
}

void check_layout(const Eigen::MatrixXf& layout, Eigen::Index n, int out_dim, const std::string& what) {
  check(layout.rows() == n && layout.cols() == out_dim, what + ": wrong shape");
  check(aw_fuzz::all_finite(layout), what + ": a coordinate is not finite");
}

// A few step(k) calls; after each, the run's contract. `after_step` checks what only one kind has.
template <typename Run, typename AfterStep>
void step_and_check(Run& run, FuzzedDataProvider& in, Eigen::Index n, int out_dim, const std::string& name,
                    AfterStep&& after_step) {
  bool refused = false;
  for (int call = 0, calls = in.ConsumeIntegralInRange<int>(1, 4); call < calls; ++call) {
    const int wanted = in.ConsumeIntegralInRange<int>(-1, 100), before = run.iteration();
    int ran = 0;
    const bool ran_ok = runs_or_refuses([&] { ran = run.step(wanted); });
    check(!(refused && ran_ok), name + ": a run that refused a step stepped again");
    if (!ran_ok) {
      refused = true;
      continue;
    }
    check(ran >= 0 && ran <= std::max(wanted, 0) && run.iteration() == before + ran, name + ": wrong count of iterations run");
    check(run.iteration() <= run.total_iterations(), name + ": ran past its total");
    check_layout(run.layout(), n, out_dim, name + " after a step");
    after_step();
  }
}

void fuzz_tsne(FuzzedDataProvider& in, const Eigen::MatrixXf& X) {
  sp::TsneOptions o;
  o.out_dim = in.ConsumeBool() ? 2 : count(in, 3, {2, 3});
  o.perplexity = option(in, 3, sp::kTsnePerplexity);  // 3, not 30: the sets here are small
  o.iterations = count(in, 300, sp::kTsneIterations);
  o.exaggeration_iterations = count(in, 50, sp::kTsneIterations);
  o.early_exaggeration = option(in, o.early_exaggeration, sp::kTsneEarlyExaggeration);
  o.learning_rate = in.ConsumeBool() ? 0.0 : option(in, 200, sp::kTsneLearningRate);
  o.theta = option(in, o.theta, sp::kTsneTheta);
  o.seed = in.ConsumeIntegral<std::uint64_t>();
  o.init = init(in);
  std::unique_ptr<sp::TsneRun> run;
  if (!runs_or_refuses([&] { run = std::make_unique<sp::TsneRun>(X, o); })) return;
  check(run->learning_rate() > 0 && std::isfinite(run->learning_rate()), "t-SNE: learning rate not a positive number");
  check_layout(run->layout(), X.rows(), o.out_dim, "t-SNE start");
  step_and_check(*run, in, X.rows(), o.out_dim, "t-SNE", [&] {
    if (run->iteration() > 0) check(std::isfinite(run->kl_divergence()), "t-SNE: KL divergence not finite");
  });
}

void fuzz_umap(FuzzedDataProvider& in, const Eigen::MatrixXf& X) {
  sp::UmapOptions o;
  o.out_dim = in.ConsumeBool() ? 2 : count(in, 3, {2, 3});
  o.n_neighbors = count(in, 4, sp::kUmapNeighbors);  // 4, not 15: the sets here are small
  o.min_dist = option(in, o.min_dist, sp::kUmapMinDist);
  o.epochs = in.ConsumeBool() ? 0 : count(in, 200, sp::kUmapEpochs);
  o.seed = in.ConsumeIntegral<std::uint64_t>();
  o.init = init(in);
  std::unique_ptr<sp::UmapRun> run;
  if (!runs_or_refuses([&] { run = std::make_unique<sp::UmapRun>(X, o); })) return;
  const sp::CurveParameters curve = run->curve();
  check(std::isfinite(curve.a) && std::isfinite(curve.b), "UMAP: curve parameters not finite");
  check_layout(run->layout(), X.rows(), o.out_dim, "UMAP start");
  step_and_check(*run, in, X.rows(), o.out_dim, "UMAP", [] {});
}

void fuzz_pca(FuzzedDataProvider& in, const Eigen::MatrixXf& X) {
  const int k = in.ConsumeBool() ? in.ConsumeIntegralInRange<int>(-1, 5) : in.ConsumeIntegral<int>();
  sp::PcaResult fit;
  if (!runs_or_refuses([&] { fit = sp::pca(X, k); })) return;
  check(fit.components.rows() == k && fit.components.cols() == X.cols(), "PCA: components of the wrong shape");
  check(fit.components.allFinite() && fit.mean.allFinite(), "PCA: components or mean not finite");
  for (int c = 0; c < k; ++c) check(std::abs(fit.components.row(c).norm() - 1) <= 1e-9, "PCA: a component not of length 1");
  check(std::isfinite(fit.total_variance) && fit.total_variance >= 0, "PCA: total variance not a finite number >= 0");
  check(fit.explained_variance.allFinite() && (fit.explained_variance.array() >= 0).all(), "PCA: a variance below 0 or not finite");
  check((fit.explained_variance_ratio.array() >= 0).all() && (fit.explained_variance_ratio.array() <= 1 + 1e-9).all(),
        "PCA: a variance ratio outside [0, 1]");
  check_layout(fit.projected, X.rows(), k, "PCA projection");
  Eigen::MatrixXf back;
  if (!runs_or_refuses([&] { back = sp::reconstruct(fit); })) return;
  check_layout(back, X.rows(), static_cast<int>(X.cols()), "PCA reconstruction");
}

// umap-learn's find_ab_params for any min_dist and spread: refused, or a and b finite.
void fuzz_curve(FuzzedDataProvider& in) {
  const double min_dist = option(in, 0.1, sp::kUmapMinDist), spread = option(in, 1, sp::kUmapSpread);
  sp::CurveParameters curve{};
  if (!runs_or_refuses([&] { curve = sp::fit_curve(min_dist, spread); })) return;
  check(std::isfinite(curve.a) && std::isfinite(curve.b), "fit_curve: a or b not finite");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const int method = in.ConsumeIntegralInRange<int>(0, 3);
  static const char* const kMethods[] = {"t-SNE", "UMAP", "PCA", "fit_curve"};
  if (std::getenv("AW_FUZZ_DEBUG") != nullptr) std::fprintf(stderr, "method: %s\n", kMethods[method]);
  if (method == 3) {
    fuzz_curve(in);
    return 0;
  }
  const Eigen::MatrixXf X = points(in);
  if (method == 0) fuzz_tsne(in, X);
  else if (method == 1) fuzz_umap(in, X);
  else fuzz_pca(in, X);
  return 0;
}
