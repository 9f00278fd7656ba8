"""The render model frp-gen prints (`frp-gen plan`) has exactly the shape
schemas/render_model.schema.json describes: a key or field added to the model without a
description there, or one described that the model no longer has, fails here."""

import json
from pathlib import Path

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "schemas" / "render_model.schema.json").read_text())
EXAMPLES = sorted((ROOT / "examples").glob("*/frp.yaml"))


@pytest.fixture(scope="module")
def validator():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    return jsonschema.Draft202012Validator(SCHEMA)


def plan(run, descriptor: Path) -> dict:
    code, out, err = run("plan", "--descriptor", descriptor)
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("descriptor", EXAMPLES, ids=lambda p: p.parent.name)
def test_the_model_of_every_example_has_the_described_shape(run, validator, descriptor):
    errors = [
        f"{'/'.join(map(str, error.absolute_path))}: {error.message[:300]}"
        for error in validator.iter_errors(plan(run, descriptor))
    ]
    assert errors == []


def test_every_described_field_occurs_in_some_example(run):
    """Descriptions of fields that no model has any more would document nothing."""
    seen = {"op": set(), "file": set()}
    for descriptor in EXAMPLES:
        model = plan(run, descriptor)
        for op in model["ops"]:
            seen["op"] |= op.keys()
        for entry in model["files"]:
            seen["file"] |= entry.keys()
    for kind, fields in seen.items():
        assert sorted(SCHEMA["$defs"][kind]["properties"].keys() - fields) == [], kind
