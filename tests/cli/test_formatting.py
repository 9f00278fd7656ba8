"""Generated and scaffolded C++ comes out of frp-gen as clang-format writes it.

Every generated repo carries a .clang-format, and its C++ (csrc/, tests/cpp/) must need no change
by it. frp-gen never runs clang-format itself: the templates' static text is formatted by hand and
the per-operator text is laid out by generator/render/cpp_layout.py (the `cpp_*` filters of
templates). clang-format (Debian's clang-format 14, which setup.sh installs) checks that here with `--dry-run -Werror` and the repo's
own .clang-format, on the default repo, on the custom-ops example, and on repos with the core aten
operators and custom autograd Functions, for a short and a long device name (names reach comments,
messages and class names, so they move line breaks).
"""

import shutil
import subprocess
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
CLANG_FORMAT = shutil.which("clang-format")

pytestmark = pytest.mark.skipif(
    CLANG_FORMAT is None, reason="clang-format is not installed (setup.sh installs it)"
)

# Functional operators of the core set that return fresh tensors: they can have generated autograd
# Functions. One, two and three outputs; long and short signatures.
AUTOGRAD_OPS = [
    "relu",
    "mm",
    "addmm",
    "gelu",
    "_softmax",
    "convolution",
    "native_layer_norm",
    "max_pool2d_with_indices",
    "embedding_dense_backward",
]


def cpp_sources(repo: Path) -> list[Path]:
    return sorted(
        p for p in repo.rglob("*") if p.suffix in (".cpp", ".h") and p.is_file()
    )


def assert_formatted(repo: Path) -> None:
    sources = cpp_sources(repo)
    assert any(p.parts[-2] == "generated" for p in sources), (
        f"no generated C++ in {repo}"
    )
    style = repo / ".clang-format"
    assert style.is_file(), "the generated repo carries no .clang-format"
    result = subprocess.run(
        [
            CLANG_FORMAT,
            "--dry-run",
            "-Werror",
            f"--style=file:{style}",
            *map(str, sources),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    version = subprocess.run(
        [CLANG_FORMAT, "--version"], capture_output=True, text=True, check=False
    ).stdout.strip()
    report = "\n".join(result.stderr.splitlines()[:60])
    assert result.returncode == 0, (
        f"{len(sources)} files checked; {version} would change these lines:\n{report}"
    )


def test_default_repo(pristine_repo):
    assert_formatted(pristine_repo)


def test_custom_ops_example(run, tmp_path):
    repo = tmp_path / "torch_npu_demo"
    descriptor = REPO_ROOT / "examples" / "custom_ops" / "frp.yaml"
    code, _, err = run(
        "-q", "new", "npu_demo", "--dir", repo, "--descriptor", descriptor
    )
    assert code == 0, err
    assert (repo / "csrc" / "generated" / "custom_ops.cpp").is_file()
    assert (repo / "csrc" / "generated" / "autograd.cpp").is_file()
    assert_formatted(repo)


@pytest.mark.parametrize(
    ("device", "runtime"),
    [
        ("x", "host_runtime"),
        # A name as long as teams choose, and a runtime source whose main header is runtime.h.
        ("a_rather_long_device_name", "runtime"),
    ],
)
def test_core_operators_with_autograd(run, tmp_path, device, runtime):
    descriptor = tmp_path / "frp.yaml"
    descriptor.write_text(
        f"device: {device}\n"
        # "xccl" (the derived name for "x") is torch.distributed's own: each gets a name.
        f"collective_backend: {device}_ccl\n"
        'op_sets: ["tag:core"]\n'
        f"autograd: [{', '.join(AUTOGRAD_OPS)}]\n"
        f"runtime:\n  source: {runtime}\n"
    )
    repo = tmp_path / "repo"
    code, _, err = run("-q", "new", device, "--dir", repo, "--descriptor", descriptor)
    assert code == 0, err
    kernels = list((repo / "csrc" / "kernels").glob("*.cpp"))
    assert len(kernels) > 100, (
        "the core set should give well over a hundred kernel files"
    )
    assert (repo / "csrc" / "runtime" / f"{runtime}.cpp").is_file()
    assert_formatted(repo)
