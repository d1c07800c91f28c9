// What t-SNE and UMAP share (private to the layouts; neighbours.hpp / pca.hpp of the same layer
// are the view's cosine neighbours and reported PCA): input checks, exact Euclidean k nearest
// neighbours (the metric sklearn's TSNE and umap-learn use by default), and the starting layouts.
#pragma once
#include <Eigen/Dense>
#include <cstdint>
#include <string>
#include <vector>

namespace aw::space {

enum class LayoutInit { pca, random, spectral };  // spectral: UMAP only

// Refuses points a layout cannot use, with a message for the learner: no points, a width of 0,
// a NaN or infinite value (naming its row), an out_dim other than 2 or 3.
void check_layout_input(const Eigen::Ref<const Eigen::MatrixXf>& points, int out_dim, const std::string& method);

// An option's allowed values, both ends included.
struct OptionRange {
  double min, max;
};

// Refuses a value outside `range` (NaN too), naming the option and its range, compared as a double
// before anything casts it: "t-SNE's learning rate must be from 1 to 100000; it is 1e+200".
void require_in_range(double value, OptionRange range, const std::string& option);

// Whether every coordinate can be handed out in the float layout: finite and within float's
// range. A run whose step leaves it stops with a message instead of drawing inf or NaN.
bool drawable(const std::vector<double>& y);

// An option's value as a message shows it: "30", "10.5", "1e+30", "NaN" (never cast to an integer,
// which is undefined for a value out of int's range).
std::string number_text(double value);

// The k nearest other points of every row by Euclidean distance, ties by index, nearest first.
// `index` and `distance` are N x k, row-major. Exact: all N² distances, four floats at a time,
// in blocks of rows; the k chosen distances are recomputed in double.
struct KnnGraph {
  int n = 0, k = 0;
  std::vector<int> index;
  std::vector<double> distance;
};
KnnGraph exact_knn_euclidean(const Eigen::Ref<const Eigen::MatrixXf>& points, int k);

// The first `out_dim` principal components' scores (centred, covariance eigenvectors in double,
// each component's largest-|value| entry positive), N x out_dim row-major.
std::vector<double> pca_scores(const Eigen::Ref<const Eigen::MatrixXf>& points, int out_dim);

}  // namespace aw::space
