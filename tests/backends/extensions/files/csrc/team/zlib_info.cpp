// A team's own source, built into libtorch_mydevice.so through extensions.cmake, calling a
// library linked there. Plain C linkage so that the Python side can reach it through ctypes.
#include <zlib.h>

extern "C" const char* mydevice_team_zlib_version() { return zlibVersion(); }
