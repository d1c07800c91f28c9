#include "core/encoder/heads_change.hpp"

#include <algorithm>
#include <cmath>

namespace aw::encoder {

namespace {

// Every head count that divides each layer's query width, up to kMaxHeads.
std::vector<int> valid_heads(const std::vector<long>& widths) {
  std::vector<int> out;
  for (int h = 1; h <= kMaxHeads; ++h) {
    if (std::all_of(widths.begin(), widths.end(), [h](long w) { return w % h == 0; })) out.push_back(h);
  }
  return out;
}

std::string join(const std::vector<int>& values) {
  std::string s;
  for (std::size_t k = 0; k < values.size(); ++k) s += (k ? ", " : "") + std::to_string(values[k]);
  return s;
}

}  // namespace

HeadsChangeReport heads_change(const EncoderPack& pack, const UnigramTokenizer& tokenizer, const std::string& nfkc_text,
                               const std::vector<int>& heads) {
  if (heads.empty()) throw InputError("Give at least one head count.");
  if (heads.size() > kMaxHeadCounts) {
    throw InputError("At most " + std::to_string(kMaxHeadCounts) + " head counts at once.");
  }
  std::vector<long> widths;
  std::vector<Shape> kernels;
  for (int layer = 0; layer < kLayers; ++layer) {
    const Shape s = pack.shape("l" + std::to_string(layer) + ".qkv_kernel");
    kernels.push_back(s);
    widths.push_back(s.cols / 3);
  }
  const std::vector<int> valid = valid_heads(widths);
  for (int h : heads) {
    if (std::find(valid.begin(), valid.end(), h) == valid.end()) {
      std::string sizes;
      for (std::size_t l = 0; l < widths.size(); ++l) sizes += (l ? " and " : "") + std::to_string(widths[l]);
      throw InputError(std::to_string(h) + " heads cannot split the query columns (" + sizes +
                       " in the two layers) into equal heads; a head count must divide them: " + join(valid) + ".");
    }
  }
  const EncoderReport trained = encode_batch(pack, tokenizer, {nfkc_text}, kHeads).front();
  HeadsChangeReport r;
  r.tokens = static_cast<long>(trained.tokens.size());
  for (int h : heads) {
    const EncoderReport run = h == kHeads ? trained : encode_batch(pack, tokenizer, {nfkc_text}, h).front();
    HeadsChangeRow row;
    row.heads = h;
    for (int layer = 0; layer < kLayers; ++layer) {
      const MatF& a = run.layers[static_cast<std::size_t>(layer)].output;
      const MatF& b = trained.layers[static_cast<std::size_t>(layer)].output;
      HeadsChangeLayer l;
      l.qkv_kernel = kernels[static_cast<std::size_t>(layer)];
      l.width = widths[static_cast<std::size_t>(layer)];
      l.head_width = l.width / h;
      const MatD diff = (a - b).cast<double>();
      l.max_difference = diff.cwiseAbs().maxCoeff();
      const double norm = b.cast<double>().norm();
      l.relative_difference = norm > 0 ? diff.norm() / norm : 0;
      row.layers.push_back(l);
    }
    const RowVec<double> u = run.sentence_vector.cast<double>(), v = trained.sentence_vector.cast<double>();
    row.sentence_cosine = std::clamp(u.dot(v) / std::sqrt(u.squaredNorm() * v.squaredNorm()), -1.0, 1.0);
    r.rows.push_back(std::move(row));
  }
  return r;
}

}  // namespace aw::encoder
