"""frp-gen's two Pythons as the command line sees them: the torch locator (load stage) and the
Jinja2 renderer, which speaks the framed protocol of generator/render/frames.h.

Broken renderers are played by a shell script standing in for Python (FRP_PYTHON): it hands the
torch locator to the real interpreter and answers for render.py itself.
"""

import json
import marshal
import subprocess
import sys
from pathlib import Path

import pytest
import torchgen

# A frame: "<kind><length>\n<payload>" (generator/render/frames.h).
HELLO_ONE_WORKER = 'h14\\n{"workers": 1}'


def stand_in_python(tmp_path, render_reply: str, locate: str | None = None):
    """A FRP_PYTHON whose render.py sends `render_reply` (a printf format) after reading the
    request; locate_torch.py runs for real unless `locate` replaces it (a shell command)."""
    locate = locate or f'exec "{sys.executable}" "$@"'
    python = tmp_path / "python"
    python.write_text(
        "#!/bin/sh\n"
        'case "$2" in\n'
        f"  *locate_torch.py) {locate} ;;\n"
        "esac\n"
        f"{render_reply}\n"
    )
    python.chmod(0o755)
    return python


def new_with_overlay(run, tmp_path, templates: dict[str, str | bytes]):
    """`frp-gen new mydevice` with an overlay folder holding `templates` (name -> text, or bytes
    as they are); returns (exit code, stderr, the overlay folder, the target repo)."""
    overlay = tmp_path / "templates"
    for name, text in templates.items():
        (overlay / name).parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            (overlay / name).write_bytes(text)
        else:
            (overlay / name).write_text(text)
    repo = tmp_path / "repo"
    code, _, err = run("-q", "--templates", overlay, "new", "mydevice", "--dir", repo)
    return code, err, overlay, repo


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        (
            f"printf '{HELLO_ONE_WORKER}'; cat >/dev/null; exit 5",
            "rendering failed (exit 5)",
        ),
        (
            f"printf '{HELLO_ONE_WORKER}'; cat >/dev/null; exit 0",
            "renderer sent a malformed reply: the reply ended after 0 of its",
        ),
        (
            f"printf '{HELLO_ONE_WORKER}'; cat >/dev/null; printf 'c100\\nshort'",
            "renderer sent a malformed reply: a frame cut short after 5 of its 100 bytes",
        ),
        (
            f"printf '{HELLO_ONE_WORKER}'; cat >/dev/null; printf 'c99999999999999\\n'",
            "renderer sent a malformed reply: a frame of 99999999999999 bytes",
        ),
        (
            f"printf '{HELLO_ONE_WORKER}'; cat >/dev/null; printf 'h2\\n{{}}'",
            "renderer sent a malformed reply: a frame of kind 'h'",
        ),
        (
            "printf 'c2\\nok'; cat >/dev/null",
            "renderer sent a malformed reply: its first frame is not a hello",
        ),
        (
            # The protocol before frames: path, owner and length lines, then the content.
            "printf 'CMakeLists.txt\\ngenerated\\n2\\nok'",
            "renderer sent a malformed reply: not a frame header: 'CMakeLists.txt'",
        ),
        ("exit 0", "could not start the renderer with"),
    ],
    ids=[
        "crashes",
        "answers-nothing",
        "cut-short",
        "absurd-length",
        "second-hello",
        "no-hello",
        "old-protocol",
        "says-nothing",
    ],
)
def test_a_failing_renderer_is_an_error_and_nothing_is_written(
    run, snapshot, tmp_path, reply, message
):
    """A renderer that dies or answers too little: frp-gen says so and writes nothing."""
    python = stand_in_python(tmp_path, reply)
    before = snapshot(tmp_path)
    repo = tmp_path / "repo"
    env = {"FRP_PYTHON": str(python), "FRP_CACHE_DIR": "off"}
    code, _, err = run("-q", "new", "mydevice", "--dir", repo, env=env)
    assert code == 2, err
    assert message in err, err
    assert err.count("error:") == 1, err
    assert "render.py: error: " in err, err
    assert not repo.exists()
    assert snapshot(tmp_path) == before


