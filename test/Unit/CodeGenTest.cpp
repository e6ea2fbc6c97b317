//===- CodeGenTest.cpp - LIR -> object code -> ORC, against C++ loops -----===//
//
// Each test parses a hand-written LIR program, runs -rlx-lir-to-llvm and
// emitObjectCode, loads the object with LLJIT (libm resolved from the
// process), calls every dispatch at every grid point on an arena, and
// compares with a naive C++ loop: exactly where the kernel performs the same
// IEEE operations in the same order, within a stated tolerance otherwise.
//
//===----------------------------------------------------------------------===//
#include "conversion/LIRToLLVM/ObjectCode.h"
#include "conversion/Pipelines/Pipelines.h"
#include "dialects/LIR/LIROps.h"
#include "runtime/KernelAbi.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "gtest/gtest.h"

#ifdef RLX_HAVE_OPENBLAS
#include <cblas.h>
extern "C" void openblas_set_num_threads(int);
#endif

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

using namespace mlir;

namespace {

using DispatchFn = ::rlx::abi::DispatchFn;

struct Dispatch {
  std::string symbol;
  std::array<int64_t, 3> grid = {1, 1, 1};
  DispatchFn fn = nullptr;
  /// The arena offsets of the program's input slots, then of its param
  /// slots (the slot table the tests pass points into the arena, where
  /// they wrote the inputs and params).
  std::vector<int64_t> tableOffsets;

  /// Calls the function at one grid point.
  void call(void *arena, int64_t x, int64_t y, int64_t z) const {
    std::vector<const void *> table;
    for (int64_t offset : tableOffsets)
      table.push_back(static_cast<uint8_t *>(arena) + offset);
    if (table.empty())
      table.push_back(arena);
    fn(arena, table.data(), x, y, z);
  }
  /// Calls the function once per grid point.
  void runAll(void *arena) const {
    for (int64_t x = 0; x < grid[0]; ++x)
      for (int64_t y = 0; y < grid[1]; ++y)
        for (int64_t z = 0; z < grid[2]; ++z)
          call(arena, x, y, z);
  }
};

/// Loaded object code and its dispatches in module order.
struct Compiled {
  std::unique_ptr<llvm::orc::LLJIT> jit;
  std::vector<Dispatch> dispatches;
  /// Object files emitObjectCode made (one per part).
  size_t objectCount = 0;
  std::string triple, features;

  void runAll(void *arena) const {
    for (const Dispatch &d : dispatches)
      d.runAll(arena);
  }
};

/// A zeroed, 64-byte aligned arena (the program alignment of the tests).
class Arena {
public:
  explicit Arena(size_t size)
      : bytes(std::max<size_t>(64, (size + 63) / 64 * 64)),
        data(static_cast<uint8_t *>(std::aligned_alloc(64, bytes))) {
    std::memset(data, 0, bytes);
  }
  ~Arena() { std::free(data); }
  Arena(const Arena &) = delete;
  Arena &operator=(const Arena &) = delete;

