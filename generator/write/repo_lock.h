// One regen at a time per repo: an flock on the repo's .frp folder, whose inode stays while the
// manifest's is replaced by every write. The lock goes with its process, so a run that is killed
// leaves none behind.
#pragma once

#include <ostream>
#include <string>

namespace frp::write {

class RepoLock {
 public:
  // Locks the .frp folder of the repo at `root`: exclusively to write it, shared to only read it
  // (regen --check, --diff). If another run holds it, says so on `err` and waits. Without a .frp
  // folder there is nothing to lock (the manifest read next reports what is wrong).
  static RepoLock acquire(const std::string& root, bool exclusive, std::ostream& err);

  RepoLock(RepoLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  RepoLock& operator=(RepoLock&&) = delete;
  RepoLock(const RepoLock&) = delete;
  ~RepoLock();

 private:
  explicit RepoLock(int fd) : fd_(fd) {}
  int fd_;
};

}  // namespace frp::write
