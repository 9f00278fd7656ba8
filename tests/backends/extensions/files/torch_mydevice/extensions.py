"""A team's own Python API: the version of the zlib linked into libtorch_mydevice.so."""

import ctypes
from pathlib import Path

__all__ = ["zlib_version"]

_library = ctypes.CDLL(str(Path(__file__).with_name("libtorch_mydevice.so")))
_library.mydevice_team_zlib_version.restype = ctypes.c_char_p


def zlib_version() -> str:
    return _library.mydevice_team_zlib_version().decode()
