"""The malformed-input corpus: one case per file in malformed/ (the format is in its README.md).

Each case runs one frp-gen command on a bad descriptor, custom-op file, manifest or environment
and must end with the exit code it states, the error it states at its file:line:column (the
source line quoted, the caret under the column), no crash, a clean stderr (UTF-8, no control
characters: input is never echoed raw to a terminal), nothing written anywhere under the test's
folder, and within its time bound."""

import contextlib
import hashlib
import os
import re
import shutil
import socket
import stat
import subprocess
import time
from pathlib import Path

import pytest
import yaml

CORPUS = Path(__file__).parent / "malformed"
CASES = sorted(CORPUS.glob("*.yaml"))

# The command line of each command; {src} holds the descriptor and its files for new and
# validate, {repo} is a copy of a freshly generated repo for regen, {out} a target that must
# never appear, {tmp} the folder around them.
COMMANDS = {
    "new": ["new", "mydevice", "--descriptor", "{src}/frp.yaml", "--dir", "{out}"],
    "validate": ["validate", "--descriptor", "{src}/frp.yaml"],
    "regen": ["regen", "--dir", "{repo}"],
}
CASE_KEYS = {
    "command",
    "descriptor",
    "files",
    "encoding",
    "setup",
    "args",
    "exit",
    "error",
    "seconds",
}
CASE_REQUIRED = {"command", "exit", "error"}
ERROR_KEYS = {
    "file",
    "file_re",
    "line",
    "column",
    "message",
    "message_re",
    "hint",
    "excerpt",
}
SETUP_STEPS = {
    "fifo",
    "symlink",
    "mkdir",
    "remove",
    "chmod",
    "socket",
    "sparse",
    "file",
}
DEFAULT_SECONDS = 5  # generous: a run takes 0.1-0.5 s, but CI machines are loaded

# A diagnostic's first line: `file:line:column: error: message`, or fewer parts.
HEADER = re.compile(
    r"^(?P<file>.+?)(?::(?P<line>\d+)(?::(?P<column>\d+))?)?: error: (?P<message>.*)$"
)
CRASH_SIGNS = ("Traceback", "terminate called", "internal error", "Segmentation fault")
MAX_STDERR = 64 * 1024  # every error is bounded; a case never makes more than a few


def load_case(path):
    case = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(case, dict), f"{path.name}: a case is a mapping"
    assert CASE_REQUIRED <= case.keys() <= CASE_KEYS, (
        f"{path.name}: keys {sorted(case)}; required {sorted(CASE_REQUIRED)}, "
        f"allowed {sorted(CASE_KEYS)}"
    )
    assert case["command"] in COMMANDS, (
        f"{path.name}: unknown command {case['command']}"
    )
    error = case["error"]
    assert isinstance(error, dict) and error.keys() <= ERROR_KEYS, (
        f"{path.name}: error keys"
    )
    # Every case says where its error is: a position, or `line: null` for a whole-file error.
    assert "line" in error, f"{path.name}: state the error's line (null: none)"
    assert (error["line"] is None) == ("column" not in error), (
        f"{path.name}: line and column"
    )
    assert ("file" in error) != ("file_re" in error), f"{path.name}: file or file_re"
    assert ("message" in error) != ("message_re" in error), (
        f"{path.name}: message or _re"
    )
    for step in case.get("setup", []):
        assert len(step.keys() & SETUP_STEPS) == 1, f"{path.name}: setup step {step}"
    return case


def repeated(part):
    """{repeat: TEXT, times: N}: TEXT N times, "{i}" in it counting from 0."""
    text, times = part["repeat"], part["times"]
    if "{i}" not in text:
        return text * times
    return "".join(text.replace("{i}", str(i)) for i in range(times))


def content(value, encoding):
    """A case's text as bytes: a string, or a list of strings and {repeat, times} parts."""
    parts = value if isinstance(value, list) else [value]
    text = "".join(part if isinstance(part, str) else repeated(part) for part in parts)
    return text.encode(encoding)


def expand(text, places):
    return text.format(**{k: str(v) for k, v in places.items()})


def remove(path):
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif path.exists() or path.is_symlink():
        path.unlink()


