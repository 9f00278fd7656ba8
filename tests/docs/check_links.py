#!/usr/bin/env python3
"""Check the relative links of a repo's Markdown pages, and that every doc page can be reached.

From a start page (README.md), every relative link of every Markdown page reached is followed:
inline links and images ([x](path), [x](path#anchor), ![x](path)) and reference definitions
([x]: path). Reported, as `file:line: message`:

- a link whose target file (or folder) does not exist, or that leaves the repo;
- an #anchor that names no heading of the target page (GitHub's slugs: lowercase, spaces to
  '-', punctuation other than '-' and '_' dropped, '-1', '-2' for repeats) nor an
  <a name=...>/id=... in it; anchors into other files (code, JSON) are not checked;
- a reference [x][label] whose label has no definition;
- a Markdown page under docs/ (and every folder given with --must-reach) that no link path from
  the start page reaches: every doc page is reachable from the README.

Links inside fenced code blocks, code spans and HTML comments are not links. External links
(http:, https:, mailto:) are not fetched; --list-external lists them. Exit status: 0 when
clean, 1 with the list of problems, 2 for bad arguments.

    python3 tests/docs/check_links.py                      # this repo, README.md, docs/
    python3 tests/docs/check_links.py ROOT --start README.md --must-reach docs --must-reach examples
"""

from __future__ import annotations

import argparse
import re
import sys
import unicodedata
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from urllib.parse import unquote

REPO_ROOT = Path(__file__).resolve().parents[2]

FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})(.*)$")  # also indented, in list items
ATX_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
SETEXT_UNDERLINE = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
CODE_SPAN = re.compile(r"(`+)(.+?)(?<!`)\1(?!`)")
# [text](target "title") and ![alt](target): text may hold one level of brackets.
INLINE_LINK = re.compile(
    r"!?\[(?:[^\[\]\\]|\\.|\[[^\[\]]*\])*\]"
    r"\(\s*(<[^<>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^()]*\)))?\s*\)"
)
REFERENCE_DEFINITION = re.compile(r"^ {0,3}\[([^\]]+)\]:\s*(<[^<>]*>|\S+)")
REFERENCE_USE = re.compile(r"!?\[((?:[^\[\]\\]|\\.)+)\]\[([^\[\]]*)\]")
AUTOLINK = re.compile(r"<([a-zA-Z][a-zA-Z0-9+.\-]*:[^<>\s]*)>")
HTML_ANCHOR = re.compile(r"<[a-zA-Z][^>]*?\s(?:name|id)\s*=\s*[\"']([^\"']+)[\"']")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.\-]*:")
MARKDOWN_SUFFIXES = (".md", ".markdown")


@dataclass(frozen=True, order=True)
class Finding:
    """One line of the report: a problem, or an external link."""

    path: str  # relative to the root, '/'-separated
    line: int  # 1-based; 0 when it is about the whole file
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.message}"


@dataclass
class Result:
    problems: list[Finding] = field(default_factory=list)
    external: list[Finding] = field(default_factory=list)
    reached: list[str] = field(
        default_factory=list
    )  # Markdown pages, in the order reached

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass
class Link:
    line: int
    target: str


@dataclass
class Page:
    links: list[Link]
    anchors: set[str]


def slug_base(heading: str) -> str:
    """GitHub's anchor for a heading's text, before repeats get '-1', '-2'."""
    text = re.sub(
        r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading
    )  # links and images: their text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = text.replace("`", "").replace("*", "")
    text = text.strip().lower()
    kept = (
        c
        for c in text
        if c in " -"
        or unicodedata.category(c)[0] in "LMN"
        or unicodedata.category(c) == "Pc"
    )
    return "".join(kept).replace(" ", "-")


def blank_code_spans(line: str) -> str:
    """The line with its code spans blanked out, columns kept."""
    return CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)


def read_page(text: str) -> Page:
    """The links and anchors of a Markdown page, outside code blocks and HTML comments."""
    links: list[Link] = []
    slugs: list[str] = []
    html_anchors: set[str] = set()
    definitions: dict[str, str] = {}
    uses: list[tuple[int, str]] = []
    fence: str | None = None
    in_comment = False
    previous = ""  # the previous line when it can be the text of a setext heading
    for number, raw in enumerate(text.splitlines(), 1):
        if fence is not None:
            closing = FENCE.match(raw)
            if (
                closing
                and closing.group(1)[0] == fence[0]
                and len(closing.group(1)) >= len(fence)
            ) and not closing.group(2).strip():
                fence = None
            previous = ""
            continue
        opening = FENCE.match(raw)
        # A backtick fence's info string holds no backtick (else it is a code span).
        backtick_info = (
            opening and opening.group(1)[0] == "`" and "`" in opening.group(2)
        )
        if opening and not in_comment and not backtick_info:
            fence = opening.group(1)
            previous = ""
            continue
        visible = raw
        if in_comment or "<!--" in visible:
            visible, in_comment = strip_comments(visible, in_comment)
        line = blank_code_spans(visible)
        heading = ATX_HEADING.match(visible)
        if heading:
            slugs.append(slug_base(heading.group(2) or ""))
            previous = ""
        elif SETEXT_UNDERLINE.match(line) and previous:
            slugs.append(slug_base(previous))
            previous = ""
            continue
        else:
            text = visible.strip()
            previous = (
                text if text and not text.startswith(("|", "-", "*", "+", ">")) else ""
            )
        html_anchors.update(HTML_ANCHOR.findall(line))
        definition = REFERENCE_DEFINITION.match(line)
        if definition:
            label, target = definition.groups()
            definitions[normalize_label(label)] = target
            links.append(Link(number, target.strip("<>")))
            continue
        for match in INLINE_LINK.finditer(line):
            links.append(Link(number, match.group(1).strip("<>")))
        for match in AUTOLINK.finditer(line):
            links.append(Link(number, match.group(1)))
        for match in REFERENCE_USE.finditer(INLINE_LINK.sub("", line)):
            uses.append((number, match.group(2) or match.group(1)))
    for number, label in uses:
        if normalize_label(label) not in definitions:
            links.append(Link(number, f"\0undefined reference [{label}]"))
    links.sort(key=lambda link: link.line)
    return Page(links, unique_slugs(slugs) | html_anchors)