def test_an_error_frame_is_reported_as_the_renderer_sent_it(run, tmp_path):
    failure = json.dumps({"message": "no Jinja2 here", "hint": "install it"})
    python = stand_in_python(
        tmp_path,
        f"printf '{HELLO_ONE_WORKER}'; cat >/dev/null; printf 'e{len(failure)}\\n{failure}'",
    )
    code, _, err = run(
        "-q",
        "new",
        "mydevice",
        "--dir",
        tmp_path / "repo",
        env={"FRP_PYTHON": str(python)},
    )
    assert code == 2, err
    assert "render.py: error: no Jinja2 here" in err, err
    assert "hint: install it" in err, err


def test_a_renderer_without_jinja2_says_so(run, tmp_path, snapshot):
    """The real render.py in a Python without Jinja2 (a bare virtualenv), given torch's yaml
    directly: its error frame becomes frp-gen's error, with the fix as the hint."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)
    native = (
        Path(torchgen.__file__).parent / "packaged/ATen/native/native_functions.yaml"
    )
    out = tmp_path / "out"
    out.mkdir()
    before = snapshot(out)
    env = {"FRP_PYTHON": str(venv / "bin" / "python"), "FRP_CACHE_DIR": "off"}
    code, _, err = run(
        "-q",
        "--native-functions",
        native,
        "new",
        "mydevice",
        "--dir",
        out / "repo",
        env=env,
    )
    assert code == 2, err
    assert "error: Jinja2 is not installed for " in err, err
    assert "-m pip install jinja2" in err, err
    assert "Traceback" not in err, err
    assert snapshot(out) == before


def test_template_error_is_reported_at_its_template_and_line(
    run, pristine_repo, tmp_path
):
    """An overlay that breaks on its second line, for a template `frp-gen plan` says one
    generated file is rendered from: the error is file:line of the overlay."""
    code, out, err = run("plan", "--dir", pristine_repo)
    assert code == 0, err
    files = json.loads(out)["files"]
    uses = {}
    for entry in files:
        uses.setdefault(entry["template"], []).append(entry["path"])
    name, [path] = next(
        (name, paths)
        for name, paths in sorted(uses.items())
        if len(paths) == 1 and name.endswith(".j2")
    )
    code, err, overlay, repo = new_with_overlay(
        run, tmp_path, {name: "fine\n{{ file.no_such_field }}\n"}
    )
    assert code == 2, err
    assert err.count("error:") == 1, err
    assert err.startswith(f"{overlay / name}:2: error: "), err
    assert "no_such_field" in err and f"(rendering {path})" in err, err
    assert not repo.exists()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{{ (file.path | length) + "a" }}', "TypeError: unsupported operand type(s)"),
        ('{{ "f" | cpp_call(5) }}', "TypeError: can only join an iterable"),
    ],
    ids=["expression", "filter-argument"],
)
def test_a_python_error_of_a_template_is_reported_at_its_line(
    run, tmp_path, line, message
):
    """What Python raises for an overlay's own mistake (not a Jinja2 error) is one located
    error, as a Jinja2 error is, not the renderer's traceback."""
    code, err, overlay, repo = new_with_overlay(
        run, tmp_path, {"README.md.j2": f"fine\n{line}\n"}
    )
    assert code == 2, err
    assert "Traceback" not in err, err
    assert err.count("error:") == 1, err
    assert err.startswith(f"{overlay / 'README.md.j2'}:2: error: {message}"), err
    assert err.rstrip().endswith("(rendering README.md)"), err
    assert not repo.exists()


