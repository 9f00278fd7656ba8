// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// The runtime of ocl on OpenCL 1.2: device memory is cl_mem buffers, streams are in-order command
// queues, events are marker cl_events (with profiling, for elapsed_time), pinned host memory is a
// buffer made with CL_MEM_ALLOC_HOST_PTR and mapped. The interface is in generated/runtime.h;
// what kernels need beyond it is in opencl_runtime.h.
//
// Environment:
//   OCL_PLATFORM      the OpenCL platform: its index, or a part of its name ("pocl", "nvidia");
//                     default: the first platform with a device of OCL_DEVICE_TYPE
//   OCL_DEVICE_TYPE   gpu, cpu, accelerator or all (default all): the platform's devices of that
//                     type are ocl:0, ocl:1, ...
//   OCL_LAUNCH_BLOCKING  1: an error a kernel finds is raised at its launch, not where the host
//                     next waits for the device (see opencl_runtime.h)
#include "runtime/opencl_runtime.h"

#include <c10/util/Exception.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ocl::runtime {

struct StreamRecord {
  int device;
  cl_command_queue queue;
  // The last command the runtime enqueued on it (nullptr: none yet). OpenCL cannot ask a queue
  // whether it is idle; the last command's status says the same of an in-order queue.
  cl_event last = nullptr;
};

struct EventRecord {
  int device;
  cl_event event = nullptr;  // the marker of the last record(), nullptr before the first
};

}  // namespace ocl::runtime

namespace ocl::opencl {
namespace {

using runtime::CopyKind;

// What the device's kernels report (see opencl_runtime.h): its error word, two longs (the code of
// the launch that found an error, the KernelError in its low two bits, and the offending value),
// and what each of the last kRecent checking launches raises.
struct KernelErrors {
  static constexpr std::size_t kRecent = 256;
  struct Checked {
    const char* kernel = nullptr;
    std::string index_message;
  };
  std::mutex mutex;
  cl_mem word = nullptr;              // made by the first checking launch
  cl_command_queue reader = nullptr;  // a queue of its own: reading the word waits for no stream
  std::array<Checked, kRecent> recent;
  std::uint64_t launches = 0;  // checking launches so far; a launch's code is its number << 2
  std::uint64_t cleared = 0;   // how many of them are known to have found nothing
};

struct Device {
  cl_device_id id = nullptr;
  cl_context context = nullptr;
  runtime::StreamRecord* default_stream = nullptr;  // the stream runtime.h calls nullptr
  std::size_t total_bytes = 0;
  std::size_t max_allocation = 0;
  std::size_t used_bytes = 0;
  // Buffers live in host memory (CPU devices such as PoCL's, integrated GPUs): a mapping is a
  // pointer into the memory kernels use, not a copy, and the host may use it while kernels run
  // on other memory.
  bool unified_memory = false;
  std::vector<runtime::StreamRecord*> streams;  // created on it, the default one first
  std::shared_ptr<KernelErrors> errors = std::make_shared<KernelErrors>();
};

struct Allocation {
  cl_mem buffer;
  std::size_t bytes;
  std::size_t reserved;  // bytes of address space reserved for its addresses
  int device;
};

struct Pinned {
  cl_mem buffer;
  std::size_t bytes;
};

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) {
    return static_cast<char>(std::tolower(c));
  });
  return text;
}

std::string environment(const char* name) {
  const char* value = std::getenv(name);
  return value == nullptr ? "" : value;
}

std::string platform_name(cl_platform_id platform) {
  std::size_t size = 0;
  clGetPlatformInfo(platform, CL_PLATFORM_NAME, 0, nullptr, &size);
  std::string name(size, '\0');
  clGetPlatformInfo(platform, CL_PLATFORM_NAME, size, name.data(), nullptr);
  while (!name.empty() && name.back() == '\0') name.pop_back();
  return name;
}

cl_device_type device_type_from_environment() {
  const std::string type = lower(environment("OCL_DEVICE_TYPE"));
  if (type.empty() || type == "all") return CL_DEVICE_TYPE_ALL;
  if (type == "gpu") return CL_DEVICE_TYPE_GPU;
  if (type == "cpu") return CL_DEVICE_TYPE_CPU;
  if (type == "accelerator") return CL_DEVICE_TYPE_ACCELERATOR;
  TORCH_CHECK(false, "OCL_DEVICE_TYPE must be gpu, cpu, accelerator or all, got '", type, "'");
}

