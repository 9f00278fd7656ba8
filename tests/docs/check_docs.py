#!/usr/bin/env python3
"""The project's docs are true to their sources: the generated reference pages are what their
generators print today (the CLI, descriptor and render-model references), every torch release they name is the one in TORCH_VERSION, and every
link of every page resolves, every page reachable from the README.

    check_docs.py --frp-gen build/frp-gen
"""

import argparse
import difflib
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
import check_links  # beside this script


def stale(page: Path, text: str, command: str) -> str:
    """A diff of the page against what its generator prints, or "" when they agree."""
    written = page.read_text()
    if written == text:
        return ""
    diff = difflib.unified_diff(
        written.splitlines(keepends=True),
        text.splitlines(keepends=True),
        f"{page.relative_to(ROOT)} (as committed)",
        f"{page.relative_to(ROOT)} (as generated)",
    )
    return f"{page.relative_to(ROOT)} is stale: run {command}\n" + "".join(diff)


# "torch 2.13.0", "torch==2.13.0": a release of torch named in prose or in a command.
TORCH_RELEASE = re.compile(r"\btorch(?: |==)(\d+\.\d+\.\d+)")


def other_torch_releases() -> str:
    """Where README.md or docs/ name a torch release other than TORCH_VERSION's, which setup.sh
    installs and frp-gen's hints name."""
    supported = (ROOT / "TORCH_VERSION").read_text().strip()
    found = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for number, line in enumerate(page.read_text().splitlines(), 1):
            for release in TORCH_RELEASE.findall(line):
                if release != supported:
                    found.append(f"{page.relative_to(ROOT)}:{number}: torch {release}")
    if not found:
        return ""
    return f"these name a torch other than TORCH_VERSION's {supported}:\n" + "\n".join(
        found
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frp-gen", required=True, type=Path)
    args = parser.parse_args()
    problems = []

    cli = subprocess.run(
        [args.frp_gen, "--help-markdown"], capture_output=True, text=True, check=True
    ).stdout
    problems.append(
        stale(ROOT / "docs/cli.md", cli, "frp-gen --help-markdown > docs/cli.md")
    )
    descriptor = subprocess.run(
        [sys.executable, ROOT / "docs/tools/descriptor_reference.py"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    problems.append(
        stale(
            ROOT / "docs/descriptor.md",
            descriptor,
            "python3 docs/tools/descriptor_reference.py --write",
        )
    )
    render_model = subprocess.run(
        [sys.executable, ROOT / "docs/tools/render_model_reference.py"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    problems.append(
        stale(
            ROOT / "docs/templates.md",
            render_model,
            "python3 docs/tools/render_model_reference.py --write",
        )
    )
    problems.append(other_torch_releases())
    links = subprocess.run(
        [sys.executable, Path(check_links.__file__), str(ROOT), "--must-reach", "docs"],
        capture_output=True,
        text=True,
        check=False,
    )
    if links.returncode != 0:
        problems.append(links.stdout + links.stderr)

    problems = [p for p in problems if p]
    for problem in problems:
        print(problem, end="" if problem.endswith("\n") else "\n", file=sys.stderr)
    if not problems:
        print(
            "docs: the CLI, descriptor and render-model references are current, torch is "
            "TORCH_VERSION's, "
            "and every link resolves"
        )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
