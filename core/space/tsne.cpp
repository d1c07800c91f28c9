#include "core/space/tsne.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>

#include "core/math/matrix.hpp"
#include "core/math/simd.hpp"
#include "core/space/exact_math.hpp"
#include "core/space/parallel.hpp"
#include "core/space/power_table.hpp"
#include "core/rng/numpy_generator.hpp"

namespace aw::space {

namespace {

// One point's conditional probabilities over its neighbours' squared distances d2 with the
// precision β whose entropy is log(perplexity): sklearn's _binary_search_perplexity (tolerance
// 1e-5, 100 halvings/doublings from β = 1). Distances are shifted by the smallest so exp never
// underflows for far-apart data; the entropy formula adds the shift back.
void calibrate_row(const double* d2, int k, double perplexity, double* p) {
  const double wanted = exact::log(perplexity);
  const double shift = *std::min_element(d2, d2 + k);
  double beta = 1, beta_min = -std::numeric_limits<double>::infinity(), beta_max = std::numeric_limits<double>::infinity();
  for (int step = 0; step < 100; ++step) {
    double sum = 0;
    for (int j = 0; j < k; ++j) sum += p[j] = exact::exp(-(d2[j] - shift) * beta);
    double mean_d2 = 0;
    for (int j = 0; j < k; ++j) {
      p[j] /= sum;
      mean_d2 += (d2[j] - shift) * p[j];
    }
    const double entropy_diff = exact::log(sum) + beta * mean_d2 - wanted;
    if (std::fabs(entropy_diff) <= 1e-5) break;
    if (entropy_diff > 0) {
      beta_min = beta;
      beta = std::isinf(beta_max) ? beta * 2 : (beta + beta_max) / 2;
    } else {
      beta_max = beta;
      beta = std::isinf(beta_min) ? beta / 2 : (beta + beta_min) / 2;
    }
  }
}

std::vector<double> start_layout(const Eigen::Ref<const Eigen::MatrixXf>& points, const TsneOptions& o) {
  const auto n = static_cast<std::size_t>(points.rows());
  const auto dim = static_cast<std::size_t>(o.out_dim);
  std::vector<double> y(n * dim);
  if (o.initial_layout.size() > 0) {
    if (static_cast<std::size_t>(o.initial_layout.rows()) != n || o.initial_layout.cols() != o.out_dim ||
        !o.initial_layout.allFinite()) {
      throw InputError("the starting layout must be finite and have one row per point and out_dim columns");
    }
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t a = 0; a < dim; ++a) y[i * dim + a] = o.initial_layout(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(a));
    return y;
  }
  if (o.init == LayoutInit::random) {
    rng::NumpyGenerator rng(o.seed);
    for (double& v : y) v = 1e-4 * rng.standard_normal();
    return y;
  }
  y = pca_scores(points, o.out_dim);
  double mean = 0, var = 0;
  for (std::size_t i = 0; i < n; ++i) mean += y[i * dim];
  mean /= static_cast<double>(n);
  for (std::size_t i = 0; i < n; ++i) var += (y[i * dim] - mean) * (y[i * dim] - mean);
  const double sd = std::sqrt(var / static_cast<double>(n));
  const double scale = sd > 0 ? 1e-4 / sd : 0;
  for (double& v : y) v *= scale;
  if (scale == 0) {  // every point the same along PC1: fall back to a seeded random start
    rng::NumpyGenerator rng(o.seed);
    for (double& v : y) v = 1e-4 * rng.standard_normal();
  }
  return y;
}

void check_options(const Eigen::Ref<const Eigen::MatrixXf>& points, const TsneOptions& o) {
  check_layout_input(points, o.out_dim, "t-SNE");
  const long n = static_cast<long>(points.rows());
  require_in_range(o.perplexity, kTsnePerplexity, "t-SNE's perplexity");
  if (n < 3 || o.perplexity >= static_cast<double>(n)) {  // compared as doubles: no cast of a huge perplexity
    const std::string perplexity = number_text(o.perplexity);
    throw InputError("t-SNE with perplexity " + perplexity + " needs more than " + perplexity +
                     " points (and at least 3); there are " + std::to_string(n) + ": lower the perplexity or add points");
  }
  require_in_range(o.iterations, kTsneIterations, "t-SNE's iterations");
  require_in_range(o.exaggeration_iterations, kTsneIterations, "t-SNE's early exaggeration iterations");
  require_in_range(o.early_exaggeration, kTsneEarlyExaggeration, "t-SNE's early exaggeration");
  if (o.learning_rate != 0) require_in_range(o.learning_rate, kTsneLearningRate, "t-SNE's learning rate (0 picks it)");
  require_in_range(o.theta, kTsneTheta, "t-SNE's θ (angle)");
}

}  // namespace

