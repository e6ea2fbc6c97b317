//===- CpuExecutableTest.cpp - Load and run real object code through ORC --===//
//
// The kernels are test/Unit/Inputs/dispatch.c, compiled to an object file at
// build time (RLX_TEST_DISPATCH_OBJECT); the artifact around them is built
// by hand to match test/Unit/Inputs/DispatchLayout.h.
//
//===----------------------------------------------------------------------===//
#include "runtime/cpu/CpuExecutable.h"

#include "test/Unit/Inputs/DispatchLayout.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <thread>

using namespace rlx;
using namespace rlx::runtime;

namespace {

std::vector<uint8_t> readObject(const char *path = RLX_TEST_DISPATCH_OBJECT) {
  std::ifstream file(path, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(file), {});
}

Slot f32Slot(const char *name, SlotRole role, uint64_t offset) {
  Slot s;
  s.name = name;
  s.role = role;
  s.dtype = DType::f32;
  s.shape = {RLX_TEST_N};
  s.offset = offset;
  s.size = RLX_TEST_N * sizeof(float);
  return s;
}

float constantValue(int i) { return 0.25f * float(i % 17) - 2.0f; }

/// x -> y = 2x + bias -> e = exp(y), in three dispatches.
Artifact makeArtifact() {
  static const std::vector<uint8_t> object = readObject();
  Artifact a;
  Manifest &m = a.manifest;
  m.name = "double_add_exp";
  m.arenaSize = RLX_TEST_ARENA_SIZE;
  m.alignment = 64;
  Slot bias = f32Slot("bias", SlotRole::constant, RLX_TEST_CONSTANT_OFFSET);
  bias.data.resize(bias.size);
  for (int i = 0; i < RLX_TEST_N; ++i) {
    float v = constantValue(i);
    std::memcpy(bias.data.data() + i * sizeof(float), &v, sizeof(float));
  }
  m.slots = {f32Slot("x", SlotRole::input, RLX_TEST_INPUT_OFFSET), bias,
             f32Slot("y", SlotRole::output, RLX_TEST_OUTPUT_OFFSET),
             f32Slot("e", SlotRole::output, RLX_TEST_EXP_OFFSET)};
  // The symbols dispatch.c defines with RLX_DISPATCH_NAME(i).
  auto symbol = [](unsigned i) {
    return ::rlx::abi::dispatchSymbol("", i, false);
  };
  // Their views, as the footprints in dispatch.c say.
  auto view = [](uint64_t offset) {
    return ArenaRange{offset, RLX_TEST_N * sizeof(float)};
  };
  Dispatch d0{symbol(0), {RLX_TEST_N / RLX_TEST_CHUNK, 1, 1}, "scale"};
  d0.views = {view(RLX_TEST_INPUT_OFFSET), view(RLX_TEST_OUTPUT_OFFSET)};
  Dispatch d1{symbol(1), {RLX_TEST_N / RLX_TEST_CHUNK, 1, 1}, "bias"};
  d1.views = {view(RLX_TEST_CONSTANT_OFFSET), view(RLX_TEST_OUTPUT_OFFSET)};
  Dispatch d2{symbol(2), {2, 2, 2}, "exp"};
  d2.views = {view(RLX_TEST_OUTPUT_OFFSET), view(RLX_TEST_EXP_OFFSET)};
  m.dispatches = {d0, d1, d2};
  a.cpu.triple = llvm::sys::getProcessTriple();
  a.cpu.objects = {object};
  return a;
}

float *slotData(CpuExecutable &exe, uint64_t offset) {
  return reinterpret_cast<float *>(exe.arena() + offset);
}

float inputValue(int i, int seed) {
  return float((i * 7 + seed * 13) % 41 - 20) / 16.0f;
}

void writeInput(CpuExecutable &exe, int seed) {
  float *x = slotData(exe, RLX_TEST_INPUT_OFFSET);
  for (int i = 0; i < RLX_TEST_N; ++i)
    x[i] = inputValue(i, seed);
}

/// Checks y and e against a reference computed here with the same float
/// operations (and the same libm expf), so equality is exact.
void expectOutputs(CpuExecutable &exe, int seed) {
  const float *y = slotData(exe, RLX_TEST_OUTPUT_OFFSET);
  const float *e = slotData(exe, RLX_TEST_EXP_OFFSET);
  for (int i = 0; i < RLX_TEST_N; ++i) {
    float want = 2.0f * inputValue(i, seed);
    want += constantValue(i);
    ASSERT_EQ(y[i], want) << "y[" << i << "]";
    ASSERT_EQ(e[i], std::exp(want)) << "e[" << i << "]";
  }
}

std::unique_ptr<CpuExecutable> loadOrFail(const Artifact &a, ThreadPool *pool) {
  Expected<std::unique_ptr<CpuExecutable>> exe = CpuExecutable::load(a, pool);
  EXPECT_TRUE(exe.isOk()) << exe.status().toString();
  return exe.isOk() ? std::move(exe.value()) : nullptr;
}

/// Asserts that loading `a` fails with `code` and `fragment`, then that the
/// valid artifact still loads and runs correctly.
void expectLoadFails(const Artifact &a, StatusCode code,
                     const std::string &fragment) {
  Expected<std::unique_ptr<CpuExecutable>> exe =
      CpuExecutable::load(a, nullptr);
  ASSERT_FALSE(exe.isOk()) << "loaded; expected " << statusCodeName(code);
  EXPECT_EQ(exe.status().code(), code) << exe.status().toString();
  EXPECT_NE(exe.status().message().find(fragment), std::string::npos)
      << "message: " << exe.status().message() << "\nexpected: " << fragment;
  std::unique_ptr<CpuExecutable> good = loadOrFail(makeArtifact(), nullptr);
  ASSERT_TRUE(good);
  writeInput(*good, 1);
  ASSERT_TRUE(good->run().isOk());
  expectOutputs(*good, 1);
}

TEST(CpuExecutable, ObjectWasBuilt) {
  std::vector<uint8_t> object = readObject();
  ASSERT_GT(object.size(), 4u) << RLX_TEST_DISPATCH_OBJECT;
}

TEST(CpuExecutable, RunsInline) {
  std::unique_ptr<CpuExecutable> exe = loadOrFail(makeArtifact(), nullptr);
  ASSERT_TRUE(exe);
  EXPECT_EQ(exe->manifest().name, "double_add_exp");
  writeInput(*exe, 0);
  Status s = exe->run();
  ASSERT_TRUE(s.isOk()) << s.toString();
  expectOutputs(*exe, 0);
}

TEST(CpuExecutable, ArenaIsAlignedZeroedAndHoldsConstants) {
  Artifact a = makeArtifact();
  std::unique_ptr<CpuExecutable> exe = loadOrFail(a, nullptr);
  ASSERT_TRUE(exe);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(exe->arena()) % 64, 0u);
  const Slot &bias = a.manifest.slots[1];
  EXPECT_EQ(
      std::memcmp(exe->arena() + bias.offset, bias.data.data(), bias.size), 0);
  for (uint64_t i = RLX_TEST_OUTPUT_OFFSET; i < RLX_TEST_ARENA_SIZE; ++i)
    ASSERT_EQ(exe->arena()[i], 0) << "arena byte " << i;
}