std::vector<cl_device_id> devices_of(cl_platform_id platform, cl_device_type type) {
  cl_uint count = 0;
  if (clGetDeviceIDs(platform, type, 0, nullptr, &count) != CL_SUCCESS || count == 0) return {};
  std::vector<cl_device_id> ids(count);
  check(clGetDeviceIDs(platform, type, count, ids.data(), nullptr), "clGetDeviceIDs");
  return ids;
}

// The devices OCL_PLATFORM and OCL_DEVICE_TYPE choose (see the top of this file).
std::vector<cl_device_id> chosen_devices() {
  cl_uint count = 0;
  if (clGetPlatformIDs(0, nullptr, &count) != CL_SUCCESS || count == 0) return {};
  std::vector<cl_platform_id> platforms(count);
  check(clGetPlatformIDs(count, platforms.data(), nullptr), "clGetPlatformIDs");
  const cl_device_type type = device_type_from_environment();
  const std::string wanted = lower(environment("OCL_PLATFORM"));
  if (wanted.empty()) {
    for (cl_platform_id platform : platforms) {
      std::vector<cl_device_id> ids = devices_of(platform, type);
      if (!ids.empty()) return ids;
    }
    return {};
  }
  std::string names;
  for (std::size_t i = 0; i < platforms.size(); ++i) {
    const std::string name = platform_name(platforms[i]);
    if (wanted == std::to_string(i) || lower(name).find(wanted) != std::string::npos) {
      return devices_of(platforms[i], type);
    }
    names += (names.empty() ? "" : ", ") + std::to_string(i) + ": " + name;
  }
  TORCH_CHECK(
      false, "OCL_PLATFORM='", wanted, "' names none of the OpenCL platforms (", names, ")");
}

template <class T>
T device_info(cl_device_id device, cl_device_info what) {
  T value{};
  check(clGetDeviceInfo(device, what, sizeof(T), &value, nullptr), "clGetDeviceInfo");
  return value;
}

