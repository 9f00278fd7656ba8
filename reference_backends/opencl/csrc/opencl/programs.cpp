#include "opencl/programs.h"

#include <c10/util/Exception.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <string_view>
#include <tuple>
#include <vector>

#include "opencl/kernel_sources.h"

namespace ocl::opencl {
namespace {

std::vector<std::string_view> files_of(Program program) {
  switch (program) {
    case Program::kElementwise:
      return {"types.cl", "elementwise_common.cl", "elementwise.cl"};
    case Program::kCopy:
      return {"types.cl", "elementwise_common.cl", "copy.cl"};
    case Program::kReduce:
      return {"types.cl", "reduce.cl"};
    case Program::kMatmul:
      return {"types.cl", "matmul.cl"};
    case Program::kNn:
      return {"types.cl", "nn.cl"};
    case Program::kRandom:
      return {"types.cl", "random.cl"};
  }
  TORCH_INTERNAL_ASSERT(false, "unknown program");
}

std::string device_text(cl_device_id device, cl_device_info what) {
  std::size_t size = 0;
  check(clGetDeviceInfo(device, what, 0, nullptr, &size), "clGetDeviceInfo");
  std::string text(size, '\0');
  check(clGetDeviceInfo(device, what, size, text.data(), nullptr), "clGetDeviceInfo");
  while (!text.empty() && text.back() == '\0') text.pop_back();
  return text;
}

// FNV-1a: a hash that stays the same from one build and process to the next.
std::uint64_t fnv1a(std::string_view text, std::uint64_t hash = 0xcbf29ce484222325ull) {
  for (const unsigned char c : text) {
    hash ^= c;
    hash *= 0x100000001b3ull;
  }
  return hash;
}

// Options every program is built with: division and square root rounded as on the CPU where the
// device offers it, GROUP, the work-group size of the kernels that cooperate in a group, CHUNK,
// the elements of a work-item of the elementwise kernels, ROW_SPAN (kRowSpan) and ROW_LANES.
std::string common_options(int index) {
  cl_device_id device = device_id(index);
  cl_device_fp_config config = 0;
  check(
      clGetDeviceInfo(device, CL_DEVICE_SINGLE_FP_CONFIG, sizeof(config), &config, nullptr),
      "clGetDeviceInfo");
  std::string options = "-cl-std=CL1.2";
  if ((config & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT) != 0) {
    options += " -cl-fp32-correctly-rounded-divide-sqrt";
  }
  return options + " -DGROUP=" + std::to_string(group_size(index)) +
         " -DCHUNK=" + std::to_string(elementwise_chunk(index)) +
         " -DROW_SPAN=" + std::to_string(kRowSpan) +
         " -DROW_LANES=" + std::to_string(row_lanes(index));
}

class BinaryCache {
 public:
  BinaryCache() {
    const char* configured = std::getenv("OCL_KERNEL_CACHE");
    if (configured != nullptr && std::string_view(configured) == "off") return;
    if (configured != nullptr && *configured != '\0') {
      folder_ = configured;
    } else if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0') {
      folder_ = std::filesystem::path(xdg) / "torch_ocl";
    } else if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
      folder_ = std::filesystem::path(home) / ".cache" / "torch_ocl";
    }
  }

  const std::filesystem::path& folder() const { return folder_; }

  std::vector<unsigned char> load(const std::string& key) const {
    if (folder_.empty()) return {};
    std::ifstream in(folder_ / (key + ".bin"), std::ios::binary);
    if (!in) return {};
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }

  // Writes through a temporary file and a rename, so that a process reading at the same time
  // never sees half a binary. A cache that cannot be written is no error: the next process
  // compiles again.
  void store(const std::string& key, const std::vector<unsigned char>& binary) const {
    if (folder_.empty() || binary.empty()) return;
    std::error_code error;
    std::filesystem::create_directories(folder_, error);
    if (error) return;
    const std::filesystem::path target = folder_ / (key + ".bin");
    const std::filesystem::path temporary =
        folder_ / (key + ".tmp" + std::to_string(static_cast<long>(::getpid())));
    {
      std::ofstream out(temporary, std::ios::binary);
      out.write(reinterpret_cast<const char*>(binary.data()), std::ssize(binary));
      if (!out) {
        std::filesystem::remove(temporary, error);
        return;
      }
    }
    std::filesystem::rename(temporary, target, error);
    if (error) std::filesystem::remove(temporary, error);
  }

