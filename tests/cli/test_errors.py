"""Bad input: exit code 2, an error located as file:line:column at the offending text, and nothing
written anywhere (no target folder, no staging folder, the descriptor's folder untouched)."""

import subprocess
import sys
from pathlib import Path

import pytest
import torchgen

DESCRIPTOR_HEAD = "device: mydevice\n"


@pytest.fixture
def workspace(tmp_path):
    """tmp_path/src holds the descriptor and custom-op files; tmp_path/out is the target."""
    src = tmp_path / "src"
    src.mkdir()
    return src


@pytest.fixture
def bad_new(run, snapshot, tmp_path, workspace):
    """bad_new(descriptor_text, {file name: text}) -> stderr of a `new` that must exit 2.

    Writes the descriptor (and the other files) into workspace, runs `new` into tmp_path/out and
    checks that nothing at all changed under tmp_path."""

    def _bad_new(descriptor, files=None):
        (workspace / "frp.yaml").write_text(descriptor)
        for name, text in (files or {}).items():
            (workspace / name).write_text(text)
        before = snapshot(tmp_path)
        out = tmp_path / "out"
        code, stdout, stderr = run(
            "new",
            "mydevice",
            "--dir",
            out,
            "--descriptor",
            workspace / "frp.yaml",
            cwd=tmp_path,
        )
        assert code == 2, f"exit {code}\nstdout:\n{stdout}\nstderr:\n{stderr}"
        assert not out.exists(), "a failed `new` must not create the target folder"
        assert snapshot(tmp_path) == before, "a failed `new` must write nothing"
        assert stderr.strip(), "a failed `new` must say why"
        return stderr

    return _bad_new


def ops_yaml(workspace):
    return str(workspace / "ops.yaml")


WITH_CUSTOM_OPS = DESCRIPTOR_HEAD + "custom_ops: [ops.yaml]\n"


# --- malformed YAML ------------------------------------------------------------------------------


def test_malformed_yaml_in_descriptor(bad_new, expect_error, workspace):
    text = DESCRIPTOR_HEAD + "ops: [mm, add.Tensor]]\n"
    stderr = bad_new(text)
    # The stray ']' closing a flow sequence that is already closed.
    expect_error(stderr, workspace / "frp.yaml", 2, 22, "malformed YAML", excerpt=text)


def test_malformed_yaml_descriptor_tab_indentation(bad_new, expect_error, workspace):
    text = DESCRIPTOR_HEAD + "\tops: []\n"
    stderr = bad_new(text)
    expect_error(stderr, workspace / "frp.yaml", 2, 1, "malformed YAML")


def test_malformed_yaml_in_custom_op_file(bad_new, expect_error, workspace):
    ops = "- func: myops::foo(Tensor self) -> Tensor\n  - oops\n"
    stderr = bad_new(WITH_CUSTOM_OPS, {"ops.yaml": ops})
    expect_error(stderr, ops_yaml(workspace), 2, 3, "malformed YAML", excerpt=ops)


# --- custom-op schemas ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "ops, line, column, fragment, hint",
    [
        pytest.param(
            "- func: myops::foo(Tensr self) -> Tensor\n",
            1,
            20,
            "unknown type 'Tensr'",
            "did you mean 'Tensor'?",
            id="unknown-type",
        ),
        pytest.param(
            # A quote before the schema shifts every column by one.
            '- func: "myops::foo(Tensr self) -> Tensor"\n',
            1,
            21,
            "unknown type 'Tensr'",
            "did you mean 'Tensor'?",
            id="unknown-type-quoted",
        ),
        pytest.param(
            "- func: myops::ok(Tensor self) -> Tensor\n- func: myops::bar(Tensor a, Tensr b) -> Tensor\n",
            2,
            30,
            "unknown type 'Tensr'",
            "did you mean 'Tensor'?",
            id="unknown-type-second-entry",
        ),
        pytest.param(
            "- func: myops::foo(Tensor self) Tensor\n",
            1,
            33,
            "expected '->'",
            None,
            id="missing-arrow",
        ),
        pytest.param(
            "- func: myops::foo(Tensor self)\n",
            1,
            32,
            "expected '->'",
            None,
            id="missing-arrow-and-returns",
        ),
        pytest.param(
            "- func: myops::foo(Tensor self -> Tensor\n",
            1,
            32,
            "expected ',' or ')'",
            None,
            id="unclosed-arguments",
        ),
        pytest.param(
            "- func: foo(Tensor self) -> Tensor\n",
            1,
            9,
            "need their own namespace",
            None,
            id="no-namespace",
        ),
        pytest.param(
            "- func: myops::foo(Tensor self) -> Tensor\n  bogus: 1\n",
            2,
            3,
            "unknown key 'bogus'",
            None,
            id="unknown-entry-key",
        ),
    ],
)
def test_bad_custom_op_schema(
    bad_new, expect_error, workspace, ops, line, column, fragment, hint
):
    stderr = bad_new(WITH_CUSTOM_OPS, {"ops.yaml": ops})
    expect_error(
        stderr, ops_yaml(workspace), line, column, fragment, hint=hint, excerpt=ops
    )


