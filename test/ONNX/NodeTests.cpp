//===- NodeTests.cpp - ONNX's backend node tests on an rlx device ---------===//
//
//   rlx-onnx-node-tests DIR [--device cpu|vulkan] [--expect FILE]
//                       [--filter SUBSTRING] [--verbose]
//
// DIR holds ONNX's node tests as `onnx.backend.test.cmd_tools
// generate-data` writes them (test/ONNX/generate-node-tests.py): one
// folder per test with model.onnx and test_data_set_*/{input,output}_*.pb.
// A test whose graph uses only ops rlx imports is compiled for the device
// (its compile-time inputs bound to the data set's values), run on every
// data set, and compared with ONNX's expected outputs at ONNX's own rule:
// the same dtype and shape, |out - ref| <= 1e-7 + 1e-3 |ref|, NaN equal to
// NaN. Other tests are skipped, naming the op rlx lacks.
//
// Prints one line per test and a table of passes per owning op (the op the
// test is named after). With --expect, every test named in FILE must pass
// (the exit status is 1 otherwise); tests that pass but are not listed are
// printed so the list can grow. Under RLX_VULKAN_VALIDATION=1 a Vulkan
// validation message fails the run.
//
//===----------------------------------------------------------------------===//
#include "conversion/ONNXToMIR/OnnxFile.h"
#include "rlx/Onnx.h"
#include "rlx/Session.h"
#include "runtime/Runtime.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using mlir::rlx::onnximport::TensorData;

namespace {

std::vector<std::string> listDir(const std::string &path) {
  std::vector<std::string> names;
  if (DIR *d = opendir(path.c_str())) {
    while (dirent *e = readdir(d))
      if (e->d_name[0] != '.')
        names.push_back(e->d_name);
    closedir(d);
  }
  std::sort(names.begin(), names.end());
  return names;
}

bool readBytes(const std::string &path, std::string &out) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  std::stringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

/// A decoded .pb tensor and the memory it lives in.
struct Tensor {
  std::vector<uint8_t> bytes;
  TensorData data;
};

bool readTensor(const std::string &path, Tensor &t, std::string &why) {
  std::string raw;
  if (!readBytes(path, raw)) {
    why = "cannot read " + path;
    return false;
  }
  rlx::Expected<TensorData> data =
      mlir::rlx::onnximport::parseTensorProto(raw, t.bytes);
  if (!data) {
    why = path + ": " + data.status().message();
    return false;
  }
  t.data = *data;
  return true;
}

float halfToFloat(uint16_t h) {
  uint32_t sign = (h >> 15) & 1, exp = (h >> 10) & 0x1f, frac = h & 0x3ff;
  float v;
  if (exp == 0)
    v = std::ldexp(static_cast<float>(frac), -24);
  else if (exp == 31)
    v = frac ? NAN : INFINITY;
  else
    v = std::ldexp(static_cast<float>(frac | 0x400), static_cast<int>(exp) - 25);
  return sign ? -v : v;
}

/// Element `i` of `bytes` in `dtype` as a double; integers read unsigned
/// when `isUnsigned`.
double element(const uint8_t *bytes, rlx::DType dtype, size_t i,
               bool isUnsigned) {
  switch (dtype) {
  case rlx::DType::f32: {
    float v;
    std::memcpy(&v, bytes + 4 * i, 4);
    return v;
  }
  case rlx::DType::f64: {
    double v;
    std::memcpy(&v, bytes + 8 * i, 8);
    return v;
  }
  case rlx::DType::f16: {
    uint16_t v;
    std::memcpy(&v, bytes + 2 * i, 2);
    return halfToFloat(v);
  }
  case rlx::DType::bf16: {
    uint16_t v;
    std::memcpy(&v, bytes + 2 * i, 2);
    uint32_t bits = static_cast<uint32_t>(v) << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }
  case rlx::DType::i8:
    return isUnsigned ? bytes[i] : static_cast<int8_t>(bytes[i]);
  case rlx::DType::i1:
    return bytes[i] != 0;
  case rlx::DType::i32: {
    int32_t v;
    std::memcpy(&v, bytes + 4 * i, 4);
    return isUnsigned ? static_cast<double>(static_cast<uint32_t>(v)) : v;
  }
  case rlx::DType::i64: {
    int64_t v;
    std::memcpy(&v, bytes + 8 * i, 8);
    return isUnsigned ? static_cast<double>(static_cast<uint64_t>(v))
                      : static_cast<double>(v);
  }
  }
  return 0;
}

/// ONNX's rule (numpy's assert_allclose, rtol 1e-3, atol 1e-7, NaN equal
/// to NaN); empty when `out` matches `ref`, else why not.
std::string compare(const rlx::NamedOutput &out, const TensorData &ref) {
  std::optional<rlx::DType> want =
      mlir::rlx::onnximport::storageDTypeOfOnnx(ref.elementType);
  bool isUnsigned = mlir::rlx::onnximport::isUnsignedOnnx(ref.elementType);
  if (!want)
    return "expected output has element type " +
           mlir::rlx::onnximport::onnxTypeName(ref.elementType);
  if (out.dtype != *want)
    return std::string("dtype ") + rlx::dtypeName(out.dtype) + ", expected " +
           rlx::dtypeName(*want);
  if (out.shape != ref.shape) {
    auto text = [](const std::vector<int64_t> &s) {
      std::string t = "[";
      for (size_t i = 0; i < s.size(); ++i)
        t += (i ? "x" : "") + std::to_string(s[i]);
      return t + "]";
    };
    return "shape " + text(out.shape) + ", expected " + text(ref.shape);
  }
  size_t count = ref.bytes / rlx::dtypeSize(*want);
  for (size_t i = 0; i < count; ++i) {
    double a = element(out.bytes.data(), out.dtype, i, isUnsigned);
    double b = element(ref.data, *want, i, isUnsigned);
    if (std::isnan(a) && std::isnan(b))
      continue;
    if (std::isinf(a) || std::isinf(b)) {
      if (a == b)
        continue;
    } else if (std::fabs(a - b) <= 1e-7 + 1e-3 * std::fabs(b)) {
      continue;
    }
    std::ostringstream os;
    os.precision(9);
    os << "element " << i << " is " << a << ", expected " << b;
    return os.str();
  }
  return "";
}

std::string snake(const std::string &op) {
  std::string out;
  for (size_t i = 0; i < op.size(); ++i) {
    if (std::isupper(static_cast<unsigned char>(op[i])) && i > 0)
      out += '_';
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(op[i])));
  }
  return out;
}