Device open_device(cl_device_id id) {
  Device d;
  d.id = id;
  cl_int status = CL_SUCCESS;
  d.context = clCreateContext(nullptr, 1, &id, nullptr, nullptr, &status);
  check(status, "clCreateContext");
  cl_command_queue q = clCreateCommandQueue(d.context, id, CL_QUEUE_PROFILING_ENABLE, &status);
  check(status, "clCreateCommandQueue");
  d.default_stream = new runtime::StreamRecord{-1, q};  // the index is set once it is known
  d.streams.push_back(d.default_stream);
  d.total_bytes = device_info<cl_ulong>(id, CL_DEVICE_GLOBAL_MEM_SIZE);
  d.max_allocation = device_info<cl_ulong>(id, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
  d.unified_memory = device_info<cl_bool>(id, CL_DEVICE_HOST_UNIFIED_MEMORY) == CL_TRUE;
  return d;
}

// Process-wide state, made on first use. A machine without OpenCL has no devices; the reason is
// kept for the error of whoever asks for one.
struct State {
  std::vector<Device> devices;
  std::string unavailable;
  std::mutex mutex;
  std::map<std::uintptr_t, Allocation> device_memory;  // by first address
  std::map<std::uintptr_t, Pinned> host_memory;        // by first address

  State() {
    try {
      for (cl_device_id id : chosen_devices()) {
        devices.push_back(open_device(id));
        devices.back().default_stream->device = static_cast<int>(devices.size()) - 1;
      }
      if (devices.empty()) unavailable = "no OpenCL device found (is an OpenCL driver installed?)";
    } catch (const c10::Error& e) {
      // A setting that names nothing: said once, here, since callers only see zero devices.
      devices.clear();
      unavailable = e.what_without_backtrace();
      TORCH_WARN("ocl has no devices: ", unavailable);
    }
  }
};

State& state() {
  static State* instance = new State();  // leaked: tensors may be freed during static destruction
  return *instance;
}

Device& device(int index) {
  State& s = state();
  TORCH_CHECK(
      index >= 0 && index < static_cast<int>(s.devices.size()),
      "invalid ocl device index ",
      index,
      ": there are ",
      s.devices.size(),
      " devices",
      s.unavailable.empty() ? "" : " (" + s.unavailable + ")");
  return s.devices[static_cast<std::size_t>(index)];
}

thread_local int current = 0;

std::size_t page_size() {
  static const std::size_t size = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return size;
}

// An entry of `table` (keyed by first address, spanning `bytes`) holding `ptr`, or one past its
// end; nullptr if none does.
template <class Entry>
std::pair<const std::uintptr_t, Entry>* entry_holding(
    std::map<std::uintptr_t, Entry>& table,
    const void* ptr) {
  const auto address = reinterpret_cast<std::uintptr_t>(ptr);
  auto it = table.upper_bound(address);
  if (it == table.begin()) return nullptr;
  --it;
  return address - it->first <= it->second.bytes ? &*it : nullptr;
}

// Waits for all work queued on `d`: before a blocking copy or fill, which, like CUDA's legacy
// default stream, is ordered after the work of every stream of the device.
void finish_all(Device& d) {
  std::vector<runtime::StreamRecord*> streams;
  {
    std::lock_guard<std::mutex> lock(state().mutex);
    streams = d.streams;
  }
  for (runtime::StreamRecord* stream : streams) check(clFinish(stream->queue), "clFinish");
}

// The checking launches on `d` so far: a wait that begins now covers them all, on a device of one
// stream or when it waits for every stream.
std::uint64_t checking_launches(Device& d) {
  KernelErrors& e = *d.errors;
  std::lock_guard<std::mutex> lock(e.mutex);
  return e.launches;
}

// Raises what the kernels of `d` reported, once the host has waited for a stream of it (for every
// stream, when `whole_device`; for the launch itself, with OCL_LAUNCH_BLOCKING, when
// `at_launch`). `covered`: the checking launches that were enqueued when the wait began (0 when
// that is not known). The word is read only while a checking launch is not known to have found
// nothing: a clear word says so of the covered launches only, and only if the wait covered every
// stream, since other streams' kernels may still be running.
void raise_kernel_errors(
    Device& d,
    std::uint64_t covered,
    bool whole_device,
    bool at_launch = false) {
  KernelErrors& e = *d.errors;
  if (!whole_device) {
    std::lock_guard<std::mutex> lock(state().mutex);
    whole_device = d.streams.size() == 1;
  }
  std::unique_lock<std::mutex> lock(e.mutex);
  if (e.launches == e.cleared) return;
  cl_long found[2] = {0, 0};
  check(
      clEnqueueReadBuffer(e.reader, e.word, CL_TRUE, 0, sizeof(found), found, 0, nullptr, nullptr),
      "clEnqueueReadBuffer");
  if (whole_device) e.cleared = std::max(e.cleared, covered);
  if (found[0] == 0) return;
  const cl_long clear[2] = {0, 0};
  check(
      clEnqueueWriteBuffer(e.reader, e.word, CL_TRUE, 0, sizeof(clear), clear, 0, nullptr, nullptr),
      "clEnqueueWriteBuffer");
  const auto launch = static_cast<std::uint64_t>(found[0]) >> 2;
  const bool recent = launch < e.launches && e.launches - launch <= KernelErrors::kRecent;
  const KernelErrors::Checked checked =
      recent ? e.recent[launch % KernelErrors::kRecent] : KernelErrors::Checked{};
  lock.unlock();
  const std::string where = std::string("\n(found by ") +
                            (checked.kernel != nullptr ? std::string("the kernel ") + checked.kernel
                                                       : std::string("an earlier kernel")) +
                            " on ocl:" + std::to_string(d.default_stream->device) +
                            (at_launch ? ", raised at its launch: OCL_LAUNCH_BLOCKING=1)"
                                       : ", raised where the host next waited for the device; "
                                         "OCL_LAUNCH_BLOCKING=1 raises it at the call)");
  TORCH_CHECK(
      static_cast<KernelError>(found[0] & 3) != KernelError::kDivisionByZero,
      "ZeroDivisionError",
      where);
  std::string message = checked.kernel != nullptr ? checked.index_message : "index out of range";
  if (const std::size_t at = message.find("{}"); at != std::string::npos) {
    message.replace(at, 2, std::to_string(found[1]));
  }
  TORCH_CHECK_INDEX(false, message, where);
}

// Keeps `event` (of a command just enqueued on `stream`) as the stream's last command.
void track(runtime::StreamRecord* stream, cl_event event) {
  cl_event previous = nullptr;
  {
    std::lock_guard<std::mutex> lock(state().mutex);
    previous = std::exchange(stream->last, event);
  }
  if (previous != nullptr) clReleaseEvent(previous);
}

std::optional<std::pair<cl_mem, std::size_t>> pinned_at(const void* ptr) {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto* entry = entry_holding(s.host_memory, ptr);
  if (entry == nullptr) return std::nullopt;
  return std::pair{
      entry->second.buffer,
      static_cast<std::size_t>(reinterpret_cast<std::uintptr_t>(ptr) - entry->first)};
}

// A copy between device buffers of different devices (different contexts): through the host.
void copy_across_devices(const BufferAt& to, const BufferAt& from, std::size_t bytes) {
  std::vector<char> staging(bytes);
  check(
      clEnqueueReadBuffer(
          device(from.device).default_stream->queue,
          from.buffer,
          CL_TRUE,
          from.offset,
          bytes,
          staging.data(),
          0,
          nullptr,
          nullptr),
      "clEnqueueReadBuffer");
  check(
      clEnqueueWriteBuffer(
          device(to.device).default_stream->queue,
          to.buffer,
          CL_TRUE,
          to.offset,
          bytes,
          staging.data(),
          0,
          nullptr,
          nullptr),
      "clEnqueueWriteBuffer");
}

// Enqueues a copy on `q`; `blocking`: returns once it is done (see memcpy_async for when a copy
// need not block).
void enqueue_copy(
    runtime::StreamRecord* stream,
    void* dst,
    const void* src,
    std::size_t bytes,
    CopyKind kind,
    bool blocking) {
  cl_command_queue q = stream->queue;
  const cl_bool wait = blocking ? CL_TRUE : CL_FALSE;
  cl_event done = nullptr;
  switch (kind) {
    case CopyKind::HostToDevice: {
      const BufferAt to = buffer_at(dst);
      TORCH_CHECK(bytes <= to.bytes_left, "ocl memcpy: ", bytes, " bytes past the buffer's end");
      check(
          clEnqueueWriteBuffer(q, to.buffer, wait, to.offset, bytes, src, 0, nullptr, &done),
          "clEnqueueWriteBuffer");
      track(stream, done);
      return;
    }
    case CopyKind::DeviceToHost: {
      const BufferAt from = buffer_at(src);
      TORCH_CHECK(bytes <= from.bytes_left, "ocl memcpy: ", bytes, " bytes past the buffer's end");
      check(
          clEnqueueReadBuffer(q, from.buffer, wait, from.offset, bytes, dst, 0, nullptr, &done),
          "clEnqueueReadBuffer");
      track(stream, done);
      return;
    }
    case CopyKind::DeviceToDevice: {
      const BufferAt to = buffer_at(dst);
      const BufferAt from = buffer_at(src);
      TORCH_CHECK(
          bytes <= to.bytes_left && bytes <= from.bytes_left,
          "ocl memcpy: ",
          bytes,
          " bytes past a buffer's end");
      if (to.device != from.device) {
        // Ordered after the work of both devices: what `q` and the source's streams queued.
        check(clFinish(q), "clFinish");
        finish_all(device(from.device));
        copy_across_devices(to, from, bytes);
        return;
      }
      check(
          clEnqueueCopyBuffer(
              q, from.buffer, to.buffer, from.offset, to.offset, bytes, 0, nullptr, &done),
          "clEnqueueCopyBuffer");
      track(stream, done);
      if (blocking) check(clFinish(q), "clFinish");
      return;
    }
  }
}

int device_of_copy(const void* dst, const void* src, CopyKind kind) {
  return buffer_at(kind == CopyKind::DeviceToHost ? src : dst).device;
}

}  // namespace