  template <typename T> T *at(size_t offset) {
    return reinterpret_cast<T *>(data + offset);
  }
  void *get() { return data; }

private:
  size_t bytes;
  uint8_t *data;
};

/// Deterministic values in [lo, hi).
std::vector<float> randomFloats(size_t n, uint32_t seed, float lo = -2.0f,
                                float hi = 2.0f) {
  std::vector<float> v(n);
  uint32_t s = seed;
  for (float &f : v) {
    s = s * 1664525u + 1013904223u;
    f = lo + (hi - lo) * static_cast<float>(s >> 8) / 16777216.0f;
  }
  return v;
}

/// Parses `source`, lowers it to the LLVM dialect, emits object code and
/// loads it. Diagnostics end up in the failure message.
::testing::AssertionResult compile(const char *source, Compiled &out,
                                   bool tileMatmul = false) {
  DialectRegistry registry;
  mlir::rlx::registerRlxCompiler(registry);
  MLIRContext ctx(registry);
  std::string diagnostics;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
    diagnostics += diag.str() + "\n";
    return success();
  });

  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &ctx);
  if (!module)
    return ::testing::AssertionFailure() << "parse failed:\n" << diagnostics;
  // Table slots per program (inputs, then params: runtime/KernelAbi.h),
  // before the lowering erases the programs.
  std::map<std::string, std::vector<int64_t>> inputs;
  size_t programs = 0;
  module->walk([&](mlir::rlx::lir::ProgramOp program) {
    ++programs;
    std::vector<int64_t> &offsets = inputs[program.getSymName().str()];
    for (mlir::rlx::IOKind kind :
         {mlir::rlx::IOKind::input, mlir::rlx::IOKind::param})
      for (auto io : program.getBody().front().getOps<mlir::rlx::lir::IOOp>())
        if (io.getKind() == kind)
          offsets.push_back(io.getOffsetAttr().getInt());
  });
  PassManager pm(&ctx);
  mlir::rlx::PipelineOptions options;
  options.tileMatmul = tileMatmul;
  options.vectorize = false;
  mlir::rlx::buildLirToLlvmPipeline(pm, options);
  if (failed(pm.run(*module)))
    return ::testing::AssertionFailure() << "-rlx-lir-to-llvm failed:\n"
                                         << diagnostics;

  out.dispatches.clear();
  for (auto fn : module->getOps<LLVM::LLVMFuncOp>()) {
    auto grid = fn->getAttrOfType<DenseI64ArrayAttr>("lir.grid");
    if (!grid)
      continue;
    Dispatch d;
    d.symbol = fn.getSymName().str();
    // `<program>_rlx_dispatch_<i>` when the module holds several programs.
    std::string program = inputs.empty() ? "" : inputs.begin()->first;
    if (programs > 1)
      program = d.symbol.substr(0, d.symbol.rfind("_rlx_dispatch_"));
    d.tableOffsets = inputs[program];
    for (auto [i, g] : llvm::enumerate(grid.asArrayRef()))
      d.grid[i] = g;
    out.dispatches.push_back(d);
  }

  // Two parts, as on a 2-core machine: functions spread over two objects.
  FailureOr<mlir::rlx::CpuObjectCode> code =
      mlir::rlx::emitObjectCode(*module, /*parts=*/2);
  if (failed(code))
    return ::testing::AssertionFailure() << "emitObjectCode failed:\n"
                                         << diagnostics;
  out.triple = code->triple;
  out.features = code->features;
  const std::vector<std::string> *objects = &code->objects;

  auto jit = llvm::orc::LLJITBuilder().create();
  if (!jit)
    return ::testing::AssertionFailure()
           << "LLJIT: " << llvm::toString(jit.takeError());
  out.jit = std::move(*jit);
  // libm (expf, tanhf, erff, ...) from the process.
  auto generator =
      llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
          out.jit->getDataLayout().getGlobalPrefix());
  if (!generator)
    return ::testing::AssertionFailure()
           << llvm::toString(generator.takeError());
  out.jit->getMainJITDylib().addGenerator(std::move(*generator));
  out.objectCount = objects->size();
  for (auto [i, object] : llvm::enumerate(*objects))
    if (llvm::Error err =
            out.jit->addObjectFile(llvm::MemoryBuffer::getMemBufferCopy(
                object, "rlx." + std::to_string(i) + ".o")))
      return ::testing::AssertionFailure() << llvm::toString(std::move(err));
  for (Dispatch &d : out.dispatches) {
    auto address = out.jit->lookup(d.symbol);
    if (!address)
      return ::testing::AssertionFailure()
             << d.symbol << ": " << llvm::toString(address.takeError());
    d.fn = address->toPtr<DispatchFn>();
  }
  return ::testing::AssertionSuccess();
}

class CodeGen : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  }
};

//===----------------------------------------------------------------------===//
// Elementwise with broadcast, then a second dispatch on a reshaped view
//===----------------------------------------------------------------------===//

const char *kBroadcast = R"mlir(
lir.program @bcast arena_size = 512 alignment = 64 {
  lir.io input "x" at 0 : memref<4x6xf32>
  lir.io param "s" at 128 : memref<6xf32>
  lir.io param "c" at 192 : memref<f32>
  lir.io output "y" at 256 : memref<4x6xf32>
  lir.io output "z" at 384 : memref<4x6xf32>
  lir.kernel @scale_shift grid = [1] {
  ^bb0(%x: memref<4x6xf32>, %s: memref<6xf32>, %c: memref<f32>, %y: memref<4x6xf32>):
    linalg.generic {
        indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                         affine_map<(i, j) -> ()>, affine_map<(i, j) -> (i, j)>],
        iterator_types = ["parallel", "parallel"]}
        ins(%x, %s, %c : memref<4x6xf32>, memref<6xf32>, memref<f32>)
        outs(%y : memref<4x6xf32>) {
    ^bb0(%a: f32, %b: f32, %k: f32, %o: f32):
      %m = arith.mulf %a, %b : f32
      %r = arith.addf %m, %k : f32
      linalg.yield %r : f32
    }
    lir.return
  }
  lir.kernel @relu grid = [1] {
  ^bb0(%in: memref<24xf32>, %out: memref<24xf32>):
    %zero = arith.constant 0.0 : f32
    linalg.map ins(%in : memref<24xf32>) outs(%out : memref<24xf32>)
      (%v: f32) {
        %m = arith.maximumf %v, %zero : f32
        linalg.yield %m : f32
      }
    lir.return
  }
  lir.schedule {
    %x = lir.view at 0 : memref<4x6xf32>
    %s = lir.view at 128 : memref<6xf32>
    %c = lir.view at 192 : memref<f32>
    %y = lir.view at 256 : memref<4x6xf32>
    lir.dispatch @scale_shift(%x, %s, %c, %y)
        : memref<4x6xf32>, memref<6xf32>, memref<f32>, memref<4x6xf32>
    %yflat = lir.view at 256 : memref<24xf32>
    %zflat = lir.view at 384 : memref<24xf32>
    lir.dispatch @relu(%yflat, %zflat) : memref<24xf32>, memref<24xf32>
  }
}
)mlir";

