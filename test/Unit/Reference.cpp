//===- Reference.cpp - Naive reference implementations of MIR ops ---------===//
#include "Reference.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace rlx::ref {

//===----------------------------------------------------------------------===//
// Shapes and indices
//===----------------------------------------------------------------------===//

int64_t numElements(const Shape &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

Index unravel(int64_t flat, const Shape &shape) {
  Index index(shape.size());
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    index[d] = flat % shape[d];
    flat /= shape[d];
  }
  return index;
}

int64_t ravel(const Index &index, const Shape &shape) {
  int64_t flat = 0;
  for (size_t d = 0; d < shape.size(); ++d)
    flat = flat * shape[d] + index[d];
  return flat;
}

Shape broadcastShape(const Shape &a, const Shape &b) {
  size_t rank = std::max(a.size(), b.size());
  Shape out(rank);
  for (size_t i = 0; i < rank; ++i) {
    // Right-aligned: dim i of the result is dim i - (rank - size) of each.
    int64_t da = i + a.size() >= rank ? a[i + a.size() - rank] : 1;
    int64_t db = i + b.size() >= rank ? b[i + b.size() - rank] : 1;
    out[i] = da == 1 ? db : da;
  }
  return out;
}

int64_t broadcastSource(const Shape &operand, const Shape &result,
                        const Index &index) {
  size_t lead = result.size() - operand.size();
  Index at(operand.size());
  for (size_t i = 0; i < operand.size(); ++i)
    at[i] = operand[i] == 1 ? 0 : index[lead + i];
  return ravel(at, operand);
}

//===----------------------------------------------------------------------===//
// f16 / bf16
//===----------------------------------------------------------------------===//

static uint32_t bitsOf(float x) {
  uint32_t bits;
  std::memcpy(&bits, &x, 4);
  return bits;
}

static float floatOf(uint32_t bits) {
  float x;
  std::memcpy(&x, &bits, 4);
  return x;
}

uint16_t floatToHalf(float x) {
  uint32_t bits = bitsOf(x);
  uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000);
  uint32_t magnitude = bits & 0x7fffffff;
  if (magnitude > 0x7f800000) // NaN: quiet, sign kept
    return sign | 0x7e00;
  // 65520 (halfway between the largest half, 65504, and 2^16) and above
  // round to infinity: 65504's last mantissa bit is odd.
  if (magnitude >= 0x477ff000)
    return sign | 0x7c00;
  if (magnitude < 0x38800000) {
    // Below 2^-14: a subnormal half, a multiple of 2^-24. Scaling by 2^24
    // is exact; nearbyint rounds half to even in the default mode.
    double units =
        std::nearbyint(std::fabs(static_cast<double>(x)) * 16777216.0);
    return sign | static_cast<uint16_t>(units);
  }
  uint32_t exponent = (magnitude >> 23) - 127 + 15;
  uint32_t mantissa = magnitude & 0x7fffff;
  uint32_t half = (exponent << 10) | (mantissa >> 13);
  uint32_t rest = mantissa & 0x1fff;
  // Round half to even; a carry out of the mantissa bumps the exponent.
  if (rest > 0x1000 || (rest == 0x1000 && (half & 1)))
    ++half;
  return sign | static_cast<uint16_t>(half);
}

float halfToFloat(uint16_t h) {
  double sign = (h & 0x8000) ? -1.0 : 1.0;
  int exponent = (h >> 10) & 0x1f;
  int mantissa = h & 0x3ff;
  if (exponent == 0)
    return static_cast<float>(sign * std::ldexp(mantissa, -24));
  if (exponent == 31)
    return mantissa ? std::numeric_limits<float>::quiet_NaN()
                    : static_cast<float>(
                          sign * std::numeric_limits<double>::infinity());
  return static_cast<float>(sign * std::ldexp(1024 + mantissa, exponent - 25));
}

uint16_t floatToBf16(float x) {
  uint32_t bits = bitsOf(x);
  if ((bits & 0x7fffffff) > 0x7f800000)
    return static_cast<uint16_t>(((bits >> 16) & 0x8000) | 0x7fc0);
  // Round half to even on the dropped 16 bits (overflow gives infinity).
  uint32_t rounding = 0x7fff + ((bits >> 16) & 1);
  return static_cast<uint16_t>((bits + rounding) >> 16);
}

float bf16ToFloat(uint16_t h) {
  return floatOf(static_cast<uint32_t>(h) << 16);
}

float roundToHalf(float x) { return halfToFloat(floatToHalf(x)); }
float roundToBf16(float x) { return bf16ToFloat(floatToBf16(x)); }

