"""frp-gen's Python side: where torch's yaml lives, then Jinja2 rendering.

frp-gen starts this before it loads anything, so Python's start-up and the Jinja2 import overlap
with the C++ work. The conversation on stdin/stdout:

1. This script prints one JSON line: {"torchgen": <dir or "">, "torch_version": <str or "">}
   when started with --locate (frp-gen asks one worker), else "{}".
   frp-gen reads torch's native_functions.yaml and tags.yaml from there.
2. frp-gen sends {"template_dirs": [...], "model": <render model>, "render": [file indices]}
   and closes stdin (or closes it at once if it only wanted step 1).
3. This script renders model["files"][i] for each i in "render" and replies with one record per
   file: "<path>\\n<owner>\\n<byte length>\\n<content bytes>" (cheaper than JSON for thousands of
   files, and read without unescaping).

Templates only loop and branch over the render model; every name, type and policy in it was
computed by the C++ core. One rule of convenience: a file entry's "ops" field holds indices into
model["ops"], and templates receive those ops as `ops`.
"""

import importlib.util
import json
import os
import re
import sys


def torch_location() -> dict:
    # find_spec locates packages without importing them (torch's import takes seconds), and
    # torch/version.py is read as text for the same reason; importlib.metadata would scan every
    # installed distribution.
    torchgen = importlib.util.find_spec("torchgen")
    torch = importlib.util.find_spec("torch")
    version = ""
    if torch and torch.submodule_search_locations:
        path = os.path.join(torch.submodule_search_locations[0], "version.py")
        try:
            with open(path, encoding="utf-8") as f:
                found = re.search(
                    r"^__version__\s*=\s*['\"]([^'\"]+)", f.read(), re.MULTILINE
                )
            version = found.group(1) if found else ""
        except OSError:
            pass
    return {
        "torchgen": torchgen.submodule_search_locations[0] if torchgen else "",
        "torch_version": version,
    }


def main() -> int:
    try:
        location = torch_location() if "--locate" in sys.argv[1:] else {}
        print(json.dumps(location), flush=True)
    except BrokenPipeError:
        # frp-gen stopped before it needed us (bad input). Leave quietly: point stdout at
        # devnull so that Python's final flush does not report the closed pipe either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    try:
        import jinja2  # after the first line: frp-gen is waiting for that line, not for Jinja2
    except ImportError:
        if (
            "--locate" in sys.argv[1:]
        ):  # that worker speaks for all: one message, not one each
            print(
                f"error: Jinja2 is not installed for {sys.executable}: "
                f"run '{sys.executable} -m pip install jinja2', or set FRP_PYTHON",
                file=sys.stderr,
            )
        return 3

    text = sys.stdin.read()
    if not text:
        return 0  # frp-gen only asked where torch is
    request = json.loads(text)
    model = request["model"]
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(request["template_dirs"]),
        undefined=jinja2.StrictUndefined,  # a misspelt field is an error, not an empty string
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
        auto_reload=False,  # one run renders from templates that cannot change under it
    )
    all_ops = model["ops"]
    chunks = []  # written at the end, so a worker never waits on a full pipe while rendering
    for index in request["render"]:
        entry = model["files"][index]
        try:
            template = env.get_template(entry["template"])
            ops = [all_ops[i] for i in entry.get("ops", [])]
            content = template.render(model=model, file=entry, ops=ops)
        except jinja2.TemplateError as error:
            where = getattr(error, "filename", None) or entry["template"]
            line = getattr(error, "lineno", None)
            location = f"{where}:{line}" if line else where
            print(
                f"{location}: error: {error} (rendering {entry['path']})",
                file=sys.stderr,
            )
            return 1
        data = content.encode()
        chunks.append(f"{entry['path']}\n{entry['owner']}\n{len(data)}\n".encode())
        chunks.append(data)
    sys.stdout.buffer.write(b"".join(chunks))
    sys.stdout.buffer.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
