# Scaffolded by frp-gen. This file is yours: regen never overwrites it;
# when an operator's schema changes, it merges the new signature in and keeps your code.
"""Your Inductor code generator: the kernels ``torch.compile``'s default backend writes for
mydevice.

``Scheduling`` is the class Inductor hands each group of fused operators to, to turn into a kernel
(a subclass of ``torch._inductor.codegen.common.BaseScheduling``; Inductor's own are
``codegen.cpp.CppScheduling``, ``codegen.triton.TritonScheduling`` and ``codegen.mps.MetalScheduling``).
Operators it does not fuse (matrix products, convolutions) run your kernels, as in eager mode.

None keeps the generated choice (``inductor.py``): Inductor's C++ code generator when the host
can address device memory (frp.yaml ``runtime.host_addressable``); none otherwise, and
``torch.compile`` then says to set one here. A device with its own kernel language sets its own:

    from torch._inductor.codegen.simd import SIMDScheduling

    class Scheduling(SIMDScheduling):
        kernel_type = MyKernel  # emits your kernel language, compiled by your runtime

frp-gen's OpenCL reference backend does this for OpenCL C (``torch_ocl/opencl_inductor.py``).
Inductor's on-disk cache of compiled graphs knows the sources of this file and of the module
your ``Scheduling`` comes from: change them, and graphs compile afresh.

``PythonWrapperCodegen`` writes the host code around the kernels: it allocates buffers and calls
each kernel. None keeps the generated one (``inductor.PythonWrapperCodegen``), which calls a C++
scheduling's kernels on the host; set a subclass of it when your kernels launch differently.
"""

Scheduling = None
PythonWrapperCodegen = None
