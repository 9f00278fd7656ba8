#include "opencl/launch.h"

#include <c10/util/Exception.h>

#include <mutex>

#include "generated/streams.h"

namespace ocl::opencl {
namespace {

std::mutex& launch_mutex() {
  static std::mutex mutex;
  return mutex;
}

std::size_t round_up(std::size_t value, std::size_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

}  // namespace

Launch::Launch(int device, Program program, const std::string& defines, const char* name)
    : device_(device), kernel_(kernel(device, program, defines, name)), name_(name) {}

Launch::Launch(int device, cl_kernel kernel, const char* name)
    : device_(device), kernel_(kernel), name_(name) {}

Launch& Launch::tensor(const at::TensorBase& tensor) {
  const BufferAt at = buffer_at(tensor.const_data_ptr());
  TORCH_INTERNAL_ASSERT(at.device == device_, name_, ": a tensor of another device");
  const auto item = static_cast<std::size_t>(tensor.element_size());
  TORCH_CHECK(
      at.offset % item == 0,
      name_,
      ": the tensor's data is not aligned to its element size (a view of another dtype?)");
  raw(sizeof(cl_mem), &at.buffer);
  const cl_ulong index = at.offset / item;
  return raw(sizeof(index), &index);
}

Launch& Launch::error_word(std::string index_message) {
  const ErrorWord word = opencl::error_word(device_, name_, std::move(index_message));
  checks_ = true;
  raw(sizeof(cl_mem), &word.buffer);
  return value(word.code);
}

Launch& Launch::scalar(c10::ScalarType acc, const c10::Scalar& value) {
  switch (acc) {
    case c10::kFloat:
      return this->value(value.to<float>());
    case c10::kDouble:
      return this->value(value.to<double>());
    case c10::kInt:
      return this->value(static_cast<cl_int>(value.to<int64_t>()));
    case c10::kLong:
      return this->value(static_cast<cl_long>(value.to<int64_t>()));
    default:
      TORCH_INTERNAL_ASSERT(false, "no arithmetic type ", acc);
  }
}

Launch& Launch::raw(std::size_t bytes, const void* data) {
  const auto* first = static_cast<const unsigned char*>(data);
  bytes_.insert(bytes_.end(), first, first + bytes);
  sizes_.push_back(bytes);
  return *this;
}

void Launch::run(std::size_t global) {
  // A multiple of 64, in work-groups of 64 items on a CPU device, where PoCL's own choice gives
  // the two threads fewer, larger groups (a mul of [8, 64, 512]: 87 -> 61 us; the same at 1M
  // elements and at 8K); elsewhere the driver picks.
  constexpr std::size_t kCpuGroup = 64;
  const std::size_t rounded = round_up(global, kCpuGroup);
  enqueue(1, &rounded, is_cpu(device_) ? &kCpuGroup : nullptr);
}

void Launch::run_groups(std::size_t groups, std::size_t group_size) {
  const std::size_t global = groups * group_size;
  enqueue(1, &global, &group_size);
}

void Launch::run_rows(std::size_t rows) {
  if (row_lanes(device_) == 1) {
    run(rows);
  } else {
    run_groups(rows, group_size(device_));
  }
}

void Launch::run(std::array<std::size_t, 3> global, std::array<std::size_t, 3> local) {
  const std::array<std::size_t, 3> rounded = {
      round_up(global[0], local[0]), round_up(global[1], local[1]), round_up(global[2], local[2])};
  enqueue(3, rounded.data(), local.data());
}

void Launch::enqueue(cl_uint dimensions, const std::size_t* global, const std::size_t* local) {
  const runtime::Stream stream =
      streams::native(streams::current_stream(static_cast<c10::DeviceIndex>(device_)));
  {
    std::lock_guard<std::mutex> lock(launch_mutex());
    std::size_t at = 0;
    for (cl_uint index = 0; index < sizes_.size(); ++index) {
      check(clSetKernelArg(kernel_, index, sizes_[index], bytes_.data() + at), name_);
      at += sizes_[index];
    }
    cl_event event = nullptr;
    check(
        clEnqueueNDRangeKernel(
            queue(stream, device_),
            kernel_,
            dimensions,
            nullptr,
            global,
            local,
            0,
            nullptr,
            &event),
        name_);
    enqueued(stream, device_, event);
  }
  if (checks_) checked_launch(stream, device_);
}

}  // namespace ocl::opencl