def test_a_template_that_is_not_utf8_is_a_located_error_only_where_it_is_used(
    run, tmp_path
):
    """An overlay template that cannot even be read as text is named in one error when a file
    needs it; one that no file uses does not stop the run, as a syntax error there does not."""
    not_text = b"fine \xff\xfe\n"
    code, err, overlay, repo = new_with_overlay(
        run, tmp_path, {"README.md.j2": not_text}
    )
    assert code == 2, err
    assert "Traceback" not in err, err
    assert err.count("error:") == 1, err
    assert err.startswith(f"{overlay / 'README.md.j2'}: error: UnicodeDecodeError: "), (
        err
    )
    assert err.rstrip().endswith("(rendering README.md)"), err
    assert not repo.exists()

    unused = tmp_path / "unused"
    unused.mkdir()
    code, err, _, repo = new_with_overlay(run, unused, {"notes/unused.j2": not_text})
    assert code == 0, err
    assert (repo / "README.md").is_file()


@pytest.mark.parametrize(
    ("locate", "message"),
    [
        ("exit 1", "could not ask '"),
        (
            "echo 'not json'; exit 0",
            "unexpected answer from the torch locator: not json",
        ),
        ("echo '{\"torchgen\": 3}'", "unexpected answer from the torch locator"),
    ],
    ids=["says-nothing", "not-json", "wrong-type"],
)
def test_a_failing_torch_locator_is_an_error(run, tmp_path, locate, message):
    python = stand_in_python(tmp_path, f'exec "{sys.executable}" "$@"', locate=locate)
    env = {"FRP_PYTHON": str(python), "FRP_CACHE_DIR": "off"}
    code, _, err = run("list-ops", env=env)
    assert code == 2, err
    assert "locate_torch.py: error: " in err and message in err, err


def test_commands_that_do_not_render_start_no_renderer(run, tmp_path):
    """list-ops, show-op, validate and plan only ask where torch is."""
    log = tmp_path / "scripts.log"
    python = tmp_path / "python"
    python.write_text(
        f'#!/bin/sh\necho "$2" >> "{log}"\nexec "{sys.executable}" "$@"\n'
    )
    python.chmod(0o755)
    env = {"FRP_PYTHON": str(python), "FRP_CACHE_DIR": "off"}
    code, out, err = run("list-ops", "--match", "addmm", env=env)
    assert code == 0, err
    assert "addmm" in out.split()
    code, _, err = run("show-op", "mm", env=env)
    assert code == 0, err
    scripts = log.read_text().split()
    assert len(scripts) == 2 and all(s.endswith("locate_torch.py") for s in scripts), (
        scripts
    )


def test_a_quoted_region_is_the_quoted_files_own_text(run, tmp_path):
    """docs/tutorial.md quotes marked regions of other generated files (files.yaml `quotes`):
    with an overlay that changes a quoted region, the page shows the overlay's text, whichever
    worker renders each file."""
    source = Path(__file__).parents[2] / "templates" / "pyproject.toml.j2"
    text = source.read_text()
    marker = "# ANCHOR_END: torch\n"
    assert marker in text
    code, err, _, repo = new_with_overlay(
        run,
        tmp_path,
        {
            "pyproject.toml.j2": text.replace(
                marker, "# pinned by the overlay\n" + marker
            )
        },
    )
    assert code == 0, err
    tutorial = (repo / "docs/tutorial.md").read_text()
    quoted = tutorial[tutorial.index("```toml from=pyproject.toml#torch\n") :]
    quoted = quoted[: quoted.index("```\n", 10)]
    assert "# pinned by the overlay\n" in quoted
    assert 'dependencies = ["torch>=' in quoted
    assert "ANCHOR" not in quoted


def test_a_region_that_is_not_marked_is_a_located_error(run, tmp_path):
    code, err, overlay, repo = new_with_overlay(
        run,
        tmp_path,
        {"docs/tutorial.md.j2": '# Tutorial\n{{ region("pyproject.toml", "nope") }}\n'},
    )
    assert code == 2, err
    assert err.startswith(f"{overlay / 'docs/tutorial.md.j2'}:2: error: "), err
    assert "region(): pyproject.toml: no region 'nope'" in err, err
    assert "(rendering docs/tutorial.md)" in err, err
    assert not repo.exists()


