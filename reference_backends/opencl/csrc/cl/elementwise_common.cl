// What the elementwise kernels share (after types.cl; elementwise.cl and copy.cl define the
// kernels): one output, up to three inputs, each op in two forms. NAME_contiguous runs where every tensor operand is contiguous over the whole range;
// NAME_strided walks any sizes and strides (broadcast dimensions have stride 0), so views, storage
// offsets and expanded inputs need no copies. The host side is opencl/elementwise.cpp; it hands
// the iteration space of a TensorIterator over as a Geometry.
//
// copy and fill, which every pair of dtypes meets, live in a program of their own (copy.cl), so
// that a new pair of dtypes compiles two kernels, not all of them.
//
// Inputs are of A_T, B_T and C_T, converted on loading to ACC_T, the arithmetic type of IN_TYPE
// (the op's common dtype: TensorIterator leaves the conversion to the kernel on devices other
// than the CPU); the output is of OUT_T. An input may instead be a scalar from the CPU (a Python number, a 0-dim CPU
// tensor): bit k of `scalars` says input k is, and its value comes in k_value. s0 and s1 are the
// op's own scalar arguments (alpha, value, threshold, weight, norm).

#define MAX_DIMS 8

#if IN_TYPE == TYPE_DOUBLE
#define SQRT1_2 M_SQRT1_2
#define GELU_KAPPA (M_2_SQRTPI * M_SQRT1_2 * 0.5)  // 1 / sqrt(2 pi)
#else
#define SQRT1_2 M_SQRT1_2_F
#define GELU_KAPPA (M_2_SQRTPI_F * M_SQRT1_2_F * 0.5f)
#endif

// The iteration space, innermost dimension first, and each operand's strides in elements along
// it: operand 0 is the output, 1 to 3 the inputs.
typedef struct {
  long sizes[MAX_DIMS];
  long strides[4][MAX_DIMS];
  int ndim;
} Geometry;

// The pointers are restrict: TensorIterator refuses an output that overlaps an input other than
// exactly (x.add_(y) writes element i where it read it), and without restrict the compiler's
// loops check for overlap at run time and take their scalar path for in-place ops (add_ of 1.6M
// floats: 0.46 ms, against 0.10 ms).
#define PARAMS                                                                            \
  __global OUT_T *restrict out, ulong out_off, __global const A_T *restrict a, ulong a_off, \
      __global const B_T *restrict b, ulong b_off, __global const C_T *restrict c, ulong c_off, \
      ACC_T a_value, ACC_T b_value, ACC_T c_value, uint scalars, ACC_T s0, ACC_T s1, ulong n, \
      Geometry g

#define X ((scalars & 1u) ? a_value : LOAD_A(a, a_off + ia))
#define Y ((scalars & 2u) ? b_value : LOAD_B(b, b_off + ib))
#define Z ((scalars & 4u) ? c_value : LOAD_C(c, c_off + ic))

// The element offsets of linear index i in each operand.
#define STRIDED_OFFSETS                               \
  ulong io = 0, ia = 0, ib = 0, ic = 0;               \
  {                                                   \
    ulong rest = i;                                   \
    for (int d = 0; d < g.ndim; ++d) {                \
      const long index = (long)(rest % g.sizes[d]);   \
      rest /= g.sizes[d];                             \
      io += index * g.strides[0][d];                  \
      ia += index * g.strides[1][d];                  \
      ib += index * g.strides[2][d];                  \
      ic += index * g.strides[3][d];                  \
    }                                                 \
  }

#define CONTIGUOUS_OFFSETS ulong io = i, ia = i, ib = i, ic = i;

// Defines NAME_contiguous and NAME_strided. A work-item of either takes CHUNK elements in a row
// (elementwise_chunk in opencl/programs.h). NAME_strided (g.ndim >= 1: the host runs the
// contiguous form otherwise) splits only its first element's index into coordinates (divisions);
// it walks each stretch of the innermost dimension as a loop of its own, with no test for the
// end of a row per element, and carries into the outer dimensions between stretches (a bias
// added to 512 rows of 1000: 510 -> 140 us; a transposed 724x724 input 607 -> 310 us; rows of 3
// elements about 8% slower). Callers paste the names themselves: an op named
// like a built-in function (exp, log, sqrt) may be a macro of the OpenCL headers, and an argument
// that is pasted is never expanded.
#define KERNEL_PAIR(contiguous_name, strided_name, body)       \
  CONTIGUOUS_KERNEL(contiguous_name, body)                     \
  STRIDED_KERNEL(strided_name, body)
#define CONTIGUOUS_KERNEL(contiguous_name, body)               \
  __kernel void contiguous_name(PARAMS) {                      \
    const ulong first = get_global_id(0) * CHUNK;             \
    if (first + CHUNK <= n) {                                 \
      for (ulong i = first; i < first + CHUNK; ++i) {         \
        CONTIGUOUS_OFFSETS                                    \
        body                                                  \
      }                                                       \
    } else {                                                  \
      for (ulong i = first; i < n; ++i) {                     \
        CONTIGUOUS_OFFSETS                                    \
        body                                                  \
      }                                                       \
    }                                                         \
  }