TEST_F(CodeGen, ElementwiseBroadcastExact) {
  Compiled c;
  ASSERT_TRUE(compile(kBroadcast, c));
  ASSERT_EQ(c.dispatches.size(), 2u);
  EXPECT_EQ(c.dispatches[0].symbol, "rlx_dispatch_0");
  EXPECT_EQ(c.dispatches[1].symbol, "rlx_dispatch_1");
  // Two functions in two parts: each object defines one; together they
  // link and run (below).
  EXPECT_EQ(c.objectCount, 2u);
  EXPECT_FALSE(c.triple.empty());
  // Enabled features only, each signed '+'.
  EXPECT_EQ(c.features.find('-'), std::string::npos) << c.features;
  EXPECT_EQ(c.features.rfind('+', 0), 0u) << c.features;

  Arena arena(512);
  std::vector<float> x = randomFloats(24, 1), s = randomFloats(6, 2);
  std::memcpy(arena.at<float>(0), x.data(), 24 * sizeof(float));
  std::memcpy(arena.at<float>(128), s.data(), 6 * sizeof(float));
  *arena.at<float>(192) = -0.375f;
  c.runAll(arena.get());

  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 6; ++j) {
      float product = x[i * 6 + j] * s[j];
      float y = product + -0.375f;
      EXPECT_EQ(arena.at<float>(256)[i * 6 + j], y) << i << "," << j;
      EXPECT_EQ(arena.at<float>(384)[i * 6 + j], std::max(y, 0.0f));
    }
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

const char *kReduce = R"mlir(
lir.program @reduce arena_size = 320 alignment = 64 {
  lir.kernel @rows grid = [1] {
  ^bb0(%x: memref<5x7xf32>, %sum: memref<5xf32>, %max: memref<5xf32>):
    %zero = arith.constant 0.0 : f32
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : f32) outs(%sum : memref<5xf32>)
    linalg.reduce ins(%x : memref<5x7xf32>) outs(%sum : memref<5xf32>)
        dimensions = [1]
      (%in: f32, %acc: f32) {
        %a = arith.addf %in, %acc : f32
        linalg.yield %a : f32
      }
    linalg.fill ins(%ninf : f32) outs(%max : memref<5xf32>)
    linalg.reduce ins(%x : memref<5x7xf32>) outs(%max : memref<5xf32>)
        dimensions = [1]
      (%in: f32, %acc: f32) {
        %a = arith.maximumf %in, %acc : f32
        linalg.yield %a : f32
      }
    lir.return
  }
  lir.schedule {
    %x = lir.view at 0 : memref<5x7xf32>
    %sum = lir.view at 192 : memref<5xf32>
    %max = lir.view at 256 : memref<5xf32>
    lir.dispatch @rows(%x, %sum, %max)
        : memref<5x7xf32>, memref<5xf32>, memref<5xf32>
  }
}
)mlir";

TEST_F(CodeGen, ReductionExact) {
  Compiled c;
  ASSERT_TRUE(compile(kReduce, c));
  Arena arena(320);
  std::vector<float> x = randomFloats(35, 3);
  std::memcpy(arena.at<float>(0), x.data(), 35 * sizeof(float));
  c.runAll(arena.get());
  for (int i = 0; i < 5; ++i) {
    float sum = 0.0f, max = -INFINITY;
    for (int j = 0; j < 7; ++j) {
      sum = x[i * 7 + j] + sum;
      max = std::max(max, x[i * 7 + j]);
    }
    EXPECT_EQ(arena.at<float>(192)[i], sum) << i;
    EXPECT_EQ(arena.at<float>(256)[i], max) << i;
  }
}

//===----------------------------------------------------------------------===//
// Matmul: C[m x n] = A[m x k] * B[k x n] (fill + linalg.matmul)
//===----------------------------------------------------------------------===//

/// Byte offsets of A, B, C in the arena (64-byte aligned) and its size.
struct MatmulLayout {
  int64_t a = 0, b, c, size;
  MatmulLayout(int64_t m, int64_t n, int64_t k) {
    auto align = [](int64_t x) { return (x + 63) / 64 * 64; };
    b = align(m * k * 4);
    c = b + align(k * n * 4);
    size = c + align(m * n * 4);
  }
};