def test_a_region_of_a_file_the_table_does_not_let_it_quote_is_an_error(run, tmp_path):
    """Only files under `quotes:` reach the quoting file's worker: quoting another one is an
    error that says where to declare it, not a quote that works by the luck of the sharing."""
    code, err, _, repo = new_with_overlay(
        run,
        tmp_path,
        {"docs/tutorial.md.j2": '# Tutorial\n{{ region("setup.py", "anything") }}\n'},
    )
    assert code == 2, err
    assert "region(): 'setup.py' is not a file this template may quote" in err, err
    assert not repo.exists()


# --- kept renderings (generator/render/kept_rendering.h) -----------------------------------------


def kept_entries(cache: Path) -> list[Path]:
    return sorted((cache / "render").glob("*.txt"))


def tamper_kept_texts(entry: Path, old: bytes, new: bytes) -> None:
    """Replaces `old` by `new` (as long) in the texts of a kept entry, leaving its header as it
    is: a run that takes the entry writes the tampered texts."""
    assert len(old) == len(new)
    data = entry.read_bytes()
    first = data.index(b"\n")
    texts_start = data.index(b"\n", first + 1) + 1
    assert old in data[texts_start:]
    entry.write_bytes(data[:texts_start] + data[texts_start:].replace(old, new))


def repo_holds(repo: Path, text: bytes) -> bool:
    return any(text in f.read_bytes() for f in repo.rglob("*") if f.is_file())


def launcher(tmp_path) -> Path:
    """A FRP_PYTHON that starts the real interpreter: it may start another one next time."""
    script = tmp_path / "launcher"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    script.chmod(0o755)
    return script


def test_a_run_that_would_render_the_same_takes_the_kept_texts(run, tmp_path):
    cache = tmp_path / "cache"
    env = {"FRP_CACHE_DIR": str(cache)}
    code, _, err = run("-q", "new", "mydevice", "--dir", tmp_path / "first", env=env)
    assert code == 0, err
    [entry] = kept_entries(cache)
    tamper_kept_texts(entry, b"#pragma once", b"#pragma ONCE")

    code, _, err = run("-q", "new", "mydevice", "--dir", tmp_path / "second", env=env)
    assert code == 0, err
    assert repo_holds(tmp_path / "second", b"#pragma ONCE")  # no Python rendered it
    assert not repo_holds(tmp_path / "first", b"#pragma ONCE")


@pytest.mark.parametrize(
    "change", ["template edited", "template added", "search path", "launcher"]
)
def test_kept_texts_are_not_taken_once_what_they_depend_on_changed(
    run, tmp_path, change
):
    """Whatever a rendering depended on has the next run render: the templates (an overlay's
    file edited, or one added that may shadow a built-in), the variables that shape Python's
    search for Jinja2, an interpreter named through a launcher (which may start another one)."""
    cache, overlay = tmp_path / "cache", tmp_path / "overlay"
    overlay.mkdir()
    template = overlay / "README.md.j2"
    template.write_text("# {{ model.backend.device }}, rendered from an overlay\n")
    python = str(Path(sys.executable).resolve())
    env = {"FRP_CACHE_DIR": str(cache), "FRP_PYTHON": python}

    def new(name: str):
        code, _, err = run(
            "-q",
            "--templates",
            overlay,
            "new",
            "mydevice",
            "--dir",
            tmp_path / name,
            env=env,
        )
        assert code == 0, err
        return tmp_path / name

    assert (new("first") / "README.md").read_text().endswith("from an overlay\n")
    [entry] = kept_entries(cache)
    tamper_kept_texts(entry, b"#pragma once", b"#pragma ONCE")
    assert repo_holds(new("kept"), b"#pragma ONCE")  # the entry holds so far

    if change == "template edited":
        template.write_text("# {{ model.backend.device }}, rendered from an overlay!\n")
    elif change == "template added":
        (overlay / "unused.txt.j2").write_text("not used by any file\n")
    elif change == "search path":
        (tmp_path / "empty").mkdir()
        env["PYTHONPATH"] = str(tmp_path / "empty")
    else:
        env["FRP_PYTHON"] = str(launcher(tmp_path))
    rendered = new("rendered")
    assert not repo_holds(rendered, b"#pragma ONCE")
    if change == "template edited":
        assert (rendered / "README.md").read_text().endswith("from an overlay!\n")


