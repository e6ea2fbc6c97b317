//===- OpSuiteTest.cpp - Every MIR op against a naive reference -----------===//
//
// Each case writes a small MIR module (static shapes, inputs named with
// mir.name), compiles it with rlx::Session (fusion and constant folding off,
// precision policy `custom` with an empty map so every op keeps the element
// types written), runs it on deterministic pseudo-random inputs and compares
// with Reference.h. Tolerances are stated at each case: exact (bitwise, NaN
// matching any NaN) for data movement, compare, select, integer ops,
// relu / neg / abs / max / min / round and casts; otherwise a bound in units
// of u = 2^-24 (f32 unit roundoff) scaled by the number of terms a result
// sums, or by the dtype's unit roundoff for f16 (2^-11) and bf16 (2^-8).
//
// On Vulkan (OpSuiteVulkanTests) the bounds of an op that uses division,
// sqrt, sin or cos are the Vulkan specification's for those instructions
// (2.5 ulp, 1 / inversesqrt, 2^-11 absolute on [-pi, pi]; see "Vulkan's
// precision" below and docs/VulkanBackend.md, "Precision"); add, sub, mul
// and conversions are correctly rounded there too, and the compiler forbids
// contracting them, so everything else keeps the CPU's bound, exact
// included.
//
// Shapes per family: a 1-element case, an odd size one past a tile or
// vector edge (17, 33, 65, 129, ...), and a shape the workgroup split
// (chunks of >= 16384 elements along the outermost independent dim) cuts
// into several workgroups; such cases also assert a dispatch grid > 1.
//
//===----------------------------------------------------------------------===//
#include "Reference.h"
#include "rlx/Session.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <sstream>

