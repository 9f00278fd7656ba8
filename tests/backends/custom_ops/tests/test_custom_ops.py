"""The custom operators of examples/custom_ops on a freshly generated backend, with the kernels
and the autograd backward of this folder dropped into it: schemas defined, kernels registered,
the generated autograd Function recording and running the user's backward, and the operator
left unwritten reporting which file to edit."""

import pytest
import torch

import torch_npu_demo  # noqa: F401  (the example turns autoload off)

DEVICE = "npu_demo"


@pytest.fixture(autouse=True)
def no_fallbacks():
    torch.npu_demo.reset_fallback_stats()
    yield
    assert torch.npu_demo.fallback_stats() == {}


@pytest.mark.parametrize("approximate", ["none", "tanh"])
def test_fused_gelu_forward_matches_the_cpu(approximate):
    x = torch.randn(4, 5)
    y = torch.ops.npu_ops.fused_gelu(x.to(DEVICE), approximate=approximate)
    assert y.device.type == DEVICE
    torch.testing.assert_close(
        y.cpu(), torch.nn.functional.gelu(x, approximate=approximate)
    )


@pytest.mark.parametrize("approximate", ["none", "tanh"])
def test_fused_gelu_backward_runs_the_generated_function(approximate):
    x, grad = torch.randn(4, 5), torch.randn(4, 5)
    expected = x.clone().requires_grad_()
    torch.nn.functional.gelu(expected, approximate=approximate).backward(grad)

    on_device = x.to(DEVICE).requires_grad_()
    y = torch.ops.npu_ops.fused_gelu(on_device, approximate=approximate)
    assert "NpuOpsFusedGeluFunction" in y.grad_fn.name()
    y.backward(grad.to(DEVICE))
    assert on_device.grad.device.type == DEVICE
    torch.testing.assert_close(on_device.grad.cpu(), expected.grad)


def test_without_grad_no_function_is_recorded():
    with torch.no_grad():
        y = torch.ops.npu_ops.fused_gelu(
            torch.randn(3, device=DEVICE, requires_grad=True)
        )
    assert y.grad_fn is None


def test_an_unwritten_custom_kernel_names_its_file():
    x = torch.randn(2, 8, device=DEVICE)
    with pytest.raises(
        NotImplementedError, match=r"npu_ops::rms_norm .*npu_ops_rms_norm\.cpp"
    ):
        torch.ops.npu_ops.rms_norm(x, [8])