def test_the_cache_keeps_the_renderings_used_most_recently(run, tmp_path):
    """Eight (kept_rendering.h's kKeptEntries): the one used longest ago goes first."""
    cache = tmp_path / "cache"
    env = {"FRP_CACHE_DIR": str(cache)}

    def new(device: str, folder: str) -> None:
        code, _, err = run("-q", "new", device, "--dir", tmp_path / folder, env=env)
        assert code == 0, err

    def kept_devices() -> set[str]:
        devices = {f"dev{k}" for k in range(9)}
        return {
            d
            for d in devices
            for e in kept_entries(cache)
            if f'"{d}"'.encode() in e.read_bytes()
        }

    for k in range(8):
        new(f"dev{k}", f"dev{k}")
    assert kept_devices() == {f"dev{k}" for k in range(8)}
    new("dev0", "dev0-again")  # dev0's entry is used: dev1's is now the oldest
    new("dev8", "dev8")
    assert kept_devices() == {"dev0", *(f"dev{k}" for k in range(2, 9))}


def swap_bundled_templates(cache: Path, first: str, second: str) -> None:
    """Swaps the compiled code of two templates in the cache's template bundle, leaving its key
    (what it was compiled from) as it is: a run that takes the bundle renders `first`'s files
    from `second`'s code. Layout: render/template_bundle.py."""
    [bundle] = (cache / "templates").glob("bundle-*")
    data = bundle.read_bytes()
    signature_end = data.index(b"\n") + 1
    size_end = data.index(b"\n", signature_end)
    codes_start = size_end + 1 + int(data[signature_end:size_end])
    codes = marshal.loads(data[codes_start:])
    codes[first], codes[second] = codes[second], codes[first]
    bundle.write_bytes(data[:codes_start] + marshal.dumps(codes))


def test_templates_are_loaded_from_the_bundle(run, tmp_path):
    """The second run takes every template from the first run's bundle, not from the templates'
    files (another device, so that its texts are rendered rather than kept)."""
    cache = tmp_path / "cache"
    env = {"FRP_CACHE_DIR": str(cache)}
    code, _, err = run("-q", "new", "mydevice", "--dir", tmp_path / "first", env=env)
    assert code == 0, err
    assert (
        "from setuptools import" not in (tmp_path / "first" / "README.md").read_text()
    )
    swap_bundled_templates(cache, "README.md.j2", "setup.py.j2")

    code, _, err = run("-q", "new", "otherdev", "--dir", tmp_path / "second", env=env)
    assert code == 0, err
    assert "from setuptools import" in (tmp_path / "second" / "README.md").read_text()


@pytest.mark.parametrize("change", ["template edited", "template added"])
def test_a_bundle_is_not_taken_once_its_templates_changed(run, tmp_path, change):
    """A template folder's file edited, or one added (which may shadow another), and the bundle
    compiled before is stale: the run compiles the templates again."""
    cache, overlay = tmp_path / "cache", tmp_path / "overlay"
    overlay.mkdir()
    template = overlay / "README.md.j2"
    template.write_text("# {{ model.backend.device }}, rendered from an overlay\n")
    env = {"FRP_CACHE_DIR": str(cache)}

    def new(device: str) -> Path:
        repo = tmp_path / device
        code, _, err = run(
            "-q", "--templates", overlay, "new", device, "--dir", repo, env=env
        )
        assert code == 0, err
        return repo

    new("first")
    swap_bundled_templates(cache, "README.md.j2", "setup.py.j2")
    if change == "template edited":
        template.write_text("# {{ model.backend.device }}, rendered from an overlay!\n")
    else:
        (overlay / "unused.txt.j2").write_text("not used by any file\n")
    readme = (new("second") / "README.md").read_text()
    assert "from setuptools import" not in readme
    assert readme.startswith("# second, rendered from an overlay")
