"""torch.compile's kernels on ocl are OpenCL C written by torch_ocl/opencl_inductor.py: each test
compiles a function, checks that it computes what eager mode on the CPU computes, and that its
fused work ran as OpenCL C kernels of the compiled code."""

import pytest
import torch
import torch.nn.functional as F
from torch._dynamo.utils import counters
from torch._inductor.utils import run_and_get_code
from torch.testing import make_tensor

DEVICE = "ocl"


@pytest.fixture(autouse=True)
def fresh_dynamo():
    torch._dynamo.reset()
    counters.clear()
    yield
    torch._dynamo.reset()


def compiled_equals_eager(fn, *inputs, rtol=None, atol=None, kernels=True):
    """Runs `fn` compiled on ocl and eagerly on the CPU; returns the compiled module's code."""
    on_device = [t.to(DEVICE) if isinstance(t, torch.Tensor) else t for t in inputs]
    result, codes = run_and_get_code(torch.compile(fn), *on_device)
    expected = fn(*inputs)
    torch.testing.assert_close(
        torch.utils._pytree.tree_map(lambda t: t.cpu(), result),
        expected,
        rtol=rtol,
        atol=atol,
        equal_nan=True,
    )
    code = "\n".join(codes)
    if kernels:
        assert "__kernel void opencl_fused_" in code, code
    return code


def test_a_fused_chain_is_one_opencl_kernel():
    x = torch.randn(64, 33)
    code = compiled_equals_eager(lambda x: (torch.sin(x) * 2 + 1).relu(), x)
    assert code.count("__kernel void") == 1, code
    assert "CompiledKernel(" in code
    # Named after what it fuses, as the profiler shows it.
    assert "__kernel void opencl_fused_add_mul_relu_sin_0(" in code, code


FLOAT_UNARY = [
    torch.exp, torch.exp2, torch.expm1, torch.log1p, torch.sin, torch.cos, torch.tan,
    torch.atan, torch.sinh, torch.cosh, torch.tanh, torch.asinh, torch.erf, torch.erfc,
    torch.sigmoid, torch.abs, torch.neg, torch.floor, torch.ceil, torch.trunc, torch.round,
    torch.sign, torch.reciprocal, torch.square, torch.lgamma, F.gelu, F.silu, F.softplus,
    F.hardswish, F.mish, F.elu, torch.isnan, torch.isinf, torch.signbit,
]  # fmt: skip


@pytest.mark.parametrize("op", FLOAT_UNARY, ids=lambda op: op.__name__)
def test_floating_unary(op):
    x = make_tensor((7, 19), dtype=torch.float32, device="cpu", low=-4, high=4)
    x[0, :4] = torch.tensor([float("nan"), float("inf"), -float("inf"), -0.0])
    if op is F.gelu:
        # Eager mode's vectorized CPU kernel gives NaN for gelu(inf); its formula gives inf.
        x[0, 1] = 5.0
    compiled_equals_eager(op, x, rtol=2e-5, atol=2e-5)


@pytest.mark.parametrize(
    "op", [torch.log, torch.sqrt, torch.rsqrt, torch.log2, torch.log10]
)
def test_floating_unary_of_positive_values(op):
    x = make_tensor((5, 31), dtype=torch.float32, device="cpu", low=0.01, high=9)
    compiled_equals_eager(op, x, rtol=2e-5, atol=2e-5)


@pytest.mark.parametrize(
    "dtype",
    [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int64, torch.int32,
     torch.int16, torch.int8, torch.uint8, torch.bool],
    ids=str,
)  # fmt: skip
def test_arithmetic_in_every_dtype(dtype):
    a = make_tensor((9, 13), dtype=dtype, device="cpu", low=-9, high=9)
    b = make_tensor((9, 13), dtype=dtype, device="cpu", low=-9, high=9)

    def chain(a, b):
        both = a * b if dtype == torch.bool else a * b + a
        return both, torch.maximum(a, b), a == b, torch.where(a > b, a, b)

    # Half-precision chains compute in float and round once at the end, as Inductor does on
    # every device; eager mode rounds after each operator.
    half = dtype in (torch.float16, torch.bfloat16)
    compiled_equals_eager(
        chain, a, b, rtol=2e-2 if half else None, atol=2e-2 if half else None
    )