ErrorWord error_word(int index, const char* kernel, std::string index_message) {
  Device& d = device(index);
  KernelErrors& e = *d.errors;
  std::lock_guard<std::mutex> lock(e.mutex);
  if (e.word == nullptr) {
    cl_int status = CL_SUCCESS;
    cl_long clear[2] = {0, 0};
    e.word = clCreateBuffer(
        d.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(clear), clear, &status);
    check(status, "clCreateBuffer");
    e.reader = clCreateCommandQueue(d.context, d.id, 0, &status);
    check(status, "clCreateCommandQueue");
  }
  e.recent[e.launches % KernelErrors::kRecent] = {kernel, std::move(index_message)};
  return {e.word, static_cast<cl_long>(e.launches++ << 2)};
}

void checked_launch(runtime::Stream stream, int index) {
  static const bool blocking = environment("OCL_LAUNCH_BLOCKING") == "1";
  if (!blocking) return;
  Device& d = device(index);
  const std::uint64_t covered = checking_launches(d);
  check(clFinish(queue(stream, index)), "clFinish");
  raise_kernel_errors(d, covered, /*whole_device=*/false, /*at_launch=*/true);
}

BufferAt buffer_at(const void* ptr) {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto* entry = entry_holding(s.device_memory, ptr);
  TORCH_CHECK(entry != nullptr, ptr, " is not ocl device memory");
  const std::size_t offset = reinterpret_cast<std::uintptr_t>(ptr) - entry->first;
  return {entry->second.buffer, offset, entry->second.bytes - offset, entry->second.device};
}

