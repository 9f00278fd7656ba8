#!/usr/bin/env python3
"""Runs a Markdown page as its reader would: every command block in order, in one terminal.

What each fenced block means is in tests/docs/FORMAT.md. A page fails at its first block that
fails, prints something other than the page says, or quotes a file region that differs; the
error names the page and line.

    run_markdown.py PAGE [--path DIR ...] [--workdir DIR] [--keep]
"""

import argparse
import dataclasses
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "generator" / "render"))
import doc_regions  # generator/render: the one definition of a region

FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
DONE = "__run_markdown_done__"


@dataclasses.dataclass
class Block:
    line: int  # of the opening fence, 1-based
    lang: str
    attrs: dict[str, str]
    text: str

    @property
    def runs(self) -> bool:
        if "norun" in self.attrs or "file" in self.attrs or "from" in self.attrs:
            return False
        return self.lang in ("bash", "python")


def parse_blocks(page: str) -> list[Block]:
    """The fenced code blocks of a Markdown page, with their info strings split."""
    blocks, lines, i = [], page.splitlines(), 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        fence, indent = opening["fence"], len(opening["indent"])
        words = (
            shlex.split(opening["info"].strip()) if opening["info"].strip() else [""]
        )
        attrs = {}
        for word in words[1:]:
            key, _, value = word.partition("=")
            attrs[key] = value
        body, j = [], i + 1
        while j < len(lines) and not (
            lines[j].strip().startswith(fence[0] * len(fence))
            and set(lines[j].strip()) == {fence[0]}
        ):
            body.append(lines[j][indent:] if lines[j][:indent].isspace() else lines[j])
            j += 1
        if j == len(lines):
            raise PageError(
                i + 1, f"the code block opened here is never closed ({fence})"
            )
        blocks.append(Block(i + 1, words[0], attrs, "\n".join(body) + "\n"))
        i = j + 1
    return blocks


