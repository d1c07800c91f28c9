// How much a row of attention mixes (core/math/mixing.hpp), on small hand-made matrices.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "core/math/attention.hpp"
#include "core/math/mixing.hpp"

TEST_CASE("mixing: one-hot rows give a_ii / a_ij = e, and the gap is the log of the weight ratio") {
  const aw::MatD X = aw::MatD::Identity(3, 3);  // three different one-hot words
  const auto p = aw::parameter_free_attention(X);
  const auto rows = aw::mixing_report(p.scores, p.scores, p.attn_weights, X, X);
  REQUIRE(rows.size() == 3);
  for (const auto& m : rows) {
    CHECK(m.self_raw_score == 1.0);
    CHECK(m.other_raw_score == 0.0);
    CHECK(m.log_odds == 1.0);
    CHECK(std::abs(m.self_weight / m.other_weight - std::exp(1.0)) < 1e-12);
    CHECK(std::abs(m.self_weight - std::exp(1.0) / (std::exp(1.0) + 2)) < 1e-15);
    CHECK(std::abs(m.weight_elsewhere - 2 / (std::exp(1.0) + 2)) < 1e-15);
    CHECK(m.top_key == m.row);
    CHECK(m.other == (m.row == 0 ? 1 : 0));  // a tie goes to the first key
    CHECK(m.effective_tokens > 2.5);
    CHECK(m.effective_tokens < 3.0);
  }
}

TEST_CASE("mixing: a long vector keeps its own weight, ÷√d shrinks the gap by √d") {
  aw::MatD X(2, 4);
  X << 3, 0, 0, 0,
       1, 1, 0, 0;
  const auto plain = aw::parameter_free_attention(X);
  const auto scaled = aw::parameter_free_attention(X, false, -1, true);
  CHECK(plain.divisor == 1.0);
  CHECK(scaled.divisor == 2.0);
  CHECK(scaled.scores == plain.scores);  // S is stored before scaling
  const auto a = aw::mixing_report(plain.scores, plain.scores, plain.attn_weights, X, X);
  const auto b = aw::mixing_report(scaled.scores, aw::MatD(scaled.scores / 2.0), scaled.attn_weights, X, X);
  CHECK(a[0].log_odds == 6.0);  // |x_1|² − x_1·x_2 = 9 − 3
  CHECK(b[0].log_odds == 3.0);
  CHECK(std::abs(std::log(a[0].self_weight / a[0].other_weight) - 6.0) < 1e-12);
  CHECK(b[0].weight_elsewhere > a[0].weight_elsewhere);
  // Row 2: x_2·x_1 = 3 beats |x_2|² = 2, so its largest weight is on token 1, not on itself.
  CHECK(a[1].top_key == 0);
  CHECK(a[1].log_odds == -1.0);
}

TEST_CASE("mixing: a row that sees no other key has no strongest other key") {
  aw::MatD X(3, 2);
  X << 1, 0, 0, 1, 1, 1;
  const auto p = aw::parameter_free_attention(X, true);
  aw::MatD seen = p.scores;
  aw::apply_causal_mask(seen);
  const auto rows = aw::mixing_report(p.scores, seen, p.attn_weights, X, X);
  CHECK(rows[0].other == -1);
  CHECK(rows[0].self_weight == 1.0);
  CHECK(rows[0].weight_elsewhere == 0.0);
  CHECK(rows[0].effective_tokens == 1.0);
  CHECK(std::isinf(rows[0].log_odds));
  CHECK(rows[2].other >= 0);
  CHECK_THROWS_AS(aw::mixing_report(aw::MatD(2, 2), aw::MatD(2, 2), aw::MatD(2, 3), aw::MatD(2, 2), aw::MatD(2, 2)), aw::InputError);
}

TEST_CASE("mixing: weight on a copy of the word's own vector changes nothing, weight on another word does") {
  aw::MatD X(3, 2);  // "bank bank river": rows 1 and 2 are the same vector
  X << 1, 0,
       1, 0,
       0, 1;
  const auto p = aw::parameter_free_attention(X);
  const auto rows = aw::mixing_report(p.scores, p.scores, p.attn_weights, X, X);
  // Row 1 gives e/(2e+1) to its copy and 1/(2e+1) to "river".
  const double e = std::exp(1.0);
  CHECK(std::abs(rows[0].weight_elsewhere - (e + 1) / (2 * e + 1)) < 1e-15);
  CHECK(std::abs(rows[0].weight_on_copies - e / (2 * e + 1)) < 1e-15);
  CHECK(rows[0].copies == std::vector<long>{1});
  CHECK(rows[2].copies.empty());
  CHECK(std::abs(rows[0].weight_from_different - 1 / (2 * e + 1)) < 1e-15);
  // y_1 − x_1 = a_13 (x_3 − x_1), of length a_13 √2; the longest row has length 1.
  CHECK(std::abs(rows[0].output_shift - std::sqrt(2.0) / (2 * e + 1)) < 1e-15);
  CHECK(std::abs(rows[0].output_shift - (p.Y.row(0) - X.row(0)).norm()) < 1e-14);

  aw::MatD same(3, 2);  // "bank bank bank": every weight goes to copies, Y = X exactly
  same << 2, 1, 2, 1, 2, 1;
  const auto q = aw::parameter_free_attention(same);
  for (const auto& m : aw::mixing_report(q.scores, q.scores, q.attn_weights, same, same)) {
    CHECK(std::abs(m.weight_elsewhere - 2.0 / 3.0) < 1e-15);
    CHECK(m.weight_on_copies == m.weight_elsewhere);
    CHECK(m.weight_from_different == 0.0);
    CHECK(m.output_shift == 0.0);
  }
  CHECK_THROWS_AS(aw::mixing_report(q.scores, q.scores, q.attn_weights, aw::MatD(2, 2), same), aw::InputError);
}
