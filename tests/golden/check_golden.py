"""Golden trees: render every descriptor in examples/ and compare with tests/golden/<example>/.

    python3 tests/golden/check_golden.py --frp-gen build/frp-gen            # check
    python3 tests/golden/check_golden.py --frp-gen build/frp-gen --update   # refresh

After --update, review `git diff tests/golden` like code: it is what users will get.
"""

import argparse
import difflib
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
# Examples whose rendered tree is checked in elsewhere, and compared there: a golden copy here
# would be a second copy of the same files.
CHECKED_ELSEWHERE = {
    "cpu_reference": "reference_backends/cpu, by tests/reference/check_reference_fresh.py",
    "opencl_reference": "reference_backends/opencl, by tests/reference/check_reference_fresh.py",
}


def read_tree(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def render(frp_gen: Path, example: Path, out: Path) -> None:
    descriptor = example / "frp.yaml"
    device = next(
        line.split(":", 1)[1].strip()
        for line in descriptor.read_text().splitlines()
        if line.startswith("device:")
    )
    subprocess.run(
        [frp_gen, "new", device, "--dir", out, "--descriptor", descriptor, "--quiet"],
        check=True,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description="check or refresh the golden trees")
    parser.add_argument("--frp-gen", type=Path, default=ROOT / "build" / "frp-gen")
    parser.add_argument("--update", action="store_true")
    args = parser.parse_args()

    examples = sorted(
        p.parent
        for p in (ROOT / "examples").glob("*/frp.yaml")
        if p.parent.name not in CHECKED_ELSEWHERE
    )
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for example in examples:
            fresh = Path(tmp) / example.name
            render(args.frp_gen.resolve(), example, fresh)
            golden = GOLDEN / example.name
            if args.update:
                shutil.rmtree(golden, ignore_errors=True)
                shutil.copytree(fresh, golden)
                print(f"updated {golden.relative_to(ROOT)}")
                continue
            want, got = read_tree(golden), read_tree(fresh)
            problems = [f"missing: {p}" for p in sorted(want.keys() - got.keys())]
            problems += [f"unexpected: {p}" for p in sorted(got.keys() - want.keys())]
            for path in sorted(want.keys() & got.keys()):
                if want[path] != got[path]:
                    diff = difflib.unified_diff(
                        want[path].decode().splitlines(),
                        got[path].decode().splitlines(),
                        f"golden/{path}",
                        f"fresh/{path}",
                        lineterm="",
                        n=1,
                    )
                    problems.append("\n".join(list(diff)[:40]))
            status = "ok" if not problems else f"{len(problems)} differences"
            print(f"{example.name}: {len(got)} files, {status}")
            for problem in problems:
                print(problem)
            failures += bool(problems)
    if failures:
        print(
            "golden trees differ; if the change is intended, run with --update and review"
        )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
