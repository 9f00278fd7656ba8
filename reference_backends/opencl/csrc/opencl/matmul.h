// Matrix products on the kernels of cl/matmul.cl: float32 on gemm_blocks, a BLAS-style
// micro-kernel for a CPU's vector units (b packed into contiguous rows when it is not so and c has
// rows enough to repay the copy); every other dtype and layout on gemm, a register-tiled product
// that reads any strides.
#pragma once

#include <ATen/core/Tensor.h>
#include <c10/core/Scalar.h>

namespace ocl::opencl::matmul {

// c = alpha * a @ b + beta * c, for a [M, K], b [K, N], c [M, N] or batches of them ([B, M, K],
// ...), of one dtype and any strides. beta == 0 ignores c's contents.
void gemm(
    const at::Tensor& a,
    const at::Tensor& b,
    const at::Tensor& c,
    const at::Scalar& alpha,
    const at::Scalar& beta);

// out = beta * self + alpha * a @ b (addmm, baddbmm): self broadcast to out's shape is copied
// in first, unless beta is 0, which ignores self (NaN included), as PyTorch documents.
void add_product(
    const at::Tensor& out,
    const at::Tensor& self,
    const at::Tensor& a,
    const at::Tensor& b,
    const at::Scalar& beta,
    const at::Scalar& alpha);

// gemm for a b laid out by its caller with room to spare: b is [K, P] (or [B, K, P]) with P at
// least c's N; columns of b past N are read or not, and never change c. A b whose rows are
// contiguous and whose P is padded_columns(device, N) is taken by the fast kernel as it is, with
// no packed copy: convolution writes its columns so.
void gemm_padded(
    const at::Tensor& a,
    const at::Tensor& b,
    const at::Tensor& c,
    const at::Scalar& alpha,
    const at::Scalar& beta);

// The row length that lets gemm_padded take a float32 b of `columns` columns as it is.
int64_t padded_columns(int device, int64_t columns);

}  // namespace ocl::opencl::matmul
