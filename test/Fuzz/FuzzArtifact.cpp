//===- FuzzArtifact.cpp - Fuzz target: artifact bytes to an Artifact ------===//
//
// rlx-fuzz-artifact: the bytes are an artifact file. They are decoded twice:
// as they are (the header: magic, version, length, checksum) and with the
// header's payload length and checksum made to match, so mutations reach the
// payload reader and the manifest and Vulkan code verifiers behind the
// checksum. Nothing is loaded: a CPU artifact's object code is native code
// (RELIABILITY.md contract 5) and a Vulkan one's would go to the driver.
// Findings besides crashes and sanitizer reports: an accepted artifact that
// does not serialize back to the same bytes (the format is canonical).
//
//===----------------------------------------------------------------------===//
#include "runtime/Artifact.h"
#include "runtime/ManifestVerifier.h"

#include <cstddef>
#include <cstdint>
#include <vector>

using namespace rlx::runtime;

static void storeU64(uint8_t *p, uint64_t v) {
  for (int i = 0; i < 8; ++i)
    p[i] = static_cast<uint8_t>(v >> (8 * i));
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  (void)deserializeArtifact(data, size);
  if (size < kArtifactHeaderSize)
    return 0;

  std::vector<uint8_t> bytes(data, data + size);
  uint64_t payloadSize = size - kArtifactHeaderSize;
  storeU64(bytes.data() + 8, payloadSize);
  storeU64(bytes.data() + 16,
           fnv1a64(bytes.data() + kArtifactHeaderSize, payloadSize));
  rlx::Expected<Artifact> artifact =
      deserializeArtifact(bytes.data(), bytes.size());
  if (!artifact)
    return 0;
  // What the reader accepted, the verifier accepts on its own, and every
  // grid's point count is defined (it must not overflow).
  if (!verifyManifest(artifact->manifest))
    __builtin_trap();
  for (const rlx::Dispatch &dispatch : artifact->manifest.dispatches)
    if (gridPointCount(dispatch) < 1)
      __builtin_trap();
  if (serializeArtifact(*artifact) != bytes)
    __builtin_trap();
  return 0;
}
