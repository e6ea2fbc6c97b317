//===- Reference.h - Naive reference implementations of MIR ops -*- C++ -*-===//
//
// Obviously-correct implementations of every MIR op on std::vector, for
// OpSuiteTest: explicit row-major index arithmetic, one loop per element,
// doubles where the op rounds. Independent of the compiler: nothing here
// includes MLIR or rlx headers, and the semantics come from
// dialects/MIR/MIROps.td and docs/Dialects/MIR.md ("Scalar semantics").
//
//===----------------------------------------------------------------------===//
#ifndef RLX_TEST_UNIT_REFERENCE_H
#define RLX_TEST_UNIT_REFERENCE_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace rlx::ref {

using Shape = std::vector<int64_t>;
using Index = std::vector<int64_t>;

//===----------------------------------------------------------------------===//
// Shapes and indices
//===----------------------------------------------------------------------===//

int64_t numElements(const Shape &shape);
/// The row-major multi-index of flat position `flat` in `shape`.
Index unravel(int64_t flat, const Shape &shape);
/// The flat position of `index` in `shape` (row-major).
int64_t ravel(const Index &index, const Shape &shape);
/// Numpy broadcast of two shapes (right-aligned; each pair equal or 1).
Shape broadcastShape(const Shape &a, const Shape &b);
/// The flat position in an `operand`-shaped tensor that broadcasts to
/// `result` at result index `index` (size-1 and missing dims read 0).
int64_t broadcastSource(const Shape &operand, const Shape &result,
                        const Index &index);

//===----------------------------------------------------------------------===//
// f16 / bf16 (round to nearest even, by bits)
//===----------------------------------------------------------------------===//

uint16_t floatToHalf(float x);
float halfToFloat(uint16_t h);
uint16_t floatToBf16(float x);
float bf16ToFloat(uint16_t h);
/// `x` rounded to f16 / bf16 and back (the value an f16 tensor holds).
float roundToHalf(float x);
float roundToBf16(float x);

//===----------------------------------------------------------------------===//
// Scalar semantics
//===----------------------------------------------------------------------===//

/// mir.unary `kind` ("gelu", "exp", ...) in double.
double unary(const std::string &kind, double x);
/// mir.unary relu / neg / abs / round on a float: exact.
float unaryExact(const std::string &kind, float x);
/// IEEE maximum / minimum: NaN propagates, -0 < +0.
float maximum(float a, float b);
float minimum(float a, float b);
/// mir.binary on floats: add, sub, mul, div, max, min computed in float
/// (each one correctly rounded); pow in double, rounded once.
float binaryFloat(const std::string &kind, float a, float b);
/// mir.binary on signed integers (no overflow, no division by zero).
int64_t binaryInt(const std::string &kind, int64_t a, int64_t b);
/// mir.compare on doubles (ordered: false on NaN, `ne` true on NaN).
bool compare(const std::string &kind, double a, double b);

//===----------------------------------------------------------------------===//
// Elementwise with broadcasting
//===----------------------------------------------------------------------===//

template <typename R, typename A, typename F>
std::vector<R> map(const std::vector<A> &a, F f) {
  std::vector<R> out(a.size());
  for (size_t i = 0; i < a.size(); ++i)
    out[i] = f(a[i]);
  return out;
}

template <typename R, typename A, typename B, typename F>
std::vector<R> broadcast2(const std::vector<A> &a, const Shape &as,
                          const std::vector<B> &b, const Shape &bs, F f,
                          Shape *outShape = nullptr) {
  Shape os = broadcastShape(as, bs);
  std::vector<R> out(numElements(os));
  for (int64_t i = 0; i < numElements(os); ++i) {
    Index idx = unravel(i, os);
    out[i] =
        f(a[broadcastSource(as, os, idx)], b[broadcastSource(bs, os, idx)]);
  }
  if (outShape)
    *outShape = os;
  return out;
}

/// mir.select: `c ? t : f` over the broadcast of all three shapes.
template <typename T>
std::vector<T> select(const std::vector<uint8_t> &c, const Shape &cs,
                      const std::vector<T> &t, const Shape &ts,
                      const std::vector<T> &f, const Shape &fs,
                      Shape *outShape = nullptr) {
  Shape os = broadcastShape(broadcastShape(cs, ts), fs);
  std::vector<T> out(numElements(os));
  for (int64_t i = 0; i < numElements(os); ++i) {
    Index idx = unravel(i, os);
    out[i] = c[broadcastSource(cs, os, idx)] ? t[broadcastSource(ts, os, idx)]
                                             : f[broadcastSource(fs, os, idx)];
  }
  if (outShape)
    *outShape = os;
  return out;
}