 private:
  std::filesystem::path folder_;
};

const BinaryCache& binary_cache() {
  static const BinaryCache cache;
  return cache;
}

std::string build_log(cl_program program, cl_device_id device) {
  std::size_t size = 0;
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
  std::string log(size, '\0');
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
  while (!log.empty() && log.back() == '\0') log.pop_back();
  return log;
}

// Builds from a cached binary; nullptr if there is none or the driver refuses it.
cl_program from_binary(
    int device,
    const std::vector<unsigned char>& binary,
    const std::string& options) {
  if (binary.empty()) return nullptr;
  cl_device_id id = device_id(device);
  const unsigned char* data = binary.data();
  const std::size_t size = binary.size();
  cl_int binary_status = CL_SUCCESS;
  cl_int status = CL_SUCCESS;
  cl_program program =
      clCreateProgramWithBinary(context(device), 1, &id, &size, &data, &binary_status, &status);
  if (status != CL_SUCCESS || binary_status != CL_SUCCESS) {
    if (program != nullptr) clReleaseProgram(program);
    return nullptr;
  }
  if (clBuildProgram(program, 1, &id, options.c_str(), nullptr, nullptr) != CL_SUCCESS) {
    clReleaseProgram(program);
    return nullptr;
  }
  return program;
}

std::vector<unsigned char> binary_of(cl_program program) {
  std::size_t size = 0;
  if (clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof(size), &size, nullptr) !=
          CL_SUCCESS ||
      size == 0) {
    return {};
  }
  std::vector<unsigned char> binary(size);
  unsigned char* data = binary.data();
  if (clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof(data), &data, nullptr) != CL_SUCCESS) {
    return {};
  }
  return binary;
}

// Builds `source` with `options` for `device`, from the binary cache when it has the program.
// `what` names the program in a build error.
cl_program build_source(
    int device,
    const std::string& source,
    const std::string& options,
    std::string_view what) {
  cl_device_id id = device_id(device);
  // The key names everything the binary depends on: the source, the options, the device and its
  // driver.
  std::uint64_t hash = fnv1a(source);
  for (const std::string& part :
       {options,
        device_text(id, CL_DEVICE_NAME),
        device_text(id, CL_DEVICE_VERSION),
        device_text(id, CL_DRIVER_VERSION)}) {
    hash = fnv1a(part, fnv1a("\x1f", hash));
  }
  char key[17];
  std::snprintf(key, sizeof(key), "%016llx", static_cast<unsigned long long>(hash));

  if (cl_program cached = from_binary(device, binary_cache().load(key), options)) return cached;

  const char* text = source.c_str();
  const std::size_t length = source.size();
  cl_int status = CL_SUCCESS;
  cl_program built = clCreateProgramWithSource(context(device), 1, &text, &length, &status);
  check(status, "clCreateProgramWithSource");
  status = clBuildProgram(built, 1, &id, options.c_str(), nullptr, nullptr);
  if (status != CL_SUCCESS) {
    const std::string log = build_log(built, id);
    clReleaseProgram(built);
    TORCH_CHECK(
        false,
        "ocl: building the kernels of ",
        what,
        " with '",
        options,
        "' failed (",
        error_name(status),
        "):\n",
        log);
  }
  binary_cache().store(key, binary_of(built));
  return built;
}

cl_program build(int device, Program program, const std::string& defines) {
  std::string source;
  for (const std::string_view file : files_of(program)) {
    source += "// ";
    source += file;
    source += "\n";
    source += kernel_source(file);
    source += "\n";
  }
  return build_source(
      device, source, common_options(device) + " " + defines, files_of(program).back());
}

struct Programs {
  std::mutex mutex;
  std::map<std::tuple<int, Program, std::string>, cl_program> programs;
  std::map<std::tuple<cl_program, std::string>, cl_kernel> kernels;
  // Programs built from source text at run time, by device and text.
  std::map<std::tuple<int, std::string>, cl_program> from_source;
};

Programs& programs() {
  static Programs* all = new Programs();  // lives to the end: kernels may run at exit
  return *all;
}

cl_program program_of(Programs& all, int device, Program program, const std::string& defines) {
  cl_program& built = all.programs[{device, program, defines}];
  if (built == nullptr) built = build(device, program, defines);
  return built;
}