std::string matmulProgram(int64_t m, int64_t n, int64_t k) {
  MatmulLayout l(m, n, k);
  auto type = [](int64_t r, int64_t c) {
    return "memref<" + std::to_string(r) + "x" + std::to_string(c) + "xf32>";
  };
  std::string ta = type(m, k), tb = type(k, n), tc = type(m, n);
  return "lir.program @mm arena_size = " + std::to_string(l.size) +
         " alignment = 64 {\n"
         "  lir.kernel @matmul grid = [1] {\n"
         "  ^bb0(%a: " +
         ta + ", %b: " + tb + ", %c: " + tc +
         "):\n"
         "    %zero = arith.constant 0.0 : f32\n"
         "    linalg.fill ins(%zero : f32) outs(%c : " +
         tc +
         ")\n"
         "    linalg.matmul ins(%a, %b : " +
         ta + ", " + tb +
         ")\n"
         "                  outs(%c : " +
         tc +
         ")\n"
         "    lir.return\n"
         "  }\n"
         "  lir.schedule {\n"
         "    %a = lir.view at 0 : " +
         ta +
         "\n"
         "    %b = lir.view at " +
         std::to_string(l.b) + " : " + tb +
         "\n"
         "    %c = lir.view at " +
         std::to_string(l.c) + " : " + tc +
         "\n"
         "    lir.dispatch @matmul(%a, %b, %c) : " +
         ta + ", " + tb + ", " + tc +
         "\n"
         "  }\n"
         "}\n";
}

/// Runs an m x n x k matmul and compares rows `0, rowStep, ...` with the
/// k-ordered sum: exactly (tolerance 0), or within `tolerance` relative to
/// sum(|a*b|) (fused multiply-adds round once, not twice).
void checkMatmul(int64_t m, int64_t n, int64_t k, bool tileMatmul,
                 float tolerance, int64_t rowStep = 1) {
  Compiled c;
  ASSERT_TRUE(compile(matmulProgram(m, n, k).c_str(), c, tileMatmul));
  MatmulLayout l(m, n, k);
  Arena arena(l.size);
  std::vector<float> a = randomFloats(m * k, 4), b = randomFloats(k * n, 5);
  std::memcpy(arena.at<float>(l.a), a.data(), a.size() * sizeof(float));
  std::memcpy(arena.at<float>(l.b), b.data(), b.size() * sizeof(float));
  c.runAll(arena.get());
  const float *got = arena.at<float>(l.c);
  for (int64_t i = 0; i < m; i += rowStep)
    for (int64_t j = 0; j < n; ++j) {
      float acc = 0.0f, magnitude = 0.0f;
      for (int64_t p = 0; p < k; ++p) {
        float product = a[i * k + p] * b[p * n + j];
        acc = acc + product;
        magnitude += std::fabs(product);
      }
      if (tolerance == 0.0f)
        ASSERT_EQ(got[i * n + j], acc) << i << "," << j;
      else
        ASSERT_LE(std::fabs(got[i * n + j] - acc), tolerance * magnitude)
            << i << "," << j << ": " << got[i * n + j] << " vs " << acc;
    }
}

// Naive loops compute the same k-ordered sum: exact.
TEST_F(CodeGen, MatmulOddSizesExact) { checkMatmul(33, 17, 9, false, 0.0f); }

// One cache block per dim: every register tile is static and vectorized.
TEST_F(CodeGen, TiledMatmulOddSizes) { checkMatmul(33, 17, 9, true, 1e-6f); }

// Several cache blocks with run-time edge sizes in M (100 = 64 + 36) and K
// (130 = 128 + 2): vector full tiles plus scalar edge loops.
TEST_F(CodeGen, TiledMatmulDynamicEdges) {
  checkMatmul(100, 40, 130, true, 1e-6f);
}

//===----------------------------------------------------------------------===//
// Transcendental math (libm or LLVM intrinsics)
//===----------------------------------------------------------------------===//

const char *kMath = R"mlir(
lir.program @math arena_size = 1024 alignment = 64 {
  lir.kernel @transcendental grid = [1] {
  ^bb0(%x: memref<64xf32>, %e: memref<64xf32>, %t: memref<64xf32>, %r: memref<64xf32>):
    linalg.generic {
        indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                         affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
        iterator_types = ["parallel"]}
        ins(%x : memref<64xf32>)
        outs(%e, %t, %r : memref<64xf32>, memref<64xf32>, memref<64xf32>) {
    ^bb0(%v: f32, %o0: f32, %o1: f32, %o2: f32):
      %ev = math.exp %v : f32
      %tv = math.tanh %v : f32
      %rv = math.erf %v : f32
      linalg.yield %ev, %tv, %rv : f32, f32, f32
    }
    lir.return
  }
  lir.schedule {
    %x = lir.view at 0 : memref<64xf32>
    %e = lir.view at 256 : memref<64xf32>
    %t = lir.view at 512 : memref<64xf32>
    %r = lir.view at 768 : memref<64xf32>
    lir.dispatch @transcendental(%x, %e, %t, %r)
        : memref<64xf32>, memref<64xf32>, memref<64xf32>, memref<64xf32>
  }
}
)mlir";