/// mir.broadcast of `x` (shape `xs`) to `to`.
template <typename T>
std::vector<T> broadcastTo(const std::vector<T> &x, const Shape &xs,
                           const Shape &to) {
  std::vector<T> out(numElements(to));
  for (int64_t i = 0; i < numElements(to); ++i)
    out[i] = x[broadcastSource(xs, to, unravel(i, to))];
  return out;
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

/// Result dim d is input dim perm[d].
template <typename T>
std::vector<T> transpose(const std::vector<T> &x, const Shape &xs,
                         const std::vector<int64_t> &perm,
                         Shape *outShape = nullptr) {
  Shape os(xs.size());
  for (size_t d = 0; d < xs.size(); ++d)
    os[d] = xs[perm[d]];
  std::vector<T> out(numElements(os));
  for (int64_t i = 0; i < numElements(os); ++i) {
    Index oi = unravel(i, os), ii(xs.size());
    for (size_t d = 0; d < xs.size(); ++d)
      ii[perm[d]] = oi[d];
    out[i] = x[ravel(ii, xs)];
  }
  if (outShape)
    *outShape = os;
  return out;
}

/// out[i] = x[offsets + i * strides], result shape `sizes`.
template <typename T>
std::vector<T> slice(const std::vector<T> &x, const Shape &xs,
                     const std::vector<int64_t> &offsets,
                     const std::vector<int64_t> &sizes,
                     const std::vector<int64_t> &strides) {
  std::vector<T> out(numElements(sizes));
  for (int64_t i = 0; i < numElements(sizes); ++i) {
    Index oi = unravel(i, sizes), ii(xs.size());
    for (size_t d = 0; d < xs.size(); ++d)
      ii[d] = offsets[d] + oi[d] * strides[d];
    out[i] = x[ravel(ii, xs)];
  }
  return out;
}

template <typename T>
std::vector<T> concat(const std::vector<std::vector<T>> &xs,
                      const std::vector<Shape> &shapes, int64_t axis,
                      Shape *outShape = nullptr) {
  Shape os = shapes[0];
  os[axis] = 0;
  for (const Shape &s : shapes)
    os[axis] += s[axis];
  std::vector<T> out(numElements(os));
  for (int64_t i = 0; i < numElements(os); ++i) {
    Index oi = unravel(i, os);
    int64_t at = oi[axis];
    size_t which = 0;
    while (at >= shapes[which][axis])
      at -= shapes[which++][axis];
    Index ii = oi;
    ii[axis] = at;
    out[i] = xs[which][ravel(ii, shapes[which])];
  }
  if (outShape)
    *outShape = os;
  return out;
}

/// Result shape table[:axis] ++ indices ++ table[axis+1:]; an index outside
/// [0, table[axis]) reads zero.
template <typename T>
std::vector<T> gather(const std::vector<T> &table, const Shape &ts,
                      const std::vector<int64_t> &indices, const Shape &is,
                      int64_t axis, Shape *outShape = nullptr) {
  Shape os(ts.begin(), ts.begin() + axis);
  os.insert(os.end(), is.begin(), is.end());
  os.insert(os.end(), ts.begin() + axis + 1, ts.end());
  int64_t ir = static_cast<int64_t>(is.size());
  std::vector<T> out(numElements(os));
  for (int64_t i = 0; i < numElements(os); ++i) {
    Index oi = unravel(i, os);
    Index which(oi.begin() + axis, oi.begin() + axis + ir);
    int64_t row = indices[ravel(which, is)];
    if (row < 0 || row >= ts[axis]) {
      out[i] = T(0);
      continue;
    }
    Index ti(oi.begin(), oi.begin() + axis);
    ti.push_back(row);
    ti.insert(ti.end(), oi.begin() + axis + ir, oi.end());
    out[i] = table[ravel(ti, ts)];
  }
  if (outShape)
    *outShape = os;
  return out;
}

/// The k largest along `axis`, descending; ties keep the lower index first.
template <typename T>
std::pair<std::vector<T>, std::vector<int64_t>>
topk(const std::vector<T> &x, const Shape &xs, int64_t k, int64_t axis) {
  Shape os = xs;
  os[axis] = k;
  std::vector<T> values(numElements(os));
  std::vector<int64_t> indices(numElements(os));
  for (int64_t i = 0; i < numElements(os); ++i) {
    Index oi = unravel(i, os);
    if (oi[axis] != 0)
      continue;
    // Selection sort of the row's positions by (value desc, index asc).
    std::vector<int64_t> order;
    for (int64_t j = 0; j < xs[axis]; ++j)
      order.push_back(j);
    for (int64_t a = 0; a < k; ++a) {
      int64_t best = a;
      for (int64_t b = a + 1; b < xs[axis]; ++b) {
        Index ib = oi, ibest = oi;
        ib[axis] = order[b];
        ibest[axis] = order[best];
        T vb = x[ravel(ib, xs)], vbest = x[ravel(ibest, xs)];
        if (vb > vbest || (vb == vbest && order[b] < order[best]))
          best = b;
      }
      std::swap(order[a], order[best]);
      Index src = oi, dst = oi;
      src[axis] = order[a];
      dst[axis] = a;
      values[ravel(dst, os)] = x[ravel(src, xs)];
      indices[ravel(dst, os)] = order[a];
    }
  }
  return {values, indices};
}

//===----------------------------------------------------------------------===//
// Reductions and normalizations (double)
//===----------------------------------------------------------------------===//

/// mir.reduce sum / mean / max / min / prod over `axes` (any order, may be
/// negative). max and min propagate NaN.
std::vector<double> reduce(const std::string &kind,
                           const std::vector<double> &x, const Shape &xs,
                           std::vector<int64_t> axes, bool keepDim,
                           Shape *outShape = nullptr);
std::vector<double> softmax(const std::vector<double> &x, const Shape &xs,
                            int64_t axis);
/// Statistics over the last dim; `beta` may be empty. With `xhat`, also
/// returns the normalized values before gamma and beta.
std::vector<double> layerNorm(const std::vector<double> &x, const Shape &xs,
                              const std::vector<double> &gamma,
                              const std::vector<double> &beta, double eps,
                              std::vector<double> *xhat = nullptr);
std::vector<double> rmsNorm(const std::vector<double> &x, const Shape &xs,
                            const std::vector<double> &gamma, double eps,
                            std::vector<double> *xhat = nullptr);
/// Inclusive prefix sum; with `magnitude`, the prefix sums of |x|.
std::vector<double> cumsum(const std::vector<double> &x, const Shape &xs,
                           int64_t axis,
                           std::vector<double> *magnitude = nullptr);

//===----------------------------------------------------------------------===//
// Contractions and windows (double)
//===----------------------------------------------------------------------===//

/// A result and, per element, the sum of the absolute values of the terms
/// summed into it (for a rounding-error bound).
struct Sum {
  std::vector<double> value;
  std::vector<double> magnitude;
  Shape shape;
};

/// [..., M, K] x [..., K, N] with broadcast batch dims.
Sum matmul(const std::vector<double> &a, const Shape &as,
           const std::vector<double> &b, const Shape &bs);
/// mir.attention: q [B, S, H, D], k and v [B, T, KVH, D], token-major (query
/// head h reads kv head h / (H / KVH));
/// softmax(scale q.k) v per (batch, head, query), over the keys t <= s +
/// (T - S) with `causal`. The magnitude is, per output element, sum_t p_t
/// |v_t| (the P V dot's terms); `scoreError`, per output element, the bound
/// scale * (D + 1) u * max_t sum_d |q_d k_d| on its row's score errors in
/// units of u (multiply by the unit roundoff).
Sum attention(const std::vector<double> &q, const Shape &qs,
              const std::vector<double> &k, const std::vector<double> &v,
              const Shape &ks, double scale, bool causal,
              std::vector<double> *scoreError);
/// NCHW input, OIHW filter, padding [top, left, bottom, right]; `bias` may
/// be empty.
Sum conv2d(const std::vector<double> &x, const Shape &xs,
           const std::vector<double> &w, const Shape &ws,
           const std::vector<double> &bias, const std::vector<int64_t> &strides,
           const std::vector<int64_t> &padding,
           const std::vector<int64_t> &dilations, int64_t groups);
/// The options of mir.pool beyond its window.
struct PoolOptions {
  std::vector<int64_t> dilations = {1, 1};
  bool ceilMode = false;
  bool countIncludePad = false;
};
/// max / avg pooling; avg divides by the in-bounds element count, or with
/// countIncludePad by the count inside the padded input. ceilMode rounds
/// the output size up, dropping a last window that would start past the
/// input and its leading padding.
std::vector<double> pool(const std::string &kind, const std::vector<double> &x,
                         const Shape &xs, const std::vector<int64_t> &kernel,
                         const std::vector<int64_t> &strides,
                         const std::vector<int64_t> &padding,
                         Shape *outShape = nullptr,
                         const PoolOptions &options = PoolOptions());

} // namespace rlx::ref

#endif // RLX_TEST_UNIT_REFERENCE_H
