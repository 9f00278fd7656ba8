#!/usr/bin/env python3
"""Benchmark: torch.compile (Inductor) on a generated backend, beside eager mode and torch's CPU.

For a small CNN and a transformer block, in inference and in a training step (forward and
backward), the median time of one call:
  cpu eager       torch's CPU, eager mode
  cpu inductor    torch's CPU, torch.compile (Inductor's C++ kernels)
  <dev> eager     the device, eager mode
  <dev> compiled  the device, torch.compile with the default backend
and two ratios: eager / compiled on the device (how much compiling gains there), and the
device's compiled time / the CPU's (on a host-addressable backend both run Inductor's C++
kernels, so this is what the device adds around them).

Every variant starts from the same weights and inputs. Each figure is the median over --runs
runs of a batch of calls, after warm-up (the compile happens there), with a synchronize of the
device after each batch; the variants' batches alternate, so that drift in the machine's speed
affects all alike, each batch after one untimed call of its variant (the previous variant's
threads are still spinning for work, and its data has left the caches). A device without an
Inductor code generator shows "-" in its compiled column.

Run it with the Python of the virtualenv the backend is installed in, for example:
  build/venv-cpuref/bin/python benchmarks/compile_speed.py --device cpuref
"""

import argparse
import copy
import statistics
import time

import torch


def cnn() -> tuple[torch.nn.Module, tuple[int, ...]]:
    def block(cin: int, cout: int) -> list[torch.nn.Module]:
        return [
            torch.nn.Conv2d(cin, cout, 3, padding=1, bias=False),
            torch.nn.BatchNorm2d(cout),
            torch.nn.ReLU(),
        ]

    layers = block(3, 16) + block(16, 16) + [torch.nn.MaxPool2d(2)]
    layers += block(16, 32) + block(32, 32) + [torch.nn.AdaptiveAvgPool2d(1)]
    layers += [torch.nn.Flatten(), torch.nn.Linear(32, 10)]
    return torch.nn.Sequential(*layers), (8, 3, 32, 32)


def transformer_block() -> tuple[torch.nn.Module, tuple[int, ...]]:
    layer = torch.nn.TransformerEncoderLayer(
        128, 4, 512, dropout=0.0, batch_first=True, norm_first=True
    )
    return layer, (8, 64, 128)


def step(module: torch.nn.Module, inputs: torch.Tensor, train: bool) -> None:
    if train:
        module(inputs).square().mean().backward()
    else:
        with torch.no_grad():
            module(inputs)


def variants(make, device: str, train: bool, compile_device: bool) -> dict:
    """name -> a call of one step, each with its own copy of the same weights and inputs."""
    torch.manual_seed(0)
    module, shape = make()
    inputs = torch.randn(shape)
    if not train:
        module.eval()
    calls = {}
    for name, where, compiled in (
        ("cpu eager", "cpu", False),
        ("cpu inductor", "cpu", True),
        (f"{device} eager", device, False),
        (f"{device} compiled", device, True),
    ):
        if compiled and where == device and not compile_device:
            continue
        copy_of = copy.deepcopy(module).to(where)
        # Static shapes: the variants compile the same code object (Module.__call__) with
        # different shapes, which would make Dynamo's later graphs dynamic.
        runner = torch.compile(copy_of, dynamic=False) if compiled else copy_of
        # A copy for each variant: `inputs.to("cpu")` is `inputs` itself, and were it to
        # require grad, a device's copy would be no leaf, its gradient copied back to the CPU.
        x = inputs.to(where, copy=True).requires_grad_(train)
        calls[name] = (lambda r=runner, x=x: step(r, x, train), where)
    return calls


def median_seconds(calls: dict, device_module, batch: int, runs: int) -> dict:
    def sync(where: str) -> None:
        if where != "cpu":
            device_module.synchronize()

    for call, where in calls.values():  # warm-up: compiles, caches, the allocator
        for _ in range(3):
            call()
        sync(where)
    samples = {name: [] for name in calls}
    for _ in range(runs):
        for name, (call, where) in calls.items():
            call()  # untimed: while the other variants' threads wind down
            sync(where)
            start = time.perf_counter()
            for _ in range(batch):
                call()
            sync(where)
            samples[name].append((time.perf_counter() - start) / batch)
    return {name: statistics.median(times) for name, times in samples.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", required=True, help="the backend's device name")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--batch", type=int, default=5, help="calls per timed run")
    parser.add_argument(
        "--threads", type=int, default=0, help="torch threads (0: leave as is)"
    )
    args = parser.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    device_module = getattr(torch, args.device)
    device_module.set_fallback_policy("silent")
    # A device without a code generator says so when Inductor meets its first graph.
    from importlib import import_module

    inductor = import_module(device_module.__name__ + ".inductor")
    compile_device = inductor.Scheduling is not inductor._NoCodeGenerator

    d = args.device
    print(f"torch {torch.__version__}, {torch.get_num_threads()} threads, device {d}")
    print(f"ms per call, medians of {args.runs} runs of {args.batch} calls\n")
    header = (
        f"{'model':<23} | {'cpu eager':>9} | {'cpu inductor':>12} | {d + ' eager':>12} | "
        f"{d + ' compiled':>14} | {'eager/compiled':>14} | {'compiled/cpu ind.':>17}"
    )
    print(header)
    print("-" * len(header))
    for label, make in (("cnn", cnn), ("transformer block", transformer_block)):
        for train in (False, True):
            calls = variants(make, d, train, compile_device)
            t = median_seconds(calls, device_module, args.batch, args.runs)
            ms = {name: seconds * 1e3 for name, seconds in t.items()}
            compiled = ms.get(f"{d} compiled")
            row = f"{label + (' train' if train else ' infer'):<23} | "
            row += f"{ms['cpu eager']:>9.2f} | {ms['cpu inductor']:>12.2f} | "
            row += f"{ms[f'{d} eager']:>12.2f} | "
            if compiled is None:
                row += f"{'-':>14} | {'-':>14} | {'-':>17}"
            else:
                row += f"{compiled:>14.2f} | {ms[f'{d} eager'] / compiled:>13.2f}x | "
                row += f"{compiled / ms['cpu inductor']:>16.2f}x"
            print(row, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
