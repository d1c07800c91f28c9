// core/math/matrix.hpp: the size check of a matrix handed to the core (the bindings'
// {rows, cols, data}, wasm/convert.hpp matrix_from_js).
#include <doctest/doctest.h>

#include "core/math/matrix.hpp"

TEST_CASE("checked_value_count: rows x cols in 64 bits, refused past the limit or below 0") {
  CHECK(aw::checked_value_count(3, 4, "X") == 12);
  CHECK(aw::checked_value_count(0, 5, "X") == 0);
  CHECK(aw::checked_value_count(2048, 2048, "scores") == 2048u * 2048u);  // the page's largest
  CHECK(aw::checked_value_count(1, aw::kMaxMatrixValues, "X") == static_cast<std::size_t>(aw::kMaxMatrixValues));
  // In 32 bits 65536 x 65537 wraps to 65536, and an array of 65536 values matched it.
  CHECK_THROWS_WITH_AS(aw::checked_value_count(65536, 65537, "X"),
                       "X is 65536 x 65537: the core takes at most 16777216 values in one matrix", aw::InputError);
  CHECK_THROWS_WITH_AS(aw::checked_value_count(2147483647, 2147483647, "W_q"), doctest::Contains("at most 16777216"), aw::InputError);
  CHECK_THROWS_AS(aw::checked_value_count(aw::kMaxMatrixValues + 1, 0, "X"), aw::InputError);
  CHECK_THROWS_WITH_AS(aw::checked_value_count(-1, 4, "X"), "X: rows and cols cannot be negative", aw::InputError);
}