cl_context context(int index) {
  return device(index).context;
}

cl_device_id device_id(int index) {
  return device(index).id;
}

runtime::StreamRecord* stream_record(runtime::Stream stream, int index) {
  return stream == nullptr ? device(index).default_stream : stream;
}

cl_command_queue queue(runtime::Stream stream, int index) {
  return stream_record(stream, index)->queue;
}

void enqueued(runtime::Stream stream, int index, cl_event event) {
  track(stream_record(stream, index), event);
}

std::string error_name(cl_int status) {
  switch (status) {
#define OCL_ERROR(name) \
  case name:            \
    return #name;
    OCL_ERROR(CL_DEVICE_NOT_FOUND)
    OCL_ERROR(CL_DEVICE_NOT_AVAILABLE)
    OCL_ERROR(CL_COMPILER_NOT_AVAILABLE)
    OCL_ERROR(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    OCL_ERROR(CL_OUT_OF_RESOURCES)
    OCL_ERROR(CL_OUT_OF_HOST_MEMORY)
    OCL_ERROR(CL_PROFILING_INFO_NOT_AVAILABLE)
    OCL_ERROR(CL_MEM_COPY_OVERLAP)
    OCL_ERROR(CL_BUILD_PROGRAM_FAILURE)
    OCL_ERROR(CL_MISALIGNED_SUB_BUFFER_OFFSET)
    OCL_ERROR(CL_INVALID_VALUE)
    OCL_ERROR(CL_INVALID_DEVICE)
    OCL_ERROR(CL_INVALID_CONTEXT)
    OCL_ERROR(CL_INVALID_COMMAND_QUEUE)
    OCL_ERROR(CL_INVALID_MEM_OBJECT)
    OCL_ERROR(CL_INVALID_BINARY)
    OCL_ERROR(CL_INVALID_BUILD_OPTIONS)
    OCL_ERROR(CL_INVALID_PROGRAM)
    OCL_ERROR(CL_INVALID_PROGRAM_EXECUTABLE)
    OCL_ERROR(CL_INVALID_KERNEL_NAME)
    OCL_ERROR(CL_INVALID_KERNEL)
    OCL_ERROR(CL_INVALID_ARG_INDEX)
    OCL_ERROR(CL_INVALID_ARG_VALUE)
    OCL_ERROR(CL_INVALID_ARG_SIZE)
    OCL_ERROR(CL_INVALID_KERNEL_ARGS)
    OCL_ERROR(CL_INVALID_WORK_DIMENSION)
    OCL_ERROR(CL_INVALID_WORK_GROUP_SIZE)
    OCL_ERROR(CL_INVALID_GLOBAL_OFFSET)
    OCL_ERROR(CL_INVALID_EVENT_WAIT_LIST)
    OCL_ERROR(CL_INVALID_EVENT)
    OCL_ERROR(CL_INVALID_OPERATION)
    OCL_ERROR(CL_INVALID_BUFFER_SIZE)
    OCL_ERROR(CL_INVALID_GLOBAL_WORK_SIZE)
#undef OCL_ERROR
    default:
      return "OpenCL error " + std::to_string(status);
  }
}

void check(cl_int status, const char* what) {
  TORCH_CHECK(status == CL_SUCCESS, what, " failed: ", error_name(status));
}

}  // namespace ocl::opencl

