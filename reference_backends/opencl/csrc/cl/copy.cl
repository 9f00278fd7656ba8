// Copies between any two dtypes, and fills (after types.cl and elementwise_common.cl).

UNARY(copy, x)
KERNEL_PAIR(fill_contiguous, fill_strided, STORE_OUT(out, out_off + io, s0);)
