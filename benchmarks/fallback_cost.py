#!/usr/bin/env python3
"""Benchmark: what the CPU fallback costs a generated device, side by side with torch's CPU.

On a fresh `frp-gen new` repo every operator without a kernel runs through the CPU fallback. It
reaches device memory one of two ways (csrc/generated/cpu_call.h): mapped into the host, where
the runtime maps it (the default host runtime, CPU-like devices, unified memory), or copied to
the CPU and back. This script times both on the same device in one run, beside the CPU:

  ops   operators with no kernel on a fresh device (add, exp, hypot and an in-place
        sin_) on 1 to 1,000,000 float32 elements: microseconds per call on the CPU, mapped
        and copied, and each ratio to the CPU
  cnn   inference of a small CNN (two conv/batch-norm/relu blocks, pooling, a linear layer;
        batch 8, 3x64x64), and of torchvision's ResNet-18 (batch 8, 3x224x224, random weights)
        where torchvision is installed: milliseconds per batch

Each figure is the median over --runs runs of a batch of calls after warm-up, with the device
synchronized after each batch; the CPU's and the device's batches alternate, so that the
machine's drift affects all alike. Run it with the Python of the virtualenv the backend is
installed in, for example:
  build/venv-mydevice/bin/python benchmarks/fallback_cost.py --device mydevice
"""

import argparse
import copy
import functools
import statistics
import time
import warnings

import torch
from torch import nn


def per_call_seconds(fns, syncs, calls: int, runs: int) -> list[float]:
    """Median seconds per call of each of `fns`, their batches alternating."""
    for fn, sync in zip(fns, syncs):
        for _ in range(max(1, calls // 10)):  # warm-up: caches, allocator, lazy init
            fn()
        sync()
    samples = [[] for _ in fns]
    for _ in range(runs):
        for fn, sync, out in zip(fns, syncs, samples):
            start = time.perf_counter()
            for _ in range(calls):
                fn()
            sync()
            out.append((time.perf_counter() - start) / calls)
    return [statistics.median(s) for s in samples]


def with_memory_access(module, mapped: bool, fn):
    """fn, run with the fallback mapping device memory (mapped=True) or copying it."""

    def run():
        module._C._set_fallback_maps_memory(mapped)
        return fn()

    return run


def small_cnn() -> nn.Module:
    return nn.Sequential(
        nn.Conv2d(3, 32, 3, padding=1),
        nn.BatchNorm2d(32),
        nn.ReLU(),
        nn.MaxPool2d(2),
        nn.Conv2d(32, 64, 3, padding=1),
        nn.BatchNorm2d(64),
        nn.ReLU(),
        nn.AdaptiveAvgPool2d(1),
        nn.Flatten(),
        nn.Linear(64, 10),
    ).eval()


def resnet18() -> nn.Module | None:
    """torchvision's ResNet-18, or None without torchvision. The index's torchvision is a CUDA
    build whose C++ operators do not load on the CPU torch; its Python models need only the
    schemas of the two operators it registers fake kernels for at import."""
    try:
        library = torch.library.Library("torchvision", "DEF")
        library.define("nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor")
        library.define(
            "qnms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor"
        )
        import torchvision
    except ImportError:
        return None
    resnet18.library = library  # the schemas live as long as the library object
    return torchvision.models.resnet18().eval()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", required=True, help="the backend's device name")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument(
        "--threads", type=int, default=2, help="torch threads, both sides"
    )
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    warnings.simplefilter("ignore")  # the fallback's first-use warning

    module = getattr(torch, args.device)
    module.set_fallback_policy("silent")
    device = torch.device(args.device)
    maps_before = module._C._fallback_maps_memory()

    def sync_cpu() -> None:
        pass  # CPU work is synchronous

    syncs = (sync_cpu, module.synchronize, module.synchronize)
    print(
        f"torch {torch.__version__}, {torch.get_num_threads()} threads, device {device}"
    )
    print(f"medians of {args.runs} runs\n")
    print("ops: time per call (us)")
    print(
        f"{'op':<8} {'numel':>8} | {'cpu':>8} | {'mapped':>8} | {'copied':>8} "
        f"| {'mapped/cpu':>10} | {'copied/cpu':>10}"
    )
    print(
        "---------+----------+----------+----------+----------+------------+-----------"
    )
    ops = {
        "add": lambda a, b: torch.add(a, b),
        "exp": lambda a, b: torch.exp(a),
        "hypot": lambda a, b: torch.hypot(a, b),
        "sin_": lambda a, b: a.sin_(),
    }
    fallbacks_before = sum(module.fallback_stats().values())
    for name, op in ops.items():
        for numel in (1, 1000, 100_000, 1_000_000):
            a, b = torch.rand(numel) + 1, torch.rand(numel) + 1
            da, db = a.to(device), b.to(device)
            calls = max(20, min(5000, int(2e8 / max(numel, 1) / 100)))
            on_cpu, on_dev = functools.partial(op, a, b), functools.partial(op, da, db)
            cpu, mapped, copied = per_call_seconds(
                (
                    on_cpu,
                    with_memory_access(module, True, on_dev),
                    with_memory_access(module, False, on_dev),
                ),
                syncs,
                calls,
                args.runs,
            )
            print(
                f"{name:<8} {numel:>8} | {cpu * 1e6:8.2f} | {mapped * 1e6:8.2f} | "
                f"{copied * 1e6:8.2f} | {mapped / cpu:9.2f}x | {copied / cpu:9.2f}x"
            )

    print("\ncnn: inference, batch 8, time per batch (ms)")
    print(
        f"{'model':<9} | {'cpu':>8} | {'mapped':>8} | {'copied':>8} "
        f"| {'mapped/cpu':>10} | {'copied/cpu':>10}"
    )
    print("----------+----------+----------+----------+------------+-----------")
    models = [("small", small_cnn(), (8, 3, 64, 64), 10)]
    if (resnet := resnet18()) is not None:
        models.append(("resnet18", resnet, (8, 3, 224, 224), 2))
    for name, model, shape, calls in models:
        on_device = copy.deepcopy(model).to(device)
        x = torch.randn(shape)
        dx = x.to(device)
        with torch.no_grad():
            cpu, mapped, copied = per_call_seconds(
                (
                    functools.partial(model, x),
                    with_memory_access(module, True, functools.partial(on_device, dx)),
                    with_memory_access(module, False, functools.partial(on_device, dx)),
                ),
                syncs,
                calls,
                args.runs,
            )
        print(
            f"{name:<9} | {cpu * 1e3:8.2f} | {mapped * 1e3:8.2f} | {copied * 1e3:8.2f} | "
            f"{mapped / cpu:9.2f}x | {copied / cpu:9.2f}x"
        )
    if resnet is None:
        print("(ResNet-18: torchvision is not installed here)")
    module._C._set_fallback_maps_memory(maps_before)
    fallbacks = sum(module.fallback_stats().values()) - fallbacks_before
    print(f"\nCPU fallbacks during the benchmark: {fallbacks}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
