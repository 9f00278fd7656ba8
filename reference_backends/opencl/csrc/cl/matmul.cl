// Matrix products of ocl (after types.cl): C = alpha * A @ B + beta * C for a batch of matrices
// of any strides (transposed and expanded views need no copies). A work-group of RTS x RTS items
// computes a TS x TS tile of C, each item a WPT x WPT block of it in registers, its columns RTS
// apart so that neighbouring items read neighbouring elements of B. Operands are read straight
// from global memory: on PoCL's CPU devices that measured 1.3 to 1.9x faster than staging tiles
// in local memory (which a CPU does not have), see benchmarks/README.md.
//
// beta == 0 ignores C's previous contents (NaN included), as PyTorch does.

#define TS 64
#define WPT 4
#define RTS (TS / WPT)

__kernel __attribute__((reqd_work_group_size(RTS, RTS, 1))) void gemm(
    __global OUT_T *c, ulong c_off, __global const IN_T *a, ulong a_off, __global const IN_T *b,
    ulong b_off, long M, long N, long K, long a_rs, long a_cs, long a_bs, long b_rs, long b_cs,
    long b_bs, long c_rs, long c_cs, long c_bs, ACC_T alpha, ACC_T beta) {
  const long row0 = (long)get_group_id(1) * TS + get_local_id(1);
  const long col0 = (long)get_group_id(0) * TS + get_local_id(0);
  const long batch = get_global_id(2);
  a += a_off + batch * a_bs;
  b += b_off + batch * b_bs;
  c += c_off + batch * c_bs;
  ACC_T acc[WPT][WPT];
  for (int i = 0; i < WPT; ++i)
    for (int j = 0; j < WPT; ++j) acc[i][j] = 0;
  for (long k = 0; k < K; ++k) {
    ACC_T b_values[WPT];
    for (int j = 0; j < WPT; ++j) {
      const long gn = col0 + j * RTS;
      b_values[j] = gn < N ? LOAD_IN(b, k * b_rs + gn * b_cs) : (ACC_T)0;
    }
    for (int i = 0; i < WPT; ++i) {
      const long gm = row0 + i * RTS;
      const ACC_T a_value = gm < M ? LOAD_IN(a, gm * a_rs + k * a_cs) : (ACC_T)0;
      for (int j = 0; j < WPT; ++j) acc[i][j] += a_value * b_values[j];
    }
  }
  for (int i = 0; i < WPT; ++i) {
    const long gm = row0 + i * RTS;
    if (gm >= M) continue;
    for (int j = 0; j < WPT; ++j) {
      const long gn = col0 + j * RTS;
      if (gn >= N) continue;
      const long at = gm * c_rs + gn * c_cs;
      ACC_T value = alpha * acc[i][j];
      if (beta != (ACC_T)0) value += beta * LOAD_IN(c, at);
      STORE_OUT(c, at, value);
    }
  }
}

#if IN_TYPE == TYPE_FLOAT && OUT_TYPE == TYPE_FLOAT && defined(BLOCK_ROWS)
// The float32 product for a CPU's vector units (PoCL): each work-item computes a BLOCK_ROWS x
// (2 * VW) block of C in 2 * BLOCK_ROWS vector registers of VW floats, the way a BLAS micro-kernel
// does; gemm_blocks_wide a BLOCK_ROWS x (3 * VW) block, where the register file holds it. Per step
// of k it loads 2 (or 3) vectors of a row of B and broadcasts BLOCK_ROWS values of a column of
// A. opencl/matmul.cpp chooses VW (the device's native float vector width), BLOCK_ROWS and the
// width so that the accumulators fit the register file.
// - B's rows are contiguous and padded to whole blocks (the host packs B when they are not), so
//   that loads never test a bound; columns of C past N are computed and not stored.
// - A may have any strides; rows past M read row M - 1 and are not stored.
// - Work-items along dimension 0 share one column block of B, so consecutive ones find it in
//   cache.
// - C = alpha * A @ B + beta * S, S read through strides of its own with contiguous rows: C
//   itself, or addmm's bias with a row stride of 0, added as C is stored rather than copied into
//   C first.
#define PASTE(a, b) a##b
#define VECTOR(a, b) PASTE(a, b)
#define VEC VECTOR(float, VW)
#define VLOAD VECTOR(vload, VW)
#define VSTORE VECTOR(vstore, VW)
#define BLOCK_COLS (2 * VW)