namespace ocl::runtime {

using opencl::check;

int device_count() noexcept {
  return static_cast<int>(opencl::state().devices.size());
}

int current_device() {
  return opencl::current;
}

void set_device(int device) {
  opencl::device(device);  // checks the index
  opencl::current = device;
}

void* device_malloc(int device, std::size_t bytes) {
  opencl::Device& d = opencl::device(device);
  opencl::State& s = opencl::state();
  const std::size_t size = std::max<std::size_t>(bytes, 1);
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    if (size > d.max_allocation || d.used_bytes + size > d.total_bytes) return nullptr;
  }
  cl_int status = CL_SUCCESS;
  // On unified memory the driver's own host allocation makes a mapping a pointer into the buffer
  // (map_to_host); without it, some drivers (PoCL among them) map through a copy.
  const cl_mem_flags flags =
      d.unified_memory ? CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR : CL_MEM_READ_WRITE;
  cl_mem buffer = clCreateBuffer(d.context, flags, size, nullptr, &status);
  if (status == CL_MEM_OBJECT_ALLOCATION_FAILURE || status == CL_OUT_OF_RESOURCES ||
      status == CL_OUT_OF_HOST_MEMORY || status == CL_INVALID_BUFFER_SIZE) {
    return nullptr;
  }
  check(status, "clCreateBuffer");
  // The addresses of the allocation: a range of address space nothing can read, one page longer
  // than the buffer so that its one-past-the-end address is no other allocation's first.
  const std::size_t page = opencl::page_size();
  const std::size_t reserved = (size + page - 1) / page * page + page;
  void* range =
      mmap(nullptr, reserved, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (range == MAP_FAILED) {
    clReleaseMemObject(buffer);
    return nullptr;
  }
  std::lock_guard<std::mutex> lock(s.mutex);
  s.device_memory.emplace(
      reinterpret_cast<std::uintptr_t>(range), opencl::Allocation{buffer, size, reserved, device});
  d.used_bytes += size;
  return range;
}

void device_free(int device, void* ptr) {
  if (ptr == nullptr) return;
  opencl::State& s = opencl::state();
  opencl::Allocation allocation{};
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    auto it = s.device_memory.find(reinterpret_cast<std::uintptr_t>(ptr));
    TORCH_CHECK(
        it != s.device_memory.end() && it->second.device == device,
        "device_free: ",
        ptr,
        " is not memory of ocl:",
        device);
    allocation = it->second;
    s.device_memory.erase(it);
    s.devices[static_cast<std::size_t>(device)].used_bytes -= allocation.bytes;
  }
  // OpenCL frees the buffer once the commands still using it have finished.
  check(clReleaseMemObject(allocation.buffer), "clReleaseMemObject");
  munmap(ptr, allocation.reserved);
}

int device_of_pointer(const void* ptr) noexcept {
  opencl::State& s = opencl::state();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto* entry = opencl::entry_holding(s.device_memory, ptr);
  return entry == nullptr ? -1 : entry->second.device;
}

void memory_info(int device, std::size_t* free_bytes, std::size_t* total_bytes) {
  opencl::Device& d = opencl::device(device);
  std::lock_guard<std::mutex> lock(opencl::state().mutex);
  *free_bytes = d.total_bytes - d.used_bytes;
  *total_bytes = d.total_bytes;
}

void memcpy(void* dst, const void* src, std::size_t bytes, CopyKind kind) {
  if (bytes == 0) return;
  opencl::Device& d = opencl::device(opencl::device_of_copy(dst, src, kind));
  const std::uint64_t covered = opencl::checking_launches(d);
  opencl::finish_all(d);
  opencl::enqueue_copy(d.default_stream, dst, src, bytes, kind, /*blocking=*/true);
  opencl::raise_kernel_errors(d, covered, /*whole_device=*/true);
}

void memcpy_async(void* dst, const void* src, std::size_t bytes, CopyKind kind, Stream stream) {
  if (bytes == 0) return;
  // Host memory that is not pinned may be reused as soon as this returns (as with CUDA), so only
  // copies from and to pinned memory run asynchronously.
  const void* host = kind == CopyKind::HostToDevice   ? src
                     : kind == CopyKind::DeviceToHost ? dst
                                                      : nullptr;
  const bool blocking = host != nullptr && !opencl::pinned_at(host);
  const int device = opencl::device_of_copy(dst, src, kind);
  opencl::Device& d = opencl::device(device);
  const std::uint64_t covered = opencl::checking_launches(d);
  opencl::enqueue_copy(opencl::stream_record(stream, device), dst, src, bytes, kind, blocking);
  check(clFlush(opencl::queue(stream, device)), "clFlush");
  if (blocking) opencl::raise_kernel_errors(d, covered, /*whole_device=*/false);
}

void memset(void* dst, int value, std::size_t bytes) {
  if (bytes == 0) return;
  const opencl::BufferAt at = opencl::buffer_at(dst);
  TORCH_CHECK(bytes <= at.bytes_left, "ocl memset: ", bytes, " bytes past the buffer's end");
  opencl::Device& d = opencl::device(at.device);
  const std::uint64_t covered = opencl::checking_launches(d);
  opencl::finish_all(d);
  const auto pattern = static_cast<cl_uchar>(value);
  cl_event done = nullptr;
  check(
      clEnqueueFillBuffer(
          d.default_stream->queue, at.buffer, &pattern, 1, at.offset, bytes, 0, nullptr, &done),
      "clEnqueueFillBuffer");
  opencl::track(d.default_stream, done);
  check(clFinish(d.default_stream->queue), "clFinish");
  opencl::raise_kernel_errors(d, covered, /*whole_device=*/true);
}

