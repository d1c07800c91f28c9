#include "core/space/umap.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <string>

#include "core/math/matrix.hpp"
#include "core/space/exact_math.hpp"
#include "core/space/parallel.hpp"
#include "core/space/power_table.hpp"

namespace aw::space {

namespace {

// ρ and σ of one point from its distances to its nearest others (smooth_knn_dist, local
// connectivity 1, bandwidth 1, 64 halvings, tolerance 1e-5).
void smooth_knn(const double* d, int others, int n_neighbors, double mean_all, double& rho, double& sigma) {
  rho = 0;
  for (int j = 0; j < others; ++j) {
    if (d[j] > 0) {
      rho = d[j];  // nearest first: the first non-zero is the smallest
      break;
    }
  }
  const double target = exact::log(static_cast<double>(n_neighbors)) / exact::log(2.0);
  double lo = 0, hi = std::numeric_limits<double>::infinity(), mid = 1;
  for (int step = 0; step < 64; ++step) {
    double psum = 0;
    for (int j = 0; j < others; ++j) {
      const double gap = d[j] - rho;
      psum += gap > 0 ? exact::exp(-gap / mid) : 1.0;
    }
    if (std::fabs(psum - target) < 1e-5) break;
    if (psum > target) {
      hi = mid;
      mid = (lo + hi) / 2;
    } else {
      lo = mid;
      mid = std::isinf(hi) ? mid * 2 : (lo + hi) / 2;
    }
  }
  double mean_own = 0;  // over the n_neighbors distances, the point's own 0 included
  for (int j = 0; j < others; ++j) mean_own += d[j];
  mean_own /= n_neighbors;
  sigma = std::max(mid, 1e-3 * (rho > 0 ? mean_own : mean_all));
}

void check_options(const Eigen::Ref<const Eigen::MatrixXf>& points, const UmapOptions& o) {
  check_layout_input(points, o.out_dim, "UMAP");
  const long n = static_cast<long>(points.rows());
  require_in_range(o.n_neighbors, kUmapNeighbors, "UMAP's neighbours per point");
  if (n <= o.n_neighbors) {
    throw InputError("UMAP with " + std::to_string(o.n_neighbors) + " neighbours needs more than " +
                     std::to_string(o.n_neighbors) + " points; there are " + std::to_string(n) +
                     ": lower the neighbours or add points");
  }
  require_in_range(o.min_dist, kUmapMinDist, "UMAP's min_dist (at most the spread, 1)");
  if (o.epochs != 0) require_in_range(o.epochs, kUmapEpochs, "UMAP's epochs (0 picks them)");
  if (o.init == LayoutInit::spectral) throw InputError("UMAP here starts from 'pca' or 'random', not 'spectral'");
}

std::vector<double> start_layout(const Eigen::Ref<const Eigen::MatrixXf>& points, const UmapOptions& o,
                                 rng::NumpyGenerator& rng) {
  const auto n = static_cast<std::size_t>(points.rows()), dim = static_cast<std::size_t>(o.out_dim);
  std::vector<double> y;
  if (o.init == LayoutInit::random) {
    y.resize(n * dim);
    for (double& v : y) v = -10 + 20 * rng.random();
  } else {
    y = pca_scores(points, o.out_dim);
    double biggest = 0;
    for (double v : y) biggest = std::max(biggest, std::fabs(v));
    const double expansion = biggest > 0 ? 10.0 / biggest : 0;
    for (double& v : y) v = v * expansion + 1e-4 * rng.standard_normal();
  }
  for (std::size_t a = 0; a < dim; ++a) {  // each axis to [0, 10]
    double lo = y[a], hi = y[a];
    for (std::size_t i = 0; i < n; ++i) {
      lo = std::min(lo, y[i * dim + a]);
      hi = std::max(hi, y[i * dim + a]);
    }
    const double span = hi > lo ? hi - lo : 1;
    for (std::size_t i = 0; i < n; ++i) y[i * dim + a] = 10 * (y[i * dim + a] - lo) / span;
  }
  return y;
}

}  // namespace

CurveParameters fit_curve(double min_dist, double spread) {
  require_in_range(spread, kUmapSpread, "UMAP's spread");
  require_in_range(min_dist, {0, spread}, "UMAP's min_dist (at most the spread)");
  constexpr int kPoints = 300;
  std::vector<double> x(kPoints), target(kPoints);
  for (int i = 0; i < kPoints; ++i) {
    x[i] = spread * 3 * i / (kPoints - 1);
    target[i] = x[i] < min_dist ? 1.0 : exact::exp(-(x[i] - min_dist) / spread);
  }
  // Levenberg–Marquardt on f(x) = 1 / (1 + a x^{2b}), from a = b = 1 like curve_fit's default
  double a = 1, b = 1, lambda = 1e-3;
  const auto cost = [&](double ca, double cb) {
    double s = 0;
    for (int i = 0; i < kPoints; ++i) {
      const double r = 1 / (1 + ca * exact::pow(x[i], 2 * cb)) - target[i];
      s += r * r;
    }
    return s;
  };
  double current = cost(a, b);
  for (int iter = 0; iter < 200; ++iter) {
    double jaa = 0, jab = 0, jbb = 0, ga = 0, gb = 0;
    for (int i = 0; i < kPoints; ++i) {
      if (x[i] <= 0) continue;  // f = 1 there whatever a and b: no gradient
      const double p = exact::pow(x[i], 2 * b);
      const double f = 1 / (1 + a * p);
      const double r = f - target[i];
      const double da = -p * f * f;
      const double db = -a * p * 2 * exact::log(x[i]) * f * f;
      jaa += da * da;
      jab += da * db;
      jbb += db * db;
      ga += da * r;
      gb += db * r;
    }
    bool improved = false;
    for (int tries = 0; tries < 30 && !improved; ++tries) {
      const double m00 = jaa * (1 + lambda), m11 = jbb * (1 + lambda), det = m00 * m11 - jab * jab;
      const double step_a = -(m11 * ga - jab * gb) / det, step_b = -(m00 * gb - jab * ga) / det;
      const double trial = cost(a + step_a, b + step_b);
      if (trial < current) {
        const double gain = current - trial;
        a += step_a;
        b += step_b;
        current = trial;
        lambda = std::max(lambda / 10, 1e-12);
        improved = true;
        if (gain < 1e-15 * std::max(current, 1e-300)) iter = 200;
      } else {
        lambda *= 10;
      }
    }
    if (!improved) break;
  }
  return {a, b};
}

FuzzyGraph fuzzy_graph(const KnnGraph& g, int n_neighbors) {
  const auto n = static_cast<std::size_t>(g.n), k = static_cast<std::size_t>(g.k);
  double mean_all = 0;
  for (double d : g.distance) mean_all += d;
  mean_all /= static_cast<double>(n) * n_neighbors;  // the n zero self-distances count too
  // Each membership A(i, j) listed twice, as (i, j) forward and as (j, i) backward; sorted by
  // (head, tail), the entries of one pair sit together: their union is A + Aᵀ − A∘Aᵀ.
  struct Entry {
    int head, tail;
    double forward, backward;  // A(head, tail) and A(tail, head), 0 where absent
  };
  std::vector<Entry> entries;
  entries.reserve(2 * n * k);
  for (std::size_t i = 0; i < n; ++i) {
    double rho = 0, sigma = 1;
    const double* d = &g.distance[i * k];
    smooth_knn(d, g.k, n_neighbors, mean_all, rho, sigma);
    for (std::size_t m = 0; m < k; ++m) {
      const double gap = d[m] - rho;
      const double w = gap <= 0 || sigma == 0 ? 1.0 : exact::exp(-gap / sigma);
      const int j = g.index[i * k + m];
      entries.push_back({static_cast<int>(i), j, w, 0.0});
      entries.push_back({j, static_cast<int>(i), 0.0, w});
    }
  }
  std::sort(entries.begin(), entries.end(),
            [](const Entry& x, const Entry& y) { return x.head < y.head || (x.head == y.head && x.tail < y.tail); });
  FuzzyGraph out;
  for (std::size_t at = 0; at < entries.size();) {
    double forward = 0, backward = 0;  // a pair has at most one of each
    std::size_t next = at;
    for (; next < entries.size() && entries[next].head == entries[at].head && entries[next].tail == entries[at].tail; ++next) {
      forward += entries[next].forward;
      backward += entries[next].backward;
    }
    const double w = forward + backward - forward * backward;
    if (w > 0) {
      out.head.push_back(entries[at].head);
      out.tail.push_back(entries[at].tail);
      out.weight.push_back(w);
    }
    at = next;
  }
  return out;
}

UmapRun::UmapRun(const Eigen::Ref<const Eigen::MatrixXf>& points, const UmapOptions& options)
    : n_(static_cast<int>(points.rows())), dim_(options.out_dim), rng_(options.seed) {
  check_options(points, options);
  epochs_ = options.epochs > 0 ? options.epochs : (n_ <= 10000 ? 500 : 200);
  curve_ = fit_curve(options.min_dist);
  power_ = std::make_shared<PowerTable>(curve_.b);
  n_neighbors_ = options.n_neighbors;
  points_ = points;
  y_ = start_layout(points, options, rng_);  // the graph draws nothing from rng_, so the start may come first
  // one taus88 per point (its negative samples), seeded from the run's stream in point order;
  // taus88 needs its words above 1, 7 and 15: the low bits set keep them there
  negative_rng_.resize(static_cast<std::size_t>(n_));
  for (Taus88& draws : negative_rng_) {
    draws = {static_cast<std::uint32_t>(rng_.next_u64() >> 32) | 2u, static_cast<std::uint32_t>(rng_.next_u64() >> 32) | 8u,
             static_cast<std::uint32_t>(rng_.next_u64() >> 32) | 16u};
  }
  layout_.resize(n_, dim_);
  for (int i = 0; i < n_; ++i)
    for (int a = 0; a < dim_; ++a) layout_(i, a) = static_cast<float>(y_[static_cast<std::size_t>(i * dim_ + a)]);
}

void UmapRun::prepare() {
  if (prepared()) return;
  const FuzzyGraph graph = fuzzy_graph(exact_knn_euclidean(points_, n_neighbors_ - 1), n_neighbors_);
  points_ = Eigen::MatrixXf();  // not needed any more
  const double heaviest = *std::max_element(graph.weight.begin(), graph.weight.end());
  for (std::size_t e = 0; e < graph.weight.size(); ++e) {
    if (graph.weight[e] < heaviest / epochs_) continue;  // would never be sampled
    head_.push_back(graph.head[e]);
    tail_.push_back(graph.tail[e]);
    epochs_per_sample_.push_back(heaviest / graph.weight[e]);
  }
  // each point's edges are consecutive (the graph lists them by head): where they start
  edge_start_.assign(static_cast<std::size_t>(n_) + 1, 0);
  for (int head : head_) ++edge_start_[static_cast<std::size_t>(head) + 1];
  for (int i = 0; i < n_; ++i) edge_start_[static_cast<std::size_t>(i) + 1] += edge_start_[static_cast<std::size_t>(i)];
  constexpr double kNegativeRate = 5;
  next_sample_ = epochs_per_sample_;
  for (double e : epochs_per_sample_) epochs_per_negative_.push_back(e / kNegativeRate);
  next_negative_ = epochs_per_negative_;
}

std::vector<int> UmapRun::graph_parts() {
  prepare();
  std::vector<int> root(static_cast<std::size_t>(n_));
  for (int i = 0; i < n_; ++i) root[static_cast<std::size_t>(i)] = i;
  const auto find = [&root](int i) {
    while (root[static_cast<std::size_t>(i)] != i) {
      root[static_cast<std::size_t>(i)] = root[static_cast<std::size_t>(root[static_cast<std::size_t>(i)])];
      i = root[static_cast<std::size_t>(i)];
    }
    return i;
  };
  for (std::size_t e = 0; e < head_.size(); ++e) {
    const int a = find(head_[e]), b = find(tail_[e]);
    if (a != b) root[static_cast<std::size_t>(std::max(a, b))] = std::min(a, b);
  }
  std::map<int, int> size;  // by root (the part's lowest point)
  for (int i = 0; i < n_; ++i) ++size[find(i)];
  std::vector<std::pair<int, int>> order(size.begin(), size.end());
  std::stable_sort(order.begin(), order.end(), [](const auto& x, const auto& y) { return x.second > y.second; });
  std::map<int, int> number;
  for (std::size_t p = 0; p < order.size(); ++p) number[order[p].first] = static_cast<int>(p);
  std::vector<int> out(static_cast<std::size_t>(n_));
  for (int i = 0; i < n_; ++i) out[static_cast<std::size_t>(i)] = number[find(i)];
  return out;
}

std::uint32_t UmapRun::Taus88::next() {
  s1 = ((s1 & 0xfffffffeu) << 12) ^ (((s1 << 13) ^ s1) >> 19);
  s2 = ((s2 & 0xfffffff8u) << 4) ^ (((s2 << 2) ^ s2) >> 25);
  s3 = ((s3 & 0xfffffff0u) << 17) ^ (((s3 << 3) ^ s3) >> 11);
  return s1 ^ s2 ^ s3;
}

// One epoch for a layout of Dim dimensions (2 or 3: the loops over coordinates unrolled).
// Each point moves only itself: through its own edges (the graph lists every pair both ways, so
// the other end moves through its own), towards where its neighbours stood when the epoch began
// and away from where its negative samples stood, drawn from the point's own generator. So points
// are independent within an epoch and go to the threads (parallel.hpp) with the same result on
// any number of them. umap-learn instead moves both ends of each sample and reads the others as
// they move (one thread, or racing threads); here the pull of a sample counts twice, for the
// other end's half, and the layouts keep umap-learn's neighbourhoods (test_umap.cpp). A point's
// negative samples are all measured from where its positive sample left it, then applied
// together, so their distances and pows overlap in the processor. pow is a table for the run's b.
template <int Dim>
void UmapRun::run_epoch_in() {
  const double a = curve_.a, b = curve_.b;
  const double alpha = 1.0 - static_cast<double>(epoch_) / epochs_;
  const double now = epoch_;
  const auto clip = [](double v) { return std::max(-4.0, std::min(4.0, v)); };
  const PowerTable& power = *power_;
  start_ = y_;  // where every point stood when the epoch began
  parallel_for(n_, 128, [&](int first, int last, int) {
    constexpr int kLanes = 8;
    const double* far_at[kLanes];
    for (int point = first; point < last; ++point) {
      double* current = &y_[static_cast<std::size_t>(point) * Dim];
      Taus88& draws = negative_rng_[static_cast<std::size_t>(point)];
      for (int e = edge_start_[static_cast<std::size_t>(point)]; e < edge_start_[static_cast<std::size_t>(point) + 1]; ++e) {
        const auto edge = static_cast<std::size_t>(e);
        if (next_sample_[edge] > now) continue;
        const double* other = &start_[static_cast<std::size_t>(tail_[edge]) * Dim];
        double d2 = 0;
        for (int c = 0; c < Dim; ++c) d2 += (current[c] - other[c]) * (current[c] - other[c]);
        const double d2b = d2 > 0 ? power(d2) : 0.0;  // one pow: d2^(b−1) = d2^b / d2
        const double pull = d2 > 0 ? -2 * a * b * (d2b / d2) / (a * d2b + 1) : 0.0;
        for (int c = 0; c < Dim; ++c) current[c] += 2 * clip(pull * (current[c] - other[c])) * alpha;
        next_sample_[edge] += epochs_per_sample_[edge];
        const int negatives = static_cast<int>((now - next_negative_[edge]) / epochs_per_negative_[edge]);
        for (int first_sample = 0; first_sample < negatives; first_sample += kLanes) {
          int lanes = 0;
          for (int s = first_sample; s < std::min(negatives, first_sample + kLanes); ++s) {
            const int k = draws.below(n_);
            if (k == point) continue;
            far_at[lanes++] = &start_[static_cast<std::size_t>(k) * Dim];
          }
          double move[Dim] = {};
          for (int l = 0; l < lanes; ++l) {
            double f2 = 0;
            for (int c = 0; c < Dim; ++c) f2 += (current[c] - far_at[l][c]) * (current[c] - far_at[l][c]);
            if (!(f2 > 0)) continue;  // the same place as the point: no push
            const double push = 2 * b / ((0.001 + f2) * (a * power(f2) + 1));
            for (int c = 0; c < Dim; ++c) move[c] += clip(push * (current[c] - far_at[l][c])) * alpha;
          }
          for (int c = 0; c < Dim; ++c) current[c] += move[c];
        }
        next_negative_[edge] += negatives * epochs_per_negative_[edge];
      }
    }
  });
}

void UmapRun::run_epoch() {
  if (dim_ == 2) run_epoch_in<2>();
  else run_epoch_in<3>();
}

void UmapRun::stop_unless_drawable() {
  if (drawable(y_)) return;
  stopped_ = "UMAP stopped at epoch " + std::to_string(epoch_ + 1) +
             ": a coordinate of the layout left float's range (infinite or NaN), so the run ends here.";
  throw InputError(stopped_);
}

int UmapRun::step(int epochs) {
  if (!stopped_.empty()) throw InputError(stopped_);
  prepare();
  int ran = 0;
  while (ran < epochs && !done()) {
    run_epoch();
    stop_unless_drawable();
    ++epoch_;
    ++ran;
  }
  for (int i = 0; i < n_; ++i)
    for (int a = 0; a < dim_; ++a) layout_(i, a) = static_cast<float>(y_[static_cast<std::size_t>(i * dim_ + a)]);
  return ran;
}

}  // namespace aw::space
