// The elementwise ops of ocl (after types.cl and elementwise_common.cl). A program holds one op:
// the host defines OP_<name>, so that each compiles only what it runs.

// Every dtype.
#ifdef OP_neg
UNARY(neg, -x)
#endif
#ifdef OP_relu
UNARY(relu, x < 0 ? (ACC_T)0 : x)  // NaN stays NaN, as with clamp_min
#endif
// The bounds come in the operation's dtype; a NaN element stays NaN (a NaN bound stays on the
// host). The lower bound first, as ATen applies them: a min above max gives max.
#ifdef OP_clamp
UNARY(clamp, (x < s0 ? s0 : x) > s1 ? s1 : (x < s0 ? s0 : x))
#endif
#ifdef OP_clamp_min
UNARY(clamp_min, x < s0 ? s0 : x)
#endif
#ifdef OP_clamp_max
UNARY(clamp_max, x > s0 ? s0 : x)
#endif
#ifdef OP_add
BINARY(add, x + s0 * y)
#endif
#ifdef OP_sub
BINARY(sub, x - s0 * y)
#endif
#ifdef OP_mul
BINARY(mul, x * y)
#endif
#ifdef OP_eq
BINARY(eq, x == y)
#endif
#ifdef OP_ne
BINARY(ne, x != y)
#endif
#ifdef OP_lt
BINARY(lt, x < y)
#endif
#ifdef OP_le
BINARY(le, x <= y)
#endif
#ifdef OP_gt
BINARY(gt, x > y)
#endif
#ifdef OP_ge
BINARY(ge, x >= y)
#endif
// threshold_backward's iterator holds (self, grad): the gradient passes where self > threshold.
#ifdef OP_threshold_backward
BINARY(threshold_backward, x <= s0 ? (ACC_T)0 : y)
#endif
#ifdef OP_mse
BINARY(mse, (x - y) * (x - y))
#endif
#ifdef OP_addcmul
TERNARY(addcmul, x + s0 * y * z)
#endif
#ifdef OP_mse_backward
TERNARY(mse_backward, s0 * (x - y) * z)
#endif
// pow with the exponents ATen computes by multiplication (opencl/pow.cpp picks the kernel).
#ifdef OP_square
UNARY(square, x * x)
#endif
#ifdef OP_cube
UNARY(cube, x * x * x)
#endif
// masked_fill_'s iterator holds (self, mask): the value s0 where the mask is set.
#ifdef OP_masked_fill
BINARY(masked_fill, y != 0 ? s0 : x)
#endif
// Logical ops (any dtypes in, any dtype out: 1 or 0).
#ifdef OP_logical_not
UNARY(logical_not, x == 0)
#endif
#ifdef OP_logical_and
BINARY(logical_and, x != 0 && y != 0)
#endif
#ifdef OP_logical_or
BINARY(logical_or, x != 0 || y != 0)
#endif
// where: the condition (bool) comes first.
#ifdef OP_where
TERNARY(where, x != 0 ? y : z)
#endif

