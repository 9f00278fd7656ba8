"""The team's source, library and Python API arrived through the extension points."""

import zlib

import torch


def test_team_api_joins_the_device_module():
    assert "zlib_version" in torch.mydevice.__all__
    # The team's C++ source ran, and called into the library extensions.cmake linked.
    assert torch.mydevice.zlib_version() == zlib.ZLIB_RUNTIME_VERSION


def test_the_generated_device_still_works():
    x = torch.arange(6.0, device="mydevice").view(2, 3)
    assert torch.equal((x * 2).cpu(), torch.arange(6.0).view(2, 3) * 2)
