#include "common/parallel.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace frp {

void parallel_for(std::size_t count, std::size_t threads,
                  const std::function<void(std::size_t)>& fn) {
  std::atomic<std::size_t> next{0};
  std::mutex failure_lock;
  std::exception_ptr failure;
  auto work = [&] {
    for (std::size_t i = next++; i < count; i = next++) {
      try {
        fn(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(failure_lock);
        if (!failure) failure = std::current_exception();
      }
    }
  };
  const std::size_t used = std::min(std::max<std::size_t>(threads, 1), count);
  std::vector<std::thread> helpers;
  helpers.reserve(used > 0 ? used - 1 : 0);
  for (std::size_t t = 1; t < used; ++t) helpers.emplace_back(work);
  work();
  for (std::thread& helper : helpers) helper.join();
  if (failure) std::rethrow_exception(failure);
}

std::pair<std::size_t, std::size_t> part_range(std::size_t count, std::size_t parts,
                                               std::size_t part) {
  if (parts == 0) return {0, count};
  return {count * part / parts, count * (part + 1) / parts};
}

std::size_t cpu_threads(std::size_t cap) {
  const std::size_t cores = std::thread::hardware_concurrency();
  return std::clamp<std::size_t>(cores, 1, std::max<std::size_t>(cap, 1));
}

}  // namespace frp
