#include "core/lessons/heads_sketch.hpp"

namespace aw {

HeadsSketch heads_sketch(const WorkbenchOptions& options, int heads, long base) {
  return heads_sketch(run_workbench(options), options, heads, base);
}

HeadsSketch heads_sketch(const WorkbenchReport& r, const WorkbenchOptions& options, int heads, long base) {
  const long E = r.X.cols();
  if (r.W_q.cols() != E || r.W_k.cols() != E || r.W_v.cols() != E) {
    throw InputError("the heads sketch splits W_q, W_k, W_v by columns, so it needs d_k = d_v = d_model");
  }
  if (heads < 1 || E % heads != 0) {
    throw InputError(std::to_string(heads) + " heads do not divide d_model = " + std::to_string(E) +
                     ": the head count must be a divisor of d_model");
  }
  if (base < 0 || base >= r.X.rows()) throw InputError("the base token is outside the sentence");
  MatD in_proj(3 * E, E);
  in_proj << r.W_q.transpose(), r.W_k.transpose(), r.W_v.transpose();
  const MatD out_proj = MatD::Identity(E, E);
  const MultiHeadResult<double> m = multi_head_attention(r.X, in_proj, out_proj, heads, options.causal);
  HeadsSketch s;
  s.heads = heads;
  s.head_dim = E / heads;
  s.base = base;
  s.divisor = std::sqrt(static_cast<double>(s.head_dim));
  s.head_weights = m.head_weights;
  for (int h = 0; h < heads; ++h) {
    s.base_weights.push_back(m.head_weights[static_cast<std::size_t>(h)].row(base).transpose());
    s.base_outputs.push_back(m.head_outputs[static_cast<std::size_t>(h)].row(base));
  }
  s.concat = m.concat;
  s.concat_base = m.concat.row(base);
  return s;
}

}  // namespace aw
