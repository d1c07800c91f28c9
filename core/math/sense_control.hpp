// Does one pair of cosines show that a model separates two senses of a word? Only against a
// control: the same word in the same sense in another sentence, through the same model. Any
// change of context lowers a contextual cosine, so a different-sense pair counts as separated
// only when it sits clearly below the same-sense pair. "Clearly" is a fixed, stated margin.
#pragma once
#include <optional>
#include <string>

namespace aw {

// The gap the same-sense pair must keep over the different-sense pair (in cosine) before the
// page calls it a separation. A rule of this page, said next to the numbers, not a statistic:
// one control sentence gives no spread to test against.
constexpr double kSenseSeparationMargin = 0.1;

struct SenseControl {
  std::optional<double> same_sense;       // target in sentence 1 vs the control sentence
  std::optional<double> different_sense;  // target in sentence 1 vs sentence 2
  std::optional<double> margin;           // same_sense - different_sense, when both exist
  double required_margin = kSenseSeparationMargin;
  // "separates": margin >= required; "too_close": 0 <= margin < required (the control is
  // closer, but not by enough); "reversed": the different-sense pair is the closer one;
  // "undefined": a cosine is missing (the word is not in a sentence).
  std::string verdict = "undefined";
};

inline SenseControl judge_sense_control(std::optional<double> same_sense, std::optional<double> different_sense,
                                        double required_margin = kSenseSeparationMargin) {
  SenseControl c;
  c.same_sense = same_sense;
  c.different_sense = different_sense;
  c.required_margin = required_margin;
  if (!same_sense || !different_sense) return c;
  c.margin = *same_sense - *different_sense;
  c.verdict = *c.margin >= required_margin ? "separates" : *c.margin >= 0 ? "too_close" : "reversed";
  return c;
}

}  // namespace aw