Affinities tsne_affinities(const KnnGraph& g, double perplexity) {
  const auto n = static_cast<std::size_t>(g.n), k = static_cast<std::size_t>(g.k);
  std::vector<double> conditional(n * k);
  parallel_for(g.n, 64, [&](int begin, int end, int) {  // each row on its own (parallel.hpp)
    std::vector<double> d2(k);
    for (auto i = static_cast<std::size_t>(begin); i < static_cast<std::size_t>(end); ++i) {
      for (std::size_t m = 0; m < k; ++m) d2[m] = g.distance[i * k + m] * g.distance[i * k + m];
      calibrate_row(d2.data(), g.k, perplexity, &conditional[i * k]);
    }
  });
  // P + Pᵀ: row i holds its own k edges i→j and every edge j→i, one entry per other point (an
  // edge both ways summed). The edges into each row are listed by source, ascending (one pass
  // over the graph), and each row's own edges sorted by target (on the threads); then each row is
  // the merge of the two lists: what a sort of the row's pairs gives, each row on its own.
  std::vector<int> into_start(n + 1, 0);
  for (std::size_t e = 0; e < n * k; ++e) ++into_start[static_cast<std::size_t>(g.index[e]) + 1];
  for (std::size_t i = 0; i < n; ++i) into_start[i + 1] += into_start[i];
  std::vector<int> into_source(n * k), fill(into_start.begin(), into_start.end() - 1);
  std::vector<double> into_value(n * k);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t m = 0; m < k; ++m) {
      const auto at = static_cast<std::size_t>(fill[static_cast<std::size_t>(g.index[i * k + m])]++);
      into_source[at] = static_cast<int>(i);
      into_value[at] = conditional[i * k + m];
    }
  }
  std::vector<int> own(n * k);  // row i's own edges, as their places 0 … k − 1 in g's row, by target
  // Calls emit(column, value) for row i's entries in column order; returns how many.
  const auto merge_row = [&](std::size_t i, auto&& emit) {
    const int* mine = &own[i * k];
    const auto edge = [&](std::size_t a) { return i * k + static_cast<std::size_t>(mine[a]); };
    std::size_t a = 0, b = static_cast<std::size_t>(into_start[i]);
    const auto b_end = static_cast<std::size_t>(into_start[i + 1]);
    int entries = 0;
    while (a < k || b < b_end) {
      const int own_column = a < k ? g.index[edge(a)] : std::numeric_limits<int>::max();
      const int into_column = b < b_end ? into_source[b] : std::numeric_limits<int>::max();
      if (own_column == into_column) {
        emit(own_column, conditional[edge(a++)] + into_value[b++]);
      } else if (own_column < into_column) {
        emit(own_column, conditional[edge(a++)]);
      } else {
        emit(into_column, into_value[b++]);
      }
      ++entries;
    }
    return entries;
  };
  Affinities p;
  p.row_start.assign(n + 1, 0);
  parallel_for(g.n, 256, [&](int begin, int end, int) {  // sort, then count each row's entries
    for (auto i = static_cast<std::size_t>(begin); i < static_cast<std::size_t>(end); ++i) {
      int* mine = &own[i * k];
      std::iota(mine, mine + k, 0);
      const int* target = &g.index[i * k];
      std::sort(mine, mine + k, [&](int x, int y) { return target[x] < target[y]; });
      p.row_start[i + 1] = merge_row(i, [](int, double) {});
    }
  });
  for (std::size_t i = 0; i < n; ++i) p.row_start[i + 1] += p.row_start[i];
  p.column.resize(static_cast<std::size_t>(p.row_start[n]));
  p.value.resize(p.column.size());
  parallel_for(g.n, 256, [&](int begin, int end, int) {  // then write them where the counts put them
    for (auto i = static_cast<std::size_t>(begin); i < static_cast<std::size_t>(end); ++i) {
      auto at = static_cast<std::size_t>(p.row_start[i]);
      merge_row(i, [&](int column, double value) {
        p.column[at] = column;
        p.value[at++] = value;
      });
    }
  });
  double total = 0;
  for (double v : p.value) total += v;
  const double divisor = std::max(total, std::numeric_limits<double>::epsilon());
  parallel_for(static_cast<int>(p.value.size()), 4096, [&](int begin, int end, int) {
    for (int e = begin; e < end; ++e) p.value[static_cast<std::size_t>(e)] /= divisor;
  });
  return p;
}