//===----------------------------------------------------------------------===//
// Scalar semantics
//===----------------------------------------------------------------------===//

double unary(const std::string &kind, double x) {
  const double pi = 3.14159265358979323846;
  if (kind == "gelu")
    return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0)));
  if (kind == "gelu_tanh")
    return 0.5 * x *
           (1.0 + std::tanh(std::sqrt(2.0 / pi) * (x + 0.044715 * x * x * x)));
  if (kind == "silu")
    return x / (1.0 + std::exp(-x));
  if (kind == "sigmoid")
    return 1.0 / (1.0 + std::exp(-x));
  if (kind == "tanh")
    return std::tanh(x);
  if (kind == "exp")
    return std::exp(x);
  if (kind == "log")
    return std::log(x);
  if (kind == "sqrt")
    return std::sqrt(x);
  if (kind == "rsqrt")
    return 1.0 / std::sqrt(x);
  if (kind == "neg")
    return -x;
  if (kind == "abs")
    return std::fabs(x);
  if (kind == "relu")
    return std::isnan(x) ? x : (x > 0 ? x : 0.0);
  if (kind == "sin")
    return std::sin(x);
  if (kind == "cos")
    return std::cos(x);
  if (kind == "tan")
    return std::tan(x);
  if (kind == "atan")
    return std::atan(x);
  if (kind == "erf")
    return std::erf(x);
  if (kind == "floor")
    return std::floor(x);
  if (kind == "ceil")
    return std::ceil(x);
  if (kind == "round") {
    // Half to even, by hand: floor, then look at the remainder.
    double f = std::floor(x);
    double r = x - f;
    if (r > 0.5 || (r == 0.5 && std::fmod(f, 2.0) != 0.0))
      f += 1.0;
    // A zero result keeps the input's sign (-0.4 rounds to -0).
    return f == 0.0 ? std::copysign(0.0, x) : f;
  }
  return std::numeric_limits<double>::quiet_NaN();
}

float maximum(float a, float b) {
  if (std::isnan(a) || std::isnan(b))
    return std::numeric_limits<float>::quiet_NaN();
  if (a == 0.0f && b == 0.0f) // -0 < +0
    return std::signbit(a) ? b : a;
  return a > b ? a : b;
}

