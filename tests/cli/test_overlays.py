"""Template overlays recorded in the manifest: `new --templates DIR` records DIR, and a later
`regen` without --templates renders with it again instead of the built-in text.

The overlaid template is chosen through `frp-gen plan` (each file entry names its template),
so these tests do not depend on where the built-in templates live.
"""

import json
import shutil
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
MARKER = "overlaid by test_overlays\n"


def read_manifest(repo):
    return json.loads((repo / ".frp/manifest.json").read_text())


def actions(stdout):
    return {f["path"]: f["action"] for f in json.loads(stdout)["files"]}


@pytest.fixture(scope="module")
def overlaid_template(run, pristine_repo):
    """(template name, the one generated file it renders): from the plan, not hard-coded."""
    code, out, err = run("plan", "--dir", pristine_repo)
    assert code == 0, err
    uses = {}
    for entry in json.loads(out)["files"]:
        if entry["owner"] == "generated":
            uses.setdefault(entry["template"], []).append(entry["path"])
    name, [path] = next(
        (name, paths) for name, paths in sorted(uses.items()) if len(paths) == 1
    )
    return name, path


def make_overlay(folder, name):
    """An overlay folder whose `name` is the built-in template plus one line of text."""
    built_in = (REPO_ROOT / "templates" / name).read_text()
    (folder / name).parent.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(built_in + MARKER)
    return folder


def new_with_overlay(run, repo, overlay):
    code, _, err = run("-q", "--templates", overlay, "new", "mydevice", "--dir", repo)
    assert code == 0, err


def test_regen_without_templates_keeps_the_recorded_overlay(
    run, tmp_path, overlaid_template, pristine_repo
):
    name, path = overlaid_template
    overlay = make_overlay(tmp_path / "my_templates", name)
    repo = tmp_path / "repo"
    new_with_overlay(run, repo, overlay)
    assert (repo / path).read_text().endswith(MARKER)
    # Outside the repo: recorded as an absolute path.
    assert read_manifest(repo)["templates"] == [str(overlay.resolve())]

    code, out, err = run("--json", "regen", "--dir", repo)
    assert code == 0, err
    assert set(actions(out).values()) == {"unchanged"}, out
    assert (repo / path).read_text().endswith(MARKER)
    assert read_manifest(repo)["templates"] == [str(overlay.resolve())]
    # Everything else is what the built-in templates make.
    assert (repo / "CMakeLists.txt").read_bytes() == (
        pristine_repo / "CMakeLists.txt"
    ).read_bytes()


def test_an_overlay_inside_the_repo_is_recorded_relative_and_moves_with_it(
    run, tmp_path, overlaid_template
):
    name, path = overlaid_template
    repo = tmp_path / "repo"
    overlay = make_overlay(tmp_path / "staging" / "templates", name)
    new_with_overlay(run, repo, overlay)
    # Move the overlay into the repo and record it there.
    shutil.move(overlay, repo / "templates")
    code, _, err = run("-q", "--templates", repo / "templates", "regen", "--dir", repo)
    assert code == 0, err
    assert read_manifest(repo)["templates"] == ["templates"]

    moved = tmp_path / "moved"
    shutil.move(repo, moved)
    code, out, err = run("--json", "regen", cwd=moved)
    assert code == 0, err
    assert set(actions(out).values()) == {"unchanged"}, out
    assert (moved / path).read_text().endswith(MARKER)


def test_templates_replaces_the_record_and_no_templates_drops_it(
    run, tmp_path, overlaid_template, pristine_repo
):
    name, path = overlaid_template
    first = make_overlay(tmp_path / "first", name)
    second = tmp_path / "second"
    (second / name).parent.mkdir(parents=True)
    (second / name).write_text("second overlay\n")
    repo = tmp_path / "repo"
    new_with_overlay(run, repo, first)

    code, out, err = run("--json", "--templates", second, "regen", "--dir", repo)
    assert code == 0, err
    assert actions(out)[path] == "updated"
    assert (repo / path).read_text() == "second overlay\n"
    assert read_manifest(repo)["templates"] == [str(second.resolve())]

    code, out, err = run("--json", "regen", "--dir", repo, "--no-templates")
    assert code == 0, err
    assert actions(out)[path] == "updated"
    assert (repo / path).read_bytes() == (pristine_repo / path).read_bytes()
    assert "templates" not in read_manifest(repo)
    code, out, err = run("--json", "regen", "--dir", repo)
    assert code == 0, err
    assert set(actions(out).values()) == {"unchanged"}, out


def test_a_recorded_overlay_that_is_gone_is_an_error_and_nothing_is_written(
    run, tmp_path, overlaid_template, snapshot
):
    name, _ = overlaid_template
    overlay = make_overlay(tmp_path / "my_templates", name)
    repo = tmp_path / "repo"
    new_with_overlay(run, repo, overlay)
    shutil.rmtree(overlay)
    before = snapshot(repo)
    code, out, err = run("regen", "--dir", repo)
    assert code == 2, err
    assert out == ""
    manifest = repo / ".frp/manifest.json"
    assert f"{manifest}: error: template folder '{overlay.resolve()}'" in err, err
    assert "does not exist" in err and "--no-templates" in err, err
    assert snapshot(repo) == before

    # A relative record names the folder it looked for.
    data = read_manifest(repo)
    data["templates"] = ["gone"]
    manifest.write_text(json.dumps(data))
    code, _, err = run("regen", "--dir", repo)
    assert code == 2, err
    assert f"'gone' recorded here does not exist (looked for {repo / 'gone'})" in err, (
        err
    )


def test_templates_and_no_templates_together_is_a_usage_error(run, copy_repo):
    repo = copy_repo()
    code, _, err = run("--templates", repo, "regen", "--dir", repo, "--no-templates")
    assert code == 2
    assert "--templates cannot be combined with --no-templates" in err, err


def test_help_explains_both_flags(run):
    code, out, _ = run("regen", "--help")
    assert code == 0
    assert "--no-templates" in out and "built-in" in out
    code, out, _ = run("--help")
    assert code == 0
    assert "recorded in the repo's manifest" in " ".join(out.split())
