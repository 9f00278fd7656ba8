"""Where the installed torch keeps PyTorch's operator yaml: frp-gen's load stage asks this.

frp-gen starts this script (`python -S locate_torch.py`) as a run begins, beside the renderer,
and reads its one line of output while it loads:

    {"torchgen": <the torchgen package folder, or "">, "torch_version": <version, or "">}

frp-gen reads native_functions.yaml and tags.yaml under torchgen/packaged/ATen/native.

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


def find_spec(name: str):
    """importlib.util.find_spec for a top-level package, without importing importlib.util:
    asks each finder on sys.meta_path, as the import system does."""
    for finder in sys.meta_path:
        find = getattr(finder, "find_spec", None)
        spec = find(name, None) if find else None
        if spec is not None:
            return spec
    return None


def package_folder(spec) -> str:
    if spec is None or not spec.submodule_search_locations:
        return ""
    return next(iter(spec.submodule_search_locations))


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


def torch_location() -> tuple[str, str]:
    """(torchgen folder, torch version), each "" if not found."""
    frp_site.add_site_packages()
    torchgen, torch = find_spec("torchgen"), find_spec("torch")
    if (torchgen is None or torch is None) and frp_site.full_site():
        torchgen, torch = find_spec("torchgen"), find_spec("torch")
    return package_folder(torchgen), torch_version(package_folder(torch))


if __name__ == "__main__":
    folder, version = torch_location()
    line = f'{{"torchgen": {json_string(folder)}, "torch_version": {json_string(version)}}}\n'
    try:
        sys.stdout.write(line)
        sys.stdout.flush()
    except BrokenPipeError:
        pass  # frp-gen stopped before it needed the answer (bad input)
    # Nothing left to clean up; Python's tear-down would only delay frp-gen's wait for the exit.
    os._exit(0)
