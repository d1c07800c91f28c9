// Sinusoidal positional encoding (core/math/positional.hpp) against NumPy.
#include <doctest/doctest.h>

#include <cmath>

#include "core/math/positional.hpp"
#include "tests/native/golden.hpp"

TEST_CASE("sinusoidal positional encoding matches NumPy, including an odd width") {
  const auto g = golden::load("numpy_positional");
  CHECK_CLOSE("PE 4x8", aw::sinusoidal_positional_encoding(4, 8), g["pe_tables"]["4x8"], 1e-15);
  CHECK_CLOSE("PE 7x5", aw::sinusoidal_positional_encoding(7, 5), g["pe_tables"]["7x5"], 1e-15);
  CHECK_CLOSE("PE 64x16", aw::sinusoidal_positional_encoding(64, 16), g["pe_tables"]["64x16"], 1e-13);
  const aw::MatD pe = aw::sinusoidal_positional_encoding(3, 4);
  CHECK(pe(0, 0) == 0.0);  // sin 0
  CHECK(pe(0, 1) == 1.0);  // cos 0
  CHECK(std::abs(pe(1, 0) - std::sin(1.0)) < 1e-15);
  CHECK(std::abs(pe(1, 2) - std::sin(1.0 / 100.0)) < 1e-15);  // 10000^(2/4) = 100
}


TEST_CASE("positional encoding: sizes past the page's caps are refused before allocating (fuzz)") {
  // Was std::bad_alloc (or an out-of-memory kill) instead of the project's error.
  CHECK_THROWS_WITH_AS(aw::sinusoidal_positional_encoding(1L << 40, 1L << 20), doctest::Contains("at most"), aw::InputError);
  CHECK_THROWS_WITH_AS(aw::sinusoidal_positional_encoding(aw::kMaxPositions + 1, 4), doctest::Contains("at most"), aw::InputError);
  CHECK_THROWS_WITH_AS(aw::sinusoidal_positional_encoding(4, aw::kMaxPositionalWidth + 1), doctest::Contains("at most"), aw::InputError);
  CHECK(aw::sinusoidal_positional_encoding(aw::kMaxPositions, 2).rows() == aw::kMaxPositions);
}