TsneRun::TsneRun(const Eigen::Ref<const Eigen::MatrixXf>& points, const TsneOptions& options)
    : options_(options), n_(static_cast<int>(points.rows())), dim_(options.out_dim), kl_(std::nan("")) {
  check_options(points, options);
  options_.exaggeration_iterations = std::min(options_.exaggeration_iterations, options_.iterations);
  points_ = points;
  learning_rate_ = options.learning_rate > 0 ? options.learning_rate
                                             : std::max(n_ / options.early_exaggeration / 4.0, 50.0);
  y_ = start_layout(points, options_);
  grad_.assign(y_.size(), 0.0);
  update_.assign(y_.size(), 0.0);
  gains_.assign(y_.size(), 1.0);
  layout_.resize(n_, dim_);
  for (int i = 0; i < n_; ++i)
    for (int a = 0; a < dim_; ++a) layout_(i, a) = static_cast<float>(y_[static_cast<std::size_t>(i * dim_ + a)]);
}

void TsneRun::prepare() {
  if (prepared()) return;
  const int k = std::min(n_ - 1, static_cast<int>(3.0 * options_.perplexity + 1));
  p_ = tsne_affinities(exact_knn_euclidean(points_, k), options_.perplexity);
  // Σ p log p of the KL, fixed with P: computed once (gradient_in adds the rest)
  p_log_p_ = 0;
  for (const double p : p_.value) p_log_p_ += p * table_log(std::max(p, kKlTiny));
  points_ = Eigen::MatrixXf();  // not needed any more
}

// 2-D attraction over a row's affinities e, e+1, ... (while two are left), even entries in lane 0
// and odd ones in lane 1 of `attraction`, with the scalar code's operations in its order (the
// same sums to the bit): Σ p·exaggeration·q · (y_i − y_j), q = 1 / (1 + d²). Returns the first
// entry not done.
int TsneRun::attract_pairs_2d(const double* yi, int e, int end, double exaggeration, double (&attraction)[2][2]) const {
  using namespace aw::simd;
  const D2 one = splat2(1.0), times = splat2(exaggeration), xi = splat2(yi[0]), yi1 = splat2(yi[1]);
  D2 along_x = make2(attraction[0][0], attraction[1][0]), along_y = make2(attraction[0][1], attraction[1][1]);
  const int* column = p_.column.data();
  const double* value = p_.value.data();
  for (; e + 1 < end; e += 2) {
    const double* y0 = &y_[static_cast<std::size_t>(column[e]) * 2];
    const double* y1 = &y_[static_cast<std::size_t>(column[e + 1]) * 2];
    const D2 dx = sub(xi, make2(y0[0], y1[0]));
    const D2 dy = sub(yi1, make2(y0[1], y1[1]));
    const D2 q = div(one, add(one, add(mul(dx, dx), mul(dy, dy))));
    const D2 pq = mul(mul(make2(value[e], value[e + 1]), times), q);
    along_x = add(along_x, mul(pq, dx));
    along_y = add(along_y, mul(pq, dy));
  }
  attraction[0][0] = lane0(along_x);
  attraction[1][0] = lane1(along_x);
  attraction[0][1] = lane0(along_y);
  attraction[1][1] = lane1(along_y);
  return e;
}

