// Reductions of ocl (after types.cl) over the rows of a contiguous [outer, inner] input: the host
// (opencl/reduce.cpp) moves the reduced dimensions last and makes the input contiguous. Each op
// comes in two forms: NAME_wide gives a row to a work-group of GROUP items (a tree in local
// memory, for long rows), NAME_narrow gives a row to one work-item (many short rows).
//
// RACC_TYPE (a TYPE_* code) is the type sums accumulate in: double or float for floating outputs,
// long for integer ones (which wraps as the CPU's int64 accumulation does once stored).

#if RACC_TYPE == TYPE_DOUBLE
#define RACC_T double
#elif RACC_TYPE == TYPE_FLOAT
#define RACC_T float
#else
#define RACC_T long
#endif

#define ROW_PARAMS                                                                \
  __global OUT_T *out, ulong out_off, __global const IN_T *in, ulong in_off, ulong inner, \
      ulong outer

// Sums (sum, mean) --------------------------------------------------------------------------

#define SUM_KERNELS(name, finish)                                             \
  __kernel void name##_narrow(ROW_PARAMS) {                                   \
    const ulong row = get_global_id(0);                                       \
    if (row >= outer) return;                                                 \
    const ulong base = in_off + row * inner;                                  \
    RACC_T acc = 0;                                                           \
    for (ulong k = 0; k < inner; ++k) acc += (RACC_T)LOAD_IN(in, base + k);   \
    STORE_OUT(out, out_off + row, finish);                                    \
  }                                                                           \
  __kernel void name##_wide(ROW_PARAMS) {                                     \
    __local RACC_T partial[GROUP];                                            \
    const ulong row = get_group_id(0);                                        \
    const uint lane = get_local_id(0);                                        \
    const ulong base = in_off + row * inner;                                  \
    RACC_T acc = 0;                                                           \
    for (ulong k = lane; k < inner; k += GROUP) acc += (RACC_T)LOAD_IN(in, base + k); \
    partial[lane] = acc;                                                      \
    for (uint half_size = GROUP / 2; half_size > 0; half_size /= 2) {         \
      barrier(CLK_LOCAL_MEM_FENCE);                                           \
      if (lane < half_size) partial[lane] += partial[lane + half_size];       \
    }                                                                         \
    if (lane == 0) {                                                          \
      acc = partial[0];                                                       \
      STORE_OUT(out, out_off + row, finish);                                  \
    }                                                                         \
  }

// NAME_columns: the sums over the rows of a contiguous [inner, outer] input (the leading
// dimensions reduced, as for a bias's gradient), CHUNK adjacent columns to a work-item: each row's
// elements are read side by side, which vectorizes, where moving the reduced dimension last would
// copy the input. Each column sums its rows in order, as NAME_narrow does.
#define SUM_COLUMN_KERNEL(name, finish)                                           \
  __kernel void name##_columns(ROW_PARAMS) {                                      \
    const ulong first = get_global_id(0) * CHUNK;                                 \
    if (first >= outer) return;                                                   \
    const uint count = (uint)min((ulong)CHUNK, outer - first);                    \
    RACC_T sums[CHUNK];                                                           \
    for (uint c = 0; c < CHUNK; ++c) sums[c] = 0;                                 \
    for (ulong k = 0; k < inner; ++k) {                                           \
      const ulong base = in_off + k * outer + first;                              \
      for (uint c = 0; c < count; ++c) sums[c] += (RACC_T)LOAD_IN(in, base + c);  \
    }                                                                             \
    for (uint c = 0; c < count; ++c) {                                            \
      const RACC_T acc = sums[c];                                                 \
      STORE_OUT(out, out_off + first + c, finish);                                \
    }                                                                             \
  }

SUM_KERNELS(sum, acc)
SUM_COLUMN_KERNEL(sum, acc)
#if RACC_TYPE == TYPE_DOUBLE || RACC_TYPE == TYPE_FLOAT
SUM_KERNELS(mean, acc / (RACC_T)inner)
SUM_COLUMN_KERNEL(mean, acc / (RACC_T)inner)
#endif

// Extremes (amax, amin): a NaN wins, as in PyTorch. Rows are never empty here (the meta
// function refuses that), so every item starts from the row's first element.

#if ACC_IS_FLOAT
#define TAKE_MAX(a, b) (IS_NAN(a) || (a) > (b) ? (a) : (b))
#define TAKE_MIN(a, b) (IS_NAN(a) || (a) < (b) ? (a) : (b))
#else
#define TAKE_MAX(a, b) max((a), (b))
#define TAKE_MIN(a, b) min((a), (b))
#endif

#define EXTREME_KERNELS(name, take)                                           \
  __kernel void name##_narrow(ROW_PARAMS) {                                   \
    const ulong row = get_global_id(0);                                       \
    if (row >= outer) return;                                                 \
    const ulong base = in_off + row * inner;                                  \
    ACC_T acc = LOAD_IN(in, base);                                            \
    for (ulong k = 1; k < inner; ++k) {                                       \
      const ACC_T v = LOAD_IN(in, base + k);                                  \
      acc = take(v, acc);                                                     \
    }                                                                         \
    STORE_OUT(out, out_off + row, acc);                                       \
  }                                                                           \
  __kernel void name##_wide(ROW_PARAMS) {                                     \
    __local ACC_T partial[GROUP];                                             \
    const ulong row = get_group_id(0);                                        \
    const uint lane = get_local_id(0);                                        \
    const ulong base = in_off + row * inner;                                  \
    ACC_T acc = LOAD_IN(in, base);                                            \
    for (ulong k = lane; k < inner; k += GROUP) {                             \
      const ACC_T v = LOAD_IN(in, base + k);                                  \
      acc = take(v, acc);                                                     \
    }                                                                         \
    partial[lane] = acc;                                                      \
    for (uint half_size = GROUP / 2; half_size > 0; half_size /= 2) {         \
      barrier(CLK_LOCAL_MEM_FENCE);                                           \
      if (lane < half_size) {                                                 \
        partial[lane] = take(partial[lane + half_size], partial[lane]);       \
      }                                                                       \
    }                                                                         \
    if (lane == 0) STORE_OUT(out, out_off + row, partial[0]);                 \
  }

