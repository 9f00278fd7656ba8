"""Fixtures for the end-to-end tests of the frp-gen command line.

The binary comes from $FRP_GEN (set by ctest), else <repo>/build/frp-gen. frp-gen finds PyTorch's
native_functions.yaml in the installed torch by itself.
"""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]

# `file:line:column: error: message`, or `file: error: message` when there is no position.
DIAGNOSTIC = re.compile(
    r"^(?P<file>.+?)(?::(?P<line>\d+):(?P<column>\d+))?: error: (?P<message>.*)$"
)


@pytest.fixture(scope="session")
def frp_gen() -> Path:
    path = Path(os.environ.get("FRP_GEN") or REPO_ROOT / "build" / "frp-gen")
    if not path.is_file() or not os.access(path, os.X_OK):
        pytest.fail(f"frp-gen binary not found at {path}: build it, or set FRP_GEN")
    return path


@pytest.fixture(scope="session")
def run(frp_gen):
    """run(*args, cwd=None, env=None) -> (exit code, stdout, stderr); env adds variables."""

    def _run(*args, cwd=None, env=None):
        result = subprocess.run(
            [str(frp_gen), *[str(a) for a in args]],
            cwd=cwd,
            env=dict(os.environ, **env) if env else None,
            check=False,
            capture_output=True,
            text=True,
            timeout=120,
        )
        return result.returncode, result.stdout, result.stderr

    return _run


def take_snapshot(root) -> dict:
    """{relative path: (bytes, mtime_ns)} for every file under root; folders map to (None, None)."""
    root = Path(root)
    tree = {}
    if not root.exists():
        return tree
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.is_dir() and not path.is_symlink():
            tree[rel + "/"] = (None, None)
        else:
            tree[rel] = (path.read_bytes(), path.stat().st_mtime_ns)
    return tree


@pytest.fixture(scope="session")
def snapshot():
    return take_snapshot


class Diagnostic:
    def __init__(self, file, line, column, message, body):
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.body = body  # the lines after the header: quoted source, caret, hint

    @property
    def hint(self):
        for text in self.body:
            if text.startswith("  hint: "):
                return text[len("  hint: ") :]
        return None

    @property
    def excerpt(self):
        """(quoted source line, caret line) when the diagnostic quotes its source, else None."""
        quoted = [text for text in self.body if text.startswith("    ")]
        if len(quoted) < 2:
            return None
        return quoted[0][4:], quoted[1][4:]

    def __repr__(self):
        return f"Diagnostic({self.file}:{self.line}:{self.column}: {self.message!r}, {self.body!r})"


def parse_diagnostics(stderr: str) -> list:
    diags = []
    for text in stderr.splitlines():
        m = DIAGNOSTIC.match(text)
        if m:
            line = int(m["line"]) if m["line"] else None
            column = int(m["column"]) if m["column"] else None
            diags.append(Diagnostic(m["file"], line, column, m["message"], []))
        elif diags and text.startswith("  "):
            diags[-1].body.append(text)
    return diags


@pytest.fixture(scope="session")
def diagnostics():
    """diagnostics(stderr) -> [Diagnostic], parsed from frp-gen's error output."""
    return parse_diagnostics


@pytest.fixture(scope="session")
def expect_error():
    """expect_error(stderr, file, line, column, fragment, hint=None, excerpt=None) -> Diagnostic.

    Finds the one error at file:line:column whose message contains `fragment`. With `hint`, the
    diagnostic's hint must contain it. With `excerpt=source_text`, the diagnostic must quote the
    line `line` of source_text and put its caret under column `column`.
    """

    def _expect(stderr, file, line, column, fragment, hint=None, excerpt=None):
        # Bad input gets our message, never a stray Python traceback from the renderer.
        assert "Traceback" not in stderr, stderr
        found = [
            d
            for d in parse_diagnostics(stderr)
            if d.file == str(file)
            and d.line == line
            and d.column == column
            and fragment in d.message
        ]
        assert len(found) == 1, (
            f"expected one error at {file}:{line}:{column} containing {fragment!r}; stderr:\n{stderr}"
        )
        d = found[0]
        if hint is not None:
            assert d.hint is not None and hint in d.hint, (
                f"expected hint {hint!r} in {d!r}"
            )
        if excerpt is not None:
            source_line = excerpt.splitlines()[line - 1]
            assert d.excerpt == (source_line, " " * (column - 1) + "^"), (
                f"expected the source line and a caret under column {column}; got {d!r}"
            )
        return d

    return _expect


@pytest.fixture(scope="session")
def pristine_repo(tmp_path_factory, run):
    """A repo made once by `frp-gen new mydevice`; tests copy it with copy_repo, never change it."""
    root = tmp_path_factory.mktemp("pristine") / "torch_mydevice"
    code, _, err = run("new", "mydevice", "--dir", root)
    assert code == 0, err
    return root


@pytest.fixture
def copy_repo(pristine_repo, tmp_path):
    """copy_repo() -> a private copy of pristine_repo (timestamps kept) under tmp_path."""

    def _copy(name="repo"):
        target = tmp_path / name
        shutil.copytree(pristine_repo, target, copy_function=shutil.copy2)
        return target

    return _copy
