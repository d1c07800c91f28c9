// core/math/attention_kinds.hpp on small hand-made inputs: the properties each kind is shown
// for, and the messages for shapes that do not fit. The NumPy/PyTorch goldens are in
// tests/native/lessons/test_attention_kinds.cpp.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>

#include "core/math/attention_kinds.hpp"

namespace {

aw::MatD ramp(long rows, long cols, double step = 0.37) {
  aw::MatD m(rows, cols);
  for (long i = 0; i < rows; ++i) {
    for (long j = 0; j < cols; ++j) m(i, j) = std::sin(step * static_cast<double>(i * cols + j + 1));
  }
  return m;
}

}  // namespace

TEST_CASE("named_product: Q·K without the transpose names both shapes, with it the scores are (n, n)") {
  const aw::MatD Q = ramp(4, 8), K = ramp(4, 8, 0.11);
  try {
    aw::named_product(Q, "Q", K, "K");
    FAIL("Q·K with shapes (4, 8) and (4, 8) must be refused");
  } catch (const aw::InputError& e) {
    CHECK(std::string(e.what()) ==
          "Q·K cannot be computed: Q is (4, 8) and K is (4, 8); a matrix product needs the columns "
          "of Q (8) to equal the rows of K (4).");
  }
  const aw::MatD KT = K.transpose();
  const aw::MatD scores = aw::named_product(Q, "Q", KT, "Kᵀ");
  CHECK(scores.rows() == 4);
  CHECK(scores.cols() == 4);
  CHECK((scores - Q * KT).cwiseAbs().maxCoeff() == 0.0);  // the same product, so the same rounding
}

TEST_CASE("cross_attention: scores (n_A, n_B), rows sum to 1, one output per query, equals self-attention when A = B") {
  const aw::MatD Xa = ramp(3, 6), Xb = ramp(5, 6, 0.23);
  const aw::MatD Wq = ramp(6, 4, 0.5), Wk = ramp(6, 4, 0.7), Wv = ramp(6, 2, 0.9);
  const auto c = aw::cross_attention(Xa, Xb, Wq, Wk, Wv, true);
  CHECK(c.scores.rows() == 3);
  CHECK(c.scores.cols() == 5);
  CHECK(c.Y.rows() == 3);
  CHECK(c.Y.cols() == 2);
  for (long i = 0; i < 3; ++i) CHECK(c.attn_weights.row(i).sum() == doctest::Approx(1.0).epsilon(1e-15));
  const auto self = aw::cross_attention(Xa, Xa, Wq, Wk, Wv, true);
  const auto projected = aw::projected_attention(Xa, Wq, Wk, Wv, {true, false, -1});
  CHECK((self.attn_weights - projected.attn_weights).cwiseAbs().maxCoeff() < 1e-15);
  CHECK_THROWS_WITH_AS(aw::cross_attention(Xa, ramp(5, 7), Wq, Wk, Wv, true),
                       "the query sequence has 6 features but the key/value sequence has 7: both must have the same d_model",
                       aw::InputError);
}

TEST_CASE("multi_head_cross_attention: equals multi_head_attention on (X, X, X), key and value lengths must agree") {
  const aw::MatD X = ramp(4, 8), Xb = ramp(6, 8, 0.19);
  const aw::MatD in_proj = ramp(24, 8, 0.29) * 0.3, out_proj = ramp(8, 8, 0.31) * 0.3;
  for (int heads : {1, 2, 4}) {
    const auto a = aw::multi_head_attention(X, in_proj, out_proj, heads);
    const auto b = aw::multi_head_cross_attention(X, X, X, in_proj, out_proj, heads);
    CHECK((a.output - b.output).cwiseAbs().maxCoeff() < 1e-14);
    CHECK((a.mean_weights - b.mean_weights).cwiseAbs().maxCoeff() < 1e-15);
    const auto cross = aw::multi_head_cross_attention(X, Xb, Xb, in_proj, out_proj, heads);
    CHECK(cross.mean_weights.rows() == 4);
    CHECK(cross.mean_weights.cols() == 6);
    CHECK(cross.output.rows() == 4);
  }
  CHECK_THROWS_WITH_AS(aw::multi_head_cross_attention(X, Xb, X, in_proj, out_proj, 1),
                       "key has 6 tokens but value has 4: each key needs its value, so key and value must have the same length",
                       aw::InputError);
}