float minimum(float a, float b) {
  if (std::isnan(a) || std::isnan(b))
    return std::numeric_limits<float>::quiet_NaN();
  if (a == 0.0f && b == 0.0f)
    return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

float unaryExact(const std::string &kind, float x) {
  if (kind == "relu")
    return maximum(x, 0.0f);
  if (kind == "neg")
    return -x;
  if (kind == "abs")
    return std::fabs(x);
  return static_cast<float>(unary(kind, x)); // round: exact on floats
}

float binaryFloat(const std::string &kind, float a, float b) {
  if (kind == "add")
    return a + b;
  if (kind == "sub")
    return a - b;
  if (kind == "mul")
    return a * b;
  if (kind == "div")
    return a / b;
  if (kind == "max")
    return maximum(a, b);
  if (kind == "min")
    return minimum(a, b);
  if (kind == "pow")
    return static_cast<float>(std::pow(static_cast<double>(a), b));
  return std::numeric_limits<float>::quiet_NaN();
}

int64_t binaryInt(const std::string &kind, int64_t a, int64_t b) {
  if (kind == "add")
    return a + b;
  if (kind == "sub")
    return a - b;
  if (kind == "mul")
    return a * b;
  if (kind == "div")
    return a / b; // C++ truncates toward zero, as arith.divsi
  if (kind == "max")
    return std::max(a, b);
  if (kind == "min")
    return std::min(a, b);
  return 0;
}

bool compare(const std::string &kind, double a, double b) {
  if (kind == "eq")
    return a == b;
  if (kind == "ne")
    return !(a == b);
  if (kind == "lt")
    return a < b;
  if (kind == "le")
    return a <= b;
  if (kind == "gt")
    return a > b;
  if (kind == "ge")
    return a >= b;
  return false;
}

//===----------------------------------------------------------------------===//
// Reductions and normalizations
//===----------------------------------------------------------------------===//

std::vector<double> reduce(const std::string &kind,
                           const std::vector<double> &x, const Shape &xs,
                           std::vector<int64_t> axes, bool keepDim,
                           Shape *outShape) {
  int64_t rank = static_cast<int64_t>(xs.size());
  std::vector<bool> reduced(rank, false);
  for (int64_t a : axes)
    reduced[a < 0 ? a + rank : a] = true;
  // Accumulate into the keep_dim shape, then drop the unit dims if asked.
  Shape kept = xs;
  for (int64_t d = 0; d < rank; ++d)
    if (reduced[d])
      kept[d] = 1;
  double init = 0.0;
  if (kind == "prod")
    init = 1.0;
  else if (kind == "max")
    init = -std::numeric_limits<double>::infinity();
  else if (kind == "min")
    init = std::numeric_limits<double>::infinity();
  std::vector<double> acc(numElements(kept), init);
  for (int64_t i = 0; i < numElements(xs); ++i) {
    Index idx = unravel(i, xs);
    for (int64_t d = 0; d < rank; ++d)
      if (reduced[d])
        idx[d] = 0;
    double &a = acc[ravel(idx, kept)];
    double v = x[i];
    if (kind == "sum" || kind == "mean")
      a += v;
    else if (kind == "prod")
      a *= v;
    else if (std::isnan(v) || std::isnan(a))
      a = std::numeric_limits<double>::quiet_NaN();
    else if (kind == "max")
      a = std::max(a, v);
    else if (kind == "min")
      a = std::min(a, v);
  }
  if (kind == "mean") {
    double count = static_cast<double>(numElements(xs)) / numElements(kept);
    for (double &a : acc)
      a /= count;
  }
  if (outShape) {
    Shape os;
    for (int64_t d = 0; d < rank; ++d)
      if (!reduced[d] || keepDim)
        os.push_back(kept[d]);
    *outShape = os;
  }
  return acc;
}

/// Calls `row(indices)` for every line along `axis`: `indices[j]` is the
/// flat position of element j of the line.
template <typename F>
static void forEachLine(const Shape &xs, int64_t axis, F row) {
  for (int64_t i = 0; i < numElements(xs); ++i) {
    Index idx = unravel(i, xs);
    if (idx[axis] != 0)
      continue;
    std::vector<int64_t> line;
    for (int64_t j = 0; j < xs[axis]; ++j) {
      idx[axis] = j;
      line.push_back(ravel(idx, xs));
    }
    row(line);
  }
}

std::vector<double> softmax(const std::vector<double> &x, const Shape &xs,
                            int64_t axis) {
  if (axis < 0)
    axis += xs.size();
  std::vector<double> out(x.size());
  forEachLine(xs, axis, [&](const std::vector<int64_t> &line) {
    double max = -std::numeric_limits<double>::infinity();
    for (int64_t p : line)
      max = std::max(max, x[p]);
    double sum = 0;
    for (int64_t p : line)
      sum += std::exp(x[p] - max);
    for (int64_t p : line)
      out[p] = std::exp(x[p] - max) / sum;
  });
  return out;
}

std::vector<double> layerNorm(const std::vector<double> &x, const Shape &xs,
                              const std::vector<double> &gamma,
                              const std::vector<double> &beta, double eps,
                              std::vector<double> *xhat) {
  int64_t n = xs.back();
  std::vector<double> out(x.size()), normed(x.size());
  for (size_t r = 0; r < x.size() / n; ++r) {
    const double *row = &x[r * n];
    double mean = 0, var = 0;
    for (int64_t j = 0; j < n; ++j)
      mean += row[j];
    mean /= n;
    for (int64_t j = 0; j < n; ++j)
      var += (row[j] - mean) * (row[j] - mean);
    var /= n;
    for (int64_t j = 0; j < n; ++j) {
      normed[r * n + j] = (row[j] - mean) / std::sqrt(var + eps);
      out[r * n + j] =
          normed[r * n + j] * gamma[j] + (beta.empty() ? 0 : beta[j]);
    }
  }
  if (xhat)
    *xhat = normed;
  return out;
}

std::vector<double> rmsNorm(const std::vector<double> &x, const Shape &xs,
                            const std::vector<double> &gamma, double eps,
                            std::vector<double> *xhat) {
  int64_t n = xs.back();
  std::vector<double> out(x.size()), normed(x.size());
  for (size_t r = 0; r < x.size() / n; ++r) {
    const double *row = &x[r * n];
    double squares = 0;
    for (int64_t j = 0; j < n; ++j)
      squares += row[j] * row[j];
    double scale = 1.0 / std::sqrt(squares / n + eps);
    for (int64_t j = 0; j < n; ++j) {
      normed[r * n + j] = row[j] * scale;
      out[r * n + j] = normed[r * n + j] * gamma[j];
    }
  }
  if (xhat)
    *xhat = normed;
  return out;
}

std::vector<double> cumsum(const std::vector<double> &x, const Shape &xs,
                           int64_t axis, std::vector<double> *magnitude) {
  if (axis < 0)
    axis += xs.size();
  std::vector<double> out(x.size()), mag(x.size());
  forEachLine(xs, axis, [&](const std::vector<int64_t> &line) {
    double sum = 0, abs = 0;
    for (int64_t p : line) {
      sum += x[p];
      abs += std::fabs(x[p]);
      out[p] = sum;
      mag[p] = abs;
    }
  });
  if (magnitude)
    *magnitude = mag;
  return out;
}

//===----------------------------------------------------------------------===//
// Contractions and windows
//===----------------------------------------------------------------------===//

Sum matmul(const std::vector<double> &a, const Shape &as,
           const std::vector<double> &b, const Shape &bs) {
  int64_t m = as[as.size() - 2], k = as.back(), n = bs.back();
  Shape aBatch(as.begin(), as.end() - 2), bBatch(bs.begin(), bs.end() - 2);
  Shape batch = broadcastShape(aBatch, bBatch);
  Sum r;
  r.shape = batch;
  r.shape.push_back(m);
  r.shape.push_back(n);
  r.value.assign(numElements(r.shape), 0.0);
  r.magnitude.assign(numElements(r.shape), 0.0);
  for (int64_t bi = 0; bi < numElements(batch); ++bi) {
    Index bidx = unravel(bi, batch);
    const double *pa = &a[broadcastSource(aBatch, batch, bidx) * m * k];
    const double *pb = &b[broadcastSource(bBatch, batch, bidx) * k * n];
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double sum = 0, mag = 0;
        for (int64_t l = 0; l < k; ++l) {
          sum += pa[i * k + l] * pb[l * n + j];
          mag += std::fabs(pa[i * k + l] * pb[l * n + j]);
        }
        r.value[(bi * m + i) * n + j] = sum;
        r.magnitude[(bi * m + i) * n + j] = mag;
      }
  }
  return r;
}

