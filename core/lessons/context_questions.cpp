#include "core/lessons/context_questions.hpp"

#include <algorithm>
#include <cctype>
#include <set>

namespace aw {
namespace {

const std::set<std::string> kPersons = {"i", "you", "he", "she", "we", "they", "me", "him", "her", "us", "them"};
const std::set<std::string> kPlacePrepositions = {"to", "in", "at", "from", "into", "near", "towards", "toward", "onto"};
const std::set<std::string> kDeterminers = {"the", "a", "an", "this", "that", "these", "those", "my", "your", "his",
                                            "her", "our", "their", "its", "some"};
const std::set<std::string> kTimeWords = {
    "today", "tomorrow", "yesterday", "tonight", "now", "soon", "later", "morning", "afternoon", "evening", "night",
    "noon", "midnight", "week", "weekend", "month", "year", "monday", "tuesday", "wednesday", "thursday", "friday",
    "saturday", "sunday", "january", "february", "march", "april", "june", "july", "august", "september",
    "october", "november", "december", "o'clock", "pm"};  // not "am" (the verb) nor "may"

bool all_digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

// A time word, a year (four digits) or a clock time such as 5pm / 10am.
bool is_time(const std::string& key) {
  if (kTimeWords.count(key)) return true;
  if (key.size() == 4 && all_digits(key)) return true;
  if (key.size() > 2) {
    const std::string tail = key.substr(key.size() - 2);
    if ((tail == "am" || tail == "pm") && all_digits(key.substr(0, key.size() - 2))) return true;
  }
  return false;
}

bool capitalised(const std::string& text) {
  return !text.empty() && std::isupper(static_cast<unsigned char>(text[0])) != 0;
}

}  // namespace

ContextQuestionsReport context_questions(const ContextQuestionsOptions& options) {
  WorkbenchReport wb = run_workbench(options.workbench);
  ContextQuestionsReport r;
  r.tokens = wb.tokens;
  r.notices = wb.notices;
  r.source_name = wb.source_name;
  r.d_model = wb.d_model;
  r.d_k = wb.d_k;
  const int n = static_cast<int>(r.tokens.size());
  if (n == 0) throw InputError("Type a sentence to ask about.");
  r.centre = std::clamp(options.centre, 0, n - 1);
  const MatD& A = wb.projected.attn_weights;
  for (int j = 0; j < n; ++j) r.attention_row.push_back(A(r.centre, j));
  r.row_sum = A.row(r.centre).sum();
  r.pairs = all_pairs_at_once(wb.projected.Q, wb.projected.K);

  const auto key = [&](int i) { return r.tokens[static_cast<std::size_t>(i)].key; };
  // where: the first word after a place preposition (a determiner in between is skipped) that
  // is not a time. When none qualifies, the cue says what the sentence has instead.
  std::vector<int> where;
  std::string where_cue;
  std::vector<std::string> not_places;  // why each place preposition gave no place
  const auto quoted = [&](int i) { return "“" + r.tokens[static_cast<std::size_t>(i)].text + "”"; };
  for (int i = 0; i < n && where.empty(); ++i) {
    if (!kPlacePrepositions.count(key(i))) continue;
    int j = i + 1;
    while (j < n && kDeterminers.count(key(j))) ++j;
    if (j >= n) {  // the sentence ends after the preposition (and its determiners)
      std::string phrase = r.tokens[static_cast<std::size_t>(i)].text;
      for (int k = i + 1; k < j; ++k) phrase += " " + r.tokens[static_cast<std::size_t>(k)].text;
      not_places.push_back("nothing follows “" + phrase + "”");
    } else if (is_time(key(j))) {
      not_places.push_back(quoted(i) + " is followed by " + quoted(j) + ", a time, not a place");
    } else if (!kPlacePrepositions.count(key(j))) {
      where.push_back(j);
      where_cue = "the word after " + quoted(i);
    }  // followed by another place word: that one is looked at in turn
  }
  if (where.empty()) {
    if (not_places.empty()) {
      where_cue = "no place word such as “to”, “in” or “at”";
    } else {
      for (std::size_t k = 0; k < not_places.size(); ++k) where_cue += (k ? "; " : "") + not_places[k];
    }
  }
  // who: a personal pronoun, else a capitalised word that is not the place and not a determiner.
  std::vector<int> who;
  std::string who_cue = "no pronoun (I, she, they…) and no capitalised name";
  for (int i = 0; i < n && who.empty(); ++i) {
    if (kPersons.count(key(i))) {
      who.push_back(i);
      who_cue = "a personal pronoun";
    }
  }
  for (int i = 0; i < n && who.empty(); ++i) {
    const bool is_place = std::find(where.begin(), where.end(), i) != where.end();
    if (capitalised(r.tokens[static_cast<std::size_t>(i)].text) && !is_place && !kDeterminers.count(key(i)) &&
        !is_time(key(i))) {
      who.push_back(i);
      who_cue = "a capitalised name";
    }
  }
  // when: every word that names a time.
  std::vector<int> when;
  for (int i = 0; i < n; ++i)
    if (is_time(key(i))) when.push_back(i);
  const std::string when_cue = when.empty() ? "no word names a time (today, Monday, 5pm, 2026…)" : "a word that names a time";

  const auto weight_on = [&](const std::vector<int>& positions) {
    double w = 0.0;
    for (int j : positions) w += r.attention_row[static_cast<std::size_t>(j)];
    return w;
  };
  r.questions.push_back({"who", "a person: a pronoun or a name", who, who_cue, weight_on(who)});
  r.questions.push_back({"where", "a place: the word after to, in, at…", where, where_cue, weight_on(where)});
  r.questions.push_back({"when", "a time: today, Monday, 5pm…", when, when_cue, weight_on(when)});
  std::set<int> answering;
  for (const auto& q : r.questions) answering.insert(q.answer.begin(), q.answer.end());
  r.answered_weight = weight_on(std::vector<int>(answering.begin(), answering.end()));
  return r;
}

}  // namespace aw
