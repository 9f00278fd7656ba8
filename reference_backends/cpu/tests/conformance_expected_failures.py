# Scaffolded by frp-gen. This file is yours: regen never overwrites it;
# when an operator's schema changes, it merges the new signature in and keeps your code.
"""Known failures of cpuref in tests/test_conformance.py, each with its reason.

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
}

MAY_FAIL: dict[str, str] = {}
