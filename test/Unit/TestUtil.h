//===- TestUtil.h - Helpers shared by the API-level unit tests --*- C++ -*-===//
#ifndef RLX_TEST_UNIT_TESTUTIL_H
#define RLX_TEST_UNIT_TESTUTIL_H

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace rlx::test {

/// The whole text of `path` ("" if it cannot be read).
inline std::string readFile(const std::string &path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// ((i * 2654435761) ^ salt) mod 2^32 mod 2001 mapped to [-1, 1] * scale:
/// bit-identical to det_values in scripts/make-goldens.py, so weights and
/// inputs of the PyTorch goldens need not be stored.
inline std::vector<float> detValues(int64_t n, uint64_t salt, double scale) {
  std::vector<float> v(n);
  for (int64_t i = 0; i < n; ++i) {
    uint64_t h = ((uint64_t(i) * 2654435761ull) & 0xFFFFFFFFull) ^ salt;
    h %= 2001;
    v[i] = static_cast<float>((double(h) - 1000.0) / 1000.0 * scale);
  }
  return v;
}

} // namespace rlx::test

#endif // RLX_TEST_UNIT_TESTUTIL_H
