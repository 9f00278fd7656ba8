"""The descriptor's JSON Schema and frp-gen's own reader agree."""

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "schemas" / "descriptor.schema.json").read_text())

# One value for every key the schema documents, nested sections included.
EVERY_KEY = {
    "device": "everydev",
    "python_package": "torch_everydev",
    "cpp_namespace": "everydev",
    "class_prefix": "EveryDev",
    "collective_backend": "everydev_ccl",
    "ops": ["add.Tensor", "mm"],
    "op_sets": ["minimal", "mlp", "tag:core"],
    "custom_ops": ["ops.yaml"],
    "autograd": ["mm"],
    "autocast": {"lower_precision_fp": ["mm"], "fp32": ["softmax"], "promote": ["cat"]},
    "amp_dtypes": ["bfloat16"],
    "fallback": {"policy": "silent", "deny": ["nonzero"], "register_cpu_kernels": True},
    "features": {name: True for name in SCHEMA["properties"]["features"]["properties"]},
    "runtime": {"devices": 3, "source": "everydev_runtime", "host_addressable": True},
    "build": {"registration_shards": 2},
}


def test_every_documented_key_is_exercised():
    assert set(EVERY_KEY) == set(SCHEMA["properties"])
    for section in ("autocast", "fallback", "runtime", "build"):
        assert set(EVERY_KEY[section]) == set(
            SCHEMA["properties"][section]["properties"]
        )


@pytest.mark.parametrize("example", sorted((ROOT / "examples").glob("*/frp.yaml")))
def test_examples_follow_the_schema(example):
    jsonschema.validate(yaml.safe_load(example.read_text()), SCHEMA)


@pytest.mark.parametrize("index", range(len(SCHEMA["examples"])))
def test_the_schemas_own_examples_are_valid_for_both(index, tmp_path, run):
    """The examples docs/descriptor.md shows come from the schema: both readers accept them."""
    example = SCHEMA["examples"][index]
    jsonschema.validate(example, SCHEMA)
    for path in example.get("custom_ops", []):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(
            "- func: exampleops::twice(Tensor self) -> Tensor\n"
        )
    descriptor = tmp_path / "frp.yaml"
    descriptor.write_text(yaml.safe_dump(example))
    code, out, err = run("validate", "--descriptor", descriptor)
    assert f"valid: {example['device']}" in out
    assert code == 0, err


def test_frp_gen_accepts_every_documented_key(tmp_path, run):
    jsonschema.validate(EVERY_KEY, SCHEMA)
    (tmp_path / "ops.yaml").write_text(
        "- func: everyops::twice(Tensor self) -> Tensor\n"
    )
    descriptor = tmp_path / "frp.yaml"
    descriptor.write_text(yaml.safe_dump(EVERY_KEY))
    code, out, err = run("validate", "--descriptor", descriptor)
    assert code == 0, err
    assert "valid: everydev" in out


def test_both_reject_an_undocumented_key(tmp_path, run):
    descriptor = dict(EVERY_KEY, custom_ops=[], extras={"x": 1})
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(descriptor, SCHEMA)
    path = tmp_path / "frp.yaml"
    path.write_text(yaml.safe_dump(descriptor))
    code, _, err = run("validate", "--descriptor", path)
    assert code == 2
    assert "unknown key 'extras'" in err
