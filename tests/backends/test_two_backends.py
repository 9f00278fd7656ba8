"""Two generated backends installed in one environment: `import torch` keeps working, the
backend that comes second is not loaded and says why, and each can still be chosen.

The environment holds the installs that setup.sh made of the fresh mydevice and of the reference
CPU backend, each in its own virtualenv: their metadata (entry points included) and their
editable-install path hooks are copied into one new virtualenv, which is what installing both
there would leave.

    python3 -m pytest tests/backends/test_two_backends.py --build build
"""

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

BACKENDS = {"mydevice": "torch_mydevice", "cpuref": "torch_cpuref"}


@pytest.fixture(scope="module")
def python(build_dir: Path, tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("two_backends")
    venv.create(root, system_site_packages=True)
    site = next(root.glob("lib/python*/site-packages"))
    for device in BACKENDS:
        installed = next(
            (build_dir / f"venv-{device}").glob("lib/python*/site-packages")
        )
        for entry in installed.iterdir():
            if entry.name.startswith("__editable__") or entry.name.startswith("torch_"):
                copy = shutil.copytree if entry.is_dir() else shutil.copy2
                copy(entry, site / entry.name)
    return root / "bin" / "python"


def run(python: Path, code: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(python), "-c", code],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_import_torch_works_and_the_second_backend_says_why(python):
    result = run(
        python, "import torch; print(torch._C._get_privateuse1_backend_name())"
    )
    assert result.returncode == 0, result.stderr
    first = result.stdout.split()[-1]
    assert first in BACKENDS
    (second,) = set(BACKENDS) - {first}
    assert result.stderr.count("UserWarning") == 1, result.stderr
    for text in (BACKENDS[first], BACKENDS[second], "TORCH_DEVICE_BACKEND_AUTOLOAD=0"):
        assert text in result.stderr


def test_the_first_backend_works(python):
    code = (
        "import torch; d = torch._C._get_privateuse1_backend_name(); "
        "print(torch.ones(2, device=d).sum().item())"
    )
    result = run(python, code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-1] == "2.0"


def test_importing_the_second_backend_raises_one_clear_error(python):
    code = (
        "import importlib, torch\n"
        "second = {'mydevice': 'torch_cpuref', 'cpuref': 'torch_mydevice'}["
        "torch._C._get_privateuse1_backend_name()]\n"
        "try:\n"
        "    importlib.import_module(second)\n"
        "except ImportError as error:\n"
        "    print(type(error).__name__, '|', error)\n"
    )
    result = run(python, code)
    assert result.returncode == 0, result.stderr
    kind, _, message = result.stdout.partition(" | ")
    assert kind == "PrivateUse1Taken"
    assert "torch_mydevice" in message and "torch_cpuref" in message
    assert "TORCH_DEVICE_BACKEND_AUTOLOAD=0" in message


@pytest.mark.parametrize("device", sorted(BACKENDS))
def test_without_autoload_either_backend_can_be_chosen(python, device):
    code = (
        f"import torch, {BACKENDS[device]}; "
        f"print(torch.ones(2, device='{device}').sum().item())"
    )
    result = run(python, code, TORCH_DEVICE_BACKEND_AUTOLOAD="0")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-1] == "2.0"
    assert "cannot be loaded" not in result.stderr


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, *sys.argv[1:]]))
