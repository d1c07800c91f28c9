#include "core/encoder/unigram_tokenizer.hpp"

#include <algorithm>

namespace aw::encoder {

UnigramTokenizer::UnigramTokenizer(const std::vector<Piece>& vocabulary, int reserved)
    : vocabulary_(vocabulary), utf16_length_(vocabulary.size(), 1) {
  if (vocabulary.empty()) throw InputError("The tokenizer needs a vocabulary.");
  for (std::size_t id = 0; id < vocabulary.size(); ++id) {
    const std::u32string piece = utf8_to_code_points(vocabulary[id].text);
    // At least 1: the walk back steps by this length, and an empty piece would never move.
    utf16_length_[id] = std::max(1, static_cast<int>(piece.size() + std::count_if(piece.begin(), piece.end(), [](char32_t c) { return c > 0xFFFF; })));
    if (static_cast<int>(id) < reserved || piece.empty()) continue;
    if (piece.size() > kMaxPieceLength) {
      throw InputError("The model's vocabulary entry " + std::to_string(id) + " is " + std::to_string(piece.size()) +
                       " characters long; pieces of more than " + std::to_string(kMaxPieceLength) +
                       " are not supported.");
    }
    int node = 0;
    for (const char32_t c : piece) {
      int next = child(node, c);
      if (next < 0) {
        next = static_cast<int>(match_.size());
        match_.push_back({-1, 0.0});
        children_.emplace(trie_key(node, c), next);
      }
      node = next;
    }
    match_[static_cast<std::size_t>(node)] = {static_cast<int>(id), vocabulary[id].score};  // a later duplicate wins, as in the package's trie
    longest_ = std::max(longest_, piece.size());
  }
}

std::vector<SubwordToken> UnigramTokenizer::encode(const std::string& nfkc_text) const {
  std::u32string symbols = utf8_to_code_points(nfkc_text);
  if (symbols.empty()) return {};
  for (char32_t& c : symbols) {
    if (c == U' ') c = U'\u2581';
  }
  symbols.insert(symbols.begin(), U'\u2581');
  const std::size_t n = symbols.size();

  // match[start] lists (length, id, score) of every piece that starts there, shortest first;
  // a start no piece covers gets the unknown piece (id 0, one symbol, score 0).
  struct Candidate {
    std::size_t length;
    Match match;
  };
  std::vector<std::vector<Candidate>> starts(n);
  for (std::size_t i = 0; i < n; ++i) {
    int node = 0;
    for (std::size_t len = 1; len <= longest_ && i + len <= n; ++len) {
      node = child(node, symbols[i + len - 1]);
      if (node < 0) break;  // no piece starts with symbols[i .. i + len)
      const Match& match = match_[static_cast<std::size_t>(node)];
      if (match.id >= 0) starts[i].push_back({len, match});
    }
    if (starts[i].empty()) starts[i].push_back({1, {0, 0.0}});
  }

  // Viterbi in the package's order: for each end, starts ascending; `>=` lets later ones win.
  std::vector<double> best(n + 1, 0.0);
  std::vector<int> word(n + 1, 0);
  for (std::size_t end = 1; end <= n; ++end) {
    for (std::size_t start = end > longest_ ? end - longest_ : 0; start < end; ++start) {
      for (const Candidate& c : starts[start]) {
        if (start + c.length != end) continue;
        const double score = c.match.score + best[start];
        if (best[end] == 0.0 || score >= best[end]) {
          best[end] = score;
          word[end] = c.match.id;
        }
      }
    }
  }

  // Walk back from the end by each chosen piece's length, as the package does (UTF-16 units).
  std::vector<SubwordToken> reversed;
  for (long pos = static_cast<long>(n); pos > 0;) {
    const int id = word[static_cast<std::size_t>(pos)];
    const long length = utf16_length_[static_cast<std::size_t>(id)];
    const long from = std::max(0L, pos - length);
    const std::string text = id == 0 ? code_points_to_utf8(symbols.substr(static_cast<std::size_t>(from), static_cast<std::size_t>(pos - from)))
                                     : vocabulary_[static_cast<std::size_t>(id)].text;
    reversed.push_back({id, text});
    pos -= length;
  }
  std::vector<SubwordToken> tokens;
  for (auto it = reversed.rbegin(); it != reversed.rend(); ++it) {
    if (it->id == 0 && !tokens.empty() && tokens.back().id == 0) {
      tokens.back().piece += it->piece;  // a run of unknowns is one token
    } else {
      tokens.push_back(*it);
    }
  }
  return tokens;
}

}  // namespace aw::encoder