def apply_setup(step, root, places):
    """One environment step; paths are relative to the case's folder. Returns the path of a
    chmod, whose mode is given back after the run."""
    kind = (step.keys() & SETUP_STEPS).pop()
    path = root / expand(step[kind], places)
    if kind != "chmod" and kind != "sparse":
        remove(path)  # what the step makes replaces what was there
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "symlink":
        os.symlink(expand(step["to"], places), path)
    elif kind == "mkdir":
        path.mkdir()
    elif kind == "chmod":
        os.chmod(path, int(str(step["mode"]), 8), follow_symlinks=False)
        return path
    elif kind == "socket":
        # Bound by its short relative name: socket paths are limited to 108 bytes.
        with contextlib.chdir(path.parent):
            sock = socket.socket(socket.AF_UNIX)
            sock.bind(path.name)
            sock.close()
    elif kind == "sparse":
        with open(path, "wb") as f:
            f.truncate(step["size"])
    elif kind == "file":
        # A file made after the others, where an earlier step cleared its place.
        path.write_bytes(content(step["text"], places["encoding"]))
    return None


def tree_state(root):
    """Every entry under root, links not followed: what it is and, for a file, its bytes' hash,
    size, mode and mtime. Folders count by their mode only: a name made and removed again is no
    write."""
    state = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = os.path.join(folder, name)
            info = os.lstat(path)
            key = os.path.relpath(path, root)
            if stat.S_ISREG(info.st_mode):
                digest = None
                if (
                    info.st_size <= 4 << 20
                ):  # a sparse 64 MiB file is judged by size and mtime
                    with contextlib.suppress(PermissionError):
                        digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
                state[key] = (
                    "file",
                    info.st_mode,
                    info.st_size,
                    info.st_mtime_ns,
                    digest,
                )
            elif stat.S_ISLNK(info.st_mode):
                state[key] = ("link", os.readlink(path))
            elif stat.S_ISDIR(info.st_mode):
                state[key] = ("folder", info.st_mode)
            else:
                state[key] = ("special", info.st_mode)
    return state


def diagnostics(stderr):
    """[(file, line, column, message, body lines)] of frp-gen's errors."""
    found = []
    for text in stderr.split("\n"):
        m = HEADER.match(text)
        if m:
            line = int(m["line"]) if m["line"] else None
            column = int(m["column"]) if m["column"] else None
            found.append((m["file"], line, column, m["message"], []))
        elif found and text.startswith("  "):
            found[-1][4].append(text)
    return found


def matches(diagnostic, expected, places, root):
    file, line, column, message, _ = diagnostic
    if "file" in expected:
        want = expand(expected["file"], places)
        if not (want.startswith("/") or want == "command line"):
            want = str(root / want)
        if file != want:
            return False
    elif not re.fullmatch(expand(expected["file_re"], places), file):
        return False
    if line != expected["line"]:
        return False
    if expected["line"] is not None and column != expected["column"]:
        return False
    if "message" in expected:
        return expected["message"] in message
    return re.search(expected["message_re"], message) is not None


def check_excerpt(diagnostic, expected, source):
    """The diagnostic quotes the source line and puts its caret under the column."""
    body = diagnostic[4]
    quoted = [text[4:] for text in body if text.startswith("    ")]
    assert len(quoted) >= 2, f"no quoted source line: {diagnostic}"
    wanted = source.split(b"\n")[expected["line"] - 1].decode("utf-8", "replace")
    # A CR ending the line is the stderr check's business, not the excerpt's.
    wanted, shown = wanted.rstrip("\r"), quoted[0].rstrip("\r")
    caret = " " * (expected["column"] - 1) + "^"
    # A longer line is shown as a window around the column.
    if len(wanted.encode()) <= 100:
        assert shown == wanted, f"quoted {shown!r}, the line is {wanted!r}"
        assert quoted[1] == caret, f"caret {quoted[1]!r}, expected {caret!r}"
    else:
        assert quoted[1].strip() == "^", f"no caret under the long line: {quoted[1]!r}"


