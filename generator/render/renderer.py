"""frp-gen's Jinja2 renderer: the text of every planned file.

frp-gen starts it (through render.py, which only loads this module) before it loads anything,
so that Python's start-up, the Jinja2 import and the loading of every template overlap with the
C++ work. The protocol between the two (a
request per channel, frames back: hello, content, error) is described once, in
generator/render/frames.h; the functions under "The protocol" below are this side of it.

What the renderer does in it:
1. It sends the hello frame on channel 0: how many of frp-gen's channels reached it (--workers
   N asks for N: channel k > 0 is descriptors 2k+1 and 2k+2). A launcher between frp-gen and
   Python (FRP_PYTHON) may have closed those descriptors; frp-gen then uses only the channels
   that arrived. The hello also says where Jinja2 was found and what that depended on, for
   frp-gen's kept renderings (render/kept_rendering.h).
2. It imports Jinja2 and loads every template of the folders named by --templates (user overlays
   first), then forks one worker for each further channel: the workers share the imported
   Jinja2 and the loaded templates instead of each starting a Python of its own, which costs
   more than rendering a thousand files.
3. Each worker reads its channel's request, renders model["files"][i] for each i in "render",
   and replies with one content frame per file, in that order; a template error ends the reply
   with an error frame instead. The process exits with the first failing worker's status.

Templates only loop and branch over the render model; every name, type and policy in it was
computed by the C++ core. One rule of convenience: a file entry's "ops" field holds indices into
model["ops"], and templates receive those ops as `ops`.

Compiled templates are kept in a bytecode cache (like Python's .pyc files) in the folder given
with --cache (frp-gen's choice, see common/cache_folder.h), so a run compiles only templates that
changed since the last one. Jinja2 checks each entry against its template's source and Python
version. All of them are also kept in one file, read in one go while nothing they were compiled
from has changed (template_bundle.py).
"""

import fcntl
import json
import os
import stat
import sys
import time

# The shared site-packages helper lives in generator/common (python -S adds only this folder).
sys.path.insert(
    1,
    os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "common"),
)
import cpp_layout  # beside this module, on sys.path[0] (render.py's folder)
import doc_regions
import frp_site
import template_bundle

# With FRP_TIMINGS=1, each step's wall time goes to stderr (for benchmarks/), as frp-gen's own.
_TIMINGS = bool(os.environ.get("FRP_TIMINGS"))
_last = time.perf_counter()


def lap(step: str) -> None:
    global _last
    if _TIMINGS:
        now = time.perf_counter()
        # One write per line: frp-gen and the other worker write to the same stderr.
        line = f"frp-gen timing: renderer {os.getpid()} {step} {1e3 * (now - _last):.1f} ms\n"
        os.write(sys.stderr.fileno(), line.encode())
        _last = now


# The protocol (generator/render/frames.h): a frame is "<kind><length>\n" and the payload.
HELLO, CONTENT, ERROR = b"h", b"c", b"e"


def frame_header(kind: bytes, length: int) -> bytes:
    return b"%s%d\n" % (kind, length)


def send_frame(kind: bytes, payload: bytes) -> None:
    """Sends one whole frame on this process's channel (its stdout) at once."""
    sys.stdout.buffer.write(frame_header(kind, len(payload)) + payload)
    sys.stdout.buffer.flush()


def send_error(**failure) -> None:
    """The error frame that ends a reply: {"message", "template", "line", "rendering"} for a
    template error, {"message", "hint"} for a renderer that cannot work at all."""
    send_frame(ERROR, json.dumps(failure).encode())


def usable_cache(path: str | None) -> str | None:
    """The cache folder frp-gen chose, created if need be; None if there is none to use."""
    if not path:
        return None
    try:
        os.makedirs(path, exist_ok=True)
    except OSError:
        return None
    return path if os.access(path, os.W_OK) else None


