#!/usr/bin/env python3
"""Write the render model's tables in docs/templates.md from schemas/render_model.schema.json.

The schema is the one description of the model (tests/cli/test_render_model.py holds frp-gen's
output to it); the page's tables of top-level keys, operator fields and file-entry fields are made
of its descriptions, between `<!-- render-model: NAME -->` and `<!-- /render-model -->`.

    python3 docs/tools/render_model_reference.py            # print the page
    python3 docs/tools/render_model_reference.py --write    # write docs/templates.md

Only the standard library is used.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "schemas" / "render_model.schema.json"
PAGE = ROOT / "docs" / "templates.md"
REGION = re.compile(
    r"(<!-- render-model: (?P<name>\w+) -->\n).*?(<!-- /render-model -->)", re.DOTALL
)


def table(heading: str, properties: dict) -> str:
    rows = [f"| {heading} | what it holds |", "|---|---|"]
    for name, node in properties.items():
        description = node.get("description")
        if not description:
            raise SystemExit(f"{SCHEMA.relative_to(ROOT)}: '{name}' has no description")
        rows.append(f"| `{name}` | {description.replace('|', '&#124;')} |")
    return "\n".join(rows) + "\n"


def tables(schema: dict) -> dict[str, str]:
    return {
        "keys": table("key", schema["properties"]),
        "op": table("field", schema["$defs"]["op"]["properties"]),
        "file": table("field", schema["$defs"]["file"]["properties"]),
    }


def page() -> str:
    made = tables(json.loads(SCHEMA.read_text()))
    text = PAGE.read_text()
    found = set()

    def replace(match: re.Match) -> str:
        name = match["name"]
        if name not in made:
            raise SystemExit(f"{PAGE.relative_to(ROOT)}: no table named '{name}'")
        found.add(name)
        return match[1] + made[name] + match[3]

    text = REGION.sub(replace, text)
    if missing := sorted(made.keys() - found):
        raise SystemExit(
            f"{PAGE.relative_to(ROOT)}: no region for {', '.join(missing)}"
        )
    return text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write docs/templates.md")
    args = parser.parse_args()
    text = page()
    if args.write:
        PAGE.write_text(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
