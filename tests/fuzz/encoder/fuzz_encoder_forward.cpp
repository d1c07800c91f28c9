// The encoder's forward pass (core/encoder/transformer.hpp, compare.hpp) on a tiny pack of the
// real structure whose values come from the fuzz bytes (NaN, infinities, huge, denormal), read
// through read_pack as the page reads it, then one to three texts from the fuzz bytes, or the
// two-sentence comparison, with or without a control sentence. Contract: see encoder_contract.hpp;
// the comparison's cosines lie in [-1, 1]; a control past the 16 KB cap is refused.
#include "tests/fuzz/encoder/encoder_contract.hpp"
#include "tests/fuzz/encoder/tiny_pack.hpp"
#include "core/encoder/compare.hpp"

namespace {

// Most values ordinary (so the pass gets deep), some extreme: which ones the fuzzer picks.
std::vector<std::uint8_t> fuzzed_pack(FuzzedDataProvider& in) {
  const std::size_t changes = in.ConsumeIntegralInRange<std::size_t>(0, 8);
  std::vector<std::pair<std::size_t, float>> at;  // (global value index, value)
  for (std::size_t c = 0; c < changes; ++c) {
    const std::size_t index = in.ConsumeIntegralInRange<std::size_t>(0, 1200);
    at.emplace_back(index, static_cast<float>(aw_fuzz::extreme_double(in)));
  }
  std::size_t counter = 0;
  return aw_fuzz::tiny_pack([&](const std::string& name, std::size_t i) {
    float v = aw_fuzz::ordinary_value(name, i);
    for (const auto& [index, value] : at) {
      if (index == counter) v = value;
    }
    ++counter;
    return v;
  });
}

void compare_keeps_contract(const aw::encoder::EncoderPack& pack, FuzzedDataProvider& in) {
  aw::encoder::UnigramTokenizer tokenizer(pack.vocabulary);
  const std::string first = in.ConsumeRandomLengthString(64), second = in.ConsumeRandomLengthString(64);
  const std::string target = in.ConsumeRandomLengthString(12);
  // Sometimes a control sentence, sometimes padded past the encoder's cap (it must be refused).
  std::optional<std::string> control;
  if (in.ConsumeBool()) control = in.ConsumeRandomLengthString(64);
  if (control && in.ConsumeIntegralInRange<int>(0, 7) == 0) {
    if (in.ConsumeBool()) control->clear();  // spaces only: no tokens, so no other refusal would catch it
    control->resize(aw::encoder::kMaxTextBytes + 1, ' ');
  }
  aw::encoder::TrainedComparison c;
  const bool ran = aw_fuzz::runs_or_refuses([&] { c = aw::encoder::compare_sentences(pack, tokenizer, first, second, target, control); });
  aw_fuzz::check(!(ran && control && control->size() > aw::encoder::kMaxTextBytes), "compare: an over-long control was accepted");
  if (!ran) return;
  aw_fuzz::check_report(c.first, pack.vocabulary.size());
  aw_fuzz::check_report(c.second, pack.vocabulary.size());
  const auto in_range = [](const std::optional<double>& v) { return !v || (std::isfinite(*v) && *v >= -1 && *v <= 1); };
  aw_fuzz::check(in_range(c.static_cosine) && in_range(c.sentence_cosine), "compare: a cosine outside [-1, 1]");
  for (const auto& v : c.contextual_cosine) aw_fuzz::check(in_range(v), "compare: a contextual cosine outside [-1, 1]");
  if (!c.has_control) return;
  aw_fuzz::check_report(c.control, pack.vocabulary.size());
  aw_fuzz::check(in_range(c.control_static_cosine) && in_range(c.control_sentence_cosine), "compare: a control cosine outside [-1, 1]");
  for (const auto& v : c.control_contextual_cosine) aw_fuzz::check(in_range(v), "compare: a control contextual cosine outside [-1, 1]");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const std::vector<std::uint8_t> bytes = fuzzed_pack(in);
  // Either of the page's two ways to multiply: float kernels, or int8 kernels with int16 activations.
  const auto products = in.ConsumeBool() ? aw::encoder::Products::int8 : aw::encoder::Products::float_simd;
  aw::encoder::EncoderPack pack;
  if (!aw_fuzz::runs_or_refuses([&] { pack = aw::encoder::read_pack(bytes.data(), bytes.size(), products); })) return 0;
  if (in.ConsumeIntegralInRange<int>(0, 3) == 0) {
    compare_keeps_contract(pack, in);
    return 0;
  }
  std::vector<std::string> texts(in.ConsumeIntegralInRange<std::size_t>(1, 3));
  for (std::string& text : texts) text = in.ConsumeRandomLengthString(200);
  aw_fuzz::encode_keeps_contract(pack, texts);
  return 0;
}
