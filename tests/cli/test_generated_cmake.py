"""The generated CMakeLists.txt builds against torch the way torch's own C++ extensions do.

It takes torch's include and library folders and ABI from torch's Python
(torch.utils.cpp_extension), never find_package(Torch): the CMake config of a CUDA build of torch
stops when the CUDA toolkit is missing, which a PrivateUse1 backend does not need (issue 12).
Only a configure: compiling against torch's headers takes minutes.
"""

import importlib.util
import subprocess
import sys
from pathlib import Path

# What TorchConfig.cmake and Caffe2Config.cmake of a CUDA build of torch do without the toolkit.
CUDA_TORCH_CONFIG = """message(FATAL_ERROR
  "Your installed Caffe2 version uses CUDA but I cannot find the CUDA libraries "
  "(a torch of tests/cli/test_generated_cmake.py: the generated CMake must not ask for it)")
"""


def test_generated_cmake_never_asks_torchs_cmake_config(pristine_repo, tmp_path):
    cuda_torch = tmp_path / "cuda_torch"
    for package in ("Torch", "Caffe2"):
        config = cuda_torch / "share" / "cmake" / package / f"{package}Config.cmake"
        config.parent.mkdir(parents=True)
        config.write_text(CUDA_TORCH_CONFIG)
    build = tmp_path / "build"
    result = subprocess.run(
        [
            "cmake",
            "-S",
            pristine_repo,
            "-B",
            build,
            # Wherever find_package(Torch) or find_package(Caffe2) would look first.
            f"-DCMAKE_PREFIX_PATH={cuda_torch}",
            f"-DTorch_DIR={cuda_torch / 'share' / 'cmake' / 'Torch'}",
            f"-DCaffe2_DIR={cuda_torch / 'share' / 'cmake' / 'Caffe2'}",
            # The Python running these tests has the real torch.
            f"-DPython3_EXECUTABLE={sys.executable}",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "CUDA" not in output, output
    # libtorch_python, as every torch library, comes from that Python's torch.
    torch_folder = Path(importlib.util.find_spec("torch").origin).parent
    cache = (build / "CMakeCache.txt").read_text()
    assert f"TORCH_PYTHON_LIBRARY:FILEPATH={torch_folder / 'lib'}/" in cache, cache