def test_duplicate_custom_op_in_one_file(bad_new, expect_error, workspace):
    ops = "- func: myops::foo(Tensor self) -> Tensor\n- func: myops::foo(Tensor self) -> Tensor\n"
    stderr = bad_new(WITH_CUSTOM_OPS, {"ops.yaml": ops})
    expect_error(
        stderr,
        ops_yaml(workspace),
        2,
        9,
        "duplicate operator 'myops::foo'",
        hint=f"first defined at {ops_yaml(workspace)}:1",
        excerpt=ops,
    )


def test_duplicate_custom_op_across_files(bad_new, expect_error, workspace):
    descriptor = DESCRIPTOR_HEAD + "custom_ops:\n  - a.yaml\n  - b.yaml\n"
    a = "- func: myops::foo(Tensor self) -> Tensor\n"
    b = "- func: myops::bar(Tensor self) -> Tensor\n- func: myops::foo(Tensor x) -> Tensor\n"
    stderr = bad_new(descriptor, {"a.yaml": a, "b.yaml": b})
    expect_error(
        stderr,
        workspace / "b.yaml",
        2,
        9,
        "duplicate operator 'myops::foo'",
        hint=f"first defined at {workspace / 'a.yaml'}:1",
        excerpt=b,
    )


def test_cpp_keyword_argument_name_is_rejected(bad_new, diagnostics, workspace):
    ops = "- func: myops::foo(Tensor self, int class) -> Tensor\n"
    stderr = bad_new(WITH_CUSTOM_OPS, {"ops.yaml": ops})
    [d] = [d for d in diagnostics(stderr) if "reserved in C++" in d.message]
    assert d.file == ops_yaml(workspace) and d.line == 1
    assert "'class'" in d.message
    assert "class_" in d.hint


def test_cpp_keyword_argument_name_error_points_at_the_argument(
    bad_new, expect_error, workspace
):
    ops = "- func: myops::foo(Tensor self, int class) -> Tensor\n"
    stderr = bad_new(WITH_CUSTOM_OPS, {"ops.yaml": ops})
    expect_error(stderr, ops_yaml(workspace), 1, 37, "reserved in C++", hint="class_")


def test_custom_ops_file_that_does_not_exist(bad_new, expect_error, workspace):
    text = DESCRIPTOR_HEAD + "custom_ops: [nope.yaml]\n"
    stderr = bad_new(text)
    expect_error(stderr, workspace / "frp.yaml", 2, 14, "does not exist", excerpt=text)


@pytest.mark.parametrize("path", ["../x.yaml", "sub/../../x.yaml", "/etc/hosts"])
def test_custom_ops_path_escaping_the_folder(bad_new, expect_error, workspace, path):
    (workspace.parent / "x.yaml").write_text(
        "- func: myops::foo(Tensor self) -> Tensor\n"
    )
    text = DESCRIPTOR_HEAD + f"custom_ops: [{path}]\n"
    stderr = bad_new(text)
    expect_error(
        stderr,
        workspace / "frp.yaml",
        2,
        14,
        "must be relative and inside",
        excerpt=text,
    )


# --- the descriptor ------------------------------------------------------------------------------


def test_unknown_op_in_descriptor(bad_new, expect_error, workspace):
    text = DESCRIPTOR_HEAD + "ops:\n  - mm\n  - add.tensor\n"
    stderr = bad_new(text)
    expect_error(
        stderr,
        workspace / "frp.yaml",
        4,
        5,
        "unknown operator 'add.tensor'",
        hint="did you mean 'add.Tensor'?",
    )