// The work of a work-item of gemm_blocks, `wide` a constant where it is inlined: the third
// vector's code goes where it is not (accumulators in an array indexed by the vector's number
// stayed in memory).
#define GEMM_BLOCKS_PARAMS                                                                        \
  __global float *c, ulong c_off, __global const float *a, ulong a_off, __global const float *b, \
      ulong b_off, long M, long N, long K, long a_rs, long a_cs, long a_bs, long b_rs, long b_bs, \
      long c_rs, long c_bs, float alpha, float beta, __global const float *s, ulong s_off,       \
      long s_rs, long s_bs
#define GEMM_BLOCKS_ARGS                                                                        \
  c, c_off, a, a_off, b, b_off, M, N, K, a_rs, a_cs, a_bs, b_rs, b_bs, c_rs, c_bs, alpha, beta, \
      s, s_off, s_rs, s_bs

__attribute__((always_inline)) inline void gemm_block(GEMM_BLOCKS_PARAMS, const bool wide) {
  const long block_cols = (wide ? 3 : 2) * VW;
  const long row0 = (long)get_global_id(0) * BLOCK_ROWS;
  const long col0 = (long)get_global_id(1) * block_cols;
  const long batch = get_global_id(2);
  __global const float *a_k = a + a_off + batch * a_bs;
  __global const float *b_row = b + b_off + batch * b_bs + col0;
  c += c_off + batch * c_bs + row0 * c_rs + col0;
  s += s_off + batch * s_bs + row0 * s_rs + col0;
  long a_row[BLOCK_ROWS];
  VEC acc0[BLOCK_ROWS], acc1[BLOCK_ROWS], acc2[BLOCK_ROWS];
#pragma unroll
  for (int i = 0; i < BLOCK_ROWS; ++i) {
    a_row[i] = min(row0 + i, M - 1) * a_rs;
    acc0[i] = acc1[i] = acc2[i] = 0;
  }
  for (long k = 0; k < K; ++k) {
    const VEC b_0 = VLOAD(0, b_row), b_1 = VLOAD(0, b_row + VW);
    const VEC b_2 = wide ? VLOAD(0, b_row + 2 * VW) : 0;
#pragma unroll
    for (int i = 0; i < BLOCK_ROWS; ++i) {
      const VEC a_i = (VEC)(a_k[a_row[i]]);
      acc0[i] = fma(a_i, b_0, acc0[i]);
      acc1[i] = fma(a_i, b_1, acc1[i]);
      if (wide) acc2[i] = fma(a_i, b_2, acc2[i]);
    }
    a_k += a_cs;
    b_row += b_rs;
  }
  const long width = min(N - col0, block_cols);
#pragma unroll
  for (int i = 0; i < BLOCK_ROWS; ++i) {
    if (row0 + i < M) {
      __global float *c_row = c + i * c_rs;
      __global const float *s_row = s + i * s_rs;
      VEC v_0 = alpha * acc0[i], v_1 = alpha * acc1[i], v_2 = alpha * acc2[i];
      if (width == block_cols) {
        if (beta != 0.0f) {
          v_0 += beta * VLOAD(0, s_row);
          v_1 += beta * VLOAD(0, s_row + VW);
          if (wide) v_2 += beta * VLOAD(0, s_row + 2 * VW);
        }
        VSTORE(v_0, 0, c_row);
        VSTORE(v_1, 0, c_row + VW);
        if (wide) VSTORE(v_2, 0, c_row + 2 * VW);
      } else {
        float values[3 * VW];
        VSTORE(v_0, 0, values);
        VSTORE(v_1, 0, values + VW);
        if (wide) VSTORE(v_2, 0, values + 2 * VW);
        for (long j = 0; j < width; ++j) {
          c_row[j] = beta != 0.0f ? values[j] + beta * s_row[j] : values[j];
        }
      }
    }
  }
}

