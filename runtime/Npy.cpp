//===- Npy.cpp - NumPy .npy files -----------------------------------------===//
#include "runtime/Npy.h"

#include "runtime/Files.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>

namespace rlx::npy {

static const char kMagic[] = "\x93NUMPY";

static const char *descrOf(DType dtype) {
  switch (dtype) {
  case DType::f32:
    return "<f4";
  case DType::f64:
    return "<f8";
  case DType::f16:
    return "<f2";
  case DType::i8:
    return "|i1";
  case DType::i32:
    return "<i4";
  case DType::i64:
    return "<i8";
  case DType::i1:
    return "|b1";
  case DType::bf16:
    return "<V2"; // no NumPy dtype: raw 2-byte values
  }
  return "<f4";
}

/// The largest header rlx reads (NumPy writes under 200 bytes; version 2
/// allows 4 GiB).
static constexpr size_t kMaxHeaderBytes = 1 << 16;

namespace {
/// The header dict, as NumPy writes it: a Python literal `{'descr': '<f4',
/// 'fortran_order': False, 'shape': (2, 3), }` padded with spaces and a
/// newline. Exactly these three keys, each once; strings without escapes;
/// a one-element shape with its comma, as Python writes a tuple.
class HeaderParser {
public:
  explicit HeaderParser(const std::string &text) : t(text) {}

  Status parse(std::string &descr, bool &fortran, std::vector<int64_t> &shape) {
    bool sawDescr = false, sawOrder = false, sawShape = false;
    skip();
    if (!eat('{'))
      return fail("the header is not a dict");
    while (true) {
      skip();
      if (eat('}'))
        break;
      std::string key;
      if (Status s = string(key); !s)
        return s;
      skip();
      if (!eat(':'))
        return fail("no ':' after key '" + key + "'");
      skip();
      bool *seen = key == "descr"           ? &sawDescr
                   : key == "fortran_order" ? &sawOrder
                   : key == "shape"         ? &sawShape
                                            : nullptr;
      if (!seen)
        return fail("unknown key '" + key + "'");
      if (*seen)
        return fail("key '" + key + "' appears twice");
      *seen = true;
      Status s = key == "descr"           ? string(descr)
                 : key == "fortran_order" ? boolean(fortran)
                                          : tuple(shape);
      if (!s)
        return s;
      skip();
      if (eat(','))
        continue;
      skip();
      if (eat('}'))
        break;
      return fail("expected ',' or '}' after the value of '" + key + "'");
    }
    // Padding: spaces, then the newline NumPy ends the header with.
    while (i < t.size() && t[i] == ' ')
      ++i;
    if (i < t.size() && t[i] == '\n')
      ++i;
    if (i != t.size())
      return fail("text after the header dict");
    if (!sawDescr || !sawOrder || !sawShape)
      return fail(std::string("the header lacks '") +
                  (!sawDescr   ? "descr"
                   : !sawOrder ? "fortran_order"
                               : "shape") +
                  "'");
    return Status::ok();
  }

private:
  Status fail(const std::string &why) const {
    return Status(StatusCode::invalid_argument,
                  "bad header at byte " + std::to_string(i) + ": " + why);
  }
  void skip() {
    while (i < t.size() && (t[i] == ' ' || t[i] == '\t'))
      ++i;
  }
  bool eat(char c) {
    if (i < t.size() && t[i] == c) {
      ++i;
      return true;
    }
    return false;
  }
  Status string(std::string &out) {
    if (i >= t.size() || (t[i] != '\'' && t[i] != '"'))
      return fail("expected a string");
    char quote = t[i++];
    size_t start = i;
    while (i < t.size() && t[i] != quote) {
      if (t[i] == '\\' || t[i] == '\n')
        return fail("a string holds an escape or a newline");
      ++i;
    }
    if (i >= t.size())
      return fail("an unterminated string");
    out = t.substr(start, i - start);
    ++i;
    return Status::ok();
  }
  Status boolean(bool &out) {
    if (t.compare(i, 4, "True") == 0) {
      out = true;
      i += 4;
    } else if (t.compare(i, 5, "False") == 0) {
      out = false;
      i += 5;
    } else {
      return fail("expected True or False");
    }
    return Status::ok();
  }
  Status tuple(std::vector<int64_t> &out) {
    if (!eat('('))
      return fail("expected a shape tuple");
    size_t commas = 0;
    while (true) {
      skip();
      if (eat(')'))
        break;
      size_t start = i;
      while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i])))
        ++i;
      std::string digits = t.substr(start, i - start);
      unsigned long long dim = 0;
      bool fits = !digits.empty() && digits.size() <= 19;
      for (char c : digits)
        fits = fits && dim <= (uint64_t(INT64_MAX) - (c - '0')) / 10 &&
               (dim = dim * 10 + (c - '0'), true);
      if (!fits)
        return fail("expected a dim (a whole number that fits int64)");
      out.push_back(static_cast<int64_t>(dim));
      skip();
      if (eat(',')) {
        ++commas;
        continue;
      }
      skip();
      if (eat(')'))
        break;
      return fail("expected ',' or ')' in the shape");
    }
    if (out.size() == 1 && commas == 0)
      return fail("a one-dim shape is written (n,)");
    return Status::ok();
  }

  const std::string &t;
  size_t i = 0;
};
} // namespace