namespace {

using rlx::DType;
using rlx::ref::Shape;
namespace ref = rlx::ref;

/// Unit roundoffs: f32, f64, f16, bf16.
constexpr double kU = 1.0 / 16777216.0;
constexpr double kU64 = 1.0 / 9007199254740992.0;
constexpr double kUHalf = 1.0 / 2048.0;
constexpr double kUBf16 = 1.0 / 256.0;
const float kNaN = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();

//===----------------------------------------------------------------------===//
// Deterministic inputs
//===----------------------------------------------------------------------===//

/// splitmix64.
class Rng {
public:
  explicit Rng(uint64_t seed) : state(seed) {}
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  double uniform(double lo, double hi) {
    return lo +
           (hi - lo) * (static_cast<double>(next() >> 11) / 9007199254740992.0);
  }
  int64_t integer(int64_t lo, int64_t hi) { // inclusive
    return lo +
           static_cast<int64_t>(next() % static_cast<uint64_t>(hi - lo + 1));
  }

private:
  uint64_t state;
};

std::vector<float> uniform(int64_t n, double lo, double hi, uint64_t seed) {
  Rng rng(seed);
  std::vector<float> v(n);
  for (float &x : v)
    x = static_cast<float>(rng.uniform(lo, hi));
  return v;
}

template <typename T>
std::vector<T> integers(int64_t n, int64_t lo, int64_t hi, uint64_t seed) {
  Rng rng(seed);
  std::vector<T> v(n);
  for (T &x : v)
    x = static_cast<T>(rng.integer(lo, hi));
  return v;
}

std::vector<double> toDouble(const std::vector<float> &v) {
  return std::vector<double>(v.begin(), v.end());
}

std::vector<uint16_t> halfBits(const std::vector<float> &v) {
  return ref::map<uint16_t>(v, ref::floatToHalf);
}
std::vector<uint16_t> bf16Bits(const std::vector<float> &v) {
  return ref::map<uint16_t>(v, ref::floatToBf16);
}

//===----------------------------------------------------------------------===//
// Module text
//===----------------------------------------------------------------------===//

std::string tensorType(const Shape &shape, const std::string &element) {
  std::string s = "tensor<";
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return s + element + ">";
}

std::string intList(const std::vector<int64_t> &v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

std::string elementName(DType dtype) { return rlx::dtypeName(dtype); }

/// One test function: arguments with their data, body lines, results.
class Program {
public:
  /// Declares input `name` (SSA value %name) holding `data`.
  template <typename T>
  std::string input(const std::string &name, const Shape &shape, DType dtype,
                    const std::vector<T> &data) {
    EXPECT_EQ(static_cast<int64_t>(data.size()), ref::numElements(shape))
        << "input " << name;
    args.push_back({name, tensorType(shape, elementName(dtype))});
    rlx::NamedInput in;
    in.name = name;
    in.dtype = dtype;
    storage.emplace_back(reinterpret_cast<const uint8_t *>(data.data()),
                         reinterpret_cast<const uint8_t *>(data.data()) +
                             data.size() * sizeof(T));
    names.push_back(name);
    dtypes.push_back(dtype);
    return "%" + name;
  }
  std::string f32(const std::string &name, const Shape &shape,
                  const std::vector<float> &data) {
    return input(name, shape, DType::f32, data);
  }
  /// Declares `mir.param "name"` (SSA value %name), bound to `data` with
  /// setParamTyped before the run.
  template <typename T>
  std::string param(const std::string &name, const Shape &shape, DType dtype,
                    const std::vector<T> &data) {
    std::string type = tensorType(shape, elementName(dtype));
    body.push_back("%" + name + " = mir.param \"" + name + "\" : " + type);
    params.push_back(
        {name, dtype,
         std::vector<uint8_t>(reinterpret_cast<const uint8_t *>(data.data()),
                              reinterpret_cast<const uint8_t *>(data.data()) +
                                  data.size() * sizeof(T))});
    return "%" + name;
  }
  void op(const std::string &line) { body.push_back(line); }
  void result(const std::string &value, const Shape &shape, DType dtype,
              const std::string &name) {
    results.push_back({value, tensorType(shape, elementName(dtype)), name});
  }

  std::string text() const {
    std::ostringstream os;
    os << "func.func @main(";
    for (size_t i = 0; i < args.size(); ++i)
      os << (i ? ", " : "") << "%" << args[i].name << ": " << args[i].type
         << " {mir.name = \"" << args[i].name << "\"}";
    os << ") -> (";
    for (size_t i = 0; i < results.size(); ++i)
      os << (i ? ", " : "") << results[i].type << " {mir.name = \""
         << results[i].name << "\"}";
    os << ") {\n";
    for (const std::string &line : body)
      os << "  " << line << "\n";
    os << "  return ";
    for (size_t i = 0; i < results.size(); ++i)
      os << (i ? ", " : "") << results[i].value;
    os << " : ";
    for (size_t i = 0; i < results.size(); ++i)
      os << (i ? ", " : "") << results[i].type;
    os << "\n}\n";
    return os.str();
  }

  std::vector<rlx::NamedInput> namedInputs() const {
    std::vector<rlx::NamedInput> v;
    for (size_t i = 0; i < names.size(); ++i)
      v.push_back({names[i], storage[i].data(), storage[i].size(), dtypes[i]});
    return v;
  }

  /// Binds every param of `graph`.
  bool bindParams(rlx::CompiledGraph &graph) const {
    for (const Param &p : params) {
      rlx::Status s =
          graph.setParamTyped(p.name, p.bytes.data(), p.bytes.size(), p.dtype);
      if (!s.isOk()) {
        ADD_FAILURE() << s.toString();
        return false;
      }
    }
    return true;
  }

  /// The run must have a dispatch with more than one workgroup.
  bool expectSplit = false;

private:
  struct Arg {
    std::string name, type;
  };
  struct Result {
    std::string value, type, name;
  };
  struct Param {
    std::string name;
    DType dtype;
    std::vector<uint8_t> bytes;
  };
  std::vector<Param> params;
  std::vector<Arg> args;
  std::vector<std::string> body;
  std::vector<Result> results;
  std::vector<std::string> names;
  std::vector<DType> dtypes;
  std::vector<std::vector<uint8_t>> storage;
};

//===----------------------------------------------------------------------===//
// Compile and run
//===----------------------------------------------------------------------===//

/// The device the suite runs on: one source, one binary per device
/// (OpSuiteTests, OpSuiteVulkanTests).
#ifdef RLX_OPSUITE_VULKAN
constexpr rlx::Device kDevice = rlx::Device::vulkan;
#else
constexpr rlx::Device kDevice = rlx::Device::cpu;
#endif

rlx::Session &session() {
  // `custom` with no map keeps every op's element type as written (the f32
  // policy would compute f16 / bf16 ops in f32).
  static rlx::Session s(kDevice, rlx::Precision::custom);
  return s;
}

rlx::CompileOptions suiteOptions(int threads = 0) {
  rlx::CompileOptions options;
  options.fuse = false;          // the op under test is the kernel that runs
  options.foldConstants = false; // constants stay (scalar operands, slots)
  options.threads = threads;
  return options;
}

using Outputs = std::vector<rlx::NamedOutput>;

int64_t largestGrid(const rlx::Manifest &m) {
  int64_t grid = 1;
  for (const rlx::Dispatch &d : m.dispatches)
    grid = std::max(grid, d.grid[0] * d.grid[1] * d.grid[2]);
  return grid;
}

/// The element type of `text`'s tensors the suite's device cannot store, or
/// "": Vulkan has no bf16 (SPIR-V has no bf16 arithmetic), and rlx asks no
/// Vulkan device for Float64 (docs/VulkanBackend.md, "Element types").
std::string unsupportedType(const std::string &text) {
  if (kDevice != rlx::Device::vulkan)
    return "";
  for (const char *type : {"bf16", "f64"})
    if (text.find(std::string(type) + ">") != std::string::npos)
      return type;
  return "";
}

/// Compiles and runs `p`; on failure reports the status and the module. On
/// a device without one of its element types, checks instead that the
/// compiler refuses it by name (unimplemented) and returns false.
bool run(const Program &p, Outputs *outputs, int threads = 0) {
  std::string text = p.text();
  if (std::string type = unsupportedType(text); !type.empty()) {
    auto graph = session().compileWith(text, suiteOptions(threads));
    EXPECT_FALSE(graph.isOk())
        << rlx::deviceName(kDevice) << " compiled " << type << ":\n"
        << text;
    if (!graph.isOk()) {
      EXPECT_EQ(graph.status().code(), rlx::StatusCode::unimplemented)
          << graph.status().toString();
      EXPECT_NE(graph.status().message().find(type + " ("), std::string::npos)
          << graph.status().toString();
    }
    return false;
  }
  auto graph = session().compileWith(text, suiteOptions(threads));
  if (!graph.isOk()) {
    ADD_FAILURE() << graph.status().toString() << "\nmodule:\n" << text;
    return false;
  }
  // The CPU's split policy (chunks of >= 16384 elements); GPU kernels size
  // their grids by their own rules.
  if (p.expectSplit && kDevice == rlx::Device::cpu)
    EXPECT_GT(largestGrid(graph->manifest()), 1)
        << "no dispatch splits into workgroups:\n"
        << text;
  if (!p.bindParams(*graph))
    return false;
  auto out = graph->run(p.namedInputs());
  if (!out.isOk()) {
    ADD_FAILURE() << out.status().toString() << "\nmodule:\n" << text;
    return false;
  }
  *outputs = std::move(*out);
  return true;
}

const rlx::NamedOutput &get(const Outputs &outputs, const std::string &name) {
  static const rlx::NamedOutput missing;
  for (const rlx::NamedOutput &o : outputs)
    if (o.name == name)
      return o;
  ADD_FAILURE() << "no output named " << name;
  return missing;
}

template <typename T> std::vector<T> raw(const rlx::NamedOutput &out) {
  std::vector<T> v(out.bytes.size() / sizeof(T));
  if (!v.empty())
    std::memcpy(v.data(), out.bytes.data(), v.size() * sizeof(T));
  return v;
}

/// The output's values as doubles, whatever its float dtype.
std::vector<double> floatsOf(const rlx::NamedOutput &out) {
  switch (out.dtype) {
  case DType::f32:
    return ref::map<double>(raw<float>(out), [](float x) { return double(x); });
  case DType::f64:
    return raw<double>(out);
  case DType::f16:
    return ref::map<double>(raw<uint16_t>(out), [](uint16_t h) {
      return double(ref::halfToFloat(h));
    });
  case DType::bf16:
    return ref::map<double>(raw<uint16_t>(out), [](uint16_t h) {
      return double(ref::bf16ToFloat(h));
    });
  default:
    ADD_FAILURE() << "output " << out.name << " is not a float tensor";
    return {};
  }
}

bool checkHeader(const rlx::NamedOutput &out, const Shape &shape, DType dtype,
                 size_t count) {
  EXPECT_EQ(out.shape, shape) << "output " << out.name;
  EXPECT_EQ(out.dtype, dtype) << "output " << out.name;
  EXPECT_EQ(out.bytes.size(), count * rlx::dtypeSize(dtype))
      << "output " << out.name;
  return out.shape == shape && out.dtype == dtype &&
         out.bytes.size() == count * rlx::dtypeSize(dtype);
}

bool sameFloat(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

/// Exact: bitwise equal values (NaN matches any NaN, -0 differs from +0).
void expectExact(const rlx::NamedOutput &out, const Shape &shape, DType dtype,
                 const std::vector<double> &want) {
  if (!checkHeader(out, shape, dtype, want.size()))
    return;
  std::vector<double> got = floatsOf(out);
  size_t bad = 0;
  for (size_t i = 0; i < want.size(); ++i)
    if (!sameFloat(got[i], want[i]) && bad++ < 5)
      ADD_FAILURE() << out.name << "[" << i << "]: got " << got[i] << ", want "
                    << want[i] << " (exact)";
  EXPECT_EQ(bad, 0u) << out.name << ": " << bad << " of " << want.size()
                     << " elements differ";
}

void expectExactF32(const rlx::NamedOutput &out, const Shape &shape,
                    const std::vector<float> &want) {
  expectExact(out, shape, DType::f32, toDouble(want));
}

/// Exact integer (or i1) values.
template <typename T>
void expectInts(const rlx::NamedOutput &out, const Shape &shape, DType dtype,
                const std::vector<T> &want) {
  if (!checkHeader(out, shape, dtype, want.size()))
    return;
  std::vector<T> got = raw<T>(out);
  size_t bad = 0;
  for (size_t i = 0; i < want.size(); ++i)
    if (got[i] != want[i] && bad++ < 5)
      ADD_FAILURE() << out.name << "[" << i << "]: got " << int64_t(got[i])
                    << ", want " << int64_t(want[i]);
  EXPECT_EQ(bad, 0u) << out.name << ": " << bad << " of " << want.size()
                     << " elements differ";
}

/// |got - want| <= tol[i] per element (NaN never passes; an infinite want
/// only itself).
void expectWithin(const rlx::NamedOutput &out, const Shape &shape, DType dtype,
                  const std::vector<double> &want,
                  const std::vector<double> &tol) {
  if (!checkHeader(out, shape, dtype, want.size()))
    return;
  std::vector<double> got = floatsOf(out);
  size_t bad = 0;
  double worst = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    double err = got[i] == want[i] ? 0 : std::fabs(got[i] - want[i]);
    if (tol[i] > 0)
      worst = std::max(worst, err / tol[i]);
    if (!(err <= tol[i]) && bad++ < 5)
      ADD_FAILURE() << out.name << "[" << i << "]: got " << got[i] << ", want "
                    << want[i] << ", error " << err << " > tolerance "
                    << tol[i];
  }
  EXPECT_EQ(bad, 0u) << out.name << ": " << bad << " of " << want.size()
                     << " elements outside tolerance; worst error/tolerance "
                     << worst;
  // How much of its tolerance each output uses (to review the bounds).
  if (std::getenv("RLX_OPSUITE_MARGINS"))
    std::printf(
        "margin %-10s %-22s worst error/tolerance %.3g\n", out.name.c_str(),
        ::testing::UnitTest::GetInstance()->current_test_info()->name(), worst);
}

/// tol[i] = rel * |want[i]| + abs.
std::vector<double> relTol(const std::vector<double> &want, double rel,
                           double abs = 0) {
  return ref::map<double>(want,
                          [&](double w) { return rel * std::fabs(w) + abs; });
}

/// One rounding of a result to `dtype`: its unit roundoff relative to the
/// value, plus half the subnormal spacing (f16: 2^-25, below 2^-14 the
/// spacing is absolute). 0 for f32 / f64, whose bounds cover their result.
double roundingTol(DType dtype, double want) {
  if (dtype == DType::f16)
    return kUHalf * std::fabs(want) + std::ldexp(1.0, -25);
  if (dtype == DType::bf16)
    return kUBf16 * std::fabs(want) + std::ldexp(1.0, -134);
  return 0;
}

//===----------------------------------------------------------------------===//
// Vulkan's precision
//===----------------------------------------------------------------------===//
//
// Vulkan 1.3, Appendix A, "Precision and Operation of SPIR-V Instructions"
// (docs/VulkanBackend.md, "Precision"): OpFAdd, OpFSub, OpFMul and
// conversions are correctly rounded; OpFDiv is within 2.5 ulp (|divisor| in
// [2^-126, 2^126]; f16: [2^-14, 2^14]); GLSL's inversesqrt within 2 ulp and
// sqrt "inherited from 1.0 / inversesqrt()"; sin and cos within 2^-11
// absolute on [-pi, pi] (nothing outside). rlx computes tan as sin / cos and
// rsqrt as 1 / sqrt. The bounds below follow from those alone; a correctly
// rounding device (lavapipe) meets them with room, a wrong op does not.

constexpr bool kOnVulkan = kDevice == rlx::Device::vulkan;

/// The spacing of `dtype`'s (f32 or f16) values at |v|: ulp(v), the larger
/// spacing where v is a power of two. Subnormals have the smallest normal
/// binade's spacing.
double ulpOf(double v, DType dtype) {
  int mantissa = dtype == DType::f16 ? 10 : 23;
  int minExponent = dtype == DType::f16 ? -14 : -126;
  double a = std::fabs(v);
  int e = a > 0 && std::isfinite(a) ? std::ilogb(a) : minExponent;
  return std::ldexp(1.0, std::max(e, minExponent) - mantissa);
}

/// OpFDiv: 2.5 ulp of the quotient `q`. A quotient below the smallest
/// normal may also be flushed to 0 (Vulkan allows flushing denormals).
double vulkanDivTol(double q, DType dtype) {
  double smallest =
      dtype == DType::f16 ? std::ldexp(1.0, -14) : std::ldexp(1.0, -126);
  return 2.5 * ulpOf(q, dtype) + (std::fabs(q) < smallest ? std::fabs(q) : 0);
}

/// sqrt(x) as 1 / inversesqrt(x): the reciprocal square root r within 2
/// ulp, then a division within 2.5 ulp. 0 and inf: exact.
double vulkanSqrtTol(double x) {
  if (!(x > 0) || std::isinf(x))
    return 0;
  double s = std::sqrt(x), r = 1 / s, e = 2 * ulpOf(r, DType::f32);
  double lo = 1 / (r + e), hi = 1 / (r - e);
  return std::max(s - lo, hi - s) + vulkanDivTol(hi, DType::f32);
}

/// rsqrt(x) = 1 / sqrt(x): the sqrt above, then a division.
double vulkanRsqrtTol(double x) {
  if (!(x > 0) || std::isinf(x))
    return 0;
  double s = std::sqrt(x), t = vulkanSqrtTol(x), r = 1 / s;
  double lo = 1 / (s + t), hi = 1 / (s - t);
  return std::max(r - lo, hi - r) + vulkanDivTol(hi, DType::f32);
}

/// GLSL's sin and cos: 2^-11 absolute on [-pi, pi].
constexpr double kVulkanSinCosAbs = 1.0 / 2048;

/// tan(x) = sin(x) / cos(x): both within 2^-11, then a division. Needs
/// |cos(x)| > 2^-11 (the suite's |x| <= 1.4 has |cos x| >= 0.16).
double vulkanTanTol(double x) {
  double s = std::sin(x), c = std::cos(x), e = kVulkanSinCosAbs;
  double t = s / c, worst = 0, largest = 0;
  for (double ds : {-e, e})
    for (double dc : {-e, e}) {
      double q = (s + ds) / (c + dc);
      worst = std::max(worst, std::fabs(q - t));
      largest = std::max(largest, std::fabs(q));
    }
  return worst + vulkanDivTol(largest, DType::f32);
}

std::string shapeName(const Shape &s) {
  std::string n;
  for (int64_t d : s)
    n += (n.empty() ? "" : "x") + std::to_string(d);
  return n.empty() ? "scalar" : n;
}

bool isBig(const Shape &s) { return ref::numElements(s) >= 32768; }

//===----------------------------------------------------------------------===//
// mir.unary
//===----------------------------------------------------------------------===//

const std::vector<Shape> kElementwiseShapes = {
    {}, {1, 1}, {129}, {3, 33}, {64, 1024}};

struct UnaryCase {
  const char *kind;
  double lo, hi;
  /// Tolerance |got - want| <= ulps * u * (|want| + xScale * |x|); ulps = 0
  /// means exact.
  double ulps;
  double xScale;
};

// Exact (ulps = 0): relu, neg, abs, round, floor, ceil, and sqrt (correctly
// rounded). erf runs as upstream's polynomial in vector code (scalar code
// calls libm): measured within 4.02 u of the f64 result on [-4, 4] (one of
// 65536 values above 4 u), so 6.
// Transcendental kinds: f32 libm (expf, erff, tanhf, sinf, ...) is within
// about 1 ulp; each formula adds a few roundings. gelu and gelu_tanh lose
// relative accuracy where 1 + erf / 1 + tanh cancels (x << 0), so their
// bound is relative to |x| as well as to the result. On Vulkan see
// vulkanUnaryTol.
const UnaryCase kUnaryCases[] = {
    {"gelu", -6, 6, 8, 1},      {"gelu_tanh", -6, 6, 8, 1},
    {"silu", -12, 12, 6, 0},    {"sigmoid", -12, 12, 6, 0},
    {"tanh", -6, 6, 4, 0},      {"exp", -20, 20, 4, 0},
    {"log", 1e-3, 100, 4, 0},   {"sqrt", 0, 100, 0, 0},
    {"rsqrt", 1e-3, 100, 3, 0}, {"neg", -10, 10, 0, 0},
    {"abs", -10, 10, 0, 0},     {"relu", -10, 10, 0, 0},
    {"sin", -10, 10, 4, 0},     {"cos", -10, 10, 4, 0},
    {"tan", -1.4, 1.4, 4, 0},   {"atan", -20, 20, 4, 0},
    {"round", -8, 8, 0, 0},     {"erf", -4, 4, 6, 0},
    {"floor", -8, 8, 0, 0},     {"ceil", -8, 8, 0, 0},
};

class UnaryTest : public ::testing::TestWithParam<UnaryCase> {};

/// The bound of unary `kind` on Vulkan at x (exact result `want`), given
/// the CPU's bound `cpu`. sqrt, rsqrt, sin, cos and tan: the Vulkan bounds
/// above. Where rlx's expansion divides, its division's 2 ulp beyond the
/// correctly rounded 0.5 the CPU bound assumes (at most 4 u relative)
/// propagate: sigmoid 1 / (1 + e^-x) and silu x / (1 + e^-x) by 4 u |want|;
/// tanh's 1 - 2 / (e^2|x| + 1) (for |x| >= 0.625, where 2 / (e^2|x| + 1)
/// <= 0.81 |tanh x|) by 4 u |want|; atan's reduced argument (-1 / |x| or
/// (|x| - 1) / (|x| + 1), below tan(pi / 8) while the result is above
/// pi / 8) by 5 u |want|; the erf and tanh inside gelu and gelu_tanh by at
/// most 4 u of a term below 1, times |x| / 2: 2 u |x|. exp, log (no
/// division) and the exact kinds keep the CPU's bound.
double vulkanUnaryTol(const std::string &kind, double x, double want,
                      double cpu) {
  if (kind == "sqrt")
    return vulkanSqrtTol(x);
  if (kind == "rsqrt")
    return vulkanRsqrtTol(x);
  if (kind == "sin" || kind == "cos")
    return kVulkanSinCosAbs;
  if (kind == "tan")
    return vulkanTanTol(x);
  if (kind == "sigmoid" || kind == "silu" || kind == "tanh")
    return cpu + 4 * kU * std::fabs(want);
  if (kind == "atan")
    return cpu + 5 * kU * std::fabs(want);
  if (kind == "gelu" || kind == "gelu_tanh")
    return cpu + 2 * kU * std::fabs(x);
  return cpu;
}

TEST_P(UnaryTest, MatchesReference) {
  const UnaryCase &c = GetParam();
  std::string kind = c.kind;
  Program p;
  std::vector<std::vector<float>> inputs;
  // Vulkan bounds sin and cos on [-pi, pi] only (just inside it here).
  double lo = c.lo, hi = c.hi;
  if (kOnVulkan && (kind == "sin" || kind == "cos"))
    lo = -3.14159, hi = 3.14159;
  for (size_t s = 0; s < kElementwiseShapes.size(); ++s) {
    const Shape &shape = kElementwiseShapes[s];
    std::vector<float> x = uniform(ref::numElements(shape), lo, hi, 100 + s);
    if (kind == "round" || kind == "floor" || kind == "ceil")
      // quarter steps: exact halves (round's ties to even), and integers
      for (float &v : x)
        v = std::round(v * 4) / 4;
    if (shape == Shape{3, 33}) {
      // Special values where they have a defined exact result.
      if (kind == "relu" || kind == "neg" || kind == "abs" || kind == "round" ||
          kind == "floor" || kind == "ceil") {
        const float specials[] = {kNaN,  -0.0f, 0.0f, kInf,  -kInf, 0.5f,
                                  -0.5f, 1.5f,  2.5f, -2.5f, -3.5f};
        for (size_t i = 0; i < std::size(specials); ++i)
          x[i] = specials[i];
      }
      if (kind == "sqrt")
        x[0] = 0.0f, x[1] = -0.0f, x[2] = kInf;
      if (kind == "exp")
        x[0] = -kInf, x[1] = 0.0f;
      // tanh's vector code (rlx-approximate-vector-math) on |x| with the
      // sign restored: -0 stays -0 (checked below), +-inf gives +-1.
      if (kind == "tanh")
        x[0] = -0.0f, x[1] = 0.0f, x[2] = kInf, x[3] = -kInf, x[4] = 1e-30f,
        x[5] = -20.0f, x[6] = 0.625f, x[7] = -0.62499994f;
    }
    inputs.push_back(x);
    std::string n = std::to_string(s);
    std::string t = tensorType(shape, "f32");
    std::string in = p.f32("x" + n, shape, x);
    p.op("%y" + n + " = mir.unary " + kind + " " + in + " : " + t);
    p.result("%y" + n, shape, DType::f32, "y" + n);
  }
  p.expectSplit = true;
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t s = 0; s < kElementwiseShapes.size(); ++s) {
    SCOPED_TRACE("shape " + shapeName(kElementwiseShapes[s]));
    const std::vector<float> &x = inputs[s];
    const rlx::NamedOutput &y = get(out, "y" + std::to_string(s));
    // Vulkan's sqrt is not correctly rounded.
    bool exact = c.ulps == 0 && !(kOnVulkan && kind == "sqrt");
    if (exact) {
      std::vector<double> want(x.size());
      for (size_t i = 0; i < x.size(); ++i)
        want[i] = kind == "sqrt"
                      ? static_cast<float>(std::sqrt(static_cast<double>(x[i])))
                      : ref::unaryExact(kind, x[i]);
      expectExact(y, kElementwiseShapes[s], DType::f32, want);
      continue;
    }
    std::vector<double> want(x.size()), tol(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
      want[i] = ref::unary(kind, x[i]);
      tol[i] = c.ulps * kU *
               (std::fabs(want[i]) +
                (c.xScale != 0 ? c.xScale * std::fabs(x[i]) : 0.0));
      if (kOnVulkan)
        tol[i] = vulkanUnaryTol(kind, x[i], want[i], tol[i]);
      if (std::isinf(want[i]) || want[i] == 0) // exp(-inf), ...: exact
        tol[i] = 0;
    }
    expectWithin(y, kElementwiseShapes[s], DType::f32, want, tol);
    if (kind == "tanh" && kElementwiseShapes[s] == Shape{3, 33})
      EXPECT_TRUE(std::signbit(floatsOf(y)[0])) << "tanh(-0) must be -0";
  }
}

INSTANTIATE_TEST_SUITE_P(AllKinds, UnaryTest, ::testing::ValuesIn(kUnaryCases),
                         [](const ::testing::TestParamInfo<UnaryCase> &info) {
                           return std::string(info.param.kind);
                         });

// Integer neg, abs and relu wrap (mir.unary C2): exact, INT_MIN included.
TEST(Unary, IntegerKinds) {
  for (const char *kind : {"neg", "abs", "relu"}) {
    SCOPED_TRACE(kind);
    Program p;
    std::vector<int32_t> a = integers<int32_t>(129, -100000, 100000, 1);
    a[0] = std::numeric_limits<int32_t>::min();
    a[1] = std::numeric_limits<int32_t>::max();
    a[2] = 0;
    std::vector<int8_t> b = integers<int8_t>(33, -128, 127, 2);
    b[0] = -128;
    b[1] = 127;
    std::vector<int32_t> one = {-7};
    std::string k = kind;
    p.op("%ya = mir.unary " + k + " " + p.input("a", {129}, DType::i32, a) +
         " : tensor<129xi32>");
    p.op("%yb = mir.unary " + k + " " + p.input("b", {3, 11}, DType::i8, b) +
         " : tensor<3x11xi8>");
    p.op("%yc = mir.unary " + k + " " + p.input("c", {1}, DType::i32, one) +
         " : tensor<1xi32>");
    p.result("%ya", {129}, DType::i32, "ya");
    p.result("%yb", {3, 11}, DType::i8, "yb");
    p.result("%yc", {1}, DType::i32, "yc");
    Outputs out;
    if (!run(p, &out))
      return;
    // Two's complement wrap: compute in 64 bits, keep the low bits.
    auto apply = [&](int64_t v) -> int64_t {
      if (k == "neg")
        return -v;
      if (k == "abs")
        return v < 0 ? -v : v;
      return v > 0 ? v : 0;
    };
    expectInts(get(out, "ya"), {129}, DType::i32,
               ref::map<int32_t>(a, [&](int32_t v) {
                 return static_cast<int32_t>(static_cast<uint32_t>(apply(v)));
               }));
    expectInts(get(out, "yb"), {3, 11}, DType::i8,
               ref::map<int8_t>(b, [&](int8_t v) {
                 return static_cast<int8_t>(static_cast<uint8_t>(apply(v)));
               }));
    expectInts(get(out, "yc"), {1}, DType::i32,
               ref::map<int32_t>(one, [&](int32_t v) {
                 return static_cast<int32_t>(apply(v));
               }));
  }
}

//===----------------------------------------------------------------------===//
// mir.binary
//===----------------------------------------------------------------------===//

struct BroadcastCase {
  Shape lhs, rhs;
};

const std::vector<BroadcastCase> kBroadcastCases = {
    {{4, 1}, {1, 5}},
    {{3}, {2, 3}},
    {{}, {}},
    {{2, 3}, {}},
    {{}, {7}},
    {{1}, {1}},
    {{3, 33}, {3, 33}},
    {{129}, {1}},
    {{64, 1024}, {1024}},
    {{64, 1}, {64, 1024}},
    {{2, 1, 17}, {3, 1}},
};

/// Inputs for a float binary kind: pow needs a positive base, div a
/// divisor away from 0.
std::vector<float> binaryInput(const std::string &kind, bool rhs, int64_t n,
                               uint64_t seed) {
  if (kind == "pow")
    return rhs ? uniform(n, -3, 3, seed) : uniform(n, 0.1, 4, seed);
  std::vector<float> v = uniform(n, -4, 4, seed);
  if (kind == "div" && rhs)
    for (float &x : v)
      x = x < 0 ? x - 0.25f : x + 0.25f;
  return v;
}

class BinaryTest : public ::testing::TestWithParam<const char *> {};

/// pow's bound relative to |x^y|: 4 u on the CPU (libm's powf); on Vulkan,
/// where x^y is exp(y log|x|) in f32 (no Pow with a bound of its own), the
/// relative error of t = y log|x| (log's and the product's, about 3 u)
/// scales by |t|, plus exp's 4 u.
double powUlps(float x, float y) {
  if (kDevice == rlx::Device::cpu)
    return 4;
  return 4 + 3 * std::fabs(double(y) * std::log(std::fabs(double(x))));
}

// add, sub, mul, div, max, min: exact (one correctly rounded operation).
// pow: powf against the exact (double) power: |got - want| <= powUlps u
// |want| (2 ulp at worst on the CPU). On Vulkan div is within 2.5 ulp of
// the exact quotient (vulkanDivTol); the others as on the CPU.
TEST_P(BinaryTest, FloatBroadcasting) {
  std::string kind = GetParam();
  Program p;
  std::vector<std::pair<std::vector<float>, std::vector<float>>> data;
  for (size_t i = 0; i < kBroadcastCases.size(); ++i) {
    const BroadcastCase &c = kBroadcastCases[i];
    Shape os = ref::broadcastShape(c.lhs, c.rhs);
    std::vector<float> a =
        binaryInput(kind, false, ref::numElements(c.lhs), 10 + i);
    std::vector<float> b =
        binaryInput(kind, true, ref::numElements(c.rhs), 50 + i);
    data.push_back({a, b});
    std::string n = std::to_string(i);
    std::string lhs = p.f32("a" + n, c.lhs, a), rhs = p.f32("b" + n, c.rhs, b);
    p.op("%y" + n + " = mir.binary " + kind + " " + lhs + ", " + rhs + " : (" +
         tensorType(c.lhs, "f32") + ", " + tensorType(c.rhs, "f32") + ") -> " +
         tensorType(os, "f32"));
    p.result("%y" + n, os, DType::f32, "y" + n);
  }
  // A splat constant operand (folded into the kernel as a scalar) and a
  // dense constant (an arena constant slot).
  std::vector<float> x = binaryInput(kind, false, 20, 99);
  std::string xv = p.f32("x", {4, 5}, x);
  p.op("%splat = mir.constant dense<1.500000e+00> : tensor<4x5xf32>");
  p.op("%dense = mir.constant dense<[5.000000e-01, 1.250000e+00, "
       "7.500000e-01, 2.000000e+00, 3.000000e+00]> : tensor<5xf32>");
  p.op("%ys = mir.binary " + kind + " " + xv +
       ", %splat : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>");
  p.op("%yd = mir.binary " + kind + " %dense, " + xv +
       " : (tensor<5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>");
  p.result("%ys", {4, 5}, DType::f32, "ys");
  p.result("%yd", {4, 5}, DType::f32, "yd");
  p.expectSplit = true;
  Outputs out;
  if (!run(p, &out))
    return;

  // (x, y) -> pow's bound (Vulkan's div's below), for broadcast2.
  std::function<double(float, float)> boundOf = [](float x, float y) {
    return powUlps(x, y) * kU * std::fabs(std::pow(double(x), double(y)));
  };
  bool vulkanDiv = kOnVulkan && kind == "div";
  if (vulkanDiv)
    boundOf = [](float x, float y) {
      return vulkanDivTol(double(x) / double(y), DType::f32);
    };
  auto checkWith = [&](const rlx::NamedOutput &y, const Shape &os,
                       const std::vector<double> &want,
                       const std::vector<double> &tol) {
    if (kind == "pow" || vulkanDiv)
      expectWithin(y, os, DType::f32, want, tol);
    else
      expectExact(y, os, DType::f32, want);
  };
  // pow (and Vulkan's div) in double, unrounded; the others in float, each
  // correctly rounded.
  auto fn = [&](float a, float b) {
    if (vulkanDiv)
      return double(a) / double(b);
    return kind == "pow" ? std::pow(double(a), double(b))
                         : double(ref::binaryFloat(kind, a, b));
  };
  for (size_t i = 0; i < kBroadcastCases.size(); ++i) {
    const BroadcastCase &c = kBroadcastCases[i];
    SCOPED_TRACE(shapeName(c.lhs) + " with " + shapeName(c.rhs));
    Shape os;
    std::vector<double> want = ref::broadcast2<double>(
        data[i].first, c.lhs, data[i].second, c.rhs, fn, &os);
    checkWith(get(out, "y" + std::to_string(i)), os, want,
              ref::broadcast2<double>(data[i].first, c.lhs, data[i].second,
                                      c.rhs, boundOf));
  }
  std::vector<float> splat(20, 1.5f), dense = {0.5f, 1.25f, 0.75f, 2.0f, 3.0f};
  checkWith(get(out, "ys"), {4, 5},
            ref::broadcast2<double>(x, {4, 5}, splat, {4, 5}, fn),
            ref::broadcast2<double>(x, {4, 5}, splat, {4, 5}, boundOf));
  checkWith(get(out, "yd"), {4, 5},
            ref::broadcast2<double>(dense, {5}, x, {4, 5}, fn),
            ref::broadcast2<double>(dense, {5}, x, {4, 5}, boundOf));
}

INSTANTIATE_TEST_SUITE_P(AllKinds, BinaryTest,
                         ::testing::Values("add", "sub", "mul", "div", "max",
                                           "min", "pow"));

// max / min: NaN propagates, max(-0, +0) = +0, min(-0, +0) = -0 (MIR.md,
// "Scalar semantics"). Exact.
TEST(Binary, MaxMinSpecialValues) {
  std::vector<float> a = {kNaN,  1.0f, kNaN, -0.0f, 0.0f,
                          -0.0f, 0.0f, kInf, -kInf, 3.0f};
  std::vector<float> b = {1.0f,  kNaN, kNaN, 0.0f, -0.0f,
                          -0.0f, 0.0f, 2.0f, 2.0f, kInf};
  Program p;
  std::string x = p.f32("a", {10}, a), y = p.f32("b", {10}, b);
  for (const char *kind : {"max", "min"})
    p.op(std::string("%") + kind + " = mir.binary " + kind + " " + x + ", " +
         y + " : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>");
  p.result("%max", {10}, DType::f32, "max");
  p.result("%min", {10}, DType::f32, "min");
  Outputs out;
  if (!run(p, &out))
    return;
  expectExactF32(get(out, "max"), {10},
                 ref::broadcast2<float>(a, {10}, b, {10}, ref::maximum));
  expectExactF32(get(out, "min"), {10},
                 ref::broadcast2<float>(a, {10}, b, {10}, ref::minimum));
}

// The same on f16 and bf16 (bf16 max / min compute in f32), and relu
// (maximum with +0: relu(-0) = +0, relu(NaN) = NaN). Exact.
TEST(Binary, MaxMinSpecialValuesHalf) {
  std::vector<float> a = {kNaN,  1.0f, kNaN, -0.0f, 0.0f,
                          -0.0f, 0.0f, kInf, -kInf, 3.0f};
  std::vector<float> b = {1.0f,  kNaN, kNaN, 0.0f, -0.0f,
                          -0.0f, 0.0f, 2.0f, 2.0f, kInf};
  for (DType dtype : {DType::f16, DType::bf16}) {
    std::string elt = elementName(dtype);
    SCOPED_TRACE(elt);
    auto bits = dtype == DType::f16 ? halfBits : bf16Bits;
    std::string t = tensorType({10}, elt);
    Program p;
    std::string x = p.input("a", {10}, dtype, bits(a));
    std::string y = p.input("b", {10}, dtype, bits(b));
    for (const char *kind : {"max", "min"})
      p.op(std::string("%") + kind + " = mir.binary " + kind + " " + x + ", " +
           y + " : (" + t + ", " + t + ") -> " + t);
    p.op("%relu = mir.unary relu " + x + " : " + t);
    p.result("%max", {10}, dtype, "max");
    p.result("%min", {10}, dtype, "min");
    p.result("%relu", {10}, dtype, "relu");
    Outputs out;
    if (!run(p, &out))
      return;
    expectExact(get(out, "max"), {10}, dtype,
                ref::broadcast2<double>(a, {10}, b, {10}, ref::maximum));
    expectExact(get(out, "min"), {10}, dtype,
                ref::broadcast2<double>(a, {10}, b, {10}, ref::minimum));
    expectExact(get(out, "relu"), {10}, dtype, ref::map<double>(a, [](float v) {
                  return ref::maximum(v, 0.0f);
                }));
  }
}

// Integer kinds (i32, i8 and i64), broadcasting: exact. Division truncates
// toward zero; divisors are nonzero (x / 0 has no defined value).
TEST(Binary, IntegerKinds) {
  for (const char *kindName : {"add", "sub", "mul", "div", "max", "min"}) {
    std::string kind = kindName;
    SCOPED_TRACE(kind);
    Program p;
    std::vector<int32_t> a = integers<int32_t>(4, -1000, 1000, 1);
    std::vector<int32_t> b = integers<int32_t>(5, -1000, 1000, 2);
    std::vector<int32_t> c = integers<int32_t>(64 * 1024, -30000, 30000, 3);
    std::vector<int32_t> d = integers<int32_t>(1024, -30000, 30000, 4);
    std::vector<int8_t> e = integers<int8_t>(33, -11, 11, 5);
    std::vector<int8_t> f = integers<int8_t>(33, -11, 11, 6);
    std::vector<int64_t> g = integers<int64_t>(17, -1000000000, 1000000000, 7);
    std::vector<int64_t> h = {-3};
    for (auto *v : {&b, &d})
      for (int32_t &x : *v)
        x = x == 0 ? 7 : x;
    for (int8_t &x : f)
      x = x == 0 ? 3 : x;
    std::string ta = "tensor<4x1xi32>", tb = "tensor<1x5xi32>";
    p.op("%y0 = mir.binary " + kind + " " +
         p.input("a", {4, 1}, DType::i32, a) + ", " +
         p.input("b", {1, 5}, DType::i32, b) + " : (" + ta + ", " + tb +
         ") -> tensor<4x5xi32>");
    p.op("%y1 = mir.binary " + kind + " " +
         p.input("c", {64, 1024}, DType::i32, c) + ", " +
         p.input("d", {1024}, DType::i32, d) +
         " : (tensor<64x1024xi32>, tensor<1024xi32>) -> tensor<64x1024xi32>");
    p.op("%y2 = mir.binary " + kind + " " + p.input("e", {33}, DType::i8, e) +
         ", " + p.input("f", {33}, DType::i8, f) +
         " : (tensor<33xi8>, tensor<33xi8>) -> tensor<33xi8>");
    p.op("%y3 = mir.binary " + kind + " " + p.input("g", {17}, DType::i64, g) +
         ", " + p.input("h", {}, DType::i64, h) +
         " : (tensor<17xi64>, tensor<i64>) -> tensor<17xi64>");
    p.result("%y0", {4, 5}, DType::i32, "y0");
    p.result("%y1", {64, 1024}, DType::i32, "y1");
    p.result("%y2", {33}, DType::i8, "y2");
    p.result("%y3", {17}, DType::i64, "y3");
    p.expectSplit = true;
    Outputs out;
    if (!run(p, &out))
      return;
    auto fn32 = [&](int32_t x, int32_t y) {
      return static_cast<int32_t>(ref::binaryInt(kind, x, y));
    };
    // i8 products wrap: keep the low 8 bits.
    auto fn8 = [&](int8_t x, int8_t y) {
      return static_cast<int8_t>(
          static_cast<uint8_t>(ref::binaryInt(kind, x, y)));
    };
    auto fn64 = [&](int64_t x, int64_t y) {
      return ref::binaryInt(kind, x, y);
    };
    expectInts(get(out, "y0"), {4, 5}, DType::i32,
               ref::broadcast2<int32_t>(a, {4, 1}, b, {1, 5}, fn32));
    expectInts(get(out, "y1"), {64, 1024}, DType::i32,
               ref::broadcast2<int32_t>(c, {64, 1024}, d, {1024}, fn32));
    expectInts(get(out, "y2"), {33}, DType::i8,
               ref::broadcast2<int8_t>(e, {33}, f, {33}, fn8));
    expectInts(get(out, "y3"), {17}, DType::i64,
               ref::broadcast2<int64_t>(g, {17}, h, {}, fn64));
  }
}

//===----------------------------------------------------------------------===//
// mir.compare
//===----------------------------------------------------------------------===//

class CompareTest : public ::testing::TestWithParam<const char *> {};

// Exact: i1 results (one byte, 0 or 1). Floats include NaN (ordered
// predicates false, `ne` true), -0 == +0, and many equal pairs.
TEST_P(CompareTest, FloatsAndIntegers) {
  std::string kind = GetParam();
  const float pool[] = {-1.0f, 0.0f, -0.0f, 1.0f, 2.0f, kNaN, kInf};
  auto pick = [&](int64_t n, uint64_t seed) {
    Rng rng(seed);
    std::vector<float> v(n);
    for (float &x : v)
      x = pool[rng.integer(0, 6)];
    return v;
  };
  Program p;
  const std::vector<BroadcastCase> cases = {{{4, 1}, {1, 5}},
                                            {{}, {}},
                                            {{1}, {1}},
                                            {{3, 33}, {33}},
                                            {{64, 1024}, {1024}}};
  std::vector<std::pair<std::vector<float>, std::vector<float>>> data;
  for (size_t i = 0; i < cases.size(); ++i) {
    const BroadcastCase &c = cases[i];
    Shape os = ref::broadcastShape(c.lhs, c.rhs);
    data.push_back({pick(ref::numElements(c.lhs), 20 + i),
                    pick(ref::numElements(c.rhs), 40 + i)});
    std::string n = std::to_string(i);
    std::string lhs = p.f32("a" + n, c.lhs, data[i].first);
    std::string rhs = p.f32("b" + n, c.rhs, data[i].second);
    p.op("%y" + n + " = mir.compare " + kind + " " + lhs + ", " + rhs + " : (" +
         tensorType(c.lhs, "f32") + ", " + tensorType(c.rhs, "f32") + ") -> " +
         tensorType(os, "i1"));
    p.result("%y" + n, os, DType::i1, "y" + n);
  }
  std::vector<int32_t> ia = integers<int32_t>(129, -3, 3, 7);
  std::vector<int32_t> ib = integers<int32_t>(129, -3, 3, 8);
  p.op("%yi = mir.compare " + kind + " " +
       p.input("ia", {129}, DType::i32, ia) + ", " +
       p.input("ib", {129}, DType::i32, ib) +
       " : (tensor<129xi32>, tensor<129xi32>) -> tensor<129xi1>");
  p.result("%yi", {129}, DType::i1, "yi");
  p.expectSplit = true;
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(shapeName(cases[i].lhs) + " with " + shapeName(cases[i].rhs));
    Shape os;
    std::vector<uint8_t> want = ref::broadcast2<uint8_t>(
        data[i].first, cases[i].lhs, data[i].second, cases[i].rhs,
        [&](float a, float b) { return uint8_t(ref::compare(kind, a, b)); },
        &os);
    expectInts(get(out, "y" + std::to_string(i)), os, DType::i1, want);
  }
  expectInts(
      get(out, "yi"), {129}, DType::i1,
      ref::broadcast2<uint8_t>(ia, {129}, ib, {129}, [&](int32_t a, int32_t b) {
        return uint8_t(ref::compare(kind, a, b));
      }));
}

