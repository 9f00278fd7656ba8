// Neural-network kernels of ocl (after types.cl): softmax and log_softmax with their backwards,
// and the negative log-likelihood loss. The host side (opencl/nn.cpp) moves the softmax dimension
// last, so that each work-group handles one contiguous row of `inner` elements; GROUP is the
// work-group size.

// Reduces `value` over the work-group into every item's return value; `scratch` holds GROUP
// elements. COMBINE(a, b) must be associative.
#define GROUP_REDUCE(scratch, value, COMBINE)                               \
  do {                                                                      \
    scratch[lane] = (value);                                                \
    for (uint half_size = GROUP / 2; half_size > 0; half_size /= 2) {       \
      barrier(CLK_LOCAL_MEM_FENCE);                                         \
      if (lane < half_size) {                                               \
        scratch[lane] = COMBINE(scratch[lane], scratch[lane + half_size]);  \
      }                                                                     \
    }                                                                       \
    barrier(CLK_LOCAL_MEM_FENCE);                                           \
    (value) = scratch[0];                                                   \
    barrier(CLK_LOCAL_MEM_FENCE);                                           \
  } while (0)

#define ADD(a, b) ((a) + (b))
#if ACC_IS_FLOAT
#define MAX_NAN(a, b) (IS_NAN(a) || (a) > (b) ? (a) : (b))
#endif

#define ROW_PARAMS                                                                \
  __global OUT_T *out, ulong out_off, __global const IN_T *in, ulong in_off, ulong inner

#if ACC_IS_FLOAT

// softmax(x) = exp(x - max) / sum(exp(x - max)); log_softmax(x) = x - max - log(sum(...)), and
// their backwards. Where ROW_LANES is 1 (a CPU), a work-item takes a whole row, `rows` of them,
// and no barrier splits the kernel; elsewhere a work-group of GROUP items shares a row.
#if ROW_LANES == 1
#define ROW_START                           \
  const ulong row = get_global_id(0);       \
  if (row >= rows) return;                  \
  const ulong base = row * inner;           \
  const ulong first = 0, step = 1;
#define ROW_REDUCE(value, COMBINE)
#else
#define ROW_START                           \
  __local ACC_T scratch[GROUP];             \
  const uint lane = get_local_id(0);        \
  const ulong row = get_group_id(0);        \
  const ulong base = row * inner;           \
  const ulong first = lane, step = GROUP;
#define ROW_REDUCE(value, COMBINE) GROUP_REDUCE(scratch, value, COMBINE)
#endif

#if ROW_LANES == 1 && IN_TYPE == TYPE_FLOAT && OUT_TYPE == TYPE_FLOAT
// float32 rows go 8 elements at a time, so that exp and log run on PoCL's vector functions (a
// fixed width: the order of a row's sums does not depend on the machine).
#define MAX_NAN8(a, b) select((b), (a), IS_NAN(a) || (a) > (b))

inline float max_of8(float8 v) {
  float largest = v.s0;
  largest = MAX_NAN(v.s1, largest);
  largest = MAX_NAN(v.s2, largest);
  largest = MAX_NAN(v.s3, largest);
  largest = MAX_NAN(v.s4, largest);
  largest = MAX_NAN(v.s5, largest);
  largest = MAX_NAN(v.s6, largest);
  return MAX_NAN(v.s7, largest);
}

inline float sum_of8(float8 v) {
  const float4 fours = v.lo + v.hi;
  const float2 twos = fours.lo + fours.hi;
  return twos.x + twos.y;
}

#define SOFTMAX_KERNEL(name, result, safe)                                  \
  __kernel void name(ROW_PARAMS, ulong rows) {                              \
    const ulong row = get_global_id(0);                                     \
    if (row >= rows) return;                                                \
    __global const float *row_in = in + in_off + row * inner;              \
    __global float *row_out = out + out_off + row * inner;                 \
    const ulong whole = inner / 8 * 8;                                      \
    float8 largest8 = (float8)(-INFINITY);                                  \
    for (ulong k = 0; k < whole; k += 8) {                                  \
      largest8 = MAX_NAN8(vload8(0, row_in + k), largest8);                 \
    }                                                                       \
    float largest = max_of8(largest8);                                      \
    for (ulong k = whole; k < inner; ++k) largest = MAX_NAN(row_in[k], largest); \
    if (safe && largest == -INFINITY) {                                     \
      for (ulong k = 0; k < inner; ++k) row_out[k] = 0;                     \
      return;                                                               \
    }                                                                       \
    float8 total8 = 0;                                                      \
    for (ulong k = 0; k < whole; k += 8) {                                  \
      total8 += exp(vload8(0, row_in + k) - largest);                       \
    }                                                                       \
    float total = sum_of8(total8);                                          \
    for (ulong k = whole; k < inner; ++k) total += exp(row_in[k] - largest); \
    for (ulong k = 0; k < whole; k += 8) {                                  \
      const float8 x = vload8(0, row_in + k);                               \
      vstore8(result, 0, row_out + k);                                      \
    }                                                                       \
    for (ulong k = whole; k < inner; ++k) {                                 \
      const float x = row_in[k];                                            \
      row_out[k] = result;                                                  \
    }                                                                       \
  }
#else
#define SOFTMAX_KERNEL(name, result, safe)                                  \
  __kernel void name(ROW_PARAMS, ulong rows) {                              \
    ROW_START                                                               \
    ACC_T largest = -INFINITY;                                              \
    for (ulong k = first; k < inner; k += step) {                           \
      largest = MAX_NAN(LOAD_IN(in, in_off + base + k), largest);           \
    }                                                                       \
    ROW_REDUCE(largest, MAX_NAN);                                           \
    if (safe && largest == -INFINITY) { /* the same in every lane */        \
      for (ulong k = first; k < inner; k += step) {                         \
        STORE_OUT(out, out_off + base + k, (ACC_T)0);                       \
      }                                                                     \
      return;                                                               \
    }                                                                       \
    ACC_T total = 0;                                                        \
    for (ulong k = first; k < inner; k += step) {                           \
      total += exp(LOAD_IN(in, in_off + base + k) - largest);               \
    }                                                                       \
    ROW_REDUCE(total, ADD);                                                 \
    for (ulong k = first; k < inner; k += step) {                           \
      const ACC_T x = LOAD_IN(in, in_off + base + k);                       \
      STORE_OUT(out, out_off + base + k, result);                           \
    }                                                                       \
  }
#endif