cl_kernel kernel_of(Programs& all, cl_program built, const std::string& name) {
  cl_kernel& found = all.kernels[{built, name}];
  if (found == nullptr) {
    cl_int status = CL_SUCCESS;
    found = clCreateKernel(built, name.c_str(), &status);
    check(status, name.c_str());
  }
  return found;
}

}  // namespace

cl_kernel kernel(int device, Program program, const std::string& defines, const char* name) {
  Programs& all = programs();
  std::lock_guard<std::mutex> lock(all.mutex);
  return kernel_of(all, program_of(all, device, program, defines), name);
}

cl_kernel kernel_from_source(int device, const std::string& source, const std::string& name) {
  Programs& all = programs();
  std::lock_guard<std::mutex> lock(all.mutex);
  cl_program& built = all.from_source[{device, source}];
  if (built == nullptr) built = build_source(device, source, common_options(device), name);
  return kernel_of(all, built, name);
}

std::size_t group_size(int device) {
  std::size_t largest = 0;
  check(
      clGetDeviceInfo(
          device_id(device), CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(largest), &largest, nullptr),
      "clGetDeviceInfo");
  // A CPU runs a work-group's items one after another on one core, in vectors across items:
  // cooperating rows gain nothing past a vector's lanes, and every barrier is one more pass over
  // the group (softmax of 2,048 rows of 64: 6.0 ms with 256 items, 1.6 ms with 8, 1.9 with 16).
  // 8 on every CPU, not the native width: the order of a reduction's sums then does not depend
  // on the machine, nor do results that rounding decides (linalg.pinv's float32 gradient).
  std::size_t size = is_cpu(device) ? 8 : 256;
  while (size > largest) size /= 2;
  return std::max<std::size_t>(size, 1);
}

std::size_t elementwise_chunk(int device) {
  // 1M-element mul on PoCL (AVX2): 1.48 ms one element per item, 0.49 with 8, 0.10 with 64,
  // 0.10-0.15 with 256 and 1,024.
  return is_cpu(device) ? 64 : 1;
}

std::size_t row_lanes(int device) {
  // OCL_ROW_LANES=group makes a CPU device share rows as a GPU does (the tests run both ways).
  static const bool shared = [] {
    const char* configured = std::getenv("OCL_ROW_LANES");
    return configured != nullptr && std::string_view(configured) == "group";
  }();
  // Softmax of 2,048 rows of 1,024 in a compiled kernel on PoCL: 6.4 ms with a row per item,
  // 10.5 ms with the 8 items of a group sharing it (their barrier is a pass over the group).
  return is_cpu(device) && !shared ? 1 : group_size(device);
}

bool is_cpu(int device) {
  return per_device(device, [](int index) {
    cl_device_type type = 0;
    check(
        clGetDeviceInfo(device_id(index), CL_DEVICE_TYPE, sizeof(type), &type, nullptr),
        "clGetDeviceInfo");
    return (type & CL_DEVICE_TYPE_CPU) != 0;
  });
}

bool has_kernel(int device, Program program, const std::string& defines, const char* name) {
  Programs& all = programs();
  std::lock_guard<std::mutex> lock(all.mutex);
  cl_program built = program_of(all, device, program, defines);
  if (all.kernels.count({built, name}) != 0) return true;
  std::size_t size = 0;
  check(clGetProgramInfo(built, CL_PROGRAM_KERNEL_NAMES, 0, nullptr, &size), "clGetProgramInfo");
  std::string names(size, '\0');
  check(
      clGetProgramInfo(built, CL_PROGRAM_KERNEL_NAMES, size, names.data(), nullptr),
      "clGetProgramInfo");
  // A ';'-separated list.
  std::string_view rest(names.c_str());
  while (!rest.empty()) {
    const std::size_t end = std::min(rest.find(';'), rest.size());
    if (rest.substr(0, end) == name) return true;
    rest.remove_prefix(std::min(end + 1, rest.size()));
  }
  return false;
}

bool device_has_fp64(int device) {
  return per_device(device, [](int index) {
    return device_text(device_id(index), CL_DEVICE_EXTENSIONS).find("cl_khr_fp64") !=
           std::string::npos;
  });
}

int native_float_width(int device) {
  return per_device(device, [](int index) {
    cl_uint width = 1;
    check(
        clGetDeviceInfo(
            device_id(index), CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, sizeof(width), &width, nullptr),
        "clGetDeviceInfo");
    return static_cast<int>(width);
  });
}

std::string cache_directory() {
  return binary_cache().folder().string();
}

}  // namespace ocl::opencl
