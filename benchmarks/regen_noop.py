#!/usr/bin/env python3
"""Benchmark: a regen that has nothing to do, on the default repo (`frp-gen new mydevice`).

Each run is one `frp-gen regen` process, timed from its start to its exit, on a repo that is
already up to date; the script checks that no run wrote anything (every file's bytes and
modification time as before). Two kinds of no-op regen are timed: the usual one, which finds
the texts the last run rendered kept in the cache folder (render/kept_rendering.h) and starts no
Python, and one whose kept texts were removed first, which renders as a first run would (after
a template or the renderer's Python changed). `frp-gen new` of the same repo, also without kept
texts, is timed beside them, for scale. The runs use a cache folder of their own, warmed by a
first round that is not counted. Goal: a no-op regen in at most 100 ms.

  python3 benchmarks/regen_noop.py [--runs 9] [--frp-gen build/frp-gen]
"""

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL_MS = 100


def timed(cmd: list, env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def state(repo: Path) -> dict:
    """{path: (bytes, mtime_ns)} of every file of the repo."""
    return {
        p.relative_to(repo).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(repo.rglob("*"))
        if p.is_file()
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--frp-gen", default=str(ROOT / "build" / "frp-gen"))
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="frp-regen-noop-"))
    cache = work / "cache"
    env = {**os.environ, "FRP_CACHE_DIR": str(cache)}
    try:
        news, kept, rendered = [], [], []
        for run in range(
            args.runs + 1
        ):  # the first round warms the caches and is not counted
            repo = work / f"torch_mydevice_{run}"
            shutil.rmtree(cache / "render", ignore_errors=True)
            new = timed(
                [args.frp_gen, "-q", "new", "mydevice", "--dir", str(repo)], env
            )
            before = state(repo)
            regen = [args.frp_gen, "-q", "regen", "--dir", str(repo)]
            times = [timed(regen, env)]
            shutil.rmtree(cache / "render")
            times.append(timed(regen, env))
            if state(repo) != before:
                print(f"a no-op regen wrote into {repo}")
                return 1
            if run:
                news.append(new)
                kept.append(times[0])
                rendered.append(times[1])
            shutil.rmtree(repo)
        files = len(before)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print(
        f"default repo (frp-gen new mydevice): {files} files; medians of {args.runs} runs\n"
    )
    print(
        f"{'command':<16} | {'median ms':>9} | {'min ms':>6} | {'max ms':>6} | writes"
    )
    print("-----------------+-----------+--------+--------+-------")
    rows = (
        ("new", news, files),
        ("regen (no-op)", kept, 0),
        ("  nothing kept", rendered, 0),
    )
    for name, times, writes in rows:
        ms = [t * 1e3 for t in times]
        print(
            f"{name:<16} | {statistics.median(ms):9.1f} | {min(ms):6.1f} | {max(ms):6.1f} |"
            f" {writes:>6}"
        )
    median = statistics.median(kept) * 1e3
    verdict = "met" if median <= GOAL_MS else "NOT met"
    print(f"\nno-op regen: {median:.1f} ms (goal: at most {GOAL_MS} ms, {verdict})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