def check_stderr_is_clean(raw):
    """Valid UTF-8 with no control characters but newline and tab, and bounded."""
    assert len(raw) < MAX_STDERR, f"stderr is {len(raw)} bytes"
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        pytest.fail(f"stderr is not UTF-8 ({e}): {raw[:2000]!r}")
    bad = sorted(
        {
            c
            for c in text
            if (ord(c) < 0x20 and c not in "\n\t") or 0x7F <= ord(c) <= 0x9F
        }
    )
    assert not bad, f"stderr echoes control characters {bad}: {raw[:2000]!r}"


@pytest.fixture(scope="session")
def drop_root_privilege():
    """How to run frp-gen so that mode 000 stops its reads: as is for a normal user; as root,
    through setpriv without the capabilities that let root read and search anything."""
    if os.geteuid() != 0:
        return []
    prefix = ["setpriv", "--bounding-set=-dac_override,-dac_read_search"]
    if shutil.which("setpriv") is None:
        return None
    probe = subprocess.run([*prefix, "true"], check=False, capture_output=True)
    return prefix if probe.returncode == 0 else None


@pytest.mark.parametrize("case_file", CASES, ids=[p.stem for p in CASES])
def test_malformed_input(
    case_file, frp_gen, pristine_repo, drop_root_privilege, tmp_path
):
    case = load_case(case_file)
    encoding = case.get("encoding", "utf-8")
    places = {
        "encoding": encoding,
        "tmp": tmp_path,
        "src": tmp_path / "src",
        "repo": tmp_path / "repo",
        "out": tmp_path / "out",
    }
    if case["command"] == "regen":
        shutil.copytree(pristine_repo, places["repo"], symlinks=True)
        root = places["repo"]
    else:
        root = places["src"]
        root.mkdir()
    sources = {}
    if "descriptor" in case:
        sources["frp.yaml"] = content(case["descriptor"], encoding)
    for name, value in case.get("files", {}).items():
        sources[name] = content(value, encoding)
    for name, data in sources.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)

    steps = case.get("setup", [])
    prefix = []
    if any("chmod" in step for step in steps):
        if drop_root_privilege is None:
            pytest.skip(
                "running as root, and setpriv cannot drop CAP_DAC_OVERRIDE here: mode 000 "
                "does not stop root's reads"
            )
        prefix = drop_root_privilege
    changed_modes = []
    try:
        for step in steps:
            if (path := apply_setup(step, root, places)) is not None:
                changed_modes.append(path)
        before = tree_state(tmp_path)
        args = [expand(a, places) for a in case.get("args", COMMANDS[case["command"]])]
        start = time.monotonic()
        result = subprocess.run(
            [*prefix, str(frp_gen), *args],
            cwd=tmp_path,
            capture_output=True,
            check=False,
            timeout=120,
        )
        elapsed = time.monotonic() - start
        after = tree_state(tmp_path)
    finally:
        for path in changed_modes:  # so that the folder can be removed
            os.chmod(path, 0o755, follow_symlinks=False)

    stderr = result.stderr.decode("utf-8", "replace")
    stdout = result.stdout.decode("utf-8", "replace")
    report = f"{case_file.name}: exit {result.returncode}\nstdout:\n{stdout}\nstderr:\n{stderr}"
    assert result.returncode == case["exit"], report
    for sign in CRASH_SIGNS:
        assert sign not in stderr and sign not in stdout, report
    expected = case["error"]
    found = [d for d in diagnostics(stderr) if matches(d, expected, places, root)]
    assert found, f"no error like {expected}\n{report}"
    if "hint" in expected:
        assert any(
            any(
                expected["hint"] in text for text in d[4] if text.startswith("  hint: ")
            )
            for d in found
        ), f"no hint containing {expected['hint']!r}\n{report}"
    excerpt_file = expected.get("file")
    if (
        expected["line"] is not None
        and expected.get("excerpt", True)
        and excerpt_file in sources
    ):
        check_excerpt(found[0], expected, sources[excerpt_file])
    check_stderr_is_clean(result.stderr)
    assert not places["out"].exists(), "a failed `new` must not make its target"
    changes = sorted(
        key for key in before.keys() | after.keys() if before.get(key) != after.get(key)
    )
    assert not changes, f"written: {changes[:20]}\n{report}"
    bound = case.get("seconds", DEFAULT_SECONDS)
    assert elapsed < bound, f"took {elapsed:.1f} s (bound {bound} s)"
