#include "core/lessons/flow_chapter.hpp"

namespace aw {

long distance_other_for(long requested, long base, long tokens) {
  if (requested >= 0 && requested < tokens && requested != base) return requested;
  return base == tokens - 1 ? 0 : tokens - 1;
}

int heads_for(int requested, long d_model) {
  const auto fits = [d_model](long h) { return h >= 1 && h <= 16 && d_model % h == 0; };
  if (fits(requested)) return requested;
  if (fits(4)) return 4;
  int largest = 1;
  for (int h = 1; h <= 16; ++h) if (fits(h)) largest = h;
  return largest;
}

FlowChapterReport run_flow_chapter(const FlowChapterOptions& options) {
  const WorkbenchOptions& sentence = options.flow.workbench;
  FlowChapterReport r;
  r.flow = run_flow(options.flow, run_workbench(sentence));
  const WorkbenchReport& prepared = r.flow.workbench;
  const FlowForm form = options.flow.form;
  const long n = prepared.X.rows();
  r.shuffle = shuffle_experiment(prepared, sentence, form, {}, options.shuffle_seed);
  if (n >= 2) {
    const long other = distance_other_for(options.distance_other, r.flow.base, n);
    r.distance = distance_experiment(prepared, sentence, form, r.flow.base, other);
  }
  r.length = length_experiment(prepared, sentence, form);
  r.training = training_report(prepared, sentence, form);
  r.training_qkv = form == FlowForm::Projected ? r.training : training_report(prepared, sentence, FlowForm::Projected);
  r.heads = heads_for(options.heads, prepared.X.cols());
  try {
    r.heads_sketch = heads_sketch(prepared, sentence, r.heads, r.flow.base);
  } catch (const InputError& e) {
    r.heads_error = e.what();
  }
  r.linearity = linearity_report(prepared, sentence);
  r.parallel = parallel_rows(prepared, sentence, form, r.flow.base);
  return r;
}

}  // namespace aw
