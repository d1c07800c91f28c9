#include <doctest/doctest.h>

#include <numeric>
#include <vector>

#include "core/math/attention.hpp"

using aw::MatD;
using aw::MatF;

namespace {

struct Fixture {
  MatD X = MatD::Random(5, 8);
  MatD W_q = MatD::Random(8, 4) * 0.5;
  MatD W_k = MatD::Random(8, 4) * 0.5;
  MatD W_v = MatD::Random(8, 6) * 0.5;
};

// P X: row i of the result is row order[i] of X.
MatD permute_rows(const MatD& M, const std::vector<long>& order) {
  MatD out(M.rows(), M.cols());
  for (long i = 0; i < M.rows(); ++i) out.row(i) = M.row(order[static_cast<std::size_t>(i)]);
  return out;
}

}  // namespace

TEST_CASE("projected attention: every stage has the shape the notes give") {
  Fixture f;
  const auto r = aw::projected_attention(f.X, f.W_q, f.W_k, f.W_v);
  CHECK(r.Q.rows() == 5);
  CHECK(r.Q.cols() == 4);
  CHECK(r.K.cols() == 4);
  CHECK(r.V.cols() == 6);  // d_v independent of d_k and d_model
  CHECK(r.scores.rows() == 5);
  CHECK(r.scores.cols() == 5);
  CHECK(r.attn_weights.rows() == 5);
  CHECK(r.Y.rows() == 5);
  CHECK(r.Y.cols() == 6);
  CHECK(r.Y_literal.cols() == 8);
  CHECK(r.scale_divisor == doctest::Approx(2.0));
}

TEST_CASE("attention weights: every row sums to 1 within 1e-12") {
  Fixture f;
  for (bool causal : {false, true}) {
    const auto r = aw::projected_attention(f.X, f.W_q, f.W_k, f.W_v, {true, causal});
    for (long i = 0; i < r.attn_weights.rows(); ++i) {
      CHECK(std::abs(r.attn_weights.row(i).sum() - 1.0) < 1e-12);
    }
    const auto p = aw::parameter_free_attention(f.X, causal);
    for (long i = 0; i < p.attn_weights.rows(); ++i) {
      CHECK(std::abs(p.attn_weights.row(i).sum() - 1.0) < 1e-12);
    }
  }
}

TEST_CASE("scaling divides the scores by sqrt(d_k) before softmax") {
  Fixture f;
  const auto scaled = aw::projected_attention(f.X, f.W_q, f.W_k, f.W_v, {true, false});
  const auto raw = aw::projected_attention(f.X, f.W_q, f.W_k, f.W_v, {false, false});
  CHECK((scaled.scores * 2.0 - raw.scores).cwiseAbs().maxCoeff() < 1e-12);
  CHECK((raw.scores - f.X * f.W_q * (f.X * f.W_k).transpose()).cwiseAbs().maxCoeff() < 1e-12);
  CHECK((scaled.attn_weights - raw.attn_weights).cwiseAbs().maxCoeff() > 1e-6);
}

TEST_CASE("unmasked attention is permutation equivariant: shuffled tokens give shuffled outputs") {
  Fixture f;
  const std::vector<long> order = {3, 0, 4, 1, 2};
  const auto r = aw::projected_attention(f.X, f.W_q, f.W_k, f.W_v);
  const auto rp = aw::projected_attention(permute_rows(f.X, order), f.W_q, f.W_k, f.W_v);
  CHECK((rp.Y - permute_rows(r.Y, order)).cwiseAbs().maxCoeff() < 1e-12);
  const auto p = aw::parameter_free_attention(f.X);
  const auto pp = aw::parameter_free_attention(permute_rows(f.X, order));
  CHECK((pp.Y - permute_rows(p.Y, order)).cwiseAbs().maxCoeff() < 1e-12);
}

TEST_CASE("the causal mask breaks permutation equivariance") {
  Fixture f;
  const std::vector<long> order = {3, 0, 4, 1, 2};
  const auto r = aw::projected_attention(f.X, f.W_q, f.W_k, f.W_v, {true, true});
  const auto rp =
      aw::projected_attention(permute_rows(f.X, order), f.W_q, f.W_k, f.W_v, {true, true});
  CHECK((rp.Y - permute_rows(r.Y, order)).cwiseAbs().maxCoeff() > 1e-6);
}

