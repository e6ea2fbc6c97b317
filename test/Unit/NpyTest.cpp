//===- NpyTest.cpp - The .npy decoder on valid and hostile bytes ----------===//
#include "runtime/Npy.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdint>
#include <cstdio>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <string>
#include <vector>

namespace {

/// A version 1 .npy with `dict` as its header and `data` after it.
std::vector<uint8_t> npyBytes(const std::string &dict,
                              const std::vector<uint8_t> &data = {}) {
  std::string header = dict;
  header.append((64 - (10 + header.size() + 1) % 64) % 64, ' ');
  header += '\n';
  std::string bytes = "\x93NUMPY";
  bytes += '\x01';
  bytes += '\x00';
  bytes += static_cast<char>(header.size() & 0xff);
  bytes += static_cast<char>(header.size() >> 8);
  bytes += header;
  std::vector<uint8_t> out(bytes.begin(), bytes.end());
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

TEST(Npy, ParsesShapeDtypeAndData) {
  std::vector<uint8_t> bytes =
      npyBytes("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 1), }",
               {1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff});
  rlx::Expected<rlx::npy::Array> array =
      rlx::npy::parse(bytes.data(), bytes.size());
  ASSERT_TRUE(array.isOk()) << array.status().toString();
  EXPECT_EQ(array->dtype, rlx::DType::i32);
  EXPECT_EQ(array->shape, (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(array->bytes.size(), 8u);
}

// Found by rlx-fuzz-npy: 2^62 f4 elements are 2^64 bytes, which wrapped to
// 0, so a file with no data was accepted with that shape
// (test/Fuzz/corpus/npy/regress-byte-size-wraps.npy).
TEST(Npy, ByteSizeThatOverflowsIsRefused) {
  std::vector<uint8_t> bytes =
      npyBytes("{'descr': '<f4', 'fortran_order': "
               "False, 'shape': (4611686018427387904,), }");
  rlx::Expected<rlx::npy::Array> array =
      rlx::npy::parse(bytes.data(), bytes.size());
  ASSERT_FALSE(array.isOk());
  EXPECT_EQ(array.status().code(), rlx::StatusCode::invalid_argument);
  EXPECT_NE(array.status().message().find("has more bytes than fit in int64"),
            std::string::npos)
      << array.status().message();
}

TEST(Npy, ElementCountThatOverflowsIsRefused) {
  std::vector<uint8_t> bytes =
      npyBytes("{'descr': '|i1', 'fortran_order': False, 'shape': "
               "(4294967296, 4294967296), }");
  rlx::Expected<rlx::npy::Array> array =
      rlx::npy::parse(bytes.data(), bytes.size());
  ASSERT_FALSE(array.isOk());
  EXPECT_NE(array.status().message().find("bad dim '4294967296'"),
            std::string::npos)
      << array.status().message();
}

TEST(Npy, EmptyAndNullAreNotNpy) {
  uint8_t byte = 0x93;
  EXPECT_FALSE(rlx::npy::parse(nullptr, 0).isOk());
  EXPECT_FALSE(rlx::npy::parse(&byte, 1).isOk());
}

} // namespace

namespace {

/// parse()'s message for a header dict, or "" when it is accepted.
std::string headerError(const std::string &dict) {
  std::vector<uint8_t> bytes = npyBytes(dict, std::vector<uint8_t>(4));
  rlx::Expected<rlx::npy::Array> array =
      rlx::npy::parse(bytes.data(), bytes.size());
  return array ? std::string() : array.status().message();
}

} // namespace

// The header is the Python literal NumPy writes, parsed as one: a key's
// text inside another value is no key. These decoys made a Fortran array,
// a big-endian one and a string's shape read as C-ordered, little-endian
// and real (exit 0, values NumPy reads differently).
TEST(Npy, DecoyKeysInsideValuesAreRefused) {
  // 'fortran_order': False appears first inside a string value.
  EXPECT_NE(headerError("{'descr': '<f4', 'x': \"'fortran_order': False\", "
                        "'fortran_order': True, 'shape': (1,), }")
                .find("unknown key 'x'"),
            std::string::npos);
  // The real descr is big-endian; the decoy is in a string before it.
  EXPECT_NE(headerError("{'pad': \"'descr': '<f4'\", 'descr': '>f4', "
                        "'fortran_order': False, 'shape': (1,), }")
                .find("unknown key 'pad'"),
            std::string::npos);
  EXPECT_NE(headerError("{'descr': '>f4', 'fortran_order': False, "
                        "'shape': (1,), }")
                .find("unsupported dtype '>f4'"),
            std::string::npos);
}

TEST(Npy, HeaderDictIsStrict) {
  const std::pair<const char *, const char *> cases[] = {
      {"{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': "
       "(1,), }",
       "key 'descr' appears twice"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (1,), } x",
       "text after the header dict"},
      {"{'descr': '<f4', 'fortran_order': True, 'shape': (1,), }",
       "Fortran-order arrays are not supported"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (1), }",
       "a one-dim shape is written (n,)"},
      {"{'descr': '<f4', 'shape': (1,), }", "the header lacks 'fortran_order'"},
      {"{'descr': '<f4', 'fortran_order': false, 'shape': (1,), }",
       "expected True or False"},
      {"{'descr': '<f\\4', 'fortran_order': False, 'shape': (1,), }",
       "a string holds an escape or a newline"},
      {"{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }",
       "expected a dim"},
      {"['descr', '<f4']", "the header is not a dict"},
      {"{'descr': '<f4' 'fortran_order': False, 'shape': (1,), }",
       "expected ',' or '}' after the value of 'descr'"},
  };
  for (auto [dict, want] : cases)
    EXPECT_NE(headerError(dict).find(want), std::string::npos)
        << dict << ": " << headerError(dict);
  // What NumPy writes (with and without the trailing comma, double quotes,
  // the keys in another order, an empty shape) is accepted.
  EXPECT_EQ(headerError("{'descr': '<f4', 'fortran_order': False, 'shape': "
                        "(1,), }"),
            "");
  EXPECT_EQ(headerError("{\"shape\": (1,), \"descr\": \"<f4\", "
                        "\"fortran_order\": False}"),
            "");
  EXPECT_EQ(headerError("{'descr': '<f4', 'fortran_order': False, 'shape': "
                        "(), }"),
            "");
}

// readAs checks the header against what the caller needs before it reads
// the data: a 2 GiB sparse file of another shape is refused without being
// read (it was read whole first, 4.2 GB, before the check).
TEST(Npy, ReadAsChecksTheHeaderBeforeTheData) {
  std::string path = testing::TempDir() + "/rlx-npy-sparse.npy";
  std::vector<uint8_t> header =
      npyBytes("{'descr': '<f4', 'fortran_order': False, 'shape': "
               "(536870912,), }");
  {
    FILE *f = std::fopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    std::fwrite(header.data(), 1, header.size(), f);
    std::fclose(f);
  }
  ASSERT_EQ(::truncate(path.c_str(), static_cast<off_t>(header.size()) +
                                         (int64_t(1) << 31)),
            0);
  rlx::Expected<rlx::npy::Array> array =
      rlx::npy::readAs(path, rlx::DType::f32, {2, 3}, "input 'x'");
  ASSERT_FALSE(array);
  EXPECT_NE(array.status().message().find(
                "input 'x' needs f32 [2x3], the file holds f32 [536870912]"),
            std::string::npos)
      << array.status().message();
  std::remove(path.c_str());
}

// A FIFO or a device is refused at once, never waited on or read forever.
TEST(Npy, FifoAndDeviceAreRefused) {
  std::string fifo = testing::TempDir() + "/rlx-npy-fifo";
  std::remove(fifo.c_str());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  rlx::Expected<rlx::npy::Array> a = rlx::npy::read(fifo);
  ASSERT_FALSE(a);
  EXPECT_NE(a.status().message().find("is a FIFO, not a regular file"),
            std::string::npos)
      << a.status().message();
  std::remove(fifo.c_str());
  rlx::Expected<rlx::npy::Array> zero = rlx::npy::read("/dev/zero");
  ASSERT_FALSE(zero);
  EXPECT_NE(zero.status().message().find("is a device, not a regular file"),
            std::string::npos)
      << zero.status().message();
}

// write() goes through a temporary and a rename: an existing symlink at the
// name is replaced, its target untouched.
TEST(Npy, WriteReplacesASymlinkInsteadOfFollowingIt) {
  std::string dir = testing::TempDir();
  std::string victim = dir + "/rlx-npy-victim.txt";
  std::string link = dir + "/rlx-npy-link.npy";
  std::remove(link.c_str());
  {
    FILE *f = std::fopen(victim.c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs("precious", f);
    std::fclose(f);
  }
  ASSERT_EQ(::symlink(victim.c_str(), link.c_str()), 0);
  rlx::npy::Array array{rlx::DType::i8, {2}, {1, 2}};
  ASSERT_TRUE(rlx::npy::write(link, array));
  char buffer[16] = {};
  FILE *f = std::fopen(victim.c_str(), "r");
  ASSERT_NE(f, nullptr);
  std::fgets(buffer, sizeof(buffer), f);
  std::fclose(f);
  EXPECT_STREQ(buffer, "precious");
  struct stat st;
  ASSERT_EQ(::lstat(link.c_str(), &st), 0);
  EXPECT_TRUE(S_ISREG(st.st_mode));
  rlx::Expected<rlx::npy::Array> back = rlx::npy::read(link);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->bytes, (std::vector<uint8_t>{1, 2}));
  std::remove(victim.c_str());
  std::remove(link.c_str());
}

// A write that fails (here: past RLIMIT_FSIZE, as a full disk would) is an
// error and leaves no file behind (a small output was left as 0 bytes).
TEST(Npy, FailedWriteIsAnErrorAndLeavesNothing) {
  std::string path = testing::TempDir() + "/rlx-npy-big.npy";
  std::remove(path.c_str());
  struct rlimit old;
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old), 0);
  void (*oldHandler)(int) = std::signal(SIGXFSZ, SIG_IGN);
  struct rlimit small = old;
  small.rlim_cur = 1000;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  rlx::npy::Array array{rlx::DType::i8, {4096}, std::vector<uint8_t>(4096)};
  rlx::Status s = rlx::npy::write(path, array);
  ::setrlimit(RLIMIT_FSIZE, &old);
  std::signal(SIGXFSZ, oldHandler);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("cannot write '" + path + "'"), std::string::npos)
      << s.message();
  struct stat st;
  EXPECT_NE(::stat(path.c_str(), &st), 0);
}
