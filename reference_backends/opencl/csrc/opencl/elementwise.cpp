#include "opencl/elementwise.h"

#include <ATen/Dispatch.h>
#include <c10/util/Exception.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "opencl/launch.h"
#include "opencl/programs.h"
#include "opencl/types.h"

namespace ocl::opencl::elementwise {
namespace {

constexpr int kMaxDims = 8;
constexpr int64_t kCopyTile = 16;  // COPY_TILE of cl/copy.cl

// The Geometry of cl/elementwise.cl, field for field.
struct Geometry {
  cl_long sizes[kMaxDims];
  cl_long strides[4][kMaxDims];
  cl_int ndim;
  cl_int padding;
};

// How the kernels see a TensorIterator's operands.
struct Layout {
  Geometry geometry{};
  bool contiguous = true;  // every tensor operand is contiguous over the whole range
  cl_uint scalars = 0;     // bit k: input k is a CPU scalar
};

Layout layout_of(const at::TensorIteratorBase& iter) {
  Layout layout;
  layout.geometry.ndim = static_cast<cl_int>(iter.ndim());
  layout.contiguous = iter.ndim() <= 1;
  for (int arg = 0; arg < iter.ntensors(); ++arg) {
    const bool scalar = arg > 0 && iter.is_cpu_scalar(arg);
    if (scalar) layout.scalars |= 1u << (arg - 1);
    const int64_t item = static_cast<int64_t>(c10::elementSize(iter.dtype(arg)));
    for (int d = 0; d < iter.ndim(); ++d) {
      layout.geometry.sizes[d] = iter.shape()[d];
      layout.geometry.strides[arg][d] = scalar ? 0 : iter.strides(arg)[d] / item;
      if (!scalar && layout.geometry.strides[arg][d] != 1) layout.contiguous = false;
    }
  }
  return layout;
}

}  // namespace

std::optional<int> device_for(c10::ArrayRef<const at::Tensor*> tensors, CpuScalars cpu_scalars) {
  std::optional<int> device;
  for (const at::Tensor* tensor : tensors) {
    if (tensor == nullptr || !tensor->defined()) continue;
    if (tensor->is_conj() || tensor->is_neg() || tensor->dim() > kMaxDims) return std::nullopt;
    if (tensor->is_cpu() && tensor->dim() == 0 && cpu_scalars == CpuScalars::kAllowed) {
      if (!type_code(tensor->scalar_type())) return std::nullopt;
      continue;
    }
    if (!tensor->is_privateuseone()) return std::nullopt;
    const int index = tensor->device().index();
    if ((device && *device != index) || !supported(tensor->scalar_type(), index)) {
      return std::nullopt;
    }
    device = index;
  }
  return device;
}

at::Scalar in_dtype(const at::Scalar& value, c10::ScalarType dtype) {
  return AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND3(
      at::kBool, at::kHalf, at::kBFloat16, dtype, "in_dtype", [&] {
        return at::Scalar(value.to<scalar_t>());
      });
}

void run(
    at::TensorIteratorBase& iter,
    const char* op,
    const at::Scalar& s0,
    const at::Scalar& s1,
    std::optional<c10::ScalarType> compute_dtype) {
  const int64_t n = iter.numel();
  if (n == 0) return;
  TORCH_INTERNAL_ASSERT(iter.noutputs() == 1 && iter.ninputs() <= 3 && iter.ndim() <= kMaxDims);
  const int device = iter.device(0).index();
  const c10::ScalarType out_dtype = iter.dtype(0);
  // TensorIterator promotes no inputs on devices other than the CPU: each input is loaded as its
  // own dtype and converted in the kernel.
  const c10::ScalarType compute = compute_dtype ? *compute_dtype : iter.common_dtype();
  TORCH_CHECK(supported(compute, device), "ocl: this device has no kernels computing in ", compute);
  const c10::ScalarType acc = accumulate_type(compute);

  const Layout layout = layout_of(iter);
  const Geometry& geometry = layout.geometry;
  const bool contiguous = layout.contiguous;
  const cl_uint scalars = layout.scalars;

  const int64_t chunk = static_cast<int64_t>(elementwise_chunk(device));
  std::string defines = type_defines(compute, out_dtype);
  for (int input = 1; input < iter.ntensors(); ++input) {
    const c10::ScalarType dtype = iter.dtype(input);
    if ((scalars & (1u << (input - 1))) == 0 && dtype != compute) {
      defines +=
          std::string(" -D") + "ABC"[input - 1] + "_TYPE=" + std::to_string(*type_code(dtype));
    }
  }

  at::Scalar values[3] = {0, 0, 0};  // of the CPU scalars
  for (int input = 1; input < iter.ntensors(); ++input) {
    if ((scalars & (1u << (input - 1))) != 0) values[input - 1] = iter.tensor(input).item();
  }

  // A copy that transposes (the output contiguous along the iteration's first dimension, the
  // input along its second) goes by tiles.
  const bool tiles = !contiguous && std::string_view(op) == "copy" && scalars == 0 &&
                     geometry.ndim >= 2 && geometry.strides[0][0] == 1 &&
                     geometry.strides[1][1] == 1 && geometry.sizes[0] >= kCopyTile &&
                     geometry.sizes[1] >= kCopyTile;
  const std::string name = std::string(op) + (tiles        ? "_tiles"
                                              : contiguous ? "_contiguous"
                                                           : "_strided");
  const Program program = std::string_view(op) == "copy" || std::string_view(op) == "fill"
                              ? Program::kCopy
                              : Program::kElementwise;
  if (program == Program::kElementwise) defines += std::string(" -DOP_") + op;
  // Like ATen's dtype dispatch: the floating-point ops have no integer kernels.
  TORCH_CHECK_NOT_IMPLEMENTED(
      has_kernel(device, program, defines, name.c_str()),
      '"',
      op,
      "\" not implemented for '",
      c10::toString(compute),
      "'");
  Launch launch(device, program, defines, name.c_str());
  const at::TensorBase& out = iter.tensor_base(0);
  launch.tensor(out);
  for (int input = 1; input <= 3; ++input) {
    // An operand the op lacks, or a CPU scalar, still needs a buffer: the output's, never read.
    const bool real = input < iter.ntensors() && (scalars & (1u << (input - 1))) == 0;
    launch.tensor(real ? iter.tensor_base(input) : out);
  }
  for (const at::Scalar& value : values) launch.scalar(acc, value);
  launch.value(scalars);
  launch.scalar(acc, s0);
  launch.scalar(acc, s1);
  launch.value(static_cast<cl_ulong>(n));
  launch.value(geometry);
  if (tiles) {
    const auto count = [](int64_t size) { return (size + kCopyTile - 1) / kCopyTile; };
    const int64_t planes = n / (geometry.sizes[0] * geometry.sizes[1]);
    launch.run(
        static_cast<std::size_t>(planes * count(geometry.sizes[0]) * count(geometry.sizes[1])));
  } else {
    launch.run(static_cast<std::size_t>((n + chunk - 1) / chunk));
  }
}

void index(
    at::TensorIteratorBase& iter,
    at::IntArrayRef indexed_sizes,
    at::IntArrayRef indexed_strides) {
  const int64_t n = iter.numel();
  if (n == 0) return;
  const int count = iter.ntensors() - 2;
  TORCH_INTERNAL_ASSERT(count >= 1 && count <= 2 && iter.ndim() <= kMaxDims);
  const Layout layout = layout_of(iter);
  // ATen gives the indexed dimensions' strides in bytes.
  const int64_t item = static_cast<int64_t>(c10::elementSize(iter.dtype(1)));
  cl_long sizes[2] = {1, 1};
  cl_long strides[2] = {0, 0};
  for (int k = 0; k < count; ++k) {
    TORCH_INTERNAL_ASSERT(iter.dtype(2 + k) == c10::kLong && !iter.is_cpu_scalar(2 + k));
    sizes[k] = indexed_sizes[k];
    strides[k] = indexed_strides[k] / item;
  }
  Launch launch(
      iter.device(0).index(),
      Program::kCopy,
      type_defines(iter.dtype(1), iter.dtype(0)),
      "index_gather");
  launch.tensor(iter.tensor_base(0)).tensor(iter.tensor_base(1));
  launch.tensor(iter.tensor_base(2)).tensor(iter.tensor_base(1 + count));
  launch.value(sizes[0]).value(strides[0]).value(sizes[1]).value(strides[1]);
  launch.value(static_cast<cl_int>(count)).value(static_cast<cl_ulong>(n)).value(layout.geometry);
  // ATen's message; with two indexed dimensions of different sizes, both sizes.
  std::string sizes_named = std::to_string(sizes[0]);
  if (count > 1 && sizes[1] != sizes[0]) sizes_named += " or " + std::to_string(sizes[1]);
  launch.error_word("index {} is out of bounds for dimension with size " + sizes_named);
  launch.run(static_cast<std::size_t>(n));
}

}  // namespace ocl::opencl::elementwise
