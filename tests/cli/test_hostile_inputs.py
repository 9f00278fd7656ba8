"""Inputs that are not files, or not what they claim: special files, and manifests of the wrong
shape. Each is one clear error and exit 2, at once: never a hang, an exhausted memory, an abort
or exit 3 (frp-gen's internal error, which only a bug reaches)."""

import json
import os
import shutil

import pytest

DESCRIPTOR = "device: mydevice\ncustom_ops: [ops.yaml]\n"


def no_crash(code, err):
    assert code == 2, err
    for sign in ("Traceback", "terminate called", "internal error"):
        assert sign not in err, err


@pytest.mark.parametrize(
    "make, kind",
    [
        (lambda p: os.symlink("/dev/zero", p), "a character device"),
        (lambda p: os.mkfifo(p), "a FIFO"),
        (lambda p: os.mkdir(p), "a directory"),
    ],
    ids=["dev-zero", "fifo", "directory"],
)
def test_a_custom_op_file_that_is_not_a_file(run, tmp_path, make, kind):
    (tmp_path / "frp.yaml").write_text(DESCRIPTOR)
    make(tmp_path / "ops.yaml")
    out = tmp_path / "out"
    code, _, err = run(
        "new", "mydevice", "--descriptor", tmp_path / "frp.yaml", "--dir", out
    )
    no_crash(code, err)
    assert f"ops.yaml: error: not a regular file ({kind})" in err
    assert not out.exists()


def test_a_descriptor_that_is_a_device(run, tmp_path):
    code, _, err = run(
        "new", "mydevice", "--descriptor", "/dev/zero", "--dir", tmp_path / "out"
    )
    no_crash(code, err)
    assert "/dev/zero: error: not a regular file (a character device)" in err


@pytest.mark.parametrize(
    "manifest",
    [
        "[1, 2, 3]",
        '{"files": "oops"}',
        '{"files": {"CMakeLists.txt": [1]}}',
        '{"ops": {"mm": 1}}',
        "[" * 100000 + "]" * 100000,
        "{ not json",
    ],
    ids=["array", "files-string", "entry-array", "ops-numbers", "nested", "not-json"],
)
def test_a_manifest_of_the_wrong_shape(run, pristine_repo, tmp_path, manifest):
    repo = tmp_path / "repo"
    shutil.copytree(pristine_repo, repo)
    (repo / ".frp/manifest.json").write_text(manifest)
    code, _, err = run("regen", "--dir", repo)
    no_crash(code, err)
    assert ".frp/manifest.json: error: corrupt manifest" in err
    assert "git checkout -- .frp/manifest.json" in err


def test_a_manifest_that_is_a_fifo(run, pristine_repo, tmp_path):
    repo = tmp_path / "repo"
    shutil.copytree(pristine_repo, repo)
    (repo / ".frp/manifest.json").unlink()
    os.mkfifo(repo / ".frp/manifest.json")
    code, _, err = run("regen", "--dir", repo)
    no_crash(code, err)
    assert "manifest.json: error: not a regular file (a FIFO)" in err


def test_a_regen_with_a_fifo_for_a_pristine_store_does_not_hang(
    run, pristine_repo, tmp_path
):
    repo = tmp_path / "repo"
    shutil.copytree(pristine_repo, repo)
    (repo / ".frp/pristine.txt").unlink()
    os.mkfifo(repo / ".frp/pristine.txt")
    code, out, err = run("--json", "regen", "--check", "--dir", repo)
    assert code == 1, err  # the store would be written anew
    assert "Traceback" not in err
    assert json.loads(out)["summary"]
