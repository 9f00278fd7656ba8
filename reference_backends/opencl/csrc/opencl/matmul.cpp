#include "opencl/matmul.h"

#include <c10/util/Exception.h>

#include "opencl/launch.h"
#include "opencl/types.h"

namespace ocl::opencl::matmul {
namespace {

constexpr std::size_t kTile = 64;       // TS of cl/matmul.cl
constexpr std::size_t kGroupSide = 16;  // RTS

}  // namespace

void gemm(
    const at::Tensor& a,
    const at::Tensor& b,
    const at::Tensor& c,
    const at::Scalar& alpha,
    const at::Scalar& beta) {
  const bool batched = c.dim() == 3;
  const int64_t batch = batched ? c.size(0) : 1;
  const int64_t M = c.size(-2), N = c.size(-1), K = a.size(-1);
  if (batch == 0 || M == 0 || N == 0) return;
  const auto batch_stride = [&](const at::Tensor& t) { return batched ? t.stride(0) : 0; };

  const c10::ScalarType dtype = c.scalar_type();
  const int device = c.device().index();
  const std::string defines = type_defines(dtype);
  TORCH_CHECK_NOT_IMPLEMENTED(
      dtype != c10::kBool && has_kernel(device, Program::kMatmul, defines, "gemm"),
      "\"addmm\" not implemented for '",
      c10::toString(dtype),
      "'");
  Launch launch(device, Program::kMatmul, defines, "gemm");
  // A K of 0 reads nothing from a and b; their (empty) storage still needs a buffer to name.
  launch.tensor(c).tensor(K > 0 ? a : c).tensor(K > 0 ? b : c);
  for (const int64_t value :
       {M,
        N,
        K,
        a.stride(-2),
        a.stride(-1),
        batch_stride(a),
        b.stride(-2),
        b.stride(-1),
        batch_stride(b),
        c.stride(-2),
        c.stride(-1),
        batch_stride(c)}) {
    launch.value(static_cast<cl_long>(value));
  }
  const c10::ScalarType acc = accumulate_type(dtype);
  launch.scalar(acc, alpha).scalar(acc, beta);
  const auto groups = [](int64_t extent) {
    return (static_cast<std::size_t>(extent) + kTile - 1) / kTile * kGroupSide;
  };
  launch.run({groups(N), groups(M), static_cast<std::size_t>(batch)}, {kGroupSide, kGroupSide, 1});
}

}  // namespace ocl::opencl::matmul