TEST(CpuExecutable, SameBitsWithOneAndFourThreads) {
  Artifact a = makeArtifact();
  ThreadPool one(1);
  ThreadPool four(4);
  std::unique_ptr<CpuExecutable> serial = loadOrFail(a, &one);
  std::unique_ptr<CpuExecutable> parallel = loadOrFail(a, &four);
  ASSERT_TRUE(serial && parallel);
  for (int seed = 0; seed < 5; ++seed) {
    writeInput(*serial, seed);
    writeInput(*parallel, seed);
    ASSERT_TRUE(serial->run().isOk());
    ASSERT_TRUE(parallel->run().isOk());
    expectOutputs(*parallel, seed);
    EXPECT_EQ(
        std::memcmp(serial->arena(), parallel->arena(), RLX_TEST_ARENA_SIZE), 0)
        << "seed " << seed;
  }
}

TEST(CpuExecutable, RepeatedRunsAreIdentical) {
  ThreadPool pool(4);
  std::unique_ptr<CpuExecutable> exe = loadOrFail(makeArtifact(), &pool);
  ASSERT_TRUE(exe);
  writeInput(*exe, 3);
  ASSERT_TRUE(exe->run().isOk());
  std::vector<uint8_t> first(exe->arena(), exe->arena() + RLX_TEST_ARENA_SIZE);
  for (int i = 0; i < 20; ++i) {
    ASSERT_TRUE(exe->run().isOk());
    ASSERT_EQ(std::memcmp(first.data(), exe->arena(), first.size()), 0);
  }
}