Expected<Header> parseHeader(const uint8_t *data, size_t size) {
  auto fail = [](const std::string &why) {
    return Status(StatusCode::invalid_argument, why);
  };
  if (!data || size < 10 || std::memcmp(data, kMagic, 6) != 0)
    return fail("not a .npy file (bad magic)");
  uint8_t major = data[6];
  Header h;
  size_t headerLen, headerStart;
  if (major == 1) {
    headerLen = data[8] | (data[9] << 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (size < 12)
      return fail("truncated header");
    headerLen = data[8] | (data[9] << 8) | (data[10] << 16) |
                (size_t(data[11]) << 24);
    headerStart = 12;
  } else {
    return fail("unsupported .npy version " + std::to_string(major));
  }
  if (headerLen > kMaxHeaderBytes)
    return fail("a header of " + std::to_string(headerLen) +
                " bytes (at most " + std::to_string(kMaxHeaderBytes) + ")");
  if (headerStart + headerLen > size)
    return fail("truncated header");
  std::string text(data + headerStart, data + headerStart + headerLen);
  std::string descr;
  bool fortran = false;
  if (Status s = HeaderParser(text).parse(descr, fortran, h.shape); !s)
    return s;
  static const std::pair<const char *, DType> known[] = {
      {"<f4", DType::f32}, {"<f8", DType::f64}, {"<f2", DType::f16},
      {"|i1", DType::i8},  {"<i4", DType::i32}, {"<i8", DType::i64},
      {"|b1", DType::i1},  {"<V2", DType::bf16}};
  bool found = false;
  for (auto &[name, dtype] : known)
    if (descr == name) {
      h.dtype = dtype;
      found = true;
    }
  if (!found)
    return fail("unsupported dtype '" + descr +
                "' (rlx reads <f4 <f8 <f2 |i1 <i4 <i8 |b1 <V2; big-endian "
                "files are not read)");
  if (fortran)
    return fail("Fortran-order arrays are not supported");
  int64_t count = 1;
  for (int64_t dim : h.shape) {
    if (dim && count > INT64_MAX / dim)
      return fail("bad dim '" + std::to_string(dim) +
                  "': the element count overflows int64");
    count *= dim;
  }
  // The byte size must fit too: 2^62 f4 elements would wrap to 0 bytes.
  size_t elementSize = dtypeSize(h.dtype);
  if (count > INT64_MAX / static_cast<int64_t>(elementSize))
    return fail("the shape of " + descr +
                " elements has more bytes than fit in int64");
  h.dataOffset = headerStart + headerLen;
  h.dataBytes = size_t(count) * elementSize;
  return h;
}

Expected<Array> parse(const uint8_t *data, size_t size) {
  Expected<Header> h = parseHeader(data, size);
  if (!h)
    return h.status();
  if (size - h->dataOffset != h->dataBytes)
    return Status(StatusCode::invalid_argument,
                  "holds " + std::to_string(size - h->dataOffset) +
                      " data bytes, its shape and dtype need " +
                      std::to_string(h->dataBytes));
  Array array;
  array.dtype = h->dtype;
  array.shape = h->shape;
  array.bytes.assign(data + h->dataOffset, data + size);
  return array;
}

/// The header of the open file `file` (its whole size checked against it).
static Expected<Header> headerOf(const files::ReadableFile &file) {
  const std::string &path = file.path();
  size_t prefix = static_cast<size_t>(std::min<uint64_t>(file.size(), 12));
  std::vector<uint8_t> bytes(prefix);
  if (Status s = file.readAt(0, bytes.data(), prefix); !s)
    return s;
  // The header's length is in the first 12 bytes; read as much as it says.
  size_t want = prefix;
  if (prefix >= 10 && std::memcmp(bytes.data(), kMagic, 6) == 0) {
    size_t len = bytes[6] == 1 ? (bytes[8] | (bytes[9] << 8)) + 10
                 : prefix >= 12
                     ? (bytes[8] | (bytes[9] << 8) | (bytes[10] << 16) |
                        (size_t(bytes[11]) << 24)) +
                           12
                     : prefix;
    want = std::min<uint64_t>(std::min(len, kMaxHeaderBytes + 12), file.size());
  }
  bytes.resize(want);
  if (Status s = file.readAt(0, bytes.data(), want); !s)
    return s;
  Expected<Header> h = parseHeader(bytes.data(), bytes.size());
  if (!h)
    return Status(h.status().code(), path + ": " + h.status().message());
  if (file.size() - h->dataOffset != h->dataBytes)
    return Status(StatusCode::invalid_argument,
                  path + ": holds " +
                      std::to_string(file.size() - h->dataOffset) +
                      " data bytes, its shape and dtype need " +
                      std::to_string(h->dataBytes));
  return h;
}

static Expected<Array> readData(const files::ReadableFile &file,
                                const Header &h) {
  Array array;
  array.dtype = h.dtype;
  array.shape = h.shape;
  array.bytes.resize(h.dataBytes);
  if (Status s = file.readAt(h.dataOffset, array.bytes.data(), h.dataBytes);
      !s)
    return s;
  return array;
}

Expected<Array> read(const std::string &path) {
  Expected<files::ReadableFile> file = files::openRegular(path);
  if (!file)
    return file.status();
  Expected<Header> h = headerOf(*file);
  if (!h)
    return h.status();
  return readData(*file, *h);
}

Expected<Array> readAs(const std::string &path, DType dtype,
                       const std::vector<int64_t> &shape,
                       const std::string &role) {
  Expected<files::ReadableFile> file = files::openRegular(path);
  if (!file)
    return file.status();
  Expected<Header> h = headerOf(*file);
  if (!h)
    return h.status();
  if (h->dtype != dtype || h->shape != shape) {
    auto describe = [](DType d, const std::vector<int64_t> &s) {
      std::string text = std::string(dtypeName(d)) + " [";
      for (size_t i = 0; i < s.size(); ++i)
        text += (i ? "x" : "") + std::to_string(s[i]);
      return text + "]";
    };
    return Status(StatusCode::invalid_argument,
                  path + ": " + role + " needs " + describe(dtype, shape) +
                      ", the file holds " + describe(h->dtype, h->shape));
  }
  return readData(*file, *h);
}

Status write(const std::string &path, const Array &array) {
  std::string shape = "(";
  for (int64_t d : array.shape)
    shape += std::to_string(d) + ", ";
  if (array.shape.size() > 1)
    shape.resize(shape.size() - 2);
  else if (array.shape.size() == 1)
    shape.resize(shape.size() - 1);
  shape += ")";
  std::string header = std::string("{'descr': '") + descrOf(array.dtype) +
                       "', 'fortran_order': False, 'shape': " + shape + ", }";
  // Pad so the data starts at a multiple of 64 bytes; end with '\n'.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::vector<uint8_t> bytes(kMagic, kMagic + 6);
  bytes.push_back(1);
  bytes.push_back(0);
  bytes.push_back(static_cast<uint8_t>(header.size() & 0xff));
  bytes.push_back(static_cast<uint8_t>(header.size() >> 8));
  bytes.insert(bytes.end(), header.begin(), header.end());
  bytes.insert(bytes.end(), array.bytes.begin(), array.bytes.end());
  // A temporary, then a rename: an existing file or symlink at `path` is
  // replaced, never written through; a full disk is an error.
  return files::writeAtomically(path, bytes.data(), bytes.size());
}

} // namespace rlx::npy
