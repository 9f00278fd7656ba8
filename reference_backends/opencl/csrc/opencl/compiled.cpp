// The two operators through which torch.compile's OpenCL kernels run (torch_ocl/opencl_inductor.py
// writes them):
//
//   ocl_compiled::define(str source, str name, bool chunked, bool reports_errors) -> int
//       records kernel `name` of the OpenCL C `source`; the number it returns names it to launch.
//   ocl_compiled::launch(int kernel, Tensor[] tensors, int[] sizes, int elements) -> ()
//       runs it on the tensors' device and current stream: each tensor is passed as its buffer and
//       its first element's index in it (a `__global T*` and a `ulong`), then each size as a
//       `long`. A `chunked` kernel (pointwise) runs in work-groups of group_size() items, item
//       i taking elements [i * CHUNK, (i + 1) * CHUNK) of `elements`; any other (a reduction)
//       runs row_lanes() items per element (a row), which share its reduced elements.
//
// A kernel that reports errors takes two more arguments, last: the device's error word and its
// launch's code (runtime/opencl_runtime.h), where it reports an index read from a tensor out of
// range (as gather and embedding read them) or an integer division by zero instead of reading or
// writing out of bounds or dividing. The error eager mode raises for the same input is raised
// when the host next waits for the device, as CUDA raises its device-side assertions.
//
// The program is built on the first launch on a device, from the binary cache when an earlier
// process built the same text. It is built twice where launches need both: with each buffer
// argument `restrict` (KERNEL_RESTRICT in the source) for tensors that share no memory, which lets
// PoCL vectorize a loop whose indices it cannot bound (the pointwise kernels of a transformer
// block's training step, which transpose: 1.27 -> 0.65 ms), and without for the launches whose
// tensors overlap.
#include <ATen/core/Tensor.h>
#include <c10/util/Exception.h>
#include <torch/library.h>

#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "generated/device_activity.h"
#include "opencl/launch.h"
#include "opencl/programs.h"

namespace ocl::opencl {
namespace {

struct Defined {
  std::string source;
  std::string name;
  bool chunked;
  bool reports_errors;
  // The kernel by device and by whether its buffers are restrict, once built: a launch then
  // needs no lookup by source text.
  std::map<std::pair<int, bool>, cl_kernel> built;
};

// A deque, so that launches read an entry while another thread defines the next one.
struct Kernels {
  std::mutex mutex;
  std::deque<Defined> defined;
};

Kernels& kernels() {
  static Kernels* all = new Kernels();  // lives to the end: kernels may run at exit
  return *all;
}

int64_t define(std::string source, std::string name, bool chunked, bool reports_errors) {
  Kernels& all = kernels();
  std::lock_guard<std::mutex> lock(all.mutex);
  all.defined.push_back({std::move(source), std::move(name), chunked, reports_errors, {}});
  return static_cast<int64_t>(all.defined.size()) - 1;
}

Defined& defined(int64_t kernel) {
  Kernels& all = kernels();
  std::lock_guard<std::mutex> lock(all.mutex);
  TORCH_CHECK(
      kernel >= 0 && kernel < static_cast<int64_t>(all.defined.size()),
      "ocl_compiled::launch: no kernel ",
      kernel,
      " was defined");
  return all.defined[static_cast<std::size_t>(kernel)];
}

cl_kernel built_for(Defined& code, int device, bool restricted) {
  Kernels& all = kernels();
  {
    std::lock_guard<std::mutex> lock(all.mutex);
    const auto it = code.built.find({device, restricted});
    if (it != code.built.end()) return it->second;
  }
  // Built outside the lock: a first build takes the OpenCL C compiler a while.
  cl_kernel kernel = kernel_from_source(
      device,
      restricted ? "#define KERNEL_RESTRICT restrict\n" + code.source : code.source,
      code.name);
  std::lock_guard<std::mutex> lock(all.mutex);
  return code.built.emplace(std::make_pair(device, restricted), kernel).first->second;
}

// Whether no two of `tensors` share memory (their storages' bytes), so that the kernel may take
// their buffers as restrict.
bool apart(at::TensorList tensors) {
  for (std::size_t i = 0; i < tensors.size(); ++i) {
    const auto* first = static_cast<const char*>(tensors[i].storage().data());
    const std::size_t size = tensors[i].storage().nbytes();
    for (std::size_t j = i + 1; j < tensors.size(); ++j) {
      const auto* other = static_cast<const char*>(tensors[j].storage().data());
      if (first < other + tensors[j].storage().nbytes() && other < first + size) return false;
    }
  }
  return true;
}

void launch(int64_t kernel, at::TensorList tensors, c10::IntArrayRef sizes, int64_t elements) {
  Defined& code = defined(kernel);
  TORCH_CHECK(!tensors.empty(), code.name, ": a compiled kernel takes at least one tensor");
  const c10::Device device = tensors.front().device();
  for (const at::Tensor& tensor : tensors) {
    TORCH_CHECK(
        tensor.device() == device,
        code.name,
        ": every tensor must be on ",
        device,
        ", not ",
        tensor.device());
  }
  TORCH_CHECK(device.is_privateuseone(), code.name, ": the tensors are on ", device);
  if (elements <= 0) return;
  const int index = device.index();
  // The profiler shows the kernel's device time under its own name (opencl_fused_sum_3).
  const device_activity::Scope activity(code.name);
  Launch launch(index, built_for(code, index, apart(tensors)), code.name.c_str());
  for (const at::Tensor& tensor : tensors) launch.tensor(tensor);
  for (const int64_t size : sizes) launch.value(static_cast<cl_long>(size));
  if (code.reports_errors) {
    launch.error_word(
        "index {} is out of range in a tensor that compiled code reads (eager mode reports it as "
        "\"index out of range\"; run the model without torch.compile to see which operator)");
  }
  const auto chunk = static_cast<int64_t>(elementwise_chunk(index));
  const auto items = static_cast<std::size_t>(
      code.chunked ? (elements + chunk - 1) / chunk
                   : elements * static_cast<int64_t>(row_lanes(index)));
  const std::size_t group = group_size(index);
  launch.run_groups((items + group - 1) / group, group);
}

}  // namespace

TORCH_LIBRARY(ocl_compiled, m) {
  m.def("define(str source, str name, bool chunked, bool reports_errors) -> int", &define);
  m.def("launch(int kernel, Tensor[] tensors, int[] sizes, int elements) -> ()", &launch);
}

}  // namespace ocl::opencl
