//===- AotCacheTest.cpp - The on-disk AOT cache ---------------------------===//
//
// Hits, misses and what the key covers; refused directories and secrets;
// every kind of bad entry (damaged, truncated, another key's, another
// secret's, another version's, another device's) being a warned miss that
// the compile replaces; LRU eviction; threads sharing one cache; and random
// corruption with every run still exact. The model is a small linear layer
// with exact expected values (docs/Caching.md).
//
//===----------------------------------------------------------------------===//
#include "rlx/AotCache.h"
#include "api/CacheEntry.h"
#include "rlx/Session.h"
#include "rlx/Version.h"
#include "runtime/Artifact.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

constexpr const char *kModel = R"(
func.func @linear(%x: tensor<2x3xf32> {hir.name = "x"})
    -> (tensor<2x2xf32> {hir.name = "y"}) {
  %w = hir.param "w" : tensor<3x2xf32>
  %b = hir.param "b" : tensor<2xf32>
  %y = hir.linear %x, %w, %b : (tensor<2x3xf32>, tensor<3x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}
)";
const std::vector<float> kX = {1, 2, 3, 4, 5, 6};
const std::vector<float> kW = {1, 0, 0, 1, 1, -1};
const std::vector<float> kB = {0.5f, 0.5f};
/// x·w + b = [[4.5, -0.5], [10.5, -0.5]].
const std::vector<float> kY = {4.5f, -0.5f, 10.5f, -0.5f};

