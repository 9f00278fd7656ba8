#!/usr/bin/env bash
# Sets up everything frp-gen needs on a fresh Debian 12 machine, builds frp-gen and its tests,
# then runs the main job: `frp-gen new mydevice`, built against libtorch and loaded into torch.
# Safe to run again: installs are skipped when present, builds are incremental (ccache, ninja).
set -euo pipefail
cd "$(dirname "$0")"

PYTHON=${PYTHON:-python3}
APT_PACKAGES=(cmake ninja-build g++ ccache clang-format libcli11-dev nlohmann-json3-dev
              libyaml-cpp-dev libgtest-dev libgmock-dev libssl-dev)

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

echo "== pip: torch 2.13.0 (CPU), Jinja2, test tools"
# torch is pinned: frp-gen is tested against 2.13's operator set and headers.
"$PYTHON" -m pip install -q --disable-pip-version-check torch==2.13.0 jinja2 pyyaml jsonschema pytest ruff

echo "== build frp-gen"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPython3_EXECUTABLE="$(command -v "$PYTHON")" >/dev/null
ninja -C build

echo "== frp-gen new mydevice"
rm -rf build/demo/torch_mydevice
./build/frp-gen new mydevice --dir build/demo/torch_mydevice

echo "== build torch_mydevice against libtorch"
TORCH_PREFIX=$("$PYTHON" -c 'import torch; print(torch.utils.cmake_prefix_path)')
cmake -S build/demo/torch_mydevice -B build/demo/torch_mydevice/build -G Ninja \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$TORCH_PREFIX" -DCMAKE_CXX_FLAGS=-Werror >/dev/null
ninja -C build/demo/torch_mydevice/build

echo "== load it into torch"
"$PYTHON" - build/demo/torch_mydevice <<'PY'
import json, pathlib, sys, torch
repo = pathlib.Path(sys.argv[1])
torch.ops.load_library(str(next((repo / "build").glob("lib*.so"))))
manifest = json.loads((repo / ".frp/manifest.json").read_text())
ops = [p.split("/")[-1] for p in manifest["files"] if p.startswith("csrc/generated/kernels/")]
has = torch._C._dispatch_has_kernel_for_dispatch_key
names = ["aten::empty.memory_format", "aten::_copy_from", "aten::view", "aten::as_strided"]
assert all(has(n, "PrivateUse1") for n in names), "kernels missing"
print(f"mydevice: {len(ops)} kernel families registered for PrivateUse1 in torch {torch.__version__}")
PY
echo "== done. Run the tests with: ctest --test-dir build --output-on-failure"
