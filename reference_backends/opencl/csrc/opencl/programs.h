// ocl's OpenCL programs: built once per device and build options, their binaries kept on disk so
// that the next process skips the OpenCL C compiler.
//
// Environment:
//   OCL_KERNEL_CACHE   the folder of the binary cache (default $XDG_CACHE_HOME/torch_ocl, else
//                      ~/.cache/torch_ocl); "off" keeps no cache.
//   OCL_ROW_LANES      "group": compiled reductions share each row among a work-group's items
//                      on a CPU device too, as they do on a GPU (see row_lanes).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <type_traits>

#include "runtime/opencl_runtime.h"

namespace ocl::opencl {

// query(device), computed on the first call for `device` and kept: a device's facts do not
// change. Each call site (each Query type) keeps its own table.
template <class Query>
const std::invoke_result_t<Query, int>& per_device(int device, Query query) {
  static std::mutex mutex;
  static std::map<int, std::invoke_result_t<Query, int>> known;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = known.find(device);
  if (it == known.end()) it = known.emplace(device, query(device)).first;
  return it->second;
}

// The programs, each made of files of csrc/cl (types.cl first: the dtypes it is built for).
enum class Program { kElementwise, kCopy, kReduce, kMatmul, kNn, kRandom };

// Kernel `name` of `program` built with `defines` (-D options) for `device`. The first call for a
// (device, program, defines) builds the program, from a cached binary when there is one. Callers
// must not set the kernel's arguments concurrently: opencl/launch.h serializes launches.
cl_kernel kernel(int device, Program program, const std::string& defines, const char* name);

// Kernel `name` of a program built at run time from `source` (torch.compile's kernels: see
// compiled.cpp), with the options every program has. Built once per device and text, and kept
// in the binary cache as the others are.
cl_kernel kernel_from_source(int device, const std::string& source, const std::string& name);

// Whether the program built with `defines` has kernel `name` (ops that exist only for some
// dtypes: the floating-point ones are compiled for floating types only).
bool has_kernel(int device, Program program, const std::string& defines, const char* name);

// The work-group size of kernels that cooperate in a group (GROUP in every program): 8 items on a
// CPU device, 256 elsewhere; never more than the device's largest.
std::size_t group_size(int device);

// The elements a work-item of an elementwise kernel takes (CHUNK in every program): 64 on a CPU
// device, where a loop over them vectorizes (contiguous) or steps through strides without
// divisions (strided), spreading the per-item cost; 1 elsewhere, where neighbouring items want
// neighbouring elements.
std::size_t elementwise_chunk(int device);

// The work-items that share a row of a compiled reduction (ROW_LANES in every program): 1 on a
// CPU device, where a work-item reduces a whole row, GROUP elsewhere, where a work-group does
// (and on a CPU device too with OCL_ROW_LANES=group).
std::size_t row_lanes(int device);

// The elements of a row a work-item of the span kernels takes (ROW_SPAN in every program):
// embedding_backward keeps that many sums in private memory.
inline constexpr int64_t kRowSpan = 16;

// The work-items the span kernels need for `rows` rows of `width` elements.
inline int64_t row_spans(int64_t rows, int64_t width) {
  return rows * ((width + kRowSpan - 1) / kRowSpan);
}

// Whether `device` is a CPU (CL_DEVICE_TYPE_CPU), where a work-group runs on one core.
bool is_cpu(int device);

// Whether `device` computes in double precision (cl_khr_fp64).
bool device_has_fp64(int device);

// The device's native vector width for float (CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT): 8 on a CPU
// with AVX2, 16 with AVX-512, 1 on most GPUs.
int native_float_width(int device);

// The cache folder in use; empty when there is none.
std::string cache_directory();

}  // namespace ocl::opencl
