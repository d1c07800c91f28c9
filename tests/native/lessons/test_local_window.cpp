// Chapter 2: sliding windows against all-to-all attention.
#include <doctest/doctest.h>

#include "core/lessons/local_window.hpp"

using aw::LocalWindowOptions;
using aw::WindowDirection;

TEST_CASE("radius 2 around \"going\" reaches two words on each side") {
  LocalWindowOptions o;  // "I am going to London", centre 2, radius 2
  const aw::LocalWindowReport r = aw::local_window(o);
  REQUIRE(r.tokens.size() == 5);
  CHECK(r.tokens[r.centre].text == "going");
  CHECK(r.reach[2] == std::vector<int>{0, 1, 3, 4});
  CHECK(r.reach[0] == std::vector<int>{1, 2});  // the window is cut at the sentence's start
  CHECK(r.window_positions == 5);
  CHECK(r.covers[2][2] == 1);
  CHECK(r.covers[0][3] == 0);
}

TEST_CASE("one-sided windows look only back or only ahead") {
  LocalWindowOptions o;
  o.radius = 1;
  o.direction = WindowDirection::Left;
  CHECK(aw::local_window(o).reach[2] == std::vector<int>{1});
  o.direction = WindowDirection::Right;
  const aw::LocalWindowReport r = aw::local_window(o);
  CHECK(r.reach[2] == std::vector<int>{3});
  CHECK(r.window_positions == 2);
  CHECK(r.reach[4].empty());
}

TEST_CASE("radius 0 reaches nothing but the centre itself") {
  LocalWindowOptions o;
  o.radius = 0;
  const aw::LocalWindowReport r = aw::local_window(o);
  for (const auto& reach : r.reach) CHECK(reach.empty());
  CHECK(r.covers[3][3] == 1);
}

TEST_CASE("\"cat\" reaches \"Noa\" only with a window as long as the sentence, attention always") {
  LocalWindowOptions o;
  o.sentence = "Noa can be annoying, but she is a great cat";
  o.centre = 9;
  o.target = "Noa";
  o.radius = 3;
  aw::LocalWindowReport r = aw::local_window(o);
  CHECK(r.tokens[9].text == "cat");
  CHECK(r.target_index == 0);
  CHECK(r.distance == 9);
  CHECK_FALSE(r.window_reaches_target);
  CHECK(*r.radius_needed == 9);
  CHECK(r.attention_reaches_target);
  for (const auto& row : r.attention) CHECK(row == std::vector<int>(10, 1));
  o.radius = 9;
  CHECK(aw::local_window(o).window_reaches_target);
  o.direction = WindowDirection::Right;  // looking ahead from "cat" never finds "Noa"
  r = aw::local_window(o);
  CHECK_FALSE(r.window_reaches_target);
  CHECK_FALSE(r.radius_needed);
}

TEST_CASE("bad input: no words, radius out of range, centre outside, unknown target") {
  LocalWindowOptions o;
  o.sentence = " ,, ";
  CHECK_THROWS_WITH_AS(aw::local_window(o), doctest::Contains("at least one word"), aw::InputError);
  o.sentence = "a b";
  o.radius = -1;
  CHECK_THROWS_AS(aw::local_window(o), aw::InputError);
  o.radius = 1;
  o.centre = 7;
  o.target = "zebra";
  const aw::LocalWindowReport r = aw::local_window(o);
  CHECK(r.centre == 1);
  CHECK(r.target_index == -1);
  CHECK(r.notices.size() == 2);
}
