//===- AotCache.h - Compiled code kept on disk between processes ----------===//
//
// An AotCache is a directory of compiled artifacts keyed by everything that
// changes the compiled code. A Session (Session::setCache) or a Model
// (Model::cache) given one looks there before compiling: a hit loads the
// stored artifact and skips the compiler entirely; a miss compiles and
// stores. docs/Caching.md has the key, the entry format, the trust model
// and the failure behaviour; in short:
//
//  - Weights set with setParam are not compiled code: they are not in the
//    key, and one entry serves every set of weights.
//  - Entries are authenticated with a per-user secret (0600) in the
//    directory: an entry another user wrote or edited is a miss.
//  - A corrupt, truncated, foreign or stale entry is a miss reported once
//    as a warning; the compile replaces it. Never a crash or a wrong result.
//  - Writes go to a temporary file, then rename: concurrent processes
//    compiling one key both succeed and leave one valid entry.
//  - The directory is capped in size; the least recently used entries go.
//
// Thread safety: one AotCache may be shared by any number of Sessions and
// threads; several processes may share one directory.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_AOTCACHE_H
#define RLX_AOTCACHE_H

#include "rlx/Status.h"

#include <cstdint>
#include <memory>
#include <string>

namespace rlx {

struct AotCacheOptions {
  /// The cap on the entries' total size; storing beyond it evicts the least
  /// recently used entries first. An entry larger than the cap is not kept.
  uint64_t maxBytes = uint64_t(1) << 30;
};

/// What one AotCache object has done since it was opened.
struct AotCacheStats {
  /// Compiles answered from disk.
  uint64_t hits = 0;
  /// Compiles that found no usable entry (rejected ones included).
  uint64_t misses = 0;
  /// Entries found but unusable: damaged, tampered with, of another
  /// version or target; each was reported as a warning and replaced.
  uint64_t rejected = 0;
  /// Entries written.
  uint64_t stores = 0;
  /// Entries removed to stay under AotCacheOptions::maxBytes.
  uint64_t evictions = 0;
};

class AotCache {
public:
  /// Opens the cache under `root` (empty: defaultCacheDir(), rlx/
  /// CostModel.h), creating `<root>/aot/` (0700) and its secret (0600) if
  /// missing. failed_precondition when `root` or `<root>/aot` is not a
  /// directory this user owns, is writable by group or others, or the
  /// secret is readable by anyone else; invalid_argument when no root is
  /// given and none is set in the environment.
  static Expected<std::shared_ptr<AotCache>> open(const std::string &root = "",
                                                  AotCacheOptions options = {});

  ~AotCache();
  AotCache(const AotCache &) = delete;
  AotCache &operator=(const AotCache &) = delete;

  /// The directory the entries are in (`<root>/aot`).
  const std::string &directory() const;
  AotCacheStats stats() const;
  /// The entries on disk now: their number and total bytes.
  uint64_t entryCount() const;
  uint64_t totalBytes() const;
  /// Removes every entry (the secret stays).
  Status clear();

  struct Impl;
  Impl &impl() { return *impl_; }

private:
  explicit AotCache(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

} // namespace rlx

#endif // RLX_AOTCACHE_H