TEST_F(CodeGen, MathWithinTwoUlp) {
  Compiled c;
  ASSERT_TRUE(compile(kMath, c));
  Arena arena(1024);
  std::vector<float> x = randomFloats(64, 6, -4.0f, 4.0f);
  std::memcpy(arena.at<float>(0), x.data(), x.size() * sizeof(float));
  c.runAll(arena.get());
  // Tolerance: 2 ulp of the reference (libm's float functions; the kernel
  // calls the same ones today, but an approximation may replace them).
  auto close = [](float got, float want) {
    return std::fabs(got - want) <=
           2.0f * std::fabs(std::nextafter(want, INFINITY) - want);
  };
  for (int i = 0; i < 64; ++i) {
    EXPECT_PRED2(close, arena.at<float>(256)[i], std::exp(x[i])) << x[i];
    EXPECT_PRED2(close, arena.at<float>(512)[i], std::tanh(x[i])) << x[i];
    EXPECT_PRED2(close, arena.at<float>(768)[i], std::erf(x[i])) << x[i];
  }
}

//===----------------------------------------------------------------------===//
// f16 and bf16: extend, truncate, arithmetic
//===----------------------------------------------------------------------===//

const char *kHalf = R"mlir(
lir.program @half arena_size = 320 alignment = 64 {
  lir.kernel @convert grid = [1] {
  ^bb0(%h: memref<16xf16>, %b: memref<16xbf16>, %ext: memref<16xf32>,
       %h2: memref<16xf16>, %b2: memref<16xbf16>):
    %three = arith.constant 3.0 : f32
    %half = arith.constant 0.5 : f32
    linalg.generic {
        indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                         affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                         affine_map<(i) -> (i)>],
        iterator_types = ["parallel"]}
        ins(%h, %b : memref<16xf16>, memref<16xbf16>)
        outs(%ext, %h2, %b2 : memref<16xf32>, memref<16xf16>, memref<16xbf16>) {
    ^bb0(%hv: f16, %bv: bf16, %o0: f32, %o1: f16, %o2: bf16):
      %e = arith.extf %hv : f16 to f32
      %m = arith.mulf %e, %three : f32
      %a = arith.addf %m, %half : f32
      %t = arith.truncf %a : f32 to f16
      %sq = arith.mulf %bv, %bv : bf16
      linalg.yield %e, %t, %sq : f32, f16, bf16
    }
    lir.return
  }
  lir.schedule {
    %h = lir.view at 0 : memref<16xf16>
    %b = lir.view at 64 : memref<16xbf16>
    %ext = lir.view at 128 : memref<16xf32>
    %h2 = lir.view at 192 : memref<16xf16>
    %b2 = lir.view at 256 : memref<16xbf16>
    lir.dispatch @convert(%h, %b, %ext, %h2, %b2)
        : memref<16xf16>, memref<16xbf16>, memref<16xf32>, memref<16xf16>, memref<16xbf16>
  }
}
)mlir";

/// `value` rounded to nearest-even in `semantics`, as raw bits.
uint16_t toBits(float value, const llvm::fltSemantics &semantics) {
  llvm::APFloat f(value);
  bool losesInfo;
  f.convert(semantics, llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return static_cast<uint16_t>(f.bitcastToAPInt().getZExtValue());
}

float fromBits(uint16_t bits, const llvm::fltSemantics &semantics) {
  llvm::APFloat f(semantics, llvm::APInt(16, bits));
  bool losesInfo;
  f.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven,
            &losesInfo);
  return f.convertToFloat();
}

