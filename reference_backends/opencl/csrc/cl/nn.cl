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
#define MAX_NAN(a, b) (isnan(a) || (a) > (b) ? (a) : (b))
#endif

#define ROW_PARAMS                                                                \
  __global OUT_T *out, ulong out_off, __global const IN_T *in, ulong in_off, ulong inner

#if ACC_IS_FLOAT

// softmax(x) = exp(x - max) / sum(exp(x - max)); log_softmax(x) = x - max - log(sum(...)).
#define SOFTMAX_KERNEL(name, result)                                        \
  __kernel void name(ROW_PARAMS) {                                          \
    __local ACC_T scratch[GROUP];                                           \
    const uint lane = get_local_id(0);                                      \
    const ulong base = get_group_id(0) * inner;                             \
    ACC_T largest = -INFINITY;                                              \
    for (ulong k = lane; k < inner; k += GROUP) {                           \
      largest = MAX_NAN(LOAD_IN(in, in_off + base + k), largest);           \
    }                                                                       \
    GROUP_REDUCE(scratch, largest, MAX_NAN);                                \
    ACC_T total = 0;                                                        \
    for (ulong k = lane; k < inner; k += GROUP) {                           \
      total += exp(LOAD_IN(in, in_off + base + k) - largest);               \
    }                                                                       \
    GROUP_REDUCE(scratch, total, ADD);                                      \
    for (ulong k = lane; k < inner; k += GROUP) {                           \
      const ACC_T x = LOAD_IN(in, in_off + base + k);                       \
      STORE_OUT(out, out_off + base + k, result);                           \
    }                                                                       \
  }

SOFTMAX_KERNEL(softmax, exp(x - largest) / total)
SOFTMAX_KERNEL(log_softmax, x - largest - log(total))

#define BACKWARD_PARAMS                                                                      \
  __global OUT_T *grad_input, ulong grad_input_off, __global const IN_T *grad, ulong grad_off, \
      __global const IN_T *output, ulong output_off, ulong inner

// softmax: grad_input = output * (grad - sum(grad * output)).
__kernel void softmax_backward(BACKWARD_PARAMS) {
  __local ACC_T scratch[GROUP];
  const uint lane = get_local_id(0);
  const ulong base = get_group_id(0) * inner;
  ACC_T dot = 0;
  for (ulong k = lane; k < inner; k += GROUP) {
    dot += LOAD_IN(grad, grad_off + base + k) * LOAD_IN(output, output_off + base + k);
  }
  GROUP_REDUCE(scratch, dot, ADD);
  for (ulong k = lane; k < inner; k += GROUP) {
    const ACC_T y = LOAD_IN(output, output_off + base + k);
    STORE_OUT(grad_input, grad_input_off + base + k, y * (LOAD_IN(grad, grad_off + base + k) - dot));
  }
}

// log_softmax: grad_input = grad - exp(output) * sum(grad).
__kernel void log_softmax_backward(BACKWARD_PARAMS) {
  __local ACC_T scratch[GROUP];
  const uint lane = get_local_id(0);
  const ulong base = get_group_id(0) * inner;
  ACC_T total = 0;
  for (ulong k = lane; k < inner; k += GROUP) total += LOAD_IN(grad, grad_off + base + k);
  GROUP_REDUCE(scratch, total, ADD);
  for (ulong k = lane; k < inner; k += GROUP) {
    const ACC_T y = LOAD_IN(output, output_off + base + k);
    STORE_OUT(
        grad_input, grad_input_off + base + k, LOAD_IN(grad, grad_off + base + k) - exp(y) * total);
  }
}

// nll_loss over a contiguous [batch, classes] input (batch 1 for an unbatched one). Targets have
// been checked on the host. Without reduction, out[i] = -weight[t] * input[i, t] (0 where t is
// ignore_index). With one, a single work-group sums those and the weights: out = the sum (divided
// by the total weight for the mean), total_weight = the sum of the weights.
#define NLL_PARAMS                                                                         \
  __global OUT_T *out, ulong out_off, __global OUT_T *total_weight, ulong total_weight_off,  \
      __global const IN_T *in, ulong in_off, __global const long *target, ulong target_off, \
      __global const IN_T *weight, ulong weight_off, int has_weight, long ignore_index,      \
      ulong batch, ulong classes

#define NLL_TERMS(i)                                                            \
  const long t = target[target_off + (i)];                                      \
  const ACC_T w = t == ignore_index ? (ACC_T)0                                  \
                  : has_weight      ? LOAD_IN(weight, weight_off + t)           \
                                    : (ACC_T)1;                                 \
  const ACC_T term = t == ignore_index ? (ACC_T)0 : -w * LOAD_IN(in, in_off + (i) * classes + t);

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

#endif