TEST(CpuExecutable, OneExecutablePerThreadSharingAPool) {
  Artifact a = makeArtifact();
  ThreadPool pool(3);
  std::vector<std::unique_ptr<CpuExecutable>> exes;
  for (int t = 0; t < 4; ++t) {
    exes.push_back(loadOrFail(a, &pool));
    ASSERT_TRUE(exes.back());
  }
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int round = 0; round < 25; ++round) {
        int seed = t * 100 + round;
        writeInput(*exes[t], seed);
        if (!exes[t]->run().isOk())
          failures.fetch_add(1);
        const float *y = slotData(*exes[t], RLX_TEST_OUTPUT_OFFSET);
        for (int i = 0; i < RLX_TEST_N; ++i) {
          float want = 2.0f * inputValue(i, seed);
          want += constantValue(i);
          if (y[i] != want)
            failures.fetch_add(1);
        }
      }
    });
  }
  for (std::thread &t : threads)
    t.join();
  EXPECT_EQ(failures.load(), 0);
}

TEST(CpuExecutable, ConcurrentRunOnOneExecutableIsRefused) {
  Artifact a = makeArtifact();
  a.manifest.name = "gate";
  a.manifest.arenaSize = 64;
  a.manifest.slots.clear();
  a.manifest.dispatches = {Dispatch{"rlx_dispatch_gate", {1, 1, 1}, "gate"}};
  a.manifest.dispatches[0].views = {ArenaRange{0, 8}};
  std::unique_ptr<CpuExecutable> exe = loadOrFail(a, nullptr);
  ASSERT_TRUE(exe);
  int *entered = reinterpret_cast<int *>(exe->arena());
  int *release = reinterpret_cast<int *>(exe->arena() + 4);
  Status first;
  std::thread runner([&] { first = exe->run(); });
  while (!__atomic_load_n(entered, __ATOMIC_SEQ_CST))
    std::this_thread::yield();
  Status second = exe->run();
  __atomic_store_n(release, 1, __ATOMIC_SEQ_CST);
  runner.join();
  EXPECT_TRUE(first.isOk()) << first.toString();
  ASSERT_FALSE(second.isOk());
  EXPECT_EQ(second.code(), StatusCode::failed_precondition);
  EXPECT_NE(second.message().find("another run() on it is in progress"),
            std::string::npos)
      << second.message();
  // Once the first run is over, the executable runs again.
  EXPECT_TRUE(exe->run().isOk());
}

TEST(CpuExecutable, MissingSymbol) {
  Artifact a = makeArtifact();
  a.manifest.dispatches[1].symbol = "rlx_dispatch_9";
  expectLoadFails(a, StatusCode::invalid_argument,
                  "dispatch 1 ('rlx_dispatch_9'): the object code does not "
                  "define symbol 'rlx_dispatch_9'");
}

TEST(CpuExecutable, UndefinedExternalSymbol) {
  Artifact a = makeArtifact();
  a.cpu.objects = {readObject(RLX_TEST_UNDEFINED_OBJECT)};
  ASSERT_FALSE(a.cpu.objects[0].empty()) << RLX_TEST_UNDEFINED_OBJECT;
  a.manifest.dispatches = {Dispatch{"rlx_dispatch_0", {1, 1, 1}, "undefined"}};
  expectLoadFails(a, StatusCode::invalid_argument,
                  "dispatch 0 ('rlx_dispatch_0'): linking the object code "
                  "failed: undefined symbols: rlx_test_no_such_function");
}

//===----------------------------------------------------------------------===//
// What load promises (docs/CPUBackend.md): an edited manifest cannot make
// valid code call into the process or run past a buffer.
//===----------------------------------------------------------------------===//