__kernel __attribute__((reqd_work_group_size(1, 1, 1))) void gemm_blocks(GEMM_BLOCKS_PARAMS) {
  gemm_block(GEMM_BLOCKS_ARGS, false);
}

__kernel __attribute__((reqd_work_group_size(1, 1, 1))) void gemm_blocks_wide(
    GEMM_BLOCKS_PARAMS) {
  gemm_block(GEMM_BLOCKS_ARGS, true);
}

// A convolution as a product without columns (an implicit GEMM), on the same blocks as
// gemm_blocks: out[n, m, oh, ow] = bias[m] + the sum over the taps k = (channel, i, j) of
// a[m, k] * xp[n, channel, oh * stride_h + i * dilation_h, ow * stride_w + j * dilation_w], where
// xp is the input zero-padded. The host lays xp out in phases: each channel's kept_h * kept_w
// planes of phase_h x phase_w elements, plane (a, b) holding xp[.., stride_h * u + a,
// stride_w * v + b] at (u, v) (the phases no tap reads, a >= kept_h or b >= kept_w, are left out). Positions q = oh * phase_w + ow run over whole plane rows, so a
// tap reads its plane at q plus an offset, and a block of positions is one contiguous load for
// every tap; positions past out_w in a row are computed and not stored. The host allocates the
// room the last sample's reads run past its planes. With `reversed`, a's columns name the taps
// of each channel last to first: a transposed convolution's order, as a gradient reads them.

// Where tap `tap` of a kernel_h x kernel_w window reads, from the first plane of its channel.
inline long tap_offset(
    int tap, long kernel_w, long stride_h, long stride_w, long dilation_h, long dilation_w,
    long kept_w, long phase_w, long plane) {
  const long y = tap / kernel_w * dilation_h, z = tap % kernel_w * dilation_w;
  return (y % stride_h * kept_w + z % stride_w) * plane + y / stride_h * phase_w + z / stride_w;
}

#ifdef CONV_TAPS
// The work of one work-item of conv_blocks: a block of BLOCK_ROWS output channels by 2 vectors
// of positions, or 3 where `wide` (a constant, as in gemm_block). The window's taps are compiled
// in (CONV_TAPS, one program build per window size), so that the loop over them unrolls with
// each tap's offset fixed for the work-item: ResNet-18's 3x3 convolutions of 64 to 256 channels
// took 11% less time than with the count an argument.
#define CONV_BLOCKS_PARAMS                                                                        \
  __global float *out, ulong out_off, __global const float *a, ulong a_off,                      \
      __global const float *x, ulong x_off, __global const float *bias, ulong bias_off,          \
      int has_bias, int reversed, long M, long a_rs, long channels, long kernel_h, long kernel_w, \
      long stride_h, long stride_w, long dilation_h, long dilation_w, long kept_h, long kept_w,   \
      long phase_h, long phase_w, long x_bs, long out_h, long out_w, long out_hs, long out_ws,    \
      long out_rs, long out_bs, long q_first
#define CONV_BLOCKS_ARGS                                                                      \
  out, out_off, a, a_off, x, x_off, bias, bias_off, has_bias, reversed, M, a_rs, channels,    \
      kernel_h, kernel_w, stride_h, stride_w, dilation_h, dilation_w, kept_h, kept_w, phase_h, \
      phase_w, x_bs, out_h, out_w, out_hs, out_ws, out_rs, out_bs, q_first

