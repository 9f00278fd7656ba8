#!/usr/bin/env python3
"""Benchmark: a generated backend's torch.distributed collectives against Gloo on CPU tensors.

Two spawned ranks, one table each:
  collectives  all_reduce and all_gather_into_tensor of 1, 16 and 64 MB of float32: the time per
               call and the bus bandwidth (NCCL's convention: all_reduce moves 2(n-1)/n of the
               data per rank, all_gather (n-1)/n of the output), on device tensors with the
               device's backend and on CPU tensors with Gloo, and their ratio.
  ddp step     one DistributedDataParallel training step of a small CNN (forward, backward with
               the gradient all-reduce, SGD), half the batch per rank: on the device with its
               backend, and on the CPU with Gloo.

Each figure is the median over --runs runs of a batch of calls (64 MB worth of collectives, 4
DDP steps); device and CPU runs alternate, so that drift in the machine's speed affects both
alike. Both ranks use the same number of torch threads on both
sides (--threads, default 1: two ranks on this machine's two cores).

Run it with the Python of the virtualenv the backend is installed in, for example:
  build/venv-cpuref/bin/python benchmarks/collectives.py --device cpuref
"""

import argparse
import datetime
import json
import os
import statistics
import sys
import tempfile
import time

import torch
import torch.distributed as dist
import torch.multiprocessing as mp

SIZES_MB = (1, 16, 64)
WORLD = 2


def bus_factor(op: str) -> float:
    return 2 * (WORLD - 1) / WORLD if op == "all_reduce" else (WORLD - 1) / WORLD


def timed(fn, sync, calls: int = 1) -> float:
    """Seconds per call of a batch of `calls` calls, started together on both ranks."""
    dist.barrier()
    start = time.perf_counter()
    for _ in range(calls):
        fn()
    sync()
    return (time.perf_counter() - start) / calls


def collectives(device, sync, runs: int) -> list[dict]:
    rows = []
    for mb in SIZES_MB:
        numel = mb * (1 << 20) // 4
        for op in ("all_reduce", "all_gather_into_tensor"):
            tensors = {}
            for side, where in (("device", device), ("cpu", torch.device("cpu"))):
                source = torch.ones(numel, device=where)
                output = torch.empty(numel * WORLD, device=where)
                tensors[side] = (source, output)

            def call(side, tensors=tensors, op=op):  # bound now: called within this loop
                source, output = tensors[side]
                if op == "all_reduce":
                    dist.all_reduce(source)
                else:
                    dist.all_gather_into_tensor(output, source)

            for side in ("device", "cpu"):  # warm-up: connections, staging buffers
                call(side)
            # Batches of about 64 MB each: a small collective's time is mostly the scheduling
            # of four processes' threads on the machine's cores, which varies from call to call.
            calls = max(1, 64 // mb)
            samples = {"device": [], "cpu": []}
            for _ in range(runs):
                for side in ("device", "cpu"):
                    samples[side].append(timed(lambda side=side: call(side), sync, calls))
            moved = numel * 4 * (WORLD if op != "all_reduce" else 1) * bus_factor(op)
            row = {"op": op, "mb": mb}
            for side in ("device", "cpu"):
                seconds = statistics.median(samples[side])
                row[side] = {"ms": seconds * 1e3, "gbps": moved / seconds / 1e9}
            rows.append(row)
    return rows


class SmallCNN(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.features = torch.nn.Sequential(
            torch.nn.Conv2d(3, 16, 3, padding=1),
            torch.nn.ReLU(),
            torch.nn.MaxPool2d(2),
            torch.nn.Conv2d(16, 32, 3, padding=1),
            torch.nn.ReLU(),
            torch.nn.MaxPool2d(2),
        )
        self.head = torch.nn.Linear(32 * 8 * 8, 10)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.features(x).flatten(1))


def ddp_steps(device, sync, runs: int) -> dict:
    from torch.nn.parallel import DistributedDataParallel

    steps = {}
    for side, where in (("device", device), ("cpu", torch.device("cpu"))):
        torch.manual_seed(0)
        model = DistributedDataParallel(SmallCNN().to(where))
        optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
        inputs = torch.randn(16, 3, 32, 32).to(where)
        targets = torch.randint(0, 10, (16,)).to(where)

        def step(model=model, optimizer=optimizer, inputs=inputs, targets=targets):
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(inputs), targets).backward()
            optimizer.step()

        steps[side] = step
    samples = {"device": [], "cpu": []}
    for side in ("device", "cpu"):
        steps[side]()  # warm-up
    for _ in range(runs):
        for side in ("device", "cpu"):
            samples[side].append(timed(steps[side], sync, 4))
    return {side: statistics.median(s) * 1e3 for side, s in samples.items()}


def worker(rank: int, init_method: str, args, report: str) -> None:
    torch.set_num_threads(args.threads)
    module = getattr(torch, args.device)
    device = torch.device(args.device, rank % module.device_count())
    module.set_device(device.index)
    # One group for both sides: CPU tensors run on Gloo, device tensors on the device's backend.
    dist.init_process_group(
        f"cpu:gloo,{args.device}:{module.distributed.BACKEND}",
        init_method=init_method,
        rank=rank,
        world_size=WORLD,
        timeout=datetime.timedelta(seconds=300),
    )
    module.set_fallback_policy("silent")

    def sync() -> None:
        module.synchronize(device.index)

    result = {
        "collectives": collectives(device, sync, args.runs),
        "ddp": ddp_steps(device, sync, args.runs),
        "backend": module.distributed.BACKEND,
    }
    if rank == 0:
        with open(report, "w") as f:
            json.dump(result, f)
    dist.destroy_process_group()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", required=True, help="the backend's device name")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--threads", type=int, default=1, help="torch threads per rank")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        report = os.path.join(folder, "report.json")
        mp.spawn(worker, args=(f"file://{folder}/store", args, report), nprocs=WORLD)
        with open(report) as f:
            result = json.load(f)

    backend = result["backend"]
    print(f"torch {torch.__version__}, {WORLD} ranks, {args.threads} thread(s) per rank")
    print(f"medians of {args.runs} runs; device {args.device} with {backend}, CPU with gloo\n")
    print("collectives (float32): time per call and bus bandwidth")
    print(
        f"{'op':<23} {'MB':>3} | {'gloo cpu ms':>11} {'GB/s':>6} | "
        f"{backend + ' ms':>14} {'GB/s':>6} | {'bw ratio':>8}"
    )
    print("-" * 84)
    for row in result["collectives"]:
        cpu, dev = row["cpu"], row["device"]
        print(
            f"{row['op']:<23} {row['mb']:>3} | {cpu['ms']:>11.2f} {cpu['gbps']:>6.2f} | "
            f"{dev['ms']:>14.2f} {dev['gbps']:>6.2f} | {dev['gbps'] / cpu['gbps']:>7.2f}x"
        )
    ddp = result["ddp"]
    print("\nDDP step of a small CNN (batch 16, 8 per rank), ms")
    print(f"{'gloo cpu':>10} | {backend:>12} | {'time ratio':>10}")
    print(f"{ddp['cpu']:>10.2f} | {ddp['device']:>12.2f} | {ddp['device'] / ddp['cpu']:>9.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
