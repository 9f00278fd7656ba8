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