SOFTMAX_KERNEL(softmax, exp(x - largest) / total, 0)
SOFTMAX_KERNEL(log_softmax, x - largest - log(total), 0)
// _safe_softmax (attention's): a row that is all -inf (every key masked) gives zeros, not NaN.
SOFTMAX_KERNEL(safe_softmax, exp(x - largest) / total, 1)

#define BACKWARD_PARAMS                                                                      \
  __global OUT_T *grad_input, ulong grad_input_off, __global const IN_T *grad, ulong grad_off, \
      __global const IN_T *output, ulong output_off, ulong inner, ulong rows

#if ROW_LANES == 1 && IN_TYPE == TYPE_FLOAT && OUT_TYPE == TYPE_FLOAT
// The backwards' float32 rows 8 elements at a time too. BACKWARD_ROW sets the row's pointers;
// softmax: grad_input = output * (grad - sum(grad * output)).
#define BACKWARD_ROW                                                         \
  const ulong row = get_global_id(0);                                        \
  if (row >= rows) return;                                                   \
  __global const float *row_grad = grad + grad_off + row * inner;           \
  __global const float *row_output = output + output_off + row * inner;     \
  __global float *row_out = grad_input + grad_input_off + row * inner;      \
  const ulong whole = inner / 8 * 8;

__kernel void softmax_backward(BACKWARD_PARAMS) {
  BACKWARD_ROW
  float8 dot8 = 0;
  for (ulong k = 0; k < whole; k += 8) dot8 += vload8(0, row_grad + k) * vload8(0, row_output + k);
  float dot = sum_of8(dot8);
  for (ulong k = whole; k < inner; ++k) dot += row_grad[k] * row_output[k];
  for (ulong k = 0; k < whole; k += 8) {
    vstore8(vload8(0, row_output + k) * (vload8(0, row_grad + k) - dot), 0, row_out + k);
  }
  for (ulong k = whole; k < inner; ++k) row_out[k] = row_output[k] * (row_grad[k] - dot);
}

// log_softmax: grad_input = grad - exp(output) * sum(grad).
__kernel void log_softmax_backward(BACKWARD_PARAMS) {
  BACKWARD_ROW
  float8 total8 = 0;
  for (ulong k = 0; k < whole; k += 8) total8 += vload8(0, row_grad + k);
  float total = sum_of8(total8);
  for (ulong k = whole; k < inner; ++k) total += row_grad[k];
  for (ulong k = 0; k < whole; k += 8) {
    vstore8(vload8(0, row_grad + k) - exp(vload8(0, row_output + k)) * total, 0, row_out + k);
  }
  for (ulong k = whole; k < inner; ++k) row_out[k] = row_grad[k] - exp(row_output[k]) * total;
}
#else
// softmax: grad_input = output * (grad - sum(grad * output)).
__kernel void softmax_backward(BACKWARD_PARAMS) {
  ROW_START
  ACC_T dot = 0;
  for (ulong k = first; k < inner; k += step) {
    dot += LOAD_IN(grad, grad_off + base + k) * LOAD_IN(output, output_off + base + k);
  }
  ROW_REDUCE(dot, ADD);
  for (ulong k = first; k < inner; k += step) {
    const ACC_T y = LOAD_IN(output, output_off + base + k);
    STORE_OUT(grad_input, grad_input_off + base + k, y * (LOAD_IN(grad, grad_off + base + k) - dot));
  }
}

// log_softmax: grad_input = grad - exp(output) * sum(grad).
__kernel void log_softmax_backward(BACKWARD_PARAMS) {
  ROW_START
  ACC_T total = 0;
  for (ulong k = first; k < inner; k += step) total += LOAD_IN(grad, grad_off + base + k);
  ROW_REDUCE(total, ADD);
  for (ulong k = first; k < inner; k += step) {
    const ACC_T y = LOAD_IN(output, output_off + base + k);
    STORE_OUT(
        grad_input, grad_input_off + base + k, LOAD_IN(grad, grad_off + base + k) - exp(y) * total);
  }
}
#endif

// nll_loss over a contiguous [batch, classes] input (batch 1 for an unbatched one). Without
// reduction, out[i] = -weight[t] * input[i, t] (0 where t is ignore_index). With one, a single
// work-group sums those and the weights: out = the sum (divided by the total weight for the
// mean), total_weight = the sum of the weights. A target out of range is reported in the error
// word and counts as ignored.
#define NLL_PARAMS                                                                         \
  __global OUT_T *out, ulong out_off, __global OUT_T *total_weight, ulong total_weight_off,  \
      __global const IN_T *in, ulong in_off, __global const long *target, ulong target_off, \
      __global const IN_T *weight, ulong weight_off, int has_weight, long ignore_index,      \
      ulong batch, ulong classes, __global long *error, long code

#define NLL_TERMS(i)                                                            \
  const long t = target[target_off + (i)];                                      \
  const bool skip = t == ignore_index || t < 0 || t >= (long)classes;           \
  if (skip && t != ignore_index) REPORT(error, code | KERNEL_INDEX_OUT_OF_RANGE, t); \
  const ACC_T w = skip         ? (ACC_T)0                                       \
                  : has_weight ? LOAD_IN(weight, weight_off + t)                \
                               : (ACC_T)1;                                      \
  const ACC_T term = skip ? (ACC_T)0 : -w * LOAD_IN(in, in_off + (i) * classes + t);

__kernel void nll_loss_none(NLL_PARAMS) {
  const ulong i = get_global_id(0);
  if (i >= batch) return;
  NLL_TERMS(i)
  STORE_OUT(out, out_off + i, term);
}

__kernel void nll_loss_reduce(NLL_PARAMS, int mean) {
  __local ACC_T scratch[GROUP];
  const uint lane = get_local_id(0);
  ACC_T loss = 0;
  ACC_T weights = 0;
  for (ulong i = lane; i < batch; i += GROUP) {
    NLL_TERMS(i)
    loss += term;
    weights += w;
  }
  GROUP_REDUCE(scratch, loss, ADD);
  GROUP_REDUCE(scratch, weights, ADD);
  if (lane == 0) {
    STORE_OUT(out, out_off, mean ? loss / weights : loss);
    STORE_OUT(total_weight, total_weight_off, weights);
  }
}

