"""regen after a schema changed under a kernel its owner wrote: the new signature is merged into
the user's file (their code kept), or the file gets conflict markers and regen exits 1; each
change is reported with the op and its old and new schema. Also the torch-upgrade report, with
two fake torch installs built from tests/cli/fixtures/torch_upgrade."""

import json
import shutil
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = REPO_ROOT / "examples" / "custom_ops"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "torch_upgrade"
KERNEL = "csrc/kernels/npu_ops_rms_norm.cpp"
SCHEMA = (
    "npu_ops::rms_norm(Tensor input, int[1] normalized_shape, Tensor? weight=None, "
    "float eps=1e-06) -> (Tensor output, Tensor rstd)"
)
# The kernel a user wrote in place of the scaffold's placeholder.
BODY = (
    "  // My fused kernel.\n"
    "  auto rstd = at::rsqrt(input.pow(2).mean(-1, true) + eps);\n"
    "  return {input * rstd, rstd};\n"
)


@pytest.fixture(scope="session")
def custom_ops_repo(tmp_path_factory, run):
    root = tmp_path_factory.mktemp("custom_ops") / "repo"
    code, _, err = run(
        "new", "npu_demo", "--descriptor", EXAMPLE / "frp.yaml", "--dir", root
    )
    assert code == 0, err
    return root


@pytest.fixture
def repo(custom_ops_repo, tmp_path):
    """A copy of the custom-op example's repo in which the user wrote rms_norm's kernel."""
    target = tmp_path / "repo"
    shutil.copytree(custom_ops_repo, target, copy_function=shutil.copy2)
    kernel = target / KERNEL
    text = kernel.read_text()
    placeholder = next(
        line for line in text.splitlines(True) if "not_implemented(" in line
    )
    kernel.write_text(text.replace(placeholder, BODY))
    return target


def edit_schema(repo, new_schema):
    path = repo / "schemas" / "npu_ops.yaml"
    text = path.read_text()
    assert SCHEMA in text
    path.write_text(text.replace(SCHEMA, new_schema))


def regen(run, repo, *flags):
    """(exit code, {path: action}, the --json report, stderr)."""
    code, out, err = run("--json", "regen", "--dir", repo, *flags)
    report = json.loads(out)
    return code, {f["path"]: f["action"] for f in report["files"]}, report, err


def pristine(repo, path):
    """The scaffold frp-gen last wrote at `path`, from the repo's .frp/pristine.txt."""
    data = (repo / ".frp/pristine.txt").read_bytes()
    at = data.index(b"\n") + 1  # past the first line
    while at < len(data):
        end = data.index(b"\n", at)
        size, name = data[at + 4 : end].decode().split(" ", 1)
        text = data[end + 1 : end + 1 + int(size)]
        if name == path:
            return text.decode()
        at = end + 1 + int(size) + 1
    raise KeyError(path)


def signature(repo):
    """The kernel's declaration: from its return type to the opening brace."""
    text = (repo / KERNEL).read_text()
    start = text.index("::std::tuple<at::Tensor, at::Tensor>")
    return " ".join(text[start : text.index("{", start)].split())