/// The op a test is named after: the longest op type (in snake case, also
/// without underscores, as ONNX names some tests) that prefixes the test's
/// name, among the ops of its graph and every ONNX op.
std::string owner(const std::string &test,
                  const std::vector<std::string> &graphOps,
                  const std::vector<std::string> &known) {
  std::string name = test.rfind("test_", 0) == 0 ? test.substr(5) : test;
  std::string best;
  size_t bestLength = 0;
  auto consider = [&](const std::string &op) {
    std::string s = snake(op);
    std::string flat = s;
    flat.erase(std::remove(flat.begin(), flat.end(), '_'), flat.end());
    for (const std::string &form : {s, flat}) {
      bool prefix = name.rfind(form, 0) == 0 &&
                    (name.size() == form.size() || name[form.size()] == '_');
      if (prefix && form.size() > bestLength) {
        best = op;
        bestLength = form.size();
      }
    }
  };
  for (const std::string &op : graphOps)
    consider(op);
  for (const std::string &op : known)
    consider(op);
  // ONNX's own abbreviation.
  if (name.rfind("batchnorm", 0) == 0 && bestLength < 9)
    best = "BatchNormalization";
  // A test named after no op (an abbreviation, a model) has no owner.
  return best.empty() ? "(none)" : best;
}

enum class Outcome { pass, fail, skip };

struct Result {
  std::string test, op;
  Outcome outcome = Outcome::skip;
  std::string why;
};

