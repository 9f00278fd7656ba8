"""Where frp-gen's Python scripts find packages, and what finding them depended on.

frp-gen starts its scripts (generator/load/locate_torch.py, generator/render/render.py) with -S.
Processing the environment's .pth files (some import whole packages) can be most of Python's
start-up, and the scripts need only the folders. Whatever is found only through a .pth file (an
editable install) is found after full_site(), which the scripts run when a package is missing,
and which a virtualenv needs.

Both scripts report what they found with what it depended on ("search facts": the interpreter,
each folder searched and each package file read, by modification time, and the environment
variables that shape the search), so that frp-gen can keep the result until one of those
changes (generator/common/python_facts.h checks them).
"""

import importlib
import os
import sys


def add_site_packages() -> None:
    """Adds the site-packages folders to sys.path, without the rest of what site does."""
    if not sys.flags.no_site:
        return
    # In a virtualenv only site's own processing finds the right folders (without it, Python
    # looks in the base installation's).
    bin_dir = os.path.dirname(sys.executable)
    if any(
        os.path.exists(os.path.join(folder, "pyvenv.cfg"))
        for folder in (bin_dir, os.path.dirname(bin_dir))
    ):
        full_site()
        return
    import site

    folders = site.getsitepackages()
    if site.ENABLE_USER_SITE is not False and not sys.flags.no_user_site:
        folders.append(site.getusersitepackages())
    sys.path.extend(f for f in folders if f not in sys.path and os.path.isdir(f))


_site_completed = False


def full_site() -> bool:
    """Runs what -S skipped; False if it had run already (nothing more can be found)."""
    global _site_completed
    if not sys.flags.no_site or _site_completed:
        return False
    import site

    _site_completed = True
    site.main()
    importlib.invalidate_caches()
    return True


# The variables that change where Python looks for packages.
SEARCH_PATH_VARIABLES = (
    "PYTHONPATH",
    "PYTHONHOME",
    "PYTHONUSERBASE",
    "PYTHONNOUSERSITE",
    "PYTHONPLATLIBDIR",
    "PYTHONSAFEPATH",
)


def modification_time(path: str) -> int:
    """In ns; -1 if `path` does not exist."""
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return -1


def watch(watched: dict, paths) -> None:
    """Records each path's modification time once (the first, before it is searched)."""
    for path in paths:
        if path and path not in watched:
            watched[path] = modification_time(path)


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
    """The folder of a package's spec; "" for none."""
    if spec is None or not spec.submodule_search_locations:
        return ""
    return next(iter(spec.submodule_search_locations))


def find_packages(names: list[str], watched: dict) -> list[str]:
    """The folder of each package ("" if not found), looked for as an import would, the site
    folders added first; the interpreter and every folder searched are added to `watched`.
    Times are taken before the search, so a change during it reads as a change next time."""
    watch(watched, [sys.executable])
    add_site_packages()
    watch(watched, sys.path)
    specs = [find_spec(name) for name in names]
    if None in specs and full_site():
        watch(watched, sys.path)
        specs = [find_spec(name) for name in names]
    return [package_folder(spec) for spec in specs]


def search_environment() -> dict:
    """{variable: value, or None if unset} of SEARCH_PATH_VARIABLES."""
    return {name: os.environ.get(name) for name in SEARCH_PATH_VARIABLES}