// A dispatch symbol resolves only within the artifact's objects: process
// functions, those on the support allow-list too, are not found.
TEST(CpuExecutable, DispatchSymbolOfTheProcessIsRefused) {
  for (const char *symbol : {"abort", "puts", "system", "expf", "memcpy"}) {
    SCOPED_TRACE(symbol);
    Artifact a = makeArtifact();
    a.manifest.dispatches[1].symbol = symbol;
    std::string name = symbol;
    expectLoadFails(a, StatusCode::invalid_argument,
                    "dispatch 1 ('" + name +
                        "'): the object code does not define symbol '" + name +
                        "' (a dispatch runs a function of the artifact's own "
                        "code, never one of the process)");
  }
}

// A function the objects export that is not a dispatch (no footprint).
TEST(CpuExecutable, FunctionWithoutFootprintIsRefused) {
  Artifact a = makeArtifact();
  a.manifest.dispatches[0].symbol = "rlx_test_not_a_dispatch";
  expectLoadFails(a, StatusCode::invalid_argument,
                  "dispatch 0 ('rlx_test_not_a_dispatch'): the object code "
                  "exports no footprint 'rlx_test_not_a_dispatch_footprint' "
                  "for it");
}

// Data the objects define is never called.
TEST(CpuExecutable, DataSymbolIsRefused) {
  Artifact a = makeArtifact();
  a.manifest.dispatches[0].symbol = "rlx_dispatch_1_footprint";
  expectLoadFails(a, StatusCode::invalid_argument,
                  "dispatch 0 ('rlx_dispatch_1_footprint'): "
                  "'rlx_dispatch_1_footprint' is data in the object code, not "
                  "a function");
}

// Object code may call only the support functions: puts is in the process
// but not on the list, so the object does not link.
TEST(CpuExecutable, CallOutsideTheAllowListIsRefused) {
  Artifact a = makeArtifact();
  a.cpu.objects = {readObject(RLX_TEST_FORBIDDEN_OBJECT)};
  ASSERT_FALSE(a.cpu.objects[0].empty()) << RLX_TEST_FORBIDDEN_OBJECT;
  a.manifest.dispatches = {Dispatch{"rlx_dispatch_0", {1, 1, 1}, "forbidden"}};
  expectLoadFails(a, StatusCode::invalid_argument,
                  "dispatch 0 ('rlx_dispatch_0'): linking the object code "
                  "failed: undefined symbols: puts (object code may call only "
                  "its own functions and the runtime's support functions");
}

TEST(CpuExecutable, GridOtherThanTheCodesIsRefused) {
  Artifact a = makeArtifact();
  a.manifest.dispatches[0].grid = {8, 1, 1};
  expectLoadFails(a, StatusCode::invalid_argument,
                  "dispatch 0 ('rlx_dispatch_0'): the manifest's grid [8, 1, "
                  "1] differs from the grid [4, 1, 1] the code was compiled "
                  "for");
  a.manifest.dispatches[0].grid = {int64_t(1) << 40, 1, 1};
  expectLoadFails(a, StatusCode::invalid_argument,
                  "dispatch 0 ('rlx_dispatch_0'): grid [1099511627776, 1, 1] "
                  "has more than 2^31 (2147483648) points, the limit");
}

// The arena shrunk under the kernels: refused whether or not the views were
// edited along with it.
TEST(CpuExecutable, ArenaSmallerThanTheCodeTouchesIsRefused) {
  Artifact a = makeArtifact();
  a.manifest.arenaSize = RLX_TEST_EXP_OFFSET;
  a.manifest.slots.pop_back(); // 'e', the slot past the new end
  expectLoadFails(a, StatusCode::invalid_argument,
                  "dispatch 2 ('rlx_dispatch_2') view 1: offset 3072 + size "
                  "1024 exceeds arena size 3072");
  a.manifest.dispatches[2].views[1].offset = RLX_TEST_OUTPUT_OFFSET;
  expectLoadFails(a, StatusCode::invalid_argument,
                  "dispatch 2 ('rlx_dispatch_2'): view 1: the manifest says "
                  "offset 2048 size 1024, the code touches offset 3072 size "
                  "1024 of the arena");
}