Sum attention(const std::vector<double> &q, const Shape &qs,
              const std::vector<double> &k, const std::vector<double> &v,
              const Shape &ks, double scale, bool causal,
              std::vector<double> *scoreError) {
  int64_t batch = qs[0], seqQ = qs[1], heads = qs[2], dim = qs[3];
  int64_t seqK = ks[1], kvHeads = ks[2];
  Sum r;
  r.shape = qs;
  r.value.assign(numElements(qs), 0.0);
  r.magnitude.assign(numElements(qs), 0.0);
  scoreError->assign(numElements(qs), 0.0);
  auto at = [&](int64_t b, int64_t t, int64_t h, int64_t d, int64_t len,
                int64_t count) {
    return ((b * len + t) * count + h) * dim + d;
  };
  // Query head h reads kv head h / (H / KVH) (grouped-query attention).
  auto qi = [&](int64_t b, int64_t s, int64_t h, int64_t d) {
    return at(b, s, h, d, seqQ, heads);
  };
  auto ki = [&](int64_t b, int64_t t, int64_t h, int64_t d) {
    return at(b, t, h / (heads / kvHeads), d, seqK, kvHeads);
  };
  std::vector<double> p(seqK);
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t h = 0; h < heads; ++h)
      for (int64_t s = 0; s < seqQ; ++s) {
        int64_t visible = causal ? s + (seqK - seqQ) + 1 : seqK;
        double max = -INFINITY, worst = 0;
        for (int64_t t = 0; t < visible; ++t) {
          double dot = 0, mag = 0;
          for (int64_t d = 0; d < dim; ++d) {
            double term = q[qi(b, s, h, d)] * k[ki(b, t, h, d)];
            dot += term;
            mag += std::fabs(term);
          }
          p[t] = scale * dot;
          max = std::max(max, p[t]);
          worst = std::max(worst, scale * (dim + 1) * mag);
        }
        double sum = 0;
        for (int64_t t = 0; t < visible; ++t)
          sum += p[t] = std::exp(p[t] - max);
        for (int64_t d = 0; d < dim; ++d) {
          double out = 0, mag = 0;
          for (int64_t t = 0; t < visible; ++t) {
            out += p[t] / sum * v[ki(b, t, h, d)];
            mag += p[t] / sum * std::fabs(v[ki(b, t, h, d)]);
          }
          r.value[qi(b, s, h, d)] = out;
          r.magnitude[qi(b, s, h, d)] = mag;
          (*scoreError)[qi(b, s, h, d)] = worst;
        }
      }
  return r;
}

