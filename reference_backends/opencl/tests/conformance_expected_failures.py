# Scaffolded by frp-gen. This file is yours: regen never overwrites it;
# when an operator's schema changes, it merges the new signature in and keeps your code.
"""Known failures of ocl in tests/test_conformance.py, each with its reason.

A key names an OpInfo of op_db ("add", "nn.functional.conv2d", "max.reduction_with_dim"), and
optionally one check ("matches_cpu", "noncontiguous", "out", "inplace", "grad") and one dtype:

    "nn.functional.conv2d": "every check: no conv kernel yet for groups > 1",
    "cumsum/out": "only the out= variant",
    "sort/matches_cpu/int64": "only int64 results",

A listed test that fails is reported as an expected failure (xfail); one that passes fails, so
that the entry goes once the kernel is right. MAY_FAIL takes the same keys for checks that pass
on some machines and fail on others, a failure reported as expected and a pass as a pass: where
the CPU chooses its kernel by the machine (its float16 convolutions are oneDNN's where oneDNN
supports float16, torch.ops.mkldnn._is_mkldnn_fp16_supported(), and another kernel's, summing in
another order, elsewhere), a kernel of the device's rounds as the CPU's on some machines only.
Operators whose results cannot equal the CPU's by construction (random numbers, uninitialised
memory) are frp-gen's business and are not listed here.
"""

EXPECTED_FAILURES: dict[str, str] = {
    # What a new frp-gen device does not do yet:
    "to_sparse": "sparse layouts; PyTorch has no SparsePrivateUse1 kernels and frp-gen generates none yet",
    "sparse.sampled_addmm": "sparse layouts; PyTorch has no SparsePrivateUse1 kernels and frp-gen generates none yet",
    # float16 results that differ from the CPU's by an ulp or two, as near the exact (float64)
    # result as the CPU's on the failing samples (benchmarks/HISTORY.md, 2026-11-29).
    "add/out/float16": "float16 add with alpha: one rounding, where the CPU rounds alpha * other first",
    "nn.functional.conv2d/grad/float16": "the input gradient's columns are summed in another order than the CPU's",
    "nn.functional.embedding/grad/float16": "repeated indices' gradients are summed in another order than the CPU's",
    "nn.functional.linear_cross_entropy/grad/float16": "the gradient's products are summed in another order than the CPU's",
    "nn.functional.max_pool2d/grad/float16": "overlapping windows add into one element in another order than the CPU's",
    "nn.functional.unfold/grad/float16": "overlapping patches add into one element in another order than the CPU's",
}

MAY_FAIL: dict[str, str] = {
    "nn.functional.conv1d/grad/float16": "the input gradient's columns are summed in oneDNN's order where the CPU has oneDNN's float16 convolution, an ulp or two from ours; elsewhere the CPU's other kernel sums as ours does",
}