@pytest.mark.parametrize(
    "new_schema, new_signature, arguments",
    [
        pytest.param(
            SCHEMA.replace("float eps=1e-06)", "float eps=1e-06, bool affine=True)"),
            "npu_ops_rms_norm( const at::Tensor& input, at::IntArrayRef normalized_shape, "
            "const ::std::optional<at::Tensor>& weight, double eps, bool affine)",
            "arguments new: affine",
            id="argument-added",
        ),
        pytest.param(
            SCHEMA.replace("Tensor? weight=None, ", ""),
            "npu_ops_rms_norm( const at::Tensor& input, at::IntArrayRef normalized_shape, "
            "double eps)",
            "arguments gone: weight",
            id="argument-removed",
        ),
        pytest.param(
            SCHEMA.replace("float eps=1e-06", "float epsilon=1e-06"),
            "npu_ops_rms_norm( const at::Tensor& input, at::IntArrayRef normalized_shape, "
            "const ::std::optional<at::Tensor>& weight, double epsilon)",
            "arguments gone: eps; new: epsilon",
            id="argument-renamed",
        ),
    ],
)
def test_a_signature_change_is_merged_under_the_users_body(
    run, repo, new_schema, new_signature, arguments
):
    before = (repo / KERNEL).read_text()
    edit_schema(repo, new_schema)
    code, done, report, err = regen(run, repo)
    assert code == 0, err
    assert done[KERNEL] == "merged"
    after = (repo / KERNEL).read_text()
    assert BODY in after  # the user's code, untouched
    assert signature(repo) == "::std::tuple<at::Tensor, at::Tensor> " + new_signature
    # Nothing else of the user's file changed: only the schema comment and the declaration.
    assert (
        after.split("namespace npu_demo::kernels {")[0]
        == before.split("namespace npu_demo::kernels {")[0]
    )
    # Reported with the op, its old and its new schema, on stderr and in --json.
    assert f"{KERNEL}: merged" in err
    assert f"was: {SCHEMA}" in err and f"now: {new_schema}" in err
    # The names a body may still use: a renamed argument no longer compiles, and this says why.
    assert arguments in err
    assert {"op": "npu_ops::rms_norm", "before": SCHEMA, "after": new_schema} in (
        report["schema_changes"]
    )
    # Merged once: the next regen has nothing to do.
    assert run("regen", "--check", "--dir", repo)[0] == 0


def test_a_return_type_change_is_merged(run, repo):
    edit_schema(repo, SCHEMA.replace("-> (Tensor output, Tensor rstd)", "-> Tensor"))
    code, done, _, err = regen(run, repo)
    assert code == 0, err
    assert done[KERNEL] == "merged"
    text = (repo / KERNEL).read_text()
    assert "\nat::Tensor npu_ops_rms_norm(" in text and "::std::tuple" not in text
    assert BODY in text


def test_an_unedited_kernel_simply_takes_the_new_scaffold(
    run, custom_ops_repo, tmp_path
):
    repo = tmp_path / "repo"
    shutil.copytree(custom_ops_repo, repo, copy_function=shutil.copy2)
    edit_schema(
        repo, SCHEMA.replace("float eps=1e-06)", "float eps=1e-06, bool affine=True)")
    )
    code, done, _, err = regen(run, repo)
    assert code == 0, err
    assert done[KERNEL] == "updated"
    assert (repo / KERNEL).read_text() == pristine(repo, KERNEL)


def test_a_renamed_op_orphans_the_users_file_and_scaffolds_the_new_one(run, repo):
    edit_schema(repo, SCHEMA.replace("rms_norm(", "root_mean_square_norm("))
    code, done, _, err = regen(run, repo)
    assert code == 0, err
    assert done[KERNEL] == "orphaned"
    assert BODY in (repo / KERNEL).read_text()
    assert done["csrc/kernels/npu_ops_root_mean_square_norm.cpp"] == "created"
    # The orphan names the op that left, with the schema it had.
    orphan = err[err.index(f"{KERNEL}: orphaned") :]
    assert "npu_ops::rms_norm\n" in orphan and "now: (not planned)" in orphan


def test_an_autograd_entry_removed_orphans_its_file_and_names_the_op(run, repo):
    descriptor = repo / "frp.yaml"
    descriptor.write_text(
        descriptor.read_text().replace("autograd: [npu_ops::fused_gelu]\n", "")
    )
    code, done, _, err = regen(run, repo)
    assert code == 0, err
    path = "csrc/autograd/npu_ops_fused_gelu.cpp"
    assert done[path] == "orphaned" and (repo / path).is_file()
    schema = "npu_ops::fused_gelu(Tensor self, *, str approximate='none') -> Tensor"
    orphan = err[err.index(f"{path}: orphaned") :]
    assert f"  npu_ops::fused_gelu\n    was: {schema}\n    now: {schema}\n" in orphan