#if ACC_IS_FLOAT
// NaN in either operand gives NaN, as torch.maximum/minimum do.
#ifdef OP_maximum
BINARY(maximum, IS_NAN(x) || IS_NAN(y) ? x + y : fmax(x, y))
#endif
#ifdef OP_minimum
BINARY(minimum, IS_NAN(x) || IS_NAN(y) ? x + y : fmin(x, y))
#endif
#ifdef OP_abs
UNARY(abs, fabs(x))
#endif
#ifdef OP_sigmoid
UNARY_VECTORIZED(sigmoid, (ACC_T)1 / ((ACC_T)1 + exp(-x)))
#endif
#ifdef OP_tanh
UNARY_VECTORIZED(tanh, tanh(x))
#endif
#ifdef OP_exp
UNARY_VECTORIZED(exp, exp(x))
#endif
#ifdef OP_log
UNARY_VECTORIZED(log, log(x))
#endif
#ifdef OP_sqrt
UNARY(sqrt, sqrt(x))
#endif
#ifdef OP_rsqrt
UNARY(rsqrt, rsqrt(x))
#endif
#ifdef OP_reciprocal
UNARY(reciprocal, (ACC_T)1 / x)
#endif
#ifdef OP_sin
UNARY(sin, sin(x))
#endif
#ifdef OP_cos
UNARY(cos, cos(x))
#endif
#ifdef OP_silu
UNARY(silu, x / ((ACC_T)1 + exp(-x)))
#endif
#ifdef OP_gelu
UNARY(gelu, (ACC_T)0.5 * x * ((ACC_T)1 + erf(x * (ACC_T)SQRT1_2)))
#endif
#ifdef OP_div
BINARY(div, x / y)
#endif
#ifdef OP_pow
UNARY(pow, pow(x, s0))
#endif
// hardsigmoid and hardswish clamp x + 3 to [0, 6]; a NaN stays NaN (comparisons, not fmin/fmax).
#define RELU6(v) ((v) < 0 ? (ACC_T)0 : (v) > 6 ? (ACC_T)6 : (v))
#ifdef OP_hardsigmoid
UNARY(hardsigmoid, RELU6(x + 3) / 6)
#endif
#ifdef OP_hardswish
UNARY(hardswish, x * RELU6(x + 3) / 6)
#endif
// Their backwards (x: the gradient, y: the input), zero where the clamp is flat.
#ifdef OP_hardsigmoid_backward
BINARY(hardsigmoid_backward, y > -3 && y < 3 ? x * ((ACC_T)1 / 6) : (ACC_T)0)
#endif
#ifdef OP_hardswish_backward
BINARY(hardswish_backward, y <= -3 ? (ACC_T)0 : y < 3 ? x * (y / 3 + (ACC_T)0.5) : x)
#endif
#ifdef OP_inverse_square
UNARY(inverse_square, (ACC_T)1 / (x * x))
#endif
#ifdef OP_isneginf
UNARY(isneginf, isinf(x) && x < 0)
#endif
#ifdef OP_isposinf
UNARY(isposinf, isinf(x) && x > 0)
#endif
// native_dropout_backward: the gradient where the mask (y) kept the element, times the scale,
// multiplied in ATen's order.
#ifdef OP_dropout_backward
BINARY(dropout_backward, x * y * s0)
#endif
#ifdef OP_sigmoid_backward
BINARY(sigmoid_backward, x * ((ACC_T)1 - y) * y)
#endif
#ifdef OP_tanh_backward
BINARY(tanh_backward, x * ((ACC_T)1 - y * y))
#endif
#ifdef OP_silu_backward
BINARY(silu_backward,
       x * ((ACC_T)1 / ((ACC_T)1 + exp(-y))) *
           ((ACC_T)1 + y * ((ACC_T)1 - (ACC_T)1 / ((ACC_T)1 + exp(-y)))))
#endif
#ifdef OP_gelu_backward
BINARY(gelu_backward,
       x * ((ACC_T)0.5 * ((ACC_T)1 + erf(y * (ACC_T)SQRT1_2)) +
            y * exp((ACC_T)-0.5 * y * y) * (ACC_T)GELU_KAPPA))
#endif
// lerp as ATen computes it: from the nearer end, so that weight 1 gives `end` exactly.
#ifdef OP_lerp_scalar
BINARY(lerp_scalar, fabs(s0) < (ACC_T)0.5 ? x + s0 * (y - x) : y - (y - x) * ((ACC_T)1 - s0))
#endif
#ifdef OP_lerp_tensor
TERNARY(lerp_tensor, fabs(z) < (ACC_T)0.5 ? x + z * (y - x) : y - (y - x) * ((ACC_T)1 - z))
#endif
#ifdef OP_addcdiv
TERNARY(addcdiv, x + s0 * y / z)
#endif
#else
#ifdef OP_maximum
BINARY(maximum, max(x, y))
#endif
#ifdef OP_minimum
BINARY(minimum, min(x, y))
#endif
#ifdef OP_abs
UNARY(abs, x < 0 ? -x : x)
#endif
// Bitwise ops: integers and bool only; on bool, not is logical.
#ifdef OP_bitwise_and
BINARY(bitwise_and, x & y)
#endif
#ifdef OP_bitwise_or
BINARY(bitwise_or, x | y)
#endif
#ifdef OP_bitwise_xor
BINARY(bitwise_xor, x ^ y)
#endif
#ifdef OP_bitwise_not
#if IN_TYPE == TYPE_BOOL
UNARY(bitwise_not, !x)
#else
UNARY(bitwise_not, ~x)
#endif
#endif
// By squaring, as ATen does; the meta function refuses negative exponents.
#ifdef OP_pow
inline ACC_T integer_pow(ACC_T base, ACC_T exponent) {
  ACC_T result = 1;
  for (; exponent != 0; exponent /= 2) {
    if (exponent & 1) result *= base;
    base *= base;
  }
  return result;
}
UNARY(pow, integer_pow(x, s0))
#endif
// An integer is never infinite.
#ifdef OP_isneginf
UNARY(isneginf, 0)
#endif
#ifdef OP_isposinf
UNARY(isposinf, 0)
#endif
#endif
