//===- AotCache.cpp - Compiled code kept on disk between processes --------===//
//
// The directory: `<root>/aot/` holds `secret` (32 random bytes, 0600) and one
// `<key hex>.rlxc` per entry (api/CacheEntry.h). POSIX calls rather than
// llvm::sys::fs where ownership and modes matter: the checks are about who
// may write here, which LLVM's portable layer does not say.
//
//===----------------------------------------------------------------------===//
#include "api/AotCacheImpl.h"
#include "rlx/CostModel.h"
#include "runtime/Files.h"

#include <openssl/rand.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rlx {

namespace {

constexpr const char *kEntrySuffix = ".rlxc";
constexpr const char *kTempPrefix = ".tmp-";
/// A temporary file this old is left by a writer that died: removed when
/// evicting.
constexpr time_t kStaleTempSeconds = 3600;

Status ioError(const std::string &what, int err) {
  return Status(StatusCode::unavailable, what + ": " + std::strerror(err));
}

Status checkPrivateDirectory(const std::string &path) {
  return files::checkPrivateDirectory(path, "cache directory",
                                      "refusing to run code cached there");
}

Status makeDirectory(const std::string &path) {
  if (::mkdir(path.c_str(), 0700) != 0 && errno != EEXIST)
    return ioError("cannot create cache directory '" + path + "'", errno);
  return Status::ok();
}

/// Writes all of `bytes` to a new temporary file in `dir` (0600) and
/// returns its path.
Expected<std::string> writeTemp(const std::string &dir, const uint8_t *bytes,
                                size_t size) {
  std::string path = dir + "/" + kTempPrefix + "XXXXXX";
  int fd = ::mkstemp(path.data());
  if (fd < 0)
    return ioError("cannot create a file in '" + dir + "'", errno);
  size_t done = 0;
  while (done < size) {
    ssize_t n = ::write(fd, bytes + done, size - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      int err = n < 0 ? errno : EIO;
      ::close(fd);
      ::unlink(path.c_str());
      return ioError("cannot write '" + path + "'", err);
    }
    done += static_cast<size_t>(n);
  }
  if (::close(fd) != 0) {
    int err = errno;
    ::unlink(path.c_str());
    return ioError("cannot write '" + path + "'", err);
  }
  return path;
}

/// Reads the regular file at `path` (not following a symlink, not waiting
/// on a FIFO) if it holds at most `limit` bytes. not_found when it does not
/// exist; anything else that is not such a file is data_loss (a rejected
/// entry).
Expected<std::vector<uint8_t>> readFile(const std::string &path, uint64_t limit,
                                        uid_t *owner, mode_t *mode) {
  Expected<files::ReadableFile> file =
      files::openRegular(path, /*noFollow=*/true);
  if (!file)
    return file.status().code() == StatusCode::not_found
               ? Status(StatusCode::not_found, path)
               : Status(StatusCode::data_loss,
                        "'" + path + "' is not a file");
  if (file->size() > limit)
    return Status(StatusCode::data_loss,
                  "'" + path + "' holds " + std::to_string(file->size()) +
                      " bytes, more than the cache keeps (" +
                      std::to_string(limit) + ")");
  std::vector<uint8_t> bytes(static_cast<size_t>(file->size()));
  // A file that shrank while read is data_loss, as the decoder would say.
  if (Status s = file->readAt(0, bytes.data(), bytes.size()); !s)
    return Status(StatusCode::data_loss, s.message());
  if (owner)
    *owner = file->owner();
  if (mode)
    *mode = file->mode();
  return bytes;
}

/// The directory's secret, made on first use. Two processes making it at
/// once: link() lets exactly one temporary file become the secret.
Expected<cache::Secret> loadSecret(const std::string &dir) {
  std::string path = dir + "/secret";
  for (int attempt = 0; attempt < 2; ++attempt) {
    uid_t owner = 0;
    mode_t mode = 0;
    Expected<std::vector<uint8_t>> bytes = readFile(path, 4096, &owner, &mode);
    if (bytes) {
      if (owner != ::geteuid() || (mode & 077))
        return Status(StatusCode::failed_precondition,
                      "cache secret '" + path +
                          "' is readable or writable by others or belongs to "
                          "another user; refusing the cache (remove it, or "
                          "chmod 600 it if it is yours)");
      if (bytes->size() != sizeof(cache::Secret))
        return Status(StatusCode::failed_precondition,
                      "cache secret '" + path + "' holds " +
                          std::to_string(bytes->size()) + " bytes, not " +
                          std::to_string(sizeof(cache::Secret)) +
                          "; remove it and the cache's entries");
      cache::Secret secret;
      std::memcpy(secret.data(), bytes->data(), secret.size());
      return secret;
    }
    if (bytes.status().code() != StatusCode::not_found)
      return bytes.status();
    cache::Secret fresh;
    if (RAND_bytes(fresh.data(), static_cast<int>(fresh.size())) != 1)
      return Status(StatusCode::unavailable,
                    "no random bytes for the cache secret");
    Expected<std::string> temp = writeTemp(dir, fresh.data(), fresh.size());
    if (!temp)
      return temp.status();
    int linked = ::link(temp->c_str(), path.c_str());
    int err = errno;
    ::unlink(temp->c_str());
    if (linked != 0 && err != EEXIST)
      return ioError("cannot create cache secret '" + path + "'", err);
    // Made now, or by another process meanwhile: read what is there.
  }
  return Status(StatusCode::unavailable,
                "cache secret '" + path + "' could not be read back");
}

bool endsWith(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

struct EntryFile {
  std::string path;
  uint64_t bytes;
  struct timespec used;
};

/// The entries in `dir`; temporary files older than kStaleTempSeconds are
/// removed on the way.
std::vector<EntryFile> listEntries(const std::string &dir) {
  std::vector<EntryFile> entries;
  DIR *d = ::opendir(dir.c_str());
  if (!d)
    return entries;
  time_t now = ::time(nullptr);
  while (struct dirent *e = ::readdir(d)) {
    std::string name = e->d_name;
    std::string path = dir + "/" + name;
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
      continue;
    if (name.rfind(kTempPrefix, 0) == 0) {
      if (now - st.st_mtime > kStaleTempSeconds)
        ::unlink(path.c_str());
      continue;
    }
    if (endsWith(name, kEntrySuffix))
      entries.push_back({path, static_cast<uint64_t>(st.st_size), st.st_mtim});
  }
  ::closedir(d);
  return entries;
}

} // namespace

//===----------------------------------------------------------------------===//
// AotCache::Impl
//===----------------------------------------------------------------------===//

std::string AotCache::Impl::entryPath(const cache::Digest &key) const {
  return directory + "/" + cache::hex(key) + kEntrySuffix;
}

std::optional<std::vector<uint8_t>>
AotCache::Impl::lookup(const cache::Digest &key, std::string &warning) {
  std::string path = entryPath(key);
  Expected<std::vector<uint8_t>> bytes =
      readFile(path, options.maxBytes + cache::kEntryHeaderBytes, nullptr,
               nullptr);
  if (!bytes) {
    if (bytes.status().code() != StatusCode::not_found)
      warning = reject(key, bytes.status().message());
    return std::nullopt;
  }
  Expected<cache::EntryPayload> payload =
      cache::decodeEntry(secret, key, bytes->data(), bytes->size());
  if (!payload) {
    warning = reject(key, payload.status().message());
    return std::nullopt;
  }
  // Least recently used is least recently touched.
  ::utimensat(AT_FDCWD, path.c_str(), nullptr, 0);
  return std::vector<uint8_t>(bytes->begin() + payload->offset,
                              bytes->begin() + payload->offset + payload->size);
}

void AotCache::Impl::countHit() {
  std::lock_guard<std::mutex> lock(mutex);
  ++stats.hits;
}

void AotCache::Impl::countMiss() {
  std::lock_guard<std::mutex> lock(mutex);
  ++stats.misses;
}

std::string AotCache::Impl::reject(const cache::Digest &key,
                                   const std::string &why) {
  std::string path = entryPath(key);
  ::unlink(path.c_str());
  {
    std::lock_guard<std::mutex> lock(mutex);
    ++stats.rejected;
  }
  return "AOT cache entry '" + path + "' rejected (" + why +
         "); compiling again and replacing it";
}

Status AotCache::Impl::store(const cache::Digest &key,
                             const std::vector<uint8_t> &artifact) {
  if (artifact.size() + cache::kEntryHeaderBytes > options.maxBytes)
    return Status::ok();
  std::vector<uint8_t> entry = cache::encodeEntry(secret, key, artifact);
  if (entry.empty())
    return Status(StatusCode::unavailable,
                  "OpenSSL could not compute the cache entry's MAC");
  Expected<std::string> temp = writeTemp(directory, entry.data(), entry.size());
  if (!temp)
    return temp.status();
  std::string path = entryPath(key);
  if (::rename(temp->c_str(), path.c_str()) != 0) {
    int err = errno;
    ::unlink(temp->c_str());
    return ioError("cannot rename a cache entry to '" + path + "'", err);
  }
  std::vector<EntryFile> entries = listEntries(directory);
  uint64_t total = 0;
  for (const EntryFile &e : entries)
    total += e.bytes;
  uint64_t evicted = 0;
  if (total > options.maxBytes) {
    std::sort(entries.begin(), entries.end(),
              [](const EntryFile &a, const EntryFile &b) {
                return a.used.tv_sec != b.used.tv_sec
                           ? a.used.tv_sec < b.used.tv_sec
                           : a.used.tv_nsec < b.used.tv_nsec;
              });
    for (const EntryFile &e : entries) {
      if (total <= options.maxBytes)
        break;
      if (e.path == path || ::unlink(e.path.c_str()) != 0)
        continue;
      total -= e.bytes;
      ++evicted;
    }
  }
  std::lock_guard<std::mutex> lock(mutex);
  ++stats.stores;
  stats.evictions += evicted;
  return Status::ok();
}

//===----------------------------------------------------------------------===//
// AotCache
//===----------------------------------------------------------------------===//

Expected<std::shared_ptr<AotCache>> AotCache::open(const std::string &root,
                                                   AotCacheOptions options) {
  std::string base = root.empty() ? defaultCacheDir() : root;
  if (base.empty())
    return Status(StatusCode::invalid_argument,
                  "no AOT cache directory: give one, or set RLX_CACHE_DIR, "
                  "XDG_CACHE_HOME or HOME");
  if (options.maxBytes == 0)
    return Status(StatusCode::invalid_argument,
                  "AotCacheOptions::maxBytes is 0: give the cap in bytes");
  while (base.size() > 1 && base.back() == '/')
    base.pop_back();
  if (Status s = files::makeDirectories(base); !s)
    return s;
  if (Status s = checkPrivateDirectory(base); !s)
    return s;
  auto impl = std::make_unique<Impl>();
  impl->directory = base + "/aot";
  impl->options = options;
  if (Status s = makeDirectory(impl->directory); !s)
    return s;
  if (Status s = checkPrivateDirectory(impl->directory); !s)
    return s;
  Expected<cache::Secret> secret = loadSecret(impl->directory);
  if (!secret)
    return secret.status();
  impl->secret = *secret;
  return std::shared_ptr<AotCache>(new AotCache(std::move(impl)));
}

AotCache::AotCache(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
AotCache::~AotCache() = default;

const std::string &AotCache::directory() const { return impl_->directory; }

AotCacheStats AotCache::stats() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return impl_->stats;
}

uint64_t AotCache::entryCount() const {
  return listEntries(impl_->directory).size();
}

uint64_t AotCache::totalBytes() const {
  uint64_t total = 0;
  for (const EntryFile &e : listEntries(impl_->directory))
    total += e.bytes;
  return total;
}

Status AotCache::clear() {
  for (const EntryFile &e : listEntries(impl_->directory))
    if (::unlink(e.path.c_str()) != 0 && errno != ENOENT)
      return ioError("cannot remove '" + e.path + "'", errno);
  return Status::ok();
}

} // namespace rlx