@pytest.mark.parametrize("dtype", [torch.int64, torch.int32, torch.float32], ids=str)
def test_division_rounds_as_python(dtype):
    a = torch.tensor([7, -7, 7, -7, 0, 5, -5, 9], dtype=dtype)
    b = torch.tensor([2, 2, -2, -2, 3, 5, 3, -4], dtype=dtype)

    def divide(a, b):
        return (
            torch.floor_divide(a, b),
            torch.remainder(a, b),
            torch.fmod(a, b),
            torch.div(a, b, rounding_mode="trunc"),
        )

    compiled_equals_eager(divide, a, b)


def test_bitwise_and_shifts():
    a = make_tensor((4, 17), dtype=torch.int32, device="cpu", low=-1000, high=1000)
    b = make_tensor((4, 17), dtype=torch.int32, device="cpu", low=0, high=12)

    def bits(a, b):
        return (a & b) | (a ^ ~b), a << b, a >> b

    compiled_equals_eager(bits, a, b)


def test_casts_between_dtypes():
    x = make_tensor((6, 10), dtype=torch.float32, device="cpu", low=-300, high=300)

    def casts(x):
        return (
            x.to(torch.int32),
            x.to(torch.int64) * 3,
            x.to(torch.float16).to(torch.float32),
            x.to(torch.bfloat16),
            (x > 0).to(torch.float32),
            x.view(torch.int32) & 0xFF,
        )

    compiled_equals_eager(casts, x)


REDUCTIONS = {
    "sum": lambda x: x.sum(dim=1),
    "prod": lambda x: (x / 4).prod(dim=0),
    "amax": lambda x: x.amax(dim=1),
    "amin": lambda x: x.amin(dim=0),
    "argmax": lambda x: x.argmax(dim=1),
    "argmin": lambda x: x.argmin(dim=0),
    "mean": lambda x: x.mean(dim=1, keepdim=True),
    "var_mean": lambda x: torch.var_mean(x, dim=1, correction=1),
    "softmax": lambda x: torch.softmax(x, dim=1),
    "log_softmax": lambda x: torch.log_softmax(x, dim=0),
    "logsumexp": lambda x: torch.logsumexp(x, dim=1),
    "norm": lambda x: torch.linalg.vector_norm(x, dim=1),
    "any": lambda x: (x > 2).any(dim=1),
    "all": lambda x: (x > -2).all(dim=0),
    "whole": lambda x: x.sum() + x.amax(),
}


@pytest.mark.parametrize("reduce", REDUCTIONS.values(), ids=REDUCTIONS.keys())
@pytest.mark.parametrize("layout", ["contiguous", "transposed"])
def test_reductions(reduce, layout):
    x = torch.randn(37, 50) if layout == "contiguous" else torch.randn(50, 37).t()
    compiled_equals_eager(reduce, x, rtol=1e-5, atol=1e-5)


def test_reductions_propagate_nan_and_integer_sums():
    x = torch.randn(8, 20)
    x[3, 5] = float("nan")
    compiled_equals_eager(lambda x: (x.amax(dim=1), x.amin(dim=1), x.argmax(dim=1)), x)
    ints = make_tensor((8, 20), dtype=torch.int32, device="cpu", low=-100, high=100)
    compiled_equals_eager(lambda x: (x.sum(dim=1), x.amax(dim=0)), ints)


