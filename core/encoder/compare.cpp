#include "core/encoder/compare.hpp"

#include <algorithm>
#include <numeric>

#include "core/encoder/word_in_context.hpp"
#include "core/math/similarity.hpp"

namespace aw::encoder {
namespace {

std::optional<double> row_cosine(const MatF& a, long i, const MatF& b, long j) {
  if (i < 0 || j < 0) return std::nullopt;
  try {
    return cosine<double>(a.row(i).cast<double>(), b.row(j).cast<double>());
  } catch (const InputError&) {
    return std::nullopt;  // a zero vector has no direction
  }
}

std::vector<HeadFocus> focus_of(const EncoderReport& report, long target) {
  std::vector<HeadFocus> out;
  if (target < 0) return out;
  for (std::size_t layer = 0; layer < report.layers.size(); ++layer) {
    for (std::size_t head = 0; head < report.layers[layer].heads.size(); ++head) {
      const MatF& weights = report.layers[layer].heads[head].attn_weights;
      std::vector<long> order(static_cast<std::size_t>(weights.cols()));
      std::iota(order.begin(), order.end(), 0L);
      std::stable_sort(order.begin(), order.end(), [&](long a, long b) { return weights(target, a) > weights(target, b); });
      order.resize(std::min<std::size_t>(3, order.size()));
      HeadFocus f{static_cast<int>(layer), static_cast<int>(head), order, {}};
      for (long k : order) f.weights.push_back(weights(target, k));
      out.push_back(std::move(f));
    }
  }
  return out;
}

}  // namespace

TrainedComparison compare_sentences(const EncoderPack& pack, const UnigramTokenizer& tokenizer,
                                    const std::string& first_nfkc, const std::string& second_nfkc,
                                    const std::string& target, const std::optional<std::string>& control_nfkc) {
  // Before any work: the emptiness test below tokenizes the control whole (a 4 MB control took
  // 34 s in wasm before encode_sentence refused it); encode_batch checks the pair the same way.
  if (control_nfkc) require_encodable_length(*control_nfkc, "The control sentence");
  TrainedComparison c;
  std::vector<EncoderReport> both = encode_batch(pack, tokenizer, {first_nfkc, second_nfkc});
  c.first = std::move(both[0]);
  c.second = std::move(both[1]);
  c.target_piece = word_piece(target);
  c.target_first = find_piece(c.first, c.target_piece);
  c.target_second = find_piece(c.second, c.target_piece);
  for (const auto& [index, which] : {std::pair{c.target_first, "first"}, std::pair{c.target_second, "second"}}) {
    if (index < 0) {
      c.notices.push_back("\"" + target + "\" is not a single whole-word token in the " + which +
                          " sentence (the model may split it into pieces), so its comparisons are left out.");
    }
  }
  c.static_cosine = row_cosine(c.first.static_vectors, c.target_first, c.second.static_vectors, c.target_second);
  for (std::size_t layer = 0; layer < c.first.layers.size(); ++layer) {
    c.contextual_cosine.push_back(row_cosine(c.first.layers[layer].output, c.target_first,
                                             c.second.layers[layer].output, c.target_second));
  }
  c.sentence_cosine = cosine<double>(c.first.sentence_vector.cast<double>(), c.second.sentence_vector.cast<double>());
  c.focus_first = focus_of(c.first, c.target_first);
  c.focus_second = focus_of(c.second, c.target_second);
  if (!control_nfkc) return c;
  // Encoded on its own, so the pair's numbers are exactly those without a control.
  if (tokenizer.encode(*control_nfkc).empty()) {
    c.notices.push_back("The control sentence is empty, so there is no same-sense pair to compare with.");
    return c;
  }
  c.has_control = true;
  c.control = encode_sentence(pack, tokenizer, *control_nfkc);
  c.target_control = find_piece(c.control, c.target_piece);
  if (c.target_control < 0) {
    c.notices.push_back("\"" + target + "\" is not a single whole-word token in the control sentence, so the control is left out.");
  }
  c.control_static_cosine = row_cosine(c.first.static_vectors, c.target_first, c.control.static_vectors, c.target_control);
  for (std::size_t layer = 0; layer < c.first.layers.size(); ++layer) {
    c.control_contextual_cosine.push_back(row_cosine(c.first.layers[layer].output, c.target_first,
                                                     c.control.layers[layer].output, c.target_control));
  }
  c.control_sentence_cosine = cosine<double>(c.first.sentence_vector.cast<double>(), c.control.sentence_vector.cast<double>());
  c.separation = judge_sense_control(c.control_contextual_cosine.back(), c.contextual_cosine.back());
  return c;
}

}  // namespace aw::encoder