INSTANTIATE_TEST_SUITE_P(AllKinds, CompareTest,
                         ::testing::Values("eq", "ne", "lt", "le", "gt", "ge"));

//===----------------------------------------------------------------------===//
// mir.select
//===----------------------------------------------------------------------===//

// Exact. Condition, true and false values broadcast against each other.
TEST(Select, Broadcasting) {
  struct Case {
    Shape c, t, f;
  };
  const std::vector<Case> cases = {{{4, 1}, {1, 5}, {}},
                                   {{1}, {1}, {1}},
                                   {{3, 33}, {33}, {3, 1}},
                                   {{}, {2, 3}, {3}},
                                   {{64, 1024}, {64, 1024}, {1024}}};
  Program p;
  struct Data {
    std::vector<uint8_t> c;
    std::vector<float> t, f;
  };
  std::vector<Data> data;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    Shape os = ref::broadcastShape(ref::broadcastShape(c.c, c.t), c.f);
    Data d{integers<uint8_t>(ref::numElements(c.c), 0, 1, 60 + i),
           uniform(ref::numElements(c.t), -5, 5, 70 + i),
           uniform(ref::numElements(c.f), -5, 5, 80 + i)};
    data.push_back(d);
    std::string n = std::to_string(i);
    std::string cond = p.input("c" + n, c.c, DType::i1, d.c);
    std::string tv = p.f32("t" + n, c.t, d.t), fv = p.f32("f" + n, c.f, d.f);
    p.op("%y" + n + " = mir.select " + cond + ", " + tv + ", " + fv + " : (" +
         tensorType(c.c, "i1") + ", " + tensorType(c.t, "f32") + ", " +
         tensorType(c.f, "f32") + ") -> " + tensorType(os, "f32"));
    p.result("%y" + n, os, DType::f32, "y" + n);
  }
  // Integer values.
  std::vector<uint8_t> ic = integers<uint8_t>(17, 0, 1, 5);
  std::vector<int32_t> it = integers<int32_t>(17, -99, 99, 6), jf = {-1};
  p.op("%yi = mir.select " + p.input("ic", {17}, DType::i1, ic) + ", " +
       p.input("it", {17}, DType::i32, it) + ", " +
       p.input("if", {}, DType::i32, jf) +
       " : (tensor<17xi1>, tensor<17xi32>, tensor<i32>) -> tensor<17xi32>");
  p.result("%yi", {17}, DType::i32, "yi");
  p.expectSplit = true;
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE("case " + std::to_string(i));
    Shape os;
    std::vector<float> want =
        ref::select(data[i].c, cases[i].c, data[i].t, cases[i].t, data[i].f,
                    cases[i].f, &os);
    expectExactF32(get(out, "y" + std::to_string(i)), os, want);
  }
  expectInts(get(out, "yi"), {17}, DType::i32,
             ref::select(ic, {17}, it, {17}, jf, {}));
}

//===----------------------------------------------------------------------===//
// mir.cast
//===----------------------------------------------------------------------===//

/// Floats that exercise rounding to f16 / bf16: random magnitudes over the
/// normal and subnormal f16 range, exact ties, overflow, specials.
std::vector<float> castInputs(int64_t n, uint64_t seed) {
  Rng rng(seed);
  std::vector<float> v(n);
  for (float &x : v) {
    double m = rng.uniform(1, 2) * std::ldexp(1.0, rng.integer(-26, 17));
    x = static_cast<float>(rng.next() & 1 ? -m : m);
  }
  const float specials[] = {
      0.0f,
      -0.0f,
      kInf,
      -kInf,
      kNaN,
      65504.0f,
      65519.0f,
      65520.0f,
      1.0f + 1.0f / 2048,           // f16 tie between 1 and 1 + 2^-10: even
      1.0f + 3.0f / 2048,           // f16 tie, rounds up to even
      1.0f + 1.0f / 256,            // bf16 tie: even (1)
      1.0f + 3.0f / 256,            // bf16 tie: up
      std::ldexp(1.0f, -24),        // smallest f16 subnormal
      std::ldexp(1.0f, -25),        // f16 tie with 0: even (0)
      std::ldexp(3.0f, -26),        // rounds up to 2^-24
      std::ldexp(1.0f, -14) * 1.5f, // f16 normal boundary region
      3.4e38f};                     // bf16: rounds to inf
  for (size_t i = 0; i < std::size(specials) && i < v.size(); ++i)
    v[i] = specials[i];
  return v;
}

// Float to float rounds to nearest even: exact bits. (A NaN matches any
// NaN.)
TEST(Cast, FloatToHalfAndBf16) {
  const std::vector<Shape> shapes = {{1}, {129}, {64, 1024}};
  for (DType dtype : {DType::f16, DType::bf16}) {
    std::string elt = elementName(dtype);
    SCOPED_TRACE(elt);
    auto round = dtype == DType::f16 ? ref::roundToHalf : ref::roundToBf16;
    Program p;
    std::vector<std::vector<float>> data;
    for (size_t i = 0; i < shapes.size(); ++i) {
      std::vector<float> x = castInputs(ref::numElements(shapes[i]), 30 + i);
      if (i == 0)
        x = {1.0f + 3.0f / 2048};
      data.push_back(x);
      std::string n = std::to_string(i);
      std::string in = p.f32("x" + n, shapes[i], x);
      p.op("%h" + n + " = mir.cast " + in + " : " +
           tensorType(shapes[i], "f32") + " to " + tensorType(shapes[i], elt));
      p.result("%h" + n, shapes[i], dtype, "h" + n);
    }
    p.expectSplit = true;
    Outputs out;
    if (!run(p, &out))
      return;
    for (size_t i = 0; i < shapes.size(); ++i) {
      SCOPED_TRACE(shapeName(shapes[i]));
      expectExact(get(out, "h" + std::to_string(i)), shapes[i], dtype,
                  ref::map<double>(data[i], round));
    }
  }
}

// f16 / bf16 to f32 (and f16 to f64) is exact; f16 <-> bf16 rounds to
// nearest even. One program per type set, so a device without bf16 or f64
// still runs the f16 casts.
TEST(Cast, HalfAndBf16ToFloat) {
  std::vector<float> x = castInputs(129, 7);
  std::vector<uint16_t> h = halfBits(x), b = bf16Bits(x);
  std::vector<double> hf = ref::map<double>(h, ref::halfToFloat);
  std::vector<double> bf = ref::map<double>(b, ref::bf16ToFloat);
  {
    Program p;
    std::string hv = p.input("h", {129}, DType::f16, h);
    p.op("%hf = mir.cast " + hv + " : tensor<129xf16> to tensor<129xf32>");
    p.result("%hf", {129}, DType::f32, "hf");
    Outputs out;
    if (!run(p, &out))
      return;
    expectExact(get(out, "hf"), {129}, DType::f32, hf);
  }
  {
    Program p;
    std::string hv = p.input("h", {129}, DType::f16, h);
    p.op("%hd = mir.cast " + hv + " : tensor<129xf16> to tensor<129xf64>");
    p.result("%hd", {129}, DType::f64, "hd");
    Outputs out;
    if (run(p, &out))
      expectExact(get(out, "hd"), {129}, DType::f64, hf);
  }
  Program p;
  std::string hv = p.input("h", {129}, DType::f16, h);
  std::string bv = p.input("b", {129}, DType::bf16, b);
  p.op("%bf = mir.cast " + bv + " : tensor<129xbf16> to tensor<129xf32>");
  p.op("%hb = mir.cast " + hv + " : tensor<129xf16> to tensor<129xbf16>");
  p.op("%bh = mir.cast " + bv + " : tensor<129xbf16> to tensor<129xf16>");
  p.result("%bf", {129}, DType::f32, "bf");
  p.result("%hb", {129}, DType::bf16, "hb");
  p.result("%bh", {129}, DType::f16, "bh");
  Outputs out;
  if (!run(p, &out))
    return;
  expectExact(get(out, "bf"), {129}, DType::f32, bf);
  expectExact(get(out, "hb"), {129}, DType::bf16,
              ref::map<double>(
                  hf, [](double v) { return ref::roundToBf16(float(v)); }));
  expectExact(get(out, "bh"), {129}, DType::f16,
              ref::map<double>(
                  bf, [](double v) { return ref::roundToHalf(float(v)); }));
}

// Float to int truncates toward zero; int to int sign-extends or wraps;
// to i1 is != 0 (NaN is true); i1 to a number is 0 or 1. Exact. (NaN and
// out-of-range float -> int have no defined value and are not tested.)
TEST(Cast, IntegerAndBool) {
  std::vector<float> f = uniform(129, -120, 120, 3);
  const float specials[] = {2.7f,  -2.7f,  -0.5f,   0.5f,
                            -0.0f, 127.9f, -128.9f, 1e-30f};
  for (size_t i = 0; i < std::size(specials); ++i)
    f[i] = specials[i];
  std::vector<float> fb = f;
  fb[0] = 0.0f, fb[1] = -0.0f, fb[2] = kNaN, fb[3] = kInf;
  std::vector<int32_t> i32 = integers<int32_t>(129, -100000, 100000, 4);
  i32[0] = 0, i32[1] = 127, i32[2] = 128, i32[3] = -129, i32[4] = 255,
  i32[5] = std::numeric_limits<int32_t>::min();
  std::vector<int8_t> i8 = integers<int8_t>(129, -128, 127, 5);
  i8[0] = -128, i8[1] = 0;
  std::vector<uint8_t> i1 = integers<uint8_t>(129, 0, 1, 6);
  std::vector<int64_t> i64 =
      integers<int64_t>(129, -(int64_t(1) << 40), int64_t(1) << 40, 8);

  Program p;
  std::string fv = p.f32("f", {129}, f), fbv = p.f32("fb", {129}, fb);
  std::string a = p.input("i32", {129}, DType::i32, i32);
  std::string b = p.input("i8", {129}, DType::i8, i8);
  std::string c = p.input("i1", {129}, DType::i1, i1);
  std::string d = p.input("i64", {129}, DType::i64, i64);
  auto cast = [&](const std::string &res, const std::string &in,
                  const char *from, const char *to, DType dtype) {
    p.op("%" + res + " = mir.cast " + in + " : tensor<129x" + from +
         "> to tensor<129x" + to + ">");
    p.result("%" + res, {129}, dtype, res);
  };
  cast("f_i32", fv, "f32", "i32", DType::i32);
  cast("f_i8", fv, "f32", "i8", DType::i8);
  cast("f_i64", fv, "f32", "i64", DType::i64);
  cast("f_i1", fbv, "f32", "i1", DType::i1);
  cast("i32_f", a, "i32", "f32", DType::f32);
  cast("i32_i8", a, "i32", "i8", DType::i8);
  cast("i32_i1", a, "i32", "i1", DType::i1);
  cast("i32_i64", a, "i32", "i64", DType::i64);
  cast("i8_f", b, "i8", "f32", DType::f32);
  cast("i8_i32", b, "i8", "i32", DType::i32);
  cast("i8_f16", b, "i8", "f16", DType::f16);
  cast("i1_f", c, "i1", "f32", DType::f32);
  cast("i1_i32", c, "i1", "i32", DType::i32);
  cast("i64_i32", d, "i64", "i32", DType::i32);
  cast("i64_f", d, "i64", "f32", DType::f32);
  Outputs out;
  if (!run(p, &out))
    return;

  auto trunc = [](float x) { return static_cast<int64_t>(x); }; // toward 0
  expectInts(get(out, "f_i32"), {129}, DType::i32,
             ref::map<int32_t>(f, [&](float x) { return int32_t(trunc(x)); }));
  expectInts(get(out, "f_i8"), {129}, DType::i8,
             ref::map<int8_t>(f, [&](float x) { return int8_t(trunc(x)); }));
  expectInts(get(out, "f_i64"), {129}, DType::i64, ref::map<int64_t>(f, trunc));
  expectInts(
      get(out, "f_i1"), {129}, DType::i1,
      ref::map<uint8_t>(fb, [](float x) { return uint8_t(!(x == 0.0f)); }));
  expectExact(
      get(out, "i32_f"), {129}, DType::f32,
      ref::map<double>(i32, [](int32_t v) { return double(float(v)); }));
  expectInts(get(out, "i32_i8"), {129}, DType::i8,
             ref::map<int8_t>(i32, [](int32_t v) {
               return static_cast<int8_t>(static_cast<uint8_t>(v & 0xff));
             }));
  expectInts(get(out, "i32_i1"), {129}, DType::i1,
             ref::map<uint8_t>(i32, [](int32_t v) { return uint8_t(v != 0); }));
  expectInts(get(out, "i32_i64"), {129}, DType::i64,
             ref::map<int64_t>(i32, [](int32_t v) { return int64_t(v); }));
  expectExact(get(out, "i8_f"), {129}, DType::f32,
              ref::map<double>(i8, [](int8_t v) { return double(v); }));
  expectInts(get(out, "i8_i32"), {129}, DType::i32,
             ref::map<int32_t>(i8, [](int8_t v) { return int32_t(v); }));
  expectExact(get(out, "i8_f16"), {129}, DType::f16,
              ref::map<double>(i8, [](int8_t v) { return double(v); }));
  expectExact(get(out, "i1_f"), {129}, DType::f32,
              ref::map<double>(i1, [](uint8_t v) { return double(v); }));
  expectInts(get(out, "i1_i32"), {129}, DType::i32,
             ref::map<int32_t>(i1, [](uint8_t v) { return int32_t(v); }));
  expectInts(get(out, "i64_i32"), {129}, DType::i32,
             ref::map<int32_t>(i64, [](int64_t v) {
               return static_cast<int32_t>(
                   static_cast<uint32_t>(v & 0xffffffff));
             }));
  expectExact(
      get(out, "i64_f"), {129}, DType::f32,
      ref::map<double>(i64, [](int64_t v) { return double(float(v)); }));

  // i1 to bf16 on its own (a device without bf16 refuses it).
  Program q;
  std::string cq = q.input("i1", {129}, DType::i1, i1);
  q.op("%i1_bf16 = mir.cast " + cq + " : tensor<129xi1> to tensor<129xbf16>");
  q.result("%i1_bf16", {129}, DType::bf16, "i1_bf16");
  if (!run(q, &out))
    return;
  expectExact(get(out, "i1_bf16"), {129}, DType::bf16,
              ref::map<double>(i1, [](uint8_t v) { return double(v); }));
}

//===----------------------------------------------------------------------===//
// mir.matmul
//===----------------------------------------------------------------------===//

/// The bound for a sum of K products accumulated with unit roundoff `unit`:
/// (K + 1) unit sum|a_l b_l| (the classical gamma_K bound; realistic errors
/// are far smaller), plus one rounding of the result to `dtype`.
std::vector<double> dotTolerance(const ref::Sum &r, int64_t k, double unit,
                                 DType dtype = DType::f32) {
  std::vector<double> tol(r.value.size());
  for (size_t i = 0; i < tol.size(); ++i)
    tol[i] = (k + 1) * unit * r.magnitude[i] + roundingTol(dtype, r.value[i]) +
             1e-30;
  return tol;
}

struct MatmulCase {
  Shape a, b;
};

const std::vector<MatmulCase> kMatmulCases = {
    {{1, 1}, {1, 1}},                 // 1x1x1
    {{17, 33}, {33, 65}},             // every dim one past a register tile
    {{9, 5}, {5, 3}},                 // smaller than one register tile
    {{129, 257}, {257, 31}},          // past the 64x256x128 cache tile
    {{64, 64}, {64, 1024}},           // split: 4 workgroups of 16 rows
    {{3, 17, 33}, {3, 33, 9}},        // batch_matmul
    {{8, 64, 64}, {8, 64, 64}},       // batch_matmul, split on the batch
    {{2, 1, 5, 7}, {3, 7, 4}},        // broadcast batch dims
    {{5, 7}, {4, 7, 3}},              // lhs without batch dims
    {{4, 17, 33}, {33, 9}},           // [B, M, K] x [K, N]: collapsed rows
    {{1, 128, 32}, {32, 256}},        // batch 1: split on M, collapsed
    {{1, 128, 32}, {1, 32, 256}},     // batch 1 batch_matmul split on M
    {{2, 3, 4, 5}, {2, 3, 5, 6}},     // two batch dims, collapsed
    {{96, 100}, {100, 544}},          // split 3 ways; edge tiles in M, N, K
    {{16, 32, 64}, {64, 64}},         // collapsed rows, split on the batch
    {{4, 1, 64, 64}, {1, 8, 64, 64}}, // broadcast batch dims, split
    // rlx-cpu-matmul-microkernel's edges: 2 workgroups of 65 rows (10
    // tiles of 6 and 5 rows); K = 3 x 200 (first, middle and last K
    // blocks); N = 512 + 88 (a second column block: one strip of 64 and a
    // strip of 24 whose second vector is masked).
    {{130, 600}, {600, 600}},
    // Few rows: the work splits along N (8 workgroups of 75 columns: a
    // strip of 64 and one of 11, partly masked).
    {{20, 70}, {70, 600}},
    // Rows split in two workgroups of 150, each reading all of B: on the
    // CPU B is packed into panels once per run (rlx-cpu-pack-operands),
    // K = 70 in one odd block, N = 2 strips.
    {{300, 70}, {70, 128}},
};

/// Builds one module with every case of `cases` in `dtype` (f16 / bf16
/// inputs are rounded before the reference sees them) and checks each
/// against the dot bound with unit roundoff `unit` of the accumulation.
/// With `bParams`, B is a `mir.param` (on the CPU stored in the
/// microkernel's panels where it qualifies).
void runMatmulCases(const std::vector<MatmulCase> &cases, DType dtype,
                    double unit, bool bParams = false) {
  Program p;
  std::vector<std::pair<std::vector<double>, std::vector<double>>> data;
  std::string elt = elementName(dtype);
  for (size_t i = 0; i < cases.size(); ++i) {
    const MatmulCase &c = cases[i];
    std::vector<float> a = uniform(ref::numElements(c.a), -1, 1, 200 + i);
    std::vector<float> b = uniform(ref::numElements(c.b), -1, 1, 300 + i);
    std::string n = std::to_string(i);
    std::string av, bv;
    if (dtype == DType::f32) {
      av = p.f32("a" + n, c.a, a);
      bv = bParams ? p.param("b" + n, c.b, dtype, b) : p.f32("b" + n, c.b, b);
    } else if (dtype == DType::f16) {
      av = p.input("a" + n, c.a, dtype, halfBits(a));
      bv = p.input("b" + n, c.b, dtype, halfBits(b));
      a = ref::map<float>(a, ref::roundToHalf);
      b = ref::map<float>(b, ref::roundToHalf);
    } else if (dtype == DType::bf16) {
      av = p.input("a" + n, c.a, dtype, bf16Bits(a));
      bv = bParams ? p.param("b" + n, c.b, dtype, bf16Bits(b))
                   : p.input("b" + n, c.b, dtype, bf16Bits(b));
      a = ref::map<float>(a, ref::roundToBf16);
      b = ref::map<float>(b, ref::roundToBf16);
    } else { // f64
      std::vector<double> da = toDouble(a), db = toDouble(b);
      av = p.input("a" + n, c.a, dtype, da);
      bv = p.input("b" + n, c.b, dtype, db);
    }
    data.push_back({toDouble(a), toDouble(b)});
    ref::Sum r = ref::matmul(data.back().first, c.a, data.back().second, c.b);
    p.op("%y" + n + " = mir.matmul " + av + ", " + bv + " : (" +
         tensorType(c.a, elt) + ", " + tensorType(c.b, elt) + ") -> " +
         tensorType(r.shape, elt));
    p.result("%y" + n, r.shape, dtype, "y" + n);
    if (isBig(r.shape))
      p.expectSplit = true;
  }
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < cases.size(); ++i) {
    const MatmulCase &c = cases[i];
    SCOPED_TRACE(shapeName(c.a) + " x " + shapeName(c.b));
    ref::Sum r = ref::matmul(data[i].first, c.a, data[i].second, c.b);
    expectWithin(get(out, "y" + std::to_string(i)), r.shape, dtype, r.value,
                 dotTolerance(r, c.a.back(), unit, dtype));
  }
}

// |got - want| <= (K + 1) u sum_l |a_il b_lj|.
TEST(Matmul, F32) { runMatmulCases(kMatmulCases, DType::f32, kU); }

// f64: the same bound with u = 2^-53.
TEST(Matmul, F64) {
  runMatmulCases({{{17, 33}, {33, 65}}, {{2, 1, 5, 7}, {3, 7, 4}}}, DType::f64,
                 kU64);
}

