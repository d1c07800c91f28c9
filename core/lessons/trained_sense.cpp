#include "core/lessons/trained_sense.hpp"

#include "core/math/attention.hpp"
#include "core/math/similarity.hpp"

namespace aw {

namespace {

RowVec<double> contextual_row(const SenseSentence& s, const SenseProjections& p) {
  if (s.target < 0 || s.target >= s.X.rows()) throw InputError("the word's position is outside its sentence");
  return projected_attention<double>(s.X, p.W_q, p.W_k, p.W_v).Y.row(s.target);
}

// A cosine, or nothing where it is undefined (a zero vector has no direction).
std::optional<double> cosine_or_none(const RowVec<double>& a, const RowVec<double>& b) {
  try {
    return cosine<double>(a, b);
  } catch (const InputError&) {
    return std::nullopt;
  }
}

SenseControl judge(const RowVec<double>& first, const RowVec<double>& other, const RowVec<double>& same) {
  return judge_sense_control(cosine_or_none(first, same), cosine_or_none(first, other));
}

SenseControl judge_with(const SenseSentence& a, const SenseSentence& b, const SenseSentence& c, const SenseProjections& p) {
  return judge(contextual_row(a, p), contextual_row(b, p), contextual_row(c, p));
}

}  // namespace

SenseVerdicts trained_sense_check(const SenseSentence& first, const SenseSentence& other_sense, const SenseSentence& same_sense,
                                  const SenseProjections& initial, const SenseProjections& trained) {
  for (const SenseSentence* s : {&first, &other_sense, &same_sense}) {
    if (s->target < 0 || s->target >= s->X.rows()) throw InputError("the word's position is outside its sentence");
  }
  SenseVerdicts v;
  v.raw = judge(first.X.row(first.target), other_sense.X.row(other_sense.target), same_sense.X.row(same_sense.target));
  v.initial = judge_with(first, other_sense, same_sense, initial);
  v.trained = judge_with(first, other_sense, same_sense, trained);
  return v;
}

}  // namespace aw
