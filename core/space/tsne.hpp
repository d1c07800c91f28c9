// t-SNE (van der Maaten 2014) the way sklearn.manifold.TSNE(method='barnes_hut') computes it:
//   affinities  each point's Gaussian over its k = min(N−1, ⌊3·perplexity + 1⌋) exact Euclidean
//               nearest neighbours, its precision found by binary search so that the perplexity
//               (2^entropy) matches; P = (P + Pᵀ) / ΣP.
//   optimiser   gradient 4 Σ (p_ij − q_ij) q_ij Z (y_i − y_j) (in 3-D sklearn's Student t with 2 degrees
//               of freedom, see barnes_hut.hpp): attraction over P's entries, repulsion
//               from a Barnes–Hut tree (quadtree in 2-D, octree in 3-D, θ = 0.5); early exaggeration
//               of P for the first iterations at momentum 0.5, then 0.8; per-coordinate gains
//               (+0.2 when the gradient changes sign, ×0.8 when not, at least 0.01), as sklearn;
//               momentum and gains restart when the exaggeration ends (sklearn's two stages).
//   start       PCA scores scaled so the first column's std is 1e-4 (sklearn's init='pca'), or
//               1e-4 · standard normal from NumPy's default_rng(seed), or a given layout.
// The layout is kept in double, every sum in a fixed order, so a seed gives the same layout on
// every platform. The constructor makes the start, so it can be drawn at once; the affinities (the
// exact neighbours, most of the set-up's time) are built by prepare() or the first step().
#pragma once
#include <Eigen/Dense>
#include <cstdint>
#include <string>
#include <vector>

#include "core/space/barnes_hut.hpp"
#include "core/space/layout_common.hpp"

namespace aw::space {

// The options' allowed ranges, both ends included. sklearn's own where it has them (early
// exaggeration from 1, θ from 0 to 1); upper ends a few times past any useful value (sklearn's
// usual perplexity is 5 to 50 and learning rate 10 to 1000; 'auto' gives at most 5000 for the
// chapter's 20,000 points), so a learner can still watch a run go wrong, and every step stays
// finite (a learning rate of 1e200 or an exaggeration of 1e-300 once gave inf and NaN).
inline constexpr OptionRange kTsnePerplexity{1, 100};  // and below the number of points
inline constexpr OptionRange kTsneEarlyExaggeration{1, 100};
inline constexpr OptionRange kTsneLearningRate{1, 100000};  // or 0: auto
inline constexpr OptionRange kTsneTheta{0, 1};
inline constexpr OptionRange kTsneIterations{0, 10000};  // both counts; sklearn's default is 1000

struct TsneOptions {
  int out_dim = 2;
  double perplexity = 30;
  int iterations = 1000;
  int exaggeration_iterations = 250;
  double early_exaggeration = 12;
  double learning_rate = 0;  // 0 = auto: max(N / early_exaggeration / 4, 50), sklearn's 'auto'
  double theta = 0.5;
  std::uint64_t seed = 0;     // used by init = random only (PCA and the optimiser draw nothing)
  LayoutInit init = LayoutInit::pca;
  Eigen::MatrixXf initial_layout;  // when not empty (N x out_dim): the start, instead of `init`
};

// The symmetric joint probabilities P as sparse rows (CSR, columns ascending), summing to 1.
struct Affinities {
  std::vector<int> row_start, column;
  std::vector<double> value;
};
Affinities tsne_affinities(const KnnGraph& graph, double perplexity);

class TsneRun {
 public:
  TsneRun(const Eigen::Ref<const Eigen::MatrixXf>& points, const TsneOptions& options);
  void prepare();            // builds the affinities, if not yet built (step() calls it)
  bool prepared() const { return points_.size() == 0; }
  // Runs up to that many more; returns how many ran. Throws InputError, and keeps throwing it,
  // if an iteration moves a coordinate out of float's range: the layout stays the last one given.
  int step(int iterations);
  const Eigen::MatrixXf& layout() const { return layout_; }  // N x out_dim
  // KL(P || Q) of the layout at the start of the last iteration run (as sklearn's kl_divergence_),
  // with Q's normaliser from the Barnes–Hut tree: an estimate, exact as θ → 0. Always against the
  // true P (not the exaggerated one). NaN before the first step.
  double kl_divergence() const { return kl_; }
  int iteration() const { return iteration_; }
  int total_iterations() const { return options_.iterations; }
  bool done() const { return iteration_ >= options_.iterations; }
  double learning_rate() const { return learning_rate_; }

 private:
  void gradient(bool with_error);
  void stop_unless_drawable();
  template <int D>
  void gradient_in(BarnesHutTree<D>& tree, bool with_error);
  int attract_pairs_2d(const double* yi, int e, int end, double exaggeration, double (&attraction)[2][2]) const;

  TsneOptions options_;
  int n_ = 0, dim_ = 2;
  double learning_rate_ = 0;
  Eigen::MatrixXf points_;  // kept until prepare() has built the affinities from them
  Affinities p_;
  std::vector<double> y_, grad_, update_, gains_;
  std::vector<double> row_cross_;  // each point's share of the KL's cross term (gradient_in)
  std::vector<double> repulsion_;  // each point's Σ_j w_ij² (y_i − y_j) this iteration (gradient_in)
  BarnesHutTree<2> tree2_;
  BarnesHutTree<3> tree3_;
  Eigen::MatrixXf layout_;
  int iteration_ = 0;
  double kl_;
  double p_log_p_ = 0;  // Σ p log max(p, tiny) over P: the KL's part that does not move
  static constexpr double kKlTiny = 1e-12;  // sklearn's FLOAT32_TINY guard against log 0, in double
  std::string stopped_;  // why the run stopped, or empty
};

}  // namespace aw::space