#define STRIDED_KERNEL(strided_name, body)                     \
  __kernel void strided_name(PARAMS) {                         \
    const ulong first = get_global_id(0) * CHUNK;             \
    if (first >= n) return;                                   \
    const ulong last = min(first + (ulong)CHUNK, n);          \
    long coordinate[MAX_DIMS];                                \
    ulong ro = 0, ra = 0, rb = 0, rc = 0;                     \
    {                                                         \
      ulong rest = first;                                     \
      for (int d = 0; d < g.ndim; ++d) {                      \
        coordinate[d] = (long)(rest % g.sizes[d]);            \
        rest /= g.sizes[d];                                   \
        ro += coordinate[d] * g.strides[0][d];                \
        ra += coordinate[d] * g.strides[1][d];                \
        rb += coordinate[d] * g.strides[2][d];                \
        rc += coordinate[d] * g.strides[3][d];                \
      }                                                       \
    }                                                         \
    const long so = g.strides[0][0], sa = g.strides[1][0];    \
    const long sb = g.strides[2][0], sc = g.strides[3][0];    \
    for (ulong i = first; i < last;) {                        \
      const ulong run = min(last - i, (ulong)(g.sizes[0] - coordinate[0])); \
      for (ulong j = 0; j < run; ++j) {                       \
        const ulong io = ro + j * so, ia = ra + j * sa;       \
        const ulong ib = rb + j * sb, ic = rc + j * sc;       \
        body                                                  \
      }                                                       \
      i += run;                                               \
      ro += run * so;                                         \
      ra += run * sa;                                         \
      rb += run * sb;                                         \
      rc += run * sc;                                         \
      coordinate[0] += run;                                   \
      if (coordinate[0] < g.sizes[0]) break; /* the last run */ \
      coordinate[0] = 0;                                      \
      ro -= so * g.sizes[0];                                  \
      ra -= sa * g.sizes[0];                                  \
      rb -= sb * g.sizes[0];                                  \
      rc -= sc * g.sizes[0];                                  \
      for (int d = 1; d < g.ndim; ++d) {                      \
        ro += g.strides[0][d];                                \
        ra += g.strides[1][d];                                \
        rb += g.strides[2][d];                                \
        rc += g.strides[3][d];                                \
        if (++coordinate[d] < g.sizes[d]) break;              \
        coordinate[d] = 0;                                    \
        ro -= g.strides[0][d] * g.sizes[d];                   \
        ra -= g.strides[1][d] * g.sizes[d];                   \
        rb -= g.strides[2][d] * g.sizes[d];                   \
        rc -= g.strides[3][d] * g.sizes[d];                   \
      }                                                       \
    }                                                         \
  }

// One element of a unary op: x read at ia, `expr` stored at io.
#define UNARY_BODY(expr) \
  const ACC_T x = X;     \
  STORE_OUT(out, out_off + io, (expr));
#define UNARY(name, expr) KERNEL_PAIR(name##_contiguous, name##_strided, UNARY_BODY(expr))
// A float32 unary op whose contiguous form computes `expr` 8 elements at a time, x a float8: the
// vector forms of OpenCL's builtins, which PoCL has and its loop vectorizer does not call for the
// scalar ones (log of [8, 64, 512]: 1676 -> 156 us, tanh 177 -> 153). `expr` must read as well
// on a float8.
#if IN_TYPE == TYPE_FLOAT && OUT_TYPE == TYPE_FLOAT && A_TYPE == TYPE_FLOAT
#define UNARY_VECTORIZED(name, expr)                                          \
  __kernel void name##_contiguous(PARAMS) {                                   \
    const ulong first = get_global_id(0) * CHUNK;                             \
    if (first >= n) return;                                                   \
    const ulong last = min(first + (ulong)CHUNK, n);                          \
    ulong i = first;                                                          \
    if ((scalars & 1u) == 0) {                                                \
      for (; i + 8 <= last; i += 8) {                                         \
        const float8 x = vload8(0, a + a_off + i);                            \
        vstore8((expr), 0, out + out_off + i);                                \
      }                                                                       \
    }                                                                         \
    for (; i < last; ++i) {                                                   \
      const ulong io = i, ia = i;                                             \
      UNARY_BODY(expr)                                                        \
    }                                                                         \
  }                                                                           \
  STRIDED_KERNEL(name##_strided, UNARY_BODY(expr))
#else
// (Pasted here, not passed on to UNARY, which would expand a name such as tanh first.)
#define UNARY_VECTORIZED(name, expr) \
  KERNEL_PAIR(name##_contiguous, name##_strided, UNARY_BODY(expr))
#endif
#define BINARY(name, expr)                                                  \
  KERNEL_PAIR(name##_contiguous, name##_strided, const ACC_T x = X; const ACC_T y = Y;    \
              STORE_OUT(out, out_off + io, (expr));)
#define TERNARY(name, expr)                                                      \
  KERNEL_PAIR(name##_contiguous, name##_strided, const ACC_T x = X; const ACC_T y = Y;         \
              const ACC_T z = Z; STORE_OUT(out, out_off + io, (expr));)

