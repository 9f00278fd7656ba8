#!/usr/bin/env bash
# The extension points of a generated repo, used as a backend team would: a fresh
# `frp-gen new mydevice` gets a source file of the team's, a library it links (zlib) and a Python
# API, all through the scaffolded extensions.cmake and torch_mydevice/extensions.py. Then
# `frp-gen regen` must find nothing to resolve, and the repo builds and passes the team's test
# and the generated device tests, in a virtualenv of its own.
# Usage: run.sh FRP_GEN WORK_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
frp_gen=$1
mkdir -p "$2"
work=$(cd "$2" && pwd)
python=${PYTHON:-python3}
repo="$work/torch_mydevice"

rm -rf "$repo"
"$frp_gen" new mydevice --quiet --dir "$repo"
cp -r "$here/files/." "$repo/"

# Nothing of the team's conflicts with what frp-gen generates: every file is unchanged or
# (the team's, edited) skipped, and regen exits 0.
"$frp_gen" regen --dir "$repo" --json >"$work/regen.json"
"$python" - "$work/regen.json" <<'PY'
import json
import sys

report = json.load(open(sys.argv[1]))
files = report["files"] if isinstance(report, dict) else report
actions = {f["path"]: f["action"] for f in files}
changed = {p: a for p, a in actions.items() if a not in ("unchanged", "skipped")}
assert not changed, f"regen wants to change: {changed}"
for path in ("extensions.cmake", "torch_mydevice/extensions.py"):
    assert actions[path] == "skipped", (path, actions[path])
print(f"regen: {len(actions)} files, nothing to resolve")
PY

[ -x "$work/venv/bin/python" ] || "$python" -m venv --system-site-packages "$work/venv"
"$work/venv/bin/python" -m pip install -q --disable-pip-version-check wheel "setuptools>=64"
CXXFLAGS="-Werror" "$work/venv/bin/python" -m pip install -q --disable-pip-version-check \
  --no-build-isolation -e "$repo"
cd "$repo"
"$work/venv/bin/python" -m pytest -q -p no:cacheprovider tests/test_team_extensions.py \
  tests/test_device.py tests/test_factories.py tests/test_copies.py
