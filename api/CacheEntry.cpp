//===- CacheEntry.cpp - One AOT cache entry: key, MAC, artifact -----------===//
//
// SHA-256 and HMAC-SHA-256 come from OpenSSL's libcrypto (Debian's
// libssl-dev): the MAC must resist someone who can write files, which a
// checksum does not.
//
//===----------------------------------------------------------------------===//
#include "api/CacheEntry.h"

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <cstring>
#include <optional>

namespace rlx::cache {

namespace {

constexpr char kMagic[4] = {'R', 'L', 'X', 'C'};

void putLE(uint8_t *out, uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i)
    out[i] = static_cast<uint8_t>(value >> (8 * i));
}

uint64_t getLE(const uint8_t *in, int bytes) {
  uint64_t value = 0;
  for (int i = 0; i < bytes; ++i)
    value |= static_cast<uint64_t>(in[i]) << (8 * i);
  return value;
}

/// HMAC-SHA-256 of the header's first 48 bytes, then the payload, streamed
/// through OpenSSL 3's EVP_MAC (the entry is not copied); nullopt if
/// OpenSSL cannot compute one.
std::optional<Digest> mac(const Secret &secret, const uint8_t *header,
                          const uint8_t *payload, size_t payloadSize) {
  Digest out{};
  EVP_MAC *hmac = EVP_MAC_fetch(nullptr, "HMAC", nullptr);
  EVP_MAC_CTX *ctx = hmac ? EVP_MAC_CTX_new(hmac) : nullptr;
  char digest[] = "SHA256";
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0),
      OSSL_PARAM_construct_end()};
  size_t length = 0;
  bool ok =
      ctx && EVP_MAC_init(ctx, secret.data(), secret.size(), params) == 1 &&
      EVP_MAC_update(ctx, header, 48) == 1 &&
      (payloadSize == 0 || EVP_MAC_update(ctx, payload, payloadSize) == 1) &&
      EVP_MAC_final(ctx, out.data(), &length, out.size()) == 1 &&
      length == out.size();
  EVP_MAC_CTX_free(ctx);
  EVP_MAC_free(hmac);
  if (!ok)
    return std::nullopt;
  return out;
}

} // namespace

Digest sha256(const uint8_t *data, size_t size) {
  Digest out{};
  unsigned length = 0;
  EVP_Digest(data, size, out.data(), &length, EVP_sha256(), nullptr);
  return out;
}

std::string hex(const Digest &digest) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * digest.size());
  for (uint8_t b : digest) {
    out.push_back(digits[b >> 4]);
    out.push_back(digits[b & 15]);
  }
  return out;
}

std::vector<uint8_t> encodeEntry(const Secret &secret, const Digest &key,
                                 const std::vector<uint8_t> &payload) {
  std::vector<uint8_t> out(kEntryHeaderBytes + payload.size());
  std::memcpy(out.data(), kMagic, 4);
  putLE(out.data() + 4, kCacheEntryVersion, 4);
  std::memcpy(out.data() + 8, key.data(), key.size());
  putLE(out.data() + 40, payload.size(), 8);
  std::optional<Digest> tag =
      mac(secret, out.data(), payload.data(), payload.size());
  if (!tag)
    return {};
  std::memcpy(out.data() + 48, tag->data(), tag->size());
  if (!payload.empty())
    std::memcpy(out.data() + kEntryHeaderBytes, payload.data(), payload.size());
  return out;
}

Expected<EntryPayload> decodeEntry(const Secret &secret, const Digest &key,
                                   const uint8_t *data, size_t size) {
  if (size < kEntryHeaderBytes)
    return Status(StatusCode::data_loss,
                  "cache entry truncated: " + std::to_string(size) +
                      " bytes, shorter than its " +
                      std::to_string(kEntryHeaderBytes) + "-byte header");
  if (std::memcmp(data, kMagic, 4) != 0)
    return Status(StatusCode::data_loss, "not a cache entry (bad magic)");
  uint32_t version = static_cast<uint32_t>(getLE(data + 4, 4));
  if (version != kCacheEntryVersion)
    return Status(StatusCode::incompatible,
                  "cache entry format " + std::to_string(version) +
                      ", this rlx reads format " +
                      std::to_string(kCacheEntryVersion));
  uint64_t length = getLE(data + 40, 8);
  uint64_t held = size - kEntryHeaderBytes;
  if (length > held)
    return Status(StatusCode::data_loss,
                  "cache entry truncated: its payload has " +
                      std::to_string(length) + " bytes, the file holds " +
                      std::to_string(held));
  if (length < held)
    return Status(StatusCode::data_loss,
                  "cache entry has " + std::to_string(held - length) +
                      " trailing bytes after its " + std::to_string(length) +
                      "-byte payload");
  if (std::memcmp(data + 8, key.data(), key.size()) != 0)
    return Status(StatusCode::not_found,
                  "cache entry holds another key than its file name's");
  std::optional<Digest> tag =
      mac(secret, data, data + kEntryHeaderBytes, length);
  if (!tag)
    return Status(StatusCode::unavailable,
                  "OpenSSL could not compute the cache entry's MAC");
  if (CRYPTO_memcmp(tag->data(), data + 48, tag->size()) != 0)
    return Status(StatusCode::data_loss,
                  "cache entry MAC mismatch: damaged, or not written by this "
                  "user's rlx (the directory's secret did not seal it)");
  return EntryPayload{kEntryHeaderBytes, static_cast<size_t>(length)};
}

} // namespace rlx::cache
