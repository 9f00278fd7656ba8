# Scaffolded by frp-gen. This file is yours: regen never overwrites it;
# when an operator's schema changes, it merges the new signature in and keeps your code.
"""Tests of the OpenCL runtime's own settings (csrc/runtime/opencl_runtime.cpp): the platform
and device type chosen by OCL_PLATFORM and OCL_DEVICE_TYPE, and device memory the host cannot
address. The generated tests check what any runtime must do.
"""

import torch

backend = torch.ocl


def count_with(run_python, **env) -> tuple[int, str]:
    result = run_python(
        "import torch, torch_ocl; print(torch.ocl.device_count())", **env
    )
    return result.returncode, result.stdout.strip() + result.stderr


def test_platform_by_index(run_python):
    assert count_with(run_python, OCL_PLATFORM="0") == (0, str(backend.device_count()))


def test_unknown_platform_leaves_no_device_and_says_why(run_python):
    code = (
        "import torch, torch_ocl\n"
        "print(torch.ocl.device_count())\n"
        "try:\n"
        "    torch.empty(1, device='ocl')\n"
        "except RuntimeError as error:\n"
        "    print(error)\n"
    )
    result = run_python(code, OCL_PLATFORM="no such platform")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("0\n")
    assert "invalid ocl device index 0" in result.stdout
    assert (
        "OCL_PLATFORM='no such platform' names none of the OpenCL platforms"
        in result.stderr
    )


def test_device_type_filters_devices(run_python):
    returncode, out = count_with(run_python, OCL_DEVICE_TYPE="accelerator")
    assert returncode == 0 and out.startswith(("0", "1", "2")), out
    returncode, out = count_with(run_python, OCL_DEVICE_TYPE="quantum")
    assert "OCL_DEVICE_TYPE must be gpu, cpu, accelerator or all" in out


def test_views_address_into_their_buffer():
    # Device pointers are opaque addresses inside a reserved range: views offset into it.
    base = torch.arange(12.0, device="ocl")
    view = base[3:9:2]
    assert view.data_ptr() == base.data_ptr() + 3 * base.element_size()
    torch.testing.assert_close(view.cpu(), torch.tensor([3.0, 5.0, 7.0]))
    view.fill_(-1.0)
    assert base.cpu().tolist()[3:9] == [-1.0, 4.0, -1.0, 6.0, -1.0, 8.0]