TEST_CASE("causal mask: weights above the diagonal are exactly 0, the first row is one-hot") {
  Fixture f;
  const auto r = aw::projected_attention(f.X, f.W_q, f.W_k, f.W_v, {true, true});
  for (long i = 0; i < 5; ++i) {
    for (long j = i + 1; j < 5; ++j) CHECK(r.attn_weights(i, j) == 0.0);
  }
  CHECK(r.attn_weights(0, 0) == 1.0);
  CHECK((r.Y.row(0) - r.V.row(0)).cwiseAbs().maxCoeff() < 1e-15);
}

TEST_CASE("Y = A V equals the explicit weighted sum of value rows, Y_literal = A X likewise") {
  Fixture f;
  const auto r = aw::projected_attention(f.X, f.W_q, f.W_k, f.W_v);
  for (long i = 0; i < 5; ++i) {
    CHECK((aw::weighted_sum_row(r.attn_weights, r.V, i) - r.Y.row(i)).cwiseAbs().maxCoeff() <
          1e-12);
    CHECK((aw::weighted_sum_row(r.attn_weights, f.X, i) - r.Y_literal.row(i))
              .cwiseAbs()
              .maxCoeff() < 1e-12);
  }
}

TEST_CASE("parameter-free form: S = X Xt is symmetric, A in general is not") {
  MatD X(3, 2);
  X << 1, 0, 2, 2, 0, 1;
  const auto p = aw::parameter_free_attention(X);
  CHECK((p.scores - p.scores.transpose()).cwiseAbs().maxCoeff() == 0.0);
  CHECK(p.scores(1, 1) == 8.0);
  CHECK(std::abs(p.attn_weights(0, 1) - p.attn_weights(1, 0)) > 0.1);
}

TEST_CASE("any sequence length works, including a single token") {
  MatD one(1, 8);
  one.setRandom();
  const auto p = aw::parameter_free_attention(one);
  CHECK(p.attn_weights(0, 0) == 1.0);
  CHECK((p.Y - one).cwiseAbs().maxCoeff() < 1e-15);
  MatD many = MatD::Random(300, 8);
  CHECK(aw::parameter_free_attention(many).Y.rows() == 300);
}

TEST_CASE("huge inputs do not produce NaN") {
  MatD X(2, 2);
  X << 1e15, -1e15, -1e15, 1e15;  // scores of about +-2e30
  const auto p = aw::parameter_free_attention(X);
  CHECK(p.attn_weights.allFinite());
  CHECK(p.attn_weights(0, 0) == 1.0);
}

TEST_CASE("float path computes the same attention as double within float precision") {
  Fixture f;
  const auto rd = aw::projected_attention(f.X, f.W_q, f.W_k, f.W_v);
  const auto rf = aw::projected_attention<float>(f.X.cast<float>(), f.W_q.cast<float>(),
                                                 f.W_k.cast<float>(), f.W_v.cast<float>());
  CHECK((rf.Y.cast<double>() - rd.Y).cwiseAbs().maxCoeff() < 1e-5);
}

TEST_CASE("mismatched widths, empty input and NaN are refused with a readable message") {
  Fixture f;
  CHECK_THROWS_WITH_AS(aw::projected_attention(f.X, MatD(MatD::Random(7, 4)), f.W_k, f.W_v),
                       "W_q has 7 rows but X has 8 features: a projection's rows must equal "
                       "d_model",
                       aw::InputError);
  CHECK_THROWS_WITH_AS(aw::projected_attention(f.X, f.W_q, MatD(MatD::Random(8, 3)), f.W_v),
                       "W_q gives d_k = 4 but W_k gives 3: queries and keys must have the same "
                       "width",
                       aw::InputError);
  CHECK_THROWS_AS(aw::parameter_free_attention(MatD(0, 8)), aw::InputError);
  MatD bad = f.X;
  bad(1, 1) = std::nan("");
  CHECK_THROWS_WITH_AS(aw::parameter_free_attention(bad), "X contains NaN or infinity",
                       aw::InputError);
}

#include "core/math/explain.hpp"