Stream stream_create(int device) {
  opencl::Device& d = opencl::device(device);
  cl_int status = CL_SUCCESS;
  cl_command_queue q = clCreateCommandQueue(d.context, d.id, CL_QUEUE_PROFILING_ENABLE, &status);
  check(status, "clCreateCommandQueue");
  auto* stream = new StreamRecord{device, q};
  std::lock_guard<std::mutex> lock(opencl::state().mutex);
  d.streams.push_back(stream);
  return stream;
}

void stream_destroy(Stream stream) {
  if (stream == nullptr) return;
  opencl::Device& d = opencl::device(stream->device);
  clFinish(stream->queue);
  {
    std::lock_guard<std::mutex> lock(opencl::state().mutex);
    std::erase(d.streams, stream);
  }
  if (stream->last != nullptr) clReleaseEvent(stream->last);
  clReleaseCommandQueue(stream->queue);
  delete stream;
}

bool stream_query(Stream stream) {
  StreamRecord* record =
      opencl::stream_record(stream, stream == nullptr ? current_device() : stream->device);
  cl_event last = nullptr;
  {
    std::lock_guard<std::mutex> lock(opencl::state().mutex);
    last = record->last;
    if (last != nullptr) clRetainEvent(last);
  }
  if (last == nullptr) return true;
  check(clFlush(record->queue), "clFlush");
  cl_int status = CL_QUEUED;
  const cl_int info =
      clGetEventInfo(last, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, nullptr);
  clReleaseEvent(last);
  check(info, "clGetEventInfo");
  return status == CL_COMPLETE || status < 0;
}

void stream_synchronize(Stream stream) {
  const int device = stream == nullptr ? current_device() : stream->device;
  opencl::Device& d = opencl::device(device);
  const std::uint64_t covered = opencl::checking_launches(d);
  check(clFinish(opencl::queue(stream, device)), "clFinish");
  opencl::raise_kernel_errors(d, covered, /*whole_device=*/false);
}

void stream_wait_event(Stream stream, Event event) {
  if (event->event == nullptr) return;  // never recorded: nothing to wait for
  const int device = stream == nullptr ? current_device() : stream->device;
  if (device != event->device) {
    // Events belong to their device's context; another device can only wait on the host.
    check(clWaitForEvents(1, &event->event), "clWaitForEvents");
    return;
  }
  cl_event barrier = nullptr;
  check(
      clEnqueueBarrierWithWaitList(opencl::queue(stream, device), 1, &event->event, &barrier),
      "clEnqueueBarrierWithWaitList");
  opencl::enqueued(stream, device, barrier);
}

Event event_create(int device) {
  opencl::device(device);  // checks the index
  return new EventRecord{device};
}

void event_destroy(Event event) {
  if (event == nullptr) return;
  if (event->event != nullptr) clReleaseEvent(event->event);
  delete event;
}

void event_record(Event event, Stream stream) {
  cl_command_queue q = opencl::queue(stream, event->device);
  cl_event marker = nullptr;
  check(clEnqueueMarkerWithWaitList(q, 0, nullptr, &marker), "clEnqueueMarkerWithWaitList");
  check(clFlush(q), "clFlush");
  if (event->event != nullptr) clReleaseEvent(event->event);
  event->event = marker;
}

bool event_query(Event event) {
  if (event->event == nullptr) return true;
  cl_int status = CL_QUEUED;
  check(
      clGetEventInfo(
          event->event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, nullptr),
      "clGetEventInfo");
  TORCH_CHECK(status >= 0, "ocl: the work before an event failed: ", opencl::error_name(status));
  return status == CL_COMPLETE;
}

void event_synchronize(Event event) {
  if (event->event == nullptr) return;
  check(clWaitForEvents(1, &event->event), "clWaitForEvents");
  // The launches before the event's record are not known here: none counts as covered.
  opencl::raise_kernel_errors(opencl::device(event->device), 0, /*whole_device=*/false);
}

