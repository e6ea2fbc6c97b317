//===- NpyTest.cpp - The .npy decoder on valid and hostile bytes ----------===//
#include "runtime/Npy.h"

#include <gtest/gtest.h>

#include <cstdint>
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
