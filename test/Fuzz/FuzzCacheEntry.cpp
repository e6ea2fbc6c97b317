//===- FuzzCacheEntry.cpp - Fuzz target: AOT cache entry bytes ------------===//
//
// rlx-fuzz-cache-entry: the bytes are one AOT cache entry file
// (api/CacheEntry.h), read under a fixed secret (kFuzzSecret, which the
// seed corpus is sealed with: make-cache-seeds.py) and the key the entry
// names. They are decoded twice: as they are (magic, version, length, key,
// MAC), and with the length and MAC made to match, so mutations reach the
// artifact reader behind the MAC as the cache's own lookup would. Findings
// besides crashes and sanitizer reports: a re-sealed entry of the current
// version that the decoder refuses, or that does not encode back to the
// same bytes.
//
//===----------------------------------------------------------------------===//
#include "api/CacheEntry.h"
#include "runtime/Artifact.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

using namespace rlx::cache;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Secret secret;
  secret.fill(0x5a);
  Digest key{};
  if (size >= 40)
    std::memcpy(key.data(), data + 8, key.size());
  (void)decodeEntry(secret, key, data, size);
  if (size < kEntryHeaderBytes || std::memcmp(data, "RLXC", 4) != 0 ||
      data[4] != kCacheEntryVersion || data[5] || data[6] || data[7])
    return 0;

  std::vector<uint8_t> payload(data + kEntryHeaderBytes, data + size);
  std::vector<uint8_t> sealed = encodeEntry(secret, key, payload);
  rlx::Expected<EntryPayload> decoded =
      decodeEntry(secret, key, sealed.data(), sealed.size());
  if (!decoded || decoded->offset != kEntryHeaderBytes ||
      decoded->size != payload.size())
    __builtin_trap();
  // What the cache does with an entry it accepts: the artifact reader.
  (void)rlx::runtime::deserializeArtifact(sealed.data() + decoded->offset,
                                          decoded->size);
  return 0;
}
