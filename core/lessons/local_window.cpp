#include "core/lessons/local_window.hpp"

#include <cstdlib>


namespace aw {
namespace {

bool inside(int centre, int j, int radius, WindowDirection direction) {
  const int offset = j - centre;
  switch (direction) {
    case WindowDirection::Left: return offset <= 0 && -offset <= radius;
    case WindowDirection::Right: return offset >= 0 && offset <= radius;
    case WindowDirection::Both: break;
  }
  return std::abs(offset) <= radius;
}

std::optional<int> radius_needed(int centre, int target, WindowDirection direction) {
  const int offset = target - centre;
  if (direction == WindowDirection::Left && offset > 0) return std::nullopt;
  if (direction == WindowDirection::Right && offset < 0) return std::nullopt;
  return std::abs(offset);
}

}  // namespace

LocalWindowReport local_window(const LocalWindowOptions& options) {
  if (options.radius < 0 || options.radius > kMaxWindowRadius) {
    throw InputError("The window radius must be a whole number from 0 to " +
                     std::to_string(kMaxWindowRadius) + ".");
  }
  if (options.max_tokens < 1) throw InputError("max_tokens must be at least 1");
  const Tokenized t = tokenize(options.sentence, static_cast<std::size_t>(options.max_tokens));
  if (t.tokens.empty()) throw InputError("Type a sentence with at least one word.");
  LocalWindowReport r;
  r.tokens = t.tokens;
  r.notices = t.notices;
  r.radius = options.radius;
  r.window_positions = options.direction == WindowDirection::Both ? 2 * options.radius + 1 : options.radius + 1;
  const int n = static_cast<int>(r.tokens.size());
  r.centre = options.centre;
  if (r.centre < 0 || r.centre >= n) {
    r.centre = r.centre < 0 ? 0 : n - 1;
    r.notices.push_back("The centre word was outside the sentence; the " +
                        std::string(r.centre == 0 ? "first" : "last") + " word is used instead.");
  }
  r.reach.resize(n);
  r.covers.assign(n, std::vector<int>(n, 0));
  r.attention.assign(n, std::vector<int>(n, 1));
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (!inside(i, j, options.radius, options.direction)) continue;
      r.covers[i][j] = 1;
      if (j != i) r.reach[i].push_back(j);
    }
  }
  if (!options.target.empty()) {
    const Tokenized wanted = tokenize(options.target, 1);
    if (!wanted.tokens.empty()) {
      for (int j = 0; j < n; ++j) {
        if (r.tokens[j].key == wanted.tokens[0].key) {
          r.target_index = j;
          break;
        }
      }
      if (r.target_index < 0) {
        r.notices.push_back("\"" + wanted.tokens[0].text + "\" is not in the sentence, so there is nothing to reach.");
      }
    }
  }
  if (r.target_index >= 0) {
    r.distance = std::abs(r.target_index - r.centre);
    r.window_reaches_target = r.covers[r.centre][r.target_index] == 1;
    r.radius_needed = radius_needed(r.centre, r.target_index, options.direction);
    r.attention_reaches_target = r.attention[r.centre][r.target_index] == 1;
  }
  return r;
}

}  // namespace aw
