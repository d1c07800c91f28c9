// The four whiteboard observations of Class 04, as experiments computed from real numbers:
//   (a) shuffle: permuting the tokens permutes the outputs (until positional encoding is on);
//   (b) distance: the score between two tokens does not depend on how far apart they are
//       (until positional encoding, a causal mask or a local window is on);
//   (c) length: the same computation (and the same parameters) work for any number of tokens;
//   (d) training: which matrices are parameters, and that none of them was trained.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/lessons/flow.hpp"

namespace aw {

// Each experiment also comes in a form that takes the sentence's workbench report, computed
// once with the same options (the flow chapter runs all four on the sentence it shows).

// ---- (a) shuffle -------------------------------------------------------------------------
struct ShuffleReport {
  std::vector<long> permutation;  // shuffled position p holds original token permutation[p]
  std::vector<Token> tokens;           // original order
  std::vector<Token> shuffled_tokens;  // new order
  MatD Y;            // outputs of the original order, (n, d_out)
  MatD Y_shuffled;   // outputs of the shuffled order
  MatD PY;           // Y with its rows put in the shuffled order
  double max_deviation = 0;             // max |Y_shuffled - P Y| with the current settings
  double max_deviation_without_pe = 0;  // the same with positional encoding off
  double max_deviation_with_pe = 0;     // ... and on (other settings unchanged)
  bool equivariant = false;             // max_deviation is rounding only (<= 1e-9 · scale)
};

// `permutation` empty: a shuffle drawn from `seed` (never the identity when n > 1).
ShuffleReport shuffle_experiment(const WorkbenchOptions& options, FlowForm form,
                                 std::vector<long> permutation, std::uint64_t seed);
ShuffleReport shuffle_experiment(const WorkbenchReport& report, const WorkbenchOptions& options, FlowForm form,
                                 std::vector<long> permutation, std::uint64_t seed);

// A permutation of 0..n-1 from a seed (SplitMix64 + Fisher-Yates: the same on every platform).
std::vector<long> seeded_permutation(long n, std::uint64_t seed);

// ---- (b) distance ------------------------------------------------------------------------
struct DistancePoint {
  long position = 0;     // where the other token was placed
  long base_position = 0;  // where the base token ended up
  long distance = 0;     // position - base_position (negative: the other token comes first)
  double raw_score = 0;  // base · other before any mask (with PE when on)
  std::string masked;    // "" or "causal"/"window": the base token may not look at it
  double weight = 0;     // attention weight from base to other (0 when masked)
};
struct DistanceReport {
  long base = 0, other = 0;  // indices of the two tokens in the original sentence
  std::vector<DistancePoint> points;
  double raw_score_spread = 0;  // max - min raw score over the placements
  double weight_spread = 0;     // max - min weight over the placements
  long masked_count = 0;
  bool distance_free = false;   // spreads are rounding only and nothing was masked
  bool scores_move = false;     // the raw score spread is more than rounding (PE on): not only a mask
};

// Moves token `other` to every position of the sentence (the rest keep their order) and
// reads the score and weight from token `base` to it each time.
DistanceReport distance_experiment(const WorkbenchOptions& options, FlowForm form, long base,
                                   long other);
DistanceReport distance_experiment(const WorkbenchReport& report, const WorkbenchOptions& options, FlowForm form,
                                   long base, long other);

// ---- (c) any length ----------------------------------------------------------------------
struct LengthPoint {
  long tokens = 0;
  Shape X, scores, attn_weights, Y;
  double max_row_sum_error = 0;  // max |Σ_j A_ij - 1|
};
struct LengthReport {
  std::vector<LengthPoint> points;  // the sentence's first 1, 2, ..., n tokens
  long parameter_count = 0;         // the same for every length
};
LengthReport length_experiment(const WorkbenchOptions& options, FlowForm form);
LengthReport length_experiment(const WorkbenchReport& report, const WorkbenchOptions& options, FlowForm form);

// ---- (d) nothing trained -----------------------------------------------------------------
struct MatrixRole {
  std::string name;     // "X", "W_q", "A", ...
  Shape shape;
  std::string role;     // "parameter", "input", "fixed formula", "computed"
  bool is_parameter = false;
  bool trained = false;
  std::string origin;   // where its numbers come from, in words
  long count = 0;       // how many numbers
};
struct TrainingReport {
  std::vector<MatrixRole> matrices;
  long parameter_count = 0;  // numbers that training could change
  long trained_count = 0;    // numbers that training did change: always 0 here
  long gradient_steps = 0;   // optimisation steps taken: none, the core has no training
};
TrainingReport training_report(const WorkbenchOptions& options, FlowForm form);
TrainingReport training_report(const WorkbenchReport& report, const WorkbenchOptions& options, FlowForm form);

}  // namespace aw