// grad_input[i, c] = -weight[c] * g_i where c is row i's target (and not ignored), else 0; g_i is
// grad_output[i] without reduction, grad_output[0] for a sum, grad_output[0] / total_weight for a
// mean.
__kernel void nll_loss_backward(
    __global OUT_T *grad_input, ulong grad_input_off, __global const IN_T *grad_output,
    ulong grad_output_off, __global const IN_T *total_weight, ulong total_weight_off,
    __global const long *target, ulong target_off, __global const IN_T *weight, ulong weight_off,
    int has_weight, long ignore_index, ulong batch, ulong classes, int reduction) {
  const ulong index = get_global_id(0);
  if (index >= batch * classes) return;
  const ulong i = index / classes;
  const long c = (long)(index % classes);
  const long t = target[target_off + i];
  ACC_T value = 0;
  if (c == t && t != ignore_index) {
    const ACC_T w = has_weight ? LOAD_IN(weight, weight_off + t) : (ACC_T)1;
    ACC_T g = LOAD_IN(grad_output, grad_output_off + (reduction == 0 ? i : 0));
    if (reduction == 1) g /= LOAD_IN(total_weight, total_weight_off);
    value = -w * g;
  }
  STORE_OUT(grad_input, grad_input_off + index, value);
}

// Convolution as im2col + matrix product: the columns hold at [n][(c * kh + i) * kw + j][oh * OW +
// ow] the input element under kernel tap (i, j) of output position (oh, ow), 0 in the padding.
// The inputs are contiguous [N, C, H, W] tensors; the columns' layout is the caller's: sample n,
// row r, position p at n * sample_stride + r * row_stride + p, each (n, r) a run of `length` >=
// OH * OW elements (im2col zeroes the rest, for the matrix product's blocks).
typedef struct {
  long channels, height, width;          // of the input
  long kernel_h, kernel_w;
  long stride_h, stride_w, pad_h, pad_w, dilation_h, dilation_w;
  long out_h, out_w;                     // of the output
} Window;

// Writes one row of out_w columns: column k holds the input row's element x0 + k * stride_w
// where that lies in [0, width), else 0. The columns that read the input come as one run, so
// the copy loop has no bounds checks (and a stride of 1 no multiplication).
void padded_row(__global OUT_T *out_row, __global const IN_T *in_row, long x0, Window w) {
  const long first = min(x0 >= 0 ? 0 : (-x0 + w.stride_w - 1) / w.stride_w, w.out_w);
  const long last = max(min(w.out_w, (w.width - x0 + w.stride_w - 1) / w.stride_w), first);
  in_row += x0;
  for (long k = 0; k < first; ++k) STORE_OUT(out_row, k, (ACC_T)0);
  if (w.stride_w == 1) {
    for (long k = first; k < last; ++k) STORE_OUT(out_row, k, LOAD_IN(in_row, k));
  } else {
    for (long k = first; k < last; ++k) STORE_OUT(out_row, k, LOAD_IN(in_row, k * w.stride_w));
  }
  for (long k = last; k < w.out_w; ++k) STORE_OUT(out_row, k, (ACC_T)0);
}

// A work-item per row of output positions (n, row, oh): it copies the input row under kernel
// tap (i, j), zeros where the tap falls in the padding. Only the row's coordinates need divisions;
// the copy between the two padded ends is a plain strided loop.
__kernel void im2col(
    __global OUT_T *out, ulong out_off, __global const IN_T *in, ulong in_off, Window w,
    long sample_stride, long row_stride, long length, ulong total) {
  const ulong index = get_global_id(0);
  if (index >= total) return;
  const long rows = w.channels * w.kernel_h * w.kernel_w;
  const long oh = index % w.out_h;
  const long plane = index / w.out_h;  // n * rows + row
  const long row = plane % rows, n = plane / rows;
  const long j = row % w.kernel_w, i = (row / w.kernel_w) % w.kernel_h;
  const long c = row / (w.kernel_w * w.kernel_h);
  __global OUT_T *out_plane = out + out_off + n * sample_stride + row * row_stride;
  __global OUT_T *out_row = out_plane + oh * w.out_w;
  if (oh == w.out_h - 1) {
    for (long p = w.out_h * w.out_w; p < length; ++p) STORE_OUT(out_plane, p, (ACC_T)0);
  }
  const long h = oh * w.stride_h - w.pad_h + i * w.dilation_h;
  if (h < 0 || h >= w.height) {
    for (long ow = 0; ow < w.out_w; ++ow) STORE_OUT(out_row, ow, (ACC_T)0);
    return;
  }
  padded_row(
      out_row, in + in_off + ((n * w.channels + c) * w.height + h) * w.width,
      j * w.dilation_w - w.pad_w, w);
}

// One phase of the zero-padded input that conv_blocks (cl/matmul.cl) reads: row u of channel c
// of sample n holds the input's row u * stride_h - pad_h at columns v * stride_w - pad_w (w's
// padding already shifted by the phase), 0 outside the input, phase rows of out_w columns
// `channel_stride` apart from channel to channel. A work-item per row on a 3-D range (u, c, n):
// no divisions, where im2col's row index takes six.
__kernel void conv_phase(
    __global OUT_T *restrict out, ulong out_off, __global const IN_T *restrict in, ulong in_off,
    Window w, long sample_stride, long channel_stride) {
  const long u = get_global_id(0);
  if (u >= w.out_h) return;
  const long c = get_global_id(1), n = get_global_id(2);
  __global OUT_T *out_row = out + out_off + n * sample_stride + c * channel_stride + u * w.out_w;
  const long h = u * w.stride_h - w.pad_h;
  if (h < 0 || h >= w.height) {
    for (long v = 0; v < w.out_w; ++v) STORE_OUT(out_row, v, (ACC_T)0);
    return;
  }
  padded_row(out_row, in + in_off + ((n * w.channels + c) * w.height + h) * w.width, -w.pad_w, w);
}