__attribute__((always_inline)) inline void conv_block(CONV_BLOCKS_PARAMS, const bool wide) {
  const int block_cols = (wide ? 3 : 2) * VW;
  const long row0 = (long)get_global_id(0) * BLOCK_ROWS;
  const long q0 = q_first + (long)get_global_id(1) * block_cols;
  const long batch = get_global_id(2);
  // Each tap's offset from a channel's first plane.
  const long plane = phase_h * phase_w;
  const int taps = CONV_TAPS;
  long tap_at[CONV_TAPS];
  for (int t = 0; t < taps; ++t) {
    tap_at[t] = tap_offset(
        reversed ? taps - 1 - t : t, kernel_w, stride_h, stride_w, dilation_h, dilation_w, kept_w,
        phase_w, plane);
  }
  __global const float *x_c = x + x_off + batch * x_bs + q0;
  __global const float *a_k = a + a_off;
  long a_row[BLOCK_ROWS];
  VEC acc0[BLOCK_ROWS], acc1[BLOCK_ROWS], acc2[BLOCK_ROWS];
#pragma unroll
  for (int r = 0; r < BLOCK_ROWS; ++r) {
    a_row[r] = min(row0 + r, M - 1) * a_rs;
    acc0[r] = acc1[r] = acc2[r] = 0;
  }
  const long channel_step = kept_h * kept_w * plane;
  for (long channel = 0; channel < channels; ++channel) {
#pragma unroll
    for (int t = 0; t < taps; ++t) {
      __global const float *x_k = x_c + tap_at[t];
      const VEC b_0 = VLOAD(0, x_k), b_1 = VLOAD(0, x_k + VW);
      const VEC b_2 = wide ? VLOAD(0, x_k + 2 * VW) : 0;
#pragma unroll
      for (int r = 0; r < BLOCK_ROWS; ++r) {
        const VEC a_r = (VEC)(a_k[a_row[r]]);
        acc0[r] = fma(a_r, b_0, acc0[r]);
        acc1[r] = fma(a_r, b_1, acc1[r]);
        if (wide) acc2[r] = fma(a_r, b_2, acc2[r]);
      }
      ++a_k;
    }
    x_c += channel_step;
  }
  __global float *out_n = out + out_off + batch * out_bs;
  const long oh0 = q0 / phase_w, ow0 = q0 % phase_w;
  // The common case: the block's positions are consecutive outputs (within one row, or rows
  // without positions in the padding).
  const bool whole =
      out_ws == 1 && oh0 < out_h &&
      (ow0 + block_cols <= out_w ||
       (phase_w == out_w && out_hs == out_w && q0 + block_cols <= out_h * out_w));
  // Otherwise, where each position goes in a plane of out (-1: not an output).
  long at[3 * VW];
  if (!whole) {
    long oh = oh0, ow = ow0;
    for (int p = 0; p < block_cols; ++p) {
      at[p] = oh < out_h && ow < out_w ? oh * out_hs + ow * out_ws : -1;
      if (++ow == phase_w) {
        ow = 0;
        ++oh;
      }
    }
  }
#pragma unroll
  for (int r = 0; r < BLOCK_ROWS; ++r) {
    const long m = row0 + r;
    if (m < M) {
      const float shift = has_bias ? bias[bias_off + m] : 0.0f;
      __global float *out_row = out_n + m * out_rs;
      if (whole) {
        __global float *to = out_row + oh0 * out_hs + ow0;
        VSTORE(acc0[r] + shift, 0, to);
        VSTORE(acc1[r] + shift, 0, to + VW);
        if (wide) VSTORE(acc2[r] + shift, 0, to + 2 * VW);
      } else {
        float values[3 * VW];
        VSTORE(acc0[r] + shift, 0, values);
        VSTORE(acc1[r] + shift, 0, values + VW);
        if (wide) VSTORE(acc2[r] + shift, 0, values + 2 * VW);
        for (int p = 0; p < block_cols; ++p) {
          if (at[p] >= 0) out_row[at[p]] = values[p];
        }
      }
    }
  }
}