@pytest.mark.parametrize(
    "name, hint",
    [
        pytest.param(
            "add",
            "'add' has overloads, each an operator of its own: list the ones to give a kernel, "
            "e.g. add.Scalar, add.Tensor, add.out",
            id="bare-name-with-overloads",
        ),
        pytest.param(
            "torch.mm",
            "did you mean 'mm'? (operators are named as native_functions.yaml names them)",
            id="python-spelling",
        ),
        pytest.param(
            "torch.ops.aten.relu.default",
            "did you mean 'relu'? (operators are named as native_functions.yaml names them)",
            id="python-overload-packet",
        ),
    ],
)
def test_an_op_spelt_another_way_gets_the_names_to_use(
    bad_new, expect_error, workspace, name, hint
):
    stderr = bad_new(DESCRIPTOR_HEAD + f"ops:\n  - mm\n  - {name}\n")
    expect_error(
        stderr, workspace / "frp.yaml", 4, 5, f"unknown operator '{name}'", hint=hint
    )


@pytest.mark.parametrize(
    "ops, line",
    [
        pytest.param("ops:\n  - mm\n  - add.Tensor\n  - mm\n", 5, id="same-spelling"),
        pytest.param("ops:\n  - mm\n  - aten::mm\n", 4, id="aten-prefix"),
    ],
)
def test_duplicate_op_in_descriptor(bad_new, expect_error, workspace, ops, line):
    stderr = bad_new(DESCRIPTOR_HEAD + ops)
    expect_error(stderr, workspace / "frp.yaml", line, 5, "listed twice")


@pytest.mark.parametrize(
    "op_sets, column, fragment, hint",
    [
        pytest.param(
            "[minimal, mpl]", 20, "unknown op set 'mpl'", "mlp", id="file-set"
        ),
        pytest.param(
            "[minimall]",
            11,
            "unknown op set 'minimall'",
            "did you mean 'minimal'?",
            id="typo",
        ),
        pytest.param(
            "['tag:cor']", 11, "unknown tag 'cor'", "did you mean 'core'?", id="tag-set"
        ),
    ],
)
def test_unknown_op_set(
    bad_new, expect_error, workspace, op_sets, column, fragment, hint
):
    stderr = bad_new(DESCRIPTOR_HEAD + f"op_sets: {op_sets}\n")
    expect_error(stderr, workspace / "frp.yaml", 2, column, fragment, hint=hint)


@pytest.mark.parametrize(
    "body, line, column, fragment, hint",
    [
        pytest.param(
            "opz: [mm]\n",
            2,
            1,
            "unknown key 'opz'",
            "did you mean 'ops'?",
            id="top-level",
        ),
        pytest.param(
            "fallback:\n  polcy: warn\n",
            3,
            3,
            "unknown key 'polcy'",
            "did you mean 'policy'?",
            id="in-fallback",
        ),
        pytest.param(
            "features:\n  stream: true\n",
            3,
            3,
            "unknown key 'stream'",
            "did you mean 'streams'?",
            id="in-features",
        ),
    ],
)
def test_unknown_key_in_descriptor(
    bad_new, expect_error, workspace, body, line, column, fragment, hint
):
    text = DESCRIPTOR_HEAD + body
    stderr = bad_new(text)
    expect_error(
        stderr, workspace / "frp.yaml", line, column, fragment, hint=hint, excerpt=text
    )


def test_duplicate_key_in_descriptor(bad_new, expect_error, workspace):
    text = DESCRIPTOR_HEAD + "ops: [mm]\nops: [add.Tensor]\n"
    stderr = bad_new(text)
    expect_error(stderr, workspace / "frp.yaml", 3, 1, "ops")


def test_bad_fallback_policy(bad_new, expect_error, workspace):
    text = DESCRIPTOR_HEAD + "fallback:\n  policy: silnet\n"
    stderr = bad_new(text)
    expect_error(
        stderr,
        workspace / "frp.yaml",
        3,
        11,
        "fallback policy must be warn, silent or error",
        hint="did you mean 'silent'?",
        excerpt=text,
    )


BAD_DEVICE_NAMES = [
    ("cuda", "already used by PyTorch"),
    ("MyDev", "must be a lowercase identifier"),
    ("1dev", "must be a lowercase identifier"),
    ("class", "keyword"),
    ("privateuseone", "already used by PyTorch"),
]


@pytest.mark.parametrize("name, fragment", BAD_DEVICE_NAMES)
def test_bad_device_name_on_command_line(
    run, snapshot, diagnostics, tmp_path, name, fragment
):
    before = snapshot(tmp_path)
    code, _, stderr = run("new", name, cwd=tmp_path)  # default target: torch_<name>
    assert code == 2
    assert snapshot(tmp_path) == before
    [d] = diagnostics(stderr)
    assert d.file == "command line"
    assert f"device name '{name}'" in d.message and fragment in d.message