// The adjoint of im2col: a work-item per input row (n, c, h); each element gathers the column
// entries it was copied into, so no two work-items write the same element. Strides of 1 skip the
// divisions.
__kernel void col2im(
    __global OUT_T *out, ulong out_off, __global const IN_T *columns, ulong columns_off, Window w,
    long sample_stride, long row_stride, long length, ulong total) {
  const ulong index = get_global_id(0);
  if (index >= total) return;
  const long h = index % w.height;
  const long plane = index / w.height;  // n * channels + c
  const long c = plane % w.channels, n = plane / w.channels;
  __global OUT_T *out_row = out + out_off + index * w.width;
  __global const IN_T *channel_rows = columns + columns_off + n * sample_stride +
                                      c * w.kernel_h * w.kernel_w * row_stride;
  for (long x = 0; x < w.width; ++x) {
    ACC_T sum = 0;
    for (long i = 0; i < w.kernel_h; ++i) {
      long oh = h + w.pad_h - i * w.dilation_h;
      if (oh < 0) break;  // and for every later i
      if (w.stride_h != 1) {
        if (oh % w.stride_h != 0) continue;
        oh /= w.stride_h;
      }
      if (oh >= w.out_h) continue;
      __global const IN_T *tap_rows = channel_rows + i * w.kernel_w * row_stride + oh * w.out_w;
      for (long j = 0; j < w.kernel_w; ++j) {
        long ow = x + w.pad_w - j * w.dilation_w;
        if (ow < 0) break;
        if (w.stride_w != 1) {
          if (ow % w.stride_w != 0) continue;
          ow /= w.stride_w;
        }
        if (ow < w.out_w) sum += LOAD_IN(tap_rows, j * row_stride + ow);
      }
    }
    STORE_OUT(out_row, x, sum);
  }
}

// max_pool2d over planes of a [planes, H, W] input (contiguous): the largest element of each
// window and its index in the plane; a NaN wins, and of equals the first, as on the CPU. A
// work-item per output element: dimension 0 along a row, 1 down a plane, 2 over the planes (no
// divisions). The window's taps are chosen by selects rather than branches, which a CPU would
// mispredict half the time.
__kernel void max_pool2d(
    __global OUT_T *out, ulong out_off, __global long *indices, ulong indices_off,
    __global const IN_T *in, ulong in_off, Window w) {
  const long ow = get_global_id(0), oh = get_global_id(1);
  if (ow >= w.out_w || oh >= w.out_h) return;
  const long plane = get_global_id(2);
  __global const IN_T *base = in + in_off + plane * w.height * w.width;
  long h0 = oh * w.stride_h - w.pad_h;
  const long h1 = min(h0 + (w.kernel_h - 1) * w.dilation_h + 1, w.height);
  while (h0 < 0) h0 += w.dilation_h;
  long x0 = ow * w.stride_w - w.pad_w;
  const long x1 = min(x0 + (w.kernel_w - 1) * w.dilation_w + 1, w.width);
  while (x0 < 0) x0 += w.dilation_w;
  long best_index = h0 * w.width + x0;
  ACC_T best = -INFINITY;
  for (long h = h0; h < h1; h += w.dilation_h) {
    for (long x = x0; x < x1; x += w.dilation_w) {
      const long at = h * w.width + x;
      const ACC_T value = LOAD_IN(base, at);
      const bool take = value > best || IS_NAN(value);
      best = take ? value : best;
      best_index = take ? at : best_index;
    }
  }
  const long at = (plane * w.out_h + oh) * w.out_w + ow;
  STORE_OUT(out, out_off + at, best);
  indices[indices_off + at] = best_index;
}

#ifdef POOL_KH
// The window of output (oh, ow) for POOL_KH x POOL_KW taps compiled in, on planes of fewer than
// 2^30 elements (32-bit positions): its largest element and that element's position, as
// max_pool2d above, with the taps unrolled and no early exit, so that a work-group's loop over
// outputs has one path and runs in vector lanes.
inline void max_pool_window(
    __global const IN_T *base, Window w, int oh, int ow, ACC_T *best_out, int *index_out) {
  const int height = w.height, width = w.width, dh = w.dilation_h, dw = w.dilation_w;
  const int h_start = oh * (int)w.stride_h - (int)w.pad_h;
  const int x_start = ow * (int)w.stride_w - (int)w.pad_w;
  // The first tap inside the plane: the index a window of -inf reports.
  const int h_first = h_start < 0 ? h_start + (-h_start + dh - 1) / dh * dh : h_start;
  const int x_first = x_start < 0 ? x_start + (-x_start + dw - 1) / dw * dw : x_start;
  int best_index = h_first * width + x_first;
  ACC_T best = -INFINITY;
#pragma unroll
  for (int i = 0; i < POOL_KH; ++i) {
    const int h = h_start + i * dh;
    const bool row_inside = h >= 0 && h < height;
#pragma unroll
    for (int j = 0; j < POOL_KW; ++j) {
      const int x = x_start + j * dw;
      const bool tap_inside = row_inside && x >= 0 && x < width;
      const int at = h * width + x;
      const ACC_T value = LOAD_IN(base, tap_inside ? at : 0);
      const bool take = tap_inside && (value > best || IS_NAN(value));
      best = take ? value : best;
      best_index = take ? at : best_index;
    }
  }
  *best_out = best;
  *index_out = best_index;
}

// max_pool2d with max_pool_window: a work-item per output. One past the output's edge computes
// its clamped neighbour's window and stores nothing.
__kernel void max_pool2d_small(
    __global OUT_T *out, ulong out_off, __global long *indices, ulong indices_off,
    __global const IN_T *in, ulong in_off, Window w) {
  const int out_w = w.out_w, out_h = w.out_h;
  const bool inside_output = get_global_id(0) < out_w && get_global_id(1) < out_h;
  const int ow = min((int)get_global_id(0), out_w - 1), oh = min((int)get_global_id(1), out_h - 1);
  const long plane = get_global_id(2);
  ACC_T best;
  int best_index;
  max_pool_window(in + in_off + plane * w.height * w.width, w, oh, ow, &best, &best_index);
  if (inside_output) {
    const long at = (plane * out_h + oh) * out_w + ow;
    STORE_OUT(out, out_off + at, best);
    indices[indices_off + at] = best_index;
  }
}

