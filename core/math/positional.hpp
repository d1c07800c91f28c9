// Sinusoidal positional encoding, as in "Attention Is All You Need" (section 3.5):
//   PE(pos, 2k)     = sin(pos / 10000^(2k / d))
//   PE(pos, 2k + 1) = cos(pos / 10000^(2k / d))
// A fixed formula of the position: nothing in it is a parameter, nothing is trained.
// Bare attention has no notion of order; adding PE to X is how the original model gives it one.
#pragma once
#include "core/math/matrix.hpp"

namespace aw {

// The largest table the page asks for (the workbench's 2048 tokens of width 1024); a larger
// request is refused before anything is allocated, rather than failing with bad_alloc.
constexpr long kMaxPositions = 2048;
constexpr long kMaxPositionalWidth = 1024;

// (tokens, d) matrix: row pos is the encoding of position pos (0-based, like the paper's pos).
// For an odd d the last column is a sine (its pair has no cosine partner).
MatD sinusoidal_positional_encoding(long tokens, long d);

}  // namespace aw