@pytest.mark.parametrize("name, fragment", BAD_DEVICE_NAMES)
def test_bad_device_name_in_descriptor(
    bad_new, expect_error, workspace, name, fragment
):
    text = f"device: {name}\n"
    stderr = bad_new(text)
    d = expect_error(
        stderr, workspace / "frp.yaml", 1, 9, f"device name '{name}'", excerpt=text
    )
    assert fragment in d.message


def test_bad_values_in_descriptor(bad_new, expect_error, workspace):
    text = (
        DESCRIPTOR_HEAD
        + "python_package: Torch-x\n"
        + "amp_dtypes: [float8]\n"
        + "runtime:\n  devices: 0\n"
        + "build:\n  registration_shards: 100\n"
    )
    stderr = bad_new(text)
    f = workspace / "frp.yaml"
    expect_error(stderr, f, 2, 17, "python_package 'Torch-x'", excerpt=text)
    expect_error(
        stderr,
        f,
        3,
        14,
        "unknown AMP dtype 'float8'",
        hint="did you mean 'float16'?",
        excerpt=text,
    )
    expect_error(
        stderr, f, 5, 12, "runtime devices must be between 1 and 64", excerpt=text
    )
    expect_error(
        stderr, f, 7, 24, "registration_shards must be between 1 and 64", excerpt=text
    )


def test_descriptor_for_another_device(bad_new):
    stderr = bad_new("device: otherdev\n")
    assert "otherdev" in stderr and "mydevice" in stderr


# --- every error, not just the first -------------------------------------------------------------


def test_reports_every_unknown_op(bad_new, diagnostics, expect_error, workspace):
    text = (
        DESCRIPTOR_HEAD
        + "ops:\n  - add.tensor\n  - mm\n  - sub.tensor\n  - mull.Tensor\n"
    )
    stderr = bad_new(text)
    assert len(diagnostics(stderr)) == 3, stderr
    f = workspace / "frp.yaml"
    expect_error(stderr, f, 3, 5, "unknown operator 'add.tensor'", hint="'add.Tensor'")
    expect_error(stderr, f, 5, 5, "unknown operator 'sub.tensor'", hint="'sub.Tensor'")
    expect_error(stderr, f, 6, 5, "unknown operator 'mull.Tensor'", hint="'mul.Tensor'")


def test_reports_every_bad_schema_in_a_custom_op_file(
    bad_new, diagnostics, expect_error, workspace
):
    ops = (
        "- func: myops::a(Tensr self) -> Tensor\n"
        "- func: myops::b(Tensor self) -> Tensor\n"
        "- func: myops::c(Tensor self) Tensor\n"
    )
    stderr = bad_new(WITH_CUSTOM_OPS, {"ops.yaml": ops})
    assert len(diagnostics(stderr)) == 2, stderr
    expect_error(stderr, ops_yaml(workspace), 1, 18, "unknown type 'Tensr'")
    expect_error(stderr, ops_yaml(workspace), 3, 31, "expected '->'")


def test_reports_every_descriptor_error(bad_new, diagnostics, workspace):
    text = DESCRIPTOR_HEAD + "opz: []\nfallback:\n  policy: nope\namp_dtypes: [half]\n"
    stderr = bad_new(text)
    found = {
        (d.line, d.column)
        for d in diagnostics(stderr)
        if d.file == str(workspace / "frp.yaml")
    }
    assert found == {(2, 1), (4, 11), (5, 14)}, stderr


# --- source excerpts -----------------------------------------------------------------------------

# Errors found after the descriptor is read (op selection, C++ naming) must quote the source too.
LATE_ERRORS = [
    pytest.param("ops:\n  - add.tensor\n", 3, 5, id="unknown-op"),
    pytest.param("ops:\n  - mm\n  - mm\n", 4, 5, id="duplicate-op"),
    pytest.param("op_sets: [mpl]\n", 2, 11, id="unknown-op-set"),
]


@pytest.mark.parametrize("body, line, column", LATE_ERRORS)
def test_validate_quotes_the_source_of_late_errors(
    run, expect_error, workspace, body, line, column
):
    text = DESCRIPTOR_HEAD + body
    (workspace / "frp.yaml").write_text(text)
    code, _, stderr = run("validate", "--descriptor", workspace / "frp.yaml")
    assert code == 2
    expect_error(stderr, workspace / "frp.yaml", line, column, "", excerpt=text)