#if defined(POOL_SW) && IN_TYPE == TYPE_FLOAT && OUT_TYPE == TYPE_FLOAT
// max_pool2d in float32 for a horizontal stride POOL_SW of 1 or 2 compiled in: a work-item per
// output row, computing POOL_LANES consecutive outputs at a time in vector lanes, each tap one
// vector load (for stride 2, the even elements of two overlapping loads). Work-items left to
// PoCL gathered each tap's strided elements one by one: ResNet-18's pool of [8, 64, 112, 112]
// took 28 ms, 3 ms now. The blocks cover the outputs whose windows lie inside the row, the last
// one overlapping its neighbour where they do not divide evenly, so that only the outputs at
// the row's ends go one by one through max_pool_window (with whole blocks only, two of that
// row's seven went so: 11 ms). Lanes and windows visit the taps in the same order, so both give
// the CPU's results, NaNs and ties included.
#define POOL_LANES 8
__kernel __attribute__((reqd_work_group_size(1, 1, 1))) void max_pool2d_lanes(
    __global float *out, ulong out_off, __global long *indices, ulong indices_off,
    __global const float *in, ulong in_off, Window w) {
  const int out_w = w.out_w, out_h = w.out_h;
  const int oh = get_global_id(1);
  if (oh >= out_h) return;
  const long plane = get_global_id(2);
  __global const float *base = in + in_off + plane * w.height * w.width;
  const long row_out = (plane * out_h + oh) * out_w;
  __global float *out_row = out + out_off + row_out;
  __global long *indices_row = indices + indices_off + row_out;
  const int height = w.height, width = w.width, dh = w.dilation_h, dw = w.dilation_w;
  const int pad_w = w.pad_w, reach = (POOL_KW - 1) * dw;
  // The outputs [lo, hi) whose windows lie inside the row, in blocks from lo.
  const int lo = min((pad_w + POOL_SW - 1) / POOL_SW, out_w);
  const int hi = max(min((width - 1 + pad_w - reach) / POOL_SW + 1, out_w), lo);
  const bool lanes = hi - lo >= POOL_LANES;
  for (int ow = 0; ow < out_w; ++ow) {
    if (lanes && ow >= lo && ow < hi) continue;  // the blocks' outputs
    float best;
    int best_index;
    max_pool_window(base, w, oh, ow, &best, &best_index);
    out_row[ow] = best;
    indices_row[ow] = best_index;
  }
  if (!lanes) return;
  const int h_start = oh * (int)w.stride_h - (int)w.pad_h;
  int h_first = h_start;
  while (h_first < 0) h_first += dh;
  const int8 lane = (int8)(0, 1, 2, 3, 4, 5, 6, 7) * POOL_SW;
  for (int block = lo; block < hi; block += POOL_LANES) {
    const int ow0 = min(block, hi - POOL_LANES);
    const int x_start = ow0 * POOL_SW - pad_w;
    int8 best_index = h_first * width + x_start + lane;
    float8 best = -INFINITY;
#pragma unroll
    for (int i = 0; i < POOL_KH; ++i) {
      const int h = h_start + i * dh;
      if (h < 0 || h >= height) continue;
#pragma unroll
      for (int j = 0; j < POOL_KW; ++j) {
        const int x = h * width + x_start + j * dw;
#if POOL_SW == 1
        const float8 value = vload8(0, base + x);
#else
        const float8 value = (float8)(vload8(0, base + x).even, vload8(0, base + x + 7).odd);
#endif
        const int8 take = isgreater(value, best) | isnan(value);
        best = select(best, value, take);
        best_index = select(best_index, x + lane, take);
      }
    }
    vstore8(best, 0, out_row + ow0);
    // In halves: a long8 is wider than AVX2's registers (PoCL warns of the ABI).
    vstore4(convert_long4(best_index.lo), 0, indices_row + ow0);
    vstore4(convert_long4(best_index.hi), 0, indices_row + ow0 + 4);
  }
}
#endif
#endif

// Its backward, as scatters into a zeroed grad_input: each window adds its gradient at its
// recorded index. Two windows closer than the window's extent may have recorded one element, so
// a launch takes one pass of the windows, (oh, ow) with oh % passes_h == pass_h and ow % passes_w
// == pass_w, which lie a whole extent apart, and the host runs the passes one after another. A
// work-item per window of the pass: dimension 0 along a row, 1 down a plane, 2 over the planes.
__kernel void max_pool2d_backward(
    __global OUT_T *grad_input, ulong grad_input_off, __global const IN_T *grad, ulong grad_off,
    __global const long *indices, ulong indices_off, Window w, long pass_h, long pass_w,
    long passes_h, long passes_w) {
  const long ow = get_global_id(0) * passes_w + pass_w;
  const long oh = get_global_id(1) * passes_h + pass_h;
  if (ow >= w.out_w || oh >= w.out_h) return;
  const long plane = get_global_id(2);
  const long window = (plane * w.out_h + oh) * w.out_w + ow;
  const ulong element = grad_input_off + plane * w.height * w.width + indices[indices_off + window];
  STORE_OUT(grad_input, element,
            LOAD_IN(grad_input, element) + LOAD_IN(grad, grad_off + window));
}

// Batch norm over a contiguous [N, C, S] input (S: the spatial elements). batch_norm_stats gives a
// channel to a work-group: the mean and the biased variance (two passes), the mean and invstd,
// and the running statistics updated with the unbiased variance. Per-channel statistics and sums
// the kernels pass to each other are in ACC_T: half's would lose precision, and a sum over a
// channel's elements could overflow it.
__kernel void batch_norm_stats(
    __global const IN_T *in, ulong in_off, __global ACC_T *mean_out, ulong mean_off,
    __global ACC_T *invstd_out, ulong invstd_off, __global OUT_T *running_mean,
    ulong running_mean_off, __global OUT_T *running_var, ulong running_var_off, int has_running,
    long batch, long channels, long spatial, ACC_T momentum, ACC_T eps) {
  __local ACC_T scratch[GROUP];
  const uint lane = get_local_id(0);
  const long c = get_group_id(0);
  const long count = batch * spatial;
  ACC_T total = 0;
  for (long n = 0; n < batch; ++n) {
    const ulong plane = in_off + (n * channels + c) * spatial;
    for (long k = lane; k < spatial; k += GROUP) total += LOAD_IN(in, plane + k);
  }
  GROUP_REDUCE(scratch, total, ADD);
  const ACC_T mean = total / (ACC_T)count;
  ACC_T squares = 0;
  for (long n = 0; n < batch; ++n) {
    const ulong plane = in_off + (n * channels + c) * spatial;
    for (long k = lane; k < spatial; k += GROUP) {
      const ACC_T d = LOAD_IN(in, plane + k) - mean;
      squares += d * d;
    }
  }
  GROUP_REDUCE(scratch, squares, ADD);
  if (lane == 0) {
    const ACC_T variance = squares / (ACC_T)count;
    mean_out[mean_off + c] = mean;
    invstd_out[invstd_off + c] = (ACC_T)1 / sqrt(variance + eps);
    if (has_running) {
      const ACC_T unbiased = count > 1 ? squares / (ACC_T)(count - 1) : (ACC_T)NAN;
      const ACC_T old_mean = LOAD_IN(running_mean, running_mean_off + c);
      const ACC_T old_var = LOAD_IN(running_var, running_var_off + c);
      STORE_OUT(running_mean, running_mean_off + c, momentum * mean + ((ACC_T)1 - momentum) * old_mean);
      STORE_OUT(running_var, running_var_off + c, momentum * unbiased + ((ACC_T)1 - momentum) * old_var);
    }
  }
}