def strip_comments(line: str, in_comment: bool) -> tuple[str, bool]:
    out = ""
    while line:
        if in_comment:
            end = line.find("-->")
            if end < 0:
                return out, True
            line, in_comment = line[end + 3 :], False
        else:
            start = line.find("<!--")
            if start < 0:
                return out + line, False
            out, line, in_comment = out + line[:start], line[start + 4 :], True
    return out, in_comment


def normalize_label(label: str) -> str:
    return " ".join(label.split()).casefold()


def unique_slugs(bases: list[str]) -> set[str]:
    seen: dict[str, int] = {}
    slugs = set()
    for base in bases:
        count = seen.get(base, 0)
        seen[base] = count + 1
        slugs.add(base if count == 0 else f"{base}-{count}")
    return slugs


def is_markdown(path: PurePosixPath | Path) -> bool:
    return path.suffix.lower() in MARKDOWN_SUFFIXES


def check(
    root: Path, start: str = "README.md", must_reach: tuple[str, ...] = ("docs",)
) -> Result:
    """Follow the links from root/start; see the module's docstring for what is reported."""
    root = root.resolve()
    result = Result()
    pages: dict[str, Page] = {}

    def page(rel: str) -> Page:
        if rel not in pages:
            pages[rel] = read_page(
                (root / rel).read_text(encoding="utf-8", errors="replace")
            )
        return pages[rel]

    start_rel = PurePosixPath(start).as_posix()
    if not (root / start_rel).is_file():
        result.problems.append(Finding(start_rel, 0, "start page does not exist"))
        return result
    queue = deque([start_rel])
    reached = {start_rel}
    while queue:
        rel = queue.popleft()
        result.reached.append(rel)
        for link in page(rel).links:
            if link.target.startswith("\0"):
                result.problems.append(Finding(rel, link.line, link.target[1:]))
                continue
            target = follow(root, rel, link, result, page)
            new = target and target not in reached and (root / target).is_file()
            if new and is_markdown(PurePosixPath(target)):
                reached.add(target)
                queue.append(target)
    for folder in must_reach:
        base = root / folder
        if not base.is_dir():
            result.problems.append(
                Finding(folder, 0, "--must-reach folder does not exist")
            )
            continue
        for path in sorted(base.rglob("*")):
            rel = path.relative_to(root).as_posix()
            if path.is_file() and is_markdown(path) and rel not in reached:
                result.problems.append(
                    Finding(rel, 0, f"not reachable from {start_rel}")
                )
    return result


def follow(root: Path, rel: str, link: Link, result: Result, page) -> str | None:
    """Check one link of page rel; return the repo-relative path it points to, if any."""
    target = link.target
    if not target:
        result.problems.append(Finding(rel, link.line, "empty link target"))
        return None
    if SCHEME.match(target) or target.startswith("//"):
        result.external.append(Finding(rel, link.line, target))
        return None
    path_part, _, anchor = target.partition("#")
    path_part = unquote(path_part.split("?", 1)[0])
    anchor = unquote(anchor)
    if not path_part:
        dest = rel
    else:
        base = (
            PurePosixPath() if path_part.startswith("/") else PurePosixPath(rel).parent
        )
        parts: list[str] = []
        for part in (base / path_part.lstrip("/")).parts:
            if part == "..":
                if not parts:
                    result.problems.append(
                        Finding(rel, link.line, f"{target}: leaves the repo")
                    )
                    return None
                parts.pop()
            elif part != ".":
                parts.append(part)
        dest = "/".join(parts) or "."
        if not (root / dest).exists():
            result.problems.append(Finding(rel, link.line, f"{target}: no file {dest}"))
            return None
    markdown = is_markdown(PurePosixPath(dest)) and (root / dest).is_file()
    if anchor and markdown and anchor not in page(dest).anchors:
        where = "in this page" if dest == rel else f"in {dest}"
        message = f"{target}: no heading #{anchor} {where}"
        result.problems.append(Finding(rel, link.line, message))
    return dest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Check relative Markdown links and that every doc page is reachable."
    )
    parser.add_argument(
        "root", nargs="?", type=Path, default=REPO_ROOT, help="the repo root"
    )
    parser.add_argument(
        "--start", default="README.md", help="the start page (README.md)"
    )
    parser.add_argument(
        "--must-reach",
        action="append",
        default=[],
        metavar="FOLDER",
        help="a folder whose Markdown pages must all be reachable (docs/ always is, if present)",
    )
    parser.add_argument(
        "--list-external", action="store_true", help="list external links"
    )
    args = parser.parse_args(argv)
    if not args.root.is_dir():
        print(f"{args.root}: not a folder", file=sys.stderr)
        return 2
    folders = [f.strip("/") for f in args.must_reach]
    if "docs" not in folders and (args.root / "docs").is_dir():
        folders.insert(0, "docs")
    result = check(args.root, args.start, tuple(dict.fromkeys(folders)))
    if args.list_external:
        for finding in result.external:
            print(f"{finding.path}:{finding.line}: external: {finding.message}")
    for finding in result.problems:
        print(finding)
    if result.problems:
        print(
            f"{len(result.problems)} problem(s) in {len(result.reached)} page(s) "
            f"reached from {args.start}",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
