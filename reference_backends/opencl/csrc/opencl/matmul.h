// Matrix products on the kernels of cl/matmul.cl: float32 on gemm_blocks, a BLAS-style
// micro-kernel for a CPU's vector units (b packed into contiguous rows when it is not so and c has
// rows enough to repay the copy); every other dtype and layout on gemm, a register-tiled product
// that reads any strides. conv_taps: the micro-kernel's convolution, reading its columns from the
// input.
#pragma once

#include <ATen/core/Tensor.h>
#include <c10/core/Scalar.h>

#include <array>
#include <cstdint>

namespace ocl::opencl::matmul {

// c = alpha * a @ b + beta * c, for a [M, K], b [K, N], c [M, N] or batches of them ([B, M, K],
// ...), of one dtype and any strides. beta == 0 ignores c's contents.
void gemm(
    const at::Tensor& a,
    const at::Tensor& b,
    const at::Tensor& c,
    const at::Scalar& alpha,
    const at::Scalar& beta);

// out = beta * self + alpha * a @ b (addmm, baddbmm), self broadcast to out's shape and read as
// out is stored (copied into out first only where the two overlap, or the kernel cannot read
// it); beta == 0 ignores self (NaN included), as PyTorch documents.
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
// no packed copy (convolution writes its columns so), unless its rows lie so that the cache
// holds few of them (matmul.cpp, rows_share_cache_sets).
void gemm_padded(
    const at::Tensor& a,
    const at::Tensor& b,
    const at::Tensor& c,
    const at::Scalar& alpha,
    const at::Scalar& beta);

// The row length that lets gemm_padded take a float32 b of `columns` columns as it is.
int64_t padded_columns(int device, int64_t columns);

// A 2-D convolution over an input the caller has zero-padded and split into phases (see
// conv_blocks in cl/matmul.cl): per channel, kept[0] * kept[1] planes of phase[0] x phase[1]
// elements, plane (a, b) holding the padded input's elements (stride[0] * u + a, stride[1] * v +
// b). kept: the phases the taps read, 1 + the largest i * dilation % stride of a tap i. reversed:
// the weight's columns name each channel's taps last to first (a transposed convolution's order).
struct Taps {
  int64_t channels;
  std::array<int64_t, 2> kernel, stride, dilation, kept, phase, out;
  bool reversed = false;
};

// The most taps (kernel[0] * kernel[1]) conv_taps takes: cl/matmul.cl's conv_blocks unrolls its
// loop over them.
constexpr int64_t kMaxTaps = 64;

// How many elements past a sample's last plane conv_taps reads (the last sample's must exist).
int64_t taps_slack(int device, const Taps& taps);

// out[n, m] (float32, [N, M, out[0], out[1]], any strides) = bias[m] + the sum over the
// taps k = (channel, i, j) of weight[m, k] times the padded input's element under tap (i, j), for
// `weight` [M, channels * kernel[0] * kernel[1]] with contiguous rows and `x` the phases, sample
// after sample `x_batch_stride` apart: a product that reads its columns where they lie in x
// instead of copying them out.
void conv_taps(
    const at::Tensor& weight,
    const at::Tensor& x,
    int64_t x_batch_stride,
    const Taps& taps,
    const at::Tensor& out,
    const at::Tensor* bias);

// The weight's gradient of conv_taps's convolution, reading the input where it lies as conv_taps
// does: product[part, k, m] = the sum over the part's output positions p of samples n of the
// padded input's element under tap k = (channel, i, j) at p times grad_rows[n, p, m]. grad_rows:
// the output's gradient with the positions as rows, [N, out[0] * out[1], padded_columns(device,
// M)], contiguous; a part is `part_rows` consecutive output rows of the samples one after another
// (row n * out[0] + oh); product: [parts, K, M], contiguous.
void conv_weight_taps(
    const at::Tensor& x,
    int64_t x_batch_stride,
    const Taps& taps,
    const at::Tensor& grad_rows,
    int64_t part_rows,
    const at::Tensor& product);

}  // namespace ocl::opencl::matmul