EXTREME_KERNELS(amax, TAKE_MAX)
EXTREME_KERNELS(amin, TAKE_MIN)

// argmax and argmin: the index of the first largest (smallest) element; a NaN counts as beyond
// any number, and the first NaN wins.

#if ACC_IS_FLOAT
#define BEATS(v, i, best, best_i, beyond)                             \
  ((IS_NAN(v) && !IS_NAN(best)) || beyond((v), (best)) || \
   (((v) == (best) || (IS_NAN(v) && IS_NAN(best))) && (i) < (best_i)))
#else
#define BEATS(v, i, best, best_i, beyond) \
  (beyond((v), (best)) || ((v) == (best) && (i) < (best_i)))
#endif
#define ABOVE(a, b) ((a) > (b))
#define BELOW(a, b) ((a) < (b))

#define ARG_KERNELS(name, beyond)                                             \
  __kernel void name##_narrow(ROW_PARAMS) {                                   \
    const ulong row = get_global_id(0);                                       \
    if (row >= outer) return;                                                 \
    const ulong base = in_off + row * inner;                                  \
    ACC_T best = LOAD_IN(in, base);                                           \
    long best_i = 0;                                                          \
    for (ulong k = 1; k < inner; ++k) {                                       \
      const ACC_T v = LOAD_IN(in, base + k);                                  \
      if (BEATS(v, (long)k, best, best_i, beyond)) {                          \
        best = v;                                                             \
        best_i = (long)k;                                                     \
      }                                                                       \
    }                                                                         \
    STORE_OUT(out, out_off + row, best_i);                                    \
  }                                                                           \
  __kernel void name##_wide(ROW_PARAMS) {                                     \
    __local ACC_T values[GROUP];                                              \
    __local long indices[GROUP];                                              \
    const ulong row = get_group_id(0);                                        \
    const uint lane = get_local_id(0);                                        \
    const ulong base = in_off + row * inner;                                  \
    ACC_T best = LOAD_IN(in, base);                                           \
    long best_i = 0;                                                          \
    for (ulong k = lane; k < inner; k += GROUP) {                             \
      const ACC_T v = LOAD_IN(in, base + k);                                  \
      if (BEATS(v, (long)k, best, best_i, beyond)) {                          \
        best = v;                                                             \
        best_i = (long)k;                                                     \
      }                                                                       \
    }                                                                         \
    values[lane] = best;                                                      \
    indices[lane] = best_i;                                                   \
    for (uint half_size = GROUP / 2; half_size > 0; half_size /= 2) {         \
      barrier(CLK_LOCAL_MEM_FENCE);                                           \
      if (lane < half_size) {                                                 \
        const ACC_T v = values[lane + half_size];                             \
        const long i = indices[lane + half_size];                             \
        if (BEATS(v, i, values[lane], indices[lane], beyond)) {               \
          values[lane] = v;                                                   \
          indices[lane] = i;                                                  \
        }                                                                     \
      }                                                                       \
    }                                                                         \
    if (lane == 0) STORE_OUT(out, out_off + row, indices[0]);                 \
  }

ARG_KERNELS(argmax, ABOVE)
ARG_KERNELS(argmin, BELOW)

// all and any: whether every (some) element is nonzero, NaN included; an empty row gives 1 (0).

#define ALL_OF(a, b) ((a) && (b))
#define ANY_OF(a, b) ((a) || (b))

#define LOGICAL_KERNELS(name, empty, combine)                                 \
  __kernel void name##_narrow(ROW_PARAMS) {                                   \
    const ulong row = get_global_id(0);                                       \
    if (row >= outer) return;                                                 \
    const ulong base = in_off + row * inner;                                  \
    int acc = empty;                                                          \
    for (ulong k = 0; k < inner; ++k) acc = combine(acc, LOAD_IN(in, base + k) != 0); \
    STORE_OUT(out, out_off + row, acc);                                       \
  }                                                                           \
  __kernel void name##_wide(ROW_PARAMS) {                                     \
    __local int partial[GROUP];                                               \
    const ulong row = get_group_id(0);                                        \
    const uint lane = get_local_id(0);                                        \
    const ulong base = in_off + row * inner;                                  \
    int acc = empty;                                                          \
    for (ulong k = lane; k < inner; k += GROUP) acc = combine(acc, LOAD_IN(in, base + k) != 0); \
    partial[lane] = acc;                                                      \
    for (uint half_size = GROUP / 2; half_size > 0; half_size /= 2) {         \
      barrier(CLK_LOCAL_MEM_FENCE);                                           \
      if (lane < half_size) partial[lane] = combine(partial[lane], partial[lane + half_size]); \
    }                                                                         \
    if (lane == 0) STORE_OUT(out, out_off + row, partial[0]);                 \
  }

LOGICAL_KERNELS(all, 1, ALL_OF)
LOGICAL_KERNELS(any, 0, ANY_OF)