TEST(CpuExecutable, ViewsOtherThanTheCodesAreRefused) {
  Artifact a = makeArtifact();
  a.manifest.dispatches[1].views.pop_back();
  expectLoadFails(a, StatusCode::invalid_argument,
                  "dispatch 1 ('rlx_dispatch_1'): the manifest lists 1 views, "
                  "the code was compiled for 2");
  a = makeArtifact();
  a.manifest.dispatches[1].views[1].size = 512;
  expectLoadFails(a, StatusCode::invalid_argument,
                  "dispatch 1 ('rlx_dispatch_1'): view 1: the manifest says "
                  "offset 2048 size 512, the code touches offset 2048 size "
                  "1024 of the arena");
}

// An input shrunk with its shape: callers would pass a buffer of the new
// size, which the code reads past.
TEST(CpuExecutable, InputSmallerThanTheCodeReadsIsRefused) {
  Artifact a = makeArtifact();
  Slot &x = a.manifest.slots[0];
  x.shape = {RLX_TEST_N / 2};
  x.size /= 2;
  a.manifest.dispatches[0].views[0].size = x.size;
  expectLoadFails(a, StatusCode::invalid_argument,
                  "dispatch 0 ('rlx_dispatch_0'): view 0: the manifest says "
                  "offset 0 size 512, the code reads offset 0 size 1024 of "
                  "input 'x' (table slot 0), which holds 512 bytes");
  // Its size alone edited: the manifest disagrees with itself.
  a = makeArtifact();
  a.manifest.slots[0].size = 512;
  expectLoadFails(a, StatusCode::invalid_argument,
                  "slot 0 ('x'): size 512 != 1024 bytes of f32[256]");
}

// The code reads input 0 from the caller's buffer; a manifest without that
// input would hand it a table too short.
TEST(CpuExecutable, InputTheCodeReadsIsRequired) {
  Artifact a = makeArtifact();
  a.manifest.slots[0].role = SlotRole::output;
  expectLoadFails(a, StatusCode::invalid_argument,
                  "dispatch 0 ('rlx_dispatch_0'): view 0: the manifest says "
                  "offset 0 size 1024, the code reads table slot 0 and the "
                  "manifest has 0 inputs and params");
}

TEST(CpuExecutable, OverlappingSlotsAreRefused) {
  Artifact a = makeArtifact();
  a.manifest.slots[2].offset = RLX_TEST_CONSTANT_OFFSET;
  expectLoadFails(a, StatusCode::invalid_argument,
                  "slot 2 ('y'): bytes [1024, 2048) overlap slot 1 ('bias') "
                  "at [1024, 2048)");
}

TEST(CpuExecutable, MissingCpuFeature) {
  Artifact a = makeArtifact();
  a.cpu.cpuFeatures = "+fake-feature";
  expectLoadFails(a, StatusCode::incompatible,
                  "host CPU lacks feature 'fake-feature'");
}

TEST(CpuExecutable, HostFeaturesAndDisabledFeaturesAreAccepted) {
  llvm::StringMap<bool> host = llvm::sys::getHostCPUFeatures();
  std::string features;
  for (const auto &entry : host)
    if (entry.second) {
      features = "+" + entry.getKey().str();
      break;
    }
  if (features.empty())
    GTEST_SKIP() << "host CPU features are not detectable here";
  Artifact a = makeArtifact();
  // "-" entries say what the code avoids; they ask nothing of the host.
  a.cpu.cpuFeatures = features + ",-fake-feature";
  std::unique_ptr<CpuExecutable> exe = loadOrFail(a, nullptr);
  ASSERT_TRUE(exe);
  writeInput(*exe, 2);
  ASSERT_TRUE(exe->run().isOk());
  expectOutputs(*exe, 2);
}

TEST(CpuExecutable, MalformedFeatureEntry) {
  Artifact a = makeArtifact();
  a.cpu.cpuFeatures = "avx2";
  expectLoadFails(a, StatusCode::invalid_argument, "CPU feature entry 'avx2'");
}