// Blocks of 2 vectors of positions; conv_blocks_wide: of 3 (opencl/matmul.cpp chooses per
// convolution, as for products).
__kernel __attribute__((reqd_work_group_size(1, 1, 1))) void conv_blocks(CONV_BLOCKS_PARAMS) {
  conv_block(CONV_BLOCKS_ARGS, false);
}

__kernel __attribute__((reqd_work_group_size(1, 1, 1))) void conv_blocks_wide(
    CONV_BLOCKS_PARAMS) {
  conv_block(CONV_BLOCKS_ARGS, true);
}
#endif

// The weight's gradient of that convolution, on the same blocks: c[part, k, m] = the sum over
// the part's samples n and the output positions (oh, ow) of the padded input's element under tap
// k = (channel, i, j) at (oh, ow) times g[n, oh * out_w + ow, m], g being the output's gradient
// with the positions as rows (contiguous, of a multiple of BLOCK_COLS columns). x is laid out in
// phases as conv_blocks reads it; only output positions are visited, so no read leaves a plane.
// A part is `part_rows` consecutive output rows of the samples one after another (row n * out_h
// + oh), as many as keep the part's g in cache (the host chooses them and sums the parts).
__kernel __attribute__((reqd_work_group_size(1, 1, 1))) void conv_weight_blocks(
    __global float *c, ulong c_off, __global const float *x, ulong x_off,
    __global const float *g, ulong g_off, long K, long N, long batch, long part_rows,
    long kernel_h, long kernel_w, long stride_h, long stride_w, long dilation_h,
    long dilation_w, long kept_h, long kept_w, long phase_h, long phase_w, long x_bs,
    long out_h, long out_w, long g_rs, long g_bs, long c_rs, long c_bs) {
  const long row0 = (long)get_global_id(0) * BLOCK_ROWS;
  const long col0 = (long)get_global_id(1) * BLOCK_COLS;
  const long part = get_global_id(2);
  const long plane = phase_h * phase_w;
  const long taps = kernel_h * kernel_w;
  long x_row[BLOCK_ROWS];
  VEC acc0[BLOCK_ROWS], acc1[BLOCK_ROWS];
#pragma unroll
  for (int r = 0; r < BLOCK_ROWS; ++r) {
    const long k = min(row0 + r, K - 1);
    x_row[r] = k / taps * kept_h * kept_w * plane +
               tap_offset(k % taps, kernel_w, stride_h, stride_w, dilation_h, dilation_w, kept_w,
                          phase_w, plane);
    acc0[r] = acc1[r] = 0;
  }
  const long last = min(batch * out_h, (part + 1) * part_rows);
  for (long row = part * part_rows; row < last; ++row) {
    const long n = row / out_h, oh = row % out_h;
    __global const float *g_row = g + g_off + n * g_bs + oh * out_w * g_rs + col0;
    __global const float *x_q = x + x_off + n * x_bs + oh * phase_w;
    for (long ow = 0; ow < out_w; ++ow) {
      const VEC b_0 = VLOAD(0, g_row), b_1 = VLOAD(0, g_row + VW);
#pragma unroll
      for (int r = 0; r < BLOCK_ROWS; ++r) {
        const VEC a_r = (VEC)(x_q[x_row[r] + ow]);
        acc0[r] = fma(a_r, b_0, acc0[r]);
        acc1[r] = fma(a_r, b_1, acc1[r]);
      }
      g_row += g_rs;
    }
  }
  c += c_off + part * c_bs + row0 * c_rs + col0;
  const long width = min(N - col0, (long)BLOCK_COLS);
#pragma unroll
  for (int r = 0; r < BLOCK_ROWS; ++r) {
    if (row0 + r < K) {
      float values[BLOCK_COLS];
      VSTORE(acc0[r], 0, values);
      VSTORE(acc1[r], 0, values + VW);
      for (long j = 0; j < width; ++j) c[r * c_rs + j] = values[j];
    }
  }
}
#endif