/// Compiles and runs one test folder.
Result runTest(const std::string &dir, const std::string &test,
               rlx::Device device, const std::vector<std::string> &supported,
               const std::vector<std::string> &known) {
  Result r;
  r.test = test;
  std::string folder = dir + "/" + test;
  // Ops first: a test of an op rlx lacks is skipped even when its model
  // also holds what the loader refuses (sequences, training domains).
  std::string raw;
  readBytes(folder + "/model.onnx", raw);
  std::vector<std::string> ops = mlir::rlx::onnximport::peekOpTypes(raw);
  r.op = owner(test, ops, known);
  for (const std::string &op : ops)
    if (std::find(supported.begin(), supported.end(), op) ==
        supported.end()) {
      r.why = "uses " + op;
      return r;
    }
  rlx::Expected<rlx::OnnxModel> model =
      rlx::OnnxModel::readFile(folder + "/model.onnx");
  if (!model) {
    r.outcome = Outcome::fail;
    r.why = model.status().message();
    return r;
  }
  std::vector<rlx::OnnxModel::ValueInfo> inputs = model->inputs();
  std::vector<rlx::OnnxModel::ValueInfo> outputs = model->outputs();
  std::vector<std::string> constant = model->compileTimeInputs();
  std::vector<std::string> sets;
  for (const std::string &entry : listDir(folder))
    if (entry.rfind("test_data_set_", 0) == 0)
      sets.push_back(entry);
  if (sets.empty()) {
    r.outcome = Outcome::fail;
    r.why = "no test data";
    return r;
  }
  rlx::Session session(device);
  for (const std::string &set : sets) {
    std::vector<Tensor> in(inputs.size()), expected(outputs.size());
    std::string why;
    for (size_t i = 0; i < inputs.size(); ++i)
      if (!readTensor(folder + "/" + set + "/input_" + std::to_string(i) +
                          ".pb",
                      in[i], why)) {
        r.outcome = Outcome::fail;
        r.why = why;
        return r;
      }
    for (size_t i = 0; i < outputs.size(); ++i)
      if (!readTensor(folder + "/" + set + "/output_" + std::to_string(i) +
                          ".pb",
                      expected[i], why)) {
        r.outcome = Outcome::fail;
        r.why = why;
        return r;
      }
    // numpy has no bfloat16: ONNX writes bf16 data as UINT16 bits.
    auto bf16Bits = [](Tensor &t, const rlx::OnnxModel::ValueInfo &decl) {
      if (decl.supported && decl.dtype == rlx::DType::bf16 &&
          t.data.elementType == 4 /* UINT16 */)
        t.data.elementType = 16 /* BFLOAT16 */;
    };
    for (size_t i = 0; i < inputs.size(); ++i)
      bf16Bits(in[i], inputs[i]);
    for (size_t i = 0; i < outputs.size(); ++i)
      bf16Bits(expected[i], outputs[i]);
    rlx::CompileOptions options;
    std::vector<rlx::NamedInput> named;
    for (size_t i = 0; i < inputs.size(); ++i) {
      std::optional<rlx::DType> dtype =
          mlir::rlx::onnximport::storageDTypeOfOnnx(in[i].data.elementType);
      if (!dtype) {
        r.outcome = Outcome::fail;
        r.why = "input '" + inputs[i].name + "' holds " +
                mlir::rlx::onnximport::onnxTypeName(in[i].data.elementType) +
                " elements, which rlx has no dtype for";
        return r;
      }
      const TensorData &t = in[i].data;
      if (std::find(constant.begin(), constant.end(), inputs[i].name) !=
          constant.end()) {
        options.constants.push_back(
            {inputs[i].name, *dtype, t.shape,
             std::vector<uint8_t>(t.data, t.data + t.bytes)});
        continue;
      }
      named.push_back({inputs[i].name, t.data, t.bytes, *dtype, t.shape});
    }
    rlx::Expected<rlx::CompiledGraph> graph =
        session.compileWith(*model, options);
    if (!graph) {
      r.outcome = Outcome::fail;
      r.why = graph.status().toString();
      return r;
    }
    rlx::Expected<std::vector<rlx::NamedOutput>> ran = graph->run(named);
    if (!ran) {
      r.outcome = Outcome::fail;
      r.why = ran.status().toString();
      return r;
    }
    for (size_t i = 0; i < outputs.size(); ++i) {
      auto found = std::find_if(ran->begin(), ran->end(),
                                [&](const rlx::NamedOutput &o) {
                                  return o.name == outputs[i].name;
                                });
      if (found == ran->end()) {
        r.outcome = Outcome::fail;
        r.why = "no output '" + outputs[i].name + "'";
        return r;
      }
      std::string mismatch = compare(*found, expected[i].data);
      if (!mismatch.empty()) {
        r.outcome = Outcome::fail;
        r.why = set + ": output '" + outputs[i].name + "': " + mismatch;
        return r;
      }
    }
  }
  r.outcome = Outcome::pass;
  return r;
}

} // namespace