def test_an_edit_on_the_signature_lines_is_a_conflict_that_keeps_both(run, repo):
    kernel = repo / KERNEL
    kernel.write_text(
        kernel.read_text().replace("    double eps) {", "    double eps /*>0*/) {")
    )
    mine = kernel.read_text()
    edit_schema(
        repo, SCHEMA.replace("float eps=1e-06)", "float eps=1e-06, bool affine=True)")
    )

    code, done, report, err = regen(run, repo)
    assert code == 1, err  # as git does: written with markers, and the user must look
    assert done[KERNEL] == "conflict"
    text = kernel.read_text()
    [entry] = [f for f in report["files"] if f["path"] == KERNEL]
    [line] = entry["conflict_lines"]
    assert text.splitlines()[line - 1] == f"<<<<<<< yours ({KERNEL})"
    assert f"{KERNEL}:{line}: conflict" in err
    assert "double eps /*>0*/) {" in text and "bool affine) {" in text and BODY in text
    # The rest of the repo was regenerated: the registration has the new signature.
    assert (
        "bool affine"
        in (repo / "csrc/generated/kernels/npu_ops_rms_norm.h").read_text()
    )

    # Until the markers are gone, regen (and --check) keep saying so, and write nothing there.
    code, done, _, err = regen(run, repo)
    assert (code, done[KERNEL]) == (1, "conflict")
    assert run("regen", "--check", "--dir", repo)[0] == 1
    assert kernel.read_text() == text

    resolved = mine.replace(
        "double eps /*>0*/) {", "double eps /*>0*/,\n    bool affine) {"
    )
    kernel.write_text(resolved)
    code, done, _, err = regen(run, repo)
    assert (code, done[KERNEL]) == (0, "skipped"), err
    assert kernel.read_text() == resolved


def test_check_and_diff_show_a_merge_before_it_is_made(run, repo):
    before = (repo / KERNEL).read_text()
    edit_schema(
        repo, SCHEMA.replace("float eps=1e-06)", "float eps=1e-06, bool affine=True)")
    )
    assert run("regen", "--check", "--dir", repo)[0] == 1
    code, out, _ = run("regen", "--diff", "--dir", repo)
    assert code == 1
    assert f"+++ b/{KERNEL}\n" in out and "+    bool affine) {\n" in out
    assert (repo / KERNEL).read_text() == before  # nothing written


def test_an_old_repo_without_pristine_copies_reports_stale_and_keeps_the_file(
    run, repo
):
    (repo / ".frp/pristine.txt").unlink()  # a repo made before frp-gen kept it
    mine = (repo / KERNEL).read_text()
    edit_schema(
        repo, SCHEMA.replace("float eps=1e-06)", "float eps=1e-06, bool affine=True)")
    )
    code, done, _, err = regen(run, repo)
    assert code == 1
    assert done[KERNEL] == "stale"
    assert (repo / KERNEL).read_text() == mine
    assert f"{KERNEL}: stale" in err and "bool affine=True" in err
    # The user brings the new signature in by hand; from now on the repo has its pristine copy,
    # and the next change merges.
    scaffold = pristine(repo, KERNEL)
    placeholder = next(
        line for line in scaffold.splitlines(True) if "not_implemented(" in line
    )
    (repo / KERNEL).write_text(scaffold.replace(placeholder, BODY))
    schemas = repo / "schemas/npu_ops.yaml"
    schemas.write_text(
        schemas.read_text().replace("float eps=1e-06, bool", "float eps=1e-05, bool")
    )
    code, done, _, err = regen(run, repo)
    assert (code, done[KERNEL]) == (0, "merged"), err
    assert BODY in (repo / KERNEL).read_text()


# --- a torch upgrade ------------------------------------------------------------------------


def fake_torch(
    root: Path, version: str, addcmul_extra: str = "", drop_mm=False
) -> Path:
    """A folder that, first on PYTHONPATH, is the installed torch to frp-gen: torch/version.py
    and torchgen's packaged yaml (the fixture's, with addcmul's schema extended, without mm)."""
    native = root / "torchgen" / "packaged" / "ATen" / "native"
    native.mkdir(parents=True)
    (root / "torch").mkdir()
    (root / "torch" / "__init__.py").write_text("")
    (root / "torchgen" / "__init__.py").write_text("")
    (root / "torch" / "version.py").write_text(f'__version__ = "{version}"\n')
    old = "Tensor tensor2, *, Scalar value=1) -> Tensor"
    yaml = (FIXTURES / "native_functions.yaml").read_text()
    assert old in yaml
    yaml = yaml.replace(old, old.replace("value=1)", f"value=1{addcmul_extra})"))
    if drop_mm:
        mm = (
            "- func: mm(Tensor self, Tensor mat2) -> Tensor\n"
            "  variants: function, method\n  tags: [core]\n\n"
        )
        assert mm in yaml
        yaml = yaml.replace(mm, "")
    (native / "native_functions.yaml").write_text(yaml)
    shutil.copy(FIXTURES / "tags.yaml", native / "tags.yaml")
    return root