// f16 / bf16 accumulate in f32 and round once: (K + 1) u sum|ab| plus one
// rounding to the dtype (roundingTol: 2^-11 / 2^-8 relative, and 2^-25
// absolute for f16 subnormals).
// Inputs are rounded to the dtype before the reference sees them.
// Besides the small and batched cases (loops), the CPU's tiles of f32
// partial sums (64 x 256, ContractionKernels.cpp) and the microkernel's
// edges: [130, 600] x [600, 600] has row and column edge tiles, three K
// blocks and masked strips; [20, 70] x [70, 600] splits along N; [96, 100]
// x [100, 544] splits in three with edge tiles in M, N and K; K = 301 ends
// in an odd K block (bf16 pairs: the last one's second half is zero).
const std::vector<MatmulCase> kHalfMatmulCases = {
    {{1, 1}, {1, 1}},       {{17, 33}, {33, 65}},    {{2, 1, 5, 7}, {3, 7, 4}},
    {{64, 64}, {64, 1024}}, {{4, 17, 33}, {33, 9}},  {{130, 600}, {600, 600}},
    {{20, 70}, {70, 600}},  {{96, 100}, {100, 544}}, {{40, 301}, {301, 70}},
};

TEST(Matmul, F16) { runMatmulCases(kHalfMatmulCases, DType::f16, kU); }

TEST(Matmul, Bf16) { runMatmulCases(kHalfMatmulCases, DType::bf16, kU); }

// B as a param, as a model's weights: on the CPU f32 weights are stored in
// the microkernel's panels and bf16 ones (on AVX512-BF16) in its pair
// panels, packed by setParam (docs/CPUBackend.md, "Params in panels"):
// column splits, a row split, K in one, three and four blocks, N past a
// panel edge (row-major), odd K (bf16 row-major).
const std::vector<MatmulCase> kParamMatmulCases = {
    {{17, 32}, {32, 64}},   {{20, 70}, {70, 640}},  {{300, 70}, {70, 128}},
    {{8, 600}, {600, 128}}, {{5, 784}, {784, 512}}, {{9, 100}, {100, 70}},
    {{40, 301}, {301, 64}},
};

TEST(Matmul, F32Params) {
  runMatmulCases(kParamMatmulCases, DType::f32, kU, /*bParams=*/true);
}

TEST(Matmul, Bf16Params) {
  runMatmulCases(kParamMatmulCases, DType::bf16, kU, /*bParams=*/true);
}

// Integer matmuls are exact (values small enough not to wrap).
TEST(Matmul, Integers) {
  Program p;
  std::vector<int32_t> a = integers<int32_t>(35, -50, 50, 1);
  std::vector<int32_t> b = integers<int32_t>(21, -50, 50, 2);
  std::vector<int32_t> c = integers<int32_t>(2 * 3 * 4, -50, 50, 3);
  std::vector<int32_t> d = integers<int32_t>(4 * 5, -50, 50, 4);
  std::vector<int8_t> e = integers<int8_t>(3 * 4, -3, 3, 5);
  std::vector<int8_t> f = integers<int8_t>(4 * 2, -3, 3, 6);
  p.op("%y0 = mir.matmul " + p.input("a", {5, 7}, DType::i32, a) + ", " +
       p.input("b", {7, 3}, DType::i32, b) +
       " : (tensor<5x7xi32>, tensor<7x3xi32>) -> tensor<5x3xi32>");
  p.op("%y1 = mir.matmul " + p.input("c", {2, 3, 4}, DType::i32, c) + ", " +
       p.input("d", {4, 5}, DType::i32, d) +
       " : (tensor<2x3x4xi32>, tensor<4x5xi32>) -> tensor<2x3x5xi32>");
  p.op("%y2 = mir.matmul " + p.input("e", {3, 4}, DType::i8, e) + ", " +
       p.input("f", {4, 2}, DType::i8, f) +
       " : (tensor<3x4xi8>, tensor<4x2xi8>) -> tensor<3x2xi8>");
  p.result("%y0", {5, 3}, DType::i32, "y0");
  p.result("%y1", {2, 3, 5}, DType::i32, "y1");
  p.result("%y2", {3, 2}, DType::i8, "y2");
  Outputs out;
  if (!run(p, &out))
    return;
  auto exact = [](const ref::Sum &r) {
    return ref::map<int32_t>(r.value, [](double v) { return int32_t(v); });
  };
  auto dbl = [](const auto &v) {
    return std::vector<double>(v.begin(), v.end());
  };
  expectInts(get(out, "y0"), {5, 3}, DType::i32,
             exact(ref::matmul(dbl(a), {5, 7}, dbl(b), {7, 3})));
  expectInts(get(out, "y1"), {2, 3, 5}, DType::i32,
             exact(ref::matmul(dbl(c), {2, 3, 4}, dbl(d), {4, 5})));
  expectInts(get(out, "y2"), {3, 2}, DType::i8,
             ref::map<int8_t>(ref::matmul(dbl(e), {3, 4}, dbl(f), {4, 2}).value,
                              [](double v) { return int8_t(v); }));
}

//===----------------------------------------------------------------------===//
// mir.reduce
//===----------------------------------------------------------------------===//

struct ReduceCase {
  Shape shape;
  std::vector<int64_t> axes;
  bool keepDim;
};

const std::vector<ReduceCase> kReduceCases = {
    {{1}, {0}, false},
    {{1}, {0}, true},
    {{1, 1}, {1}, false},
    {{3, 129}, {1}, false},
    {{3, 129}, {0}, true},
    {{3, 129}, {-1}, true},
    {{4, 5, 6}, {0, 2}, false},
    {{4, 5, 6}, {2, 0}, true},
    {{4, 5, 6}, {1}, true},
    {{4, 5, 6}, {0, 1, 2}, false},
    {{4, 5, 6}, {-2, -1}, false},
    {{64, 1024}, {1}, false},
    {{64, 4, 256}, {1}, true},
    {{64, 1024}, {0}, false},
};

class ReduceTest : public ::testing::TestWithParam<const char *> {};

// max / min: exact. sum: n u sum|x| (n = elements per result). mean: the
// same over n, plus u |want|. prod: (n + 1) u |want| (inputs in [0.8, 1.25]).
TEST_P(ReduceTest, F32) {
  std::string kind = GetParam();
  Program p;
  std::vector<std::vector<float>> data;
  for (size_t i = 0; i < kReduceCases.size(); ++i) {
    const ReduceCase &c = kReduceCases[i];
    std::vector<float> x =
        kind == "prod" ? uniform(ref::numElements(c.shape), 0.8, 1.25, 400 + i)
                       : uniform(ref::numElements(c.shape), -2, 2, 400 + i);
    data.push_back(x);
    Shape os;
    ref::reduce(kind, toDouble(x), c.shape, c.axes, c.keepDim, &os);
    std::string n = std::to_string(i);
    p.op("%y" + n + " = mir.reduce " + kind + " " + p.f32("x" + n, c.shape, x) +
         " axes = " + intList(c.axes) + (c.keepDim ? " keep_dim" : "") + " : " +
         tensorType(c.shape, "f32") + " -> " + tensorType(os, "f32"));
    p.result("%y" + n, os, DType::f32, "y" + n);
  }
  p.expectSplit = true;
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < kReduceCases.size(); ++i) {
    const ReduceCase &c = kReduceCases[i];
    SCOPED_TRACE(shapeName(c.shape) + " axes " + intList(c.axes) +
                 (c.keepDim ? " keep_dim" : ""));
    Shape os;
    std::vector<double> x = toDouble(data[i]);
    std::vector<double> want =
        ref::reduce(kind, x, c.shape, c.axes, c.keepDim, &os);
    const rlx::NamedOutput &y = get(out, "y" + std::to_string(i));
    if (kind == "max" || kind == "min") {
      expectExact(y, os, DType::f32, want);
      continue;
    }
    double count = double(ref::numElements(c.shape)) / ref::numElements(os);
    std::vector<double> tol(want.size());
    if (kind == "prod") {
      tol = relTol(want, (count + 1) * kU);
    } else {
      std::vector<double> mag = ref::reduce(
          "sum", ref::map<double>(x, [](double v) { return std::fabs(v); }),
          c.shape, c.axes, c.keepDim);
      for (size_t j = 0; j < tol.size(); ++j)
        tol[j] = kind == "sum" ? count * kU * mag[j] + 1e-30
                               : kU * mag[j] + kU * std::fabs(want[j]) + 1e-30;
    }
    expectWithin(y, os, DType::f32, want, tol);
  }
}

INSTANTIATE_TEST_SUITE_P(AllKinds, ReduceTest,
                         ::testing::Values("sum", "mean", "max", "min",
                                           "prod"));

// max and min propagate NaN; the others on integers are exact.
TEST(Reduce, NaNAndIntegers) {
  std::vector<float> x = uniform(12, -2, 2, 1);
  x[5] = kNaN; // row 1 of [3, 4]
  std::vector<int32_t> a = integers<int32_t>(3 * 7, -3, 3, 2);
  // i8: +-1 and a few larger values, so sums and products stay in range.
  std::vector<int8_t> b =
      ref::map<int8_t>(integers<int8_t>(5 * 4, 0, 1, 3),
                       [](int8_t v) { return int8_t(2 * v - 1); });
  b[0] = 2, b[1] = -3, b[2] = 5, b[7] = 7;
  Program p;
  std::string xv = p.f32("x", {3, 4}, x);
  std::string av = p.input("a", {3, 7}, DType::i32, a);
  std::string bv = p.input("b", {5, 4}, DType::i8, b);
  for (const char *k : {"max", "min"}) {
    p.op(std::string("%f") + k + " = mir.reduce " + k + " " + xv +
         " axes = [1] : tensor<3x4xf32> -> tensor<3xf32>");
    p.result(std::string("%f") + k, {3}, DType::f32, std::string("f") + k);
  }
  for (const char *k : {"sum", "max", "min", "prod"}) {
    std::string ks = k;
    p.op("%i" + ks + "1 = mir.reduce " + ks + " " + av +
         " axes = [1] : tensor<3x7xi32> -> tensor<3xi32>");
    p.op("%i" + ks + "0 = mir.reduce " + ks + " " + av +
         " axes = [0] keep_dim : tensor<3x7xi32> -> tensor<1x7xi32>");
    p.op("%b" + ks + " = mir.reduce " + ks + " " + bv +
         " axes = [0, 1] : tensor<5x4xi8> -> tensor<i8>");
    p.result("%i" + ks + "1", {3}, DType::i32, "i" + ks + "1");
    p.result("%i" + ks + "0", {1, 7}, DType::i32, "i" + ks + "0");
    p.result("%b" + ks, {}, DType::i8, "b" + ks);
  }
  Outputs out;
  if (!run(p, &out))
    return;
  for (const char *k : {"max", "min"})
    expectExact(get(out, std::string("f") + k), {3}, DType::f32,
                ref::reduce(k, toDouble(x), {3, 4}, {1}, false));
  auto ints = [](const auto &v) {
    return std::vector<double>(v.begin(), v.end());
  };
  for (const char *k : {"sum", "max", "min", "prod"}) {
    std::string ks = k;
    SCOPED_TRACE(ks);
    expectInts(get(out, "i" + ks + "1"), {3}, DType::i32,
               ref::map<int32_t>(ref::reduce(ks, ints(a), {3, 7}, {1}, false),
                                 [](double v) { return int32_t(v); }));
    expectInts(get(out, "i" + ks + "0"), {1, 7}, DType::i32,
               ref::map<int32_t>(ref::reduce(ks, ints(a), {3, 7}, {0}, true),
                                 [](double v) { return int32_t(v); }));
    // (|sum| <= 32, |prod| = 210: no wrap.)
    uint8_t acc = ks == "prod" ? 1 : uint8_t(b[0]);
    for (size_t j = ks == "prod" ? 0 : 1; j < b.size(); ++j) {
      if (ks == "sum")
        acc = uint8_t(acc + uint8_t(b[j]));
      else if (ks == "prod")
        acc = uint8_t(acc * uint8_t(b[j]));
      else if (ks == "max")
        acc = uint8_t(std::max(int8_t(acc), b[j]));
      else
        acc = uint8_t(std::min(int8_t(acc), b[j]));
    }
    expectInts(get(out, "b" + ks), {}, DType::i8,
               std::vector<int8_t>{static_cast<int8_t>(acc)});
  }
}

//===----------------------------------------------------------------------===//
// mir.softmax
//===----------------------------------------------------------------------===//

struct AxisCase {
  Shape shape;
  int64_t axis;
};

/// Softmax: exp is within ~1 ulp, x - max rounds by u |x - max| <= 10 u
/// (amplified by exp), the sum of n terms adds n u: (n + 24) u |want|,
/// capped at 1e-5 |want| (the worst case grows with n, observed errors with
/// about sqrt(n); the cap binds for n > 143). On Vulkan the one division
/// (1 / sum) may be 2 ulp further off: 4 u |want| more.
std::vector<double> softmaxTolerance(const std::vector<double> &want,
                                     const Shape &shape, int64_t axis,
                                     DType dtype) {
  if (axis < 0)
    axis += shape.size();
  int64_t n = shape[axis];
  std::vector<double> tol(want.size());
  for (size_t i = 0; i < tol.size(); ++i)
    tol[i] = (std::min((n + 24) * kU, 1e-5) + (kOnVulkan ? 4 * kU : 0)) *
                 std::fabs(want[i]) +
             roundingTol(dtype, want[i]) + 1e-30;
  return tol;
}

void runSoftmaxCases(const std::vector<AxisCase> &cases, DType dtype) {
  Program p;
  std::string elt = elementName(dtype);
  std::vector<std::vector<double>> data;
  for (size_t i = 0; i < cases.size(); ++i) {
    const AxisCase &c = cases[i];
    std::vector<float> x = uniform(ref::numElements(c.shape), -5, 5, 500 + i);
    std::string n = std::to_string(i);
    std::string in;
    if (dtype == DType::f16) {
      in = p.input("x" + n, c.shape, dtype, halfBits(x));
      x = ref::map<float>(x, ref::roundToHalf);
    } else if (dtype == DType::bf16) {
      in = p.input("x" + n, c.shape, dtype, bf16Bits(x));
      x = ref::map<float>(x, ref::roundToBf16);
    } else {
      in = p.f32("x" + n, c.shape, x);
    }
    data.push_back(toDouble(x));
    p.op("%y" + n + " = mir.softmax " + in + " axis = " +
         std::to_string(c.axis) + " : " + tensorType(c.shape, elt));
    p.result("%y" + n, c.shape, dtype, "y" + n);
    if (isBig(c.shape) && (c.axis != 0))
      p.expectSplit = true;
  }
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < cases.size(); ++i) {
    const AxisCase &c = cases[i];
    SCOPED_TRACE(shapeName(c.shape) + " axis " + std::to_string(c.axis));
    std::vector<double> want = ref::softmax(data[i], c.shape, c.axis);
    expectWithin(get(out, "y" + std::to_string(i)), c.shape, dtype, want,
                 softmaxTolerance(want, c.shape, c.axis, dtype));
  }
}

// |got - want| <= min((n + 24) u, 1e-5) |want| (n = the axis size), inputs
// in [-5, 5].
TEST(Softmax, F32) {
  runSoftmaxCases({{{1}, 0},
                   {{1, 1}, -1},
                   {{5, 129}, -1},
                   {{5, 129}, 0},
                   {{3, 7, 33}, 1},
                   {{3, 7, 33}, -3},
                   {{64, 1024}, -1},
                   {{64, 1024}, 0},
                   {{2, 64, 512}, 1},
                   {{1, 64, 1024}, -1}},
                  DType::f32);
}

// f16 / bf16 compute in f32 and round once: add roundingTol (the dtype's
// unit roundoff relative, 2^-25 absolute for f16 subnormals).
TEST(Softmax, F16AndBf16) {
  runSoftmaxCases({{{5, 129}, -1}, {{3, 7, 33}, 1}, {{64, 1024}, -1}},
                  DType::f16);
  runSoftmaxCases({{{5, 129}, -1}, {{64, 1024}, -1}}, DType::bf16);
}

//===----------------------------------------------------------------------===//
// mir.attention
//===----------------------------------------------------------------------===//

struct AttentionCase {
  Shape q;      // [B, S, H, D]
  int64_t keys; // T
  bool causal;
  double scale;
  int64_t kvHeads = 0; // KVH (grouped-query attention); 0: H
  /// k and v's shape, [B, T, KVH, D].
  Shape keyShape() const {
    return {q[0], keys, kvHeads ? kvHeads : q[2], q[3]};
  }
};

const std::vector<AttentionCase> kAttentionCases = {
    // The encoder's: 4 heads of 64, one key block of 128; a unit per head.
    {{1, 128, 4, 64}, 128, false, 0.125},
    // Query blocks of 128 and a tail of 72; key blocks of 128, 128 and a
    // tail of 44: the online softmax rescales across blocks; head_dim 32 is
    // half a column strip.
    {{2, 200, 3, 32}, 300, false, 0.2},
    // Causal, S = T = 256: 2 query blocks of 128 and 2 key blocks; the first
    // query block skips the second key block.
    {{1, 256, 2, 64}, 256, true, 0.125},
    // Causal with more keys than queries (query s sees t <= s + 8), one
    // block of 13 keys.
    {{1, 5, 2, 8}, 13, true, 0.35},
    // Causal with tails: queries 128 + 2, keys 128 + 3 (the first query
    // block does not see the key tail, the second does).
    {{1, 130, 2, 16}, 131, true, 0.25},
    // head_dim 1024: the scratch budget halves the blocks to 38 queries and
    // 38 keys, each with a tail of 37.
    {{1, 75, 1, 1024}, 75, false, 0.03},
    // One query, one key, one head: the output is v.
    {{1, 1, 1, 4}, 1, true, 1.0},
    // Grouped-query attention: 8 query heads on 2 kv heads, and causal on 1.
    {{1, 40, 8, 16}, 150, false, 0.25, 2},
    {{2, 33, 4, 8}, 33, true, 0.35, 1},
};

/// out = sum_t p_t v_t: the scores' errors (bounded by e = scale (D + 1) u
/// max_t sum_d |q_d k_d|, the dot bound) move each p_t by up to 2e
/// relative after normalization; exp, the max and the sum of T terms add
/// (T + 24) u; the P V dot of T terms (T + 24) u more. All relative to
/// sum_t p_t |v_t|. f16 inputs: products and sums run in f32 on the CPU
/// (u = 2^-24) and round once at the end; on Vulkan the chain computes in
/// f16 (u = 2^-11), and its divisions may be 2.5 ulp off (8 u more). f64
/// computes in f64 (u = 2^-53).
std::vector<double> attentionTolerance(const ref::Sum &r,
                                       const std::vector<double> &scoreError,
                                       int64_t keys, DType dtype) {
  double unit = dtype == DType::f64                ? kU64
                : dtype == DType::f16 && kOnVulkan ? kUHalf
                                                   : kU;
  std::vector<double> tol(r.value.size());
  for (size_t i = 0; i < tol.size(); ++i)
    tol[i] =
        ((2 * scoreError[i] + 2 * keys + 48 + (kOnVulkan ? 8 : 0)) * unit) *
            r.magnitude[i] +
        roundingTol(dtype, r.value[i]) + 1e-30;
  return tol;
}

void runAttentionCases(const std::vector<AttentionCase> &cases, DType dtype) {
  Program p;
  std::string elt = elementName(dtype);
  std::vector<std::array<std::vector<double>, 3>> data;
  for (size_t i = 0; i < cases.size(); ++i) {
    const AttentionCase &c = cases[i];
    Shape ks = c.keyShape();
    std::string n = std::to_string(i);
    std::array<std::vector<double>, 3> qkv;
    std::array<std::string, 3> values;
    for (int t = 0; t < 3; ++t) {
      const Shape &shape = t == 0 ? c.q : ks;
      std::vector<float> x =
          uniform(ref::numElements(shape), -1, 1, 700 + 3 * i + t);
      std::string name = std::string(1, "qkv"[t]) + n;
      if (dtype == DType::f16) {
        values[t] = p.input(name, shape, dtype, halfBits(x));
        x = ref::map<float>(x, ref::roundToHalf);
      } else if (dtype == DType::bf16) {
        values[t] = p.input(name, shape, dtype, bf16Bits(x));
        x = ref::map<float>(x, ref::roundToBf16);
      } else if (dtype == DType::f64) {
        values[t] = p.input(name, shape, dtype, toDouble(x));
      } else {
        values[t] = p.f32(name, shape, x);
      }
      qkv[t] = toDouble(x);
    }
    data.push_back(qkv);
    char scale[32];
    std::snprintf(scale, sizeof scale, "%.17e", c.scale);
    p.op("%y" + n + " = mir.attention " + values[0] + ", " + values[1] + ", " +
         values[2] + " scale = " + scale + (c.causal ? " causal" : "") + " : " +
         tensorType(c.q, elt) + ", " + tensorType(ks, elt) + ", " +
         tensorType(ks, elt));
    p.result("%y" + n, c.q, dtype, "y" + n);
    // Batches and heads split into workgroups (an empty tensor has no
    // kernel to split).
    if (c.q[0] * c.q[2] > 1 && ref::numElements(c.q) > 0 &&
        ref::numElements(ks) > 0)
      p.expectSplit = true;
  }
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < cases.size(); ++i) {
    const AttentionCase &c = cases[i];
    SCOPED_TRACE("q " + shapeName(c.q) + ", T " + std::to_string(c.keys) +
                 (c.causal ? ", causal" : ""));
    Shape ks = c.keyShape();
    std::vector<double> scoreError;
    ref::Sum r = ref::attention(data[i][0], c.q, data[i][1], data[i][2], ks,
                                c.scale, c.causal, &scoreError);
    expectWithin(get(out, "y" + std::to_string(i)), c.q, dtype, r.value,
                 attentionTolerance(r, scoreError, c.keys, dtype));
  }
}

// |got - want| <= ((2 e + 2 T + 48) u) sum_t p_t |v_t| (see
// attentionTolerance), inputs in [-1, 1].
TEST(Attention, F32) { runAttentionCases(kAttentionCases, DType::f32); }

// Empty dims. No key: every output is the empty sum, 0 (as the chain's
// product over T = 0 gives). No query: an empty output. Neither reaches a
// kernel on any device (mir-fold-empty-tensors).
TEST(Attention, EmptyDims) {
  runAttentionCases(
      {{{1, 3, 2, 4}, 0, false, 0.5}, {{1, 0, 2, 4}, 5, false, 0.5}},
      DType::f32);
}

