// parallel_for and part_range: the one helper every stage spreads its work with.
#include "common/parallel.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

namespace frp {
namespace {

TEST(ParallelFor, CallsEveryItemOnce) {
  for (std::size_t threads : {0, 1, 2, 3, 8}) {
    std::vector<std::atomic<int>> calls(100);
    parallel_for(calls.size(), threads, [&](std::size_t i) { calls[i]++; });
    for (std::size_t i = 0; i < calls.size(); ++i) EXPECT_EQ(calls[i], 1) << i << " " << threads;
  }
}

TEST(ParallelFor, NothingToDo) {
  bool called = false;
  parallel_for(0, 4, [&](std::size_t) { called = true; });
  EXPECT_FALSE(called);
}

TEST(ParallelFor, OneThreadRunsInOrderOnTheCaller) {
  const std::thread::id caller = std::this_thread::get_id();
  std::vector<std::size_t> order;
  parallel_for(5, 1, [&](std::size_t i) {
    EXPECT_EQ(std::this_thread::get_id(), caller);
    order.push_back(i);
  });
  EXPECT_EQ(order, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
}

TEST(ParallelFor, UsesNoMoreThreadsThanAsked) {
  std::mutex lock;
  std::vector<std::thread::id> seen;
  parallel_for(64, 2, [&](std::size_t) {
    std::this_thread::sleep_for(std::chrono::microseconds(200));
    std::lock_guard<std::mutex> guard(lock);
    if (std::find(seen.begin(), seen.end(), std::this_thread::get_id()) == seen.end()) {
      seen.push_back(std::this_thread::get_id());
    }
  });
  EXPECT_LE(seen.size(), 2u);
}

TEST(ParallelFor, WithAThreadPerItemItemsMayWaitOnEachOther) {
  // Every item waits until all of them have started: this finishes only if they all run at
  // once (the renderer's readers rely on it).
  constexpr std::size_t kItems = 4;
  std::mutex lock;
  std::condition_variable all_started;
  std::size_t started = 0;
  parallel_for(kItems, kItems, [&](std::size_t) {
    std::unique_lock<std::mutex> guard(lock);
    ++started;
    all_started.notify_all();
    ASSERT_TRUE(
        all_started.wait_for(guard, std::chrono::seconds(10), [&] { return started == kItems; }));
  });
  EXPECT_EQ(started, kItems);
}

TEST(ParallelFor, RethrowsTheFirstExceptionAfterEveryItemRan) {
  std::atomic<int> ran{0};
  EXPECT_THROW(parallel_for(10, 3,
                            [&](std::size_t i) {
                              ran++;
                              if (i % 4 == 1) throw std::runtime_error("item failed");
                            }),
               std::runtime_error);
  EXPECT_EQ(ran, 10);
}

TEST(PartRange, CutsIntoContiguousNearlyEqualParts) {
  EXPECT_EQ(part_range(10, 2, 0), (std::pair<std::size_t, std::size_t>{0, 5}));
  EXPECT_EQ(part_range(10, 2, 1), (std::pair<std::size_t, std::size_t>{5, 10}));
  EXPECT_EQ(part_range(7, 3, 0), (std::pair<std::size_t, std::size_t>{0, 2}));
  EXPECT_EQ(part_range(7, 3, 1), (std::pair<std::size_t, std::size_t>{2, 4}));
  EXPECT_EQ(part_range(7, 3, 2), (std::pair<std::size_t, std::size_t>{4, 7}));
  EXPECT_EQ(part_range(1, 2, 0), (std::pair<std::size_t, std::size_t>{0, 0}));
  EXPECT_EQ(part_range(1, 2, 1), (std::pair<std::size_t, std::size_t>{0, 1}));
  EXPECT_EQ(part_range(5, 0, 0), (std::pair<std::size_t, std::size_t>{0, 5}));
  // The parts cover [0, count) exactly, in order.
  for (std::size_t count : {0, 1, 9, 100, 101}) {
    for (std::size_t parts : {1, 2, 3, 7}) {
      std::size_t expected_begin = 0;
      for (std::size_t p = 0; p < parts; ++p) {
        auto [begin, end] = part_range(count, parts, p);
        EXPECT_EQ(begin, expected_begin);
        EXPECT_LE(end - begin, count / parts + 1);
        expected_begin = end;
      }
      EXPECT_EQ(expected_begin, count);
    }
  }
}

TEST(CpuThreads, BetweenOneAndTheCap) {
  EXPECT_EQ(cpu_threads(1), 1u);
  EXPECT_GE(cpu_threads(2), 1u);
  EXPECT_LE(cpu_threads(2), 2u);
  EXPECT_EQ(cpu_threads(0), 1u);
}

}  // namespace
}  // namespace frp
