#!/usr/bin/env python3
"""Benchmark: a generated backend against torch's CPU, side by side, medians of several runs.

Two tables:
  dispatch  small-tensor ops (add, mul, sum on 1, 10, 100 and 1,000 float32 elements): the time
            per call on the device and on the CPU, and their ratio. The device's extra cost is
            what a backend adds around the same CPU kernel: wrapper, device check and guard,
            allocation through the caching allocator.
  matmul    square float32 matrix products of size 100, 500, 1000 and 2000: device vs CPU.

Each figure is the median over --runs runs; a run times a batch of calls (after warm-up) and
divides, with a synchronize of the device after the batch, so asynchronous work is counted. CPU
and device batches alternate, so that the machine's drift affects both alike.

Run it with the Python of the virtualenv the backend is installed in (a plain `import torch`
loads it), for example:
  build/venv-cpuref/bin/python benchmarks/backend_speed.py --device cpuref
"""

import argparse
import functools
import statistics
import time

import torch


def per_call_seconds(pair, syncs, calls: int, runs: int) -> tuple[float, float]:
    """Median seconds per call of pair[0] and pair[1]. Their batches alternate, so that drift in
    the machine's speed (other load, frequency) affects both alike."""
    for fn, sync in zip(pair, syncs):
        for _ in range(max(1, calls // 10)):  # warm-up: caches, allocator, lazy init
            fn()
        sync()
    samples = ([], [])
    for _ in range(runs):
        for fn, sync, out in zip(pair, syncs, samples):
            start = time.perf_counter()
            for _ in range(calls):
                fn()
            sync()
            out.append((time.perf_counter() - start) / calls)
    return statistics.median(samples[0]), statistics.median(samples[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", required=True, help="the backend's device name")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument(
        "--threads", type=int, default=0, help="torch threads (0: leave as is)"
    )
    args = parser.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)

    module = getattr(torch, args.device)
    device = torch.device(args.device)
    sync_device = module.synchronize

    def sync_cpu() -> None:
        pass  # CPU work is synchronous

    fallbacks_before = sum(module.fallback_stats().values())

    print(
        f"torch {torch.__version__}, {torch.get_num_threads()} threads, device {device}"
    )
    print(f"medians of {args.runs} runs\n")
    print("dispatch: time per call (us)")
    print(f"{'op':<6} {'numel':>6} | {'cpu':>8} | {args.device:>8} | {'ratio':>6}")
    print("-------+--------+----------+----------+-------")
    ops = {"add": torch.add, "mul": torch.mul, "sum": lambda a, _: torch.sum(a)}
    worst = 0.0
    for name, op in ops.items():
        for numel in (1, 10, 100, 1000):
            a, b = torch.randn(numel), torch.randn(numel)
            da, db = a.to(device), b.to(device)
            cpu, dev = per_call_seconds(
                (functools.partial(op, a, b), functools.partial(op, da, db)),
                (sync_cpu, sync_device),
                5000,
                args.runs,
            )
            worst = max(worst, dev / cpu)
            print(
                f"{name:<6} {numel:>6} | {cpu * 1e6:8.2f} | {dev * 1e6:8.2f} | {dev / cpu:5.2f}x"
            )
    print(f"worst ratio: {worst:.2f}x (goal: at most 1.30x)\n")

    print("matmul: float32 mm, time per call (ms)")
    print(f"{'size':>6} | {'cpu':>9} | {args.device:>9} | {'diff':>7}")
    print("-------+-----------+-----------+--------")
    worst = 0.0
    for size in (100, 500, 1000, 2000):
        a, b = torch.randn(size, size), torch.randn(size, size)
        da, db = a.to(device), b.to(device)
        calls = max(3, int(2e9 / (2 * size**3)))  # about a second of work per run
        cpu, dev = per_call_seconds(
            (functools.partial(torch.mm, a, b), functools.partial(torch.mm, da, db)),
            (sync_cpu, sync_device),
            calls,
            args.runs,
        )
        diff = dev / cpu - 1
        worst = max(worst, diff)
        print(f"{size:>6} | {cpu * 1e3:9.3f} | {dev * 1e3:9.3f} | {diff * 100:+6.1f}%")
    print(f"worst: {worst * 100:+.1f}% (goal: within 5%)")

    fallbacks = sum(module.fallback_stats().values()) - fallbacks_before
    print(f"\nCPU fallbacks during the benchmark: {fallbacks}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
