// Unit tests for reading input files: regular files only, bounded in size, the OS's reason on
// failure; never a hang on a FIFO or a device.
#include "common/input_file.h"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>

namespace frp {
namespace {

namespace fs = std::filesystem;

class InputFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(::testing::TempDir()) / ("frp_input_file_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(InputFileTest, ReadsARegularFileExactly) {
  const std::string text = std::string("a\0b\r\n", 5) + std::string(100000, 'x');
  std::ofstream(dir_ / "f.yaml", std::ios::binary) << text;
  std::string error;
  EXPECT_EQ(read_input_file((dir_ / "f.yaml").string(), error), text);
  std::ofstream(dir_ / "empty.yaml", std::ios::binary);
  EXPECT_EQ(read_input_file((dir_ / "empty.yaml").string(), error), "");
}

TEST_F(InputFileTest, RefusesWhatIsNotARegularFile) {
  std::string error;
  EXPECT_FALSE(read_input_file(dir_.string(), error).has_value());
  EXPECT_EQ(error, "not a regular file (a directory)");
  // A FIFO nobody writes to: refused at once, not waited on.
  const fs::path fifo = dir_ / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_FALSE(read_input_file(fifo.string(), error).has_value());
  EXPECT_EQ(error, "not a regular file (a FIFO)");
  // /dev/zero never ends: refused before a byte is read.
  EXPECT_FALSE(read_input_file("/dev/zero", error).has_value());
  EXPECT_EQ(error, "not a regular file (a character device)");
  // A socket cannot even be opened (ENXIO): still named for what it is.
  const fs::path socket_path = dir_ / "sock";
  const int sock = ::socket(AF_UNIX, SOCK_STREAM, 0);
  ASSERT_GE(sock, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  ASSERT_LT(socket_path.native().size(), sizeof address.sun_path);
  std::strcpy(address.sun_path, socket_path.c_str());
  ASSERT_EQ(::bind(sock, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  EXPECT_FALSE(read_input_file(socket_path.string(), error).has_value());
  EXPECT_EQ(error, "not a regular file (a socket)");
  ::close(sock);
  // A symlink to a regular file is that file.
  std::ofstream(dir_ / "real.yaml") << "x: 1\n";
  fs::create_symlink(dir_ / "real.yaml", dir_ / "link.yaml");
  EXPECT_EQ(read_input_file((dir_ / "link.yaml").string(), error), "x: 1\n");
}

TEST_F(InputFileTest, SaysTheOsReasonAndTheSizeLimit) {
  std::string error;
  EXPECT_FALSE(read_input_file((dir_ / "absent.yaml").string(), error).has_value());
  EXPECT_EQ(error, "cannot read: No such file or directory");
  std::ofstream(dir_ / "big.yaml") << std::string(3 << 20, 'x');
  EXPECT_FALSE(read_input_file((dir_ / "big.yaml").string(), error, std::size_t{2} << 20));
  EXPECT_EQ(error, "larger than the 2 MiB frp-gen reads from an input");
  EXPECT_TRUE(read_input_file((dir_ / "big.yaml").string(), error, std::size_t{3} << 20));
}

}  // namespace
}  // namespace frp
