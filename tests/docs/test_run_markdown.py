"""The doc-test runner: each rule of tests/docs/FORMAT.md, and that a wrong page fails."""

import subprocess
import sys
from pathlib import Path

import pytest

RUNNER = Path(__file__).with_name("run_markdown.py")
FENCE = "```"


def run(tmp_path: Path, page: str) -> subprocess.CompletedProcess:
    path = tmp_path / "page.md"
    path.write_text(page.replace("'''", FENCE))
    work = tmp_path / "work"
    return subprocess.run(
        [sys.executable, RUNNER, path, "--workdir", work],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


GOOD = """
'''bash
mkdir sub && cd sub
export FOO=bar
echo "in $(basename $PWD) $FOO"
'''
'''text
in sub bar
'''
'''python
import os
print(os.getcwd().endswith("sub"), os.environ["FOO"])
'''
'''text
True bar
'''
'''bash exit=2
echo hello
cd /
bash -c 'exit 2'
echo never
'''
'''text
hello
'''
'''bash
echo "still in $(basename $PWD)"; seq 1 5
'''
'''text
still ...sub
...
5
'''
'''cpp file=x/a.cpp
int g();
// ANCHOR: k
  int f() { return 1; }
// ANCHOR_END: k
'''
'''cpp from=x/a.cpp#k
int f() { return 1; }
'''
'''bash norun
exit 1
'''
"""


def test_a_page_that_holds_passes(tmp_path):
    result = run(tmp_path, GOOD)
    assert result.returncode == 0, result.stderr
    assert "4 blocks ran, 1 files written, 1 quotes checked" in result.stdout
    assert "not run (norun): blocks at lines 43" in result.stdout
    assert (tmp_path / "work" / "sub" / "x" / "a.cpp").exists()


@pytest.mark.parametrize(
    "change, line, message",
    [
        ("in sub bar", 7, "is not what the page shows"),  # wrong output
        ("bash -c 'exit 2'", 17, "should exit 2, but exit 0"),  # wrong status
        ("mkdir sub && cd sub", 2, "it ended the session"),  # a failing command
        ("int f() { return 1; }\n'''\n'''bash", 40, "differs from x/a.cpp#k"),
    ],
)
def test_a_page_that_drifts_fails_where_it_drifts(tmp_path, change, line, message):
    broken = {
        "in sub bar": GOOD.replace("in sub bar", "in sub baz"),
        "bash -c 'exit 2'": GOOD.replace("bash -c 'exit 2'\necho never", "true"),
        "mkdir sub && cd sub": GOOD.replace("mkdir sub && cd sub", "false\ncd sub"),
        "int f() { return 1; }\n'''\n'''bash": GOOD.replace(
            "'''cpp from=x/a.cpp#k\nint f() { return 1; }",
            "'''cpp from=x/a.cpp#k\nint f() { return 2; }",
        ),
    }[change]
    result = run(tmp_path, broken)
    assert result.returncode == 1
    assert f"page.md:{line}: error:" in result.stderr
    assert message in result.stderr


def test_an_unclosed_block_is_an_error(tmp_path):
    result = run(tmp_path, "'''bash\necho hi\n")
    assert result.returncode == 1
    assert (
        "page.md:1: error: the code block opened here is never closed" in result.stderr
    )
