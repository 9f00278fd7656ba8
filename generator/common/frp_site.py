"""The site-packages folders for frp-gen's Python scripts, which frp-gen starts with -S.

Processing the environment's .pth files (some import whole packages) can be most of Python's
start-up, and frp-gen's scripts (generator/load/locate_torch.py, generator/render/render.py)
need only the folders. Whatever is found only through a .pth file (an editable install) is
found after full_site(), which the scripts run when an import fails, and which a virtualenv
needs.
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
