#include "core/lessons/modality_tokens.hpp"

#include <cmath>
#include <limits>

namespace aw {
namespace {

constexpr long kMaxSide = 100000;
constexpr double kMaxSeconds = 3600.0;

ModalityCount count(const std::string& name, long tokens, long per_token, long left_over, long d) {
  ModalityCount c;
  c.name = name;
  c.tokens = tokens;
  c.per_token = per_token;
  c.left_over = left_over;
  const auto T = static_cast<long long>(tokens);
  c.pairs = T * T;
  c.score_macs = T * T * d;
  c.weighted_macs = T * T * d;
  c.projection_macs = 3 * T * d * d;
  c.recurrent_steps = tokens;
  return c;
}

}  // namespace

ModalityReport modality_tokens(const ModalityOptions& o) {
  if (o.width < 1 || o.width > 8192) throw InputError("The width d must be a whole number from 1 to 8192.");
  if (o.text_tokens < 0 || o.text_tokens > 100000) throw InputError("The number of words must be from 0 to 100000.");
  if (o.image_height < 1 || o.image_width < 1 || o.image_height > kMaxSide || o.image_width > kMaxSide) {
    throw InputError("The image needs a height and a width of at least 1 pixel (at most 100000).");
  }
  if (o.patch < 1) throw InputError("The patch size must be at least 1 pixel.");
  if (o.patch > o.image_height || o.patch > o.image_width) {
    throw InputError("A " + std::to_string(o.patch) + "-pixel patch is larger than the " + std::to_string(o.image_height) +
                     " × " + std::to_string(o.image_width) + " image: not even one patch fits.");
  }
  if (o.channels < 1 || o.channels > 64) throw InputError("The image needs 1 to 64 channels (3 for colour).");
  if (!(o.audio_seconds > 0) || o.audio_seconds > kMaxSeconds) throw InputError("The sound must last more than 0 seconds (at most an hour).");
  if (!(o.sample_rate >= 1) || o.sample_rate > 400000) throw InputError("The sample rate must be from 1 to 400000 samples per second.");
  if (!(o.frame_ms > 0) || !(o.hop_ms > 0)) throw InputError("The frame length and the hop must both be more than 0 ms.");
  ModalityReport r;
  r.width = o.width;
  r.patches_down = o.image_height / o.patch;
  r.patches_across = o.image_width / o.patch;
  const long patches = r.patches_down * r.patches_across;
  const long covered = patches * o.patch * o.patch;
  r.audio_samples = std::lround(o.audio_seconds * o.sample_rate);
  r.frame_samples = std::lround(o.frame_ms / 1000.0 * o.sample_rate);
  r.hop_samples = std::lround(o.hop_ms / 1000.0 * o.sample_rate);
  if (r.frame_samples < 1 || r.hop_samples < 1) {
    throw InputError("At this sample rate a frame or a hop is shorter than one sample; make them longer.");
  }
  if (r.frame_samples > r.audio_samples) {
    throw InputError("A " + std::to_string(r.frame_samples) + "-sample frame is longer than the whole sound (" +
                     std::to_string(r.audio_samples) + " samples): not even one frame fits.");
  }
  // frames as a framing with no padding (librosa's center=False, torchaudio's kaldi fbank): 1 + ⌊(L − F) / H⌋
  const long frames = 1 + (r.audio_samples - r.frame_samples) / r.hop_samples;
  const long audio_left = r.audio_samples - ((frames - 1) * r.hop_samples + r.frame_samples);
  r.counts.push_back(count("text", o.text_tokens, 1, 0, o.width));
  r.counts.push_back(count("image", patches, o.patch * o.patch * o.channels, o.image_height * o.image_width - covered, o.width));
  r.counts.push_back(count("audio", frames, r.frame_samples, audio_left, o.width));
  return r;
}

AllPairsCheck all_pairs_at_once(const MatD& Q, const MatD& K) {
  if (Q.cols() != K.cols()) throw InputError("Q and K need the same width to be multiplied as Q Kᵀ.");
  AllPairsCheck c;
  c.one_product = Q * K.transpose();
  c.pair_by_pair = MatD::Zero(Q.rows(), K.rows());
  for (long i = 0; i < Q.rows(); ++i) {
    for (long j = 0; j < K.rows(); ++j) {
      double s = 0.0;
      for (long k = 0; k < Q.cols(); ++k) s += Q(i, k) * K(j, k);
      c.pair_by_pair(i, j) = s;
    }
  }
  c.max_difference = c.one_product.size() ? (c.one_product - c.pair_by_pair).cwiseAbs().maxCoeff() : 0.0;
  c.dot_products = Q.rows() * K.rows();
  c.macs = Q.rows() * K.rows() * Q.cols();
  return c;
}

}  // namespace aw