TEST_CASE("block mask + padded batch: the masked concatenation equals the batch, unmasked rows reach the other sentence") {
  const aw::MatD Xa = ramp(3, 5), Xb = ramp(4, 5, 0.53);
  const aw::MatD Wq = ramp(5, 5, 0.41), Wk = ramp(5, 5, 0.43), Wv = ramp(5, 5, 0.47);
  const auto batch = aw::padded_batch_attention<double>({Xa, Xb}, Wq, Wk, Wv, true);
  CHECK(batch.n_max == 4);
  REQUIRE(batch.attn_weights.size() == 2);
  // the padded key of the shorter sentence gets weight exactly 0
  for (long i = 0; i < 4; ++i) CHECK(batch.attn_weights[0](i, 3) == 0.0);
  aw::MatD X(7, 5);
  X << Xa, Xb;
  aw::MatD scores = (X * Wq) * (X * Wk).transpose() / std::sqrt(5.0);
  aw::MatD masked = scores;
  aw::apply_block_mask(masked, {3, 4});
  CHECK(masked(0, 3) == -std::numeric_limits<double>::infinity());
  CHECK(masked(6, 2) == -std::numeric_limits<double>::infinity());
  CHECK(masked(4, 6) == scores(4, 6));
  const aw::MatD Ym = aw::row_softmax(masked) * (X * Wv);
  const aw::MatD Yp = aw::row_softmax(scores) * (X * Wv);
  CHECK((Ym.topRows(3) - batch.Y[0].topRows(3)).cwiseAbs().maxCoeff() < 1e-14);
  CHECK((Ym.bottomRows(4) - batch.Y[1]).cwiseAbs().maxCoeff() < 1e-14);
  CHECK((Yp.topRows(3) - batch.Y[0].topRows(3)).cwiseAbs().maxCoeff() > 1e-6);
  CHECK_THROWS_WITH_AS(aw::apply_block_mask(masked, {3, 3}), "the block mask covers 6 tokens but the scores are (7, 7)",
                       aw::InputError);
}

TEST_CASE("uniform_mixing: every row the mean, the sum is n times it") {
  const aw::MatD X = ramp(5, 3);
  const auto u = aw::uniform_mixing(X);
  CHECK(aw::max_row_spread(u.Y) < 1e-15);
  CHECK((u.sum - 5.0 * u.Y.row(0)).cwiseAbs().maxCoeff() < 1e-15);
  CHECK(u.attn_weights(2, 4) == 0.2);
}

TEST_CASE("row_min_max: 0 at the minimum, 1 at the maximum, rows that do not sum to 1, masked keys and flat rows") {
  aw::MatD s(3, 3);
  const double inf = std::numeric_limits<double>::infinity();
  s << 1, 3, 2,  //
      5, -inf, 1,  //
      2, 2, 2;
  const auto m = aw::row_min_max(s);
  CHECK(m.weights(0, 0) == 0.0);
  CHECK(m.weights(0, 1) == 1.0);
  CHECK(m.weights(0, 2) == 0.5);
  CHECK(m.row_sums(0) == 1.5);
  CHECK(m.min_key[0] == 0);
  CHECK(m.max_key[0] == 1);
  CHECK(m.weights(1, 1) == 0.0);  // hidden key
  CHECK(m.row_sums(1) == 1.0);
  CHECK(m.constant_row[2]);
  CHECK(m.row_sums(2) == 0.0);
  aw::MatD nan(1, 2);
  nan << 1, std::nan("");
  CHECK_THROWS_AS(aw::row_min_max(nan), aw::InputError);
}
