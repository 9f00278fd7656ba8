"""Every name in frp-gen's shipped op sets and policy lists exists in the installed torch."""

import json
import re
from pathlib import Path

import pytest
import torch
import yaml

ROOT = Path(__file__).resolve().parents[2]
OP_SETS = sorted((ROOT / "schemas" / "op_sets").glob("*.yaml"))
POLICIES = ROOT / "schemas" / "policies"

# The autocast policy lists ops by policy, and a bare name stands for all its overloads.
AUTOCAST_POLICIES = ("lower_precision_fp", "fp32", "promote")


@pytest.fixture(scope="module")
def torch_ops(run):
    code, out, err = run("list-ops")
    assert code == 0, err
    return set(out.split())


def load(path: Path) -> dict:
    return yaml.safe_load(path.read_text())


def op_names(path: Path) -> list[str]:
    """The aten operators a list names, whatever its shape."""
    content = load(path)
    if path.name == "autocast.yaml":
        return [name for policy in AUTOCAST_POLICIES for name in content[policy]]
    if path.name == "cpu_defaults.yaml":
        return content["equivalents"] + content["cpu_kernels"]
    if path.name == "unmarked_writes.yaml":
        return list(content["writes"])
    return content["ops"]


OP_LISTS = OP_SETS + sorted(
    p for p in POLICIES.glob("*.yaml") if p.name != "conformance.yaml"
)


@pytest.mark.parametrize("path", OP_LISTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_listed_op_exists(path, torch_ops):
    ops = op_names(path)
    known = torch_ops
    if path.name == "autocast.yaml":
        known = torch_ops | {key.split(".")[0] for key in torch_ops}
    assert ops, f"{path} lists no ops"
    assert sorted(set(ops) - known) == []


def test_unmarked_writes_name_arguments_of_their_ops():
    for key, arguments in load(POLICIES / "unmarked_writes.yaml")["writes"].items():
        name, _, overload = key.partition(".")
        schema = getattr(torch.ops.aten, name).default if not overload else None
        schema = (schema or getattr(getattr(torch.ops.aten, name), overload))._schema
        names = {argument.name for argument in schema.arguments}
        assert set(arguments) <= names, (key, sorted(names))
        for argument in schema.arguments:
            if argument.name in arguments:
                # Listed because the schema does not say it is written.
                assert not (argument.alias_info and argument.alias_info.is_write), key


def test_conformance_policy_names_opinfos_checks_and_dtypes():
    from torch.testing._internal.common_methods_invocations import op_db

    policy = load(POLICIES / "conformance.yaml")
    opinfos = {op.full_name for op in op_db}
    for dtype in policy["dtypes"]:
        assert isinstance(getattr(torch, dtype), torch.dtype), dtype
    assert sorted(set(policy["quick"]) - opinfos) == []
    checks = {"matches_cpu", "noncontiguous", "out", "inplace", "grad"}
    listed = {**policy["not_comparable"], **policy["expected_failures"]}
    for key, reason in listed.items():
        name, _, rest = key.partition("/")
        check, _, dtype = rest.partition("/")
        assert name in opinfos, key
        assert not check or check in checks, key
        assert not dtype or dtype in policy["dtypes"], key
        assert reason, key


def test_every_op_of_the_minimal_set_has_its_generated_kernel(run, tmp_path):
    """The minimal op set is also the list of ops that start from a kernel written by hand in
    minimal_kernels.cpp.j2: the two must name the same ops."""
    descriptor = tmp_path / "frp.yaml"
    descriptor.write_text("device: mydevice\n")
    code, out, err = run("plan", "--descriptor", descriptor)
    assert code == 0, err
    planned = {op["key"]: op for op in json.loads(out)["ops"]}
    minimal = op_names(ROOT / "schemas" / "op_sets" / "minimal.yaml")
    assert sorted(
        key for key, op in planned.items() if op["default_kernel"] == "minimal"
    ) == sorted(minimal)
    template = (ROOT / "templates/csrc/generated/minimal_kernels.cpp.j2").read_text()
    defined = set(re.findall(r"^[\w:<>&, ]+[ &](\w+)\($", template, re.MULTILINE))
    defined |= set(
        re.findall(r"^[\w:<>&, ]+[ &](\w+)\(.*\) \{$", template, re.MULTILINE)
    )
    assert (
        sorted(
            planned[key]["cpp_name"]
            for key in minimal
            if planned[key]["cpp_name"] not in defined
        )
        == []
    )
