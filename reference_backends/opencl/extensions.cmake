# Scaffolded by frp-gen. This file is yours: regen never overwrites it;
# when an operator's schema changes, it merges the new signature in and keeps your code.
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

# The OpenCL kernels: their OpenCL C sources (csrc/cl) go into the library as text, and the host
# code that builds, caches and launches them (csrc/opencl).
file(GLOB OCL_KERNEL_FILES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/csrc/cl/*.cl)
set(OCL_EMBEDDED_SOURCES ${CMAKE_CURRENT_BINARY_DIR}/ocl_kernel_sources.cpp)
add_custom_command(
  OUTPUT ${OCL_EMBEDDED_SOURCES}
  COMMAND ${CMAKE_COMMAND} -DFOLDER=${CMAKE_CURRENT_SOURCE_DIR}/csrc/cl -DOUTPUT=${OCL_EMBEDDED_SOURCES}
          -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/embed_kernels.cmake
  DEPENDS ${OCL_KERNEL_FILES} ${CMAKE_CURRENT_SOURCE_DIR}/cmake/embed_kernels.cmake
  COMMENT "Embedding the OpenCL kernels of csrc/cl"
  VERBATIM)
target_sources(torch_ocl PRIVATE
  ${OCL_EMBEDDED_SOURCES}
  csrc/opencl/batch_norm.cpp
  csrc/opencl/compiled.cpp
  csrc/opencl/convolution.cpp
  csrc/opencl/elementwise.cpp
  csrc/opencl/indexing.cpp
  csrc/opencl/launch.cpp
  csrc/opencl/layer_norm.cpp
  csrc/opencl/matmul.cpp
  csrc/opencl/nn.cpp
  csrc/opencl/pooling.cpp
  csrc/opencl/programs.cpp
  csrc/opencl/random.cpp
  csrc/opencl/reduce.cpp
  csrc/opencl/types.cpp
)