TEST_F(CodeGen, HalfAndBFloat16Exact) {
  Compiled c;
  ASSERT_TRUE(compile(kHalf, c));
  Arena arena(320);
  const auto &f16 = llvm::APFloat::IEEEhalf();
  const auto &bf16 = llvm::APFloat::BFloat();
  std::vector<float> seeds = randomFloats(16, 7, -4.0f, 4.0f);
  // Ties in both formats: exercises round-to-nearest-even.
  seeds[0] = 1.0f + 1.0f / 2048.0f;
  seeds[1] = 1.0f + 3.0f / 256.0f;
  for (int i = 0; i < 16; ++i) {
    arena.at<uint16_t>(0)[i] = toBits(seeds[i], f16);
    arena.at<uint16_t>(64)[i] = toBits(seeds[i] * 1.37f, bf16);
  }
  c.runAll(arena.get());
  for (int i = 0; i < 16; ++i) {
    float h = fromBits(arena.at<uint16_t>(0)[i], f16);
    float b = fromBits(arena.at<uint16_t>(64)[i], bf16);
    EXPECT_EQ(arena.at<float>(128)[i], h) << i;
    float m = h * 3.0f;
    float a = m + 0.5f;
    EXPECT_EQ(arena.at<uint16_t>(192)[i], toBits(a, f16)) << i;
    // The product of two bf16 values is exact in f32: one rounding.
    EXPECT_EQ(arena.at<uint16_t>(256)[i], toBits(b * b, bf16)) << i;
  }
}

//===----------------------------------------------------------------------===//
// Workgroups: each of two writes its half; a 3-D grid writes its coordinates
//===----------------------------------------------------------------------===//

const char *kHalves = R"mlir(
lir.program @halves arena_size = 128 alignment = 64 {
  lir.kernel @scale_half grid = [2] {
  ^bb0(%in: memref<16xf32>, %out: memref<16xf32>):
    %c8 = arith.constant 8 : index
    %one = arith.constant 1.0 : f32
    %wg = lir.workgroup_id 0
    %off = arith.muli %wg, %c8 : index
    %a = memref.subview %in[%off] [8] [1]
        : memref<16xf32> to memref<8xf32, strided<[1], offset: ?>>
    %b = memref.subview %out[%off] [8] [1]
        : memref<16xf32> to memref<8xf32, strided<[1], offset: ?>>
    %wgi = arith.index_cast %wg : index to i32
    %wgf = arith.sitofp %wgi : i32 to f32
    %scale = arith.addf %wgf, %one : f32
    linalg.map ins(%a : memref<8xf32, strided<[1], offset: ?>>)
               outs(%b : memref<8xf32, strided<[1], offset: ?>>)
      (%v: f32) {
        %m = arith.mulf %v, %scale : f32
        linalg.yield %m : f32
      }
    lir.return
  }
  lir.schedule {
    %in = lir.view at 0 : memref<16xf32>
    %out = lir.view at 64 : memref<16xf32>
    lir.dispatch @scale_half(%in, %out) : memref<16xf32>, memref<16xf32>
  }
}
)mlir";

TEST_F(CodeGen, TwoWorkgroupsWriteTheirHalves) {
  Compiled c;
  ASSERT_TRUE(compile(kHalves, c));
  ASSERT_EQ(c.dispatches.size(), 1u);
  EXPECT_EQ(c.dispatches[0].grid, (std::array<int64_t, 3>{2, 1, 1}));
  Arena arena(128);
  std::vector<float> in = randomFloats(16, 8);
  std::memcpy(arena.at<float>(0), in.data(), in.size() * sizeof(float));
  for (int i = 0; i < 16; ++i)
    arena.at<float>(64)[i] = 1234.5f;

  // Workgroup 1 alone writes the second half and nothing else.
  c.dispatches[0].call(arena.get(), 1, 0, 0);
  for (int i = 0; i < 16; ++i)
    EXPECT_EQ(arena.at<float>(64)[i], i < 8 ? 1234.5f : in[i] * 2.0f) << i;
  c.dispatches[0].call(arena.get(), 0, 0, 0);
  for (int i = 0; i < 16; ++i)
    EXPECT_EQ(arena.at<float>(64)[i], in[i] * (i < 8 ? 1.0f : 2.0f)) << i;
}

const char *kGrid3D = R"mlir(
lir.program @grid arena_size = 64 alignment = 64 {
  lir.kernel @coords grid = [2, 3, 2] {
  ^bb0(%out: memref<2x3x2xi32>):
    %c10 = arith.constant 10 : index
    %c100 = arith.constant 100 : index
    %x = lir.workgroup_id 0
    %y = lir.workgroup_id 1
    %z = lir.workgroup_id 2
    %x100 = arith.muli %x, %c100 : index
    %y10 = arith.muli %y, %c10 : index
    %s = arith.addi %x100, %y10 : index
    %v = arith.addi %s, %z : index
    %vi = arith.index_cast %v : index to i32
    memref.store %vi, %out[%x, %y, %z] : memref<2x3x2xi32>
    lir.return
  }
  lir.schedule {
    %out = lir.view at 8 : memref<2x3x2xi32>
    lir.dispatch @coords(%out) : memref<2x3x2xi32>
  }
}
)mlir";

