// Copies between any two dtypes, and fills (after types.cl and elementwise_common.cl).

UNARY(copy, x)

// copy where the output runs along dimension 0 of the iteration and the input along dimension 1
// (a transpose, as .t().contiguous() makes): a work-item per COPY_TILE x COPY_TILE tile of those
// two dimensions at one index of the others, read along the input's rows and written along the
// output's, a cache line at a time each way, where an element-wise walk would read every element
// from another line.
#define COPY_TILE 16

__kernel void copy_tiles(PARAMS) {
  const long size0 = g.sizes[0], size1 = g.sizes[1];
  const long tiles0 = (size0 + COPY_TILE - 1) / COPY_TILE;
  const long tiles = tiles0 * ((size1 + COPY_TILE - 1) / COPY_TILE);
  const ulong id = get_global_id(0);
  ulong rest = id / tiles;
  if (rest >= n / (size0 * size1)) return;
  const long i0 = id % tiles % tiles0 * COPY_TILE, i1 = id % tiles / tiles0 * COPY_TILE;
  ulong io = out_off, ia = a_off;
  for (int d = 2; d < g.ndim; ++d) {
    const long index = (long)(rest % g.sizes[d]);
    rest /= g.sizes[d];
    io += index * g.strides[0][d];
    ia += index * g.strides[1][d];
  }
  const long count0 = min((long)COPY_TILE, size0 - i0), count1 = min((long)COPY_TILE, size1 - i1);
  const long in0 = g.strides[1][0], out1 = g.strides[0][1];
  ACC_T tile[COPY_TILE][COPY_TILE];
  for (long y = 0; y < count0; ++y) {
    for (long x = 0; x < count1; ++x) tile[y][x] = LOAD_A(a, ia + (i0 + y) * in0 + i1 + x);
  }
  for (long x = 0; x < count1; ++x) {
    for (long y = 0; y < count0; ++y) STORE_OUT(out, io + i0 + y + (i1 + x) * out1, tile[y][x]);
  }
}
KERNEL_PAIR(fill_contiguous, fill_strided, STORE_OUT(out, out_off + io, s0);)

// index_select over a contiguous [outer, size, inner] input: out[o][j][i] = in[o][index[j]][i], a
// work-item per span of ROW_SPAN elements of a row (o, j) of the output (`spans` per row, `total`
// in all), so that the divisions locating a row are made once per span. An index out of range is
// reported (row 0 is read instead).
__kernel void index_select(
    __global OUT_T *out, ulong out_off, __global const IN_T *in, ulong in_off,
    __global const long *index, ulong index_off, long size, long count, long inner, ulong total,
    __global long *error, long code) {
  const ulong at = get_global_id(0);
  if (at >= total) return;
  const long spans = (inner + ROW_SPAN - 1) / ROW_SPAN;
  const long row = at / spans;
  const long i0 = (at % spans) * ROW_SPAN;
  const long width = min((long)ROW_SPAN, inner - i0);
  long k = index[index_off + row % count];
  if (k < 0 || k >= size) {
    REPORT(error, code | KERNEL_INDEX_OUT_OF_RANGE, k);
    k = 0;
  }
  const ulong from = in_off + (row / count * size + k) * inner + i0;
  const ulong to = out_off + row * inner + i0;
  for (long n = 0; n < width; ++n) STORE_OUT(out, to + n, LOAD_IN(in, from + n));
}

// tril and triu over a contiguous [batch, rows, cols] input, a work-item per row: the elements
// with col - row <= diagonal (tril; >= for triu, where `upper` is set) are copied, the rest are
// 0. `in` and `out` may be the same buffer.
__kernel void triangle(
    __global OUT_T *out, ulong out_off, __global const IN_T *in, ulong in_off, long rows,
    long cols, long diagonal, int upper, ulong total_rows) {
  const ulong at = get_global_id(0);
  if (at >= total_rows) return;
  const long row = at % rows;
  const ulong base = at * cols;
  for (long col = 0; col < cols; ++col) {
    const bool keep = upper ? col - row >= diagonal : col - row <= diagonal;
    STORE_OUT(out, out_off + base + col, keep ? LOAD_IN(in, in_off + base + col) : (ACC_T)0);
  }
}

// arange: out[i] = start + step * i, computed in ACC_T (IN_TYPE is the CPU's accumulation type
// for the output's dtype: double for float where the device has it, float for half and
// bfloat16, long for the integers).
__kernel void arange(__global OUT_T *out, ulong out_off, ACC_T start, ACC_T step, ulong n) {
  const ulong i = get_global_id(0);
  if (i < n) STORE_OUT(out, out_off + i, start + step * (ACC_T)i);
}

// index.Tensor's gather over its TensorIterator (opencl/elementwise.cpp): `a` is self with the
// indexed dimensions' strides 0, b and c the int64 indices (c only when count is 2), which must lie
// in -size..size-1 (an index outside is reported); size0/stride0 and size1/stride1 are the indexed
// dimensions'.
__kernel void index_gather(
    __global OUT_T *out, ulong out_off, __global const IN_T *a, ulong a_off,
    __global const long *b, ulong b_off, __global const long *c, ulong c_off, long size0,
    long stride0, long size1, long stride1, int count, ulong n, Geometry g, __global long *error,
    long code) {
  const ulong i = get_global_id(0);
  if (i >= n) return;
  STRIDED_OFFSETS
  long k0 = b[b_off + ib];
  if (k0 < -size0 || k0 >= size0) {
    REPORT(error, code | KERNEL_INDEX_OUT_OF_RANGE, k0);
    k0 = 0;
  }
  long offset = (k0 < 0 ? k0 + size0 : k0) * stride0;
  if (count > 1) {
    long k1 = c[c_off + ic];
    if (k1 < -size1 || k1 >= size1) {
      REPORT(error, code | KERNEL_INDEX_OUT_OF_RANGE, k1);
      k1 = 0;
    }
    offset += (k1 < 0 ? k1 + size1 : k1) * stride1;
  }
  STORE_OUT(out, out_off + io, LOAD_IN(a, a_off + ia + offset));
}