// Every op with an empty dim, on every device: an op with no elements to
// produce gives an empty output; one that reads an empty tensor but has
// elements to produce gives its value over nothing (a reduction's identity,
// a contraction's zeros, a concatenation of the other operands). Exact.
TEST(EmptyDims, EveryOp) {
  Program p;
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> none;
  std::vector<float> a = uniform(12, -2, 2, 1), w = uniform(15, -2, 2, 2),
                     row = uniform(3, -2, 2, 3), table = uniform(18, -2, 2, 4),
                     filter = uniform(108, -1, 1, 5), q = uniform(24, -1, 1, 6),
                     kv = uniform(40, -1, 1, 7);
  std::string e03 = p.f32("e03", {0, 3}, none),
              e40 = p.f32("e40", {4, 0}, none),
              e05 = p.f32("e05", {0, 5}, none),
              e30 = p.f32("e30", {3, 0}, none), ta = p.f32("a", {4, 3}, a),
              tw = p.f32("w", {3, 5}, w), tr = p.f32("row", {3}, row),
              tt = p.f32("table", {6, 3}, table),
              ids = p.input("ids", {0}, DType::i32, std::vector<int32_t>()),
              ei = p.input("ei", {4, 0}, DType::i32, std::vector<int32_t>()),
              x0 = p.f32("x0", {0, 3, 8, 8}, none),
              xc = p.f32("xc", {1, 0, 8, 8}, none),
              f3 = p.f32("f3", {4, 3, 3, 3}, filter),
              f0 = p.f32("f0", {4, 0, 3, 3}, none),
              tq = p.f32("q", {1, 3, 2, 4}, q),
              kv0 = p.f32("kv0", {1, 0, 2, 4}, none),
              q0 = p.f32("q0", {1, 0, 2, 4}, none),
              tkv = p.f32("kv", {1, 5, 2, 4}, kv),
              bias = p.f32("bias", {5}, uniform(5, -1, 1, 8));
  struct Want {
    std::string name;
    Shape shape;
    DType dtype;
    std::vector<float> values; // an f32 output's; any other is a zero fill
  };
  std::vector<Want> wants;
  auto add = [&](const std::string &name, const std::string &line,
                 const Shape &shape, DType dtype, std::vector<float> values) {
    p.op("%" + name + " = " + line);
    p.result("%" + name, shape, dtype, name);
    wants.push_back({name, shape, dtype, std::move(values)});
  };
  auto fill = [](size_t n, float v) { return std::vector<float>(n, v); };
  const std::string t03 = "tensor<0x3xf32>", t40 = "tensor<4x0xf32>";
  add("unary", "mir.unary exp " + e03 + " : " + t03, {0, 3}, DType::f32, {});
  add("binary",
      "mir.binary add " + e03 + ", " + tr + " : (" + t03 +
          ", tensor<3xf32>) -> " + t03,
      {0, 3}, DType::f32, {});
  add("compare",
      "mir.compare lt " + e03 + ", " + e03 + " : (" + t03 + ", " + t03 +
          ") -> tensor<0x3xi1>",
      {0, 3}, DType::i1, {});
  add("select",
      "mir.select %compare, " + e03 + ", " + tr + " : (tensor<0x3xi1>, " + t03 +
          ", tensor<3xf32>) -> " + t03,
      {0, 3}, DType::f32, {});
  add("cast", "mir.cast " + e03 + " : " + t03 + " to tensor<0x3xi32>", {0, 3},
      DType::i32, {});
  add("matmul_m0",
      "mir.matmul " + e03 + ", " + tw + " : (" + t03 +
          ", tensor<3x5xf32>) -> tensor<0x5xf32>",
      {0, 5}, DType::f32, {});
  add("matmul_k0",
      "mir.matmul " + e40 + ", " + e05 + " : (" + t40 +
          ", tensor<0x5xf32>) -> tensor<4x5xf32>",
      {4, 5}, DType::f32, fill(20, 0));
  add("matmul_n0",
      "mir.matmul " + ta + ", " + e30 +
          " : (tensor<4x3xf32>, tensor<3x0xf32>) -> " + t40,
      {4, 0}, DType::f32, {});
  add("sum",
      "mir.reduce sum " + e40 + " axes = [1] : " + t40 + " -> tensor<4xf32>",
      {4}, DType::f32, fill(4, 0));
  add("prod",
      "mir.reduce prod " + e40 + " axes = [1] : " + t40 + " -> tensor<4xf32>",
      {4}, DType::f32, fill(4, 1));
  add("max",
      "mir.reduce max " + e40 + " axes = [1] : " + t40 + " -> tensor<4xf32>",
      {4}, DType::f32, fill(4, -inf));
  add("min",
      "mir.reduce min " + e40 + " axes = [1] : " + t40 + " -> tensor<4xf32>",
      {4}, DType::f32, fill(4, inf));
  add("mean",
      "mir.reduce mean " + e40 + " axes = [1] keep_dim : " + t40 +
          " -> tensor<4x1xf32>",
      {4, 1}, DType::f32, fill(4, nan));
  add("sum_empty",
      "mir.reduce sum " + e03 + " axes = [1] : " + t03 + " -> tensor<0xf32>",
      {0}, DType::f32, {});
  add("isum",
      "mir.reduce sum " + ei + " axes = [1] : tensor<4x0xi32> -> tensor<4xi32>",
      {4}, DType::i32, fill(4, 0));
  add("softmax", "mir.softmax " + e40 + " axis = 1 : " + t40, {4, 0},
      DType::f32, {});
  add("layer_norm",
      "mir.layer_norm " + e03 + ", " + tr + ", " + tr +
          " eps = 1.000000e-05 : (" + t03 +
          ", tensor<3xf32>, tensor<3xf32>) -> " + t03,
      {0, 3}, DType::f32, {});
  add("rms_norm",
      "mir.rms_norm " + e03 + ", " + tr + " eps = 1.000000e-05 : (" + t03 +
          ", tensor<3xf32>) -> " + t03,
      {0, 3}, DType::f32, {});
  add("cumsum", "mir.cumsum " + e40 + " axis = 1 : " + t40, {4, 0}, DType::f32,
      {});
  add("transpose",
      "mir.transpose " + e03 + " permutation = [1, 0] : " + t03 +
          " -> tensor<3x0xf32>",
      {3, 0}, DType::f32, {});
  add("reshape", "mir.reshape " + e03 + " : " + t03 + " to tensor<0x1x3xf32>",
      {0, 1, 3}, DType::f32, {});
  add("slice_rows",
      "mir.slice " + ta +
          " offsets = [4, 0] sizes = [0, 3] strides = "
          "[1, 1] : tensor<4x3xf32> -> " +
          t03,
      {0, 3}, DType::f32, {});
  add("slice_end",
      "mir.slice " + ta +
          " offsets = [0, 3] sizes = [4, 0] strides = "
          "[1, 1] : tensor<4x3xf32> -> " +
          t40,
      {4, 0}, DType::f32, {});
  add("reduce_slice",
      "mir.reduce sum %slice_end axes = [1] : " + t40 + " -> tensor<4xf32>",
      {4}, DType::f32, fill(4, 0));
  add("concat_rows",
      "mir.concat " + e03 + ", " + ta + " axis = 0 : (" + t03 +
          ", tensor<4x3xf32>) -> tensor<4x3xf32>",
      {4, 3}, DType::f32, a);
  add("concat_slice",
      "mir.concat " + ta + ", %slice_end, " + e40 +
          " axis = 1 : (tensor<4x3xf32>, " + t40 + ", " + t40 +
          ") -> tensor<4x3xf32>",
      {4, 3}, DType::f32, a);
  add("broadcast", "mir.broadcast " + tr + " : tensor<3xf32> to " + t03, {0, 3},
      DType::f32, {});
  add("gather",
      "mir.gather " + tt + "[" + ids +
          "] axis = 0 : (tensor<6x3xf32>, "
          "tensor<0xi32>) -> " +
          t03,
      {0, 3}, DType::f32, {});
  add("conv_batch0",
      "mir.conv2d " + x0 + ", " + f3 +
          " strides = [1, 1] padding = "
          "[1, 1, 1, 1] dilations = [1, 1] groups = 1 : (tensor<0x3x8x8xf32>, "
          "tensor<4x3x3x3xf32>) -> tensor<0x4x8x8xf32>",
      {0, 4, 8, 8}, DType::f32, {});
  add("conv_cin0",
      "mir.conv2d " + xc + ", " + f0 +
          " strides = [1, 1] padding = "
          "[1, 1, 1, 1] dilations = [1, 1] groups = 1 : (tensor<1x0x8x8xf32>, "
          "tensor<4x0x3x3xf32>) -> tensor<1x4x8x8xf32>",
      {1, 4, 8, 8}, DType::f32, fill(256, 0));
  add("pool",
      "mir.pool max " + x0 +
          " kernel = [2, 2] strides = [2, 2] padding = "
          "[0, 0, 0, 0] : tensor<0x3x8x8xf32> -> tensor<0x3x4x4xf32>",
      {0, 3, 4, 4}, DType::f32, {});
  add("fused_m0",
      "mir.fused_matmul " + e03 + ", " + tw + ", " + bias + " act = relu : (" +
          t03 + ", tensor<3x5xf32>, tensor<5xf32>) -> tensor<0x5xf32>",
      {0, 5}, DType::f32, {});
  add("fused_k0",
      "mir.fused_matmul " + e40 + ", " + e05 + " : (" + t40 +
          ", tensor<0x5xf32>) -> tensor<4x5xf32>",
      {4, 5}, DType::f32, fill(20, 0));
  add("swiglu_k0",
      "mir.swiglu " + e40 + ", " + e05 + ", " + e05 + " : (" + t40 +
          ", tensor<0x5xf32>, tensor<0x5xf32>) -> tensor<4x5xf32>",
      {4, 5}, DType::f32, fill(20, 0));
  add("attention_t0",
      "mir.attention " + tq + ", " + kv0 + ", " + kv0 +
          " scale = 5.000000e-01 : tensor<1x3x2x4xf32>, tensor<1x0x2x4xf32>, "
          "tensor<1x0x2x4xf32>",
      {1, 3, 2, 4}, DType::f32, fill(24, 0));
  add("attention_s0",
      "mir.attention " + q0 + ", " + tkv + ", " + tkv +
          " scale = 5.000000e-01 : tensor<1x0x2x4xf32>, tensor<1x5x2x4xf32>, "
          "tensor<1x5x2x4xf32>",
      {1, 0, 2, 4}, DType::f32, {});
  add("elementwise",
      "mir.elementwise " + e03 + ", " + tr + " : (" + t03 +
          ", tensor<3xf32>) -> " + t03 +
          " {\n  ^bb0(%s: f32, %t: f32):\n"
          "    %m = mir.binary mul %s, %t : (f32, f32) -> f32\n"
          "    mir.yield %m : f32\n  }",
      {0, 3}, DType::f32, {});
  p.op("%topv, %topi = mir.topk " + e03 + " k = 2 axis = -1 : " + t03 +
       " -> tensor<0x2xf32>, tensor<0x2xi64>");
  p.result("%topv", {0, 2}, DType::f32, "topv");
  p.result("%topi", {0, 2}, DType::i64, "topi");
  wants.push_back({"topv", {0, 2}, DType::f32, {}});
  wants.push_back({"topi", {0, 2}, DType::i64, {}});
  p.op("%norm, %resid = mir.residual_norm layer " + e03 + ", " + e03 +
       " gamma(" + tr + ") eps = 1.0e-05 : (" + t03 + ", " + t03 +
       ", tensor<3xf32>) -> (" + t03 + ", " + t03 + ")");
  p.result("%norm", {0, 3}, DType::f32, "norm");
  p.result("%resid", {0, 3}, DType::f32, "resid");
  wants.push_back({"norm", {0, 3}, DType::f32, {}});
  wants.push_back({"resid", {0, 3}, DType::f32, {}});
  p.op("%sq, %sk = mir.shared_matmul " + e40 + ", " + e05 + ", " + e05 +
       " : (" + t40 +
       ", tensor<0x5xf32>, tensor<0x5xf32>) -> (tensor<4x5xf32>, "
       "tensor<4x5xf32>)");
  p.result("%sq", {4, 5}, DType::f32, "sq");
  p.result("%sk", {4, 5}, DType::f32, "sk");
  wants.push_back({"sq", {4, 5}, DType::f32, fill(20, 0)});
  wants.push_back({"sk", {4, 5}, DType::f32, fill(20, 0)});

  Outputs out;
  if (!run(p, &out))
    return;
  for (const Want &want : wants) {
    SCOPED_TRACE(want.name);
    const rlx::NamedOutput &got = get(out, want.name);
    if (want.dtype == DType::f32) {
      expectExactF32(got, want.shape, want.values);
      continue;
    }
    size_t n = static_cast<size_t>(ref::numElements(want.shape));
    if (want.dtype == DType::i32)
      expectInts(got, want.shape, want.dtype, std::vector<int32_t>(n, 0));
    else if (want.dtype == DType::i64)
      expectInts(got, want.shape, want.dtype, std::vector<int64_t>(n, 0));
    else
      expectInts(got, want.shape, want.dtype, std::vector<uint8_t>(n, 0));
  }
}

// f64 operands compute in f64 (u = 2^-53); Vulkan refuses f64 by name.
TEST(Attention, F64) {
  runAttentionCases(
      {{{1, 130, 2, 16}, 131, true, 0.25}, {{2, 64, 2, 32}, 200, false, 0.2}},
      DType::f64);
}

// f16 operands: the same bound plus one rounding of the result (Vulkan: in
// units of f16's roundoff).
TEST(Attention, F16) {
  runAttentionCases(
      {{{1, 17, 2, 8}, 17, true, 0.35}, {{1, 64, 2, 16}, 96, false, 0.25}},
      DType::f16);
}

// bf16 operands compute in f32 and round once (Vulkan refuses bf16 by
// name).
TEST(Attention, Bf16) {
  runAttentionCases(
      {{{1, 17, 2, 8}, 17, true, 0.35}, {{1, 130, 2, 16}, 140, false, 0.25}},
      DType::bf16);
}

//===----------------------------------------------------------------------===//
// mir.layer_norm, mir.rms_norm
//===----------------------------------------------------------------------===//

/// Norm bound: relative 1e-5 of the terms, |got - want| <= 1e-5 (|gamma|
/// (|xhat| + 1) + |beta|) (xhat the normalized input), plus one rounding to
/// the dtype (roundingTol). (The worst case of two f32 passes over n
/// elements, 4 (n + 8) u, is 1e-5 at n = 33 and grows with n; observed
/// errors stay below 1e-6 up to n = 1024.) On Vulkan the divisions by n
/// and 1 / sqrt (sqrt as 1 / inversesqrt) add about 20 u (1.2e-6) relative
/// to the normalized terms and 4 u |mean| to the centered ones, inside the
/// same bound.
std::vector<double> normTolerance(const std::vector<double> &want,
                                  const std::vector<double> &xhat,
                                  const std::vector<double> &gamma,
                                  const std::vector<double> &beta, int64_t n,
                                  DType dtype) {
  std::vector<double> tol(want.size());
  for (size_t i = 0; i < tol.size(); ++i) {
    double g = std::fabs(gamma[i % n]),
           b = beta.empty() ? 0 : std::fabs(beta[i % n]);
    tol[i] = 1e-5 * (g * (std::fabs(xhat[i]) + 1) + b) +
             roundingTol(dtype, want[i]) + 1e-30;
  }
  return tol;
}

struct NormCase {
  Shape shape;
  bool beta;
};

const std::vector<NormCase> kNormCases = {
    {{1, 1}, true},      {{1}, false},        {{3, 33}, true},
    {{5, 129}, false},   {{2, 3, 17}, true},  {{64, 1024}, true},
    {{64, 1024}, false}, {{1, 64, 512}, true}};

/// Input rows with a nonzero mean and spread; gamma near 1, beta small.
void normInputs(const Shape &shape, uint64_t seed, std::vector<float> *x,
                std::vector<float> *gamma, std::vector<float> *beta) {
  *x = uniform(ref::numElements(shape), -3, 5, seed);
  *gamma = uniform(shape.back(), 0.5, 1.5, seed + 1);
  *beta = uniform(shape.back(), -0.5, 0.5, seed + 2);
}

void runNormCases(const std::string &op, const std::vector<NormCase> &cases,
                  DType dtype) {
  Program p;
  std::string elt = elementName(dtype);
  auto rounded = [&](const std::string &name, const Shape &s,
                     std::vector<float> &v) {
    if (dtype == DType::f16) {
      std::string r = p.input(name, s, dtype, halfBits(v));
      v = ref::map<float>(v, ref::roundToHalf);
      return r;
    }
    if (dtype == DType::bf16) {
      std::string r = p.input(name, s, dtype, bf16Bits(v));
      v = ref::map<float>(v, ref::roundToBf16);
      return r;
    }
    return p.f32(name, s, v);
  };
  double eps = op == "layer_norm" ? 1e-5 : 1e-6;
  const char *epsText = op == "layer_norm" ? "1.000000e-05" : "9.99999997e-07";
  std::vector<std::array<std::vector<float>, 3>> data;
  for (size_t i = 0; i < cases.size(); ++i) {
    const NormCase &c = cases[i];
    std::array<std::vector<float>, 3> d;
    normInputs(c.shape, 600 + 3 * i, &d[0], &d[1], &d[2]);
    std::string n = std::to_string(i);
    Shape row = {c.shape.back()};
    std::string xv = rounded("x" + n, c.shape, d[0]);
    std::string gv = rounded("g" + n, row, d[1]);
    std::string operands = xv + ", " + gv;
    std::string types = tensorType(c.shape, elt) + ", " + tensorType(row, elt);
    if (op == "layer_norm" && c.beta) {
      operands += ", " + rounded("b" + n, row, d[2]);
      types += ", " + tensorType(row, elt);
    }
    data.push_back(d);
    p.op("%y" + n + " = mir." + op + " " + operands + " eps = " + epsText +
         " : (" + types + ") -> " + tensorType(c.shape, elt));
    p.result("%y" + n, c.shape, dtype, "y" + n);
    if (isBig(c.shape))
      p.expectSplit = true;
  }
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < cases.size(); ++i) {
    const NormCase &c = cases[i];
    SCOPED_TRACE(op + " " + shapeName(c.shape) + (c.beta ? " with beta" : ""));
    std::vector<double> x = toDouble(data[i][0]), g = toDouble(data[i][1]);
    std::vector<double> b;
    if (op == "layer_norm" && c.beta)
      b = toDouble(data[i][2]);
    std::vector<double> xhat, want;
    // The kernel adds eps as an f32 constant.
    double epsF = static_cast<float>(eps);
    if (op == "layer_norm")
      want = ref::layerNorm(x, c.shape, g, b, epsF, &xhat);
    else
      want = ref::rmsNorm(x, c.shape, g, epsF, &xhat);
    expectWithin(get(out, "y" + std::to_string(i)), c.shape, dtype, want,
                 normTolerance(want, xhat, g, b, c.shape.back(), dtype));
  }
}

TEST(LayerNorm, F32) { runNormCases("layer_norm", kNormCases, DType::f32); }
TEST(RmsNorm, F32) { runNormCases("rms_norm", kNormCases, DType::f32); }

// f16 / bf16: the f32 bound plus one rounding to the dtype (roundingTol).
TEST(LayerNorm, F16AndBf16) {
  runNormCases("layer_norm", {{{3, 33}, true}, {{64, 1024}, true}}, DType::f16);
  runNormCases("layer_norm", {{{5, 129}, false}, {{64, 1024}, true}},
               DType::bf16);
}

//===----------------------------------------------------------------------===//
// mir.cumsum
//===----------------------------------------------------------------------===//

// f32: |got - want| <= n u sum_{j' <= j} |x_j'| (n = the axis size).
// Integers: exact.
TEST(Cumsum, F32AndIntegers) {
  const std::vector<AxisCase> cases = {
      {{1}, 0},        {{3, 129}, 1},   {{3, 129}, 0},   {{4, 5, 6}, 1},
      {{4, 5, 6}, -1}, {{64, 1024}, 1}, {{64, 1024}, -2}};
  Program p;
  std::vector<std::vector<float>> data;
  for (size_t i = 0; i < cases.size(); ++i) {
    const AxisCase &c = cases[i];
    std::vector<float> x = uniform(ref::numElements(c.shape), -2, 2, 700 + i);
    data.push_back(x);
    std::string n = std::to_string(i);
    p.op("%y" + n + " = mir.cumsum " + p.f32("x" + n, c.shape, x) + " axis = " +
         std::to_string(c.axis) + " : " + tensorType(c.shape, "f32"));
    p.result("%y" + n, c.shape, DType::f32, "y" + n);
  }
  std::vector<int32_t> a = integers<int32_t>(3 * 17, -100, 100, 9);
  p.op("%yi = mir.cumsum " + p.input("a", {3, 17}, DType::i32, a) +
       " axis = 1 : tensor<3x17xi32>");
  p.op("%yj = mir.cumsum " + p.input("a0", {3, 17}, DType::i32, a) +
       " axis = 0 : tensor<3x17xi32>");
  p.result("%yi", {3, 17}, DType::i32, "yi");
  p.result("%yj", {3, 17}, DType::i32, "yj");
  p.expectSplit = true;
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < cases.size(); ++i) {
    const AxisCase &c = cases[i];
    SCOPED_TRACE(shapeName(c.shape) + " axis " + std::to_string(c.axis));
    std::vector<double> mag;
    std::vector<double> want =
        ref::cumsum(toDouble(data[i]), c.shape, c.axis, &mag);
    int64_t axis = c.axis < 0 ? c.axis + c.shape.size() : c.axis;
    std::vector<double> tol = ref::map<double>(
        mag, [&](double m) { return c.shape[axis] * kU * m + 1e-30; });
    expectWithin(get(out, "y" + std::to_string(i)), c.shape, DType::f32, want,
                 tol);
  }
  std::vector<double> ad(a.begin(), a.end());
  auto toI32 = [](const std::vector<double> &v) {
    return ref::map<int32_t>(v, [](double d) { return int32_t(d); });
  };
  expectInts(get(out, "yi"), {3, 17}, DType::i32,
             toI32(ref::cumsum(ad, {3, 17}, 1)));
  expectInts(get(out, "yj"), {3, 17}, DType::i32,
             toI32(ref::cumsum(ad, {3, 17}, 0)));
}

//===----------------------------------------------------------------------===//
// Data movement: transpose, reshape, slice, concat, broadcast, gather
//===----------------------------------------------------------------------===//

