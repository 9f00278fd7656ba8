# A backend team's additions to the generated build, as tests/backends/extensions/run.sh puts
# them in place of the scaffold: a source of their own and a system library it links.
target_sources(torch_mydevice PRIVATE csrc/team/zlib_info.cpp)
find_package(ZLIB REQUIRED)
target_link_libraries(torch_mydevice PRIVATE ZLIB::ZLIB)