def test_a_torch_upgrade_lists_changed_schemas_and_merges_the_kernels(run, tmp_path):
    old = fake_torch(tmp_path / "torch-old", "2.13.0")
    new = fake_torch(tmp_path / "torch-new", "2.14.0", ", bool fast=False")
    repo = tmp_path / "repo"
    env = {"PYTHONPATH": str(old), "FRP_CACHE_DIR": "off"}
    code, _, err = run("new", "updev", "--ops", "addcmul,mm", "--dir", repo, env=env)
    assert code == 0, err
    kernel = repo / "csrc/kernels/addcmul.cpp"
    text = kernel.read_text()
    placeholder = text[
        text.index("  // Until then") : text.index("\n}\n", text.index("addcmul("))
    ]
    mine = "  return self + value.toDouble() * tensor1 * tensor2;"
    kernel.write_text(text.replace(placeholder, mine))

    env["PYTHONPATH"] = str(new)
    code, out, err = run("regen", "--dir", repo, env=env)
    assert code == 0, err
    # Before anything is built: which selected ops changed, with old and new schema.
    assert out.startswith(
        "operators whose schema changed since the last generation (torch 2.13.0 -> 2.14.0):\n"
        "  addcmul\n"
        "    was: addcmul(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1)"
        " -> Tensor\n"
        "    now: addcmul(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1,"
        " bool fast=False) -> Tensor\n"
    ), out
    text = kernel.read_text()
    assert "    const at::Scalar& value,\n    bool fast) {\n" + mine in text
    # The build follows the new torch.
    assert (
        'dependencies = ["torch>=2.14,<2.15"]' in (repo / "pyproject.toml").read_text()
    )
    assert (
        json.loads((repo / ".frp/manifest.json").read_text())["torch_version"]
        == "2.14.0"
    )
    # Regenerating against the same torch again: nothing to list.
    code, out, err = run("regen", "--dir", repo, env=env)
    assert code == 0 and "schema changed" not in out, err


def test_an_op_the_new_torch_dropped_is_named_with_its_old_schema(run, tmp_path):
    old = fake_torch(tmp_path / "torch-old", "2.13.0")
    new = fake_torch(tmp_path / "torch-new", "2.14.0", drop_mm=True)
    repo = tmp_path / "repo"
    env = {"PYTHONPATH": str(old), "FRP_CACHE_DIR": "off"}
    assert run("new", "updev", "--ops", "addcmul,mm", "--dir", repo, env=env)[0] == 0
    env["PYTHONPATH"] = str(new)
    code, _, err = run("regen", "--dir", repo, env=env)
    assert code == 2
    assert "frp.yaml:8:5: error: unknown operator 'mm'" in err
    assert (
        "note: these operators of the last generation (torch 2.13.0) are not in torch 2.14.0"
        in err
    )
    assert "  mm\n    was: mm(Tensor self, Tensor mat2) -> Tensor\n" in err


def test_ops_that_join_or_leave_the_plan_are_named_as_such(run, tmp_path):
    """An op added to ops: is not a schema change: regen names it on a line of its own, and
    an op taken out likewise; neither gets a was/now schema pair."""
    repo = tmp_path / "repo"
    code, _, err = run("new", "mydevice", "--dir", repo, "-q")
    assert code == 0, err
    descriptor = repo / "frp.yaml"
    text = descriptor.read_text()
    descriptor.write_text(text.replace("ops: []", "ops: [add.Tensor, mm]"))
    code, out, err = run("regen", "--dir", repo)
    assert code == 0, err
    assert out.startswith("operators new to the plan: add.Tensor, mm\n"), out
    assert "was:" not in out and "schema changed" not in out, out

    descriptor.write_text(text.replace("ops: []", "ops: [mm]"))
    code, out, err = run("regen", "--dir", repo)
    assert code == 0, err
    assert out.startswith("operators no longer planned: add.Tensor\n"), out
    assert "schema changed" not in out, out