// Exact, in f32, i32, f16 and i1.
TEST(Transpose, Permutations) {
  struct Case {
    Shape shape;
    std::vector<int64_t> perm;
  };
  const std::vector<Case> cases = {{{1, 1}, {1, 0}},
                                   {{17, 33}, {1, 0}},
                                   {{2, 3, 5}, {2, 0, 1}},
                                   {{2, 3, 4, 5}, {0, 2, 1, 3}},
                                   {{2, 3, 4, 5}, {3, 2, 1, 0}},
                                   {{64, 1024}, {1, 0}},
                                   {{1, 64, 512}, {0, 2, 1}},
                                   // K to [B, H, D, T]: full 16 x 16 planes
                                   // (vector shuffles on the CPU).
                                   {{2, 32, 3, 48}, {0, 2, 3, 1}}};
  Program p;
  std::vector<std::vector<float>> data;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    std::vector<float> x = uniform(ref::numElements(c.shape), -9, 9, 800 + i);
    data.push_back(x);
    Shape os;
    ref::transpose(x, c.shape, c.perm, &os);
    std::string n = std::to_string(i);
    p.op("%y" + n + " = mir.transpose " + p.f32("x" + n, c.shape, x) +
         " permutation = " + intList(c.perm) + " : " +
         tensorType(c.shape, "f32") + " -> " + tensorType(os, "f32"));
    p.result("%y" + n, os, DType::f32, "y" + n);
  }
  std::vector<int32_t> a = integers<int32_t>(3 * 17, -999, 999, 1);
  std::vector<uint16_t> h = halfBits(uniform(5 * 7, -9, 9, 2));
  std::vector<uint8_t> b = integers<uint8_t>(4 * 9, 0, 1, 3);
  p.op("%ti = mir.transpose " + p.input("a", {3, 17}, DType::i32, a) +
       " permutation = [1, 0] : tensor<3x17xi32> -> tensor<17x3xi32>");
  p.op("%th = mir.transpose " + p.input("h", {5, 7}, DType::f16, h) +
       " permutation = [1, 0] : tensor<5x7xf16> -> tensor<7x5xf16>");
  p.op("%tb = mir.transpose " + p.input("b", {4, 9}, DType::i1, b) +
       " permutation = [1, 0] : tensor<4x9xi1> -> tensor<9x4xi1>");
  p.result("%ti", {17, 3}, DType::i32, "ti");
  p.result("%th", {7, 5}, DType::f16, "th");
  p.result("%tb", {9, 4}, DType::i1, "tb");
  p.expectSplit = true;
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(shapeName(cases[i].shape) + " " + intList(cases[i].perm));
    Shape os;
    std::vector<float> want =
        ref::transpose(data[i], cases[i].shape, cases[i].perm, &os);
    expectExactF32(get(out, "y" + std::to_string(i)), os, want);
  }
  expectInts(get(out, "ti"), {17, 3}, DType::i32,
             ref::transpose(a, {3, 17}, {1, 0}));
  expectInts(get(out, "th"), {7, 5}, DType::f16,
             ref::transpose(h, {5, 7}, {1, 0}));
  expectInts(get(out, "tb"), {9, 4}, DType::i1,
             ref::transpose(b, {4, 9}, {1, 0}));
}

// Exact: a reshape is a view (same bytes, row-major), returned directly
// (an output copy), read by another kernel, or of a kernel's result.
TEST(Reshape, Views) {
  std::vector<float> x = uniform(24, -9, 9, 1), y = uniform(24, -9, 9, 2);
  std::vector<float> big = uniform(64 * 1024, -9, 9, 3);
  std::vector<int32_t> a = integers<int32_t>(6, -9, 9, 4);
  Program p;
  std::string xv = p.f32("x", {4, 6}, x), yv = p.f32("y", {24}, y);
  p.op("%r0 = mir.reshape " + xv + " : tensor<4x6xf32> to tensor<2x3x4xf32>");
  p.op("%f = mir.reshape " + xv + " : tensor<4x6xf32> to tensor<24xf32>");
  p.op("%r1 = mir.binary add %f, " + yv +
       " : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xf32>");
  p.op("%n = mir.unary neg " + xv + " : tensor<4x6xf32>");
  p.op("%r2 = mir.reshape %n : tensor<4x6xf32> to tensor<6x4xf32>");
  p.op("%bv = mir.reshape " + p.f32("big", {64, 1024}, big) +
       " : tensor<64x1024xf32> to tensor<1024x64xf32>");
  p.op("%r3 = mir.unary abs %bv : tensor<1024x64xf32>");
  p.op("%r4 = mir.reshape " + p.input("a", {6}, DType::i32, a) +
       " : tensor<6xi32> to tensor<1x6x1xi32>");
  p.op("%r5 = mir.reshape " + xv + " : tensor<4x6xf32> to tensor<24x1xf32>");
  p.result("%r0", {2, 3, 4}, DType::f32, "r0");
  p.result("%r1", {24}, DType::f32, "r1");
  p.result("%r2", {6, 4}, DType::f32, "r2");
  p.result("%r3", {1024, 64}, DType::f32, "r3");
  p.result("%r4", {1, 6, 1}, DType::i32, "r4");
  p.result("%r5", {24, 1}, DType::f32, "r5");
  p.expectSplit = true;
  Outputs out;
  if (!run(p, &out))
    return;
  expectExactF32(get(out, "r0"), {2, 3, 4}, x);
  expectExactF32(get(out, "r1"), {24},
                 ref::broadcast2<float>(x, {24}, y, {24}, std::plus<float>()));
  expectExactF32(get(out, "r2"), {6, 4},
                 ref::map<float>(x, std::negate<float>()));
  expectExactF32(get(out, "r3"), {1024, 64},
                 ref::map<float>(big, [](float v) { return std::fabs(v); }));
  expectInts(get(out, "r4"), {1, 6, 1}, DType::i32, a);
  expectExactF32(get(out, "r5"), {24, 1}, x);
}

// Exact.
TEST(Slice, Strides) {
  struct Case {
    Shape shape;
    std::vector<int64_t> offsets, sizes, strides;
  };
  const std::vector<Case> cases = {
      {{1}, {0}, {1}, {1}},
      {{7, 9}, {1, 2}, {3, 3}, {2, 3}},
      {{5, 33}, {0, 0}, {5, 17}, {1, 2}},
      {{5, 33}, {4, 32}, {1, 1}, {1, 1}},
      {{4, 6, 8}, {1, 0, 3}, {2, 3, 2}, {2, 2, 3}},
      {{128, 1024}, {32, 0}, {64, 1024}, {1, 1}},
      {{64, 1030}, {0, 3}, {64, 257}, {1, 4}},
  };
  Program p;
  std::vector<std::vector<float>> data;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    std::vector<float> x = uniform(ref::numElements(c.shape), -9, 9, 900 + i);
    data.push_back(x);
    std::string n = std::to_string(i);
    p.op("%y" + n + " = mir.slice " + p.f32("x" + n, c.shape, x) +
         " offsets = " + intList(c.offsets) + " sizes = " + intList(c.sizes) +
         " strides = " + intList(c.strides) + " : " +
         tensorType(c.shape, "f32") + " -> " + tensorType(c.sizes, "f32"));
    p.result("%y" + n, c.sizes, DType::f32, "y" + n);
  }
  std::vector<int32_t> a = integers<int32_t>(5 * 7, -99, 99, 1);
  p.op("%yi = mir.slice " + p.input("a", {5, 7}, DType::i32, a) +
       " offsets = [1, 1] sizes = [2, 3] strides = [3, 2] : tensor<5x7xi32> -> "
       "tensor<2x3xi32>");
  p.result("%yi", {2, 3}, DType::i32, "yi");
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    SCOPED_TRACE(shapeName(c.shape) + " offsets " + intList(c.offsets));
    expectExactF32(get(out, "y" + std::to_string(i)), c.sizes,
                   ref::slice(data[i], c.shape, c.offsets, c.sizes, c.strides));
  }
  expectInts(get(out, "yi"), {2, 3}, DType::i32,
             ref::slice(a, {5, 7}, {1, 1}, {2, 3}, {3, 2}));
}

// Exact.
TEST(Concat, Axes) {
  struct Case {
    std::vector<Shape> shapes;
    int64_t axis;
  };
  const std::vector<Case> cases = {
      {{{1}, {1}}, 0},
      {{{2, 3}, {4, 3}}, 0},
      {{{2, 3}, {2, 1}, {2, 5}}, 1},
      {{{2, 3, 4}, {2, 3, 1}, {2, 3, 17}}, -1},
      {{{2, 3, 4}, {2, 5, 4}}, 1},
      {{{64, 512}, {64, 512}}, 1},
      {{{32, 1024}, {32, 1024}, {1, 1024}}, 0},
  };
  Program p;
  std::vector<std::vector<std::vector<float>>> data;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    std::string n = std::to_string(i);
    std::vector<std::vector<float>> xs;
    std::string operands, types;
    for (size_t j = 0; j < c.shapes.size(); ++j) {
      xs.push_back(
          uniform(ref::numElements(c.shapes[j]), -9, 9, 1000 + 10 * i + j));
      operands += (j ? ", " : "") + p.f32("x" + n + "_" + std::to_string(j),
                                          c.shapes[j], xs.back());
      types += (j ? ", " : "") + tensorType(c.shapes[j], "f32");
    }
    data.push_back(xs);
    Shape os;
    int64_t axis = c.axis < 0 ? c.axis + c.shapes[0].size() : c.axis;
    ref::concat(xs, c.shapes, axis, &os);
    p.op("%y" + n + " = mir.concat " + operands +
         " axis = " + std::to_string(c.axis) + " : (" + types + ") -> " +
         tensorType(os, "f32"));
    p.result("%y" + n, os, DType::f32, "y" + n);
  }
  std::vector<int32_t> a = integers<int32_t>(6, -9, 9, 1),
                       b = integers<int32_t>(3, -9, 9, 2);
  p.op("%yi = mir.concat " + p.input("ia", {3, 2}, DType::i32, a) + ", " +
       p.input("ib", {3, 1}, DType::i32, b) +
       " axis = 1 : (tensor<3x2xi32>, tensor<3x1xi32>) -> tensor<3x3xi32>");
  p.result("%yi", {3, 3}, DType::i32, "yi");
  p.expectSplit = true;
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    SCOPED_TRACE("case " + std::to_string(i));
    Shape os;
    int64_t axis = c.axis < 0 ? c.axis + c.shapes[0].size() : c.axis;
    std::vector<float> want = ref::concat(data[i], c.shapes, axis, &os);
    expectExactF32(get(out, "y" + std::to_string(i)), os, want);
  }
  expectInts(get(out, "yi"), {3, 3}, DType::i32,
             ref::concat<int32_t>({a, b}, {{3, 2}, {3, 1}}, 1));
}

// Exact.
TEST(Broadcast, Shapes) {
  struct Case {
    Shape from, to;
  };
  const std::vector<Case> cases = {
      {{5}, {4, 5}},        {{4, 1}, {4, 5}},          {{}, {2, 3}},
      {{1}, {1}},           {{3, 1, 5}, {2, 3, 4, 5}}, {{1, 33}, {17, 33}},
      {{1024}, {64, 1024}}, {{64, 1}, {64, 1024}}};
  Program p;
  std::vector<std::vector<float>> data;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    data.push_back(uniform(ref::numElements(c.from), -9, 9, 1100 + i));
    std::string n = std::to_string(i);
    p.op("%y" + n + " = mir.broadcast " + p.f32("x" + n, c.from, data.back()) +
         " : " + tensorType(c.from, "f32") + " to " + tensorType(c.to, "f32"));
    p.result("%y" + n, c.to, DType::f32, "y" + n);
  }
  std::vector<uint8_t> b = {1, 0, 1};
  p.op("%yb = mir.broadcast " + p.input("b", {3, 1}, DType::i1, b) +
       " : tensor<3x1xi1> to tensor<2x3x4xi1>");
  p.result("%yb", {2, 3, 4}, DType::i1, "yb");
  p.expectSplit = true;
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(shapeName(cases[i].from) + " to " + shapeName(cases[i].to));
    expectExactF32(get(out, "y" + std::to_string(i)), cases[i].to,
                   ref::broadcastTo(data[i], cases[i].from, cases[i].to));
  }
  expectInts(get(out, "yb"), {2, 3, 4}, DType::i1,
             ref::broadcastTo(b, {3, 1}, {2, 3, 4}));
}

// Exact; an index outside [0, table dim) reads zeros (MIR.md).
TEST(Gather, IndicesAndOutOfRange) {
  struct Case {
    Shape table, indices;
    int64_t axis;
    DType indexType;
  };
  const std::vector<Case> cases = {
      {{1, 1}, {1}, 0, DType::i32},        {{10, 4}, {3, 2}, 0, DType::i32},
      {{3, 10, 2}, {4}, 1, DType::i64},    {{33, 17}, {5, 3}, -1, DType::i64},
      {{1000, 64}, {1024}, 0, DType::i32}, {{64, 300}, {1024}, 1, DType::i32},
  };
  Program p;
  std::vector<std::pair<std::vector<float>, std::vector<int64_t>>> data;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    int64_t axis = c.axis < 0 ? c.axis + c.table.size() : c.axis;
    std::vector<float> t = uniform(ref::numElements(c.table), -9, 9, 1200 + i);
    // Mostly in range; some negative, some past the end.
    std::vector<int64_t> idx = integers<int64_t>(
        ref::numElements(c.indices), -3, c.table[axis] + 3, 1300 + i);
    if (i == 1)
      idx = {-1, 10, 100, 0, 9, 2147483647};
    if (i == 4)
      idx[0] = -2147483647 - 1;
    data.push_back({t, idx});
    std::string n = std::to_string(i);
    std::string iv =
        c.indexType == DType::i32
            ? p.input(
                  "i" + n, c.indices, DType::i32,
                  ref::map<int32_t>(idx, [](int64_t v) { return int32_t(v); }))
            : p.input("i" + n, c.indices, DType::i64, idx);
    Shape os;
    ref::gather(t, c.table, idx, c.indices, axis, &os);
    p.op("%y" + n + " = mir.gather " + p.f32("t" + n, c.table, t) + "[" + iv +
         "] axis = " + std::to_string(c.axis) + " : (" +
         tensorType(c.table, "f32") + ", " +
         tensorType(c.indices, elementName(c.indexType)) + ") -> " +
         tensorType(os, "f32"));
    p.result("%y" + n, os, DType::f32, "y" + n);
  }
  std::vector<int32_t> it = integers<int32_t>(12, -99, 99, 5);
  std::vector<int32_t> ii = {2, -1, 0, 3};
  p.op("%yi = mir.gather " + p.input("it", {4, 3}, DType::i32, it) + "[" +
       p.input("ii", {4}, DType::i32, ii) +
       "] axis = 0 : (tensor<4x3xi32>, tensor<4xi32>) -> tensor<4x3xi32>");
  p.result("%yi", {4, 3}, DType::i32, "yi");
  p.expectSplit = true;
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    SCOPED_TRACE(shapeName(c.table) + "[" + shapeName(c.indices) + "] axis " +
                 std::to_string(c.axis));
    int64_t axis = c.axis < 0 ? c.axis + c.table.size() : c.axis;
    Shape os;
    std::vector<float> want = ref::gather(data[i].first, c.table,
                                          data[i].second, c.indices, axis, &os);
    expectExactF32(get(out, "y" + std::to_string(i)), os, want);
  }
  expectInts(get(out, "yi"), {4, 3}, DType::i32,
             ref::gather(it, {4, 3}, std::vector<int64_t>(ii.begin(), ii.end()),
                         {4}, 0));
}

//===----------------------------------------------------------------------===//
// mir.conv2d, mir.pool, mir.topk
//===----------------------------------------------------------------------===//

struct ConvCase {
  Shape x, w;
  bool bias;
  std::vector<int64_t> strides, padding, dilations;
  int64_t groups;
};

struct ConvData {
  std::vector<double> x, w, b;
};

/// The reference's sums for case `c` on `d`.
ref::Sum convReference(const ConvCase &c, const ConvData &d) {
  return ref::conv2d(d.x, c.x, d.w, c.w, d.b, c.strides, c.padding, c.dilations,
                     c.groups);
}

/// Adds `%y<i> = mir.conv2d` of each case to `p` (x, w and b uniform in
/// [-1, 1) from seeds `seed + i`, `seed + 100 + i`, `seed + 200 + i`),
/// with `act` unless it is empty, and returns the values the reference
/// needs.
std::vector<ConvData> addConvCases(Program &p,
                                   const std::vector<ConvCase> &cases,
                                   const std::string &act, unsigned seed) {
  std::vector<ConvData> data;
  for (size_t i = 0; i < cases.size(); ++i) {
    const ConvCase &c = cases[i];
    std::string n = std::to_string(i);
    std::vector<float> x = uniform(ref::numElements(c.x), -1, 1, seed + i);
    std::vector<float> w =
        uniform(ref::numElements(c.w), -1, 1, seed + 100 + i);
    std::vector<float> b = uniform(c.w[0], -1, 1, seed + 200 + i);
    std::string operands =
        p.f32("x" + n, c.x, x) + ", " + p.f32("w" + n, c.w, w);
    std::string types = tensorType(c.x, "f32") + ", " + tensorType(c.w, "f32");
    if (c.bias) {
      operands += ", " + p.f32("b" + n, {c.w[0]}, b);
      types += ", " + tensorType({c.w[0]}, "f32");
    } else {
      b.clear();
    }
    data.push_back({toDouble(x), toDouble(w), toDouble(b)});
    Shape shape = convReference(c, data.back()).shape;
    p.op("%y" + n + " = mir.conv2d " + operands + " strides = " +
         intList(c.strides) + " padding = " + intList(c.padding) +
         " dilations = " + intList(c.dilations) +
         " groups = " + std::to_string(c.groups) +
         (act.empty() ? std::string() : " act = " + act) + " : (" + types +
         ") -> " + tensorType(shape, "f32"));
    p.result("%y" + n, shape, DType::f32, "y" + n);
  }
  return data;
}

// |got - want| <= (K + 1) u sum|terms| with K = C / groups * KH * KW (the
// bias counted as a term; the tiled kernel adds chunk by chunk, within the
// same bound).
TEST(Conv2d, Configurations) {
  const std::vector<ConvCase> cases = {
      {{1, 1, 1, 1}, {1, 1, 1, 1}, false, {1, 1}, {0, 0, 0, 0}, {1, 1}, 1},
      {{2, 3, 9, 9}, {4, 3, 3, 3}, true, {1, 1}, {0, 0, 0, 0}, {1, 1}, 1},
      {{2, 3, 9, 9}, {4, 3, 3, 3}, false, {1, 1}, {1, 1, 1, 1}, {1, 1}, 1},
      {{1, 3, 10, 11}, {5, 3, 3, 2}, true, {2, 2}, {0, 1, 2, 1}, {1, 1}, 1},
      {{1, 2, 12, 13}, {3, 2, 3, 3}, true, {2, 1}, {2, 2, 2, 2}, {2, 2}, 1},
      {{1, 3, 17, 17}, {5, 3, 3, 3}, false, {2, 2}, {0, 0, 0, 0}, {2, 2}, 1},
      {{1, 4, 8, 8}, {6, 2, 3, 3}, true, {1, 1}, {1, 1, 1, 1}, {1, 1}, 2},
      {{2, 3, 7, 7}, {3, 1, 3, 3}, true, {1, 1}, {1, 1, 1, 1}, {1, 1}, 3},
      {{1, 4, 6, 6}, {4, 2, 2, 2}, false, {1, 1}, {0, 0, 0, 0}, {1, 1}, 2},
      {{1, 8, 32, 32}, {64, 8, 3, 3}, true, {1, 1}, {1, 1, 1, 1}, {1, 1}, 1},
      {{4, 4, 33, 33}, {16, 4, 3, 3}, true, {1, 1}, {0, 0, 0, 0}, {1, 1}, 1},
      {{4, 4, 33, 33}, {16, 2, 3, 3}, true, {1, 1}, {1, 1, 1, 1}, {1, 1}, 2},
      {{1, 8, 34, 34}, {64, 8, 3, 3}, true, {1, 1}, {0, 0, 0, 0}, {1, 1}, 1},
      // The CPU's tiled kernel (ConvKernel.cpp): two chunks of input
      // channels and an edge tile of 2 rows; output channels split in two
      // (one tile); a 7x7 stride-2 stem of 3 channels on 2 images.
      {{1, 64, 12, 12}, {8, 64, 3, 3}, true, {1, 1}, {1, 1, 1, 1}, {1, 1}, 1},
      {{1, 16, 5, 5}, {128, 16, 3, 3}, true, {1, 1}, {1, 1, 1, 1}, {1, 1}, 1},
      {{2, 3, 40, 40}, {16, 3, 7, 7}, false, {2, 2}, {3, 3, 3, 3}, {1, 1}, 1},
      // The CPU's depthwise kernel: a channel multiplier of 2 with a row
      // stride, dilations and asymmetric padding; a 5x5/2 (two column
      // phases); a column stride of 3 (three phases), no bias.
      {{1, 4, 11, 10}, {8, 1, 3, 3}, true, {2, 1}, {1, 2, 0, 1}, {2, 1}, 4},
      {{1, 8, 15, 15}, {8, 1, 5, 5}, true, {2, 2}, {2, 2, 2, 2}, {1, 1}, 8},
      {{2, 3, 9, 14}, {3, 1, 3, 3}, false, {1, 3}, {1, 1, 1, 1}, {1, 1}, 3},
      // Pointwise (1x1, unit strides, no padding: the input read in place as
      // the patches) over two images with an edge tile; a strided 1x1
      // (patches copied).
      {{2, 16, 30, 30}, {24, 16, 1, 1}, true, {1, 1}, {0, 0, 0, 0}, {1, 1}, 1},
      {{1, 8, 9, 9}, {4, 8, 1, 1}, true, {2, 2}, {0, 0, 0, 0}, {1, 1}, 1},
  };
  Program p;
  std::vector<ConvData> data = addConvCases(p, cases, "", 1400);
  p.expectSplit = true;
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < cases.size(); ++i) {
    const ConvCase &c = cases[i];
    SCOPED_TRACE("case " + std::to_string(i) + ": " + shapeName(c.x) + " * " +
                 shapeName(c.w) + " groups " + std::to_string(c.groups));
    ref::Sum r = convReference(c, data[i]);
    int64_t k = c.w[1] * c.w[2] * c.w[3];
    expectWithin(get(out, "y" + std::to_string(i)), r.shape, DType::f32,
                 r.value, dotTolerance(r, k + 1, kU));
  }
}

class ConvActivationTest : public ::testing::TestWithParam<const char *> {};

