// UMAP (McInnes, Healy & Melville 2018) the way umap-learn computes it:
//   graph      each point's n_neighbors − 1 exact Euclidean nearest others (umap-learn counts the
//              point itself as its first neighbour), smooth-kNN ρ (the nearest non-zero distance)
//              and σ (binary search: Σ exp(−(d − ρ)/σ) = log2 n_neighbors), memberships
//              exp(−(d − ρ)/σ), fuzzy union A + Aᵀ − A∘Aᵀ, edges below max / epochs dropped.
//   curve      1 / (1 + a d^{2b}) fitted to the min_dist step (find_ab_params: least squares on
//              300 points of [0, 3], Levenberg–Marquardt from a = b = 1, as scipy's curve_fit).
//   start      PCA scores scaled to max |value| 10 plus N(0, 1e-4) noise (umap-learn's init='pca'),
//              or uniform in [−10, 10]; then every axis rescaled to [0, 10] as umap-learn does.
//              Not spectral: that needs a sparse eigensolver for N up to 20,000, and PCA is a
//              documented umap-learn start that keeps the global arrangement readable.
//   SGD        optimize_layout_euclidean: each edge sampled every max_w / w epochs, 5 negative
//              samples per positive one, gradients clipped to ±4, learning rate 1 − epoch / epochs.
//              Departures, for threads and speed at the same recall and trustworthiness
//              (test_umap.cpp against umap-learn): in an epoch each point moves only itself, through
//              its own edges (every pair is listed both ways; the pull counts twice, for the other
//              end's half that umap-learn moves at once), towards and away from where the others
//              stood when the epoch began, so points go to the threads (parallel.hpp) and a seed
//              gives one layout on any number of them and every platform; a point's negative
//              samples are measured from where its positive sample left it and applied together;
//              and d^{2b} comes from a table for the run's b (power_table.hpp, 1e-11 relative).
// Random draws: the start's noise from NumPy's default_rng(seed) stream (core/rng); the negative
// samples, as umap-learn's tau_rand_int, from three-part Tausworthe generators (L'Ecuyer's taus88),
// one per point, seeded by that stream's next draws in point order: 32-bit shifts and xors, where
// a PCG64 draw costs a 128-bit multiply that wasm has no instruction for.
#pragma once
#include <Eigen/Dense>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/rng/numpy_generator.hpp"
#include "core/space/layout_common.hpp"

namespace aw::space {

class PowerTable;

// The options' allowed ranges, both ends included: umap-learn's advice for the neighbours (2 to
// 100) and its min_dist <= spread (1 here); epochs up to 20 times its default of 500.
inline constexpr OptionRange kUmapNeighbors{2, 100};  // and fewer than the points
inline constexpr OptionRange kUmapMinDist{0, 1};
inline constexpr OptionRange kUmapEpochs{1, 10000};  // or 0: auto
// fit_curve's spread (1 in a run): where its fit from a = b = 1 was checked against the spread-1 fit
// rescaled (a / spread^2b, b); below about 0.2 it ran off to negative a and b.
inline constexpr OptionRange kUmapSpread{0.25, 100};

struct UmapOptions {
  int out_dim = 2;
  int n_neighbors = 15;
  double min_dist = 0.1;
  int epochs = 0;  // 0 = auto: 500 up to 10,000 points, else 200 (umap-learn)
  std::uint64_t seed = 0;
  LayoutInit init = LayoutInit::pca;  // pca or random
};

// umap-learn's find_ab_params(spread = 1, min_dist). Throws InputError for a spread outside
// kUmapSpread or a min_dist outside [0, spread].
struct CurveParameters {
  double a, b;
};
CurveParameters fit_curve(double min_dist, double spread = 1.0);

// The fuzzy graph as symmetric weighted edges (both directions listed, heads ascending).
struct FuzzyGraph {
  std::vector<int> head, tail;
  std::vector<double> weight;
};
FuzzyGraph fuzzy_graph(const KnnGraph& others, int n_neighbors);

class UmapRun {
 public:
  UmapRun(const Eigen::Ref<const Eigen::MatrixXf>& points, const UmapOptions& options);
  // The constructor makes the start (drawable at once); prepare() or the first step() builds the
  // fuzzy graph from the exact neighbours, most of the set-up's time.
  void prepare();
  bool prepared() const { return points_.size() == 0; }
  // Runs up to that many more epochs; returns how many ran. Throws InputError, and keeps throwing
  // it, if an epoch moves a coordinate out of float's range: the layout stays the last one given.
  int step(int epochs);
  const Eigen::MatrixXf& layout() const { return layout_; }  // N x out_dim
  int iteration() const { return epoch_; }
  int total_iterations() const { return epochs_; }
  bool done() const { return epoch_ >= epochs_; }
  CurveParameters curve() const { return curve_; }
  // The connected parts of the graph the epochs sample (after the edges too light to be sampled
  // are dropped): each point's part, numbered by size, largest first (ties by lowest point). A
  // part with no edge to the rest feels only the negative samples' push, so UMAP places it apart
  // and its distance from the rest means nothing. Builds the graph first if no step has.
  std::vector<int> graph_parts();

 private:
  void run_epoch();
  template <int Dim>
  void run_epoch_in();
  void stop_unless_drawable();

  int n_ = 0, dim_ = 2, epochs_ = 0, epoch_ = 0, n_neighbors_ = 15;
  Eigen::MatrixXf points_;  // kept until prepare() has built the graph from them
  CurveParameters curve_{};
  std::shared_ptr<const PowerTable> power_;  // x^b for curve_.b (power_table.hpp)
  std::vector<int> head_, tail_;
  std::vector<double> epochs_per_sample_, next_sample_, epochs_per_negative_, next_negative_;
  std::vector<double> y_;
  rng::NumpyGenerator rng_;
  // The negative samples' generator: taus88's three words, then a draw from 0 to n − 1.
  struct Taus88 {
    std::uint32_t s1, s2, s3;
    std::uint32_t next();
    int below(int n) { return static_cast<int>((static_cast<std::uint64_t>(next()) * static_cast<std::uint64_t>(n)) >> 32); }
  };
  std::vector<Taus88> negative_rng_;  // one per point
  std::vector<int> edge_start_;        // point i's edges are [edge_start_[i], edge_start_[i + 1])
  std::vector<double> start_;          // the layout as the epoch began (run_epoch_in)
  Eigen::MatrixXf layout_;
  std::string stopped_;  // why the run stopped, or empty
};

}  // namespace aw::space
