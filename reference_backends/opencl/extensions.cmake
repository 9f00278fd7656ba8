# Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
# and will never overwrite it.
#
# Your additions to the generated build: CMakeLists.txt includes this file once it has defined
# its targets, so your sources, include folders and libraries survive every `frp-gen regen`.
# The targets:
#   torch_ocl: libtorch_ocl.so, the runtime, the PyTorch integration and the kernels
#   _C: the Python module torch_ocl._C (if OCL_BUILD_PYTHON; test with if(TARGET _C))
#   cpp_tests: the C++ tests (if OCL_BUILD_TESTS)
#
# For example, a helper of your runtime and your driver's library:
#   target_sources(torch_ocl PRIVATE csrc/runtime/queues.cpp)
#   find_package(OpenCL REQUIRED)
#   target_link_libraries(torch_ocl PRIVATE OpenCL::OpenCL)

# ocl's runtime drives OpenCL 1.2 (the ICD loader: any installed driver, PoCL in CI).
find_package(OpenCL REQUIRED)
target_link_libraries(torch_ocl PRIVATE OpenCL::OpenCL)