def make_environment(jinja2, template_dirs: list[str], cache: str | None):
    class ModelEnvironment(jinja2.Environment):
        """The render model is plain JSON: `op.name` reads the key first.

        Jinja2's default tries a Python attribute first, and for a dict that costs a raised
        and caught AttributeError on every lookup: most of the rendering time of a large repo.
        """

        def make_globals(self, d):
            """A plain dict instead of Jinja2's ChainMap over the environment's globals.

            Every render copies a template's globals into the new context, and every
            `{% import %}` compares them with the imported template's: on a ChainMap each of
            those steps runs in Python, and together they were a third of the rendering time of
            a large repo. The environment's globals do not change once templates are loaded.
            """
            return {**self.globals, **(d or {})}

        def getattr(self, obj, attribute):
            if type(obj) is dict:
                try:
                    return obj[attribute]
                except KeyError:
                    pass
            return super().getattr(obj, attribute)

    class QuietCache(jinja2.FileSystemBytecodeCache):
        """A cache that cannot be written (full disk, read-only home) only costs speed."""

        def dump_bytecode(self, bucket) -> None:
            try:
                super().dump_bytecode(bucket)
            except OSError:
                pass

    directory = usable_cache(cache)
    env = ModelEnvironment(
        loader=template_bundle.make_loader(jinja2, template_dirs, directory),
        bytecode_cache=QuietCache(directory) if directory else None,
        undefined=jinja2.StrictUndefined,  # a misspelt field is an error, not an empty string
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
        auto_reload=False,  # one run renders from templates that cannot change under it
    )
    # C++ laid out as clang-format lays it out ({{ op.schema | cpp_comment }}, ...): in Python,
    # because thousands of operators go through it (as Jinja macros it cost 2.5x the rendering).
    env.filters.update(cpp_layout.FILTERS)
    env.filters["banner"] = Banners(env)
    # region() needs the file being rendered: which files it may quote.
    env.globals["region"] = jinja2.pass_context(Regions(env))
    return env


class Banners:
    """The `banner` filter, `{{ file | banner("//", model) }}`: the first lines of every file,
    from the `of` macro of _macros.j2 (its one home, which overlays may replace).

    A banner depends only on the file's owner and the comment marker (and frp-gen's version,
    one per run), so each distinct banner is rendered once and then reused: calling the macro
    for each of a large repo's thousands of files was a tenth of the rendering time. A broken
    _macros.j2 is reported where a template first uses the filter."""

    def __init__(self, env) -> None:
        self.env = env
        self.macro = None
        self.texts: dict[tuple[str, str], str] = {}

    def __call__(self, file: dict, comment: str, model: dict) -> str:
        key = (file["owner"], comment)
        text = self.texts.get(key)
        if text is None:
            if self.macro is None:
                self.macro = self.env.get_template("_macros.j2").module.of
            text = self.texts[key] = str(self.macro(file, comment, model))
        return text


class Regions:
    """The `region` function of templates, `{{ region("csrc/generated/runtime.h", "memory") }}`:
    a marked region (generator/render/doc_regions.py) of another file of this plan, as frp-gen
    writes it, so that a page quoting generated code (docs/tutorial.md) cannot drift from it.

    The quoted file is rendered again here, once: it may be another worker's, and a page quotes
    only a few files."""

    def __init__(self, env) -> None:
        self.env = env
        self.model: dict | None = None  # the request's, set by serve()
        self.texts: dict[str, str] = {}

    def __call__(self, context, path: str, name: str) -> str:
        from jinja2 import TemplateRuntimeError

        # Only the files the quoting file's row lists under `quotes:` reach its worker.
        if path not in context["file"].get("quotes", ()):
            raise TemplateRuntimeError(
                f"region(): '{path}' is not a file this template may quote: list it under "
                "the quoting file's `quotes:` in files.yaml"
            )
        text = self.texts.get(path)
        if text is None:
            entry = next(
                (f for f in self.model["files"] if f and f["path"] == path), None
            )
            if entry is None:
                raise TemplateRuntimeError(
                    f"region(): '{path}' is not a file of this repo"
                )
            ops = [self.model["ops"][i] for i in entry.get("ops", [])]
            template = self.env.get_template(entry["template"])
            text = self.texts[path] = template.render(
                model=self.model, file=entry, ops=ops
            )
        try:
            return doc_regions.region(text, name)
        except doc_regions.RegionError as error:
            raise TemplateRuntimeError(f"region(): {path}: {error}") from None


