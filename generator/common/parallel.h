// The one way frp-gen spreads work over threads. Every stage that wants a second core (plan,
// render, write) calls parallel_for instead of starting and joining threads of its own.
#pragma once

#include <cstddef>
#include <functional>
#include <utility>

namespace frp {

// Calls fn(i) once for every i in [0, count), on min(threads, count) threads: the calling thread
// and up to threads-1 helpers. Returns when every call has returned.
//
// - Items are handed out one at a time, in index order, to whichever thread is free: put the
//   largest items first and the threads finish together.
// - With threads >= count no item ever waits for a free thread: all of them can be running at
//   the same time, so items may wait on each other (reading several pipes at once).
// - fn is called concurrently for different i: it must only touch what item i owns, or guard
//   what it shares. Results go into slots indexed by i (a vector sized `count` beforehand).
// - threads <= 1, or count <= 1, runs everything on the calling thread, in order.
// - If calls throw, the remaining items still run, and the first exception is rethrown once
//   every thread has finished.
void parallel_for(std::size_t count, std::size_t threads,
                  const std::function<void(std::size_t)>& fn);

// The half-open range [begin, end) of part `part` when [0, count) is cut into `parts` contiguous
// parts whose sizes differ by at most one (part p is [count*p/parts, count*(p+1)/parts)). For work
// whose results are merged in a fixed order, e.g. each part collecting its own diagnostics:
//   parallel_for(parts, parts, [&](std::size_t p) { auto [begin, end] = part_range(n, parts, p);
//   });
std::pair<std::size_t, std::size_t> part_range(std::size_t count, std::size_t parts,
                                               std::size_t part);

// Threads worth using for a stage's CPU work: the machine's cores, between 1 and `cap`.
std::size_t cpu_threads(std::size_t cap);

}  // namespace frp
