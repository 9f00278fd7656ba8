"""Checks that a reference backend's generated files are what frp-gen generates today.

    python3 tests/reference/check_reference_fresh.py --frp-gen build/frp-gen
    python3 tests/reference/check_reference_fresh.py --frp-gen build/frp-gen \
        --backend reference_backends/opencl --descriptor examples/opencl_reference/frp.yaml

reference_backends/cpu is checked in, generated files included. This runs `frp-gen regen` on a
copy of it (without its build folder), its descriptor being examples/cpu_reference/frp.yaml, and
fails (exit 1) listing every file that regen would create, update, remove or find in conflict. The
user's kernels (scaffold files) may differ from their scaffolds, but none may be missing.
To fix: `frp-gen regen --dir reference_backends/cpu`, then rebuild and test the backend.
"""

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BACKEND = ROOT / "reference_backends" / "cpu"
DESCRIPTOR = ROOT / "examples" / "cpu_reference" / "frp.yaml"
# Build outputs of `pip install -e .`: not part of the repo, and large.
IGNORED = shutil.ignore_patterns(
    "build", "*.so", "*.egg-info", "__pycache__", ".pytest_cache"
)


def stale_files(report: dict) -> list[str]:
    """'action path' for each file regen would touch: every generated file not unchanged, and a
    scaffold file that is missing (created). Edited scaffolds are the user's and do not count."""
    stale = []
    for entry in report["files"]:
        action, owner = entry["action"], entry["owner"]
        if (owner == "generated" and action != "unchanged") or (
            owner == "scaffold" and action == "created"
        ):
            stale.append(f"{action:>9} {owner:<9} {entry['path']}")
    return stale


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frp-gen", type=Path, default=Path("build/frp-gen"))
    parser.add_argument(
        "--backend",
        type=Path,
        default=BACKEND,
        help="the backend (default: the CPU one)",
    )
    parser.add_argument(
        "--descriptor", type=Path, default=DESCRIPTOR, help="its descriptor of record"
    )
    args = parser.parse_args()
    backend, descriptor = args.backend.resolve(), args.descriptor.resolve()
    # A relative default means the project's build, wherever the script is run from.
    frp_gen = args.frp_gen if args.frp_gen.exists() else ROOT / args.frp_gen
    if not frp_gen.exists():
        print(f"error: frp-gen not found at {args.frp_gen}", file=sys.stderr)
        return 2

    problems = []
    if (backend / "frp.yaml").read_bytes() != descriptor.read_bytes():
        problems.append(f"  differs   input     frp.yaml (from {descriptor})")

    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "cpu"
        shutil.copytree(backend, copy, ignore=IGNORED)
        # Regenerate from the descriptor of record, so that an edit to it which was never
        # regenerated shows up as the files it would change.
        shutil.copy2(descriptor, copy / "frp.yaml")
        run = subprocess.run(
            [str(frp_gen.resolve()), "regen", "--dir", str(copy), "--json"],
            capture_output=True,
            text=True,
            check=False,
        )
        try:
            report = json.loads(run.stdout)
        except json.JSONDecodeError:
            # Bad input (exit 2) prints diagnostics, not a report.
            print(run.stdout + run.stderr, file=sys.stderr)
            print(
                f"error: frp-gen regen exited {run.returncode} without a report",
                file=sys.stderr,
            )
            return 1
        problems += [f"  {line}" for line in stale_files(report)]
        if run.returncode != 0 and not problems:
            problems.append(
                f"  frp-gen regen exited {run.returncode}: {run.stderr.strip()}"
            )

    if problems:
        print(f"{backend} is stale; `frp-gen regen` would change:")
        print("\n".join(problems))
        print(f"fix: {args.frp_gen} regen --dir {backend}")
        return 1
    print(f"{backend}: {len(report['files'])} files, generated files fresh")
    return 0


if __name__ == "__main__":
    sys.exit(main())
