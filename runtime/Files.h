//===- Files.h - Every file rlx reads from or writes for outside --*- C++ -*-===//
//
// One place for the rules (docs/Reliability.md, "Files"): a file read is a
// regular file opened without blocking (a FIFO or device is refused, never
// waited on), its size bounded before anything is allocated; a file written
// goes to a fresh temporary in its directory (mkstemp: O_CREAT|O_EXCL, never
// through a symlink), every write and the close checked, then a rename over
// the name (which replaces a symlink there instead of following it). A
// directory shared between processes (the AOT cache, calibrations) must be
// this user's and writable by nobody else. POSIX calls: the checks are
// about who may write where, which LLVM's portable layer does not say.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_RUNTIME_FILES_H
#define RLX_RUNTIME_FILES_H

#include "rlx/Status.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <sys/types.h>
#include <vector>

namespace rlx::files {

/// A regular file open for reading; closed with the object.
class ReadableFile {
public:
  ReadableFile() = default;
  ReadableFile(ReadableFile &&other) noexcept;
  ReadableFile &operator=(ReadableFile &&other) noexcept;
  ReadableFile(const ReadableFile &) = delete;
  ReadableFile &operator=(const ReadableFile &) = delete;
  ~ReadableFile();

  int fd() const { return fd_; }
  uint64_t size() const { return size_; }
  /// Its owner and permission bits.
  uid_t owner() const { return owner_; }
  mode_t mode() const { return mode_; }
  const std::string &path() const { return path_; }
  /// Exactly `n` bytes at `offset` into `out`; fewer (the file shrank) is
  /// data_loss.
  Status readAt(uint64_t offset, void *out, size_t n) const;

private:
  friend Expected<ReadableFile> openRegular(const std::string &, bool);
  int fd_ = -1;
  uint64_t size_ = 0;
  uid_t owner_ = 0;
  mode_t mode_ = 0;
  std::string path_;
};

/// Opens `path` for reading without blocking; `noFollow`: a symlink as its
/// last component is refused. not_found when nothing is there;
/// invalid_argument (naming the path) for a directory, FIFO, device or
/// socket.
Expected<ReadableFile> openRegular(const std::string &path,
                                   bool noFollow = false);

/// The whole regular file at `path` if it holds at most `limit` bytes (else
/// resource_exhausted, before reading).
Expected<std::vector<uint8_t>> readRegular(const std::string &path,
                                           uint64_t limit,
                                           bool noFollow = false);

/// Writes `size` bytes to `path`: a temporary in its directory, then a
/// rename. A failed write, close or rename removes the temporary and is an
/// error naming `path` (resource_exhausted for a full disk).
Status writeAtomically(const std::string &path, const void *data, size_t size,
                       mode_t mode = 0644);

/// ok when `path` is a directory owned by this user that group and others
/// cannot write (else failed_precondition saying why). `what` names it in
/// messages ("cache directory"), `refusal` says what is not done there
/// ("refusing to run code cached there").
Status checkPrivateDirectory(const std::string &path, const std::string &what,
                             const std::string &refusal);

/// Creates `path` and its missing parents (0700); existing ones are kept.
Status makeDirectories(const std::string &path);

/// ok when `path` is an existing directory (else an error naming it): for
/// checking where outputs go before the work that makes them.
Status checkWritableDirectory(const std::string &path);

} // namespace rlx::files

#endif // RLX_RUNTIME_FILES_H