template <int D>
void TsneRun::gradient_in(BarnesHutTree<D>& tree, bool with_error) {
  const bool exaggerated = iteration_ < options_.exaggeration_iterations;
  const double exaggeration = exaggerated ? options_.early_exaggeration : 1.0;
  const double theta2 = options_.theta * options_.theta;
  constexpr double kDof = D == 2 ? 1.0 : 2.0;  // sklearn: max(out_dim − 1, 1)
  constexpr double kGradientScale = 2.0 * (kDof + 1.0) / kDof;
  tree.build(y_.data(), n_);
  repulsion_.resize(y_.size());
  double sum_q = tree.repulsion_all(theta2, repulsion_.data());
  sum_q = std::max(sum_q, std::numeric_limits<double>::min());
  // KL = Σ p log(max(p, tiny) / max(q / Z, tiny)) as Σ p log max(p, tiny) (p_log_p_, fixed) minus
  // Σ p log max(q / Z, tiny), log q from the kernel's own form: −log(1 + d²) in 2-D,
  // 1.5 (log 2 − log(2 + d²)) in 3-D; one table_log per affinity and no division.
  const double log_z = table_log(sum_q), inverse_z = 1.0 / sum_q, log_tiny = table_log(kKlTiny);
  // Each point's attraction (and its share of the KL) on some thread; the shares are added in
  // point order below, so the same sums whichever threads ran (parallel.hpp).
  row_cross_.assign(with_error ? static_cast<std::size_t>(n_) : 0, 0.0);
  parallel_for(n_, 256, [&](int first, int last, int) {
    for (int i = first; i < last; ++i) {
      double cross = 0;
      // Two lanes, even and odd entries of the row, summed apart and added at the end: twice the
      // independent work per step (each entry's division no longer waits for the last), in a fixed
      // order, so the same sums on every platform.
      double attraction[2][D] = {};
      const double* yi = &y_[static_cast<std::size_t>(i * D)];
      const auto attract = [&](int lane, int e) {
        const double* yj = &y_[static_cast<std::size_t>(p_.column[static_cast<std::size_t>(e)] * D)];
        double diff[D], d2 = 0;
        for (int a = 0; a < D; ++a) {
          diff[a] = yi[a] - yj[a];
          d2 += diff[a] * diff[a];
        }
        const double q = BarnesHutTree<D>::kernel(d2);
        const double p = p_.value[static_cast<std::size_t>(e)];
        const double pq = p * exaggeration * q;
        for (int a = 0; a < D; ++a) attraction[lane][a] += pq * diff[a];
        if (with_error) {
          const double log_q = D == 2 ? -table_log(1.0 + d2) : 1.5 * (exact::kLn2Hi + exact::kLn2Lo - table_log(2.0 + d2));
          cross += p * (q * inverse_z < kKlTiny ? log_tiny : log_q - log_z);
        }
      };
      const int end = p_.row_start[static_cast<std::size_t>(i) + 1];
      int e = p_.row_start[static_cast<std::size_t>(i)];
      if constexpr (D == 2) {
        // the same two lanes, two affinities per instruction (most iterations: no KL to add up)
        if (!with_error) e = attract_pairs_2d(yi, e, end, exaggeration, attraction);
      }
      for (; e + 1 < end; e += 2) {
        attract(0, e);
        attract(1, e + 1);
      }
      if (e < end) attract(0, e);
      for (int a = 0; a < D; ++a) {
        const std::size_t at = static_cast<std::size_t>(i * D + a);
        grad_[at] = kGradientScale * ((attraction[0][a] + attraction[1][a]) - repulsion_[at] / sum_q);
      }
      if (with_error) row_cross_[static_cast<std::size_t>(i)] = cross;
    }
  });
  if (with_error) {
    double cross = 0;
    for (double c : row_cross_) cross += c;
    kl_ = p_log_p_ - cross;
  }
}

void TsneRun::gradient(bool with_error) {
  if (dim_ == 2) gradient_in(tree2_, with_error);
  else gradient_in(tree3_, with_error);
}

void TsneRun::stop_unless_drawable() {
  if (drawable(y_)) return;
  stopped_ = "t-SNE stopped at iteration " + std::to_string(iteration_ + 1) +
             ": a coordinate of the layout left float's range (infinite or NaN). Lower the learning rate or the "
             "early exaggeration and start again.";
  throw InputError(stopped_);
}

int TsneRun::step(int iterations) {
  if (!stopped_.empty()) throw InputError(stopped_);
  prepare();
  int ran = 0;
  while (ran < iterations && !done()) {
    const bool last = ran + 1 == iterations || iteration_ + 1 == options_.iterations;
    gradient(last);
    if (iteration_ == options_.exaggeration_iterations && iteration_ > 0) {
      // sklearn runs the two stages as two calls of its gradient descent: the second starts afresh
      std::fill(update_.begin(), update_.end(), 0.0);
      std::fill(gains_.begin(), gains_.end(), 1.0);
    }
    const double momentum = iteration_ < options_.exaggeration_iterations ? 0.5 : 0.8;
    for (std::size_t c = 0; c < y_.size(); ++c) {
      const bool same_direction = update_[c] * grad_[c] < 0;  // sklearn's "inc": the step agrees with −gradient
      gains_[c] = std::max(same_direction ? gains_[c] + 0.2 : gains_[c] * 0.8, 0.01);
      update_[c] = momentum * update_[c] - learning_rate_ * gains_[c] * grad_[c];
      y_[c] += update_[c];
    }
    stop_unless_drawable();
    ++iteration_;
    ++ran;
  }
  for (int i = 0; i < n_; ++i)
    for (int a = 0; a < dim_; ++a) layout_(i, a) = static_cast<float>(y_[static_cast<std::size_t>(i * dim_ + a)]);
  return ran;
}

}  // namespace aw::space