TEST_F(CodeGen, ThreeDimensionalGrid) {
  Compiled c;
  ASSERT_TRUE(compile(kGrid3D, c));
  ASSERT_EQ(c.dispatches.size(), 1u);
  EXPECT_EQ(c.dispatches[0].grid, (std::array<int64_t, 3>{2, 3, 2}));
  Arena arena(64);
  c.runAll(arena.get());
  for (int x = 0; x < 2; ++x)
    for (int y = 0; y < 3; ++y)
      for (int z = 0; z < 2; ++z)
        EXPECT_EQ(arena.at<int32_t>(8)[(x * 3 + y) * 2 + z],
                  x * 100 + y * 10 + z);
}

//===----------------------------------------------------------------------===//
// Two programs in one module: prefixed symbols in one object
//===----------------------------------------------------------------------===//

const char *kTwoPrograms = R"mlir(
lir.program @first arena_size = 64 alignment = 64 {
  lir.kernel @fill grid = [1] {
  ^bb0(%out: memref<4xf32>):
    %v = arith.constant 1.5 : f32
    linalg.fill ins(%v : f32) outs(%out : memref<4xf32>)
    lir.return
  }
  lir.schedule {
    %out = lir.view at 0 : memref<4xf32>
    lir.dispatch @fill(%out) : memref<4xf32>
  }
}
lir.program @second arena_size = 64 alignment = 64 {
  lir.kernel @fill grid = [1] {
  ^bb0(%out: memref<4xf32>):
    %v = arith.constant -2.5 : f32
    linalg.fill ins(%v : f32) outs(%out : memref<4xf32>)
    lir.return
  }
  lir.schedule {
    %out = lir.view at 16 : memref<4xf32>
    lir.dispatch @fill(%out) : memref<4xf32>
  }
}
)mlir";

TEST_F(CodeGen, TwoProgramsInOneObject) {
  Compiled c;
  ASSERT_TRUE(compile(kTwoPrograms, c));
  ASSERT_EQ(c.dispatches.size(), 2u);
  EXPECT_EQ(c.dispatches[0].symbol, "first_rlx_dispatch_0");
  EXPECT_EQ(c.dispatches[1].symbol, "second_rlx_dispatch_0");
  Arena first(64), second(64);
  c.dispatches[0].runAll(first.get());
  c.dispatches[1].runAll(second.get());
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(first.at<float>(0)[i], 1.5f);
    EXPECT_EQ(second.at<float>(16)[i], -2.5f);
    EXPECT_EQ(second.at<float>(0)[i], 0.0f);
  }
}

// The microkernel's epilogue with inputs indexed by the row (i) and by
// nothing (a rank-0 memref), which MIR's broadcasts do not produce:
// C = max(A x B + r[i], 0) * s, over a partial register tile (13 rows) and
// a masked strip (100 = 64 + 36 columns).
const char *kRowAndScalarEpilogue = R"mlir(
#row = affine_map<(d0, d1) -> (d0)>
#scalar = affine_map<(d0, d1) -> ()>
#id = affine_map<(d0, d1) -> (d0, d1)>
lir.program @epilogue arena_size = 14464 alignment = 64 {
  lir.kernel @mm grid = [1] {
  ^bb0(%a: memref<13x20xf32>, %b: memref<20x100xf32>, %r: memref<13xf32>,
       %s: memref<f32>, %c: memref<13x100xf32>):
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<13x100xf32>)
    linalg.matmul ins(%a, %b : memref<13x20xf32>, memref<20x100xf32>)
                  outs(%c : memref<13x100xf32>)
    linalg.generic {indexing_maps = [#row, #scalar, #id],
                    iterator_types = ["parallel", "parallel"]}
        ins(%r, %s : memref<13xf32>, memref<f32>)
        outs(%c : memref<13x100xf32>) {
    ^bb0(%ri: f32, %si: f32, %out: f32):
      %t = arith.addf %out, %ri : f32
      %u = arith.maximumf %t, %zero : f32
      %v = arith.mulf %u, %si : f32
      linalg.yield %v : f32
    }
    lir.return
  }
  lir.schedule {
    %a = lir.view at 0 : memref<13x20xf32>
    %b = lir.view at 1088 : memref<20x100xf32>
    %r = lir.view at 9088 : memref<13xf32>
    %s = lir.view at 9152 : memref<f32>
    %c = lir.view at 9216 : memref<13x100xf32>
    lir.dispatch @mm(%a, %b, %r, %s, %c)
        : memref<13x20xf32>, memref<20x100xf32>, memref<13xf32>, memref<f32>,
          memref<13x100xf32>
  }
}
)mlir";