int main(int argc, char **argv) {
  std::string dir, expectPath, filter;
  rlx::Device device = rlx::Device::cpu;
  bool verbose = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << "rlx-onnx-node-tests: " << arg << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    if (arg == "--device") {
      rlx::Expected<rlx::Device> d = rlx::parseDevice(next());
      if (!d) {
        std::cerr << "rlx-onnx-node-tests: " << d.status().message() << "\n";
        return 2;
      }
      device = *d;
    } else if (arg == "--expect") {
      expectPath = next();
    } else if (arg == "--filter") {
      filter = next();
    } else if (arg == "--verbose") {
      verbose = true;
    } else if (!arg.empty() && arg[0] != '-' && dir.empty()) {
      dir = arg;
    } else {
      std::cerr << "usage: rlx-onnx-node-tests DIR [--device cpu|vulkan] "
                   "[--expect FILE] [--filter SUBSTRING] [--verbose]\n";
      return 2;
    }
  }
  std::vector<std::string> tests = listDir(dir);
  if (tests.empty()) {
    std::cerr << "rlx-onnx-node-tests: no tests in '" << dir << "'\n";
    return 2;
  }
  std::set<std::string> expect;
  if (!expectPath.empty()) {
    std::ifstream in(expectPath);
    if (!in) {
      std::cerr << "rlx-onnx-node-tests: cannot read " << expectPath << "\n";
      return 2;
    }
    for (std::string line; std::getline(in, line);)
      if (!line.empty() && line[0] != '#')
        expect.insert(line);
  }
  std::vector<std::string> supported = rlx::OnnxModel::supportedOps();
  // Test names are matched against every ONNX op to find their owner.
  std::vector<std::string> known = mlir::rlx::onnximport::onnxOpTypes();
  std::map<std::string, std::pair<int, int>> perOp; // passed, supported
  int passed = 0, failed = 0, skipped = 0;
  std::vector<std::string> regressions, unlisted;
  for (const std::string &test : tests) {
    if (!filter.empty() && test.find(filter) == std::string::npos)
      continue;
    Result r = runTest(dir, test, device, supported, known);
    const char *word = r.outcome == Outcome::pass   ? "PASS"
                       : r.outcome == Outcome::fail ? "FAIL"
                                                    : "SKIP";
    if (r.outcome != Outcome::skip || verbose) {
      std::cout << word << " " << test << " [" << r.op << "]";
      if (!r.why.empty())
        std::cout << ": " << r.why.substr(0, 400);
      std::cout << "\n";
    }
    if (r.outcome == Outcome::skip) {
      ++skipped;
      continue;
    }
    auto &row = perOp[r.op];
    ++row.second;
    if (r.outcome == Outcome::pass) {
      ++passed;
      ++row.first;
      if (!expectPath.empty() && !expect.count(test))
        unlisted.push_back(test);
    } else {
      ++failed;
      if (expect.count(test))
        regressions.push_back(test);
    }
  }
  std::cout << "\nop                      passed / supported tests\n";
  for (const auto &[op, row] : perOp)
    std::cout << "  " << op << std::string(op.size() < 22 ? 22 - op.size() : 1,
                                           ' ')
              << row.first << " / " << row.second << "\n";
  std::cout << "\n"
            << passed << " passed, " << failed << " failed, " << skipped
            << " skipped (ops rlx does not import) of " << tests.size()
            << " node tests on " << rlx::deviceName(device) << "\n";
  for (const std::string &t : unlisted)
    std::cout << "passes but is not in the expected list: " << t << "\n";
  for (const std::string &t : regressions)
    std::cout << "REGRESSION: expected to pass: " << t << "\n";
  // Under RLX_VULKAN_VALIDATION=1 any validation or driver message fails
  // the run, as in rlx-run.
  std::vector<std::string> messages = rlx::runtime::vulkanMessages();
  if (rlx::runtime::vulkanValidationEnabled() && !messages.empty()) {
    std::cout << "Vulkan reported " << messages.size()
              << " validation or driver messages:\n";
    for (const std::string &m : messages)
      std::cout << "  " << m << "\n";
    return 1;
  }
  return regressions.empty() ? 0 : 1;
}
