//===- CacheEntry.h - One AOT cache entry: key, MAC, artifact -*- C++ -*-===//
//
// The bytes of one file of the on-disk AOT cache (docs/Caching.md, "Entry
// format"):
//
//   offset  size  field
//   0       4     magic "RLXC"
//   4       4     entry format version (kCacheEntryVersion), little-endian
//   8       32    the cache key (SHA-256 of what the code depends on)
//   40      8     payload length in bytes, little-endian
//   48      32    HMAC-SHA-256 of bytes [0, 48) and the payload, keyed with
//                 the cache directory's secret
//   80      n     payload: a serialized artifact (runtime/Artifact.h)
//
// The MAC makes an entry that another user wrote or edited a miss: only a
// holder of the secret can make one that decodes (RELIABILITY.md contract
// 5). Decoding checks everything but the artifact itself, which the caller
// deserializes (checksum, versions, manifest) and loads.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_API_CACHEENTRY_H
#define RLX_API_CACHEENTRY_H

#include "rlx/Status.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace rlx::cache {

constexpr uint32_t kCacheEntryVersion = 1;
constexpr size_t kDigestBytes = 32;
constexpr size_t kEntryHeaderBytes = 80;

using Digest = std::array<uint8_t, kDigestBytes>;
/// The per-directory secret the MACs are keyed with.
using Secret = std::array<uint8_t, kDigestBytes>;

/// SHA-256 of `size` bytes.
Digest sha256(const uint8_t *data, size_t size);
/// Lower-case hex of `digest` (64 characters): an entry's file name.
std::string hex(const Digest &digest);

/// The entry for `payload` under `key`, sealed with `secret`; empty if
/// OpenSSL cannot compute the MAC.
std::vector<uint8_t> encodeEntry(const Secret &secret, const Digest &key,
                                 const std::vector<uint8_t> &payload);

/// Where the payload of a decoded entry lies in its bytes.
struct EntryPayload {
  size_t offset = 0;
  size_t size = 0;
};

/// Checks `size` bytes at `data` as the entry of `key` under `secret`:
/// data_loss for a truncated entry or one with trailing bytes, a bad magic
/// or a MAC that does not match (tampered, written with another secret, or
/// damaged); incompatible for another entry format version; not_found when
/// it is the entry of another key; unavailable if OpenSSL cannot compute the
/// MAC. The MAC is compared in constant time.
Expected<EntryPayload> decodeEntry(const Secret &secret, const Digest &key,
                                   const uint8_t *data, size_t size);

} // namespace rlx::cache

#endif // RLX_API_CACHEENTRY_H
