// What ocl's kernels need of the OpenCL runtime beyond generated/runtime.h: the buffer behind a
// device pointer, and the OpenCL objects of a device and a stream.
//
// Device pointers are opaque: each allocation is a cl_mem buffer, and device_malloc hands out an
// address in a range of host address space reserved for it (never readable), so that the pointer
// arithmetic of views (storage offsets, strides) works as on any device. A kernel turns such a
// pointer back into its buffer and a byte offset with buffer_at().
#pragma once

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <cstddef>
#include <string>

#include "generated/runtime.h"

namespace ocl::opencl {

// A place in device memory: the buffer and the byte offset in it.
struct BufferAt {
  cl_mem buffer = nullptr;
  std::size_t offset = 0;
  std::size_t bytes_left = 0;  // from offset to the end of the buffer
  int device = -1;
};

// The buffer holding `ptr` (an address device_malloc returned, or one inside or one past the end
// of its range); throws if `ptr` is not device memory.
BufferAt buffer_at(const void* ptr);

cl_context context(int device);
cl_device_id device_id(int device);
// The in-order command queue of `stream` (nullptr: the device's default stream).
cl_command_queue queue(runtime::Stream stream, int device);
// Tells the runtime that `event` is the last command enqueued on `stream` (it takes the event's
// reference): stream_query() asks it whether the stream is idle.
void enqueued(runtime::Stream stream, int device, cl_event event);

// Errors that kernels find (an index out of range, an integer division by zero) are raised the
// way CUDA raises a failed device-side assertion: not at the launch, which would have to wait for
// the kernel, but when the host next waits for the device anyway (a synchronize, a copy to the
// host, an event's wait), as the error the CPU raises for the same input, naming the kernel.
// With OCL_LAUNCH_BLOCKING=1 each checking launch waits and raises at once. After the error the
// device works on (CUDA's stays broken).
//
// A checking kernel takes the device's error word and its launch's code as its last arguments,
// `__global long *error, long code`, and on finding an error stores code | its KernelError in
// error[0] and the offending value in error[1], doing no out-of-bounds access instead.
enum class KernelError : int { kIndexOutOfRange = 1, kDivisionByZero = 2 };

struct ErrorWord {
  cl_mem buffer = nullptr;
  cl_long code = 0;
};

// The error word for a launch of `kernel` (a name that outlives the process's kernels) on
// `device`. `index_message` is what an index out of range raises, "{}" standing for the offending
// value ("Target {} is out of bounds.").
ErrorWord error_word(int device, const char* kernel, std::string index_message);
// After a checking kernel is enqueued on `stream`: with OCL_LAUNCH_BLOCKING=1, waits for it and
// raises what it found.
void checked_launch(runtime::Stream stream, int device);

// Throws c10::Error naming `what` and the OpenCL error if `status` is not CL_SUCCESS.
void check(cl_int status, const char* what);
// The name of an OpenCL error code ("CL_OUT_OF_RESOURCES").
std::string error_name(cl_int status);

}  // namespace ocl::opencl