TEST(CpuExecutable, ForeignTriple) {
  Artifact a = makeArtifact();
  llvm::Triple host(llvm::sys::getProcessTriple());
  a.cpu.triple = host.getArch() == llvm::Triple::x86_64
                     ? "aarch64-unknown-linux-gnu"
                     : "x86_64-unknown-linux-gnu";
  expectLoadFails(a, StatusCode::incompatible,
                  "artifact was compiled for architecture");
}

TEST(CpuExecutable, ForeignOS) {
  Artifact a = makeArtifact();
  llvm::Triple t(llvm::sys::getProcessTriple());
  t.setOS(t.getOS() == llvm::Triple::Win32 ? llvm::Triple::Linux
                                           : llvm::Triple::Win32);
  a.cpu.triple = t.str();
  expectLoadFails(a, StatusCode::incompatible, "artifact was compiled for OS");
}

TEST(CpuExecutable, EquivalentTripleIsAccepted) {
  Artifact a = makeArtifact();
  llvm::Triple t(llvm::sys::getProcessTriple());
  t.setVendor(llvm::Triple::UnknownVendor);
  a.cpu.triple = t.str();
  EXPECT_TRUE(loadOrFail(a, nullptr));
}

TEST(CpuExecutable, EmptyTriple) {
  Artifact a = makeArtifact();
  a.cpu.triple.clear();
  expectLoadFails(a, StatusCode::incompatible, "artifact names no target");
}

TEST(CpuExecutable, GarbageObjectCode) {
  Artifact a = makeArtifact();
  // The second of two: the first (good) one does not mask it.
  a.cpu.objects.push_back({'n', 'o', 't', ' ', 'a', 'n', ' ', 'E', 'L', 'F'});
  expectLoadFails(a, StatusCode::invalid_argument,
                  "object code 1 cannot be loaded");
}

TEST(CpuExecutable, TruncatedObjectCode) {
  Artifact a = makeArtifact();
  a.cpu.objects[0].resize(a.cpu.objects[0].size() / 2);
  Expected<std::unique_ptr<CpuExecutable>> exe =
      CpuExecutable::load(a, nullptr);
  ASSERT_FALSE(exe.isOk());
  EXPECT_EQ(exe.status().code(), StatusCode::invalid_argument)
      << exe.status().toString();
}

TEST(CpuExecutable, DispatchesWithoutObjectCode) {
  Artifact a = makeArtifact();
  a.cpu.objects.clear();
  expectLoadFails(a, StatusCode::invalid_argument,
                  "has 3 dispatches but no object code");
  a.cpu.objects = {{}, {}};
  expectLoadFails(a, StatusCode::invalid_argument,
                  "has 3 dispatches but no object code");
}

TEST(CpuExecutable, InvalidManifest) {
  Artifact a = makeArtifact();
  a.manifest.slots[2].offset = RLX_TEST_ARENA_SIZE;
  expectLoadFails(a, StatusCode::invalid_argument,
                  "slot 2 ('y'): offset 4096 + size 1024 exceeds arena size");
}

// Under AddressSanitizer this needs ASAN_OPTIONS=allocator_may_return_null=1,
// else ASan aborts on the 4 EiB request instead of returning null.
TEST(CpuExecutable, ArenaTooLarge) {
  Artifact a;
  a.manifest.name = "huge";
  a.cpu.triple = llvm::sys::getProcessTriple();
  a.manifest.arenaSize = uint64_t(1) << 62;
  expectLoadFails(a, StatusCode::resource_exhausted,
                  "cannot allocate the arena");
  a.manifest.arenaSize = UINT64_MAX;
  expectLoadFails(a, StatusCode::resource_exhausted,
                  "exceeds the address space");
}

TEST(CpuExecutable, ThroughArtifactBytes) {
  Expected<Artifact> a = [] {
    std::vector<uint8_t> bytes = serializeArtifact(makeArtifact());
    return deserializeArtifact(bytes.data(), bytes.size());
  }();
  ASSERT_TRUE(a.isOk()) << a.status().toString();
  std::unique_ptr<CpuExecutable> exe = loadOrFail(*a, nullptr);
  ASSERT_TRUE(exe);
  writeInput(*exe, 4);
  ASSERT_TRUE(exe->run().isOk());
  expectOutputs(*exe, 4);
}

} // namespace
