"""Compile proof: the dispatcher itself checks frp-gen's C++ signatures.

Generates a backend whose descriptor lists a sample of aten ops covering every argument type,
return type, op kind and device-guard form present in the installed torch's
native_functions.yaml, builds it against libtorch, and loads it into torch. Every m.impl() is
checked by the dispatcher against the op's registered schema at load time, so a clean load with
a PrivateUse1 kernel for every sampled op proves the type mapping for all of them.

    python3 tests/torch/compile_proof.py --frp-gen build/frp-gen --work build/compile_proof
    python3 tests/torch/compile_proof.py ... --all      # every aten op (slow; not in ctest)
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path


def run(cmd, **kwargs):
    shown = ["<load check>" if c == LOAD_CHECK else str(c) for c in cmd]
    print("+", " ".join(shown), flush=True)
    return subprocess.run(cmd, check=True, **kwargs)


CUSTOM_OPS = (
    Path(__file__).resolve().parents[2] / "examples/custom_ops/schemas/npu_ops.yaml"
)


def plan_all_ops(frp_gen: Path, work: Path) -> list[dict]:
    """The render model of a backend with every aten op: the C++ facts of each op."""
    keys = subprocess.run(
        [frp_gen, "list-ops"], check=True, capture_output=True, text=True
    ).stdout.split()
    # All but the one a generated file registers itself (generator/plan/op_selection.cpp:
    # naming it in `ops:` is an error).
    keys = [k for k in keys if k != "_has_compatible_shallow_copy_type"]
    descriptor = work / "all_ops.yaml"
    descriptor.write_text(
        "device: proofdev\nops:\n" + "".join(f"  - {k}\n" for k in keys)
    )
    return planned_ops(frp_gen, descriptor)


def planned_ops(frp_gen: Path, descriptor: Path) -> list[dict]:
    """The ops of the render model `frp-gen plan` gives for `descriptor`."""
    model = subprocess.run(
        [frp_gen, "plan", "--descriptor", descriptor],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(model)["ops"]


def argument_types(op: dict) -> dict[str, str]:
    """Each argument's C++ type, by name, read from the op's `signature` ("type name, ..."):
    the only ", " inside a type is that of std::array<bool, N>."""
    parts = (
        op["signature"].replace("<bool, ", "<bool,").split(", ")
        if op["signature"]
        else []
    )
    return {
        name: type_.replace("<bool,", "<bool, ")
        for type_, _, name in (part.rpartition(" ") for part in parts)
    }


def features(op: dict) -> set[str]:
    """Everything about an op whose C++ spelling must be right."""
    found = {f"return:{op['return_type']}", f"kind:{op['kind']}"}
    types = argument_types(op)
    found |= {f"arg:{type_}" for type_ in types.values()}
    guard = op["guard"]
    found.add(f"guard:{guard['kind'] if guard else 'none'}")
    # The device check a checked argument calls (check_device, or check_written_device for one
    # the op writes) is chosen by its C++ type.
    found |= {
        f"check:{'written ' if check['written'] else ''}{types[check['argument']]}"
        for check in op["device_checks"]
    }
    return found


def choose_sample(ops: list[dict], size: int) -> list[dict]:
    """Greedy cover of every feature, then evenly spread ops up to `size`."""
    needed = set().union(*(features(op) for op in ops))
    chosen: dict[str, dict] = {}
    while needed:
        best = max(
            ops, key=lambda op: (len(features(op) & needed), -len(op["signature"]))
        )
        chosen[best["key"]] = best
        needed -= features(best)
    step = max(1, len(ops) // max(1, size - len(chosen)))
    for op in ops[::step]:
        if len(chosen) >= size:
            break
        chosen.setdefault(op["key"], op)
    return [op for op in ops if op["key"] in chosen]


def build(repo: Path, build_dir: Path) -> Path:
    sources = len(list((repo / "csrc").rglob("*.cpp")))
    jobs = os.cpu_count() or 2
    # A unity build merges the many small kernel files into one translation unit per core:
    # the proof cares about signatures, and this keeps it within minutes on two cores.
    run(
        [
            "cmake",
            "-S",
            repo,
            "-B",
            build_dir,
            "-G",
            "Ninja",
            # The generated CMake builds against this Python's torch.
            f"-DPython3_EXECUTABLE={sys.executable}",
            "-DCMAKE_BUILD_TYPE=Release",
            "-DCMAKE_UNITY_BUILD=ON",
            f"-DCMAKE_UNITY_BUILD_BATCH_SIZE={-(-sources // jobs)}",
            "-DCMAKE_CXX_FLAGS=-Werror",
        ],
        stdout=subprocess.DEVNULL,
    )
    run(["ninja", "-C", build_dir, f"-j{jobs}"])
    libs = list(build_dir.glob("lib*.so"))
    if len(libs) != 1:
        raise SystemExit(f"expected one library in {build_dir}, found {libs}")
    return libs[0]


LOAD_CHECK = """
import json, sys, torch
torch.ops.load_library(sys.argv[1])
keys = json.loads(open(sys.argv[2]).read())
missing = [k for k in keys if not torch._C._dispatch_has_kernel_for_dispatch_key(
    k if "::" in k else "aten::" + k, "PrivateUse1")]
print(f"loaded: {len(keys) - len(missing)} of {len(keys)} ops have a PrivateUse1 kernel")
if missing:
    print("missing:", ", ".join(missing))
    sys.exit(1)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frp-gen", type=Path, required=True)
    parser.add_argument("--work", type=Path, required=True)
    parser.add_argument("--size", type=int, default=320, help="ops in the sample")
    parser.add_argument(
        "--all", action="store_true", help="every aten op, not a sample"
    )
    args = parser.parse_args()
    frp_gen = args.frp_gen.resolve()
    work = args.work.resolve()
    work.mkdir(parents=True, exist_ok=True)

    started = time.monotonic()
    ops = plan_all_ops(frp_gen, work)
    sample = ops if args.all else choose_sample(ops, args.size)
    covered = set().union(*(features(op) for op in sample))
    total = set().union(*(features(op) for op in ops))
    print(
        f"sample: {len(sample)} of {len(ops)} ops, covering {len(covered)} of {len(total)} "
        "argument types, return types, kinds and guard forms"
    )
    if covered != total:
        print("not covered:", sorted(total - covered))
        return 1

    # Custom ops ride along: their definitions and not-yet-written kernels must build too.
    shutil.copy(CUSTOM_OPS, work / "custom_ops.yaml")
    descriptor = work / "sample.yaml"
    descriptor.write_text(
        "device: proofdev\ncustom_ops: [custom_ops.yaml]\nops:\n"
        + "".join(f"  - {op['key']}\n" for op in sample)
    )
    repo = work / "repo"
    shutil.rmtree(repo, ignore_errors=True)
    run(
        [
            frp_gen,
            "new",
            "proofdev",
            "--dir",
            repo,
            "--descriptor",
            descriptor,
            "--quiet",
        ]
    )
    library = build(repo, work / "build")
    keys = [op["key"] for op in sample]
    keys += [op["key"] for op in planned_ops(frp_gen, descriptor) if op["custom"]]
    keys_file = work / "keys.json"
    keys_file.write_text(json.dumps(keys))
    run([sys.executable, "-c", LOAD_CHECK, library, keys_file])
    print(
        f"compile proof: {len(sample)} aten + {len(keys) - len(sample)} custom ops "
        "registered and loaded cleanly "
        f"in {time.monotonic() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
