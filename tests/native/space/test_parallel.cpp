// The space layer's threads (core/space/parallel.hpp): every item of a loop done once on any
// thread count, a body's exception reaching the caller, and the promise the layouts rely on —
// the same bits with 1, 2, 3 or 4 threads for the exact neighbours, t-SNE (2-D and 3-D, its KL
// included) and UMAP.
#include <atomic>
#include <stdexcept>
#include <vector>

#include "core/space/layout_common.hpp"
#include "core/space/parallel.hpp"
#include "core/space/tsne.hpp"
#include "core/space/umap.hpp"
#include "tests/native/space/layout_test_data.hpp"

namespace {

using aw::space::parallel_for;
using aw::space::set_thread_count;

// Restores one thread when a test ends, whatever it checked.
struct Threads {
  explicit Threads(int n) { set_thread_count(n); }
  ~Threads() { set_thread_count(1); }
};

Eigen::MatrixXf tsne_layout(const Eigen::MatrixXf& X, int out_dim, int threads, double& kl) {
  Threads use(threads);
  aw::space::TsneOptions o;
  o.out_dim = out_dim;
  o.perplexity = 20;
  o.iterations = 120;
  o.exaggeration_iterations = 50;
  aw::space::TsneRun run(X, o);
  while (!run.done()) run.step(40);
  kl = run.kl_divergence();
  return run.layout();
}

Eigen::MatrixXf umap_layout(const Eigen::MatrixXf& X, int threads) {
  Threads use(threads);
  aw::space::UmapOptions o;
  o.epochs = 60;
  o.seed = 3;
  aw::space::UmapRun run(X, o);
  while (!run.done()) run.step(20);
  return run.layout();
}

}  // namespace

TEST_CASE("parallel_for: every item once, on any number of threads") {
  REQUIRE(aw::space::threads_available());  // the native build has threads
  for (int threads : {1, 2, 3, 4}) {
    Threads use(threads);
    CHECK(aw::space::thread_count() == threads);
    for (int count : {0, 1, 7, 1000}) {
      for (int chunk : {1, 3, 64, 5000}) {
        std::vector<std::atomic<int>> seen(static_cast<std::size_t>(count));
        std::atomic<int> bad_worker{0};
        parallel_for(count, chunk, [&](int begin, int end, int worker) {
          if (worker < 0 || worker >= threads || end - begin > chunk) ++bad_worker;
          for (int i = begin; i < end; ++i) ++seen[static_cast<std::size_t>(i)];
        });
        int wrong = 0;
        for (auto& s : seen) wrong += s.load() != 1;
        CHECK(wrong == 0);
        CHECK(bad_worker == 0);
      }
    }
  }
  CHECK(set_thread_count(0) == 1);
  CHECK(set_thread_count(99) == aw::space::kMaxThreads);
  set_thread_count(1);
}

TEST_CASE("parallel_for: a body's exception reaches the caller, and a loop inside a body runs there") {
  Threads use(3);
  CHECK_THROWS_AS(parallel_for(100, 1, [](int begin, int, int) {
                    if (begin == 57) throw std::runtime_error("item 57");
                  }),
                  std::runtime_error);
  std::atomic<int> inner{0};
  parallel_for(8, 1, [&](int, int, int) { parallel_for(10, 2, [&](int b, int e, int) { inner += e - b; }); });
  CHECK(inner == 80);
  // the pool still works after a failed loop
  std::atomic<int> done{0};
  parallel_for(1000, 10, [&](int b, int e, int) { done += e - b; });
  CHECK(done == 1000);
}

TEST_CASE("exact neighbours: the same graph with 1, 2, 3 and 4 threads") {
  const Eigen::MatrixXf X = layout_test::glove_rows(700);
  const aw::space::KnnGraph one = [&] {
    Threads use(1);
    return aw::space::exact_knn_euclidean(X, 30);
  }();
  for (int threads : {2, 3, 4}) {
    Threads use(threads);
    const aw::space::KnnGraph many = aw::space::exact_knn_euclidean(X, 30);
    CHECK(many.index == one.index);
    CHECK(many.distance == one.distance);
  }
}

TEST_CASE("t-SNE: the same layout and KL, to the bit, with 1, 2 and 4 threads (2-D and 3-D)") {
  const Eigen::MatrixXf X = layout_test::glove_rows(900);
  for (int out_dim : {2, 3}) {
    double kl_one = 0;
    const Eigen::MatrixXf one = tsne_layout(X, out_dim, 1, kl_one);
    for (int threads : {2, 4}) {
      double kl = 0;
      CHECK(layout_test::same_bytes(tsne_layout(X, out_dim, threads, kl), one));
      CHECK(kl == kl_one);
    }
  }
}

TEST_CASE("UMAP: the same layout, to the bit, with 1 and 2 threads") {
  const Eigen::MatrixXf X = layout_test::glove_rows(600);
  const Eigen::MatrixXf one = umap_layout(X, 1);
  CHECK(layout_test::same_bytes(umap_layout(X, 2), one));
}