Sum conv2d(const std::vector<double> &x, const Shape &xs,
           const std::vector<double> &w, const Shape &ws,
           const std::vector<double> &bias, const std::vector<int64_t> &strides,
           const std::vector<int64_t> &padding,
           const std::vector<int64_t> &dilations, int64_t groups) {
  int64_t N = xs[0], C = xs[1], H = xs[2], W = xs[3];
  int64_t O = ws[0], CG = ws[1], KH = ws[2], KW = ws[3];
  int64_t Ho =
      (H + padding[0] + padding[2] - dilations[0] * (KH - 1) - 1) / strides[0] +
      1;
  int64_t Wo =
      (W + padding[1] + padding[3] - dilations[1] * (KW - 1) - 1) / strides[1] +
      1;
  int64_t outPerGroup = O / groups;
  (void)C;
  Sum r;
  r.shape = {N, O, Ho, Wo};
  r.value.assign(numElements(r.shape), 0.0);
  r.magnitude.assign(numElements(r.shape), 0.0);
  for (int64_t n = 0; n < N; ++n)
    for (int64_t o = 0; o < O; ++o)
      for (int64_t oh = 0; oh < Ho; ++oh)
        for (int64_t ow = 0; ow < Wo; ++ow) {
          double sum = bias.empty() ? 0.0 : bias[o];
          double mag = std::fabs(sum);
          int64_t g = o / outPerGroup;
          for (int64_t c = 0; c < CG; ++c)
            for (int64_t kh = 0; kh < KH; ++kh)
              for (int64_t kw = 0; kw < KW; ++kw) {
                int64_t ih = oh * strides[0] - padding[0] + kh * dilations[0];
                int64_t iw = ow * strides[1] - padding[1] + kw * dilations[1];
                if (ih < 0 || ih >= H || iw < 0 || iw >= W)
                  continue;
                double term = x[ravel({n, g * CG + c, ih, iw}, xs)] *
                              w[ravel({o, c, kh, kw}, ws)];
                sum += term;
                mag += std::fabs(term);
              }
          r.value[ravel({n, o, oh, ow}, r.shape)] = sum;
          r.magnitude[ravel({n, o, oh, ow}, r.shape)] = mag;
        }
  return r;
}

std::vector<double> pool(const std::string &kind, const std::vector<double> &x,
                         const Shape &xs, const std::vector<int64_t> &kernel,
                         const std::vector<int64_t> &strides,
                         const std::vector<int64_t> &padding, Shape *outShape,
                         const PoolOptions &options) {
  int64_t N = xs[0], C = xs[1], H = xs[2], W = xs[3];
  const std::vector<int64_t> &d = options.dilations;
  auto size = [&](int64_t in, int64_t before, int64_t after, int64_t k,
                  int64_t s, int64_t dil) {
    int64_t span = dil * (k - 1) + 1;
    int64_t room = in + before + after - span;
    int64_t out = (options.ceilMode ? (room + s - 1) / s : room / s) + 1;
    if (options.ceilMode && (out - 1) * s >= in + before)
      --out;
    return out;
  };
  int64_t Ho = size(H, padding[0], padding[2], kernel[0], strides[0], d[0]);
  int64_t Wo = size(W, padding[1], padding[3], kernel[1], strides[1], d[1]);
  Shape os = {N, C, Ho, Wo};
  std::vector<double> out(numElements(os));
  for (int64_t n = 0; n < N; ++n)
    for (int64_t c = 0; c < C; ++c)
      for (int64_t oh = 0; oh < Ho; ++oh)
        for (int64_t ow = 0; ow < Wo; ++ow) {
          double acc =
              kind == "max" ? -std::numeric_limits<double>::infinity() : 0.0;
          int64_t count = 0;
          for (int64_t kh = 0; kh < kernel[0]; ++kh)
            for (int64_t kw = 0; kw < kernel[1]; ++kw) {
              int64_t ih = oh * strides[0] - padding[0] + kh * d[0];
              int64_t iw = ow * strides[1] - padding[1] + kw * d[1];
              bool padded = ih >= -padding[0] && ih < H + padding[2] &&
                            iw >= -padding[1] && iw < W + padding[3];
              if (options.countIncludePad && padded)
                ++count;
              if (ih < 0 || ih >= H || iw < 0 || iw >= W)
                continue;
              double v = x[ravel({n, c, ih, iw}, xs)];
              acc = kind == "max" ? std::max(acc, v) : acc + v;
              if (!options.countIncludePad)
                ++count;
            }
          out[ravel({n, c, oh, ow}, os)] = kind == "max" ? acc : acc / count;
        }
  if (outShape)
    *outShape = os;
  return out;
}

} // namespace rlx::ref
