// Launching one of ocl's kernels on the current stream of a device:
//
//   Launch(device, Program::kElementwise, defines, "add_contiguous")
//       .tensor(out).tensor(self)...value(n)
//       .run(n);
//
// Arguments are set in the kernel's order. run() enqueues the kernel on the device's current
// stream and reports it to the runtime, so that synchronize(), events and stream queries see it.
// The arguments are kept until run(), which sets them and enqueues the kernel under one lock that
// every launch takes, since a cl_kernel holds one set of arguments at a time. So code between
// constructing a Launch and running it may launch kernels of its own (at::zeros does).
#pragma once

#include <ATen/core/Tensor.h>
#include <c10/core/Scalar.h>

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "opencl/programs.h"

namespace ocl::opencl {

class Launch {
 public:
  Launch(int device, Program program, const std::string& defines, const char* name);
  // A kernel already looked up (kernel_from_source).
  Launch(int device, cl_kernel kernel, const char* name);

  // Two arguments: the buffer holding the tensor's first element and that element's index in it
  // (a `__global T*` and a `ulong` on the kernel's side).
  Launch& tensor(const at::TensorBase& tensor);

  // One argument of plain data: a number or a struct laid out as the kernel's.
  template <class T>
  Launch& value(const T& value) {
    return raw(sizeof(T), &value);
  }

  // One argument: `value` as the kernel's arithmetic type ACC_T for `acc` (float, double, int or
  // long: see accumulate_type in types.h).
  Launch& scalar(c10::ScalarType acc, const c10::Scalar& value);

  // Two arguments: the device's error word and this launch's code (`__global long *error, long
  // code`), for a kernel that checks what it reads (see opencl_runtime.h). `index_message` is the
  // error an index out of range raises, "{}" standing for the index.
  Launch& error_word(std::string index_message);

  // Work-item i of `global` runs for element i; the kernel checks the bound itself, since the
  // range is rounded up to a multiple of the work-group size.
  void run(std::size_t global);
  // `groups` work-groups of `group_size` items each (for kernels that cooperate in a group).
  void run_groups(std::size_t groups, std::size_t group_size);
  // A kernel over `rows` rows that gives each row a work-item where ROW_LANES is 1 (a CPU) and a
  // work-group of group_size() items elsewhere (softmax, layer norm: cl/nn.cl).
  void run_rows(std::size_t rows);
  // A 3-D range in work-groups of `local`, each dimension of `global` rounded up to a multiple of
  // the group's.
  void run(std::array<std::size_t, 3> global, std::array<std::size_t, 3> local);

 private:
  Launch& raw(std::size_t bytes, const void* data);
  void enqueue(cl_uint dimensions, const std::size_t* global, const std::size_t* local);

  int device_;
  cl_kernel kernel_ = nullptr;
  std::vector<unsigned char> bytes_;  // the arguments' values, back to back
  std::vector<std::size_t> sizes_;    // and each one's size, in the kernel's order
  const char* name_;
  bool checks_ = false;  // takes the error word
};

}  // namespace ocl::opencl