TEST_F(CodeGen, MicrokernelEpilogueRowAndScalarInputs) {
  Compiled c;
  ASSERT_TRUE(compile(kRowAndScalarEpilogue, c, /*tileMatmul=*/true));
  Arena arena(14464);
  std::vector<float> a = randomFloats(13 * 20, 21),
                     b = randomFloats(20 * 100, 22), r = randomFloats(13, 23);
  std::memcpy(arena.at<float>(0), a.data(), a.size() * sizeof(float));
  std::memcpy(arena.at<float>(1088), b.data(), b.size() * sizeof(float));
  std::memcpy(arena.at<float>(9088), r.data(), r.size() * sizeof(float));
  *arena.at<float>(9152) = 1.5f;
  c.runAll(arena.get());
  const float *out = arena.at<float>(9216);
  for (int i = 0; i < 13; ++i)
    for (int j = 0; j < 100; ++j) {
      double dot = 0, mag = 0;
      for (int k = 0; k < 20; ++k) {
        dot += double(a[i * 20 + k]) * b[k * 100 + j];
        mag += std::fabs(double(a[i * 20 + k]) * b[k * 100 + j]);
      }
      double want = std::max(dot + r[i], 0.0) * 1.5;
      // The k-sum's rounding (K + 2 roundings of sum |ab|), times 1.5.
      ASSERT_NEAR(out[i * 100 + j], want, 1.5 * 22 * 6e-8 * (mag + 1))
          << "C[" << i << "][" << j << "]";
    }
}

//===----------------------------------------------------------------------===//
// Matmul 512^3: GFLOP/s printed, never asserted (docs/Testing.md)
//===----------------------------------------------------------------------===//

/// Median GFLOP/s of `runs` calls of a 512^3 matmul, printed; with
/// OpenBLAS, single-threaded sgemm is timed in the same loop (alternating
/// calls) and the median per-pair ratio printed too. The result is
/// spot-checked against the k-ordered sum within 1e-5 of sum(|a*b|).
void measureMatmul512(bool tileMatmul, int runs) {
  constexpr int64_t n = 512;
  Compiled c;
  auto start = std::chrono::steady_clock::now();
  ASSERT_TRUE(compile(matmulProgram(n, n, n).c_str(), c, tileMatmul));
  double compileMs = std::chrono::duration<double, std::milli>(
                         std::chrono::steady_clock::now() - start)
                         .count();
  MatmulLayout l(n, n, n);
  Arena arena(l.size);
  std::vector<float> a = randomFloats(n * n, 9), b = randomFloats(n * n, 10);
  std::memcpy(arena.at<float>(l.a), a.data(), a.size() * sizeof(float));
  std::memcpy(arena.at<float>(l.b), b.data(), b.size() * sizeof(float));
  auto seconds = [](auto &&fn) {
    auto t0 = std::chrono::steady_clock::now();
    fn();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
        .count();
  };
  const double flop = 2.0 * n * n * n;
  std::vector<double> rlx, blas, ratio;
#ifdef RLX_HAVE_OPENBLAS
  openblas_set_num_threads(1);
  std::vector<float> cBlas(n * n);
#endif
  for (int r = 0; r < runs; ++r) {
    rlx.push_back(seconds([&] { c.runAll(arena.get()); }));
#ifdef RLX_HAVE_OPENBLAS
    if (tileMatmul) {
      blas.push_back(seconds([&] {
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f,
                    a.data(), n, b.data(), n, 0.0f, cBlas.data(), n);
      }));
      ratio.push_back(blas.back() / rlx.back());
    }
#endif
  }
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  std::printf("[ perf     ] matmul 512^3 f32 tile-matmul=%d, 1 thread: "
              "median %.1f GFLOP/s over %d runs (best %.1f); compile + load "
              "%.0f ms\n",
              tileMatmul, flop / median(rlx) / 1e9, runs,
              flop / *std::min_element(rlx.begin(), rlx.end()) / 1e9,
              compileMs);
  if (!blas.empty())
    std::printf("[ perf     ] OpenBLAS sgemm in the same loop: median %.1f "
                "GFLOP/s (best %.1f); rlx / OpenBLAS speed: median %.2f\n",
                flop / median(blas) / 1e9,
                flop / *std::min_element(blas.begin(), blas.end()) / 1e9,
                median(ratio));

  // Every 37th row against the reference (all of them is slow).
  const float *got = arena.at<float>(l.c);
  for (int64_t i = 0; i < n; i += 37)
    for (int64_t j = 0; j < n; ++j) {
      float acc = 0.0f, magnitude = 0.0f;
      for (int64_t p = 0; p < n; ++p) {
        float product = a[i * n + p] * b[p * n + j];
        acc = acc + product;
        magnitude += std::fabs(product);
      }
      ASSERT_LE(std::fabs(got[i * n + j] - acc), 1e-5f * magnitude)
          << i << "," << j;
    }
}

TEST_F(CodeGen, Matmul512PerfNaive) { measureMatmul512(false, 3); }

TEST_F(CodeGen, Matmul512PerfTiled) { measureMatmul512(true, 21); }

} // namespace
