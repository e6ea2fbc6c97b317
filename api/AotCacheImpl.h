//===- AotCacheImpl.h - What api/ uses of an AotCache -----------*- C++ -*-===//
//
// The directory side of the AOT cache: looking an entry up, storing one,
// rejecting a bad one, evicting. The key is made by api/CacheKey.h and the
// entry bytes by api/CacheEntry.h; Session decides when to use them.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_API_AOTCACHEIMPL_H
#define RLX_API_AOTCACHEIMPL_H

#include "api/CacheEntry.h"
#include "rlx/AotCache.h"

#include <mutex>
#include <optional>

namespace rlx {

struct AotCache::Impl {
  std::string directory;
  cache::Secret secret{};
  AotCacheOptions options;
  mutable std::mutex mutex;
  AotCacheStats stats;

  /// The path of `key`'s entry.
  std::string entryPath(const cache::Digest &key) const;

  /// The artifact bytes stored under `key`, marking the entry as just used;
  /// nullopt for a miss. An entry that exists but does not decode is
  /// removed and `warning` says why (rejected).
  std::optional<std::vector<uint8_t>> lookup(const cache::Digest &key,
                                             std::string &warning);
  /// Counts a hit, or a miss.
  void countHit();
  void countMiss();
  /// A looked-up entry that did not deserialize or load: removed, counted
  /// as rejected, and the warning for it.
  std::string reject(const cache::Digest &key, const std::string &why);
  /// Seals `artifact` under `key` and writes it (temporary file, rename),
  /// then evicts down to the cap. A failure is returned for a warning: the
  /// compile it came from has succeeded.
  Status store(const cache::Digest &key, const std::vector<uint8_t> &artifact);
};

} // namespace rlx

#endif // RLX_API_AOTCACHEIMPL_H
