#include "core/lessons/qkv_chapter.hpp"

#include <algorithm>

namespace aw {

namespace {

std::vector<SoftLookupRow> soft_lookup_of(const WorkbenchReport& w) {
  return soft_lookup(w.projected.scores, w.projected.attn_weights, w.projected.V, w.projected.Y);
}

}  // namespace

QkvChapterReport run_qkv_chapter(const QkvChapterOptions& options) {
  QkvChapterReport r;
  const AttentionKindsOptions kinds_options{options.base, options.second_sentence};
  const auto max_tokens = static_cast<std::size_t>(std::max(1, options.base.max_tokens));
  if (tokenize(options.second_sentence, max_tokens).tokens.empty()) {
    // Sentence B has no words: no pair. With no words of its own, B adds nothing to the shared
    // vocabulary, so sentence A alone has the numbers the pair would have given it.
    r.sentence = run_workbench(options.base);  // throws when A is refused: nothing to show
    WorkbenchOptions second = options.base;
    second.sentence = options.second_sentence;
    try {
      run_workbench(second);  // refused before any work: the workbench's own message for B
    } catch (const InputError& e) {
      r.experiment_error = e.what();
    }
    try {
      attention_kinds_from_pair(SentencePair{}, kinds_options);  // refused likewise, with its message
    } catch (const InputError& e) {
      r.kinds_error = e.what();
    }
    r.soft_lookup = soft_lookup_of(r.first());
    return r;
  }
  SentencePair pair = run_sentence_pair(options.base, options.second_sentence);
  try {
    // Unmasked, the kinds' two sentences are the pair itself: they are not copied into the report.
    r.kinds_share_pair = !options.base.causal && options.base.window < 0;
    r.kinds = r.kinds_share_pair ? attention_kinds_beside_pair(pair, kinds_options)
                                 : attention_kinds_from_pair(pair, kinds_options);
  } catch (const InputError& e) {
    r.kinds_error = e.what();
  }
  const BankExperimentOptions bank_options{options.base, options.second_sentence, options.target, std::nullopt};
  r.experiment = bank_experiment_from_pair(std::move(pair), bank_options);
  r.soft_lookup = soft_lookup_of(r.first());
  return r;
}

}  // namespace aw
