#!/usr/bin/env python3
"""Benchmark: build times of the reference CPU backend, medians of several runs.

  clean    configure and build everything pip builds (lib<package>.so and the _C module) in a
           fresh copy of reference_backends/cpu, with ccache off: what a new checkout costs.
  one op   then add one operator to the descriptor's `ops`, `frp-gen regen`, and rebuild: what
           the edit-regenerate-build loop costs (regen time included).

Goals on the 2-core machine: clean at most 90 s, one op at most 25 s.
  python3 benchmarks/backend_build_times.py [--runs 3] [--op neg]
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(cmd: list, cwd: Path, env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def add_op(descriptor: Path, op: str) -> None:
    lines = descriptor.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("ops:"))
    if lines[at].strip() == "ops: []":
        lines[at] = "ops:"
    lines.insert(at + 1, f"  - {op}")
    descriptor.write_text("\n".join(lines) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--op", default="neg", help="the operator added for the rebuild"
    )
    parser.add_argument("--frp-gen", type=Path, default=ROOT / "build" / "frp-gen")
    parser.add_argument(
        "--backend", type=Path, default=ROOT / "reference_backends" / "cpu"
    )
    args = parser.parse_args()

    env = dict(os.environ, CCACHE_DISABLE="1")
    jobs = str(os.cpu_count() or 2)
    configure = [
        "cmake", "-S", ".", "-B", "build", "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
        f"-DPython3_EXECUTABLE={sys.executable}",  # its torch is what the build uses
    ]  # fmt: skip
    build = ["cmake", "--build", "build", "--target", "_C", "--parallel", jobs]
    ignore = shutil.ignore_patterns("build", "*.so", "*.egg-info", "__pycache__")

    clean, one_op = [], []
    for run in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="frp_build_") as tmp:
            repo = Path(tmp) / "backend"
            shutil.copytree(args.backend, repo, ignore=ignore)
            clean.append(timed(configure, repo, env) + timed(build, repo, env))
            add_op(repo / "frp.yaml", args.op)
            regen = [str(args.frp_gen), "regen", "--dir", str(repo), "-q"]
            one_op.append(timed(regen, repo, env) + timed(build, repo, env))
        print(
            f"run {run + 1}: clean {clean[-1]:.1f} s, one op {one_op[-1]:.1f} s",
            flush=True,
        )

    print(
        f"\n{args.backend.name} backend, {jobs} parallel jobs, ccache off, {args.runs} runs"
    )
    print(f"{'build':<22} | {'median s':>8} | {'min s':>6} | {'max s':>6} | goal")
    print("-----------------------+----------+--------+--------+------")
    for name, times, goal in (
        ("clean", clean, "90 s"),
        (f"one op added ({args.op})", one_op, "25 s"),
    ):
        print(
            f"{name:<22} | {statistics.median(times):8.1f} | {min(times):6.1f} | "
            f"{max(times):6.1f} | {goal}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
