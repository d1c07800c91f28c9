#include "core/space/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <exception>

#if AW_THREADS
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>
#endif

namespace aw::space {

namespace {

thread_local bool inside_loop = false;  // a body's own parallel_for runs where it is

// Hands out chunks of one loop; every thread (the caller too) takes chunks until none are left.
struct Loop {
  int count = 0, chunk = 1;
  const std::function<void(int, int, int)>* body = nullptr;
  std::atomic<int> next{0};
  std::exception_ptr failure;
  std::atomic<bool> failed{false};

  void work(int worker) {
    const bool was_inside = inside_loop;  // a loop inside a body runs here, then the body goes on
    inside_loop = true;
    for (;;) {
      const int begin = next.fetch_add(chunk);
      if (begin >= count || failed.load()) break;
      try {
        (*body)(begin, std::min(count, begin + chunk), worker);
      } catch (...) {
        if (!failed.exchange(true)) failure = std::current_exception();
      }
    }
    inside_loop = was_inside;
  }
};

#if AW_THREADS
// Spins on `ready` for up to about a millisecond; true as soon as it holds. A loop of t-SNE or
// UMAP follows the last one within a fraction of a millisecond, and waking a sleeping thread
// (a futex; in the browser Atomics.wait) costs about as much as a short loop: so helpers watch
// for the next loop a moment before they sleep, and the caller watches for the helpers' end.
template <typename Ready>
bool spin_until(Ready ready) {
  using clock = std::chrono::steady_clock;
  const auto give_up = clock::now() + std::chrono::microseconds(1000);
  for (;;) {
    for (int i = 0; i < 256; ++i)
      if (ready()) return true;
    if (clock::now() > give_up) return false;
  }
}

// Helper threads that wait between loops. Each loop is a new generation: a helper notices the
// generation move on, works the loop, and reports done; the caller waits for all of them before
// the loop's data goes out of scope.
class Pool {
 public:
  ~Pool() { resize(0); }

  void resize(int helpers) {
    if (static_cast<int>(threads_.size()) == helpers) return;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
      ++generation_;
    }
    wake_.notify_all();
    for (auto& t : threads_) t.join();
    threads_.clear();
    stopping_ = false;
    // each helper starts from the generation now: a loop begun before it first looks is still new to it
    const unsigned long now = generation_;
    for (int h = 0; h < helpers; ++h) threads_.emplace_back([this, h, now] { serve(h + 1, now); });
  }

  void run(Loop& loop) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      loop_ = &loop;
      busy_ = static_cast<int>(threads_.size());
      ++generation_;
    }
    wake_.notify_all();
    loop.work(0);
    if (!spin_until([this] { return busy_.load() == 0; })) {
      std::unique_lock<std::mutex> lock(mutex_);
      done_.wait(lock, [this] { return busy_.load() == 0; });
    }
    std::lock_guard<std::mutex> lock(mutex_);  // the last helper may still be inside its notify
    loop_ = nullptr;
  }

 private:
  void serve(int worker, unsigned long seen) {
    for (;;) {
      Loop* loop = nullptr;
      spin_until([&] { return generation_.load() != seen; });
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return generation_.load() != seen; });
        seen = generation_;
        if (stopping_) return;
        loop = loop_;
      }
      if (loop != nullptr) loop->work(worker);
      {
        std::lock_guard<std::mutex> lock(mutex_);
        if (--busy_ == 0) done_.notify_one();
      }
    }
  }

  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::atomic<unsigned long> generation_{0};  // changed under mutex_, watched without it
  bool stopping_ = false;
  Loop* loop_ = nullptr;
  std::atomic<int> busy_{0};  // helpers still in the loop: changed under mutex_, watched without it
};

Pool& pool() {
  static Pool instance;
  return instance;
}
#endif

int threads_in_force = 1;

}  // namespace

bool threads_available() { return AW_THREADS != 0; }

int set_thread_count(int threads) {
  const int wanted = threads_available() ? std::max(1, std::min(kMaxThreads, threads)) : 1;
#if AW_THREADS
  pool().resize(wanted - 1);
#endif
  threads_in_force = wanted;
  return threads_in_force;
}

int thread_count() { return threads_in_force; }

void parallel_for(int count, int chunk, const std::function<void(int begin, int end, int worker)>& body) {
  if (count <= 0) return;
  Loop loop;
  loop.count = count;
  loop.chunk = std::max(1, chunk);
  loop.body = &body;
#if AW_THREADS
  if (threads_in_force > 1 && !inside_loop && count > loop.chunk) {
    pool().run(loop);
  } else {
    loop.work(0);
  }
#else
  loop.work(0);
#endif
  if (loop.failure) std::rethrow_exception(loop.failure);
}

}  // namespace aw::space
