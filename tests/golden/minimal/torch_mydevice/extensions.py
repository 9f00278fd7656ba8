# Scaffolded by frp-gen. This file is yours: regen never overwrites it;
# when an operator's schema changes, it merges the new signature in and keeps your code.
"""Your own Python API for mydevice.

The generated package imports this module once the device is registered, and every name listed
in ``__all__`` below becomes part of ``torch.mydevice`` (and of
``torch_mydevice``). Here you may use the device and the generated API freely,
for example::

    import torch

    from . import _C

    __all__ = ["clock_rate"]


    def clock_rate(device: int = 0) -> int:
        \"\"\"The device's clock in MHz, from a binding you added to your own module.\"\"\"
        ...

C++ sources and libraries for such bindings go into ``extensions.cmake``.
"""

__all__: list[str] = []
