// Chapter 2 (Class 04): what a sliding window around a centre word can reach, against
// all-to-all self-attention, which reaches every position whatever the distance.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/math/matrix.hpp"  // InputError
#include "core/text/tokenize.hpp"

namespace aw {

enum class WindowDirection {
  Both,   // bidirectional: up to `radius` words on each side
  Left,   // one-sided, looking back: only earlier words
  Right,  // one-sided, looking ahead: only later words
};

struct LocalWindowOptions {
  std::string sentence = "I am going to London";
  int radius = 2;  // positions on each allowed side; the class's "window size 2"
  WindowDirection direction = WindowDirection::Both;
  int centre = 2;            // position of the centre word (clamped to the sentence)
  std::string target;        // a word to reach from the centre ("" for none); first match by lookup key
  int max_tokens = 64;
};

constexpr int kMaxWindowRadius = 64;

struct LocalWindowReport {
  std::vector<Token> tokens;
  std::vector<std::string> notices;
  int radius = 0;
  int window_positions = 0;  // the most positions a window holds, centre included (2r+1 or r+1)
  int centre = 0;
  // reach[i]: the positions (other than i) a window centred on i covers, in order.
  std::vector<std::vector<int>> reach;
  // covers[i][j] = 1 when position j is inside i's window (i itself included), else 0.
  std::vector<std::vector<int>> covers;
  // Self-attention, unmasked: every position sees every position, so all ones.
  std::vector<std::vector<int>> attention;
  // The centre-to-target question (target_index is -1 when there is no target in the sentence).
  int target_index = -1;
  int distance = 0;                    // |target - centre|
  bool window_reaches_target = false;  // at this radius and direction
  std::optional<int> radius_needed;    // smallest radius that would reach it; empty if the direction never can
  bool attention_reaches_target = false;
};

LocalWindowReport local_window(const LocalWindowOptions& options);

}  // namespace aw
