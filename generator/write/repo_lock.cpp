#include "write/repo_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>

namespace frp::write {

RepoLock RepoLock::acquire(const std::string& root, bool exclusive, std::ostream& err) {
  const std::string folder = root + "/.frp";
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return RepoLock(-1);
  const int kind = exclusive ? LOCK_EX : LOCK_SH;
  if (::flock(fd, kind | LOCK_NB) != 0) {
    err << "frp-gen: waiting for another frp-gen run on " << root << " to finish\n" << std::flush;
    while (::flock(fd, kind) != 0 && errno == EINTR) {
    }
  }
  return RepoLock(fd);
}

RepoLock::~RepoLock() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace frp::write