/// A fresh directory under the test's temporary directory.
std::string freshDir(const std::string &name) {
  fs::path dir = fs::temp_directory_path() /
                 ("rlx-aot-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  ::chmod(dir.c_str(), 0700);
  return dir.string();
}

std::shared_ptr<rlx::AotCache> openCache(const std::string &root,
                                         rlx::AotCacheOptions options = {}) {
  auto cache = rlx::AotCache::open(root, options);
  EXPECT_TRUE(cache.isOk()) << cache.status().toString();
  return cache.isOk() ? *cache : nullptr;
}

/// What one compile through a fresh Session did: the outputs for kX (with
/// `w` as given) and the warnings it logged.
struct Compiled {
  bool ok = false;
  std::string error;
  std::vector<float> y;
  std::vector<std::string> warnings;
};

Compiled compileAndRun(const std::shared_ptr<rlx::AotCache> &cache,
                       rlx::CompileOptions options = {},
                       const std::string &text = kModel,
                       const std::vector<float> &w = kW,
                       rlx::Device device = rlx::Device::cpu) {
  Compiled out;
  rlx::Session session(device);
  session.setCache(cache);
  session.setLogHandler([&](rlx::LogLevel level, const std::string &msg) {
    if (level == rlx::LogLevel::warning)
      out.warnings.push_back(msg);
  });
  auto graph = session.compileWith(text, options);
  if (!graph) {
    out.error = graph.status().toString();
    return out;
  }
  EXPECT_TRUE(graph->setParam("w", w.data(), w.size()).isOk());
  EXPECT_TRUE(graph->setParam("b", kB.data(), kB.size()).isOk());
  auto ran = graph->run(
      {rlx::NamedInput::of("x", rlx::TensorView::of(kX.data(), {2, 3}))});
  if (!ran) {
    out.error = ran.status().toString();
    return out;
  }
  const float *y = (*ran)[0].floats();
  out.y.assign(y, y + 4);
  out.ok = true;
  return out;
}

/// The one entry file in the cache's directory.
std::string onlyEntry(const rlx::AotCache &cache) {
  std::string found;
  int count = 0;
  for (const auto &e : fs::directory_iterator(cache.directory()))
    if (e.path().extension() == ".rlxc") {
      found = e.path().string();
      ++count;
    }
  EXPECT_EQ(count, 1);
  return found;
}

std::vector<uint8_t> readBytes(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

void writeBytes(const std::string &path, const std::vector<uint8_t> &bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char *>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
}

rlx::cache::Secret secretOf(const rlx::AotCache &cache) {
  std::vector<uint8_t> bytes = readBytes(cache.directory() + "/secret");
  rlx::cache::Secret secret{};
  EXPECT_EQ(bytes.size(), secret.size());
  std::copy(bytes.begin(), bytes.end(), secret.begin());
  return secret;
}

/// The key an entry file is named for.
rlx::cache::Digest keyOf(const std::string &entryPath) {
  std::vector<uint8_t> bytes = readBytes(entryPath);
  rlx::cache::Digest key{};
  std::copy(bytes.begin() + 8, bytes.begin() + 40, key.begin());
  return key;
}

/// Checks that a compile with `cache` warns once, recompiles to the exact
/// result, and leaves an entry the next compile hits.
void expectRejectedThenReplaced(const std::shared_ptr<rlx::AotCache> &cache,
                                const std::string &why) {
  rlx::AotCacheStats before = cache->stats();
  Compiled again = compileAndRun(cache);
  ASSERT_TRUE(again.ok) << again.error;
  EXPECT_EQ(again.y, kY);
  ASSERT_EQ(again.warnings.size(), 1u);
  EXPECT_NE(again.warnings[0].find("rejected"), std::string::npos)
      << again.warnings[0];
  EXPECT_NE(again.warnings[0].find(why), std::string::npos)
      << again.warnings[0];
  rlx::AotCacheStats after = cache->stats();
  EXPECT_EQ(after.rejected, before.rejected + 1);
  EXPECT_EQ(after.hits, before.hits);
  EXPECT_EQ(after.stores, before.stores + 1);
  Compiled hit = compileAndRun(cache);
  EXPECT_TRUE(hit.warnings.empty());
  EXPECT_EQ(hit.y, kY);
  EXPECT_EQ(cache->stats().hits, after.hits + 1);
}

TEST(AotCache, SecondCompileIsAHit) {
  auto cache = openCache(freshDir("hit"));
  ASSERT_TRUE(cache);
  Compiled first = compileAndRun(cache);
  ASSERT_TRUE(first.ok) << first.error;
  EXPECT_EQ(first.y, kY);
  EXPECT_EQ(cache->stats().misses, 1u);
  EXPECT_EQ(cache->stats().stores, 1u);
  EXPECT_EQ(cache->entryCount(), 1u);

  Compiled second = compileAndRun(cache);
  ASSERT_TRUE(second.ok) << second.error;
  EXPECT_EQ(second.y, kY);
  EXPECT_TRUE(second.warnings.empty());
  EXPECT_EQ(cache->stats().hits, 1u);
  EXPECT_EQ(cache->stats().stores, 1u);

  // Another process's view: a new AotCache on the same directory.
  auto other = openCache(fs::path(cache->directory()).parent_path());
  ASSERT_TRUE(compileAndRun(other).ok);
  EXPECT_EQ(other->stats().hits, 1u);
}

TEST(AotCache, DirectoryAndSecretArePrivate) {
  std::string root = freshDir("modes");
  auto cache = openCache(root);
  ASSERT_TRUE(cache);
  struct stat st;
  ASSERT_EQ(::stat(cache->directory().c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
  ASSERT_EQ(::stat((cache->directory() + "/secret").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  EXPECT_EQ(st.st_size, 32);
}

TEST(AotCache, KeyCoversWhatChangesTheCode) {
  auto cache = openCache(freshDir("key"));
  ASSERT_TRUE(cache);
  ASSERT_TRUE(compileAndRun(cache).ok);
  // Not in the key: threads (a load option) and the weights.
  rlx::CompileOptions threads;
  threads.threads = 1;
  ASSERT_TRUE(compileAndRun(cache, threads).ok);
  std::vector<float> otherW = {2, 0, 0, 2, 2, -2};
  Compiled reweighted = compileAndRun(cache, {}, kModel, otherW);
  ASSERT_TRUE(reweighted.ok);
  EXPECT_EQ(reweighted.y, (std::vector<float>{8.5f, -1.5f, 20.5f, -1.5f}));
  EXPECT_EQ(cache->stats().hits, 2u);
  EXPECT_EQ(cache->entryCount(), 1u);

  // In the key: each of these is a miss and an entry of its own.
  rlx::CompileOptions noFuse;
  noFuse.fuse = false;
  rlx::CompileOptions aligned;
  aligned.arenaAlignment = 128;
  rlx::CompileOptions noFold;
  noFold.foldConstants = false;
  std::string renamed = kModel;
  renamed.replace(renamed.find("@linear"), 7, "@linear2");
  for (auto [options, text] :
       {std::make_pair(noFuse, std::string(kModel)),
        std::make_pair(aligned, std::string(kModel)),
        std::make_pair(noFold, std::string(kModel)),
        std::make_pair(rlx::CompileOptions(), renamed)}) {
    Compiled c = compileAndRun(cache, options, text);
    ASSERT_TRUE(c.ok) << c.error;
    EXPECT_EQ(c.y, kY);
  }
  EXPECT_EQ(cache->stats().hits, 2u);
  EXPECT_EQ(cache->entryCount(), 5u);

  // Reports and IR dumps come only from a real compile: no lookup, no store.
  rlx::CompileOptions report;
  report.report = true;
  ASSERT_TRUE(compileAndRun(cache, report).ok);
  EXPECT_EQ(cache->stats().hits, 2u);
  EXPECT_EQ(cache->stats().stores, 5u);
}

TEST(AotCache, GraphsAreCachedToo) {
  auto cache = openCache(freshDir("graph"));
  ASSERT_TRUE(cache);
  auto build = [] {
    rlx::Graph g;
    rlx::Tensor x = g.input("x", rlx::DType::f32, {2, 3});
    rlx::Tensor w = g.param("w", rlx::DType::f32, {3, 2});
    rlx::Tensor b = g.param("b", rlx::DType::f32, {2});
    g.setOutputs({{"y", g.linear(x, w, b)}});
    return g;
  };
  for (int i = 0; i < 2; ++i) {
    rlx::Session session;
    session.setCache(cache);
    auto graph = session.compileWith(build(), {});
    ASSERT_TRUE(graph.isOk()) << graph.status().toString();
    ASSERT_TRUE(graph->setParam("w", kW.data(), kW.size()).isOk());
    ASSERT_TRUE(graph->setParam("b", kB.data(), kB.size()).isOk());
    auto ran = graph->run(
        {rlx::NamedInput::of("x", rlx::TensorView::of(kX.data(), {2, 3}))});
    ASSERT_TRUE(ran.isOk());
    const float *y = (*ran)[0].floats();
    EXPECT_EQ(std::vector<float>(y, y + 4), kY);
  }
  EXPECT_EQ(cache->stats().hits, 1u);
  EXPECT_EQ(cache->stats().misses, 1u);
}

TEST(AotCache, RefusesDirectoriesOthersMayWrite) {
  std::string root = freshDir("open");
  ::chmod(root.c_str(), 0777);
  auto open = rlx::AotCache::open(root);
  ASSERT_FALSE(open.isOk());
  EXPECT_EQ(open.status().code(), rlx::StatusCode::failed_precondition);
  EXPECT_NE(open.status().message().find("writable by group or others"),
            std::string::npos)
      << open.status().message();

  ::chmod(root.c_str(), 0700);
  ASSERT_TRUE(rlx::AotCache::open(root).isOk());
  ::chmod((root + "/aot").c_str(), 0770);
  open = rlx::AotCache::open(root);
  ASSERT_FALSE(open.isOk());
  EXPECT_NE(open.status().message().find(root + "/aot"), std::string::npos);
  ::chmod((root + "/aot").c_str(), 0700);

  ::chmod((root + "/aot/secret").c_str(), 0644);
  open = rlx::AotCache::open(root);
  ASSERT_FALSE(open.isOk());
  EXPECT_NE(open.status().message().find("cache secret"), std::string::npos);
  ::chmod((root + "/aot/secret").c_str(), 0600);
  writeBytes(root + "/aot/secret", {1, 2, 3});
  open = rlx::AotCache::open(root);
  ASSERT_FALSE(open.isOk());
  EXPECT_NE(open.status().message().find("holds 3 bytes"), std::string::npos);

  std::string file = freshDir("file") + "/plain";
  writeBytes(file, {1});
  open = rlx::AotCache::open(file);
  ASSERT_FALSE(open.isOk());
  rlx::AotCacheOptions zero;
  zero.maxBytes = 0;
  EXPECT_EQ(rlx::AotCache::open(root, zero).status().code(),
            rlx::StatusCode::invalid_argument);
}

TEST(AotCache, DamagedEntriesAreWarnedMissesAndReplaced) {
  auto cache = openCache(freshDir("damaged"));
  ASSERT_TRUE(cache);
  ASSERT_TRUE(compileAndRun(cache).ok);
  std::string entry = onlyEntry(*cache);
  std::vector<uint8_t> good = readBytes(entry);

  // One payload byte flipped.
  std::vector<uint8_t> flipped = good;
  flipped[good.size() / 2] ^= 0x40;
  writeBytes(entry, flipped);
  expectRejectedThenReplaced(cache, "MAC mismatch");

  // Truncated: inside the payload, inside the header, empty.
  for (size_t size : {good.size() - 1, size_t(40), size_t(0)}) {
    writeBytes(entry, std::vector<uint8_t>(good.begin(), good.begin() + size));
    expectRejectedThenReplaced(cache, "truncated");
  }
  // A byte appended; a bad magic.
  std::vector<uint8_t> longer = good;
  longer.push_back(0);
  writeBytes(entry, longer);
  expectRejectedThenReplaced(cache, "trailing bytes");
  std::vector<uint8_t> magic = good;
  magic[0] = 'X';
  writeBytes(entry, magic);
  expectRejectedThenReplaced(cache, "bad magic");
}

TEST(AotCache, ForeignEntriesAreMisses) {
  auto cache = openCache(freshDir("foreign"));
  ASSERT_TRUE(cache);
  ASSERT_TRUE(compileAndRun(cache).ok);
  std::string entry = onlyEntry(*cache);
  std::vector<uint8_t> good = readBytes(entry);
  rlx::cache::Digest key = keyOf(entry);
  std::vector<uint8_t> artifact(good.begin() + rlx::cache::kEntryHeaderBytes,
                                good.end());

  // Sealed with someone else's secret.
  rlx::cache::Secret stranger{};
  stranger[0] = 7;
  writeBytes(entry, rlx::cache::encodeEntry(stranger, key, artifact));
  expectRejectedThenReplaced(cache, "MAC mismatch");

  // Another key's entry under this key's name.
  rlx::cache::Digest otherKey = key;
  otherKey[5] ^= 1;
  writeBytes(entry,
             rlx::cache::encodeEntry(secretOf(*cache), otherKey, artifact));
  expectRejectedThenReplaced(cache, "another key");

  // Another entry format version (sealed properly).
  std::vector<uint8_t> versioned =
      rlx::cache::encodeEntry(secretOf(*cache), key, artifact);
  versioned[4] = 99;
  writeBytes(entry, versioned);
  expectRejectedThenReplaced(cache, "cache entry format 99");

  // A properly sealed artifact of another artifact format version.
  std::vector<uint8_t> oldArtifact = artifact;
  oldArtifact[4] = static_cast<uint8_t>(rlx::artifactFormatVersion() - 1);
  writeBytes(entry,
             rlx::cache::encodeEntry(secretOf(*cache), key, oldArtifact));
  expectRejectedThenReplaced(cache, "incompatible");
}

#ifdef RLX_HAVE_VULKAN
TEST(AotCache, AnotherDevicesCodeIsAMiss) {
  if (!rlx::isAvailable(rlx::Device::vulkan))
    GTEST_SKIP() << "no Vulkan device";
  auto cache = openCache(freshDir("device"));
  ASSERT_TRUE(cache);
  // The Vulkan artifact of the model, sealed under the CPU compile's key:
  // what a key that failed to cover the target would let through.
  Compiled gpu = compileAndRun(cache, {}, kModel, kW, rlx::Device::vulkan);
  ASSERT_TRUE(gpu.ok) << gpu.error;
  std::string vulkanEntry = onlyEntry(*cache);
  std::vector<uint8_t> vulkanBytes = readBytes(vulkanEntry);
  ASSERT_TRUE(compileAndRun(cache).ok);
  EXPECT_EQ(cache->entryCount(), 2u);
  std::string cpuEntry;
  for (const auto &e : fs::directory_iterator(cache->directory()))
    if (e.path().extension() == ".rlxc" && e.path() != vulkanEntry)
      cpuEntry = e.path().string();
  std::vector<uint8_t> artifact(
      vulkanBytes.begin() + rlx::cache::kEntryHeaderBytes, vulkanBytes.end());
  writeBytes(cpuEntry, rlx::cache::encodeEntry(secretOf(*cache),
                                               keyOf(cpuEntry), artifact));
  expectRejectedThenReplaced(cache, "incompatible");
}
#endif

TEST(AotCache, EvictsTheLeastRecentlyUsed) {
  std::string root = freshDir("lru");
  auto probe = openCache(root);
  ASSERT_TRUE(probe);
  ASSERT_TRUE(compileAndRun(probe).ok);
  uint64_t entryBytes = probe->totalBytes();
  ASSERT_TRUE(probe->clear().isOk());
  EXPECT_EQ(probe->entryCount(), 0u);

  // Room for two entries of about this size.
  rlx::AotCacheOptions options;
  options.maxBytes = entryBytes * 5 / 2;
  auto cache = openCache(root, options);
  auto variant = [](int i) {
    std::string text = kModel;
    text.replace(text.find("@linear"), 7, "@linear" + std::to_string(i));
    return text;
  };
  auto pause = [] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  };
  ASSERT_TRUE(compileAndRun(cache, {}, variant(1)).ok);
  pause();
  ASSERT_TRUE(compileAndRun(cache, {}, variant(2)).ok);
  pause();
  ASSERT_TRUE(compileAndRun(cache, {}, variant(1)).ok); // 1 used again
  EXPECT_EQ(cache->stats().hits, 1u);
  pause();
  ASSERT_TRUE(compileAndRun(cache, {}, variant(3)).ok); // evicts 2
  EXPECT_EQ(cache->stats().evictions, 1u);
  EXPECT_EQ(cache->entryCount(), 2u);
  EXPECT_LE(cache->totalBytes(), options.maxBytes);
  ASSERT_TRUE(compileAndRun(cache, {}, variant(1)).ok);
  ASSERT_TRUE(compileAndRun(cache, {}, variant(3)).ok);
  EXPECT_EQ(cache->stats().hits, 3u);
  ASSERT_TRUE(compileAndRun(cache, {}, variant(2)).ok);
  EXPECT_EQ(cache->stats().hits, 3u);

  // An entry larger than the cap is not kept.
  rlx::AotCacheOptions tiny;
  tiny.maxBytes = 100;
  auto small = openCache(freshDir("tiny"), tiny);
  ASSERT_TRUE(compileAndRun(small).ok);
  EXPECT_EQ(small->entryCount(), 0u);
  EXPECT_EQ(small->stats().stores, 0u);
}

TEST(AotCache, ThreadsShareOneCache) {
  auto cache = openCache(freshDir("threads"));
  ASSERT_TRUE(cache);
  std::vector<Compiled> results(4);
  std::vector<std::thread> threads;
  for (Compiled &r : results)
    threads.emplace_back([&r, cache] { r = compileAndRun(cache); });
  for (std::thread &t : threads)
    t.join();
  for (const Compiled &r : results) {
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.y, kY);
    EXPECT_TRUE(r.warnings.empty());
  }
  EXPECT_EQ(cache->entryCount(), 1u);
  EXPECT_EQ(cache->stats().hits + cache->stats().misses, 4u);
  ASSERT_TRUE(compileAndRun(cache).ok);
  EXPECT_GE(cache->stats().hits, 1u);
}

/// Random damage at random offsets: every compile still gives the exact
/// result, and the cache always ends with one valid entry.
TEST(AotCache, RandomCorruptionNeverChangesAResult) {
  auto cache = openCache(freshDir("fuzz"));
  ASSERT_TRUE(cache);
  ASSERT_TRUE(compileAndRun(cache).ok);
  std::string entry = onlyEntry(*cache);
  std::mt19937 rng(2026);
  int rejected = 0;
  for (int round = 0; round < 60; ++round) {
    std::vector<uint8_t> bytes = readBytes(entry);
    ASSERT_FALSE(bytes.empty());
    switch (round % 4) {
    case 0: // flip bits at 1-4 random offsets
      for (int n = 1 + rng() % 4; n > 0; --n)
        bytes[rng() % bytes.size()] ^= static_cast<uint8_t>(1 + rng() % 255);
      break;
    case 1: // truncate at a random offset
      bytes.resize(rng() % bytes.size());
      break;
    case 2: // random bytes appended
      for (int n = 1 + rng() % 64; n > 0; --n)
        bytes.push_back(static_cast<uint8_t>(rng()));
      break;
    case 3: // overwrite a random range with random bytes
      for (size_t at = rng() % bytes.size(), n = 1 + rng() % 32;
           n > 0 && at < bytes.size(); --n, ++at)
        bytes[at] = static_cast<uint8_t>(rng());
      break;
    }
    writeBytes(entry, bytes);
    Compiled c = compileAndRun(cache);
    ASSERT_TRUE(c.ok) << "round " << round << ": " << c.error;
    ASSERT_EQ(c.y, kY) << "round " << round;
    rejected += static_cast<int>(c.warnings.size());
  }
  EXPECT_EQ(static_cast<uint64_t>(rejected), cache->stats().rejected);
  EXPECT_GE(rejected, 55); // a change that leaves the bytes equal is rare
  Compiled hit = compileAndRun(cache);
  EXPECT_TRUE(hit.warnings.empty());
  EXPECT_EQ(hit.y, kY);
}

} // namespace
