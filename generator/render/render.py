"""The script frp-gen starts to render: `python -S render.py [--pycache DIR] <renderer options>`.

The renderer itself is renderer.py (what it does, and its options); this script only loads it
with its bytecode kept in DIR, a folder of frp-gen's cache. Python compiles the script it is
started with on every run, and every module when PYTHONDONTWRITEBYTECODE is set (as in many
containers): about 8 ms of the renderer's start-up, which is the longest wait of a run. Only
frp-gen's own modules are kept there: Jinja2 and the standard library keep Python's settings.
"""

# A short run whose memory all goes at exit: the cyclic garbage collector would only walk the
# modules being imported and then the parsed model, again and again (3% of a large run's
# instructions), and in a forked worker touch, and so copy, every page it shares with its parent.
import gc

gc.disable()

# contextlib, importlib, json and textwrap: what frp-gen's modules import from the standard
# library, imported here first so that their bytecode stays where Python keeps it.
import contextlib  # noqa: F401
import importlib
import json  # noqa: F401
import os
import sys
import textwrap  # noqa: F401


def prefer_builtin_hashes() -> None:
    """Has hashlib use Python's own hash modules rather than OpenSSL's. Jinja2 imports hashlib
    for its bytecode cache's keys (SHA-1), and loading OpenSSL's library for them was 3 to 7 ms
    of the renderer's start-up; the built-in modules give the same digests. Only where Python
    has every one hashlib would then load: it logs an error for each one missing."""
    sha2 = ("_sha2",) if sys.version_info >= (3, 12) else ("_sha256", "_sha512")
    try:
        for name in ("_md5", "_sha1", *sha2, "_sha3", "_blake2"):
            importlib.import_module(name)
    except ImportError:
        return
    sys.modules.setdefault("_hashlib", None)


def import_renderer(pycache: str | None):
    """renderer.py (and the helpers it imports), its bytecode read from and written to
    `pycache` if given."""
    saved = sys.pycache_prefix, sys.dont_write_bytecode
    if pycache:
        sys.pycache_prefix, sys.dont_write_bytecode = pycache, False
    try:
        import renderer  # beside this script, on sys.path[0]
    finally:
        sys.pycache_prefix, sys.dont_write_bytecode = saved
    return renderer


def main() -> None:
    argv = sys.argv[1:]
    pycache = None
    if argv[:1] == ["--pycache"] and len(argv) >= 2:
        pycache, argv = argv[1], argv[2:]
    prefer_builtin_hashes()
    exit_status = import_renderer(pycache).main(argv)
    # Everything is written and flushed by now; Python's tear-down (freeing the model and the
    # modules) would only delay frp-gen, which waits for this exit. A forked worker must skip it
    # anyway: its parent's clean-up is not its own.
    sys.stderr.flush()
    os._exit(exit_status)


main()