TEST_CASE("the inspector's explanation rebuilds exactly the weight softmax produced") {
  Fixture f;
  for (bool causal : {false, true}) {
    const aw::AttentionOptions options{true, causal};
    const auto r = aw::projected_attention(f.X, f.W_q, f.W_k, f.W_v, options);
    for (long i = 0; i < 5; ++i) {
      for (long j = 0; j < 5; ++j) {
        const aw::WeightExplanation e = aw::explain_weight(r.Q, r.K, i, j, options);
        CHECK(e.weight == doctest::Approx(r.attn_weights(i, j)).epsilon(1e-14));
        CHECK(e.products.sum() == doctest::Approx(e.dot).epsilon(1e-12));
        CHECK(e.masked == (causal && j > i));
        if (!e.masked) CHECK(e.score == doctest::Approx(r.scores(i, j)).epsilon(1e-14));
      }
    }
  }
  CHECK_THROWS_AS(aw::explain_weight(f.X, f.X, 9, 0, {}), aw::InputError);
}

#include "core/math/kernel.hpp"
#include "core/math/multihead.hpp"

TEST_CASE("the explanation equals the matrix bit for bit, with a local window too") {
  Fixture f;
  for (const aw::AttentionOptions options : {aw::AttentionOptions{true, false, 1}, aw::AttentionOptions{false, true, 2}}) {
    const auto r = aw::projected_attention(f.X, f.W_q, f.W_k, f.W_v, options);
    for (long i = 0; i < 5; ++i) {
      for (long j = 0; j < 5; ++j) {
        const aw::WeightExplanation e = aw::explain_weight(r.Q, r.K, i, j, options);
        CHECK(e.weight == r.attn_weights(i, j));  // exactly: the same products and softmax
        CHECK(e.masked == ((options.causal && j > i) || std::abs(i - j) > options.window));
      }
    }
  }
  MatD empty(2, 0);
  CHECK_THROWS_WITH_AS(aw::explain_weight(empty, empty, 0, 0, {}), doctest::Contains("at least one feature"), aw::InputError);
  MatD nan = f.X;
  nan(1, 1) = std::nan("");
  CHECK_THROWS_AS(aw::explain_weight(nan, f.X, 0, 0, {}), aw::InputError);
}

TEST_CASE("explain refuses Q and K of different token counts (fuzz: a weight of a matrix that cannot exist)") {
  // Four queries, one key, window 0: rows 1..3 see no key, so the weight matrix is refused;
  // explaining its row 0 used to succeed all the same.
  MatD Q(4, 1), K(1, 1);
  Q << -1e300, 0, -7, 4;
  K << 4;
  const aw::AttentionOptions window0{false, false, 0};
  CHECK_THROWS_WITH_AS(aw::explain_weight(Q, K, 0, 0, window0), doctest::Contains("one row per token"), aw::InputError);
  CHECK_THROWS_WITH_AS(aw::explain_weight(K, Q, 0, 0, {}), doctest::Contains("one row per token"), aw::InputError);
}

TEST_CASE("finite inputs whose products overflow are refused with a message, never inf or NaN") {
  MatD X(2, 1), W(1, 1), small(1, 1);
  X << 1e200, 1;
  W << 1e200;
  small << 1;
  CHECK_THROWS_WITH_AS(aw::projected_attention(X, small, small, W), doctest::Contains("V = X W_v overflows"), aw::InputError);
  CHECK_THROWS_WITH_AS(aw::parameter_free_attention(X), doctest::Contains("overflows"), aw::InputError);
  MatD in_proj = MatD::Constant(3, 1, 1e200), out_proj = MatD::Constant(1, 1, 1.0);
  CHECK_THROWS_WITH_AS(aw::multi_head_attention(X, in_proj, out_proj, 1), doctest::Contains("overflows"), aw::InputError);
  MatD V(2, 1);
  V << 1e308, 1e308;
  MatD Q = MatD::Zero(2, 1);
  // equal weights 0.5 + 0.5 of 1e308 stays finite; V with inf is refused outright
  CHECK(aw::attention_kernel(Q, Q, V).allFinite());
  V(0, 0) = INFINITY;
  CHECK_THROWS_WITH_AS(aw::attention_kernel(Q, Q, V), doctest::Contains("NaN or infinity"), aw::InputError);
}