// act(conv + bias) (mir.conv2d's `act`, applied in each kernel's epilogue:
// the CPU's tiles, its depthwise rows and its pointwise tiles; the loops of
// grouped, strided and Vulkan convs): the conv bound (K + 1) u sum|terms|
// times 1.2 (the largest |act'|, gelu's) plus the activation's own rounding
// 8 u (|want| + |z|).
TEST_P(ConvActivationTest, Epilogue) {
  std::string act = GetParam();
  const std::vector<ConvCase> cases = {
      {{1, 64, 12, 12}, {8, 64, 3, 3}, true, {1, 1}, {1, 1, 1, 1}, {1, 1}, 1},
      {{2, 3, 40, 40}, {16, 3, 7, 7}, false, {2, 2}, {3, 3, 3, 3}, {1, 1}, 1},
      {{1, 8, 15, 15}, {8, 1, 5, 5}, true, {2, 2}, {2, 2, 2, 2}, {1, 1}, 8},
      {{1, 16, 14, 14}, {16, 1, 7, 7}, true, {1, 1}, {3, 3, 3, 3}, {1, 1}, 16},
      {{2, 16, 30, 30}, {24, 16, 1, 1}, true, {1, 1}, {0, 0, 0, 0}, {1, 1}, 1},
      {{1, 4, 8, 8}, {6, 2, 3, 3}, true, {1, 1}, {1, 1, 1, 1}, {1, 1}, 2},
      {{2, 3, 9, 9}, {4, 3, 3, 3}, true, {1, 1}, {0, 0, 0, 0}, {1, 1}, 1},
  };
  Program p;
  std::vector<ConvData> data = addConvCases(p, cases, act, 2400);
  p.expectSplit = true;
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < cases.size(); ++i) {
    const ConvCase &c = cases[i];
    SCOPED_TRACE("case " + std::to_string(i) + ": " + shapeName(c.x) + " * " +
                 shapeName(c.w) + " groups " + std::to_string(c.groups));
    ref::Sum r = convReference(c, data[i]);
    std::vector<double> zTol =
        dotTolerance(r, c.w[1] * c.w[2] * c.w[3] + 1, kU);
    std::vector<double> want(r.value.size()), tol(r.value.size());
    for (size_t j = 0; j < want.size(); ++j) {
      want[j] = act == "relu6" ? std::min(std::max(r.value[j], 0.0), 6.0)
                               : ref::unary(act, r.value[j]);
      tol[j] = 1.2 * zTol[j] +
               8 * kU * (std::fabs(want[j]) + std::fabs(r.value[j])) + 1e-30;
    }
    expectWithin(get(out, "y" + std::to_string(i)), r.shape, DType::f32, want,
                 tol);
  }
}

INSTANTIATE_TEST_SUITE_P(Activations, ConvActivationTest,
                         ::testing::Values("relu", "gelu", "silu", "relu6"));

// max: exact. avg: (KH KW + 1) u sum|x| / count + u |want|; the divisor is
// the in-bounds count (padding excluded).
TEST(Pool, MaxAndAvg) {
  struct Case {
    Shape x;
    std::vector<int64_t> kernel, strides, padding;
  };
  const std::vector<Case> cases = {
      {{1, 1, 1, 1}, {1, 1}, {1, 1}, {0, 0, 0, 0}},
      {{2, 3, 8, 8}, {2, 2}, {2, 2}, {0, 0, 0, 0}},
      {{1, 2, 9, 9}, {3, 3}, {1, 1}, {1, 1, 1, 1}},
      {{1, 2, 9, 7}, {3, 2}, {2, 3}, {0, 1, 2, 0}},
      {{1, 1, 17, 33}, {2, 4}, {3, 2}, {1, 0, 0, 3}},
      {{2, 64, 32, 32}, {2, 2}, {2, 2}, {0, 0, 0, 0}},
  };
  Program p;
  std::vector<std::vector<double>> data;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    std::vector<float> x = uniform(ref::numElements(c.x), -5, 5, 1700 + i);
    data.push_back(toDouble(x));
    std::string n = std::to_string(i);
    std::string in = p.f32("x" + n, c.x, x);
    Shape os;
    ref::pool("max", data.back(), c.x, c.kernel, c.strides, c.padding, &os);
    for (const char *kind : {"max", "avg"}) {
      std::string name = kind + n;
      p.op("%" + name + " = mir.pool " + kind + " " + in + " kernel = " +
           intList(c.kernel) + " strides = " + intList(c.strides) +
           " padding = " + intList(c.padding) + " : " + tensorType(c.x, "f32") +
           " -> " + tensorType(os, "f32"));
      p.result("%" + name, os, DType::f32, name);
    }
  }
  p.expectSplit = true;
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    SCOPED_TRACE("case " + std::to_string(i) + ": " + shapeName(c.x));
    Shape os;
    std::string n = std::to_string(i);
    std::vector<double> mx =
        ref::pool("max", data[i], c.x, c.kernel, c.strides, c.padding, &os);
    expectExact(get(out, "max" + n), os, DType::f32, mx);
    std::vector<double> avg =
        ref::pool("avg", data[i], c.x, c.kernel, c.strides, c.padding);
    std::vector<double> absAvg = ref::pool(
        "avg", ref::map<double>(data[i], [](double v) { return std::fabs(v); }),
        c.x, c.kernel, c.strides, c.padding);
    double k = double(c.kernel[0] * c.kernel[1]);
    std::vector<double> tol(avg.size());
    for (size_t j = 0; j < tol.size(); ++j)
      tol[j] = (k + 1) * kU * absAvg[j] + kU * std::fabs(avg[j]) + 1e-30;
    expectWithin(get(out, "avg" + n), os, DType::f32, avg, tol);
  }
}

// Dilated windows, ceil_mode (with a last window dropped for starting past
// the input) and count_include_pad, each against the naive reference: max
// exact, avg as in MaxAndAvg over the divisor the options pick.
TEST(Pool, DilationsCeilModeCountPad) {
  struct Case {
    Shape x;
    std::vector<int64_t> kernel, strides, padding;
    ref::PoolOptions options;
  };
  const std::vector<Case> cases = {
      {{1, 2, 9, 9}, {3, 3}, {1, 1}, {2, 2, 2, 2}, {{2, 2}, false, false}},
      {{1, 2, 8, 8}, {3, 3}, {2, 2}, {0, 0, 0, 0}, {{1, 1}, true, false}},
      {{1, 2, 9, 7}, {3, 2}, {2, 3}, {1, 1, 1, 1}, {{1, 1}, false, true}},
      {{2, 3, 10, 11}, {3, 3}, {2, 2}, {1, 1, 1, 1}, {{1, 1}, true, true}},
      // Ceil mode whose last window would start in the trailing padding.
      {{1, 1, 5, 5}, {2, 2}, {4, 4}, {0, 0, 1, 1}, {{1, 1}, true, false}},
      {{1, 4, 33, 17}, {2, 3}, {3, 2}, {1, 0, 1, 2}, {{2, 1}, true, true}},
      // Large enough to split into workgroups.
      {{2, 64, 32, 32}, {3, 3}, {2, 2}, {1, 1, 1, 1}, {{2, 2}, true, true}},
  };
  Program p;
  std::vector<std::vector<double>> data;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    std::vector<float> x = uniform(ref::numElements(c.x), -5, 5, 1800 + i);
    data.push_back(toDouble(x));
    std::string n = std::to_string(i);
    std::string in = p.f32("x" + n, c.x, x);
    Shape os;
    ref::pool("max", data.back(), c.x, c.kernel, c.strides, c.padding, &os,
              c.options);
    for (const char *kind : {"max", "avg"}) {
      std::string name = kind + n;
      std::string extra = " dilations = " + intList(c.options.dilations);
      if (c.options.ceilMode)
        extra += " ceil_mode";
      if (c.options.countIncludePad && std::string(kind) == "avg")
        extra += " count_include_pad";
      p.op("%" + name + " = mir.pool " + kind + " " + in + " kernel = " +
           intList(c.kernel) + " strides = " + intList(c.strides) +
           " padding = " + intList(c.padding) + extra + " : " +
           tensorType(c.x, "f32") + " -> " + tensorType(os, "f32"));
      p.result("%" + name, os, DType::f32, name);
    }
  }
  p.expectSplit = true;
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    SCOPED_TRACE("case " + std::to_string(i) + ": " + shapeName(c.x));
    Shape os;
    std::string n = std::to_string(i);
    ref::PoolOptions maxOptions = c.options;
    maxOptions.countIncludePad = false;
    std::vector<double> mx = ref::pool("max", data[i], c.x, c.kernel,
                                       c.strides, c.padding, &os, maxOptions);
    expectExact(get(out, "max" + n), os, DType::f32, mx);
    std::vector<double> avg = ref::pool("avg", data[i], c.x, c.kernel,
                                        c.strides, c.padding, nullptr,
                                        c.options);
    std::vector<double> absAvg = ref::pool(
        "avg", ref::map<double>(data[i], [](double v) { return std::fabs(v); }),
        c.x, c.kernel, c.strides, c.padding, nullptr, c.options);
    double k = double(c.kernel[0] * c.kernel[1]);
    std::vector<double> tol(avg.size());
    for (size_t j = 0; j < tol.size(); ++j)
      tol[j] = (k + 1) * kU * absAvg[j] + kU * std::fabs(avg[j]) + 1e-30;
    expectWithin(get(out, "avg" + n), os, DType::f32, avg, tol);
  }
}

// Exact: values descending, ties keep the lower index first. Inputs are
// small integers (as floats) so rows hold many ties.
TEST(TopK, TiesAndAxes) {
  struct Case {
    Shape shape;
    int64_t k, axis;
    DType indexType;
  };
  const std::vector<Case> cases = {
      {{1}, 1, 0, DType::i64},         {{5, 8}, 3, -1, DType::i64},
      {{8, 5}, 2, 0, DType::i32},      {{3, 4, 6}, 4, 1, DType::i64},
      {{4, 9}, 9, 1, DType::i32},      {{2, 129}, 7, -1, DType::i64},
      {{64, 1024}, 5, -1, DType::i64},
  };
  Program p;
  std::vector<std::vector<float>> data;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    std::vector<float> x = ref::map<float>(
        integers<int32_t>(ref::numElements(c.shape), -4, 4, 1800 + i),
        [](int32_t v) { return float(v) * 0.5f; });
    data.push_back(x);
    int64_t axis = c.axis < 0 ? c.axis + c.shape.size() : c.axis;
    Shape os = c.shape;
    os[axis] = c.k;
    std::string n = std::to_string(i);
    p.op("%v" + n + ", %i" + n + " = mir.topk " + p.f32("x" + n, c.shape, x) +
         " k = " + std::to_string(c.k) + " axis = " + std::to_string(c.axis) +
         " : " + tensorType(c.shape, "f32") + " -> " + tensorType(os, "f32") +
         ", " + tensorType(os, elementName(c.indexType)));
    p.result("%v" + n, os, DType::f32, "v" + n);
    p.result("%i" + n, os, c.indexType, "i" + n);
  }
  std::vector<int32_t> a = integers<int32_t>(4 * 9, -3, 3, 3);
  p.op(
      "%vi, %ii = mir.topk " + p.input("a", {4, 9}, DType::i32, a) +
      " k = 4 axis = -1 : tensor<4x9xi32> -> tensor<4x4xi32>, tensor<4x4xi64>");
  p.result("%vi", {4, 4}, DType::i32, "vi");
  p.result("%ii", {4, 4}, DType::i64, "ii");
  p.expectSplit = true;
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    SCOPED_TRACE(shapeName(c.shape) + " k " + std::to_string(c.k) + " axis " +
                 std::to_string(c.axis));
    int64_t axis = c.axis < 0 ? c.axis + c.shape.size() : c.axis;
    Shape os = c.shape;
    os[axis] = c.k;
    auto [values, indices] = ref::topk(data[i], c.shape, c.k, axis);
    std::string n = std::to_string(i);
    expectExactF32(get(out, "v" + n), os, values);
    if (c.indexType == DType::i64)
      expectInts(get(out, "i" + n), os, DType::i64, indices);
    else
      expectInts(
          get(out, "i" + n), os, DType::i32,
          ref::map<int32_t>(indices, [](int64_t v) { return int32_t(v); }));
  }
  auto [vi, ii] = ref::topk(a, {4, 9}, 4, 1);
  expectInts(get(out, "vi"), {4, 4}, DType::i32, vi);
  expectInts(get(out, "ii"), {4, 4}, DType::i64, ii);
}

//===----------------------------------------------------------------------===//
// Fused ops
//===----------------------------------------------------------------------===//

/// The activation of a fused epilogue, in double.
double activation(const std::string &act, double z) {
  if (act == "relu6")
    return std::min(std::max(z, 0.0), 6.0);
  return act == "none" ? z : ref::unary(act, z);
}

struct FusedCase {
  Shape a, b, bias; // bias empty: none
};

/// A fused case's operands as the reference sees them.
struct FusedData {
  std::vector<double> a, b, bias;
};

/// `%y<i> = mir.fused_matmul` of each case in `dtype` (f32, f16 or bf16)
/// with activation `act` into `p`, from uniform operands seeded at `seed`,
/// 100 + seed and 200 + seed; f16 / bf16 operands are rounded before the
/// reference sees them. Returns the reference's operands.
std::vector<FusedData> addFusedMatmuls(Program &p,
                                       const std::vector<FusedCase> &cases,
                                       const std::string &act, DType dtype,
                                       uint64_t seed) {
  std::string elt = elementName(dtype);
  auto rounded = [&](const std::vector<float> &v) {
    if (dtype == DType::f32)
      return v;
    return ref::map<float>(v, dtype == DType::f16 ? ref::roundToHalf
                                                  : ref::roundToBf16);
  };
  std::vector<FusedData> data;
  for (size_t i = 0; i < cases.size(); ++i) {
    const FusedCase &c = cases[i];
    std::string n = std::to_string(i);
    auto operand = [&](const std::string &name, const Shape &shape,
                       const std::vector<float> &v) {
      if (dtype == DType::f32)
        return p.f32(name, shape, v);
      return p.input(name, shape, dtype,
                     dtype == DType::f16 ? halfBits(v) : bf16Bits(v));
    };
    std::vector<float> a = uniform(ref::numElements(c.a), -1, 1, seed + i);
    std::vector<float> b =
        uniform(ref::numElements(c.b), -1, 1, seed + 100 + i);
    std::vector<float> bias =
        uniform(ref::numElements(c.bias), -1, 1, seed + 200 + i);
    std::string operands =
        operand("a" + n, c.a, a) + ", " + operand("b" + n, c.b, b);
    std::string types = tensorType(c.a, elt) + ", " + tensorType(c.b, elt);
    if (!c.bias.empty()) {
      operands += ", " + operand("c" + n, c.bias, bias);
      types += ", " + tensorType(c.bias, elt);
    } else {
      bias.clear();
    }
    data.push_back(
        {toDouble(rounded(a)), toDouble(rounded(b)), toDouble(rounded(bias))});
    Shape out = ref::matmul(data.back().a, c.a, data.back().b, c.b).shape;
    p.op("%y" + n + " = mir.fused_matmul " + operands +
         (act == "none" ? std::string() : " act = " + act) + " : (" + types +
         ") -> " + tensorType(out, elt));
    p.result("%y" + n, out, dtype, "y" + n);
  }
  return data;
}

/// act(lhs x rhs + bias) of every case against the double reference: the
/// matmul bound (K + 1) u sum|ab| (bias as a term), times 1.2 (the largest
/// |act'|, gelu's), plus the activation's own rounding 8 u (|want| + |z|)
/// (see the unary cases), plus one rounding to `dtype` (roundingTol).
void expectFusedMatmuls(const Outputs &out, const std::vector<FusedCase> &cases,
                        const std::vector<FusedData> &data,
                        const std::string &act, DType dtype) {
  for (size_t i = 0; i < cases.size(); ++i) {
    const FusedCase &c = cases[i];
    SCOPED_TRACE(shapeName(c.a) + " x " + shapeName(c.b) + " bias " +
                 shapeName(c.bias));
    ref::Sum r = ref::matmul(data[i].a, c.a, data[i].b, c.b);
    std::vector<double> want(r.value.size()), tol(r.value.size());
    for (size_t j = 0; j < want.size(); ++j) {
      double bias = 0;
      if (!c.bias.empty())
        bias = data[i].bias[ref::broadcastSource(c.bias, r.shape,
                                                 ref::unravel(j, r.shape))];
      double z = r.value[j] + bias;
      want[j] = activation(act, z);
      double zTol = (c.a.back() + 2) * kU * (r.magnitude[j] + std::fabs(bias));
      tol[j] = 1.2 * zTol + 8 * kU * (std::fabs(want[j]) + std::fabs(z)) +
               roundingTol(dtype, want[j]) + 1e-30;
    }
    expectWithin(get(out, "y" + std::to_string(i)), r.shape, dtype, want, tol);
  }
}

class FusedMatmulTest : public ::testing::TestWithParam<const char *> {};

// act(lhs x rhs + bias) in f32: expectFusedMatmuls's bound.
TEST_P(FusedMatmulTest, ActivationAndBias) {
  std::string act = GetParam();
  const std::vector<FusedCase> cases = {
      {{1, 1}, {1, 1}, {}},
      {{1, 1}, {1, 1}, {1}},
      {{17, 33}, {33, 65}, {65}},
      {{17, 33}, {33, 65}, {}},
      {{17, 33}, {33, 65}, {17, 65}},
      {{2, 5, 7}, {7, 3}, {3}},
      {{2, 5, 7}, {2, 7, 3}, {5, 3}},
      {{64, 64}, {64, 1024}, {1024}},
      // The epilogue on the microkernel's registers over every edge (see
      // kMatmulCases), with a bias per column and one per element.
      {{130, 600}, {600, 600}, {600}},
      {{25, 140}, {140, 47}, {25, 47}},
      // A column split: the bias and a per-element addend split with N.
      {{20, 70}, {70, 600}, {600}},
      {{3, 20, 70}, {70, 600}, {20, 600}},
  };
  Program p;
  std::vector<FusedData> data =
      addFusedMatmuls(p, cases, act, DType::f32, 1900);
  p.expectSplit = true;
  Outputs out;
  if (run(p, &out))
    expectFusedMatmuls(out, cases, data, act, DType::f32);
}

INSTANTIATE_TEST_SUITE_P(AllActivations, FusedMatmulTest,
                         ::testing::Values("none", "relu", "gelu", "gelu_tanh",
                                           "silu", "sigmoid", "tanh", "relu6"));

// f16 / bf16: act(lhs x rhs + bias) in f32 (the f32 case's bound), rounded
// once to the dtype; inputs rounded to the dtype before the reference sees
// them. On the CPU the bias and the activation run on the microkernel's
// registers of each f32 tile and the truncation on the way out.
TEST(FusedMatmul, HalfFloats) {
  const std::vector<FusedCase> cases = {
      {{17, 33}, {33, 65}, {65}},
      {{130, 600}, {600, 600}, {600}},
      {{3, 20, 70}, {70, 600}, {600}},
      {{70, 40}, {40, 300}, {}},
  };
  for (DType dtype : {DType::f16, DType::bf16}) {
    SCOPED_TRACE(elementName(dtype));
    Program p;
    std::vector<FusedData> data =
        addFusedMatmuls(p, cases, "gelu", dtype, 2200);
    Outputs out;
    if (run(p, &out)) // false: the device refused the dtype (run checks)
      expectFusedMatmuls(out, cases, data, "gelu", dtype);
  }
}

// sum = (input + residual) + bias, rounded in f32 as the unfused adds:
// exact. normed: the norm bound of the layer_norm / rms_norm cases,
// computed from the f32 sum.
// A sum nothing reads (sumUsed false) is kept per row on the stack on the
// CPU and never written (Kernels.cpp): the normed result must not change.
TEST(ResidualNorm, LayerAndRms) {
  struct Case {
    const char *kind;
    Shape shape;
    bool bias, beta;
    bool sumUsed = true;
  };
  const std::vector<Case> cases = {
      {"layer", {1, 1}, true, true},
      {"layer", {5, 33}, true, true},
      {"layer", {5, 33}, false, false},
      {"layer", {2, 3, 17}, false, true},
      {"layer", {64, 1024}, true, true},
      {"rms", {1, 1}, false, false},
      {"rms", {5, 129}, true, false},
      {"rms", {5, 129}, false, false},
      {"rms", {64, 1024}, true, false},
      {"layer", {64, 1024}, true, true, /*sumUsed=*/false},
      {"layer", {2, 3, 17}, false, true, /*sumUsed=*/false},
      {"rms", {5, 129}, true, false, /*sumUsed=*/false},
  };
  Program p;
  struct Data {
    std::vector<float> x, r, bias, gamma, beta;
  };
  std::vector<Data> data;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    std::string n = std::to_string(i), k = c.kind;
    Shape row = {c.shape.back()};
    Data d;
    normInputs(c.shape, 2200 + 5 * i, &d.x, &d.gamma, &d.beta);
    d.r = uniform(ref::numElements(c.shape), -2, 2, 2300 + i);
    d.bias = uniform(c.shape.back(), -1, 1, 2400 + i);
    std::string t = tensorType(c.shape, "f32"), tr = tensorType(row, "f32");
    std::string text = "%n" + n + ", %s" + n + " = mir.residual_norm " + k +
                       " " + p.f32("x" + n, c.shape, d.x) + ", " +
                       p.f32("r" + n, c.shape, d.r);
    std::string types = t + ", " + t;
    if (c.bias) {
      text += " bias(" + p.f32("bias" + n, row, d.bias) + ")";
      types += ", " + tr;
    } else {
      d.bias.clear();
    }
    text += " gamma(" + p.f32("g" + n, row, d.gamma) + ")";
    types += ", " + tr;
    if (c.beta) {
      text += " beta(" + p.f32("beta" + n, row, d.beta) + ")";
      types += ", " + tr;
    } else {
      d.beta.clear();
    }
    text += std::string(" eps = ") +
            (k == "layer" ? "1.000000e-05" : "9.99999997e-07") + " : (" +
            types + ") -> (" + t + ", " + t + ")";
    p.op(text);
    p.result("%n" + n, c.shape, DType::f32, "n" + n);
    if (c.sumUsed)
      p.result("%s" + n, c.shape, DType::f32, "s" + n);
    data.push_back(d);
  }
  p.expectSplit = true;
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    const Data &d = data[i];
    std::string n = std::to_string(i), k = c.kind;
    SCOPED_TRACE(k + " " + shapeName(c.shape) + (c.bias ? " bias" : "") +
                 (c.beta ? " beta" : ""));
    int64_t cols = c.shape.back();
    std::vector<float> sum(d.x.size());
    for (size_t j = 0; j < sum.size(); ++j) {
      sum[j] = d.x[j] + d.r[j];
      if (c.bias)
        sum[j] = sum[j] + d.bias[j % cols];
    }
    if (c.sumUsed)
      expectExactF32(get(out, "s" + n), c.shape, sum);
    std::vector<double> xhat, want;
    std::vector<double> g = toDouble(d.gamma), b = toDouble(d.beta);
    if (k == "layer")
      want = ref::layerNorm(toDouble(sum), c.shape, g, b, double(1e-5f), &xhat);
    else
      want = ref::rmsNorm(toDouble(sum), c.shape, g, double(1e-6f), &xhat);
    expectWithin(get(out, "n" + n), c.shape, DType::f32, want,
                 normTolerance(want, xhat, g, b, cols, DType::f32));
  }
}