// out = (x - mean[c]) * invstd[c] * weight[c] + bias[c]: a work-item per plane (n, c) of
// `spatial` elements (`planes` of them).
__kernel void batch_norm_apply(
    __global OUT_T *out, ulong out_off, __global const IN_T *in, ulong in_off,
    __global const ACC_T *mean, ulong mean_off, __global const ACC_T *invstd, ulong invstd_off,
    __global const IN_T *weight, ulong weight_off, __global const IN_T *bias, ulong bias_off,
    int has_weight, int has_bias, long channels, long spatial, ulong planes) {
  const ulong plane = get_global_id(0);
  if (plane >= planes) return;
  const long c = plane % channels;
  const ACC_T m = mean[mean_off + c];
  const ACC_T s = invstd[invstd_off + c];
  const ACC_T w = has_weight ? LOAD_IN(weight, weight_off + c) : (ACC_T)1;
  const ulong first = plane * spatial;
  if (has_bias) {
    const ACC_T b = LOAD_IN(bias, bias_off + c);
    for (long k = 0; k < spatial; ++k) {
      STORE_OUT(out, out_off + first + k, (LOAD_IN(in, in_off + first + k) - m) * s * w + b);
    }
  } else {
    for (long k = 0; k < spatial; ++k) {
      STORE_OUT(out, out_off + first + k, (LOAD_IN(in, in_off + first + k) - m) * s * w);
    }
  }
}

// Per channel: sum(dy) and sum(dy * (x - mean)), into sums[c] and sums[channels + c].
__kernel void batch_norm_backward_sums(
    __global ACC_T *sums, ulong sums_off, __global const IN_T *grad, ulong grad_off,
    __global const IN_T *in, ulong in_off, __global const ACC_T *mean, ulong mean_off, long batch,
    long channels, long spatial) {
  __local ACC_T scratch[GROUP];
  const uint lane = get_local_id(0);
  const long c = get_group_id(0);
  const long count = batch * spatial;
  const ACC_T m = mean[mean_off + c];
  ACC_T dy_sum = 0, dy_xmu = 0;
  for (long n = 0; n < batch; ++n) {
    const long plane = (n * channels + c) * spatial;
    for (long k = lane; k < spatial; k += GROUP) {
      const ACC_T dy = LOAD_IN(grad, grad_off + plane + k);
      dy_sum += dy;
      dy_xmu += dy * (LOAD_IN(in, in_off + plane + k) - m);
    }
  }
  GROUP_REDUCE(scratch, dy_sum, ADD);
  GROUP_REDUCE(scratch, dy_xmu, ADD);
  if (lane == 0) {
    sums[sums_off + c] = dy_sum;
    sums[sums_off + channels + c] = dy_xmu;
  }
}

// grad_input. Training: (dy - sum(dy) / M - (x - mean) * invstd^2 * sum(dy (x - mean)) / M) *
// invstd * weight; evaluation (the statistics are constants): dy * invstd * weight. A work-item
// per plane (n, c) of `spatial` elements (`planes` of them).
__kernel void batch_norm_backward_input(
    __global OUT_T *grad_input, ulong grad_input_off, __global const IN_T *grad, ulong grad_off,
    __global const IN_T *in, ulong in_off, __global const ACC_T *mean, ulong mean_off,
    __global const ACC_T *invstd, ulong invstd_off, __global const IN_T *weight, ulong weight_off,
    __global const ACC_T *sums, ulong sums_off, int has_weight, int training, long batch,
    long channels, long spatial, ulong planes) {
  const ulong plane = get_global_id(0);
  if (plane >= planes) return;
  const long c = plane % channels;
  const ACC_T s = invstd[invstd_off + c];
  const ACC_T w = has_weight ? LOAD_IN(weight, weight_off + c) : (ACC_T)1;
  const ulong first = plane * spatial;
  if (training) {
    const ACC_T count = (ACC_T)(batch * spatial);
    const ACC_T m = mean[mean_off + c];
    const ACC_T dy_mean = sums[sums_off + c] / count;
    const ACC_T projection = sums[sums_off + channels + c] * s * s / count;
    for (long k = 0; k < spatial; ++k) {
      const ACC_T dy = LOAD_IN(grad, grad_off + first + k);
      const ACC_T xmu = LOAD_IN(in, in_off + first + k) - m;
      STORE_OUT(grad_input, grad_input_off + first + k, (dy - dy_mean - xmu * projection) * s * w);
    }
  } else {
    for (long k = 0; k < spatial; ++k) {
      const ACC_T dy = LOAD_IN(grad, grad_off + first + k);
      STORE_OUT(grad_input, grad_input_off + first + k, dy * s * w);
    }
  }
}

// Layer norm over the rows of a contiguous [rows, inner] input: the mean and the biased variance
// (two passes), rstd = 1 / sqrt(variance + eps), and out = (x - mean) * rstd * weight + bias,
// weight and bias having `inner` elements; then its input gradient: with g = dy * weight and
// xhat = (x - mean) * rstd, dx = rstd * (g - mean(g) - xhat * mean(g * xhat)). Rows as softmax
// takes them (ROW_START): a work-group per row, or a work-item per row where ROW_LANES is 1 (a
// CPU, where a barrier is a pass over the group). There float32 goes 8 elements at a time, with
// the same sums in the same order as a group of 8: lane l of the vector holds what work-item l
// holds.
#define LAYER_NORM_PARAMS                                                                       \
  __global OUT_T *out, ulong out_off, __global OUT_T *mean_out, ulong mean_off,                 \
      __global OUT_T *rstd_out, ulong rstd_off, __global const IN_T *in, ulong in_off,          \
      __global const IN_T *weight, ulong weight_off, __global const IN_T *bias, ulong bias_off, \
      int has_weight, int has_bias, long inner, ACC_T eps, ulong rows
#define LAYER_NORM_BACKWARD_PARAMS                                                              \
  __global OUT_T *grad_input, ulong grad_input_off, __global const IN_T *grad, ulong grad_off,  \
      __global const IN_T *in, ulong in_off, __global const IN_T *mean, ulong mean_off,         \
      __global const IN_T *rstd, ulong rstd_off, __global const IN_T *weight, ulong weight_off, \
      int has_weight, long inner, ulong rows