class PageError(Exception):
    def __init__(self, line: int, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.line, self.message, self.detail = line, message, detail


def expected_pattern(expected: str) -> re.Pattern:
    """`...` alone on a line matches any lines; within a line, any text."""
    parts = []
    for line in expected.rstrip("\n").split("\n"):
        line = line.rstrip()
        if line == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            text = ".*?".join(re.escape(piece) for piece in line.split("..."))
            parts.append(text + r"\n")
    return re.compile("".join(parts), re.DOTALL)


def normalised(output: str) -> str:
    lines = [line.rstrip() for line in output.replace("\r\n", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"


class Terminal:
    """One bash session for a whole page, as the reader's terminal: `cd`, `export` and
    `source` carry over from block to block. Each block's output goes to a file of its own."""

    def __init__(self, workdir: Path, control: Path, path_dirs: list[str]) -> None:
        self.control, self.count, self.cwd = control, 0, workdir
        env = dict(os.environ)
        env["PATH"] = os.pathsep.join([*path_dirs, env.get("PATH", "")])
        env.pop("VIRTUAL_ENV", None)
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env["PYTHONUNBUFFERED"] = "1"  # output in the order a terminal shows it
        self.shell = subprocess.Popen(
            ["bash", "--noprofile", "--norc"],
            cwd=workdir,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        self.send("set -e")

    def send(self, line: str) -> None:
        self.shell.stdin.write(line + "\n")
        self.shell.stdin.flush()

    def run(self, block: Block) -> tuple[int | None, str]:
        """Runs a bash or python block; its exit status (None if it ended the session, as a
        failing command under `set -e` does) and its output."""
        self.count += 1
        script = (
            self.control / f"block{self.count}.{'sh' if block.lang == 'bash' else 'py'}"
        )
        script.write_text(block.text)
        output = self.control / f"block{self.count}.out"
        quoted, out = shlex.quote(str(script)), shlex.quote(str(output))
        command = f"source {quoted}" if block.lang == "bash" else f"python - < {quoted}"
        if "exit" in block.attrs:
            # In a subshell, with `set -e` of its own: under `||` bash would ignore it.
            self.send(
                f"set +e; ( set -e; {{ {command} ; }} ) > {out} 2>&1 < /dev/null; __status=$?; "
                f'set -e; printf "\\n{DONE} %s %s\\n" "$__status" "$PWD"'
            )
        else:
            # A failing command ends the session (`set -e`), and with it the page.
            self.send(
                f'{{ {command} ; }} > {out} 2>&1 < /dev/null; printf "\\n{DONE} 0 %s\\n" "$PWD"'
            )
        status = None
        for line in self.shell.stdout:
            if line.startswith(DONE):
                _, code, cwd = line.rstrip("\n").split(" ", 2)
                status, self.cwd = int(code), Path(cwd)
                break
        text = output.read_text(errors="replace") if output.exists() else ""
        return status, text

    def close(self) -> None:
        if self.shell.poll() is None:
            self.shell.stdin.close()
            self.shell.wait(timeout=60)


def check_output(block: Block, expected: Block, output: str) -> None:
    if not expected_pattern(normalised(expected.text)).fullmatch(normalised(output)):
        raise PageError(
            expected.line,
            f"the output of the block at line {block.line} is not what the page shows",
            f"--- the page shows\n{expected.text}--- it printed\n{output}",
        )


def check_quote(block: Block, cwd: Path) -> None:
    path, _, name = block.attrs["from"].partition("#")
    try:
        text = (cwd / path).read_text()
        quoted = doc_regions.region(text, name) if name else text
    except (OSError, doc_regions.RegionError) as error:
        raise PageError(
            block.line, f"cannot quote {block.attrs['from']}: {error}"
        ) from None
    if normalised(quoted) != normalised(block.text):
        raise PageError(
            block.line,
            f"the block differs from {block.attrs['from']} as it is at this step",
            f"--- the page shows\n{block.text}--- the file has\n{quoted}",
        )


def run_page(page: Path, workdir: Path, path_dirs: list[str]) -> dict:
    blocks = parse_blocks(page.read_text())
    summary = {"ran": 0, "written": 0, "quoted": 0, "norun": [], "seconds": []}
    with tempfile.TemporaryDirectory(prefix="run_markdown-") as control:
        terminal = Terminal(workdir, Path(control), path_dirs)
        try:
            for index, block in enumerate(blocks):
                if "norun" in block.attrs:
                    summary["norun"].append(block.line)
                elif "file" in block.attrs:
                    target = terminal.cwd / block.attrs["file"]
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_text(block.text)
                    summary["written"] += 1
                elif "from" in block.attrs:
                    check_quote(block, terminal.cwd)
                    summary["quoted"] += 1
                elif block.runs:
                    started = time.monotonic()
                    status, output = terminal.run(block)
                    summary["seconds"].append((block.line, time.monotonic() - started))
                    summary["ran"] += 1
                    wanted = int(block.attrs.get("exit", 0))
                    if status != wanted:
                        got = (
                            "it ended the session"
                            if status is None
                            else f"exit {status}"
                        )
                        raise PageError(
                            block.line,
                            f"the block should exit {wanted}, but {got}",
                            f"--- block\n{block.text}--- output\n{output}",
                        )
                    following = blocks[index + 1] if index + 1 < len(blocks) else None
                    if following is not None and following.lang == "text":
                        check_output(block, following, output)
        finally:
            terminal.close()
    return summary


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page", type=Path)
    parser.add_argument(
        "--path",
        action="append",
        default=[],
        help="folder put first on PATH (repeatable)",
    )
    parser.add_argument(
        "--workdir", type=Path, help="start here instead of a fresh folder"
    )
    parser.add_argument("--keep", action="store_true", help="keep the fresh folder")
    args = parser.parse_args()
    path_dirs = [str(Path(p).resolve()) for p in args.path]
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="doc-"))
    workdir.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    try:
        summary = run_page(args.page, workdir.resolve(), path_dirs)
    except PageError as error:
        print(f"{args.page}:{error.line}: error: {error.message}", file=sys.stderr)
        if error.detail:
            print(error.detail, end="", file=sys.stderr)
        print(f"(the page ran in {workdir})", file=sys.stderr)
        return 1
    if not args.keep and args.workdir is None:
        subprocess.run(["rm", "-rf", str(workdir)], check=False)
    slowest = sorted(summary["seconds"], key=lambda item: -item[1])[:3]
    print(
        f"{args.page}: {summary['ran']} blocks ran, {summary['written']} files written, "
        f"{summary['quoted']} quotes checked in {time.monotonic() - started:.0f} s"
        + (
            f"; slowest: {', '.join(f'line {n} {s:.0f} s' for n, s in slowest)}"
            if slowest
            else ""
        )
    )
    if summary["norun"]:
        lines = ", ".join(map(str, summary["norun"]))
        print(f"{args.page}: not run (norun): blocks at lines {lines}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
