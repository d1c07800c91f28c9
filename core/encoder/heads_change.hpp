// Changing the number of heads of a pretrained model is an architecture change (Class 05), made
// visible on the trained encoder: its weights keep their shapes under any head count (each
// layer's W_qkv is d × 3d whether d splits into 4 heads or 8), so they still load; but the split
// decides which columns each head's softmax sees, so with any other head count the trained
// weights compute something else. The outputs are compared with the trained 4-head run; a head
// count that does not divide every layer's width is refused. To really change the heads, the
// model would have to be trained (or fine-tuned) again with the new split.
#pragma once
#include <string>
#include <vector>

#include "core/encoder/transformer.hpp"

namespace aw::encoder {

struct HeadsChangeLayer {
  Shape qkv_kernel;                 // the same for every head count
  long width = 0;                   // d: the query (key, value) columns
  long head_width = 0;              // d / heads
  double max_difference = 0;        // max |output − the trained output| of this layer
  double relative_difference = 0;   // |output − trained| / |trained| (Frobenius norms)
};

struct HeadsChangeRow {
  int heads = 0;
  std::vector<HeadsChangeLayer> layers;
  double sentence_cosine = 0;       // the 512-d sentence vector against the trained one
};

struct HeadsChangeReport {
  int trained_heads = kHeads;
  long tokens = 0;
  std::vector<HeadsChangeRow> rows;  // one per head count asked, in the order asked
};

// The largest head count asked about at once, and the largest head count.
constexpr std::size_t kMaxHeadCounts = 16;
constexpr int kMaxHeads = 256;

// Throws InputError for an empty or too long list, a head count below 1 or above kMaxHeads, or
// one that does not divide every layer's width (the message lists the ones that do).
HeadsChangeReport heads_change(const EncoderPack& pack, const UnigramTokenizer& tokenizer, const std::string& nfkc_text,
                               const std::vector<int>& heads);

}  // namespace aw::encoder