#if ROW_LANES == 1 && IN_TYPE == TYPE_FLOAT && OUT_TYPE == TYPE_FLOAT
// The elements of a row past its last whole 8, in the lanes they would take, the others 0.
inline float8 rest_of_row(__global const float *row, long whole, long inner) {
  float rest[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (long k = whole; k < inner; ++k) rest[k - whole] = row[k];
  return vload8(0, rest);
}

__kernel void layer_norm(LAYER_NORM_PARAMS) {
  const ulong row = get_global_id(0);
  if (row >= rows) return;
  __global const float *x = in + in_off + row * inner;
  __global const float *w = weight + weight_off;
  __global const float *b = bias + bias_off;
  __global float *y = out + out_off + row * inner;
  const long whole = inner / 8 * 8;
  const long rest = inner - whole;
  float8 total8 = 0;
  for (long k = 0; k < whole; k += 8) total8 += vload8(0, x + k);
  if (rest > 0) total8 += rest_of_row(x, whole, inner);
  const float mean = sum_of8(total8) / (float)inner;
  float8 squares8 = 0;
  for (long k = 0; k < whole; k += 8) {
    const float8 d = vload8(0, x + k) - mean;
    squares8 += d * d;
  }
  if (rest > 0) {
    const float8 d = rest_of_row(x, whole, inner) - mean;
    squares8 += select((float8)0, d * d, (int8)(0, 1, 2, 3, 4, 5, 6, 7) < (int8)rest);
  }
  const float rstd = 1.0f / sqrt(sum_of8(squares8) / (float)inner + eps);
  for (long k = 0; k < whole; k += 8) {
    float8 value = (vload8(0, x + k) - mean) * rstd;
    if (has_weight) value *= vload8(0, w + k);
    if (has_bias) value += vload8(0, b + k);
    vstore8(value, 0, y + k);
  }
  for (long k = whole; k < inner; ++k) {
    float value = (x[k] - mean) * rstd;
    if (has_weight) value *= w[k];
    if (has_bias) value += b[k];
    y[k] = value;
  }
  mean_out[mean_off + row] = mean;
  rstd_out[rstd_off + row] = rstd;
}

__kernel void layer_norm_backward(LAYER_NORM_BACKWARD_PARAMS) {
  const ulong row = get_global_id(0);
  if (row >= rows) return;
  __global const float *dy = grad + grad_off + row * inner;
  __global const float *x = in + in_off + row * inner;
  __global const float *w = weight + weight_off;
  __global float *dx = grad_input + grad_input_off + row * inner;
  const float m = mean[mean_off + row];
  const float r = rstd[rstd_off + row];
  const long whole = inner / 8 * 8;
  float8 g_sum8 = 0, gx_sum8 = 0;
  for (long k = 0; k < whole; k += 8) {
    const float8 g = has_weight ? vload8(0, dy + k) * vload8(0, w + k) : vload8(0, dy + k);
    g_sum8 += g;
    gx_sum8 += g * (vload8(0, x + k) - m) * r;
  }
  if (inner > whole) {
    const float8 g = has_weight ? rest_of_row(dy, whole, inner) * rest_of_row(w, whole, inner)
                                : rest_of_row(dy, whole, inner);
    g_sum8 += g;
    gx_sum8 += g * (rest_of_row(x, whole, inner) - m) * r;
  }
  const float g_sum = sum_of8(g_sum8), gx_sum = sum_of8(gx_sum8);
  for (long k = 0; k < whole; k += 8) {
    const float8 g = has_weight ? vload8(0, dy + k) * vload8(0, w + k) : vload8(0, dy + k);
    const float8 xhat = (vload8(0, x + k) - m) * r;
    vstore8(r * (g - g_sum / (float)inner - xhat * gx_sum / (float)inner), 0, dx + k);
  }
  for (long k = whole; k < inner; ++k) {
    const float g = has_weight ? dy[k] * w[k] : dy[k];
    const float xhat = (x[k] - m) * r;
    dx[k] = r * (g - g_sum / (float)inner - xhat * gx_sum / (float)inner);
  }
}
#else
__kernel void layer_norm(LAYER_NORM_PARAMS) {
  ROW_START
  ACC_T total = 0;
  for (ulong k = first; k < inner; k += step) total += LOAD_IN(in, in_off + base + k);
  ROW_REDUCE(total, ADD);
  const ACC_T mean = total / (ACC_T)inner;
  ACC_T squares = 0;
  for (ulong k = first; k < inner; k += step) {
    const ACC_T d = LOAD_IN(in, in_off + base + k) - mean;
    squares += d * d;
  }
  ROW_REDUCE(squares, ADD);
  const ACC_T rstd = (ACC_T)1 / sqrt(squares / (ACC_T)inner + eps);
  for (ulong k = first; k < inner; k += step) {
    ACC_T value = (LOAD_IN(in, in_off + base + k) - mean) * rstd;
    if (has_weight) value *= LOAD_IN(weight, weight_off + k);
    if (has_bias) value += LOAD_IN(bias, bias_off + k);
    STORE_OUT(out, out_off + base + k, value);
  }
  if (first == 0) {
    STORE_OUT(mean_out, mean_off + row, mean);
    STORE_OUT(rstd_out, rstd_off + row, rstd);
  }
}

__kernel void layer_norm_backward(LAYER_NORM_BACKWARD_PARAMS) {
  ROW_START
  const ACC_T m = LOAD_IN(mean, mean_off + row);
  const ACC_T r = LOAD_IN(rstd, rstd_off + row);
  ACC_T g_sum = 0, gx_sum = 0;
  for (ulong k = first; k < inner; k += step) {
    const ACC_T g = LOAD_IN(grad, grad_off + base + k) *
                    (has_weight ? LOAD_IN(weight, weight_off + k) : (ACC_T)1);
    g_sum += g;
    gx_sum += g * (LOAD_IN(in, in_off + base + k) - m) * r;
  }
  ROW_REDUCE(g_sum, ADD);
  ROW_REDUCE(gx_sum, ADD);
  for (ulong k = first; k < inner; k += step) {
    const ACC_T g = LOAD_IN(grad, grad_off + base + k) *
                    (has_weight ? LOAD_IN(weight, weight_off + k) : (ACC_T)1);
    const ACC_T xhat = (LOAD_IN(in, in_off + base + k) - m) * r;
    STORE_OUT(
        grad_input, grad_input_off + base + k,
        r * (g - g_sum / (ACC_T)inner - xhat * gx_sum / (ACC_T)inner));
  }
}
#endif

// Its parameters' gradients over a part of the rows: sums[part, 0, j] = the sum over the part's
// rows r of grad[r, j] * xhat[r, j] (the weight's), sums[part, 1, j] = the sum of grad[r, j] (the
// bias's); the host adds the parts. A work-item per column of a part.
__kernel void layer_norm_parameter_grads(
    __global ACC_T *sums, ulong sums_off, __global const IN_T *grad, ulong grad_off,
    __global const IN_T *in, ulong in_off, __global const IN_T *mean, ulong mean_off,
    __global const IN_T *rstd, ulong rstd_off, long rows, long inner, long part_rows) {
  const long column = get_global_id(0);
  if (column >= inner) return;
  const long part = get_global_id(1);
  const long last = min(rows, (part + 1) * part_rows);
  ACC_T weight_sum = 0, bias_sum = 0;
  for (long row = part * part_rows; row < last; ++row) {
    const ACC_T g = LOAD_IN(grad, grad_off + row * inner + column);
    const ACC_T xhat = (LOAD_IN(in, in_off + row * inner + column) - LOAD_IN(mean, mean_off + row)) *
                       LOAD_IN(rstd, rstd_off + row);
    weight_sum += g * xhat;
    bias_sum += g;
  }
  sums[sums_off + 2 * part * inner + column] = weight_sum;
  sums[sums_off + (2 * part + 1) * inner + column] = bias_sum;
}

// embedding's backward: grad_weight[w][d] sums grad[i][d] over the positions i whose index is w
// (none for padding_idx), in order of i, divided by that count if scale_grad_by_freq.
//
// embedding_positions, one work-item: the positions grouped by their index, a stable counting
// sort, so that each row of grad_weight can read its own positions: positions[starts[w] ..
// starts[w + 1]) are those of index w, in order (`cursor` is scratch of num_weights). Serial, but
// O(count + num_weights), where every row scanning every index was O(count * num_weights): 0.7
// ms for a 1,000-row table and 512 positions, and quadratic in a real vocabulary.
__kernel void embedding_positions(
    __global long *starts, ulong starts_off, __global long *cursor, ulong cursor_off,
    __global long *positions, ulong positions_off, __global const long *indices,
    ulong indices_off, long count, long num_weights, long padding_idx) {
  starts += starts_off;
  cursor += cursor_off;
  positions += positions_off;
  indices += indices_off;
  for (long w = 0; w <= num_weights; ++w) starts[w] = 0;
  for (long i = 0; i < count; ++i) {
    const long w = indices[i];
    if (w >= 0 && w < num_weights && w != padding_idx) ++starts[w + 1];
  }
  for (long w = 0; w < num_weights; ++w) {
    starts[w + 1] += starts[w];
    cursor[w] = starts[w];
  }
  for (long i = 0; i < count; ++i) {
    const long w = indices[i];
    if (w >= 0 && w < num_weights && w != padding_idx) positions[cursor[w]++] = i;
  }
}

// Then a work-item per span of ROW_SPAN elements of a row (`spans` per row, `total` in all), over
// its row's positions; no two work-items write one element, so the result does not depend on
// timing.
__kernel void embedding_backward(
    __global OUT_T *grad_weight, ulong grad_weight_off, __global const IN_T *grad, ulong grad_off,
    __global const long *starts, ulong starts_off, __global const long *positions,
    ulong positions_off, long dim, int scale_by_frequency, ulong total) {
  const ulong at = get_global_id(0);
  if (at >= total) return;
  const long spans = (dim + ROW_SPAN - 1) / ROW_SPAN;
  const long w = at / spans;
  const long d0 = (at % spans) * ROW_SPAN;
  const long width = min((long)ROW_SPAN, dim - d0);
  ACC_T sum[ROW_SPAN];
  for (long k = 0; k < ROW_SPAN; ++k) sum[k] = 0;
  const long first = starts[starts_off + w], last = starts[starts_off + w + 1];
  for (long p = first; p < last; ++p) {
    const ulong row = grad_off + positions[positions_off + p] * dim + d0;
    for (long k = 0; k < width; ++k) sum[k] += LOAD_IN(grad, row + k);
  }
  const long hits = last - first;
  const ulong out = grad_weight_off + w * dim + d0;
  for (long k = 0; k < width; ++k) {
    STORE_OUT(grad_weight, out + k, scale_by_frequency && hits > 0 ? sum[k] / (ACC_T)hits : sum[k]);
  }
}

#endif

// _transform_bias_rescale_qkv: out[which, n, h, t, d] = qkv[n, t, which * E + h * head_size + d]
// + bias[which * E + h * head_size + d] (E = heads * head_size), the query's (which 0) times
// `scale`, in ACC_T and rounded once, as the CPU's kernel does; qkv [N, T, 3 * E] contiguous, out
// [3, N, heads, T, head_size]. A work-item per head (which, n, h) and block of tokens, whose
// rows it copies whole: the loop over d is contiguous on both sides and vectorizes. (A
// work-item per element took 40x the CPU's time, one per (d, head) 6x.)
__kernel void transform_bias_rescale_qkv(
    __global OUT_T *restrict out, ulong out_off, __global const IN_T *restrict qkv, ulong qkv_off,
    __global const IN_T *restrict bias, ulong bias_off, long batch, long tokens, long heads,
    long head_size, ACC_T scale, long tokens_per_item) {
  const long head = get_global_id(0);  // (which * N + n) * heads + h
  const long h = head % heads, n = head / heads % batch, which = head / heads / batch;
  const long embed = heads * head_size;
  const long column = which * embed + h * head_size;
  const ACC_T factor = which == 0 ? scale : (ACC_T)1;
  bias += bias_off + column;
  const long first = get_global_id(1) * tokens_per_item;
  const long last = min(first + tokens_per_item, tokens);
  for (long t = first; t < last; ++t) {
    __global const IN_T *from = qkv + qkv_off + (n * tokens + t) * 3 * embed + column;
    __global OUT_T *to = out + out_off + (head * tokens + t) * head_size;
    for (long d = 0; d < head_size; ++d) {
      STORE_OUT(to, d, (LOAD_IN(from, d) + LOAD_IN(bias, d)) * factor);
    }
  }
}
