#!/usr/bin/env bash
# Generates examples/custom_ops with frp-gen, puts this folder's kernels and autograd backward in
# place of the scaffolds (as a backend author would), installs it in its own virtualenv (two
# backends in one would both claim PrivateUse1) and runs its generated suite and test_custom_ops.py.
# Usage: run.sh FRP_GEN WORK_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
frp_gen=$1
work=$2
python=${PYTHON:-python3}

rm -rf "$work/torch_npu_demo"
mkdir -p "$work"
"$frp_gen" new npu_demo --quiet --dir "$work/torch_npu_demo" \
  --descriptor "$root/examples/custom_ops/frp.yaml"
cp -r "$here/csrc" "$here/tests" "$work/torch_npu_demo/"

[ -x "$work/venv/bin/python" ] || "$python" -m venv --system-site-packages "$work/venv"
"$work/venv/bin/python" -m pip install -q --disable-pip-version-check wheel "setuptools>=64"
CXXFLAGS="-Werror" "$work/venv/bin/python" -m pip install -q --disable-pip-version-check \
  --no-build-isolation -e "$work/torch_npu_demo"
bash "$root/tests/backends/run_backend_tests.sh" "$work/torch_npu_demo" "$work/venv"

# The user writes rms_norm's body in its scaffolded file, then adds an argument to its schema:
# regen merges the new signature under their body (exit 0, "merged"), and the rebuilt backend
# runs their kernel. Rebuilt without -Werror: the compiler rightly warns that their body does not
# use the new argument yet.
python3 "$here/write_then_edit_schema.py" "$work/torch_npu_demo"
"$frp_gen" regen --dir "$work/torch_npu_demo" 2>&1 | tee "$work/regen.log"
grep -q "csrc/kernels/npu_ops_rms_norm.cpp: merged" "$work/regen.log"
cp "$here/after_regen/test_rms_norm_after_regen.py" "$work/torch_npu_demo/tests/"
cmake -S "$work/torch_npu_demo" -B "$work/torch_npu_demo/build" -DCMAKE_CXX_FLAGS= >/dev/null
"$work/venv/bin/python" -m pip install -q --disable-pip-version-check \
  --no-build-isolation -e "$work/torch_npu_demo"
"$work/venv/bin/python" -m pytest -q -p no:cacheprovider \
  "$work/torch_npu_demo/tests/test_rms_norm_after_regen.py"