@pytest.mark.parametrize("body, line, column", LATE_ERRORS)
def test_new_quotes_the_source_of_late_errors(
    bad_new, expect_error, workspace, body, line, column
):
    text = DESCRIPTOR_HEAD + body
    stderr = bad_new(text)
    expect_error(stderr, workspace / "frp.yaml", line, column, "", excerpt=text)


# --- the command line ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["new", "mydevice", "--bogus"], id="unknown-flag"),
        pytest.param(["--bogus", "list-ops"], id="unknown-global-flag"),
        pytest.param(["new"], id="missing-name"),
        pytest.param(["new", "--dir", "out"], id="missing-name-with-dir"),
        pytest.param(["show-op"], id="missing-op"),
        pytest.param([], id="no-subcommand"),
        pytest.param(["regen", "--dir"], id="missing-option-value"),
    ],
)
def test_usage_errors(run, snapshot, tmp_path, args):
    before = snapshot(tmp_path)
    code, _, stderr = run(*args, cwd=tmp_path)
    assert code == 2
    assert stderr.strip()
    assert snapshot(tmp_path) == before


def test_ops_cannot_be_combined_with_descriptor(run, snapshot, tmp_path, workspace):
    (workspace / "frp.yaml").write_text(DESCRIPTOR_HEAD)
    before = snapshot(tmp_path)
    code, _, stderr = run(
        "new",
        "mydevice",
        "--dir",
        tmp_path / "out",
        "--descriptor",
        workspace / "frp.yaml",
        "--ops",
        "mm",
    )
    assert code == 2
    assert "--ops cannot be combined with --descriptor" in stderr
    assert snapshot(tmp_path) == before


def test_unknown_op_on_command_line(run, snapshot, diagnostics, tmp_path):
    before = snapshot(tmp_path)
    code, _, stderr = run(
        "new", "mydevice", "--dir", tmp_path / "out", "--ops", "mm,add.tensor"
    )
    assert code == 2
    assert snapshot(tmp_path) == before
    [d] = diagnostics(stderr)
    assert "unknown operator 'add.tensor'" in d.message
    assert d.hint == "did you mean 'add.Tensor'?"


@pytest.mark.parametrize("kind", ["non-empty-folder", "file"])
def test_new_into_existing_target_is_refused(
    run, snapshot, diagnostics, tmp_path, kind
):
    target = tmp_path / "existing"
    if kind == "file":
        target.write_text("not a folder\n")
    else:
        target.mkdir()
        (target / "keep.txt").write_text("mine\n")
        (target / "sub").mkdir()
        (target / "sub" / "notes.md").write_text("# notes\n")
    before = snapshot(tmp_path)
    code, _, stderr = run("new", "mydevice", "--dir", target)
    assert code == 2
    assert snapshot(tmp_path) == before
    [d] = diagnostics(stderr)
    assert d.file == str(target)
    assert "already exists and is not empty" in d.message
    assert "regen" in d.hint


def test_regen_with_a_broken_descriptor_writes_nothing(
    run, snapshot, copy_repo, expect_error
):
    repo = copy_repo()
    descriptor = repo / "frp.yaml"
    descriptor.write_text(
        descriptor.read_text().replace("ops: []", "ops: [mm, add.tensor]")
    )
    line = descriptor.read_text().splitlines().index("ops: [mm, add.tensor]") + 1
    before = snapshot(repo)
    code, _, stderr = run("regen", "--dir", repo)
    assert code == 2
    assert snapshot(repo) == before
    expect_error(
        stderr,
        descriptor,
        line,
        11,
        "unknown operator 'add.tensor'",
        hint="'add.Tensor'",
    )


def test_regen_outside_a_repo(run, snapshot, diagnostics, tmp_path):
    before = snapshot(tmp_path)
    code, _, stderr = run("regen", cwd=tmp_path)
    assert code == 2
    assert snapshot(tmp_path) == before
    assert "frp.yaml is missing" in stderr


def test_python_without_jinja2_is_one_clear_error(tmp_path, run):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)
    native = (
        Path(torchgen.__file__).parent / "packaged/ATen/native/native_functions.yaml"
    )
    out = tmp_path / "out"
    code, _, err = run(
        "new",
        "mydevice",
        "--dir",
        out,
        "--native-functions",
        native,
        env={"FRP_PYTHON": str(venv / "bin" / "python")},
    )
    assert code == 2
    assert err.count("Jinja2 is not installed") == 1, err
    assert "Traceback" not in err
    assert not out.exists()
