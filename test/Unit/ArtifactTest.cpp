//===- ArtifactTest.cpp - Artifact encoding and its defences --------------===//
#include "runtime/Artifact.h"
#include "runtime/VulkanCodeVerifier.h"

#include "rlx/Version.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <limits>
#include <random>
#include <string>
#include <unistd.h>

using namespace rlx;
using namespace rlx::runtime;

namespace {

/// A small but complete artifact: every role, two dispatches, code bytes.
Artifact makeArtifact() {
  Artifact a;
  Manifest &m = a.manifest;
  m.name = "tiny";
  m.alignment = 64;
  m.arenaSize = 256;
  Slot in;
  in.name = "x";
  in.role = SlotRole::input;
  in.dtype = DType::f32;
  in.shape = {2, 4};
  in.offset = 0;
  in.size = 32;
  Slot w;
  w.name = "w";
  w.role = SlotRole::param;
  w.dtype = DType::f16;
  w.shape = {32};
  w.offset = 64;
  w.size = 64;
  Slot c;
  c.name = "c";
  c.role = SlotRole::constant;
  c.dtype = DType::i8;
  c.shape = {3};
  c.offset = 128;
  c.size = 3;
  c.data = {1, 2, 3};
  Slot out;
  out.name = "y";
  out.role = SlotRole::output;
  out.dtype = DType::i64;
  out.shape = {};
  out.offset = 192;
  out.size = 8;
  m.slots = {in, w, c, out};
  Dispatch d0;
  d0.symbol = "rlx_dispatch_0";
  d0.kernel = "fused_matmul_0";
  d0.grid = {2, 1, 1};
  d0.flops = 2 * 2 * 4 * 8;
  d0.bytes = 32 + 16 + 8;
  d0.views = {{0, 32}, {192, 8}};
  Dispatch d1;
  d1.symbol = "rlx_dispatch_1";
  d1.grid = {1, 3, 5};
  // Cost facts past 32 bits (u64 fields, not truncated).
  d1.flops = (uint64_t(1) << 40) + 3;
  d1.bytes = ~uint64_t(0);
  d1.views = {{64, 64}};
  m.dispatches = {d0, d1};
  a.cpu.triple = "x86_64-unknown-linux-gnu";
  a.cpu.cpuFeatures = "+avx2,+fma";
  a.cpu.objects = {{0x7f, 'E', 'L', 'F', 0, 1, 2}, {0x7f, 'E', 'L', 'F', 3}};
  return a;
}

void expectEqual(const Artifact &a, const Artifact &b) {
  EXPECT_EQ(a.manifest.name, b.manifest.name);
  EXPECT_EQ(a.manifest.arenaSize, b.manifest.arenaSize);
  EXPECT_EQ(a.manifest.alignment, b.manifest.alignment);
  ASSERT_EQ(a.manifest.slots.size(), b.manifest.slots.size());
  for (size_t i = 0; i < a.manifest.slots.size(); ++i) {
    const Slot &x = a.manifest.slots[i];
    const Slot &y = b.manifest.slots[i];
    EXPECT_EQ(x.name, y.name) << "slot " << i;
    EXPECT_EQ(x.role, y.role) << "slot " << i;
    EXPECT_EQ(x.dtype, y.dtype) << "slot " << i;
    EXPECT_EQ(x.shape, y.shape) << "slot " << i;
    EXPECT_EQ(x.offset, y.offset) << "slot " << i;
    EXPECT_EQ(x.size, y.size) << "slot " << i;
    EXPECT_EQ(x.data, y.data) << "slot " << i;
  }
  ASSERT_EQ(a.manifest.dispatches.size(), b.manifest.dispatches.size());
  for (size_t i = 0; i < a.manifest.dispatches.size(); ++i) {
    EXPECT_EQ(a.manifest.dispatches[i].symbol, b.manifest.dispatches[i].symbol);
    EXPECT_EQ(a.manifest.dispatches[i].kernel, b.manifest.dispatches[i].kernel);
    EXPECT_EQ(a.manifest.dispatches[i].grid, b.manifest.dispatches[i].grid);
    EXPECT_EQ(a.manifest.dispatches[i].flops, b.manifest.dispatches[i].flops);
    EXPECT_EQ(a.manifest.dispatches[i].bytes, b.manifest.dispatches[i].bytes);
    EXPECT_EQ(a.manifest.dispatches[i].views, b.manifest.dispatches[i].views);
  }
  EXPECT_EQ(a.cpu.triple, b.cpu.triple);
  EXPECT_EQ(a.cpu.cpuFeatures, b.cpu.cpuFeatures);
  EXPECT_EQ(a.cpu.objects, b.cpu.objects);
}

Expected<Artifact> decode(const std::vector<uint8_t> &bytes) {
  return deserializeArtifact(bytes.data(), bytes.size());
}

/// Asserts that `bytes` fail with `code` and a message holding `fragment`,
/// then that a valid artifact still decodes (nothing is left broken).
void expectRejected(const std::vector<uint8_t> &bytes, StatusCode code,
                    const std::string &fragment) {
  Expected<Artifact> r = decode(bytes);
  ASSERT_FALSE(r.isOk()) << "accepted; expected " << statusCodeName(code);
  EXPECT_EQ(r.status().code(), code) << r.status().toString();
  EXPECT_NE(r.status().message().find(fragment), std::string::npos)
      << "message: " << r.status().message() << "\nexpected: " << fragment;
  EXPECT_TRUE(decode(serializeArtifact(makeArtifact())).isOk());
}

/// Serializes `a` as is (serializeArtifact does not validate), so the
/// checksum is right and only the reader's manifest checks stand in the way.
void expectManifestRejected(const Artifact &a, const std::string &fragment) {
  expectRejected(serializeArtifact(a), StatusCode::invalid_argument, fragment);
}

void storeU64(std::vector<uint8_t> &bytes, size_t at, uint64_t v) {
  for (int i = 0; i < 8; ++i)
    bytes[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

/// An independent FNV-1a-64 so the test also pins the checksum algorithm.
uint64_t referenceFnv(const uint8_t *p, size_t n) {
  uint64_t h = 14695981039346656037ull;
  for (size_t i = 0; i < n; ++i)
    h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

/// Recomputes the header checksum after editing the payload, to reach the
/// checks behind it.
void reseal(std::vector<uint8_t> &bytes) {
  storeU64(bytes, 16,
           referenceFnv(bytes.data() + kArtifactHeaderSize,
                        bytes.size() - kArtifactHeaderSize));
}

// Payload offsets in makeArtifact()'s encoding (see the format in
// Artifact.h): name "tiny", arena size, alignment, slot count, slot 0.
constexpr size_t kNameLength = kArtifactHeaderSize;
constexpr size_t kSlotCount = kNameLength + 8 + 4 + 8 + 8;
constexpr size_t kSlot0NameLength = kSlotCount + 8;
constexpr size_t kSlot0Role = kSlot0NameLength + 8 + 1; // name "x"
constexpr size_t kSlot0Dtype = kSlot0Role + 1;
constexpr size_t kSlot0Rank = kSlot0Dtype + 1;

TEST(Artifact, RoundTrip) {
  Artifact a = makeArtifact();
  std::vector<uint8_t> bytes = serializeArtifact(a);
  ASSERT_GT(bytes.size(), kArtifactHeaderSize);
  EXPECT_EQ(std::memcmp(bytes.data(), "RLXA", 4), 0);
  EXPECT_EQ(bytes[4], kArtifactFormatVersion);
  Expected<Artifact> b = decode(bytes);
  ASSERT_TRUE(b.isOk()) << b.status().toString();
  expectEqual(a, *b);
  // Deterministic: the same artifact encodes to the same bytes.
  EXPECT_EQ(serializeArtifact(*b), bytes);
}

TEST(Artifact, RoundTripEmptyManifest) {
  Artifact a;
  Expected<Artifact> b = decode(serializeArtifact(a));
  ASSERT_TRUE(b.isOk()) << b.status().toString();
  expectEqual(a, *b);
}

TEST(Artifact, ChecksumIsFnv1a64) {
  const char *text = "rlx";
  auto p = reinterpret_cast<const uint8_t *>(text);
  EXPECT_EQ(fnv1a64(p, 3), referenceFnv(p, 3));
  EXPECT_EQ(fnv1a64(nullptr, 0), 0xcbf29ce484222325ull);
  std::vector<uint8_t> bytes = serializeArtifact(makeArtifact());
  uint64_t stored = 0;
  for (int i = 0; i < 8; ++i)
    stored |= uint64_t(bytes[16 + i]) << (8 * i);
  EXPECT_EQ(stored, referenceFnv(bytes.data() + kArtifactHeaderSize,
                                 bytes.size() - kArtifactHeaderSize));
}

TEST(Artifact, Empty) {
  expectRejected({}, StatusCode::data_loss, "empty artifact");
  Expected<Artifact> r = deserializeArtifact(nullptr, 0);
  ASSERT_FALSE(r.isOk());
  EXPECT_EQ(r.status().code(), StatusCode::data_loss);
}

TEST(Artifact, NullDataWithSize) {
  Expected<Artifact> r = deserializeArtifact(nullptr, 10);
  ASSERT_FALSE(r.isOk());
  EXPECT_EQ(r.status().code(), StatusCode::invalid_argument);
  EXPECT_NE(r.status().message().find("null artifact data"), std::string::npos);
}

TEST(Artifact, EveryTruncation) {
  std::vector<uint8_t> bytes = serializeArtifact(makeArtifact());
  for (size_t len = 1; len < bytes.size(); ++len) {
    SCOPED_TRACE("length " + std::to_string(len));
    expectRejected(std::vector<uint8_t>(bytes.begin(), bytes.begin() + len),
                   StatusCode::data_loss, "truncated");
  }
}

TEST(Artifact, BitFlipInEveryPayloadByte) {
  std::vector<uint8_t> bytes = serializeArtifact(makeArtifact());
  for (size_t i = kArtifactHeaderSize; i < bytes.size(); ++i) {
    for (int bit = 0; bit < 8; ++bit) {
      SCOPED_TRACE("byte " + std::to_string(i) + " bit " + std::to_string(bit));
      std::vector<uint8_t> flipped = bytes;
      flipped[i] ^= uint8_t(1u << bit);
      expectRejected(flipped, StatusCode::data_loss, "checksum mismatch");
    }
  }
}

TEST(Artifact, BitFlipInEveryHeaderByte) {
  std::vector<uint8_t> bytes = serializeArtifact(makeArtifact());
  for (size_t i = 0; i < kArtifactHeaderSize; ++i) {
    for (int bit = 0; bit < 8; ++bit) {
      SCOPED_TRACE("byte " + std::to_string(i) + " bit " + std::to_string(bit));
      std::vector<uint8_t> flipped = bytes;
      flipped[i] ^= uint8_t(1u << bit);
      if (i < 4)
        expectRejected(flipped, StatusCode::invalid_argument,
                       "not an rlx artifact");
      else if (i < 8)
        expectRejected(flipped, StatusCode::incompatible,
                       "artifact format version");
      else if (i < 16)
        expectRejected(flipped, StatusCode::data_loss, "payload length");
      else
        expectRejected(flipped, StatusCode::data_loss, "checksum mismatch");
    }
  }
}

TEST(Artifact, WrongMagic) {
  std::vector<uint8_t> bytes = serializeArtifact(makeArtifact());
  bytes[0] = 'X';
  expectRejected(bytes, StatusCode::invalid_argument, "not an rlx artifact");
  expectRejected({'P', 'K', 3, 4}, StatusCode::invalid_argument,
                 "not an rlx artifact");
}

// The compatibility policy (docs/Embedding.md, "Versions"): a build loads
// its own artifact format version only, and the message names both
// versions and what to do.
void expectVersionRejected(uint32_t version, const std::string &message) {
  std::vector<uint8_t> bytes = serializeArtifact(makeArtifact());
  std::memcpy(bytes.data() + 4, &version, sizeof(version));
  Expected<Artifact> r = decode(bytes);
  ASSERT_FALSE(r.isOk()) << "version " << version << " accepted";
  EXPECT_EQ(r.status().code(), StatusCode::incompatible);
  EXPECT_EQ(r.status().message(), message);
}

// A newer artifact needs a newer rlx.
TEST(Artifact, NewerVersion) {
  for (uint32_t version :
       {kArtifactFormatVersion + 1, std::numeric_limits<uint32_t>::max()})
    expectVersionRejected(
        version, "artifact format version " + std::to_string(version) +
                     " is newer than the version rlx " RLX_VERSION_STRING
                     " reads (" +
                     std::to_string(kArtifactFormatVersion) +
                     "): the artifact needs a newer rlx");
}

// An older one is recompiled: versions 1 and 2 (one object file; no kernel
// ABI version or device), 3 (no dispatch FLOPs and bytes), 4 (no dispatch
// views) and 5 (splat constants written out) are not read as version 6.
TEST(Artifact, OlderVersion) {
  for (uint32_t version = 0; version < kArtifactFormatVersion; ++version)
    expectVersionRejected(
        version, "artifact format version " + std::to_string(version) +
                     " is older than the version rlx " RLX_VERSION_STRING
                     " reads (" +
                     std::to_string(kArtifactFormatVersion) +
                     "): recompile the model with this rlx");
}

// rlx/Version.h: the library's version is the headers', and its artifact
// format version is the one the reader checks.
TEST(Artifact, LibraryVersion) {
  EXPECT_STREQ(::rlx::version(), RLX_VERSION_STRING);
  EXPECT_EQ(std::string(RLX_VERSION_STRING),
            std::to_string(RLX_VERSION_MAJOR) + "." +
                std::to_string(RLX_VERSION_MINOR) + "." +
                std::to_string(RLX_VERSION_PATCH));
  EXPECT_EQ(::rlx::artifactFormatVersion(), kArtifactFormatVersion);
}

// Code compiled against another kernel ABI (runtime/KernelAbi.h) is not
// loaded, even in a well-formed, correctly sealed artifact.
TEST(Artifact, OtherKernelAbiVersion) {
  Artifact a = makeArtifact();
  a.kernelAbiVersion = ::rlx::abi::kKernelAbiVersion + 1;
  expectRejected(serializeArtifact(a), StatusCode::incompatible,
                 "the code was compiled against kernel ABI version " +
                     std::to_string(::rlx::abi::kKernelAbiVersion + 1) +
                     "; this runtime implements version " +
                     std::to_string(::rlx::abi::kKernelAbiVersion));
  // Version 1 code exports no footprints (runtime/KernelAbi.h).
  a.kernelAbiVersion = 1;
  expectRejected(serializeArtifact(a), StatusCode::incompatible,
                 "the code was compiled against kernel ABI version 1; this "
                 "runtime implements version " +
                     std::to_string(::rlx::abi::kKernelAbiVersion));
}

TEST(Artifact, UnknownDevice) {
  Artifact a = makeArtifact();
  a.device = "tpu";
  expectRejected(serializeArtifact(a), StatusCode::incompatible,
                 "code for device 'tpu', which this runtime cannot load");
}

TEST(Artifact, PayloadLengthBeyondFile) {
  std::vector<uint8_t> bytes = serializeArtifact(makeArtifact());
  storeU64(bytes, 8, std::numeric_limits<uint64_t>::max());
  expectRejected(bytes, StatusCode::data_loss, "truncated: payload length");
}

TEST(Artifact, TrailingBytes) {
  std::vector<uint8_t> bytes = serializeArtifact(makeArtifact());
  bytes.push_back(0);
  expectRejected(bytes, StatusCode::data_loss, "trailing bytes");
  // Trailing bytes inside a correctly sealed payload.
  bytes = serializeArtifact(makeArtifact());
  bytes.push_back(0);
  storeU64(bytes, 8, bytes.size() - kArtifactHeaderSize);
  reseal(bytes);
  expectRejected(bytes, StatusCode::invalid_argument,
                 "1 unexpected bytes after the object code");
}

TEST(Artifact, StringLengthBeyondPayload) {
  std::vector<uint8_t> bytes = serializeArtifact(makeArtifact());
  storeU64(bytes, kNameLength, uint64_t(1) << 40);
  reseal(bytes);
  expectRejected(bytes, StatusCode::invalid_argument,
                 "manifest name: length 1099511627776 exceeds the");
  bytes = serializeArtifact(makeArtifact());
  storeU64(bytes, kSlot0NameLength, std::numeric_limits<uint64_t>::max());
  reseal(bytes);
  expectRejected(bytes, StatusCode::invalid_argument, "slot 0 name: length");
}

TEST(Artifact, CountBeyondPayload) {
  std::vector<uint8_t> bytes = serializeArtifact(makeArtifact());
  storeU64(bytes, kSlotCount, uint64_t(1) << 60);
  reseal(bytes);
  expectRejected(bytes, StatusCode::invalid_argument,
                 "slot count 1152921504606846976 needs at least");
}

TEST(Artifact, EnumOutOfRange) {
  std::vector<uint8_t> bytes = serializeArtifact(makeArtifact());
  bytes[kSlot0Role] = 7;
  reseal(bytes);
  expectRejected(bytes, StatusCode::invalid_argument,
                 "slot 0 ('x'): role 7 is out of range");
  bytes = serializeArtifact(makeArtifact());
  bytes[kSlot0Dtype] = 200;
  reseal(bytes);
  expectRejected(bytes, StatusCode::invalid_argument,
                 "slot 0 ('x'): dtype 200 is out of range");
}

TEST(Artifact, RankLimit) {
  std::vector<uint8_t> bytes = serializeArtifact(makeArtifact());
  storeU64(bytes, kSlot0Rank, 1u << 30);
  reseal(bytes);
  expectRejected(bytes, StatusCode::invalid_argument,
                 "slot 0 ('x'): rank 1073741824 exceeds the maximum rank 16");
  Artifact a = makeArtifact();
  a.manifest.slots[1].shape = std::vector<int64_t>(17, 1);
  a.manifest.slots[1].size = 2;
  expectManifestRejected(a, "slot 1 ('w'): rank 17 exceeds the maximum rank");
}

TEST(Artifact, SlotOutsideArena) {
  Artifact a = makeArtifact();
  a.manifest.slots[3].offset = 256;
  expectManifestRejected(
      a, "slot 3 ('y'): offset 256 + size 8 exceeds arena size 256");
  // offset + size would wrap around uint64.
  a = makeArtifact();
  a.manifest.slots[3].offset = uint64_t(-64);
  expectManifestRejected(a, "slot 3 ('y'): offset 18446744073709551552 + "
                            "size 8 exceeds arena size 256");
}

TEST(Artifact, OverflowingShape) {
  Artifact a = makeArtifact();
  a.manifest.slots[0].shape = {int64_t(1) << 32, int64_t(1) << 32};
  expectManifestRejected(a, "slot 0 ('x'): element count of shape "
                            "[4294967296, 4294967296] overflows int64");
  // The element count fits, the byte size does not.
  a = makeArtifact();
  a.manifest.slots[0].shape = {int64_t(1) << 62};
  expectManifestRejected(a, "slot 0 ('x'): byte size of shape");
}

TEST(Artifact, NegativeDim) {
  Artifact a = makeArtifact();
  a.manifest.slots[0].shape = {-1, 4};
  expectManifestRejected(a, "slot 0 ('x'): dim 0 is -1");
}

TEST(Artifact, SizeDisagreesWithShape) {
  Artifact a = makeArtifact();
  a.manifest.slots[0].size = 16;
  expectManifestRejected(a, "slot 0 ('x'): size 16 != 32 bytes of f32[2, 4]");
}

TEST(Artifact, UnalignedOffset) {
  Artifact a = makeArtifact();
  a.manifest.slots[1].offset = 72;
  expectManifestRejected(
      a, "slot 1 ('w'): offset 72 is not a multiple of the alignment 64");
}

TEST(Artifact, BadAlignment) {
  Artifact a = makeArtifact();
  a.manifest.alignment = 48;
  expectManifestRejected(a, "alignment 48 is not a power of two");
  a.manifest.alignment = 0;
  expectManifestRejected(a, "alignment 0 is not a power of two");
}

TEST(Artifact, ConstantDataSize) {
  Artifact a = makeArtifact();
  a.manifest.slots[2].data = {1, 2};
  expectManifestRejected(
      a, "slot 2 ('c'): constant carries 2 bytes of data, expected size 3");
  a = makeArtifact();
  a.manifest.slots[0].data = {1};
  expectManifestRejected(a, "slot 0 ('x'): input slot carries 1 bytes of data");
}

TEST(Artifact, DuplicateSlotName) {
  Artifact a = makeArtifact();
  a.manifest.slots[1].name = "c";
  a.manifest.slots[1].role = SlotRole::constant;
  a.manifest.slots[1].data.assign(64, 0);
  expectManifestRejected(a, "slot 2 ('c'): duplicate constant name");
}

// Names and text read from an artifact reach terminals (--profile, error
// messages): an escape sequence in any of them is refused, naming the field
// and the byte, before anything prints it.
TEST(Artifact, TextFieldsArePrintableAscii) {
  const std::string escape = "\x1b[2J";
  {
    Artifact a = makeArtifact();
    a.manifest.dispatches[0].kernel = "k" + escape;
    expectManifestRejected(a, "dispatch 0 kernel: byte 1 (0x1b) is not "
                              "printable ASCII; an artifact's names and "
                              "text are printable ASCII");
  }
  {
    Artifact a = makeArtifact();
    a.manifest.dispatches[1].symbol = "rlx_dispatch_1\n";
    expectManifestRejected(a, "dispatch 1 symbol: byte 14 (0x0a)");
  }
  {
    Artifact a = makeArtifact();
    a.manifest.name = escape;
    expectManifestRejected(a, "manifest name: byte 0 (0x1b)");
  }
  {
    Artifact a = makeArtifact();
    a.cpu.triple = "x86_64\xc3\xa9";
    expectManifestRejected(a, "triple: byte 6 (0xc3)");
  }
  {
    Artifact a = makeArtifact();
    a.cpu.cpuFeatures = "+avx2" + escape;
    expectManifestRejected(a, "cpu features: byte 5 (0x1b)");
  }
  {
    Artifact a = makeArtifact();
    a.manifest.slots[3].name = "y" + escape;
    expectManifestRejected(a, "slot 3 name: byte 1 (0x1b)");
  }
}

TEST(Artifact, ZeroGrid) {
  Artifact a = makeArtifact();
  a.manifest.dispatches[1].grid = {1, 0, 5};
  expectManifestRejected(
      a, "dispatch 1 ('rlx_dispatch_1'): grid[1] is 0 (must be >= 1)");
  a.manifest.dispatches[1].grid = {int64_t(1) << 40, int64_t(1) << 40, 1};
  expectManifestRejected(a, "dispatch 1 ('rlx_dispatch_1'): grid "
                            "[1099511627776, 1099511627776, 1] has more than "
                            "2^31 (2147483648) points, the limit");
}

// kMaxGridPoints: 2^31 points pass, one row more does not, in any
// dimension.
TEST(Artifact, GridPointLimit) {
  Artifact a = makeArtifact();
  a.manifest.dispatches[1].grid = {int64_t(1) << 31, 1, 1};
  EXPECT_TRUE(decode(serializeArtifact(a)).isOk());
  a.manifest.dispatches[1].grid = {1 << 16, 1 << 15, 1};
  EXPECT_TRUE(decode(serializeArtifact(a)).isOk());
  a.manifest.dispatches[1].grid = {1 << 16, 1 << 15, 2};
  expectManifestRejected(a, "dispatch 1 ('rlx_dispatch_1'): grid [65536, "
                            "32768, 2] has more than 2^31 (2147483648) "
                            "points, the limit");
  a.manifest.dispatches[1].grid = {1, (int64_t(1) << 31) + 1, 1};
  expectManifestRejected(a, "has more than 2^31");
}

TEST(Artifact, ViewOutsideArena) {
  Artifact a = makeArtifact();
  a.manifest.dispatches[1].views[0] = {224, 64};
  expectManifestRejected(a, "dispatch 1 ('rlx_dispatch_1') view 0: offset "
                            "224 + size 64 exceeds arena size 256");
  // offset + size would wrap around uint64.
  a.manifest.dispatches[1].views[0] = {uint64_t(-64), 128};
  expectManifestRejected(a, "dispatch 1 ('rlx_dispatch_1') view 0: offset "
                            "18446744073709551552 + size 128 exceeds arena "
                            "size 256");
  // The arena shrunk under the views (its slots still fit).
  a = makeArtifact();
  a.manifest.slots.pop_back();
  a.manifest.arenaSize = 192;
  expectManifestRejected(a, "dispatch 0 ('rlx_dispatch_0') view 1: offset "
                            "192 + size 8 exceeds arena size 192");
}

// The CPU code reads a view of an input from the caller's buffer, which
// holds the slot's bytes only.
TEST(Artifact, ViewCrossingAnInputSlot) {
  Artifact a = makeArtifact();
  a.manifest.dispatches[0].views[0] = {0, 64};
  expectManifestRejected(a, "dispatch 0 ('rlx_dispatch_0') view 0: bytes [0, "
                            "64) cross the edge of input slot 0 ('x') at [0, "
                            "32) (a view of an input lies inside it)");
  a.manifest.dispatches[0].views[0] = {16, 16};
  EXPECT_TRUE(decode(serializeArtifact(a)).isOk());
}

// So does a view of a param (kernel ABI 3: the slot table).
TEST(Artifact, ViewCrossingAParamSlot) {
  Artifact a = makeArtifact();
  a.manifest.dispatches[0].views[0] = {48, 32};
  expectManifestRejected(a, "dispatch 0 ('rlx_dispatch_0') view 0: bytes [48, "
                            "80) cross the edge of param slot 1 ('w') at [64, "
                            "128) (a view of a param lies inside it)");
}

TEST(Artifact, OverlappingSlots) {
  Artifact a = makeArtifact();
  a.manifest.slots[3].offset = 128; // y onto c
  expectManifestRejected(a, "slot 3 ('y'): bytes [128, 136) overlap slot 2 "
                            "('c') at [128, 131)");
  // Found whatever the order: x spans w.
  a = makeArtifact();
  a.manifest.slots[0].shape = {32};
  a.manifest.slots[0].size = 128;
  a.manifest.dispatches[0].views[0] = {0, 128};
  expectManifestRejected(a, "slot 1 ('w'): bytes [64, 128) overlap slot 0 "
                            "('x') at [0, 128)");
  // Empty slots hold no byte: they may share an offset.
  a = makeArtifact();
  a.manifest.slots[2].shape = {0};
  a.manifest.slots[2].size = 0;
  a.manifest.slots[2].data.clear();
  a.manifest.slots[3].offset = 128;
  EXPECT_TRUE(decode(serializeArtifact(a)).isOk());
}

TEST(Artifact, EmptySymbol) {
  Artifact a = makeArtifact();
  a.manifest.dispatches[0].symbol.clear();
  expectManifestRejected(a, "dispatch 0: empty symbol");
}

/// Random edits behind a recomputed checksum reach the payload parser and
/// the code checks. Whatever gets through must be a well-formed artifact
/// that encodes back to exactly the same bytes (and, for Vulkan, passes the
/// loader's in-memory check too); the rest is invalid_argument, or
/// incompatible for a changed kernel ABI version or device. Under
/// ASan/UBSan this is a small deterministic fuzzer.
void expectResealedMutationsRejectedOrCanonical(const Artifact &artifact,
                                                uint32_t seed) {
  const std::vector<uint8_t> valid = serializeArtifact(artifact);
  std::mt19937 rng(seed);
  int accepted = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    std::vector<uint8_t> bytes = valid;
    int edits = 1 + int(rng() % 4);
    for (int e = 0; e < edits; ++e) {
      size_t payload = bytes.size() - kArtifactHeaderSize;
      size_t at = kArtifactHeaderSize + (payload ? rng() % payload : 0);
      switch (rng() % 5) {
      case 0: // overwrite a byte
        if (at < bytes.size())
          bytes[at] = uint8_t(rng());
        break;
      case 1: // overwrite a u64 with a boundary value
        if (at + 8 <= bytes.size()) {
          const uint64_t picks[] = {
              0,           1, 63, 64, 255, uint64_t(1) << 31, uint64_t(1) << 62,
              ~uint64_t(0)};
          storeU64(bytes, at, picks[rng() % 8]);
        }
        break;
      case 2: // overwrite a u32 (versions, indices, counts, sizes)
        if (at + 4 <= bytes.size()) {
          const uint32_t picks[] = {0, 1, 2, 3, 64, 0x10000, ~uint32_t(0)};
          uint32_t v = picks[rng() % 7];
          for (int i = 0; i < 4; ++i)
            bytes[at + i] = uint8_t(v >> (8 * i));
        }
        break;
      case 3: // delete a byte
        if (at < bytes.size())
          bytes.erase(bytes.begin() + at);
        break;
      default: // insert a byte
        bytes.insert(bytes.begin() + at, uint8_t(rng()));
        break;
      }
    }
    storeU64(bytes, 8, bytes.size() - kArtifactHeaderSize);
    reseal(bytes);
    Expected<Artifact> r = decode(bytes);
    if (!r.isOk()) {
      StatusCode code = r.status().code();
      ASSERT_TRUE(code == StatusCode::invalid_argument ||
                  code == StatusCode::incompatible)
          << "iteration " << iter << ": " << r.status().toString();
      continue;
    }
    ++accepted;
    ASSERT_EQ(serializeArtifact(*r), bytes) << "iteration " << iter;
    if (r->device == "vulkan")
      ASSERT_TRUE(verifyVulkanCode(r->manifest, r->vulkan).isOk())
          << "iteration " << iter;
  }
  // Some edits (inside names or data) are harmless; the check above ran.
  EXPECT_GT(accepted, 0);
}

TEST(Artifact, ResealedMutationsAreRejectedOrCanonical) {
  expectResealedMutationsRejectedOrCanonical(makeArtifact(), 12345);
}

//===----------------------------------------------------------------------===//
// The Vulkan code section
//===----------------------------------------------------------------------===//

constexpr uint32_t op(uint32_t wordCount, uint32_t opcode) {
  return wordCount << 16 | opcode;
}

/// The words a SPIR-V literal string takes: `s`, NUL-terminated, packed
/// four bytes a word, low byte first.
std::vector<uint32_t> literal(const std::string &s) {
  std::vector<uint32_t> words(s.size() / 4 + 1, 0);
  for (size_t i = 0; i < s.size(); ++i)
    words[i / 4] |= uint32_t(uint8_t(s[i])) << (8 * (i % 4));
  return words;
}

/// A module header and the instructions the verifier reads: entry points
/// "k0" (LocalSize 64 x 1 x 1) and "main" (no LocalSize), both GLCompute.
/// Not a complete module (no functions): the verifier is not a validator.
std::vector<uint32_t> tinySpirv() {
  std::vector<uint32_t> w = {0x07230203, 0x00010300, 0, 10, 0};
  w.insert(w.end(), {op(2, 17), 1});    // OpCapability Shader
  w.insert(w.end(), {op(3, 14), 0, 1}); // OpMemoryModel Logical GLSL450
  for (auto [id, name] : {std::pair<uint32_t, std::string>{1, "k0"},
                          std::pair<uint32_t, std::string>{2, "main"}}) {
    std::vector<uint32_t> text = literal(name);
    w.insert(w.end(), {op(3 + text.size(), 15), 5, id});
    w.insert(w.end(), text.begin(), text.end());
  }
  w.insert(w.end(), {op(6, 16), 1, 17, 64, 1, 1}); // LocalSize for %1
  return w;
}

/// makeArtifact()'s manifest with Vulkan code: kernel 0 ("k0") reads x and
/// writes y, kernel 1 ("main") writes w.
Artifact makeVulkanArtifact() {
  Artifact a = makeArtifact();
  a.device = "vulkan";
  a.cpu = CpuCode();
  VulkanCode &code = a.vulkan;
  code.requiredFeatures = kVulkanFloat16 | kVulkanStorage8Bit;
  code.requiredSubgroupSize = 32;
  code.modules = {tinySpirv()};
  code.kernels = {VulkanKernel{"k0", 0, {64, 1, 1}, 2, {0, 1}},
                  VulkanKernel{"main", 0, {8, 8, 1}, 1, {1}}};
  VulkanDispatch d0;
  d0.kernel = 0;
  d0.bindings = {{0, 32}, {192, 8}};
  VulkanDispatch d1;
  d1.kernel = 1;
  d1.bindings = {{64, 64}};
  code.dispatches = {d0, d1};
  return a;
}

TEST(VulkanArtifact, EntryPointIsPrintableAscii) {
  Artifact a = makeVulkanArtifact();
  a.vulkan.kernels[1].entryPoint = "main\x07";
  expectRejected(serializeArtifact(a), StatusCode::invalid_argument,
                 "vulkan kernel 1 entry point: byte 4 (0x07) is not "
                 "printable ASCII");
}

void expectVulkanEqual(const Artifact &a, const Artifact &b) {
  expectEqual(a, b);
  EXPECT_EQ(a.device, b.device);
  const VulkanCode &x = a.vulkan;
  const VulkanCode &y = b.vulkan;
  EXPECT_EQ(x.requiredFeatures, y.requiredFeatures);
  EXPECT_EQ(x.requiredSubgroupSize, y.requiredSubgroupSize);
  EXPECT_EQ(x.modules, y.modules);
  ASSERT_EQ(x.kernels.size(), y.kernels.size());
  for (size_t i = 0; i < x.kernels.size(); ++i) {
    EXPECT_EQ(x.kernels[i].entryPoint, y.kernels[i].entryPoint);
    EXPECT_EQ(x.kernels[i].workgroupSize, y.kernels[i].workgroupSize);
    EXPECT_EQ(x.kernels[i].bindingCount, y.kernels[i].bindingCount);
    EXPECT_EQ(x.kernels[i].written, y.kernels[i].written);
  }
  ASSERT_EQ(x.dispatches.size(), y.dispatches.size());
  for (size_t i = 0; i < x.dispatches.size(); ++i) {
    EXPECT_EQ(x.dispatches[i].kernel, y.dispatches[i].kernel);
    ASSERT_EQ(x.dispatches[i].bindings.size(), y.dispatches[i].bindings.size());
    for (size_t b = 0; b < x.dispatches[i].bindings.size(); ++b) {
      EXPECT_EQ(x.dispatches[i].bindings[b].offset,
                y.dispatches[i].bindings[b].offset);
      EXPECT_EQ(x.dispatches[i].bindings[b].size,
                y.dispatches[i].bindings[b].size);
    }
  }
}

/// Asserts that verifyVulkanCode refuses `a` with `fragment` (what the
/// loader checks in memory) and, when the artifact can be encoded as it is,
/// that the reader does too.
void expectVulkanRejected(const Artifact &a, const std::string &fragment,
                          bool encodable = true) {
  Status s = verifyVulkanCode(a.manifest, a.vulkan);
  ASSERT_FALSE(s.isOk()) << "accepted";
  EXPECT_EQ(s.code(), StatusCode::invalid_argument) << s.toString();
  EXPECT_NE(s.message().find(fragment), std::string::npos)
      << "message: " << s.message() << "\nexpected: " << fragment;
  if (encodable)
    expectManifestRejected(a, fragment);
}

/// Where the SPIR-V module's words start in `bytes` (its length field is
/// the 8 bytes before).
size_t spirvAt(const std::vector<uint8_t> &bytes) {
  const uint8_t magic[4] = {0x03, 0x02, 0x23, 0x07};
  auto it = std::search(bytes.begin(), bytes.end(), magic, magic + 4);
  EXPECT_NE(it, bytes.end());
  return static_cast<size_t>(it - bytes.begin());
}

TEST(VulkanArtifact, RoundTrip) {
  Artifact a = makeVulkanArtifact();
  std::vector<uint8_t> bytes = serializeArtifact(a);
  Expected<Artifact> b = decode(bytes);
  ASSERT_TRUE(b.isOk()) << b.status().toString();
  expectVulkanEqual(a, *b);
  EXPECT_EQ(serializeArtifact(*b), bytes);
  EXPECT_TRUE(verifyVulkanCode(a.manifest, a.vulkan).isOk());
}

// A graph without kernels (a reshape of an input) needs no module.
TEST(VulkanArtifact, NoKernelsNoModule) {
  Artifact a = makeVulkanArtifact();
  a.manifest.dispatches.clear();
  a.vulkan = VulkanCode();
  Expected<Artifact> b = decode(serializeArtifact(a));
  ASSERT_TRUE(b.isOk()) << b.status().toString();
  expectVulkanEqual(a, *b);
}

TEST(VulkanArtifact, EveryTruncation) {
  std::vector<uint8_t> bytes = serializeArtifact(makeVulkanArtifact());
  for (size_t len = 1; len < bytes.size(); ++len) {
    SCOPED_TRACE("length " + std::to_string(len));
    expectRejected(std::vector<uint8_t>(bytes.begin(), bytes.begin() + len),
                   StatusCode::data_loss, "truncated");
  }
}

TEST(VulkanArtifact, UnknownFeatureBits) {
  Artifact a = makeVulkanArtifact();
  a.vulkan.requiredFeatures = kVulkanFloat16 | (1u << 6);
  expectVulkanRejected(a, "vulkan required features 0x41 include unknown "
                          "bits 0x40 (known: 0x3f)");
}

TEST(VulkanArtifact, SpirvBytesNotWords) {
  std::vector<uint8_t> bytes = serializeArtifact(makeVulkanArtifact());
  size_t at = spirvAt(bytes);
  uint64_t length = tinySpirv().size() * 4;
  storeU64(bytes, at - 8, length - 1);
  reseal(bytes);
  expectRejected(bytes, StatusCode::invalid_argument,
                 "vulkan module 0: length " + std::to_string(length - 1) +
                     " is not a multiple of 4 bytes");
}

TEST(VulkanArtifact, SpirvHeader) {
  Artifact a = makeVulkanArtifact();
  a.vulkan.modules.clear();
  expectVulkanRejected(a, "vulkan kernel 0 ('k0'): module 0 does not exist "
                          "(there are 0)");
  a.vulkan.modules = {{0x07230203, 0x00010300, 0}};
  expectVulkanRejected(a, "vulkan module 0: SPIR-V module: 3 words is "
                          "shorter than the 5-word header");
  a.vulkan.modules = {tinySpirv()};
  a.vulkan.kernels[1].module = 1;
  expectVulkanRejected(a, "vulkan kernel 1 ('main'): module 1 does not "
                          "exist (there are 1)");
  a.vulkan.modules[0] = tinySpirv();
  a.vulkan.modules[0][0] = 0x03022307;
  expectVulkanRejected(a, "SPIR-V module: magic number 0x03022307 is not "
                          "0x07230203 (not SPIR-V, or in the other byte "
                          "order)");
}

TEST(VulkanArtifact, SpirvInstructions) {
  Artifact a = makeVulkanArtifact();
  size_t end = a.vulkan.modules[0].size();
  a.vulkan.modules[0].push_back(0);
  expectVulkanRejected(a, "SPIR-V module: instruction at word " +
                              std::to_string(end) +
                              " (opcode 0) has word count 0");
  a.vulkan.modules[0].back() = op(9, 1);
  expectVulkanRejected(a, "instruction at word " + std::to_string(end) +
                              " (opcode 1) has 9 words but only 1 remain in "
                              "the module");
  // An entry point whose name runs to the end of the instruction.
  a.vulkan.modules[0].back() = op(4, 15);
  a.vulkan.modules[0].insert(a.vulkan.modules[0].end(), {5, 3, 0x64636261});
  expectVulkanRejected(a, "OpEntryPoint at word " + std::to_string(end) +
                              ": its name is not NUL-terminated");
  a.vulkan.modules[0].resize(end);
  a.vulkan.modules[0].insert(a.vulkan.modules[0].end(), {op(3, 15), 5, 3});
  expectVulkanRejected(a, "OpEntryPoint at word " + std::to_string(end) +
                              " has 3 words (at least 4: model, id, name)");
}

TEST(VulkanArtifact, KernelRules) {
  Artifact a = makeVulkanArtifact();
  a.vulkan.kernels[0].entryPoint.clear();
  expectVulkanRejected(a, "vulkan kernel 0: empty entry point name");
  a = makeVulkanArtifact();
  a.vulkan.kernels[1].entryPoint = std::string("ma\0in", 5);
  expectVulkanRejected(a, "byte 2 (0x00) is not printable ASCII");
  a = makeVulkanArtifact();
  a.vulkan.kernels[1].workgroupSize = {8, 8, 0};
  expectVulkanRejected(a, "vulkan kernel 1 ('main'): workgroup size[2] is 0 "
                          "(must be >= 1)");
  a.vulkan.kernels[1].workgroupSize = {65536, 65536, 1};
  expectVulkanRejected(a, "vulkan kernel 1 ('main'): workgroup size [65536, "
                          "65536, 1] overflows u32");
  a = makeVulkanArtifact();
  a.vulkan.kernels[0].written = {1};
  // Not encodable: the flags are as many as the bindings in the format.
  expectVulkanRejected(a,
                       "vulkan kernel 0 ('k0'): 1 written flags for 2 "
                       "bindings",
                       /*encodable=*/false);
  a = makeVulkanArtifact();
  a.vulkan.kernels[0].written = {0, 2};
  expectVulkanRejected(a, "vulkan kernel 0 ('k0'): written flag of binding 1 "
                          "is 2 (must be 0 or 1)");
  a = makeVulkanArtifact();
  a.vulkan.kernels[0].entryPoint = "nope";
  expectVulkanRejected(a, "vulkan kernel 0 ('nope'): entry point 'nope' is "
                          "not a GLCompute entry point of SPIR-V module 0 "
                          "(it has: k0, main)");
  a = makeVulkanArtifact();
  a.vulkan.kernels[0].workgroupSize = {32, 2, 1};
  expectVulkanRejected(a, "vulkan kernel 0 ('k0'): workgroup size [32, 2, 1] "
                          "differs from the module's LocalSize [64, 1, 1]");
}

TEST(VulkanArtifact, DispatchRules) {
  Artifact a = makeVulkanArtifact();
  a.vulkan.dispatches.pop_back();
  expectVulkanRejected(a, "vulkan code has 1 dispatches but the manifest has "
                          "2");
  a = makeVulkanArtifact();
  a.vulkan.dispatches[1].kernel = 2;
  expectVulkanRejected(a, "vulkan dispatch 1: kernel 2 is out of range (2 "
                          "kernels)");
  a = makeVulkanArtifact();
  a.vulkan.dispatches[0].bindings.pop_back();
  expectVulkanRejected(a, "vulkan dispatch 0: 1 bindings but vulkan kernel 0 "
                          "('k0') has 2");
  a = makeVulkanArtifact();
  a.vulkan.dispatches[1].bindings[0].size = 0;
  expectVulkanRejected(a, "vulkan dispatch 1 binding 0: size 0 (a binding "
                          "sees at least one byte)");
}

// The bindings are the manifest's views, rounded up to whole words.
TEST(VulkanArtifact, BindingsAreTheManifestsViews) {
  Artifact a = makeVulkanArtifact();
  a.manifest.dispatches[1].views.push_back({128, 3});
  expectVulkanRejected(a, "vulkan dispatch 1: 1 bindings but manifest "
                          "dispatch 1 has 2 views");
  a = makeVulkanArtifact();
  a.manifest.dispatches[1].views[0] = {128, 64};
  expectVulkanRejected(a, "vulkan dispatch 1 binding 0: offset 64 size 64 does "
                          "not bind manifest view 0 (offset 128 size 64, "
                          "rounded up to whole words; one word if empty)");
  a = makeVulkanArtifact();
  a.manifest.dispatches[1].views[0] = {64, 32};
  expectVulkanRejected(a, "vulkan dispatch 1 binding 0: offset 64 size 64 does "
                          "not bind manifest view 0 (offset 64 size 32");
  // Rounding: 61..64 bytes bind as 64.
  for (uint64_t size : {61, 62, 63, 64}) {
    a.manifest.dispatches[1].views[0] = {64, size};
    EXPECT_TRUE(verifyVulkanCode(a.manifest, a.vulkan).isOk()) << size;
  }
  // An empty view (here at the arena's end) binds one word anywhere.
  a.manifest.dispatches[1].views[0] = {256, 0};
  a.vulkan.dispatches[1].bindings[0] = {0, 4};
  EXPECT_TRUE(verifyVulkanCode(a.manifest, a.vulkan).isOk());
  a.vulkan.dispatches[1].bindings[0] = {64, 4};
  EXPECT_TRUE(verifyVulkanCode(a.manifest, a.vulkan).isOk());
  a.vulkan.dispatches[1].bindings[0].size = 8;
  expectVulkanRejected(a, "does not bind manifest view 0");
}

TEST(VulkanArtifact, BindingOutsideArena) {
  Artifact a = makeVulkanArtifact();
  a.vulkan.dispatches[1].bindings[0] = {192, 128};
  expectVulkanRejected(a, "vulkan dispatch 1 binding 0: offset 192 + size "
                          "128 exceeds arena size 256");
  // offset + size would wrap around uint64.
  a.vulkan.dispatches[1].bindings[0] = {uint64_t(-64), 128};
  expectVulkanRejected(a, "vulkan dispatch 1 binding 0: offset "
                          "18446744073709551552 + size 128 exceeds arena "
                          "size 256");
  a.vulkan.dispatches[1].bindings[0] = {96, 32};
  expectVulkanRejected(a, "vulkan dispatch 1 binding 0: offset 96 is not a "
                          "multiple of the alignment 64");
}

TEST(VulkanArtifact, CountsBeyondPayload) {
  std::vector<uint8_t> bytes = serializeArtifact(makeVulkanArtifact());
  size_t kernelCount = spirvAt(bytes) + tinySpirv().size() * 4;
  storeU64(bytes, kernelCount, uint64_t(1) << 60);
  reseal(bytes);
  expectRejected(bytes, StatusCode::invalid_argument,
                 "vulkan kernel count 1152921504606846976 needs at least 28 "
                 "bytes each");
  // The module count, just before the first module's length.
  bytes = serializeArtifact(makeVulkanArtifact());
  storeU64(bytes, spirvAt(bytes) - 16, uint64_t(1) << 60);
  reseal(bytes);
  expectRejected(bytes, StatusCode::invalid_argument,
                 "vulkan module count 1152921504606846976 needs at least 8 "
                 "bytes each");
  // The last dispatch: u32 kernel | u32 binding count | one binding.
  bytes = serializeArtifact(makeVulkanArtifact());
  size_t bindingCount = bytes.size() - 16 - 4;
  for (int i = 0; i < 4; ++i)
    bytes[bindingCount + i] = 0xff;
  reseal(bytes);
  expectRejected(bytes, StatusCode::invalid_argument,
                 "vulkan dispatch 1: binding count 4294967295 needs "
                 "68719476720 bytes but only 16 remain in the payload");
}

TEST(VulkanArtifact, TrailingBytes) {
  std::vector<uint8_t> bytes = serializeArtifact(makeVulkanArtifact());
  bytes.push_back(0);
  storeU64(bytes, 8, bytes.size() - kArtifactHeaderSize);
  reseal(bytes);
  expectRejected(bytes, StatusCode::invalid_argument,
                 "1 unexpected bytes after the vulkan code");
}

TEST(VulkanArtifact, ResealedMutationsAreRejectedOrCanonical) {
  expectResealedMutationsRejectedOrCanonical(makeVulkanArtifact(), 54321);
}

/// A scratch directory, removed with whatever is left in it.
class ArtifactFile : public ::testing::Test {
protected:
  void SetUp() override {
    std::string tmpl = ::testing::TempDir() + "rlx-artifact-XXXXXX";
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    ASSERT_NE(mkdtemp(buf.data()), nullptr);
    dir = buf.data();
  }
  void TearDown() override {
    for (const std::string &name : list())
      std::remove((dir + "/" + name).c_str());
    rmdir(dir.c_str());
  }
  std::vector<std::string> list() {
    std::vector<std::string> names;
    if (DIR *d = opendir(dir.c_str())) {
      while (dirent *e = readdir(d))
        if (std::strcmp(e->d_name, ".") && std::strcmp(e->d_name, ".."))
          names.push_back(e->d_name);
      closedir(d);
    }
    return names;
  }
  std::string dir;
};

TEST_F(ArtifactFile, WriteThenRead) {
  std::string path = dir + "/model.rlxa";
  Artifact a = makeArtifact();
  ASSERT_TRUE(writeArtifactFile(a, path).isOk());
  // Overwriting goes through a fresh temporary too.
  a.manifest.name = "second";
  Status s = writeArtifactFile(a, path);
  ASSERT_TRUE(s.isOk()) << s.toString();
  Expected<Artifact> b = readArtifactFile(path);
  ASSERT_TRUE(b.isOk()) << b.status().toString();
  expectEqual(a, *b);
  // No temporary file is left behind.
  EXPECT_EQ(list(), std::vector<std::string>{"model.rlxa"});
}

TEST_F(ArtifactFile, MissingFile) {
  Expected<Artifact> r = readArtifactFile(dir + "/absent.rlxa");
  ASSERT_FALSE(r.isOk());
  EXPECT_EQ(r.status().code(), StatusCode::not_found);
  EXPECT_NE(r.status().message().find("absent.rlxa"), std::string::npos);
}

TEST_F(ArtifactFile, CorruptFileNamesThePath) {
  std::string path = dir + "/bad.rlxa";
  FILE *f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  std::fputs("RLXA", f);
  std::fclose(f);
  Expected<Artifact> r = readArtifactFile(path);
  ASSERT_FALSE(r.isOk());
  EXPECT_EQ(r.status().code(), StatusCode::data_loss);
  EXPECT_NE(r.status().message().find("bad.rlxa': truncated"),
            std::string::npos)
      << r.status().message();
}

TEST_F(ArtifactFile, WriteIntoMissingDirectory) {
  Status s = writeArtifactFile(makeArtifact(), dir + "/no/such/dir/a.rlxa");
  ASSERT_FALSE(s.isOk());
  EXPECT_EQ(s.code(), StatusCode::not_found);
  EXPECT_TRUE(list().empty());
}

} // namespace
