"""Every op named in frp-gen's shipped op sets and policy lists exists in the installed torch."""

from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
LISTS = sorted((ROOT / "schemas" / "op_sets").glob("*.yaml")) + sorted(
    (ROOT / "schemas" / "policies").glob("*.yaml")
)


@pytest.fixture(scope="module")
def torch_ops(run):
    code, out, err = run("list-ops")
    assert code == 0, err
    return set(out.split())


# The autocast policy lists ops by policy, and a bare name stands for all its overloads.
AUTOCAST_POLICIES = ("lower_precision_fp", "fp32", "promote")


@pytest.mark.parametrize("path", LISTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_listed_op_exists(path, torch_ops):
    content = yaml.safe_load(path.read_text())
    if path.name == "autocast.yaml":
        ops = [name for policy in AUTOCAST_POLICIES for name in content[policy]]
        known = torch_ops | {key.split(".")[0] for key in torch_ops}
    else:
        ops, known = content["ops"], torch_ops
    assert ops, f"{path} lists no ops"
    assert sorted(set(ops) - known) == []
