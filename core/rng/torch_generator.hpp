// PyTorch 1.13's CPU default generator after torch.manual_seed(seed) (mt19937), and the float
// fill functions the notebook's modules use, re-implemented bit for bit (docs/rng-spec.md, part B).
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace aw::rng {

class TorchGenerator {
 public:
  explicit TorchGenerator(std::uint64_t seed);  // torch.manual_seed(seed)

  std::uint32_t next_u32();  // one tempered mt19937 output
  // Raw mt19937 state word i (0..623), for tests against the published seeding vectors.
  std::uint32_t state_word(std::size_t i) const { return mt_[i]; }

  // tensor.uniform_(from, to) on a contiguous float tensor of n elements (AVX2 kernel: fused).
  void uniform_(float* data, std::size_t n, double from, double to);
  // tensor.normal_(mean, std) on a contiguous float tensor. n >= 16 (the notebook's case) takes
  // the AVX2 16-wide Box-Muller kernel; n < 16 takes torch's scalar double Box-Muller, whose
  // cached second value lives in this generator (that path uses libm log/sin/cos in double).
  void normal_(float* data, std::size_t n, double mean = 0.0, double std = 1.0);
  // nn.init.kaiming_uniform_(W, a=sqrt(5)) for a row-major (rows=out, cols=in) weight.
  void kaiming_uniform_(float* weight, std::size_t rows, std::size_t cols);
  // nn.init.xavier_uniform_(W, gain=1) for a row-major (rows=fan_out, cols=fan_in) weight.
  void xavier_uniform_(float* weight, std::size_t rows, std::size_t cols);

  // The bounds those two pass to uniform_, computed in double as torch's Python code does.
  static double kaiming_uniform_bound(std::size_t fan_in);  // a = sqrt(5)
  static double xavier_uniform_bound(std::size_t fan_in, std::size_t fan_out);  // gain = 1

  // Convenience: returns a new row-major buffer filled as above.
  std::vector<float> normal(std::size_t n, double mean = 0.0, double std = 1.0);
  std::vector<float> kaiming_uniform(std::size_t rows, std::size_t cols);
  std::vector<float> xavier_uniform(std::size_t rows, std::size_t cols);

 private:
  void twist();               // regenerate all 624 state words
  std::uint64_t random64();   // two outputs, the first as the high word
  double scalar_normal();     // at::normal_distribution<double>, without mean/std

  std::uint32_t mt_[624];
  int next_ = 0;
  int left_ = 1;
  std::optional<double> next_double_normal_;  // Box-Muller's cached sine half
};

}  // namespace aw::rng