// silu(x Wg) * (x Wu): each sum within (K + 1) u sum|terms|; the error of
// the product is |silu'(g)| |u| dg + |silu(g)| du (|silu'| <= 1.1) plus
// 8 u |want| for silu and the product. The weights are inputs, or params
// (`weightParams`: on the CPU kept in the microkernel's panels when N is a
// multiple of the panel width). The shapes take every path of the CPU's
// tiled kernel (ContractionKernels.cpp, buildSwigluTiles): one element,
// odd sizes, batch dims collapsed, a column split (fewer than 256 rows),
// a row split whose workgroups have several column tiles and an edge
// tile, more rows than one tile (512) with an edge row tile.
void expectSwiglu(bool weightParams, uint64_t seed) {
  struct Case {
    Shape x;
    int64_t f;
  };
  const std::vector<Case> cases = {
      {{1, 1}, 1},      {{5, 33}, 65},       {{2, 3, 17}, 9},
      {{64, 32}, 1024}, {{1, 64, 16}, 1024}, {{600, 40}, 300},
      {{300, 24}, 384}, {{2, 520, 12}, 130}, {{1100, 8}, 64}};
  Program p;
  std::vector<std::array<std::vector<double>, 3>> data;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    std::string n = std::to_string(i);
    int64_t k = c.x.back();
    std::vector<float> x = uniform(ref::numElements(c.x), -1, 1, seed + i);
    std::vector<float> wg = uniform(k * c.f, -1, 1, seed + 100 + i);
    std::vector<float> wu = uniform(k * c.f, -1, 1, seed + 200 + i);
    Shape os = c.x;
    os.back() = c.f;
    std::string tw = tensorType({k, c.f}, "f32");
    auto weight = [&](const std::string &name, const std::vector<float> &w) {
      return weightParams ? p.param(name, {k, c.f}, DType::f32, w)
                          : p.f32(name, {k, c.f}, w);
    };
    std::string g = weight("wg" + n, wg), u = weight("wu" + n, wu);
    p.op("%y" + n + " = mir.swiglu " + p.f32("x" + n, c.x, x) + ", " + g +
         ", " + u + " : (" + tensorType(c.x, "f32") + ", " + tw + ", " + tw +
         ") -> " + tensorType(os, "f32"));
    p.result("%y" + n, os, DType::f32, "y" + n);
    data.push_back({toDouble(x), toDouble(wg), toDouble(wu)});
  }
  p.expectSplit = true;
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    SCOPED_TRACE(shapeName(c.x) + " -> " + std::to_string(c.f));
    int64_t k = c.x.back();
    ref::Sum g = ref::matmul(data[i][0], c.x, data[i][1], {k, c.f});
    ref::Sum u = ref::matmul(data[i][0], c.x, data[i][2], {k, c.f});
    std::vector<double> want(g.value.size()), tol(g.value.size());
    for (size_t j = 0; j < want.size(); ++j) {
      double sg = ref::unary("silu", g.value[j]);
      want[j] = sg * u.value[j];
      double dg = (k + 1) * kU * g.magnitude[j],
             du = (k + 1) * kU * u.magnitude[j];
      tol[j] = 1.1 * std::fabs(u.value[j]) * dg + std::fabs(sg) * du +
               8 * kU * std::fabs(want[j]) + 1e-30;
    }
    expectWithin(get(out, "y" + std::to_string(i)), g.shape, DType::f32, want,
                 tol);
  }
}

TEST(Swiglu, Shapes) { expectSwiglu(/*weightParams=*/false, 2500); }

TEST(Swiglu, ParamWeights) { expectSwiglu(/*weightParams=*/true, 2800); }

/// Runs mir.shared_matmul over shapes that take every path (one element, odd
/// sizes, batch dims, a row split, a column split of one N), with a bias
/// per weight when `withBiases`, against the naive matmul in double (plus
/// the bias: the bound of a sum of K + 1 terms). Weights and biases are
/// mir.param (bound with setParamTyped), as in models; a column split
/// splits each bias with its weight's columns.
void expectSharedMatmul(bool withBiases, uint64_t seed) {
  struct Case {
    Shape x;
    std::vector<int64_t> ns;
  };
  const std::vector<Case> cases = {{{1, 1}, {1, 1}},
                                   {{16, 33}, {64, 32}},
                                   {{2, 5, 7}, {3, 4, 5}},
                                   {{64, 64}, {1024, 512}},
                                   // One N, few rows: a column split (2
                                   // workgroups of 150 columns).
                                   {{1, 30, 40}, {300, 300, 300}}};
  Program p;
  struct Data {
    std::vector<double> x;
    std::vector<std::vector<double>> weights, biases;
  };
  std::vector<Data> data;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    std::string n = std::to_string(i);
    int64_t k = c.x.back();
    std::vector<float> x = uniform(ref::numElements(c.x), -1, 1, seed + i);
    Data d{toDouble(x), {}, {}};
    std::string operands = p.f32("x" + n, c.x, x),
                types = tensorType(c.x, "f32");
    std::string biases, biasTypes, results, resultTypes;
    for (size_t j = 0; j < c.ns.size(); ++j) {
      std::string at = n + "_" + std::to_string(j);
      uint64_t salt = seed + 100 + 10 * i + j;
      std::vector<float> wv = uniform(k * c.ns[j], -1, 1, salt);
      d.weights.push_back(toDouble(wv));
      operands += ", " + p.param("w" + at, {k, c.ns[j]}, DType::f32, wv);
      types += ", " + tensorType({k, c.ns[j]}, "f32");
      if (withBiases) {
        std::vector<float> bv = uniform(c.ns[j], -1, 1, salt + 100);
        d.biases.push_back(toDouble(bv));
        biases +=
            (j ? ", " : "") + p.param("b" + at, {c.ns[j]}, DType::f32, bv);
        biasTypes += ", " + tensorType({c.ns[j]}, "f32");
      }
      Shape os = c.x;
      os.back() = c.ns[j];
      results += (j ? ", %y" : "%y") + at;
      resultTypes += (j ? ", " : "") + tensorType(os, "f32");
      p.result("%y" + at, os, DType::f32, "y" + at);
    }
    p.op(results + " = mir.shared_matmul " + operands +
         (withBiases ? " bias(" + biases + ")" : std::string()) + " : (" +
         types + biasTypes + ") -> (" + resultTypes + ")");
    data.push_back(d);
  }
  p.expectSplit = true;
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    int64_t k = c.x.back();
    for (size_t j = 0; j < c.ns.size(); ++j) {
      SCOPED_TRACE(shapeName(c.x) + " weight " + std::to_string(j));
      ref::Sum r =
          ref::matmul(data[i].x, c.x, data[i].weights[j], {k, c.ns[j]});
      for (size_t e = 0; withBiases && e < r.value.size(); ++e) {
        double bias = data[i].biases[j][e % c.ns[j]];
        r.value[e] += bias;
        r.magnitude[e] += std::fabs(bias);
      }
      expectWithin(get(out, "y" + std::to_string(i) + "_" + std::to_string(j)),
                   r.shape, DType::f32, r.value,
                   dotTolerance(r, withBiases ? k + 1 : k, kU));
    }
  }
}

// output_i = input x weights_i: the matmul bound per output.
TEST(SharedMatmul, SeveralWeights) { expectSharedMatmul(false, 2800); }

// output_i = input x weights_i + biases_i, the bias [N_i] added to every
// row (the epilogue of each product).
TEST(SharedMatmul, Biases) { expectSharedMatmul(true, 3100); }

//===----------------------------------------------------------------------===//
// mir.elementwise
//===----------------------------------------------------------------------===//

// The body: mul, add, scalar constants, compare, a multiply by the splat
// input, select; all exact float steps evaluated in the same order as the
// reference: exact. Inputs broadcast ([4, 1], [1, 5], rank 0, and a splat
// constant tensor, which the kernel reads as a scalar).
const char *kRegionBody = R"(
  ^bb0(%e: f32, %f: f32, %g: f32, %k: f32):
    %m = mir.binary mul %e, %f : (f32, f32) -> f32
    %s = mir.binary add %m, %g : (f32, f32) -> f32
    %h = mir.constant 5.000000e-01 : f32
    %t = mir.binary mul %s, %h : (f32, f32) -> f32
    %z = mir.constant 0.000000e+00 : f32
    %p = mir.compare gt %t, %z : (f32, f32) -> i1
    %n = mir.binary mul %t, %k : (f32, f32) -> f32
    %r = mir.select %p, %t, %n : (i1, f32, f32) -> f32
    mir.yield %r : f32
  })";

float regionReference(float e, float f, float g, float k) {
  float t = (e * f + g) * 0.5f;
  return t > 0.0f ? t : t * k;
}

TEST(Elementwise, MultiStepBodyWithBroadcasts) {
  struct Case {
    Shape e, f, g, out;
  };
  const std::vector<Case> cases = {{{4, 1}, {1, 5}, {}, {4, 5}},
                                   {{1}, {1}, {}, {1}},
                                   {{3, 33}, {33}, {3, 1}, {3, 33}},
                                   {{64, 1024}, {1024}, {}, {64, 1024}},
                                   {{64, 1}, {1, 1024}, {64, 1}, {64, 1024}}};
  Program p;
  std::vector<std::array<std::vector<float>, 3>> data;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    std::string n = std::to_string(i);
    std::array<std::vector<float>, 3> d = {
        uniform(ref::numElements(c.e), -3, 3, 3000 + i),
        uniform(ref::numElements(c.f), -3, 3, 3100 + i),
        uniform(ref::numElements(c.g), -3, 3, 3200 + i)};
    data.push_back(d);
    std::string splat = "%k" + n;
    p.op(splat +
         " = mir.constant dense<-2.500000e-01> : " + tensorType(c.out, "f32"));
    p.op("%y" + n + " = mir.elementwise " + p.f32("e" + n, c.e, d[0]) + ", " +
         p.f32("f" + n, c.f, d[1]) + ", " + p.f32("g" + n, c.g, d[2]) + ", " +
         splat + " : (" + tensorType(c.e, "f32") + ", " +
         tensorType(c.f, "f32") + ", " + tensorType(c.g, "f32") + ", " +
         tensorType(c.out, "f32") + ") -> " + tensorType(c.out, "f32") + " {" +
         kRegionBody);
    p.result("%y" + n, c.out, DType::f32, "y" + n);
  }
  p.expectSplit = true;
  Outputs out;
  if (!run(p, &out))
    return;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    SCOPED_TRACE("case " + std::to_string(i));
    std::vector<float> want(ref::numElements(c.out));
    for (int64_t j = 0; j < ref::numElements(c.out); ++j) {
      ref::Index idx = ref::unravel(j, c.out);
      want[j] = regionReference(
          data[i][0][ref::broadcastSource(c.e, c.out, idx)],
          data[i][1][ref::broadcastSource(c.f, c.out, idx)],
          data[i][2][ref::broadcastSource(c.g, c.out, idx)], -0.25f);
    }
    expectExactF32(get(out, "y" + std::to_string(i)), c.out, want);
  }
}

// A body with casts (i32 in, i1 and f16 out) and a transcendental step:
// sigmoid(float(b) * a + c) within 6 u |want| (the unary sigmoid bound
// plus one rounding; on Vulkan 4 u more for its division, as in
// vulkanUnaryTol); the i1 and f16 results (compare, cast) exact.
TEST(Elementwise, CastsAndTranscendentals) {
  std::vector<float> a = uniform(64 * 1024, -1, 1, 1);
  std::vector<int32_t> b = integers<int32_t>(1024, -5, 5, 2);
  std::vector<float> c = {0.375f};
  Program p;
  std::string av = p.f32("a", {64, 1024}, a);
  std::string bv = p.input("b", {1024}, DType::i32, b);
  std::string cv = p.f32("c", {}, c);
  std::string types = "(tensor<64x1024xf32>, tensor<1024xi32>, tensor<f32>)";
  p.op("%y = mir.elementwise " + av + ", " + bv + ", " + cv + " : " + types +
       " -> tensor<64x1024xf32> {\n"
       "  ^bb0(%x: f32, %i: i32, %s: f32):\n"
       "    %f = mir.cast %i : i32 to f32\n"
       "    %m = mir.binary mul %f, %x : (f32, f32) -> f32\n"
       "    %t = mir.binary add %m, %s : (f32, f32) -> f32\n"
       "    %r = mir.unary sigmoid %t : f32\n"
       "    mir.yield %r : f32\n"
       "  }");
  p.op("%q = mir.elementwise " + av + ", " + bv + ", " + cv + " : " + types +
       " -> tensor<64x1024xi1> {\n"
       "  ^bb0(%x: f32, %i: i32, %s: f32):\n"
       "    %f = mir.cast %i : i32 to f32\n"
       "    %m = mir.binary mul %f, %x : (f32, f32) -> f32\n"
       "    %p = mir.compare ge %m, %s : (f32, f32) -> i1\n"
       "    mir.yield %p : i1\n"
       "  }");
  p.op("%h = mir.elementwise " + av + ", " + cv +
       " : (tensor<64x1024xf32>, tensor<f32>) -> tensor<64x1024xf16> {\n"
       "  ^bb0(%x: f32, %s: f32):\n"
       "    %m = mir.binary sub %x, %s : (f32, f32) -> f32\n"
       "    %r = mir.cast %m : f32 to f16\n"
       "    mir.yield %r : f16\n"
       "  }");
  p.result("%y", {64, 1024}, DType::f32, "y");
  p.result("%q", {64, 1024}, DType::i1, "q");
  p.result("%h", {64, 1024}, DType::f16, "h");
  p.expectSplit = true;
  Outputs out;
  if (!run(p, &out))
    return;
  std::vector<double> y(a.size());
  std::vector<uint8_t> q(a.size());
  std::vector<double> h(a.size());
  for (size_t j = 0; j < a.size(); ++j) {
    float m = float(b[j % 1024]) * a[j];
    y[j] = ref::unary("sigmoid", double(m + c[0]));
    q[j] = m >= c[0];
    h[j] = ref::roundToHalf(a[j] - c[0]);
  }
  expectWithin(get(out, "y"), {64, 1024}, DType::f32, y,
               relTol(y, (kOnVulkan ? 10 : 6) * kU));
  expectInts(get(out, "q"), {64, 1024}, DType::i1, q);
  expectExact(get(out, "h"), {64, 1024}, DType::f16, h);
}

//===----------------------------------------------------------------------===//
// f16 / bf16 elementwise
//===----------------------------------------------------------------------===//

// add, sub, mul, div, max, min on f16 / bf16 are one correctly rounded
// operation (f32 holds the exact result's rounding): exact against the f32
// result rounded to the dtype. pow computes powf in f32 and rounds once:
// within roundingTol + 4 u |want| of the exact (double) power. Vulkan's f16
// div is within 2.5 f16 ulp of the exact quotient (vulkanDivTol).
TEST(Binary, F16AndBf16) {
  for (DType dtype : {DType::f16, DType::bf16}) {
    std::string elt = elementName(dtype);
    SCOPED_TRACE(elt);
    auto round = dtype == DType::f16 ? ref::roundToHalf : ref::roundToBf16;
    auto bits = dtype == DType::f16 ? halfBits : bf16Bits;
    for (const char *kindName :
         {"add", "sub", "mul", "div", "max", "min", "pow"}) {
      std::string kind = kindName;
      SCOPED_TRACE(kind);
      const std::vector<BroadcastCase> cases = {
          {{4, 1}, {1, 5}}, {{1}, {}}, {{3, 33}, {33}}, {{64, 1024}, {1024}}};
      Program p;
      std::vector<std::pair<std::vector<float>, std::vector<float>>> data;
      for (size_t i = 0; i < cases.size(); ++i) {
        const BroadcastCase &c = cases[i];
        std::vector<float> a =
            binaryInput(kind, false, ref::numElements(c.lhs), 3300 + i);
        std::vector<float> b =
            binaryInput(kind, true, ref::numElements(c.rhs), 3400 + i);
        std::string n = std::to_string(i);
        std::string lhs = p.input("a" + n, c.lhs, dtype, bits(a));
        std::string rhs = p.input("b" + n, c.rhs, dtype, bits(b));
        data.push_back({ref::map<float>(a, round), ref::map<float>(b, round)});
        Shape os = ref::broadcastShape(c.lhs, c.rhs);
        p.op("%y" + n + " = mir.binary " + kind + " " + lhs + ", " + rhs +
             " : (" + tensorType(c.lhs, elt) + ", " + tensorType(c.rhs, elt) +
             ") -> " + tensorType(os, elt));
        p.result("%y" + n, os, dtype, "y" + n);
      }
      p.expectSplit = true;
      Outputs out;
      if (!run(p, &out))
        return;
      bool vulkanDiv = kOnVulkan && kind == "div";
      for (size_t i = 0; i < cases.size(); ++i) {
        Shape os;
        std::vector<double> want = ref::broadcast2<double>(
            data[i].first, cases[i].lhs, data[i].second, cases[i].rhs,
            [&](float x, float y) {
              if (vulkanDiv)
                return double(x) / double(y);
              return kind == "pow"
                         ? std::pow(double(x), double(y))
                         : double(round(ref::binaryFloat(kind, x, y)));
            },
            &os);
        const rlx::NamedOutput &y = get(out, "y" + std::to_string(i));
        if (vulkanDiv)
          expectWithin(y, os, dtype, want,
                       ref::broadcast2<double>(
                           data[i].first, cases[i].lhs, data[i].second,
                           cases[i].rhs, [&](float x, float e) {
                             return vulkanDivTol(double(x) / double(e), dtype);
                           }));
        else if (kind == "pow")
          expectWithin(y, os, dtype, want,
                       ref::broadcast2<double>(
                           data[i].first, cases[i].lhs, data[i].second,
                           cases[i].rhs, [&](float x, float e) {
                             double w = std::pow(double(x), double(e));
                             return roundingTol(dtype, w) +
                                    powUlps(x, e) * kU * std::fabs(w);
                           }));
        else
          expectExact(y, os, dtype, want);
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// Threads
//===----------------------------------------------------------------------===//

// The same graph run with 1 and with 2 worker threads gives bitwise
// identical outputs (each workgroup computes its rows the same way,
// whichever thread runs it). Every case splits into several workgroups,
// attention's into one per (head, query block).
TEST(Threads, OneAndTwoThreadsAreBitwiseIdentical) {
  Program p;
  std::vector<float> a = uniform(64 * 64, -1, 1, 1),
                     b = uniform(64 * 1024, -1, 1, 2);
  std::vector<float> x = uniform(64 * 1024, -5, 5, 3),
                     e = uniform(64, -3, 3, 4);
  std::vector<float> f = uniform(1024, -3, 3, 5), g = {0.5f};
  p.op("%mm = mir.matmul " + p.f32("a", {64, 64}, a) + ", " +
       p.f32("b", {64, 1024}, b) +
       " : (tensor<64x64xf32>, tensor<64x1024xf32>) -> tensor<64x1024xf32>");
  p.op("%sm = mir.softmax " + p.f32("x", {64, 1024}, x) +
       " axis = -1 : tensor<64x1024xf32>");
  p.op("%kc = mir.constant dense<-2.500000e-01> : tensor<64x1024xf32>");
  p.op("%ew = mir.elementwise " + p.f32("ea", {64, 1}, e) + ", " +
       p.f32("fa", {1, 1024}, f) + ", " + p.f32("ga", {}, g) +
       ", %kc : (tensor<64x1xf32>, tensor<1x1024xf32>, tensor<f32>, "
       "tensor<64x1024xf32>) -> tensor<64x1024xf32> {" +
       kRegionBody);
  // Attention (CPU: a workgroup per (head, query block), 2 key blocks
  // each; Vulkan runs its chain, whose dispatches need not split).
  std::vector<float> qkv = uniform(256 * 4 * 32, -1, 1, 6);
  std::vector<std::string> names = {"mm", "sm", "ew"};
  if (!kOnVulkan) {
    std::string qv = p.f32("qkv", {1, 256, 4, 32}, qkv);
    p.op("%at = mir.attention " + qv + ", " + qv + ", " + qv +
         " scale = 0.25 causal : tensor<1x256x4x32xf32>, "
         "tensor<1x256x4x32xf32>, tensor<1x256x4x32xf32>");
    names.push_back("at");
  }
  p.result("%mm", {64, 1024}, DType::f32, "mm");
  p.result("%sm", {64, 1024}, DType::f32, "sm");
  p.result("%ew", {64, 1024}, DType::f32, "ew");
  if (!kOnVulkan)
    p.result("%at", {1, 256, 4, 32}, DType::f32, "at");
  std::string text = p.text();
  auto one = session().compileWith(text, suiteOptions(1));
  auto two = session().compileWith(text, suiteOptions(2));
  ASSERT_TRUE(one.isOk()) << one.status().toString();
  ASSERT_TRUE(two.isOk()) << two.status().toString();
  // The same compiled code: only the thread count differs.
  EXPECT_EQ(one->artifactBytes(), two->artifactBytes());
  for (const rlx::Dispatch &d : one->manifest().dispatches)
    EXPECT_GT(d.grid[0], 1) << d.symbol << " runs as one workgroup";
  auto load = session().load(one->artifactBytes(), 2);
  ASSERT_TRUE(load.isOk()) << load.status().toString();
  std::vector<rlx::CompiledGraph *> graphs = {&*one, &*two, &*load};
  std::vector<Outputs> results;
  for (rlx::CompiledGraph *graph : graphs) {
    for (int repeat = 0; repeat < 3; ++repeat) {
      auto out = graph->run(p.namedInputs());
      ASSERT_TRUE(out.isOk()) << out.status().toString();
      results.push_back(std::move(*out));
    }
  }
  for (size_t r = 1; r < results.size(); ++r)
    for (const std::string &name : names)
      EXPECT_EQ(get(results[r], name).bytes, get(results[0], name).bytes)
          << name << ": run " << r << " differs from the 1-thread run";
  // And the outputs are right (the matmul bound, the softmax bound, exact).
  ref::Sum mm = ref::matmul(toDouble(a), {64, 64}, toDouble(b), {64, 1024});
  expectWithin(get(results[0], "mm"), {64, 1024}, DType::f32, mm.value,
               dotTolerance(mm, 64, kU));
  std::vector<double> sm = ref::softmax(toDouble(x), {64, 1024}, -1);
  expectWithin(get(results[0], "sm"), {64, 1024}, DType::f32, sm,
               softmaxTolerance(sm, {64, 1024}, -1, DType::f32));
  std::vector<double> ew(64 * 1024);
  for (size_t j = 0; j < ew.size(); ++j)
    ew[j] = regionReference(e[j / 1024], f[j % 1024], g[0], -0.25f);
  expectExact(get(results[0], "ew"), {64, 1024}, DType::f32, ew);
  if (kOnVulkan)
    return;
  std::vector<double> scoreError;
  ref::Sum at =
      ref::attention(toDouble(qkv), {1, 256, 4, 32}, toDouble(qkv),
                     toDouble(qkv), {1, 256, 4, 32}, 0.25, true, &scoreError);
  expectWithin(get(results[0], "at"), {1, 256, 4, 32}, DType::f32, at.value,
               attentionTolerance(at, scoreError, 256, DType::f32));
}

} // namespace
