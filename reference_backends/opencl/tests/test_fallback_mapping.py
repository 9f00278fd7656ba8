"""The CPU fallback on ocl's mapped memory: the runtime maps buffers into the host from 128 KiB
(map_to_host in csrc/runtime/opencl_runtime.cpp), so the generated fallback-semantics tests,
whose tensors are small, take the copying path here. These run the same kinds of calls on
tensors large enough to be mapped, mapped and copied, against the CPU."""

import contextlib

import pytest
import torch

import torch_ocl  # noqa: F401  (registers the device even without autoload)

DEVICE = "ocl"
N = 300_000  # 1.2 MB of float32: past the runtime's smallest mapping


@pytest.fixture(autouse=True, params=["mapped", "copied"])
def memory_access(request):
    before_maps = torch.ocl._C._fallback_maps_memory()
    before_policy = torch.ocl.get_fallback_policy()
    torch.ocl._C._set_fallback_maps_memory(request.param == "mapped")
    torch.ocl.set_fallback_policy("silent")
    yield
    torch.ocl._C._set_fallback_maps_memory(before_maps)
    torch.ocl.set_fallback_policy(before_policy)


def inputs() -> tuple[torch.Tensor, torch.Tensor]:
    generator = torch.Generator().manual_seed(0)
    return torch.rand(N, generator=generator) + 0.5, torch.rand(
        N, generator=generator
    ) + 0.5


def fallbacks_of(name: str) -> int:
    return sum(
        n for key, n in torch.ocl.fallback_stats().items() if key.split(".")[0] == name
    )


def test_functional_result():
    a, b = inputs()
    before = fallbacks_of("hypot")
    result = torch.hypot(a.to(DEVICE), b.to(DEVICE))
    assert fallbacks_of("hypot") == before + 1
    torch.testing.assert_close(result.cpu(), torch.hypot(a, b))


def test_in_place_on_a_strided_view_writes_only_the_view():
    a, _ = inputs()
    on_device = a.to(DEVICE)
    a[::3].lgamma_()
    on_device[::3].lgamma_()
    torch.testing.assert_close(on_device.cpu(), a)


@pytest.mark.parametrize("out_numel", [N, 10], ids=["right_shape", "grown"])
def test_out(out_numel):
    a, b = inputs()
    out = torch.full((out_numel,), 7.0)
    out_on_device = out.to(DEVICE)
    torch.atan2(a, b, out=out)
    resized = out_numel != N
    with (
        pytest.warns(UserWarning, match="resized")
        if resized
        else contextlib.nullcontext()
    ):
        torch.atan2(a.to(DEVICE), b.to(DEVICE), out=out_on_device)
    assert out_on_device.shape == out.shape
    torch.testing.assert_close(out_on_device.cpu(), out)


def test_several_results():
    a, _ = inputs()
    values, indices = torch.sort(a.to(DEVICE))
    expected_values, expected_indices = torch.sort(a)
    assert torch.equal(values.cpu(), expected_values)
    assert torch.equal(indices.cpu(), expected_indices)
