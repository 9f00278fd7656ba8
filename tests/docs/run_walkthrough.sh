#!/usr/bin/env bash
# A new user's path through the docs, run as they would run it: docs/getting_started.md from an
# empty folder, then that repo's docs/tutorial.md inside it (one build of the backend for both
# pages, then the tutorial's own rebuilds), then its docs/comfyui.md, which renders the picture
# the page shows; last the links of the repo's pages.
# Usage: run_walkthrough.sh FRP_GEN_DIR WORK_DIR   (PYTHON: the interpreter of the checkers)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=$1
work=$2
python=${PYTHON:-python3}

rm -rf "$work"
mkdir -p "$work"
"$python" "$here/run_markdown.py" "$root/docs/getting_started.md" --workdir "$work" --path "$bin"
"$python" "$here/run_markdown.py" "$work/torch_mydevice/docs/tutorial.md" \
  --workdir "$work/torch_mydevice" --path "$bin"
"$python" "$here/run_markdown.py" "$work/torch_mydevice/docs/comfyui.md" \
  --workdir "$work/torch_mydevice" --path "$bin"
"$python" "$here/check_links.py" "$work/torch_mydevice" --must-reach docs