def parse_args(argv: list[str]) -> tuple[list[str], str | None, int]:
    """The command line render.cpp writes: --workers N, --cache DIR and --templates DIR
    (repeated, overlays first); returns (templates, cache, workers). Read by hand:
    argparse costs more to import and set up than the rest of the renderer's start-up apart
    from Jinja2."""
    templates, cache, workers = [], None, 1
    words = iter(argv)
    for word in words:
        if word in ("--templates", "--cache", "--workers"):
            value = next(words, None)
            if value is None:
                sys.exit(f"render.py: {word} needs a value")
            if word == "--templates":
                templates.append(value)
            elif word == "--cache":
                cache = value
            else:
                workers = int(value)
        else:
            sys.exit(f"render.py: unknown argument {word!r} (frp-gen runs this script)")
    return templates, cache, workers


def main(argv: list[str]) -> int:
    """Renders what frp-gen asks on its channels; the exit status. `argv`: the command line
    after render.py's own options."""
    template_dirs, cache, workers = parse_args(argv)
    workers = arrived_channels(workers)
    try:
        send_frame(HELLO, json.dumps({"workers": workers, **jinja2_facts()}).encode())
    except BrokenPipeError:
        return leave_quietly()  # frp-gen stopped before it needed us (bad input)
    jinja2 = import_jinja2()
    if jinja2 is None:
        send_error(
            message=f"Jinja2 is not installed for {sys.executable}",
            hint=f"run '{sys.executable} -m pip install jinja2', or set FRP_PYTHON",
        )
        return 3

    env = make_environment(jinja2, template_dirs, cache)
    # Load (from the cache, or compile) every template now, while frp-gen is still planning. A
    # template that cannot be loaded (a syntax error, text that is not UTF-8) is reported only
    # if a file needs it, below.
    templates = env.loader.load_all(env)

    lap("start-up and templates")
    children = fork_workers(workers)
    try:
        status = serve(jinja2, env, templates)
    except (BrokenPipeError, RequestCutShort):
        # frp-gen is gone (killed, or stopped on an error of its own): nobody reads a reply
        # or a traceback now.
        status = leave_quietly()
    for pid in children:
        _, child_status = os.waitpid(pid, 0)
        status = status or os.waitstatus_to_exitcode(child_status)
    return status


class RequestCutShort(Exception):
    """The request ended before its JSON did: frp-gen died while sending it."""


def leave_quietly() -> int:
    """Points stdout at devnull, so that Python's final flush does not report the closed pipe
    either; the exit status of a renderer whose frp-gen has gone."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def jinja2_facts() -> dict:
    """Where Jinja2 is, and what finding it depended on (generator/common/frp_site.py), as the
    hello frame reports them: frp-gen keeps a run's texts while all of this holds."""
    watched = {}
    [folder] = frp_site.find_packages(["jinja2"], watched)
    if folder:
        frp_site.watch(watched, [folder, os.path.join(folder, "__init__.py")])
    return {
        "executable": sys.executable,
        "watch": watched,
        "env": frp_site.search_environment(),
    }


def import_jinja2():
    """The jinja2 module, or None if this Python cannot find it (jinja2_facts() has added the
    site folders by now)."""
    try:
        import jinja2
    except ImportError:
        return None
    return jinja2


def arrived_channels(count: int) -> int:
    """How many of frp-gen's `count` channels reached this process, counting from the first:
    channel k's descriptors must be the read end and the write end of a pipe."""
    for channel in range(1, count):
        for fd, mode in (
            (2 * channel + 1, os.O_RDONLY),
            (2 * channel + 2, os.O_WRONLY),
        ):
            try:
                is_pipe = stat.S_ISFIFO(os.fstat(fd).st_mode)
                flags = fcntl.fcntl(fd, fcntl.F_GETFL)
            except OSError:
                return channel
            if not is_pipe or flags & os.O_ACCMODE != mode:
                return channel
    return count