@pytest.mark.parametrize("length", [3, 9, 16, 21])
def test_rows_of_any_length_reduce_in_lanes(length):
    """On a CPU device a work-item reduces its row into 8 lane copies, element i into copy
    i % 8, and the elements after the last whole 8 in a loop of their own. Dynamic shapes, so
    that a row of 3 is a loop too (Inductor unrolls a static one of up to 8); a NaN, a maximum
    or a True among the last elements must still count."""
    x = torch.randn(6, length)
    x[1, -1] = float("nan")
    x[2, -1] = 10.0
    x[3, length // 2] = -10.0

    def reduce(x):
        return (
            x.sum(dim=1),
            x.amax(dim=1),
            x.argmax(dim=1),
            x.argmin(dim=1),
            torch.var_mean(x, dim=1, correction=0),
            (x > 5).any(dim=1),
            torch.softmax(x, dim=1),
        )

    compiled = torch.compile(reduce, dynamic=True)
    result = torch.utils._pytree.tree_map(lambda t: t.cpu(), compiled(x.to(DEVICE)))
    torch.testing.assert_close(result, reduce(x), equal_nan=True)


def test_a_cpu_work_item_reduces_its_row_into_lane_copies():
    """The loop over a row's lane copies vectorizes where a loop into one accumulator would
    stay scalar (softmax of 2,048 rows of 64: 660 us before, 250 after)."""
    code = compiled_equals_eager(lambda x: torch.softmax(x, dim=1), torch.randn(16, 64))
    assert "#if ROW_LANES == 1" in code, code
    assert "_lanes[8];" in code, code
    assert "for (int lane = 0; lane < 8; ++lane) {" in code, code


@pytest.mark.parametrize("columns", [128, 100, 5])
def test_a_reduction_over_the_rows_reads_columns(columns):
    """A reduction over the outer dimension (a bias's gradient) takes the column form: a
    work-item reduces CHUNK adjacent columns, reading each row's elements side by side, and the
    last work-item fewer. Every kind of accumulator: sums, NaN-propagating extremes, the first
    of equal maxima, Welford's mean and variance."""
    x = torch.randn(96, columns)
    x[3, 2] = float("nan")
    x[[10, 40], 4] = 7.0  # equal maxima: the first row wins

    def reduce(x):
        return (
            x.sum(dim=0),
            x.amax(dim=0),
            x.argmax(dim=0),
            torch.var_mean(x, dim=0),
            (x > 1).any(dim=0),
        )

    code = compiled_equals_eager(reduce, x, rtol=1e-5, atol=1e-5)
    assert "_cols[CHUNK];" in code, code
    assert "_lanes[8];" not in code, code


def test_a_kernel_whose_tensors_overlap_takes_them_without_restrict():
    """A compiled kernel's buffers are `restrict` only where the launch's tensors share no
    memory. Each element here adds one to the element before it, which the same work-item has
    just written when `out` is `x` shifted by one: run in order, a chunk counts up; read as
    restrict (all loads before the stores, vectorized), it would not."""
    from torch_ocl.opencl_inductor import CompiledKernel

    shift = CompiledKernel(
        "shift",
        """
#ifndef KERNEL_RESTRICT
#define KERNEL_RESTRICT
#endif
__kernel void shift(__global float* KERNEL_RESTRICT in_buffer, const ulong in_start,
                    __global float* KERNEL_RESTRICT out_buffer, const ulong out_start,
                    const long xnumel) {
  __global float* in = in_buffer + in_start;
  __global float* out = out_buffer + out_start;
  const long xstart = (long)get_global_id(0) * CHUNK;
  const long xend = min(xstart + CHUNK, xnumel);
  for (long x = xstart; x < xend; ++x) out[x] = in[x] + 1;
}""",
        chunked=True,
        reports_errors=False,
    )
    x = torch.zeros(65, device=DEVICE)
    shift([x[:-1], x[1:]], [64])  # the two share x: element i + 1 is element i plus one
    assert x.cpu().tolist() == [float(i) for i in range(65)]
    a, b = torch.zeros(64, device=DEVICE), torch.empty(64, device=DEVICE)
    shift([a, b], [64])  # apart: restrict
    assert b.cpu().tolist() == [1.0] * 64


def test_argmax_and_argmin_take_the_first_of_equals():
    """The work-items of a group take every GROUP-th element of a row; their results merge so
    that the first index of equal values (or of NaNs) wins, as in eager mode."""
    x = torch.zeros(4, 29)
    x[0, [5, 10, 26]] = 3.0  # in different work-items, the later ones merged first
    x[1, [6, 13]] = -3.0
    x[2, [9, 2]] = float("nan")
    x[3, 17] = 1.0
    ints = (x * 2).nan_to_num(5).to(torch.int32)

    def firsts(x):
        return x.argmax(dim=1), x.argmin(dim=1), x.amax(dim=1)

    compiled_equals_eager(firsts, x)
    compiled_equals_eager(firsts, ints)


def test_a_long_reduction_is_split():
    """Inductor splits a reduction of many elements into partial reductions and their
    combination (welford_combine for a variance)."""
    x = torch.randn(300_000)
    compiled_equals_eager(
        lambda x: (x.sum(), torch.var_mean(x)), x, rtol=1e-4, atol=1e-4
    )


def test_layer_norm_and_batch_norm_forward_and_backward():
    norm = torch.nn.LayerNorm(24)
    batch = torch.nn.BatchNorm1d(5)

    def loss(x, weight, bias):
        y = F.layer_norm(x, (24,), weight, bias)
        z = F.batch_norm(y, None, None, training=True)
        return z.square().mean()

    def step(x, weight, bias):
        x, weight, bias = (t.detach().requires_grad_() for t in (x, weight, bias))
        value = loss(x, weight, bias)
        value.backward()
        return value.detach(), x.grad, weight.grad, bias.grad

    x = torch.randn(3, 5, 24)
    compiled_equals_eager(
        step,
        x,
        norm.weight.detach() + 0.5,
        norm.bias.detach() + 0.1,
        rtol=1e-4,
        atol=1e-5,
    )
    del batch


def test_padding_and_concatenation_mask_their_loads():
    x = torch.randn(3, 4, 5)
    y = torch.randn(3, 2, 5)

    def pad_and_cat(x, y):
        return F.pad(x, (2, 1, 0, 3), value=-1.5), torch.cat([x, y * 2], dim=1)

    compiled_equals_eager(pad_and_cat, x, y)


def test_indices_divided_unsigned_stay_signed():
    """A quotient or remainder of an index is computed unsigned (faster on a CPU's vector unit)
    and made signed again, so that what is computed from it may go below zero."""
    x = torch.randn(4, 6, 10)

    def shuffled_and_padded(x):
        moved = x.transpose(1, 2).reshape(4, 5, 12).permute(2, 0, 1)
        return F.pad(moved, (3, 2, 1, 1), value=-1.5) * 2, F.pixel_shuffle(
            x.view(1, 24, 1, 10), 2
        )

    code = compiled_equals_eager(shuffled_and_padded, x)
    assert "(uint)(" in code, code

    def below_zero(x):  # an index's quotient minus 3: negative for the first rows
        rows = torch.arange(x.shape[0], device=x.device)
        return (rows // 4 - 3).to(x.dtype)[:, None] * x + (rows % 5 - 2)[:, None]

    compiled_equals_eager(below_zero, torch.randn(30, 7))


def test_gathers_read_indices_from_tensors():
    weight = torch.randn(10, 6)
    index = torch.tensor([[0, 9, 3], [4, 4, 1]])
    gather_index = torch.randint(0, 6, (10, 4))

    def gathers(weight, index, gather_index):
        return (
            F.embedding(index, weight) * 2,
            torch.gather(weight, 1, gather_index) + 1,
            weight[index[0] - 10],  # negative indices count from the end
        )

    compiled_equals_eager(gathers, weight, index, gather_index)


def test_an_index_out_of_range_raises():
    weight = torch.randn(10, 6, device=DEVICE)
    index = torch.tensor([1, 10], device=DEVICE)
    compiled = torch.compile(lambda w, i: F.embedding(i, w) + 1)
    with pytest.raises(IndexError, match="out of range"):
        compiled(weight, index)
        torch.ocl.synchronize()
    # The device's error word is cleared: the next call with good indices works.
    good = torch.tensor([1, 9], device=DEVICE)
    torch.testing.assert_close(
        compiled(weight, good).cpu(), F.embedding(good.cpu(), weight.cpu()) + 1
    )


@pytest.mark.parametrize(
    "divide",
    [
        torch.floor_divide,
        torch.remainder,
        lambda a, b: torch.div(a, b, rounding_mode="trunc"),
    ],
)
def test_an_integer_division_by_zero_raises(divide):
    a = torch.tensor([5, 7, 9], device=DEVICE)
    b = torch.tensor([1, 0, 2], device=DEVICE)
    compiled = torch.compile(lambda a, b: divide(a, b) + 1)
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        compiled(a, b).cpu()  # raised where the host waits for the device
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        divide(a.cpu(), b.cpu())  # as eager mode
    ones = torch.ones(3, dtype=torch.int64, device=DEVICE)
    torch.testing.assert_close(compiled(a, ones).cpu(), divide(a.cpu(), ones.cpu()) + 1)


def test_scatter_add_with_repeated_indices():
    """Several work-items add into one element (max_pool2d's backward, index_add)."""
    source = torch.randn(40, 3)
    index = torch.randint(0, 5, (40,))

    def scatter(source, index):
        return torch.zeros(5, 3, device=source.device).index_add(0, index, source * 2)

    compiled_equals_eager(scatter, source, index, rtol=1e-5, atol=1e-5)


def test_views_strides_and_in_place_updates():
    base = torch.randn(12, 10)

    def on_views(base):
        view = base[2:10:2, 1:].t()
        out = view * 3 + view.sum(dim=0)
        # In place on the input: the compiled code writes the caller's tensor.
        base.mul_(2)
        return out, base[::3]

    on_device = base.to(DEVICE)
    expected = on_views(base.clone())
    result = torch.compile(on_views)(on_device)
    for got, want in zip(result, expected, strict=True):
        torch.testing.assert_close(got.cpu(), want)
    torch.testing.assert_close(on_device.cpu(), base * 2)


def test_dynamic_shapes_pass_sizes_to_the_kernels():
    def fn(x):
        return torch.softmax(x * 2, dim=-1).sum(dim=0)

    compiled = torch.compile(fn, dynamic=True)
    for rows, cols in ((3, 7), (5, 11), (2, 30)):
        x = torch.randn(rows, cols)
        torch.testing.assert_close(
            compiled(x.to(DEVICE)).cpu(), fn(x), rtol=1e-5, atol=1e-6
        )
    assert counters["stats"]["unique_graphs"] == 1


def test_a_training_step_of_an_mlp_with_adam():
    torch.manual_seed(0)
    model = torch.nn.Sequential(
        torch.nn.Linear(6, 12), torch.nn.Tanh(), torch.nn.Linear(12, 2)
    )
    device_model = torch.nn.Sequential(
        torch.nn.Linear(6, 12), torch.nn.Tanh(), torch.nn.Linear(12, 2)
    ).to(DEVICE)
    device_model.load_state_dict(model.state_dict())
    x, target = torch.randn(16, 6), torch.randn(16, 2)

    def make_step(model, optimizer):
        @torch.compile
        def step(x, target):
            loss = F.mse_loss(model(x), target)
            loss.backward()
            return loss

        def run(x, target):
            loss = step(x, target)
            optimizer.step()
            optimizer.zero_grad()
            return loss

        return run

    cpu_step = make_step(model, torch.optim.Adam(model.parameters(), lr=0.01))
    device_step = make_step(
        device_model, torch.optim.Adam(device_model.parameters(), lr=0.01)
    )
    for _ in range(3):
        torch.testing.assert_close(
            device_step(x.to(DEVICE), target.to(DEVICE)).cpu(), cpu_step(x, target)
        )
    for got, want in zip(device_model.parameters(), model.parameters(), strict=True):
        torch.testing.assert_close(
            got.detach().cpu(), want.detach(), rtol=1e-5, atol=1e-6
        )


def test_random_numbers_follow_the_seed_and_their_distribution():
    x = torch.ones(512, 512, device=DEVICE)
    dropout = torch.compile(lambda x: F.dropout(x, 0.3))
    normal = torch.compile(lambda x: torch.randn_like(x))
    integers = torch.compile(lambda x: torch.randint_like(x, 3, 10))

    torch.manual_seed(1)
    first = dropout(x).cpu()
    torch.manual_seed(1)
    assert torch.equal(dropout(x).cpu(), first)
    assert abs((first == 0).float().mean().item() - 0.3) < 0.01
    torch.testing.assert_close(first.unique(), torch.tensor([0.0, 1 / 0.7]))

    drawn = normal(x).cpu()
    assert abs(drawn.mean().item()) < 0.01 and abs(drawn.std().item() - 1) < 0.01
    # Neighbouring elements are independent.
    assert abs((drawn[:, 1:] * drawn[:, :-1]).mean().item()) < 0.01

    counts = torch.bincount(integers(x).cpu().long().flatten(), minlength=10)
    assert counts[:3].sum() == 0
    assert (counts[3:].float() / x.numel() - 1 / 7).abs().max() < 0.01


def test_dynamic_shapes_through_attention_forward_and_backward():
    """Sizes known only at run time in the index arithmetic of transposed and split heads (the
    kernels then divide by kernel arguments)."""
    torch.manual_seed(0)
    layer = torch.nn.TransformerEncoderLayer(32, 4, 64, dropout=0.0, batch_first=True)
    device_layer = torch.nn.TransformerEncoderLayer(
        32, 4, 64, dropout=0.0, batch_first=True
    )
    device_layer.load_state_dict(layer.state_dict())
    device_layer.to(DEVICE)
    compiled = torch.compile(device_layer, dynamic=True)
    for batch, tokens in ((2, 5), (3, 7)):
        x = torch.randn(batch, tokens, 32)
        expected_x, got_x = x.clone().requires_grad_(), x.to(DEVICE).requires_grad_()
        layer(expected_x).square().sum().backward()
        compiled(got_x).square().sum().backward()
        torch.testing.assert_close(
            got_x.grad.cpu(), expected_x.grad, rtol=1e-4, atol=1e-5
        )
        for got, want in zip(
            device_layer.parameters(), layer.parameters(), strict=True
        ):
            torch.testing.assert_close(got.grad.cpu(), want.grad, rtol=1e-4, atol=1e-5)
        layer.zero_grad()
        device_layer.zero_grad()


def test_reductions_shared_by_a_work_group(run_python):
    """On a GPU the items of a work-group share each row of a reduction and merge their
    results through local memory; OCL_ROW_LANES=group makes the CPU device do the same."""
    script = """
import torch, torch_ocl

x = torch.randn(37, 50)
x[0, [5, 10, 26]] = 9.0
x[1, 7] = float("nan")

def reductions(x):
    return (
        x.sum(dim=1), x.amax(dim=0), x.argmax(dim=1), x.argmin(dim=0),
        torch.var_mean(x, dim=1), torch.softmax(x, dim=1), (x > 1).any(dim=1),
    )

got = torch.compile(reductions)(x.to("ocl"))
torch.testing.assert_close(
    torch.utils._pytree.tree_map(lambda t: t.cpu(), got), reductions(x),
    rtol=1e-5, atol=1e-5, equal_nan=True,
)

# The programs were built for rows shared by a work-group (ROW_LANES is GROUP, not 1).
from torch_ocl.opencl_inductor import CompiledKernel
probe = CompiledKernel("probe", '''
__kernel void probe(__global long* out_buffer, const ulong out_start, const long xnumel) {
  out_buffer[out_start] = ROW_LANES * 1000 + GROUP;
}''', chunked=True, reports_errors=False)
out = torch.zeros(1, dtype=torch.int64, device="ocl")
probe([out], [1])
print(out.item())
"""
    completed = run_python(script, OCL_ROW_LANES="group")
    assert completed.returncode == 0, completed.stderr
    lanes, group = divmod(int(completed.stdout.split()[-1]), 1000)
    assert lanes == group > 1


def test_the_profiler_times_each_compiled_kernel_on_the_device():
    """Each OpenCL C kernel of the compiled code is a device event under its own name, with
    its device time, belonging to the CPU operator that launched it."""
    from torch.autograd import DeviceType
    from torch.profiler import ProfilerActivity, profile

    compiled = torch.compile(lambda x: torch.softmax(x * 2, dim=-1).sum(dim=0))
    x = torch.randn(64, 128, device=DEVICE)
    compiled(x)  # compiled outside the profile
    with profile(
        activities=[ProfilerActivity.CPU, ProfilerActivity.PrivateUse1]
    ) as prof:
        compiled(x)
        torch.ocl.synchronize()
    kernels = [
        e
        for e in prof.events()
        if e.device_type == DeviceType.PrivateUse1
        and e.name.startswith("opencl_fused_")
    ]
    assert len({k.name for k in kernels}) == 2  # the softmax's reductions, then the sum
    assert all(k.time_range.elapsed_us() > 0 for k in kernels)
    launches = [e for e in prof.events() if e.name == "ocl_compiled::launch"]
    assert len(launches) == len(kernels)
    assert all([k.name for k in e.kernels] == [e.kernels[0].name] for e in launches)
    assert {e.kernels[0].name for e in launches} == {k.name for k in kernels}
