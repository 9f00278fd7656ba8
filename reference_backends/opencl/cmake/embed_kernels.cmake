# Writes OUTPUT, a C++ file defining ocl::opencl::kernel_source() over the OpenCL C files (*.cl) of
# FOLDER. Run by the build (extensions.cmake) whenever one of them changes.
file(GLOB SOURCES "${FOLDER}/*.cl")
list(SORT SOURCES)
set(body "")
set(table "")
foreach(path IN LISTS SOURCES)
  get_filename_component(name "${path}" NAME)
  string(MAKE_C_IDENTIFIER "${name}" id)
  file(READ "${path}" text)
  string(FIND "${text}" ")ocl_source\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${path} contains the raw string delimiter )ocl_source\"")
  endif()
  string(APPEND body "constexpr char k_${id}[] = R\"ocl_source(${text})ocl_source\";\n")
  string(APPEND table "      {\"${name}\", k_${id}},\n")
endforeach()
file(WRITE "${OUTPUT}.tmp" "// Written by cmake/embed_kernels.cmake from csrc/cl at build time.
#include \"opencl/kernel_sources.h\"

#include <c10/util/Exception.h>

#include <map>
#include <string>

namespace ocl::opencl {
namespace {

${body}
}  // namespace

std::string_view kernel_source(std::string_view file) {
  static const std::map<std::string_view, std::string_view> sources = {
${table}  };
  const auto found = sources.find(file);
  TORCH_CHECK(found != sources.end(), \"ocl: no kernel source \", std::string(file));
  return found->second;
}

}  // namespace ocl::opencl
")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
