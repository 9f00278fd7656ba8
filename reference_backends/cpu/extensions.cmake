# Scaffolded by frp-gen. This file is yours: regen never overwrites it;
# when an operator's schema changes, it merges the new signature in and keeps your code.
#
# Your additions to the generated build: CMakeLists.txt includes this file once it has defined
# its targets, so your sources, include folders and libraries survive every `frp-gen regen`.
# The targets:
#   torch_cpuref: libtorch_cpuref.so, the runtime, the PyTorch integration and the kernels
#   _C: the Python module torch_cpuref._C (if CPUREF_BUILD_PYTHON; test with if(TARGET _C))
#   cpp_tests: the C++ tests (if CPUREF_BUILD_TESTS)
#
# For example, a helper of your runtime and your driver's library:
#   target_sources(torch_cpuref PRIVATE csrc/runtime/queues.cpp)
#   find_package(OpenCL REQUIRED)
#   target_link_libraries(torch_cpuref PRIVATE OpenCL::OpenCL)
