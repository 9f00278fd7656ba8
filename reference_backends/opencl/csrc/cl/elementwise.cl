// Elementwise kernels of ocl (after types.cl): one output, up to three inputs, each op in two
// forms. NAME_contiguous runs where every tensor operand is contiguous over the whole range;
// NAME_strided walks any sizes and strides (broadcast dimensions have stride 0), so views, storage
// offsets and expanded inputs need no copies. The host side is opencl/elementwise.cpp; it hands
// the iteration space of a TensorIterator over as a Geometry.
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

#define PARAMS                                                                            \
  __global OUT_T *out, ulong out_off, __global const A_T *a, ulong a_off,                   \
      __global const B_T *b, ulong b_off, __global const C_T *c, ulong c_off,              \
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

// Defines NAME_contiguous and NAME_strided. Callers paste the names themselves: an op named like
// a built-in function (exp, log, sqrt) may be a macro of the OpenCL headers, and an argument that
// is pasted is never expanded.
#define KERNEL_PAIR(contiguous_name, strided_name, body)       \
  __kernel void contiguous_name(PARAMS) {                      \
    const ulong i = get_global_id(0);                         \
    if (i >= n) return;                                       \
    CONTIGUOUS_OFFSETS                                        \
    body                                                      \
  }                                                           \
  __kernel void strided_name(PARAMS) {                         \
    const ulong i = get_global_id(0);                         \
    if (i >= n) return;                                       \
    STRIDED_OFFSETS                                           \
    body                                                      \
  }

#define UNARY(name, expr) \
  KERNEL_PAIR(name##_contiguous, name##_strided, const ACC_T x = X; STORE_OUT(out, out_off + io, (expr));)
#define BINARY(name, expr)                                                  \
  KERNEL_PAIR(name##_contiguous, name##_strided, const ACC_T x = X; const ACC_T y = Y;    \
              STORE_OUT(out, out_off + io, (expr));)
#define TERNARY(name, expr)                                                      \
  KERNEL_PAIR(name##_contiguous, name##_strided, const ACC_T x = X; const ACC_T y = Y;         \
              const ACC_T z = Z; STORE_OUT(out, out_off + io, (expr));)

// Every dtype.
UNARY(copy, x)
KERNEL_PAIR(fill_contiguous, fill_strided, STORE_OUT(out, out_off + io, s0);)
UNARY(neg, -x)
UNARY(relu, x < 0 ? (ACC_T)0 : x)  // NaN stays NaN, as with clamp_min
BINARY(add, x + s0 * y)
BINARY(sub, x - s0 * y)
BINARY(mul, x * y)
BINARY(eq, x == y)
BINARY(ne, x != y)
BINARY(lt, x < y)
BINARY(le, x <= y)
BINARY(gt, x > y)
BINARY(ge, x >= y)
// threshold_backward's iterator holds (self, grad): the gradient passes where self > threshold.
BINARY(threshold_backward, x <= s0 ? (ACC_T)0 : y)
BINARY(mse, (x - y) * (x - y))
TERNARY(addcmul, x + s0 * y * z)
TERNARY(mse_backward, s0 * (x - y) * z)
// where: the condition (bool) comes first.
TERNARY(where, x != 0 ? y : z)

#if ACC_IS_FLOAT
// NaN in either operand gives NaN, as torch.maximum/minimum do.
BINARY(maximum, isnan(x) || isnan(y) ? x + y : fmax(x, y))
BINARY(minimum, isnan(x) || isnan(y) ? x + y : fmin(x, y))
UNARY(abs, fabs(x))
UNARY(sigmoid, (ACC_T)1 / ((ACC_T)1 + exp(-x)))
UNARY(tanh, tanh(x))
UNARY(exp, exp(x))
UNARY(log, log(x))
UNARY(sqrt, sqrt(x))
UNARY(rsqrt, rsqrt(x))
UNARY(reciprocal, (ACC_T)1 / x)
UNARY(sin, sin(x))
UNARY(cos, cos(x))
UNARY(silu, x / ((ACC_T)1 + exp(-x)))
UNARY(gelu, (ACC_T)0.5 * x * ((ACC_T)1 + erf(x * (ACC_T)SQRT1_2)))
BINARY(div, x / y)
BINARY(sigmoid_backward, x * ((ACC_T)1 - y) * y)
BINARY(tanh_backward, x * ((ACC_T)1 - y * y))
BINARY(silu_backward,
       x * ((ACC_T)1 / ((ACC_T)1 + exp(-y))) *
           ((ACC_T)1 + y * ((ACC_T)1 - (ACC_T)1 / ((ACC_T)1 + exp(-y)))))
BINARY(gelu_backward,
       x * ((ACC_T)0.5 * ((ACC_T)1 + erf(y * (ACC_T)SQRT1_2)) +
            y * exp((ACC_T)-0.5 * y * y) * (ACC_T)GELU_KAPPA))
// lerp as ATen computes it: from the nearer end, so that weight 1 gives `end` exactly.
BINARY(lerp_scalar, fabs(s0) < (ACC_T)0.5 ? x + s0 * (y - x) : y - (y - x) * ((ACC_T)1 - s0))
TERNARY(lerp_tensor, fabs(z) < (ACC_T)0.5 ? x + z * (y - x) : y - (y - x) * ((ACC_T)1 - z))
TERNARY(addcdiv, x + s0 * y / z)
#else
BINARY(maximum, max(x, y))
BINARY(minimum, min(x, y))
UNARY(abs, x < 0 ? -x : x)
#endif
