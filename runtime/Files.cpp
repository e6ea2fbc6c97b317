//===- Files.cpp - Every file rlx reads from or writes for outside --------===//
#include "runtime/Files.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rlx::files {

static Status ioError(const std::string &what, int err) {
  StatusCode code = err == ENOENT                    ? StatusCode::not_found
                    : err == ENOSPC || err == EDQUOT || err == EFBIG
                        ? StatusCode::resource_exhausted
                    : err == EACCES || err == EPERM  ? StatusCode::failed_precondition
                                                     : StatusCode::unavailable;
  return Status(code, what + ": " + std::strerror(err));
}

ReadableFile::ReadableFile(ReadableFile &&other) noexcept
    : fd_(other.fd_), size_(other.size_), owner_(other.owner_),
      mode_(other.mode_), path_(std::move(other.path_)) {
  other.fd_ = -1;
}

ReadableFile &ReadableFile::operator=(ReadableFile &&other) noexcept {
  if (this != &other) {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = other.fd_;
    size_ = other.size_;
    owner_ = other.owner_;
    mode_ = other.mode_;
    path_ = std::move(other.path_);
    other.fd_ = -1;
  }
  return *this;
}

ReadableFile::~ReadableFile() {
  if (fd_ >= 0)
    ::close(fd_);
}

Status ReadableFile::readAt(uint64_t offset, void *out, size_t n) const {
  auto *bytes = static_cast<uint8_t *>(out);
  size_t done = 0;
  while (done < n) {
    ssize_t got = ::pread(fd_, bytes + done, n - done,
                          static_cast<off_t>(offset + done));
    if (got < 0 && (errno == EINTR || errno == EAGAIN))
      continue;
    if (got < 0)
      return ioError(path_, errno);
    if (got == 0)
      return Status(StatusCode::data_loss,
                    path_ + ": the file ended after " +
                        std::to_string(offset + done) + " bytes (it shrank "
                        "while read)");
    done += static_cast<size_t>(got);
  }
  return Status::ok();
}

Expected<ReadableFile> openRegular(const std::string &path, bool noFollow) {
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC |
                                    (noFollow ? O_NOFOLLOW : 0));
  if (fd < 0) {
    if (errno == ELOOP && noFollow)
      return Status(StatusCode::invalid_argument,
                    path + ": is a symlink, which is not followed here");
    return ioError(path, errno);
  }
  ReadableFile file;
  file.fd_ = fd;
  file.path_ = path;
  struct stat st;
  if (::fstat(fd, &st) != 0)
    return ioError(path, errno);
  if (!S_ISREG(st.st_mode))
    return Status(StatusCode::invalid_argument,
                  path + ": is a " +
                      (S_ISDIR(st.st_mode)    ? "directory"
                       : S_ISFIFO(st.st_mode) ? "FIFO"
                       : S_ISSOCK(st.st_mode) ? "socket"
                                              : "device") +
                      ", not a regular file");
  file.size_ = static_cast<uint64_t>(st.st_size);
  file.owner_ = st.st_uid;
  file.mode_ = st.st_mode;
  return file;
}

Expected<std::vector<uint8_t>> readRegular(const std::string &path,
                                           uint64_t limit, bool noFollow) {
  Expected<ReadableFile> file = openRegular(path, noFollow);
  if (!file)
    return file.status();
  if (file->size() > limit)
    return Status(StatusCode::resource_exhausted,
                  path + ": holds " + std::to_string(file->size()) +
                      " bytes, more than the " + std::to_string(limit) +
                      " read here");
  std::vector<uint8_t> bytes(static_cast<size_t>(file->size()));
  if (Status s = file->readAt(0, bytes.data(), bytes.size()); !s)
    return s;
  return bytes;
}

Status writeAtomically(const std::string &path, const void *data, size_t size,
                       mode_t mode) {
  size_t slash = path.rfind('/');
  std::string dir = slash == std::string::npos ? "." : path.substr(0, slash);
  std::string base =
      slash == std::string::npos ? path : path.substr(slash + 1);
  if (base.empty())
    return Status(StatusCode::invalid_argument,
                  "'" + path + "' names no file");
  // In the same directory, so the rename cannot cross file systems.
  std::string temp = (dir.empty() ? "" : dir + "/") + "." + base + ".tmp-XXXXXX";
  int fd = ::mkstemp(temp.data());
  if (fd < 0)
    return ioError("cannot create a file in '" + (dir.empty() ? "/" : dir) +
                       "' for '" + path + "'",
                   errno);
  auto fail = [&](int err) {
    ::close(fd);
    ::unlink(temp.c_str());
    return ioError("cannot write '" + path + "'", err);
  };
  const auto *bytes = static_cast<const uint8_t *>(data);
  size_t done = 0;
  while (done < size) {
    ssize_t n = ::write(fd, bytes + done, size - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return fail(n < 0 ? errno : EIO);
    done += static_cast<size_t>(n);
  }
  if (::fchmod(fd, mode) != 0)
    return fail(errno);
  if (::close(fd) != 0) {
    int err = errno;
    ::unlink(temp.c_str());
    return ioError("cannot write '" + path + "'", err);
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    int err = errno;
    ::unlink(temp.c_str());
    return ioError("cannot write '" + path + "'", err);
  }
  return Status::ok();
}

Status checkPrivateDirectory(const std::string &path, const std::string &what,
                             const std::string &refusal) {
  struct stat st;
  if (::lstat(path.c_str(), &st) != 0)
    return ioError(what + " '" + path + "'", errno);
  if (S_ISLNK(st.st_mode) && ::stat(path.c_str(), &st) != 0)
    return ioError(what + " '" + path + "'", errno);
  if (!S_ISDIR(st.st_mode))
    return Status(StatusCode::failed_precondition,
                  what + " '" + path + "' is not a directory");
  if (st.st_uid != ::geteuid())
    return Status(StatusCode::failed_precondition,
                  what + " '" + path + "' belongs to another user; " +
                      refusal);
  if (st.st_mode & (S_IWGRP | S_IWOTH))
    return Status(StatusCode::failed_precondition,
                  what + " '" + path + "' is writable by group or others; " +
                      refusal + " (chmod go-w it, or use another directory)");
  return Status::ok();
}

static Status makeDirectory(const std::string &path) {
  if (::mkdir(path.c_str(), 0700) != 0 && errno != EEXIST)
    return ioError("cannot create directory '" + path + "'", errno);
  return Status::ok();
}

Status makeDirectories(const std::string &path) {
  for (size_t slash = path.find('/', 1); slash != std::string::npos;
       slash = path.find('/', slash + 1))
    if (Status s = makeDirectory(path.substr(0, slash)); !s)
      return s;
  return makeDirectory(path);
}

Status checkWritableDirectory(const std::string &path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0)
    return ioError("directory '" + path + "'", errno);
  if (!S_ISDIR(st.st_mode))
    return Status(StatusCode::invalid_argument,
                  "'" + path + "' is not a directory");
  if (::access(path.c_str(), W_OK | X_OK) != 0)
    return ioError("directory '" + path + "'", errno);
  return Status::ok();
}

} // namespace rlx::files
