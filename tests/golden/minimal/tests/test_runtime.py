# Scaffolded by frp-gen. This file is yours: regen never overwrites it;
# when an operator's schema changes, it merges the new signature in and keeps your code.
"""Tests of the runtime's own settings: here the environment variables of the scaffolded
host-memory runtime in csrc/runtime/. The generated tests check what any runtime must do; these
check what only yours knows, so rewrite them when you replace it.
"""

import torch

backend = torch.mydevice

MIB = 1 << 20


def test_device_count_is_the_descriptors():
    assert backend.device_count() == 2


def test_device_count_from_environment(run_python):
    result = run_python(
        # The package is imported explicitly: the descriptor may turn autoloading off.
        "import torch, torch_mydevice; print(torch.mydevice.device_count())",
        MYDEVICE_DEVICE_COUNT="3",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "3"


def test_memory_size_from_environment(run_python):
    code = (
        "import torch, torch_mydevice  # also without autoload\n"
        "small = torch.empty(1024, dtype=torch.uint8, device='mydevice')\n"
        "try:\n"
        "    torch.empty(64 << 20, dtype=torch.uint8, device='mydevice')\n"
        "except torch.OutOfMemoryError as error:\n"
        "    print('OOM', error)\n"
        "print(torch.mydevice.mem_get_info()[1])\n"
    )
    result = run_python(code, MYDEVICE_MEMORY_BYTES=str(MIB))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("OOM")
    assert "out of memory" in lines[0]
    assert lines[1] == str(MIB)
