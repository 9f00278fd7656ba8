#!/usr/bin/env python3
"""Benchmark: a backend with its own device memory (the OpenCL reference backend) against torch's
CPU on the same machine, side by side, medians of several runs.

Three tables:
  elementwise  add and mul of float32 tensors of 1M and 16M elements: time per call and the
               device's speed relative to the CPU's (goal: at least 0.7x).
  matmul       square float32 mm of size 100, 500, 1000 and 2000 (goal: at least 0.5x from 512).
  dispatch     where a small op's time goes on the device: allocation alone (torch.empty), an
               in-place add (no allocation), a new-result add, and a synchronize, on 1 element.

Speed is CPU time / device time: 1.0x is as fast as the CPU, 0.5x takes twice as long. Batches of
calls end with a synchronize, so asynchronous work is counted; CPU and device batches alternate
(backend_speed.per_call_seconds).

Run it with the Python of the backend's virtualenv, e.g. for the OpenCL backend on PoCL:
  POCL_DEVICES="pthread pthread" build/venv-ocl/bin/python benchmarks/accelerator_speed.py --device ocl
"""

import argparse
import functools

import torch
from backend_speed import per_call_seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", required=True, help="the backend's device name")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    module = getattr(torch, args.device)
    device = torch.device(args.device)
    syncs = (lambda: None, module.synchronize)
    fallbacks_before = sum(module.fallback_stats().values())
    print(
        f"torch {torch.__version__}, {torch.get_num_threads()} CPU threads, device {device}"
    )
    print(f"medians of {args.runs} runs\n")

    print("elementwise: float32, time per call (ms)")
    print(f"{'op':<4} {'numel':>9} | {'cpu':>8} | {args.device:>8} | {'speed':>6}")
    print("-----+-----------+----------+----------+-------")
    worst = float("inf")
    for name, op in {"add": torch.add, "mul": torch.mul}.items():
        for numel in (1 << 20, 1 << 24):
            a, b = torch.randn(numel), torch.randn(numel)
            da, db = a.to(device), b.to(device)
            calls = max(5, (1 << 26) // numel)
            cpu, dev = per_call_seconds(
                (functools.partial(op, a, b), functools.partial(op, da, db)),
                syncs,
                calls,
                args.runs,
            )
            worst = min(worst, cpu / dev)
            print(
                f"{name:<4} {numel:>9} | {cpu * 1e3:8.3f} | {dev * 1e3:8.3f} | {cpu / dev:5.2f}x"
            )
    print(f"slowest: {worst:.2f}x (goal: at least 0.70x)\n")

    print("matmul: float32 mm, time per call (ms)")
    print(f"{'size':>6} | {'cpu':>9} | {args.device:>9} | {'speed':>6}")
    print("-------+-----------+-----------+-------")
    worst = float("inf")
    for size in (100, 500, 1000, 2000):
        a, b = torch.randn(size, size), torch.randn(size, size)
        da, db = a.to(device), b.to(device)
        calls = max(2, int(2e8 / (2 * size**3)))
        cpu, dev = per_call_seconds(
            (functools.partial(torch.mm, a, b), functools.partial(torch.mm, da, db)),
            syncs,
            calls,
            args.runs,
        )
        if size >= 512:
            worst = min(worst, cpu / dev)
        print(f"{size:>6} | {cpu * 1e3:9.3f} | {dev * 1e3:9.3f} | {cpu / dev:5.2f}x")
    print(f"slowest from 512: {worst:.2f}x (goal: at least 0.50x)\n")

    print("dispatch: 1 float32 element, time per call (us)")
    print(f"{'what':<22} | {'cpu':>8} | {args.device:>8}")
    print("-----------------------+----------+---------")
    a, b = torch.randn(1), torch.randn(1)
    da, db = a.to(device), b.to(device)
    steps = {
        "empty (allocation)": (
            functools.partial(torch.empty, 1),
            functools.partial(torch.empty, 1, device=device),
        ),
        "add_ (no allocation)": (
            functools.partial(a.add_, b),
            functools.partial(da.add_, db),
        ),
        "add (new result)": (
            functools.partial(torch.add, a, b),
            functools.partial(torch.add, da, db),
        ),
    }
    for what, pair in steps.items():
        cpu, dev = per_call_seconds(pair, syncs, 3000, args.runs)
        print(f"{what:<22} | {cpu * 1e6:8.2f} | {dev * 1e6:8.2f}")
    _, dev = per_call_seconds(
        (lambda: None, module.synchronize), syncs, 3000, args.runs
    )
    print(f"{'synchronize':<22} | {'':>8} | {dev * 1e6:8.2f}")

    fallbacks = sum(module.fallback_stats().values()) - fallbacks_before
    print(f"\nCPU fallbacks during the benchmark: {fallbacks}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
