#include "opencl/matmul.h"

#include <ATen/ops/empty.h>
#include <ATen/ops/zeros.h>
#include <c10/util/Exception.h>

#include <vector>

#include "opencl/launch.h"
#include "opencl/types.h"

namespace ocl::opencl::matmul {
namespace {

constexpr std::size_t kTile = 64;       // TS of cl/matmul.cl
constexpr std::size_t kGroupSide = 16;  // RTS
constexpr int64_t kBlockRows = 8;       // MR of gemm_blocks
constexpr int64_t kBlockCols = 32;      // the two float16 columns of gemm_blocks
// Below this many rows of c, a packed copy of b costs more than the blocks save.
constexpr int64_t kMinRowsToPack = 32;

int64_t batch_stride(const at::Tensor& t) {
  return t.dim() == 3 ? t.stride(0) : 0;
}

int64_t batch_count(const at::Tensor& c) {
  return c.dim() == 3 ? c.size(0) : 1;
}

// The generic kernel: any dtype, any strides, any shape.
void gemm_any(
    const at::Tensor& a,
    const at::Tensor& b,
    const at::Tensor& c,
    const at::Scalar& alpha,
    const at::Scalar& beta) {
  const int64_t batch = batch_count(c);
  const int64_t M = c.size(-2), N = c.size(-1), K = a.size(-1);
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

// gemm_blocks: b's rows contiguous, its columns a multiple of kBlockCols (they may outnumber
// c's); c's rows contiguous.
void gemm_blocks(
    const at::Tensor& a,
    const at::Tensor& b,
    const at::Tensor& c,
    const at::Scalar& alpha,
    const at::Scalar& beta) {
  const int64_t batch = batch_count(c);
  const int64_t M = c.size(-2), N = c.size(-1);
  Launch launch(c.device().index(), Program::kMatmul, type_defines(c10::kFloat), "gemm_blocks");
  launch.tensor(c).tensor(a).tensor(b);
  for (const int64_t value :
       {M,
        N,
        a.size(-1),
        a.stride(-2),
        a.stride(-1),
        batch_stride(a),
        b.stride(-2),
        batch_stride(b),
        c.stride(-2),
        batch_stride(c)}) {
    launch.value(static_cast<cl_long>(value));
  }
  launch.value(alpha.to<float>()).value(beta.to<float>());
  launch.run(
      {static_cast<std::size_t>((M + kBlockRows - 1) / kBlockRows),
       static_cast<std::size_t>(b.size(-1) / kBlockCols),
       static_cast<std::size_t>(batch)},
      {1, 1, 1});
}

// b with contiguous rows of a multiple of kBlockCols columns, zero past b's own: b itself when it
// is so already, else a packed copy.
at::Tensor packed_for_blocks(const at::Tensor& b) {
  const int64_t N = b.size(-1);
  const int64_t padded = (N + kBlockCols - 1) / kBlockCols * kBlockCols;
  if (b.stride(-1) == 1 && padded == N) return b;
  std::vector<int64_t> shape = b.sizes().vec();
  shape.back() = padded;
  at::Tensor packed = padded == N ? at::empty(shape, b.options()) : at::zeros(shape, b.options());
  packed.narrow(-1, 0, N).copy_(b);
  return packed;
}

}  // namespace

void gemm(
    const at::Tensor& a,
    const at::Tensor& b,
    const at::Tensor& c,
    const at::Scalar& alpha,
    const at::Scalar& beta) {
  const int64_t batch = batch_count(c);
  const int64_t M = c.size(-2), N = c.size(-1), K = a.size(-1);
  if (batch == 0 || M == 0 || N == 0) return;
  // float32 products run on gemm_blocks, which wants b's rows contiguous and padded to whole
  // blocks: b is packed when they are not (a transposed weight, as linear's, or N % 32 != 0),
  // unless c has so few rows that packing would cost more than the product.
  const bool blocks_as_is = b.stride(-1) == 1 && N % kBlockCols == 0;
  if (c.scalar_type() == c10::kFloat && a.scalar_type() == c10::kFloat &&
      b.scalar_type() == c10::kFloat && c.stride(-1) == 1 && K > 0 &&
      (blocks_as_is || M >= kMinRowsToPack)) {
    gemm_blocks(a, packed_for_blocks(b), c, alpha, beta);
  } else {
    gemm_any(a, b, c, alpha, beta);
  }
}

}  // namespace ocl::opencl::matmul
