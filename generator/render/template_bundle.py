"""Every compiled template of the renderer in one cache file: a speed trick, fenced here.

Jinja2's bytecode cache keeps a file per template and checks each against a SHA-1 of its source
as it loads it: for the ~120 templates of a repo, reading the sources and the cache files (through
marshal.load on a file, which reads in small pieces) was 15 ms of the renderer's start-up, the
longest wait of a run. The bundle is one file of every template's code, read in one go. It is
taken only while nothing it was compiled from has changed: the Python (its bytecode tag), Jinja2's
version, the renderer's own modules (they set Jinja2's options) and every file of the template
folders, by path, size, modification time and inode (common/cache_folder.h states the rule). A
miss loads the templates through Jinja2's bytecode cache, as without the bundle, and writes it.
"""

import contextlib
import marshal
import os
import sys

# The first line of a bundle; raise the number when the layout changes. Then the length of the
# key, a line, the key (what the bundle was compiled from), and marshal's data: {name: code}.
_SIGNATURE = b"frp-gen template bundle 1\n"


def identity(path: str) -> str:
    """ "size mtime inode" of a file, or "-": what a bundle records of each file it depends on
    (as file_identity in common/cache_folder.h)."""
    try:
        st = os.stat(path)
    except OSError:
        return "-"
    return f"{st.st_size} {st.st_mtime_ns} {st.st_ino}"


def scan(template_dirs: list[str]) -> tuple[list[str], str]:
    """The templates (*.j2) the folders offer, by name, sorted; and a line for every file under
    them (one added to an overlay may shadow a built-in template)."""
    names: set[str] = set()
    lines = []
    for top in template_dirs:
        top = os.path.abspath(top)
        lines.append(f"folder {top}")
        for folder, subfolders, files in os.walk(top):
            subfolders.sort()
            for file in sorted(files):
                path = os.path.join(folder, file)
                lines.append(f"{path} {identity(path)}")
                if file.endswith(".j2"):
                    names.add(os.path.relpath(path, top).replace(os.sep, "/"))
    return sorted(names), "\n".join(lines)


def make_loader(jinja2, template_dirs: list[str], cache: str | None):
    """A FileSystemLoader over `template_dirs` that serves every template from the bundle kept
    in the folder `cache` (None: no bundle), and makes the bundle when it is missing or stale."""

    class BundledLoader(jinja2.FileSystemLoader):
        def __init__(self) -> None:
            super().__init__(template_dirs)
            self.codes: dict = {}

        def load(self, environment, name, globals=None):
            code = self.codes.get(name)
            if code is None:
                return super().load(environment, name, globals)
            return environment.template_class.from_code(
                environment, code, {} if globals is None else globals, None
            )

        def load_all(self, environment) -> dict:
            """Every template that loads, by name; one that cannot (a syntax error, text that
            is not UTF-8) is left out, and reported only where a file needs it."""
            names, files = scan(template_dirs)
            modules = os.path.dirname(os.path.abspath(__file__))
            key = "\n".join(
                [
                    f"python {sys.implementation.cache_tag} jinja2 {jinja2.__version__}",
                    *(
                        f"{os.path.join(modules, m)} {identity(os.path.join(modules, m))}"
                        for m in ("renderer.py", "template_bundle.py")
                    ),
                    files,
                ]
            ).encode()
            path = self._bundle_path()
            self.codes = _read(path, key) or {}
            if not self.codes:
                for name in names:
                    with contextlib.suppress(Exception):
                        self.codes[name] = _compiled(environment, self, name)
                _write(path, key, self.codes)
            return {name: environment.get_template(name) for name in self.codes}

        def _bundle_path(self) -> str | None:
            if not cache:
                return None
            import hashlib  # imported by Jinja2 by now: not a cost of the renderer's start-up

            folders = "\n".join(os.path.abspath(d) for d in template_dirs).encode()
            return os.path.join(
                cache, f"bundle-{hashlib.sha1(folders).hexdigest()[:16]}"
            )

    return BundledLoader()


def _compiled(environment, loader, name: str):
    """The code of template `name` as Jinja2's loaders make it: from the bytecode cache, or
    compiled (and then kept there)."""
    source, filename, _ = loader.get_source(environment, name)
    cache = environment.bytecode_cache
    bucket = cache.get_bucket(environment, name, filename, source) if cache else None
    code = bucket.code if bucket else None
    if code is None:
        code = environment.compile(source, name, filename)
        if bucket:
            bucket.code = code
            cache.set_bucket(bucket)
    return code


def _read(path: str | None, key: bytes) -> dict | None:
    """The bundle at `path` if it was made from `key`, else None."""
    if path is None:
        return None
    try:
        with open(path, "rb") as f:
            data = f.read()
        head = len(_SIGNATURE)
        if data[:head] != _SIGNATURE:
            return None
        end = data.index(b"\n", head)
        size = int(data[head:end])
        start = end + 1
        if data[start : start + size] != key:
            return None
        codes = marshal.loads(data[start + size :])
    except (OSError, ValueError, EOFError, TypeError):
        return None
    return codes if isinstance(codes, dict) else None


def _write(path: str | None, key: bytes, codes: dict) -> None:
    """Replaces the bundle at `path` whole (written beside it, then renamed), so that a run beside
    this one reads the old bundle or the new one. A cache that cannot be written costs speed."""
    if path is None:
        return
    temp = f"{path}.{os.getpid()}"
    try:
        with open(temp, "wb") as f:
            f.write(_SIGNATURE + b"%d\n" % len(key) + key + marshal.dumps(codes))
        os.replace(temp, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.remove(temp)
