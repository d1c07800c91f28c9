// The space layer's threads: a small pool that splits a loop over rows (points, tree groups,
// blocks of the neighbour search) between the caller and up to kMaxThreads − 1 helper threads.
//
// A loop body writes only what belongs to its own items (a point's force, a row's neighbours)
// or to the scratch of the thread it runs on (`worker`), and every sum across items is made
// afterwards in item order by the caller. So a run gives the same bits with 1, 2 or 4 threads,
// natively and in wasm: the thread count is a speed setting, never a result setting.
//
// Threads exist only where the build has them (AW_THREADS=1: the native build and the wasm
// build made with -pthread, which the page loads where it is cross-origin isolated). Elsewhere
// set_thread_count keeps 1 and every loop runs on the caller.
#pragma once
#include <functional>

namespace aw::space {

inline constexpr int kMaxThreads = 4;

// How many threads the loops below use, the caller included: clamped to [1, kMaxThreads], and to
// 1 in a build without threads. Returns the count now in force. Call it between runs, not from
// inside a loop body.
int set_thread_count(int threads);
int thread_count();
// Whether this build can run more than one thread.
bool threads_available();

// Calls body(begin, end, worker) on consecutive chunks of [0, count), each of at most `chunk`
// items, until every item is done, on thread_count() threads; returns when all are done.
// `worker` (0 … thread_count() − 1) names the thread, for per-thread scratch; which chunks a
// thread takes varies from run to run, so a body's result must not depend on it. A call from
// inside a body runs on that thread alone. The first exception a body throws is rethrown here.
void parallel_for(int count, int chunk, const std::function<void(int begin, int end, int worker)>& body);

}  // namespace aw::space
