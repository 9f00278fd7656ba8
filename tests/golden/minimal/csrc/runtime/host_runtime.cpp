// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// The default runtime of mydevice: "device" memory is host RAM and work runs synchronously on the
// calling thread, so the device works on any machine. Replace this file with calls into your
// driver; the interface is in generated/runtime.h.
//
// Environment:
//   MYDEVICE_DEVICE_COUNT   number of devices (default 2)
//   MYDEVICE_MEMORY_BYTES   memory of each device (default 8 GiB)
#include <c10/util/Exception.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "generated/runtime.h"

namespace mydevice::runtime {

struct StreamRecord {
  int device;
};

struct EventRecord {
  int device;
  bool recorded = false;
  std::chrono::steady_clock::time_point when;
};

namespace {

constexpr int kDefaultDeviceCount = 2;
constexpr std::size_t kDefaultMemoryBytes = std::size_t{8} << 30;
constexpr const char* kDeviceCountVariable = "MYDEVICE_DEVICE_COUNT";
constexpr const char* kMemoryBytesVariable = "MYDEVICE_MEMORY_BYTES";
// Device allocations are aligned like CUDA's, so vectorized kernels can assume it.
constexpr std::size_t kAlignment = 256;

std::size_t env_size(const char* name, std::size_t fallback) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return fallback;
  char* end = nullptr;
  unsigned long long value = std::strtoull(text, &end, 10);
  TORCH_CHECK(end != text && *end == '\0', name, " must be a whole number, got '", text, "'");
  return static_cast<std::size_t>(value);
}

struct Allocation {
  int device;
  std::size_t bytes;
};

// Process-wide state: which pointers are device or pinned memory and how much each device uses.
struct State {
  int device_count;
  std::size_t capacity;
  std::mutex mutex;
  std::unordered_map<const void*, Allocation> device_memory;
  std::vector<std::size_t> used;
  std::unordered_set<const void*> host_memory;

  State()
      : device_count(static_cast<int>(env_size(kDeviceCountVariable, kDefaultDeviceCount))),
        capacity(env_size(kMemoryBytesVariable, kDefaultMemoryBytes)),
        used(static_cast<std::size_t>(device_count), 0) {}
};

State& state() {
  static State* instance = new State();  // leaked: tensors may be freed during static destruction
  return *instance;
}

thread_local int current = 0;

void check_device(int device) {
  TORCH_CHECK(
      device >= 0 && device < state().device_count,
      "invalid mydevice device index ",
      device,
      ": there are ",
      state().device_count,
      " devices");
}

}  // namespace

int device_count() noexcept {
  return state().device_count;
}

int current_device() {
  return current;
}

void set_device(int device) {
  check_device(device);
  current = device;
}

void* device_malloc(int device, std::size_t bytes) {
  check_device(device);
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.used[device] + bytes > s.capacity) return nullptr;
  void* ptr = ::operator new (bytes == 0 ? 1 : bytes, std::align_val_t{kAlignment}, std::nothrow);
  if (ptr == nullptr) return nullptr;
  s.device_memory.emplace(ptr, Allocation{device, bytes});
  s.used[device] += bytes;
  return ptr;
}

void device_free(int device, void* ptr) {
  if (ptr == nullptr) return;
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto it = s.device_memory.find(ptr);
  TORCH_CHECK(
      it != s.device_memory.end() && it->second.device == device,
      "device_free: ",
      ptr,
      " is not memory of mydevice:",
      device);
  s.used[device] -= it->second.bytes;
  s.device_memory.erase(it);
  ::operator delete (ptr, std::align_val_t{kAlignment});
}

int device_of_pointer(const void* ptr) noexcept {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto it = s.device_memory.find(ptr);
  return it == s.device_memory.end() ? -1 : it->second.device;
}

void memory_info(int device, std::size_t* free_bytes, std::size_t* total_bytes) {
  check_device(device);
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  *free_bytes = s.capacity - s.used[device];
  *total_bytes = s.capacity;
}

void memcpy(void* dst, const void* src, std::size_t bytes, CopyKind /*kind*/) {
  if (bytes != 0) std::memcpy(dst, src, bytes);
}

void memcpy_async(void* dst, const void* src, std::size_t bytes, CopyKind kind, Stream /*stream*/) {
  memcpy(dst, src, bytes, kind);  // work runs synchronously: done before it returns
}

void memset(void* dst, int value, std::size_t bytes) {
  if (bytes != 0) std::memset(dst, value, bytes);
}

Stream stream_create(int device) {
  check_device(device);
  return new StreamRecord{device};
}

void stream_destroy(Stream stream) {
  delete stream;
}

bool stream_query(Stream /*stream*/) {
  return true;
}

void stream_synchronize(Stream /*stream*/) {}

void stream_wait_event(Stream /*stream*/, Event /*event*/) {}

Event event_create(int device) {
  check_device(device);
  return new EventRecord{device, false, {}};
}

void event_destroy(Event event) {
  delete event;
}

void event_record(Event event, Stream /*stream*/) {
  event->recorded = true;
  event->when = std::chrono::steady_clock::now();
}

bool event_query(Event /*event*/) {
  return true;
}

void event_synchronize(Event /*event*/) {}

double event_elapsed_ms(Event start, Event end) {
  TORCH_CHECK(
      start->recorded && end->recorded, "elapsed_time needs both events to have been recorded");
  return std::chrono::duration<double, std::milli>(end->when - start->when).count();
}

void device_synchronize(int device) {
  check_device(device);
}

void* host_malloc(std::size_t bytes) {
  void* ptr = ::operator new (bytes == 0 ? 1 : bytes, std::align_val_t{kAlignment}, std::nothrow);
  if (ptr == nullptr) return nullptr;
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.host_memory.insert(ptr);
  return ptr;
}

void host_free(void* ptr) {
  if (ptr == nullptr) return;
  State& s = state();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    TORCH_CHECK(s.host_memory.erase(ptr) == 1, "host_free: ", ptr, " is not pinned memory");
  }
  ::operator delete (ptr, std::align_val_t{kAlignment});
}

bool is_host_pointer(const void* ptr) noexcept {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.host_memory.contains(ptr);
}

// This runtime's device memory is host memory: the host reads and writes it where it is, and
// the CPU fallback runs CPU kernels on it without copies. When device_malloc hands out your
// driver's memory, return what your driver's mapping gives, or nullptr (callers then copy
// through memcpy): a device pointer returned here would be read as host memory.
void* map_to_host(void* ptr, std::size_t /*bytes*/) {
  return ptr;
}

void unmap_from_host(void* /*ptr*/, void* /*host*/) {}

}  // namespace mydevice::runtime