double event_elapsed_ms(Event start, Event end) {
  TORCH_CHECK(
      start->event != nullptr && end->event != nullptr,
      "elapsed_time needs both events to have been recorded");
  cl_event both[] = {start->event, end->event};
  check(clWaitForEvents(2, both), "clWaitForEvents");
  cl_ulong from = 0, to = 0;
  check(
      clGetEventProfilingInfo(start->event, CL_PROFILING_COMMAND_END, sizeof(from), &from, nullptr),
      "clGetEventProfilingInfo");
  check(
      clGetEventProfilingInfo(end->event, CL_PROFILING_COMMAND_END, sizeof(to), &to, nullptr),
      "clGetEventProfilingInfo");
  return (static_cast<double>(to) - static_cast<double>(from)) / 1e6;
}

void device_synchronize(int device) {
  opencl::Device& d = opencl::device(device);
  const std::uint64_t covered = opencl::checking_launches(d);
  opencl::finish_all(d);
  opencl::raise_kernel_errors(d, covered, /*whole_device=*/true);
}

void* host_malloc(std::size_t bytes) {
  opencl::Device& d = opencl::device(0);  // pinned memory lives in the first device's context
  const std::size_t size = std::max<std::size_t>(bytes, 1);
  cl_int status = CL_SUCCESS;
  cl_mem buffer =
      clCreateBuffer(d.context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, size, nullptr, &status);
  if (status != CL_SUCCESS) return nullptr;
  void* ptr = clEnqueueMapBuffer(
      d.default_stream->queue,
      buffer,
      CL_TRUE,
      CL_MAP_READ | CL_MAP_WRITE,
      0,
      size,
      0,
      nullptr,
      nullptr,
      &status);
  if (status != CL_SUCCESS) {
    clReleaseMemObject(buffer);
    return nullptr;
  }
  opencl::State& s = opencl::state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.host_memory.emplace(reinterpret_cast<std::uintptr_t>(ptr), opencl::Pinned{buffer, size});
  return ptr;
}

void host_free(void* ptr) {
  if (ptr == nullptr) return;
  opencl::State& s = opencl::state();
  opencl::Pinned pinned{};
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    auto it = s.host_memory.find(reinterpret_cast<std::uintptr_t>(ptr));
    TORCH_CHECK(it != s.host_memory.end(), "host_free: ", ptr, " is not pinned memory");
    pinned = it->second;
    s.host_memory.erase(it);
  }
  cl_command_queue q = opencl::device(0).default_stream->queue;
  check(
      clEnqueueUnmapMemObject(q, pinned.buffer, ptr, 0, nullptr, nullptr),
      "clEnqueueUnmapMemObject");
  check(clFinish(q), "clFinish");
  check(clReleaseMemObject(pinned.buffer), "clReleaseMemObject");
}

bool is_host_pointer(const void* ptr) noexcept {
  opencl::State& s = opencl::state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return opencl::entry_holding(s.host_memory, ptr) != nullptr;
}

// Only where buffers are host memory: elsewhere a mapping may be a copy the driver makes, and
// OpenCL does not let kernels use other parts of a buffer while part of it is mapped for writing
// (the caching allocator puts many tensors in one buffer).
//
// Below 128 KiB a copy is cheaper: a mapping costs a wait for every queue and a blocking map and
// unmap, about 10 us each on PoCL, where reading 64 KiB costs less (benchmarks/README.md,
// fallback_cost.py).
void* map_to_host(void* ptr, std::size_t bytes) {
  constexpr std::size_t kSmallestMapping = 128 * 1024;
  if (bytes < kSmallestMapping) return nullptr;
  const opencl::BufferAt at = opencl::buffer_at(ptr);
  opencl::Device& d = opencl::device(at.device);
  if (!d.unified_memory) return nullptr;
  TORCH_CHECK(bytes <= at.bytes_left, "ocl map_to_host: ", bytes, " bytes past the buffer's end");
  opencl::finish_all(d);
  cl_int status = CL_SUCCESS;
  void* host = clEnqueueMapBuffer(
      d.default_stream->queue,
      at.buffer,
      CL_TRUE,
      CL_MAP_READ | CL_MAP_WRITE,
      at.offset,
      bytes,
      0,
      nullptr,
      nullptr,
      &status);
  check(status, "clEnqueueMapBuffer");
  return host;
}

void unmap_from_host(void* ptr, void* host) {
  const opencl::BufferAt at = opencl::buffer_at(ptr);
  cl_command_queue q = opencl::device(at.device).default_stream->queue;
  check(
      clEnqueueUnmapMemObject(q, at.buffer, host, 0, nullptr, nullptr), "clEnqueueUnmapMemObject");
  check(clFinish(q), "clFinish");
}

}  // namespace ocl::runtime
