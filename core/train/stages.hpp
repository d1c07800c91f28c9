// The block's stages, each as a forward function and its hand-written backward function
// (reverse mode: given the loss's gradient with respect to a stage's output, return it with
// respect to the stage's inputs). One sentence at a time, so no padding mask is needed: a batch
// is a loop over its sentences whose gradients are averaged (see model.hpp). The matrices are
// tiny (a sentence of ~10 words, widths 8-100): below a few thousand multiply-adds a product is
// coefficient-based (lazyProduct), where Eigen's blocked GEMM would cost more in set-up than it saves;
// above, two doubles at a time (core/math/row_product.hpp), the same sums in the same order as
// Eigen's blocked product but without its packing, and in wasm SIMD where Eigen has none.
//
//   ids -> X = E[ids] -> Q = X W_q, K = X W_k, V = X W_v -> R = Q Kᵀ -> S = R / √d_k
//       -> A = softmax_rows(S) -> Y = A V -> y = Y[target] -> z = y W_head + b_head
//       -> loss = cross_entropy(z, label)
#pragma once
#include <cmath>
#include <vector>

#include "core/math/matrix.hpp"
#include "core/math/row_product.hpp"

namespace aw::train {

template <typename A, typename B>
MatD product(const A& a, const B& b) {
  if (a.rows() * a.cols() * b.cols() <= 4096) return a.lazyProduct(b);
  return row_product(a, b);
}

// ---- embedding lookup: X[i] = E[ids[i]] ------------------------------------------------
inline MatD embedding_forward(const MatD& E, const std::vector<int>& ids) {
  MatD X(static_cast<long>(ids.size()), E.cols());
  for (std::size_t i = 0; i < ids.size(); ++i) X.row(static_cast<long>(i)) = E.row(ids[i]);
  return X;
}
// Adds dX's rows into dE; a word used twice in the sentence collects both rows.
inline void embedding_backward(const MatD& dX, const std::vector<int>& ids, MatD& dE) {
  for (std::size_t i = 0; i < ids.size(); ++i) dE.row(ids[i]) += dX.row(static_cast<long>(i));
}

// ---- projection: P = X W ----------------------------------------------------------------
inline MatD projection_forward(const MatD& X, const MatD& W) { return product(X, W); }
struct ProjectionGrad {
  MatD dX, dW;
};
// W_t is Wᵀ laid out row by row (the batch makes it once: model.hpp's TransposedProjections).
inline ProjectionGrad projection_backward_transposed(const MatD& X, const MatD& W_t, const MatD& dP) {
  return {product(dP, W_t), product(X.transpose(), dP)};
}
inline ProjectionGrad projection_backward(const MatD& X, const MatD& W, const MatD& dP) {
  return projection_backward_transposed(X, W.transpose(), dP);
}

// ---- raw scores: R = Q Kᵀ ----------------------------------------------------------------
inline MatD scores_forward(const MatD& Q, const MatD& K) { return product(Q, K.transpose()); }
struct ScoresGrad {
  MatD dQ, dK;
};
inline ScoresGrad scores_backward(const MatD& Q, const MatD& K, const MatD& dR) {
  return {product(dR, K), product(dR.transpose(), Q)};
}

// ---- scaling: S = R · c (c = 1/√d_k) ----------------------------------------------------
inline MatD scale_forward(const MatD& R, double c) { return R * c; }
inline MatD scale_backward(const MatD& dS, double c) { return dS * c; }

// ---- row softmax: A[i] = softmax(S[i]) -----------------------------------------------------
inline MatD softmax_forward(const MatD& S) {
  MatD A(S.rows(), S.cols());
  for (long i = 0; i < S.rows(); ++i) {
    const auto e = (S.row(i).array() - S.row(i).maxCoeff()).exp();
    A.row(i) = e / e.sum();
  }
  return A;
}
// dS[i] = A[i] ⊙ (dA[i] − ⟨dA[i], A[i]⟩): the softmax Jacobian diag(a) − a aᵀ, row by row.
inline MatD softmax_backward(const MatD& A, const MatD& dA) {
  const Eigen::VectorXd inner = (dA.array() * A.array()).rowwise().sum();
  return (A.array() * (dA.array().colwise() - inner.array())).matrix();
}

// ---- mixing: Y = A V -------------------------------------------------------------------------
inline MatD mix_forward(const MatD& A, const MatD& V) { return product(A, V); }
struct MixGrad {
  MatD dA, dV;
};
inline MixGrad mix_backward(const MatD& A, const MatD& V, const MatD& dY) {
  return {product(dY, V.transpose()), product(A.transpose(), dY)};
}

// ---- the target word's row: y = Y[t] -------------------------------------------------------
inline MatD select_forward(const MatD& Y, int t) { return Y.row(t); }
inline MatD select_backward(const MatD& dy, long rows, int t) {
  MatD dY = MatD::Zero(rows, dy.cols());
  dY.row(t) = dy;
  return dY;
}

// ---- task head: z = y W_head + b_head -------------------------------------------------------
inline MatD head_forward(const MatD& y, const MatD& W, const MatD& b) { return product(y, W) + b; }
struct HeadGrad {
  MatD dy, dW, db;
};
inline HeadGrad head_backward(const MatD& y, const MatD& W, const MatD& dz) {
  return {product(dz, W.transpose()), product(y.transpose(), dz), dz};
}

// ---- cross-entropy: loss = log Σ exp z − z[label] -------------------------------------------
struct CrossEntropy {
  double loss = 0;
  MatD probabilities;  // softmax(z), (1, classes)
};
inline CrossEntropy cross_entropy_forward(const MatD& z, int label) {
  const double m = z.maxCoeff();
  const double log_sum = m + std::log((z.array() - m).exp().sum());
  return {log_sum - z(0, label), (z.array() - log_sum).exp().matrix()};
}
// dz = (softmax(z) − onehot(label)) · upstream (upstream = 1/batch size for a batch mean).
inline MatD cross_entropy_backward(const MatD& probabilities, int label, double upstream) {
  MatD dz = probabilities;
  dz(0, label) -= 1.0;
  return dz * upstream;
}

}  // namespace aw::train
