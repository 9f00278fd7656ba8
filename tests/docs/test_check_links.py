"""check_links.py on small trees: each test has a link that must be reported and links that must
not be, so a checker that reports nothing, or everything, fails."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import check_links


def tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def problems(root: Path, must_reach=("docs",)) -> list[str]:
    return [str(p) for p in check_links.check(root, "README.md", must_reach).problems]


def test_a_clean_tree_has_no_problems(tmp_path):
    tree(
        tmp_path,
        {
            "README.md": "# Top\n\nSee [the guide](docs/guide.md#step-two) and [x](#top).\n",
            "docs/guide.md": "# Guide\n\n## Step two\n\nBack to [the README](../README.md).\n",
        },
    )
    assert problems(tmp_path) == []
    assert check_links.main([str(tmp_path)]) == 0


def test_a_missing_file_is_reported_with_its_line(tmp_path, capsys):
    tree(
        tmp_path,
        {
            "README.md": "# Top\n\n[ok](docs/a.md)\n\n[gone](docs/missing.md)\n",
            "docs/a.md": "# A\n\n[also gone](../nowhere/b.md) and [up](../README.md)\n",
        },
    )
    assert problems(tmp_path) == [
        "README.md:5: docs/missing.md: no file docs/missing.md",
        "docs/a.md:3: ../nowhere/b.md: no file nowhere/b.md",
    ]
    assert check_links.main([str(tmp_path)]) == 1
    assert "README.md:5:" in capsys.readouterr().out


def test_links_into_other_files_need_only_the_file(tmp_path):
    tree(
        tmp_path,
        {
            "README.md": (
                "[schema](schemas/x.json) [anchor ignored](schemas/x.json#L3)\n"
                "[folder](schemas/) [missing](schemas/y.json)\n"
            ),
            "schemas/x.json": "{}\n",
        },
    )
    assert problems(tmp_path, ()) == [
        "README.md:2: schemas/y.json: no file schemas/y.json"
    ]


def test_a_bad_anchor_is_reported(tmp_path):
    tree(
        tmp_path,
        {
            "README.md": (
                "# The tool (`frp.yaml`)\n"
                "\n"
                "[self](#the-tool-frpyaml) [bad self](#the-tool)\n"
                "[there](docs/a.md#set-up--run-fast) [again](docs/a.md#notes-1)\n"
                "[named](docs/a.md#custom) [bad](docs/a.md#set-up)\n"
            ),
            "docs/a.md": (
                "# A\n"
                "\n"
                "## Set up & run: fast!\n"
                "## Notes\n"
                "## Notes\n"
                'Other\n=====\n<a name="custom"></a>\n'
            ),
        },
    )
    assert problems(tmp_path) == [
        "README.md:3: #the-tool: no heading #the-tool in this page",
        "README.md:5: docs/a.md#set-up: no heading #set-up in docs/a.md",
    ]


def test_an_unreachable_page_is_reported(tmp_path):
    tree(
        tmp_path,
        {
            "README.md": "[a](docs/a.md)\n",
            "docs/a.md": "[b](sub/b.md)\n",  # reached through another page
            "docs/sub/b.md": "# B\n",
            "docs/orphan.md": "# Nobody links here\n",
            "guides/lost.md": "# Lost\n",
            "notes/free.md": "# Not a must-reach folder\n",
        },
    )
    assert problems(tmp_path) == ["docs/orphan.md: not reachable from README.md"]
    assert problems(tmp_path, ("docs", "guides")) == [
        "docs/orphan.md: not reachable from README.md",
        "guides/lost.md: not reachable from README.md",
    ]


def test_a_link_in_a_code_block_does_not_make_a_page_reachable(tmp_path):
    tree(
        tmp_path,
        {"README.md": "```\n[a](docs/a.md)\n```\n", "docs/a.md": "# A\n"},
    )
    assert problems(tmp_path) == ["docs/a.md: not reachable from README.md"]


def test_code_blocks_and_code_spans_are_not_links(tmp_path):
    tree(
        tmp_path,
        {
            "README.md": (
                "# Top\n"
                "```bash\n"
                "echo [x](missing1.md)\n"
                "# Not a heading\n"
                "```\n"
                "~~~~\n"
                "[x](missing2.md)\n"
                "```\n"
                "still code: [x](missing3.md)\n"
                "~~~~\n"
                "- a list item:\n"
                "    ```\n"
                "    [x](missing4.md)\n"
                "    ```\n"
                "Inline `[x](missing5.md)` code. <!-- [x](missing6.md) -->\n"
                "[after the blocks](missing7.md) [heading](#not-a-heading)\n"
            ),
        },
    )
    assert problems(tmp_path, ()) == [
        "README.md:16: missing7.md: no file missing7.md",
        "README.md:16: #not-a-heading: no heading #not-a-heading in this page",
    ]


def test_reference_links(tmp_path):
    tree(
        tmp_path,
        {
            "README.md": (
                "See [the guide][guide], [Other][] and [lost][nolabel].\n"
                "\n"
                "[guide]: docs/guide.md\n"
                "[other]: docs/other.md#gone\n"
            ),
            "docs/guide.md": "# Guide\n",
            "docs/other.md": "# Other\n",
        },
    )
    assert problems(tmp_path) == [
        "README.md:1: undefined reference [nolabel]",
        "README.md:4: docs/other.md#gone: no heading #gone in docs/other.md",
    ]


def test_external_links_are_listed_not_fetched(tmp_path, capsys):
    tree(
        tmp_path,
        {"README.md": "[site](https://example.invalid/x) <http://example.invalid/y>\n"},
    )
    assert check_links.main([str(tmp_path), "--list-external"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "README.md:1: external: https://example.invalid/x",
        "README.md:1: external: http://example.invalid/y",
    ]


def test_a_link_out_of_the_repo_is_reported(tmp_path):
    tree(tmp_path / "repo", {"README.md": "[out](../outside.md)\n"})
    (tmp_path / "outside.md").write_text("# Outside\n")
    assert problems(tmp_path / "repo", ()) == [
        "README.md:1: ../outside.md: leaves the repo"
    ]


@pytest.mark.parametrize(
    ("heading", "slug"),
    [
        ("The backend descriptor (`frp.yaml`)", "the-backend-descriptor-frpyaml"),
        ("`accelerator_speed.py`: vs torch's CPU", "accelerator_speedpy-vs-torchs-cpu"),
        ("Set up -- and run", "set-up----and-run"),
        ("Über *bold* [link](x.md)", "über-bold-link"),
    ],
)
def test_github_slugs(heading, slug):
    assert check_links.slug_base(heading) == slug
