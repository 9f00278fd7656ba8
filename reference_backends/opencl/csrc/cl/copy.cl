// Copies between any two dtypes, and fills (after types.cl and elementwise_common.cl).

UNARY(copy, x)
KERNEL_PAIR(fill_contiguous, fill_strided, STORE_OUT(out, out_off + io, s0);)

// index_select over a contiguous [outer, size, inner] input: out[o][j][i] = in[o][index[j]][i]
// (indices checked on the host).
__kernel void index_select(
    __global OUT_T *out, ulong out_off, __global const IN_T *in, ulong in_off,
    __global const long *index, ulong index_off, long size, long count, long inner, ulong total) {
  const ulong at = get_global_id(0);
  if (at >= total) return;
  const long i = at % inner;
  const long j = (at / inner) % count;
  const long o = at / (inner * count);
  STORE_OUT(out, out_off + at, LOAD_IN(in, in_off + (o * size + index[index_off + j]) * inner + i));
}
