#include "opencl/matmul.h"

#include <ATen/MemoryOverlap.h>
#include <ATen/ops/empty.h>
#include <ATen/ops/zeros.h>
#include <c10/util/Exception.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "opencl/launch.h"
#include "opencl/programs.h"
#include "opencl/types.h"

namespace ocl::opencl::matmul {
namespace {

constexpr std::size_t kTile = 64;       // TS of cl/matmul.cl
constexpr std::size_t kGroupSide = 16;  // RTS
// Below this many rows of c, a packed copy of b costs more than the blocks save.
constexpr int64_t kMinRowsToPack = 32;

// The block of c a work-item of gemm_blocks computes: `rows` x (2 vectors of the device's native
// float width). The 2 * rows accumulators, two vectors of b and a broadcast value of a must fit
// the register file: 6 rows on 16 vector registers (AVX2, SSE), 8 on 32 (AVX-512), where 6 and 8
// measured fastest (benchmarks/README.md, accelerator_speed.py). The wide kernels' blocks
// (gemm_blocks_wide, conv_blocks_wide) are 3 vectors wide, where 3 * rows accumulators fit too
// (32 registers): wide_cols, 0 elsewhere.
struct Blocks {
  int64_t rows = 0;
  int64_t cols = 0;
  int64_t wide_cols = 0;
  std::string defines;  // for the matmul program's float build
};

const Blocks& blocks_of(int device) {
  return per_device(device, [](int index) {
    // The largest of 4, 8 and 16 the device's vectors hold; 4 where they hold less (GPUs).
    int width = 4;
    while (width < 16 && 2 * width <= native_float_width(index)) width *= 2;
    Blocks blocks;
    blocks.rows = width >= 16 ? 8 : 6;
    blocks.cols = 2 * width;
    blocks.wide_cols = width >= 16 ? 3 * width : 0;
    blocks.defines =
        " -DVW=" + std::to_string(width) + " -DBLOCK_ROWS=" + std::to_string(blocks.rows);
    return blocks;
  });
}

// The matmul program's defines for `dtype`: gemm_blocks exists for float only.
std::string matmul_defines(int device, c10::ScalarType dtype) {
  std::string defines = type_defines(dtype);
  if (dtype == c10::kFloat) defines += blocks_of(device).defines;
  return defines;
}

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
  const std::string defines = matmul_defines(device, dtype);
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

int64_t round_up(int64_t n, int64_t multiple) {
  return (n + multiple - 1) / multiple * multiple;
}

// The width of the blocks for `columns` columns (of c, or of a convolution's positions): the
// wide ones where the device has them and they compute no more columns than the narrow ones (not
// for 63: 96 against 64). Each value of a they broadcast then serves 48 columns instead of 32
// (products of 768 from 4.98 to 3.47 ms, ResNet-18 inference 170.8 -> 163.5 ms:
// benchmarks/HISTORY.md).
int64_t block_cols_for(const Blocks& blocks, int64_t columns) {
  const bool wide =
      blocks.wide_cols > 0 && round_up(columns, blocks.wide_cols) <= round_up(columns, blocks.cols);
  return wide ? blocks.wide_cols : blocks.cols;
}

// One launch of gemm_blocks, or of gemm_blocks_wide where `wide`: b's columns whole blocks of
// that width.
void launch_blocks(
    const at::Tensor& a,
    const at::Tensor& b,
    const at::Tensor& c,
    const at::Scalar& alpha,
    const at::Scalar& beta,
    const at::Tensor& source,
    bool wide) {
  const int64_t batch = batch_count(c);
  const int64_t M = c.size(-2), N = c.size(-1);
  const int device = c.device().index();
  const Blocks& blocks = blocks_of(device);
  const int64_t block_cols = wide ? blocks.wide_cols : blocks.cols;
  TORCH_INTERNAL_ASSERT(b.size(-1) % block_cols == 0);
  Launch launch(
      device,
      Program::kMatmul,
      matmul_defines(device, c10::kFloat),
      wide ? "gemm_blocks_wide" : "gemm_blocks");
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
  launch.tensor(source);
  launch.value(static_cast<cl_long>(source.stride(-2)))
      .value(static_cast<cl_long>(batch_stride(source)));
  launch.run(
      {static_cast<std::size_t>((M + blocks.rows - 1) / blocks.rows),
       static_cast<std::size_t>(b.size(-1) / block_cols),
       static_cast<std::size_t>(batch)},
      {1, 1, 1});
}

// From this many multiply-adds, a b whose columns are not whole wide blocks is split: wide ones
// as far as whole narrow ones take the rest (1024: 960 + 64), in two launches. Below it the
// second launch cost more than the wide blocks saved (ms, all narrow / split, on 2 Xeon cores:
// 512 x 128 x 512 0.33 / 0.49, 512 x 512 x 128 0.31 / 0.47, 1024^3 10.6 / 8.4, 2048^3 117 / 92).
constexpr int64_t kMinProductToSplit = int64_t{1} << 28;

// How many of `columns` (whole blocks of either width) go to wide blocks, the rest to narrow
// ones, for a product of `work` multiply-adds: all where they are whole wide blocks; from
// kMinProductToSplit, as many as leave whole narrow blocks; else none.
int64_t wide_columns(const Blocks& blocks, int64_t columns, int64_t work) {
  if (blocks.wide_cols == 0) return 0;
  if (columns % blocks.wide_cols == 0) return columns;
  if (work < kMinProductToSplit) return 0;
  int64_t wide = columns / blocks.wide_cols * blocks.wide_cols;
  while (wide > 0 && (columns - wide) % blocks.cols != 0) wide -= blocks.wide_cols;
  return wide;
}

// gemm_blocks: c = alpha * a @ b + beta * source. b's rows contiguous, its columns whole blocks
// of either width (they may outnumber c's); c's and source's rows contiguous.
void gemm_blocks(
    const at::Tensor& a,
    const at::Tensor& b,
    const at::Tensor& c,
    const at::Scalar& alpha,
    const at::Scalar& beta,
    const at::Tensor& source) {
  const Blocks& blocks = blocks_of(c.device().index());
  const int64_t columns = b.size(-1), N = c.size(-1);
  const int64_t wide =
      wide_columns(blocks, columns, batch_count(c) * c.size(-2) * columns * a.size(-1));
  const auto part = [&](int64_t first, int64_t width, bool wide_blocks) {
    const int64_t used = std::min(N, first + width) - first;
    if (used <= 0) return;
    launch_blocks(
        a,
        b.narrow(-1, first, width),
        c.narrow(-1, first, used),
        alpha,
        beta,
        source.narrow(-1, first, used),
        wide_blocks);
  };
  part(0, wide, true);
  part(wide, columns - wide, false);
}

// A work-item of gemm_blocks reads a column of b's blocks row by row through all of k, and the
// next work-items read it again from the cache. Rows a multiple of 1 KiB apart fall into a
// sliver of the cache's sets (4 KiB apart, 1/64 of them) and evict each other: products of
// 1024 and 1792 ran at half and two thirds the speed of ones of 992 and 1248 on 2 Xeon
// cores. A packed b's rows are never that far apart, and a b whose rows are is packed when it
// has more of them than the sets hold (measured: 512 rows 2 KiB apart read well, the copy
// costing more than it saves).
constexpr int64_t kAliasingRow = 256;  // floats: 1 KiB
constexpr int64_t kLineFloats = 16;

bool rows_share_cache_sets(const at::Tensor& b) {
  constexpr int64_t kRowsTheSetsHold = 512;
  return b.size(-2) > kRowsTheSetsHold && b.stride(-2) % kAliasingRow == 0;
}

// A copy of b with contiguous rows of whole blocks (block_cols_for), zero past b's own, its rows
// one cache line further apart where they would otherwise share sets.
at::Tensor packed_for_blocks(const at::Tensor& b) {
  const int64_t N = b.size(-1);
  const int64_t padded = round_up(N, block_cols_for(blocks_of(b.device().index()), N));
  int64_t row = padded;
  if (row % kAliasingRow == 0) row += kLineFloats;
  std::vector<int64_t> shape = b.sizes().vec();
  shape.back() = row;
  at::Tensor packed = at::empty(shape, b.options()).narrow(-1, 0, padded);
  if (padded > N) packed.narrow(-1, N, padded - N).zero_();
  packed.narrow(-1, 0, N).copy_(b);
  return packed;
}

bool is_zero(const at::Scalar& value) {
  return value.isIntegral(true) ? value.to<int64_t>() == 0 : value.to<double>() == 0;
}

// c = alpha * a @ b + beta * source, source of c's shape (c itself, or a view that does not
// overlap it); b as gemm_padded takes it.
void product(
    const at::Tensor& a,
    const at::Tensor& b,
    const at::Tensor& c,
    const at::Scalar& alpha,
    const at::Scalar& beta,
    const at::Tensor& source) {
  const int64_t batch = batch_count(c);
  const int64_t M = c.size(-2), N = c.size(-1), K = a.size(-1);
  TORCH_INTERNAL_ASSERT(b.size(-1) >= N);
  if (batch == 0 || M == 0 || N == 0) return;
  // c with source's values, for the kernels that read beta's term from c.
  const auto source_in_c = [&] {
    if (!is_zero(beta) && !source.is_same(c)) c.copy_(source);
  };
  // float32 products run on gemm_blocks, which wants b's rows contiguous and padded to whole
  // blocks: b is packed when they are not (a transposed weight, as linear's, or N not a multiple
  // of the block); where c has so few rows that packing b would cost more than the product, the
  // product is taken transposed, or on the generic kernel when c has few columns too.
  const bool blocks_as_is = b.stride(-1) == 1 &&
                            b.size(-1) % blocks_of(c.device().index()).cols == 0 &&
                            !rows_share_cache_sets(b);
  const bool floats = c.scalar_type() == c10::kFloat && a.scalar_type() == c10::kFloat &&
                      b.scalar_type() == c10::kFloat && K > 0;
  if (floats && !blocks_as_is && M < kMinRowsToPack && N >= kMinRowsToPack) {
    // Few rows and many columns (a linear layer on a small batch): c^T = b^T @ a^T on the
    // blocks, a^T (small) packed and c^T written to a copy of its own.
    const at::Tensor a_t = a.transpose(-1, -2), b_t = b.narrow(-1, 0, N).transpose(-1, -2);
    std::vector<int64_t> shape = c.sizes().vec();
    std::swap(shape[shape.size() - 1], shape[shape.size() - 2]);
    shape.back() = padded_columns(c.device().index(), M);
    const at::Tensor c_t = at::empty(shape, c.options());
    const at::Tensor c_t_used = c_t.narrow(-1, 0, M);
    const bool keep_c = !is_zero(beta);
    if (keep_c) c_t_used.copy_(source.transpose(-1, -2));
    gemm_blocks(b_t, packed_for_blocks(a_t), c_t, alpha, keep_c ? beta : 0, c_t);
    c.copy_(c_t_used.transpose(-1, -2));
    return;
  }
  if (floats && c.stride(-1) == 1 && (blocks_as_is || M >= kMinRowsToPack)) {
    const bool reads_source = source.scalar_type() == c10::kFloat && source.stride(-1) == 1;
    if (!reads_source) source_in_c();
    gemm_blocks(
        a,
        blocks_as_is ? b : packed_for_blocks(b.narrow(-1, 0, N)),
        c,
        alpha,
        beta,
        reads_source ? source : c);
  } else {
    source_in_c();
    gemm_any(a, b.narrow(-1, 0, N), c, alpha, beta);
  }
}

}  // namespace

void gemm_padded(
    const at::Tensor& a,
    const at::Tensor& b,
    const at::Tensor& c,
    const at::Scalar& alpha,
    const at::Scalar& beta) {
  product(a, b, c, alpha, beta, c);
}

void gemm(
    const at::Tensor& a,
    const at::Tensor& b,
    const at::Tensor& c,
    const at::Scalar& alpha,
    const at::Scalar& beta) {
  TORCH_INTERNAL_ASSERT(b.size(-1) == c.size(-1));
  gemm_padded(a, b, c, alpha, beta);
}

int64_t padded_columns(int device, int64_t columns) {
  return round_up(columns, blocks_of(device).cols);
}

namespace {

// The positions conv_blocks computes for `taps`: whole rows of the phases, in blocks.
int64_t conv_positions(int device, const Taps& taps) {
  const int64_t positions = taps.out[0] * taps.phase[1];
  return round_up(positions, block_cols_for(blocks_of(device), positions));
}

// One launch of conv_blocks (conv_blocks_wide where `wide`) over `count` of the positions from
// `first`, whole blocks of that width.
void launch_taps(
    const at::Tensor& weight,
    const at::Tensor& x,
    int64_t x_batch_stride,
    const Taps& taps,
    const at::Tensor& out,
    const at::Tensor* bias,
    int64_t first,
    int64_t count,
    bool wide) {
  const int64_t batch = out.size(0), M = out.size(1);
  const int device = out.device().index();
  const Blocks& blocks = blocks_of(device);
  Launch launch(
      device,
      Program::kMatmul,
      matmul_defines(device, c10::kFloat) +
          " -DCONV_TAPS=" + std::to_string(taps.kernel[0] * taps.kernel[1]),
      wide ? "conv_blocks_wide" : "conv_blocks");
  launch.tensor(out).tensor(weight).tensor(x).tensor(bias != nullptr ? *bias : out);
  launch.value(static_cast<cl_int>(bias != nullptr)).value(static_cast<cl_int>(taps.reversed));
  for (const int64_t value :
       {M,
        weight.stride(0),
        taps.channels,
        taps.kernel[0],
        taps.kernel[1],
        taps.stride[0],
        taps.stride[1],
        taps.dilation[0],
        taps.dilation[1],
        taps.kept[0],
        taps.kept[1],
        taps.phase[0],
        taps.phase[1],
        x_batch_stride,
        taps.out[0],
        taps.out[1],
        out.stride(2),
        out.stride(3),
        out.stride(1),
        out.stride(0),
        first}) {
    launch.value(static_cast<cl_long>(value));
  }
  launch.run(
      {static_cast<std::size_t>((M + blocks.rows - 1) / blocks.rows),
       static_cast<std::size_t>(count / (wide ? blocks.wide_cols : blocks.cols)),
       static_cast<std::size_t>(batch)},
      {1, 1, 1});
}

}  // namespace

int64_t taps_slack(int device, const Taps& taps) {
  return (taps.kernel[1] - 1) * taps.dilation[1] / taps.stride[1] + conv_positions(device, taps) -
         taps.out[0] * taps.phase[1];
}

void conv_taps(
    const at::Tensor& weight,
    const at::Tensor& x,
    int64_t x_batch_stride,
    const Taps& taps,
    const at::Tensor& out,
    const at::Tensor* bias) {
  const int64_t batch = out.size(0), M = out.size(1);
  const int device = out.device().index();
  const Blocks& blocks = blocks_of(device);
  TORCH_INTERNAL_ASSERT(
      weight.stride(1) == 1 && out.size(2) == taps.out[0] && out.size(3) == taps.out[1] &&
      weight.size(1) == taps.channels * taps.kernel[0] * taps.kernel[1] &&
      taps.kernel[0] * taps.kernel[1] <= kMaxTaps);
  const int64_t positions = conv_positions(device, taps);
  const int64_t wide = wide_columns(blocks, positions, batch * M * positions * weight.size(1));
  if (wide > 0) launch_taps(weight, x, x_batch_stride, taps, out, bias, 0, wide, true);
  if (wide < positions) {
    launch_taps(weight, x, x_batch_stride, taps, out, bias, wide, positions - wide, false);
  }
}

void conv_weight_taps(
    const at::Tensor& x,
    int64_t x_batch_stride,
    const Taps& taps,
    const at::Tensor& grad_rows,
    int64_t part_rows,
    const at::Tensor& product) {
  const int64_t parts = product.size(0), K = product.size(1), M = product.size(2);
  const int device = product.device().index();
  const Blocks& blocks = blocks_of(device);
  TORCH_INTERNAL_ASSERT(
      product.is_contiguous() && grad_rows.is_contiguous() &&
      grad_rows.size(1) == taps.out[0] * taps.out[1] &&
      grad_rows.size(2) == padded_columns(device, M) &&
      K == taps.channels * taps.kernel[0] * taps.kernel[1] &&
      taps.kernel[0] * taps.kernel[1] <= kMaxTaps && !taps.reversed);
  Launch launch(
      device, Program::kMatmul, matmul_defines(device, c10::kFloat), "conv_weight_blocks");
  launch.tensor(product).tensor(x).tensor(grad_rows);
  for (const int64_t value :
       {K,
        M,
        grad_rows.size(0),
        part_rows,
        taps.kernel[0],
        taps.kernel[1],
        taps.stride[0],
        taps.stride[1],
        taps.dilation[0],
        taps.dilation[1],
        taps.kept[0],
        taps.kept[1],
        taps.phase[0],
        taps.phase[1],
        x_batch_stride,
        taps.out[0],
        taps.out[1],
        grad_rows.stride(1),
        grad_rows.stride(0),
        product.stride(1),
        product.stride(0)}) {
    launch.value(static_cast<cl_long>(value));
  }
  launch.run(
      {static_cast<std::size_t>((K + blocks.rows - 1) / blocks.rows),
       static_cast<std::size_t>(grad_rows.size(2) / blocks.cols),
       static_cast<std::size_t>(parts)},
      {1, 1, 1});
}

void add_product(
    const at::Tensor& out,
    const at::Tensor& self,
    const at::Tensor& a,
    const at::Tensor& b,
    const at::Scalar& beta,
    const at::Scalar& alpha) {
  TORCH_INTERNAL_ASSERT(b.size(-1) == out.size(-1));
  if (is_zero(beta)) {
    gemm(a, b, out, alpha, 0);
    return;
  }
  // The kernels read self (a bias broadcast over the rows, usually) as they store out, unless the
  // two overlap, where self is copied into out first.
  const bool apart = at::get_overlap_status(out, self) == at::MemOverlapStatus::No;
  if (!apart && !out.is_same(self)) out.copy_(self.expand(out.sizes()));
  product(a, b, out, alpha, beta, apart ? self.expand(out.sizes()) : out);
}

}  // namespace ocl::opencl::matmul
