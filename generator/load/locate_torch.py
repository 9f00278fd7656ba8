"""Where the installed torch keeps PyTorch's operator yaml: frp-gen's load stage asks this.

frp-gen starts this script (`python -S locate_torch.py`) as a run begins, beside the renderer,
and reads its one line of output while it loads:

    {"torchgen": <the torchgen package folder, or "">, "torch_version": <version, or "">,
     "executable": <sys.executable>, "watch": {<path>: <modification time in ns, or -1 if it does not exist>, ...},
     "env": {<variable>: <value, or null if unset>, ...}}

frp-gen reads native_functions.yaml and tags.yaml under torchgen/packaged/ATen/native, and
keeps the answer with what it depended on: every folder Python searched (installing or removing
a package changes its folder's time), the interpreter, torch's version.py and the yaml, and the
environment variables that shape Python's search path. Until one of those changes, later runs
take the kept answer instead of starting this script, if frp-gen's Python is this interpreter
itself rather than a launcher that may pick another (see generator/load/torch_locator.h).
Times are taken before the search, so a change during it reads as a change next time.

It runs on every command, on cores that frp-gen's own start-up needs at the same moment, so it
imports next to nothing: packages are found without importing them (torch's import takes
seconds), torch/version.py is read as text (importlib.metadata would scan every installed
distribution), and the answer is written without the json module (whose import, with re's,
cost more than the rest of this script).
"""

import os
import sys

# The shared site-packages helper lives in generator/common (python -S adds only this folder).
sys.path.insert(
    1,
    os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "common"),
)
import frp_site


def torch_version(torch_folder: str) -> str:
    """__version__ as torch/version.py assigns it (a plain string literal)."""
    if not torch_folder:
        return ""
    try:
        with open(os.path.join(torch_folder, "version.py"), encoding="utf-8") as f:
            for line in f:
                name, equals, value = line.partition("=")
                if name.strip() == "__version__" and equals:
                    value = value.split("#")[0].strip()
                    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
                        return value[1:-1]
    except (OSError, UnicodeDecodeError):
        pass
    return ""


def json_string(text: str) -> str:
    """`text` as a JSON string, ASCII only (what json.dumps writes)."""
    out = ['"']
    for c in text:
        code = ord(c)
        if c in '"\\':
            out.append("\\" + c)
        elif 0x20 <= code < 0x7F:
            out.append(c)
        elif code <= 0xFFFF:
            out.append(f"\\u{code:04x}")
        else:  # a surrogate pair
            code -= 0x10000
            out.append(
                f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
            )
    out.append('"')
    return "".join(out)


def torch_location(watched: dict) -> tuple[str, str]:
    """(torchgen folder, torch version), each "" if not found; what the answer depended on is
    added to `watched`."""
    torchgen_folder, torch_folder = frp_site.find_packages(
        ["torchgen", "torch"], watched
    )
    if torch_folder:
        frp_site.watch(watched, [os.path.join(torch_folder, "version.py")])
    if torchgen_folder:
        native = os.path.join(torchgen_folder, "packaged", "ATen", "native")
        frp_site.watch(
            watched,
            [
                os.path.join(native, name)
                for name in ("native_functions.yaml", "tags.yaml")
            ],
        )
    return torchgen_folder, torch_version(torch_folder)


def json_object(members: dict) -> str:
    """A dict of str keys and str, int or None values as a JSON object."""
    items = []
    for key, value in members.items():
        if value is None:
            text = "null"
        elif isinstance(value, int):
            text = str(value)
        else:
            text = json_string(value)
        items.append(f"{json_string(key)}: {text}")
    return "{" + ", ".join(items) + "}"


if __name__ == "__main__":
    env = frp_site.search_environment()
    watched = {}
    folder, version = torch_location(watched)
    answer = {
        "torchgen": folder,
        "torch_version": version,
        "executable": sys.executable,
    }
    line = (
        json_object(answer)[:-1]
        + f', "watch": {json_object(watched)}, "env": {json_object(env)}}}\n'
    )
    try:
        sys.stdout.write(line)
        sys.stdout.flush()
    except BrokenPipeError:
        pass  # frp-gen stopped before it needed the answer (bad input)
    # Nothing left to clean up; Python's tear-down would only delay frp-gen's wait for the exit.
    os._exit(0)
