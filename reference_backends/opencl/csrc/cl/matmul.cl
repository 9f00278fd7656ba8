// Matrix products of ocl (after types.cl): C = alpha * A @ B + beta * C for a batch of matrices
// of any strides (transposed and expanded views need no copies). A work-group of RTS x RTS items
// computes a TS x TS tile of C, each item a WPT x WPT block of it in registers, stepping through K
// in slices of TK that the group first stages in local memory.
//
// beta == 0 ignores C's previous contents (NaN included), as PyTorch does.

#define TS 64
#define WPT 4
#define RTS (TS / WPT)
#define TK 16

__kernel __attribute__((reqd_work_group_size(RTS, RTS, 1))) void gemm(
    __global OUT_T *c, ulong c_off, __global const IN_T *a, ulong a_off, __global const IN_T *b,
    ulong b_off, long M, long N, long K, long a_rs, long a_cs, long a_bs, long b_rs, long b_cs,
    long b_bs, long c_rs, long c_cs, long c_bs, ACC_T alpha, ACC_T beta) {
  __local ACC_T a_tile[TK][TS];  // [k][row]
  __local ACC_T b_tile[TK][TS];  // [k][column]
  const int tr = get_local_id(1);
  const int tc = get_local_id(0);
  const long row0 = (long)get_group_id(1) * TS;
  const long col0 = (long)get_group_id(0) * TS;
  const long batch = get_global_id(2);
  a += a_off + batch * a_bs;
  b += b_off + batch * b_bs;
  c += c_off + batch * c_bs;

  ACC_T acc[WPT][WPT];
  for (int i = 0; i < WPT; ++i)
    for (int j = 0; j < WPT; ++j) acc[i][j] = 0;

  for (long k0 = 0; k0 < K; k0 += TK) {
    // Each item stages TS * TK / (RTS * RTS) elements of each tile.
    for (int l = 0; l < (TS * TK) / (RTS * RTS); ++l) {
      const int index = l * RTS * RTS + tr * RTS + tc;
      const int am = index / TK, ak = index % TK;
      const long gm = row0 + am, gak = k0 + ak;
      a_tile[ak][am] = gm < M && gak < K ? LOAD_IN(a, gm * a_rs + gak * a_cs) : (ACC_T)0;
      const int bk = index / TS, bn = index % TS;
      const long gbk = k0 + bk, gn = col0 + bn;
      b_tile[bk][bn] = gbk < K && gn < N ? LOAD_IN(b, gbk * b_rs + gn * b_cs) : (ACC_T)0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TK; ++k) {
      ACC_T b_values[WPT];
      for (int j = 0; j < WPT; ++j) b_values[j] = b_tile[k][tc + j * RTS];
      for (int i = 0; i < WPT; ++i) {
        const ACC_T a_value = a_tile[k][tr + i * RTS];
        for (int j = 0; j < WPT; ++j) acc[i][j] += a_value * b_values[j];
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }

  for (int i = 0; i < WPT; ++i) {
    const long gm = row0 + tr + i * RTS;
    if (gm >= M) continue;
    for (int j = 0; j < WPT; ++j) {
      const long gn = col0 + tc + j * RTS;
      if (gn >= N) continue;
      const long at = gm * c_rs + gn * c_cs;
      ACC_T value = alpha * acc[i][j];
      if (beta != (ACC_T)0) value += beta * LOAD_IN(c, at);
      STORE_OUT(c, at, value);
    }
  }
}
