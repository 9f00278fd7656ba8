"""Benchmark: real models on a generated device vs torch's CPU, inference and a training step.

rows (models built from configs, random weights; nothing is downloaded)
  resnet18 infer   torchvision's ResNet-18, eval mode, no grad, batch 8, 3x224x224
  resnet18 train   the same in train mode: forward, cross-entropy, backward, SGD step
  gpt2-tiny fwd    Hugging Face GPT-2 (2 layers, width 128, 4 heads, 1,000 tokens), eval
                   mode, no grad, batch 8 x 64 tokens
  gpt2-tiny train  forward with labels (the language-model loss), backward, SGD step

Each figure is the median over --runs runs of --calls calls in milliseconds per call, after
warm-up, with the device synchronized after each run; the CPU's and the device's runs alternate,
so that the machine's drift affects both alike, and both use --threads threads. Each run starts
with one more call, untimed: the other side's threads are still spinning for work when a run
begins (GNU OpenMP's for several milliseconds after the CPU's last parallel region), and a
user's program does not switch sides every few calls. A model whose library is not installed
is left out, and the script says so.

With --profile, one more call of each model runs under torch.profiler with the device among its
activities, and the operators that took the most device time are printed: where the time goes.

Run it with the Python of the virtualenv the backend is installed in, for example:
  build/venv-ocl/bin/python benchmarks/model_speed.py --device ocl --profile
"""

import argparse
import copy
import statistics
import time
import warnings
from collections.abc import Callable

import torch
from torch import nn


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
    return torchvision.models.resnet18()


def gpt2_tiny() -> nn.Module | None:
    """A two-layer GPT-2 with a language-model head (its output layer tied to the input
    embedding), or None without transformers."""
    try:
        import transformers
        from transformers import GPT2Config, GPT2LMHeadModel
    except ImportError:
        return None
    transformers.logging.set_verbosity_error()  # its notes on the config are not results
    config = GPT2Config(
        n_layer=2, n_embd=128, n_head=4, vocab_size=1000, n_positions=128
    )
    return GPT2LMHeadModel(config)


INFERENCE = {"resnet18": "infer", "gpt2-tiny": "fwd"}  # how each row names inference


class Workload:
    """One row: a model on one side (the CPU or the device) and what a call does with it."""

    def __init__(self, model: nn.Module, device: torch.device, kind: str, train: bool):
        torch.manual_seed(0)
        self.model = copy.deepcopy(model).to(device).train(train)
        self.optimizer = (
            torch.optim.SGD(self.model.parameters(), lr=0.01) if train else None
        )
        if kind == "resnet18":
            self.inputs = torch.randn(8, 3, 224, 224, device=device)
            self.target = torch.randint(0, 1000, (8,), device=device)
        else:
            self.inputs = torch.randint(0, 1000, (8, 64), device=device)
            self.target = self.inputs
        self.kind = kind

    def loss(self) -> torch.Tensor:
        if self.kind == "resnet18":
            return nn.functional.cross_entropy(self.model(self.inputs), self.target)
        return self.model(self.inputs, labels=self.target).loss

    def __call__(self) -> None:
        if self.optimizer is None:
            with torch.no_grad():
                self.model(self.inputs)
            return
        self.optimizer.zero_grad()
        self.loss().backward()
        self.optimizer.step()


def median_ms(
    sides: list[tuple[Callable[[], None], Callable[[], None]]], calls: int, runs: int
) -> list[float]:
    """Median milliseconds per call of each (call, sync) pair, their runs alternating."""
    for fn, sync in sides:
        fn()  # warm-up: caches, the allocator, lazy initialisation
        sync()
    times = [[] for _ in sides]
    for _ in range(runs):
        for i, (fn, sync) in enumerate(sides):
            fn()  # untimed: while the other side's threads wind down
            sync()
            start = time.perf_counter()
            for _ in range(calls):
                fn()
            sync()
            times[i].append((time.perf_counter() - start) * 1e3 / calls)
    return [statistics.median(t) for t in times]


def profile_table(workload: Workload, module, rows: int = 8) -> str:
    """The kernels of one call of `workload` that took the most device time: calls, device
    milliseconds and share of the call's device time."""
    activities = [
        torch.profiler.ProfilerActivity.CPU,
        torch.profiler.ProfilerActivity.PrivateUse1,
    ]
    with torch.profiler.profile(activities=activities) as prof:
        workload()
        module.synchronize()
    on_device = torch.autograd.DeviceType.PrivateUse1
    kernels = [e for e in prof.key_averages() if e.device_type == on_device]
    kernels.sort(key=lambda e: e.self_device_time_total, reverse=True)
    total = sum(e.self_device_time_total for e in kernels)
    lines = [
        f"{'kernel':40} | calls | device ms | share",
        "-" * 41 + "+-------+-----------+------",
    ]
    for e in kernels[:rows]:
        ms, share = e.self_device_time_total / 1e3, e.self_device_time_total / total
        lines.append(f"{e.key:40} | {e.count:5} | {ms:9.2f} | {share:5.1%}")
    lines.append(
        f"{'all ' + str(len(kernels)) + ' kernels':40} | {'':5} | {total / 1e3:9.2f} |"
    )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", required=True, help="the backend's device name")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--calls", type=int, default=2, help="calls per run")
    parser.add_argument(
        "--threads", type=int, default=2, help="torch threads, both sides"
    )
    parser.add_argument(
        "--profile", action="store_true", help="print each model's device profile"
    )
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    warnings.simplefilter("ignore")  # the fallback's first-use warning

    module = getattr(torch, args.device)
    module.set_fallback_policy("silent")
    device = torch.device(args.device)
    cpu = torch.device("cpu")
    print(
        f"torch {torch.__version__}, {torch.get_num_threads()} threads, device {device}"
    )
    print(f"medians of {args.runs} runs of {args.calls} calls\n")

    models = {"resnet18": resnet18(), "gpt2-tiny": gpt2_tiny()}
    rows = []
    profiles = []
    fallbacks_before = sum(module.fallback_stats().values())
    for kind, model in models.items():
        if model is None:
            print(f"({kind}: its library is not installed here)")
            continue
        for train in (False, True):
            name = f"{kind} {'train' if train else INFERENCE[kind]}"
            on_cpu = Workload(model, cpu, kind, train)
            on_device = Workload(model, device, kind, train)
            cpu_ms, device_ms = median_ms(
                [(on_cpu, lambda: None), (on_device, module.synchronize)],
                args.calls,
                args.runs,
            )
            rows.append((name, cpu_ms, device_ms))
            if args.profile:
                profiles.append((name, profile_table(on_device, module)))
    fallbacks = sum(module.fallback_stats().values()) - fallbacks_before

    print(f"model           | {'cpu':>9} | {args.device:>9} | {args.device}/cpu")
    print("----------------+-----------+-----------+--------")
    for name, cpu_ms, device_ms in rows:
        print(
            f"{name:15} | {cpu_ms:9.2f} | {device_ms:9.2f} | {device_ms / cpu_ms:6.2f}x"
        )
    print(f"\nCPU fallbacks during the benchmark: {fallbacks}")
    for name, table in profiles:
        print(f"\n{name}: one call on {args.device}, by operator\n{table}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