def fork_workers(count: int) -> list[int]:
    """Forks a worker for each channel after the first; returns the pids this process forked
    (none in a worker). A worker moves its channel onto stdin and stdout."""
    extra_fds = range(3, 2 * count + 1)
    children = []
    for channel in range(1, count):
        pid = os.fork()
        if pid == 0:
            os.dup2(2 * channel + 1, sys.stdin.fileno())
            os.dup2(2 * channel + 2, sys.stdout.fileno())
            os.closerange(extra_fds.start, extra_fds.stop)
            return []
        children.append(pid)
    # The workers' channels are theirs alone: held open here, their input would never end.
    os.closerange(extra_fds.start, extra_fds.stop)
    return children


def template_location(env, error, name: str) -> tuple[str, int]:
    """The template file and line where `error` arose (line 0 if unknown).

    Only syntax errors carry a place; for errors raised while rendering, Jinja2 rewrites the
    traceback so that each template frame names its file and line: the innermost one is where
    the error is (a macro's template rather than its caller's). A template that could not be
    read at all is named by its file."""
    where, line = (
        getattr(error, "filename", None) or template_file(env, name),
        getattr(error, "lineno", None) or 0,
    )
    frame = error.__traceback__
    while frame is not None:
        filename = frame.tb_frame.f_code.co_filename
        if filename.endswith(".j2"):
            where, line = filename, frame.tb_lineno
        frame = frame.tb_next
    return where, line


def template_file(env, name: str) -> str:
    """The file the loader reads for the template `name` (the first of the template folders that
    holds it, as Jinja2's FileSystemLoader searches), or `name` if none does."""
    for folder in env.loader.searchpath:
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            return path
    return name


def describe(jinja2, error: Exception) -> str:
    """A rendering failure in one line: Jinja2's own message, or the Python exception's type and
    message (`TypeError: unsupported operand ...`)."""
    if isinstance(error, jinja2.TemplateError):
        return str(error)
    return f"{type(error).__name__}: {error}"


def serve(jinja2, env, templates: dict) -> int:
    """Renders what this process's channel asks for and replies; the exit status."""
    text = sys.stdin.read()
    if not text:
        return 0  # frp-gen needed no rendering after all
    lap("waiting for the model")
    try:
        request = json.loads(text)
    except json.JSONDecodeError as error:
        raise RequestCutShort() from error
    lap(f"parsing the model ({len(text) >> 10} KiB)")
    model = request["model"]
    env.globals["region"].model = model
    all_ops = model["ops"]
    chunks = []  # written at the end, so a worker never waits on a full pipe while rendering
    for index in request["render"]:
        entry = model["files"][index]
        name = entry["template"]
        try:
            template = templates.get(name) or env.get_template(name)
            ops = [all_ops[i] for i in entry.get("ops", [])]
            content = template.render(model=model, file=entry, ops=ops)
        except Exception as error:  # noqa: BLE001 (see below)
            # The failure is the reply: frp-gen reports it with its other diagnostics, once
            # even when several workers fail. Whatever Python raised for a template (a
            # TypeError of `1 + "a"`, a filter given a number for a list) is the template's
            # mistake, at its line: Jinja2 keeps template frames in every traceback.
            where, line = template_location(env, error, name)
            send_error(
                message=describe(jinja2, error),
                template=where,
                line=line,
                rendering=entry["path"],
            )
            return 1
        data = content.encode()
        chunks.append(frame_header(CONTENT, len(data)))
        chunks.append(data)
    lap(f"rendering {len(request['render'])} files")
    sys.stdout.buffer.write(b"".join(chunks))
    sys.stdout.buffer.flush()
    lap("replying")
    return 0
