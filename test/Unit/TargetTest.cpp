//===- TargetTest.cpp - Compiling for a CPU other than this one -----------===//
//
// The module's target (#rlx.cpu) is what code generation and the loader
// read: an explicit baseline target compiles and runs here with the same
// results; a target with a feature this machine lacks compiles here and the
// loader refuses it, naming the feature; bad target names are errors.
//
//===----------------------------------------------------------------------===//
#include "dialects/Target/Target.h"
#include "api/Compiler.h"
#include "rlx/Session.h"
#include "runtime/HostCpu.h"
#include "runtime/Runtime.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace {

/// Rows of a matmul and a softmax: the microkernel and the loop vectorizer
/// both size their vectors from the target.
const char *kModel = R"(
func.func @f(%x: tensor<6x40xf32> {hir.name = "x"}) -> (tensor<6x24xf32> {hir.name = "y"}) {
  %w = hir.param "w" : tensor<40x24xf32>
  %m = hir.matmul %x, %w : (tensor<6x40xf32>, tensor<40x24xf32>) -> tensor<6x24xf32>
  %s = hir.softmax %m axis = -1 : tensor<6x24xf32>
  return %s : tensor<6x24xf32>
}
)";

std::vector<float> values(size_t n, float scale) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = scale * static_cast<float>(static_cast<int>(i * 37 % 19) - 9);
  return v;
}

rlx::Expected<std::vector<float>> runModel(const rlx::CompileOptions &options) {
  rlx::Session session;
  auto graph = session.compileWith(kModel, options);
  if (!graph)
    return graph.status();
  std::vector<float> w = values(40 * 24, 0.01f), x = values(6 * 40, 0.1f);
  if (rlx::Status s = graph->setParam("w", w.data(), w.size()); !s)
    return s;
  auto out = graph->run({{"x", x.data(), x.size() * sizeof(float)}});
  if (!out)
    return out.status();
  const float *y = (*out)[0].floats();
  return std::vector<float>(y, y + 6 * 24);
}

/// The artifact's recorded CPU features, decoded from its bytes.
std::string featuresOf(const rlx::CompileOptions &options) {
  rlx::Session session;
  auto graph = session.compileWith(kModel, options);
  EXPECT_TRUE(graph.isOk()) << graph.status().toString();
  if (!graph)
    return "";
  const std::vector<uint8_t> &bytes = graph->artifactBytes();
  auto artifact = rlx::runtime::deserializeArtifact(bytes.data(), bytes.size());
  EXPECT_TRUE(artifact.isOk());
  return artifact ? artifact->cpu.cpuFeatures : "";
}

bool hasEntry(const std::string &list, const std::string &entry) {
  return ("," + list + ",").find("," + entry + ",") != std::string::npos;
}

TEST(Target, ExplicitBaselineCompilesAndRunsHereWithTheSameResults) {
  rlx::CompileOptions host;
  rlx::CompileOptions baseline;
  baseline.cpuTarget.cpu = "x86-64-v2"; // SSE4.2: 4-lane vectors, no AVX
  auto a = runModel(host);
  auto b = runModel(baseline);
  ASSERT_TRUE(a.isOk()) << a.status().toString();
  ASSERT_TRUE(b.isOk()) << b.status().toString();
  // Different vector widths sum in different orders: close, not bitwise.
  for (size_t i = 0; i < a->size(); ++i)
    EXPECT_NEAR((*a)[i], (*b)[i], 1e-6f) << "element " << i;

  std::string features = featuresOf(baseline);
  EXPECT_TRUE(hasEntry(features, "+sse4.2")) << features;
  EXPECT_FALSE(hasEntry(features, "+avx")) << features;
  EXPECT_FALSE(hasEntry(features, "+avx512f")) << features;
  // The default target is this machine: its features are recorded.
  if (rlx::host::hasCpuFeature("avx2"))
    EXPECT_TRUE(hasEntry(featuresOf(host), "+avx2"));
}

/// A feature this machine lacks, from features no CPU has all of; empty if
/// it has them all.
std::string missingFeature() {
  for (const char *candidate : {"avx512fp16", "amx-tile", "sse4a", "fma4",
                                "xop", "tbm", "avx512vp2intersect", "amx-int8"})
    if (!rlx::host::hasCpuFeature(candidate))
      return candidate;
  return "";
}

TEST(Target, FeatureTheHostLacksCompilesHereAndTheLoaderRefusesIt) {
  std::string feature = missingFeature();
  if (feature.empty())
    GTEST_SKIP() << "this CPU has every candidate feature";
  mlir::MLIRContext ctx(mlir::rlx::compilerRegistry());
  ctx.loadAllAvailableDialects();
  mlir::rlx::CompilerOptions options;
  options.options.cpuTarget.cpu = "x86-64-v2";
  options.options.cpuTarget.features = "+" + feature;
  auto artifact = mlir::rlx::compileText(&ctx, kModel, options);
  ASSERT_TRUE(artifact.isOk()) << artifact.status().toString();
  EXPECT_TRUE(hasEntry(artifact->cpu.cpuFeatures, "+" + feature))
      << artifact->cpu.cpuFeatures;
  auto loaded = rlx::runtime::load(*artifact);
  ASSERT_FALSE(loaded.isOk());
  EXPECT_EQ(loaded.status().code(), rlx::StatusCode::incompatible);
  EXPECT_NE(loaded.status().message().find("host CPU lacks feature '" +
                                           feature + "'"),
            std::string::npos)
      << loaded.status().message();
  // Through a Session: compiling succeeds, loading is what fails.
  rlx::CompileOptions same = options.options;
  auto session = runModel(same);
  ASSERT_FALSE(session.isOk());
  EXPECT_EQ(session.status().code(), rlx::StatusCode::incompatible);
}

void expectTargetError(rlx::CpuTarget target, const std::string &fragment) {
  rlx::CompileOptions options;
  options.cpuTarget = target;
  auto result = runModel(options);
  ASSERT_FALSE(result.isOk());
  EXPECT_EQ(result.status().code(), rlx::StatusCode::invalid_argument);
  EXPECT_NE(result.status().message().find(fragment), std::string::npos)
      << result.status().message();
}

// The dialect knows the host only through a registered backend: without
// one, "host" is an error that says so and the default is the claims-less
// #rlx.target<"none">; with the compiler's registry, it is this CPU.
TEST(Target, HostTargetComesFromTheRegisteredBackend) {
  mlir::MLIRContext bare;
  bare.getOrLoadDialect<mlir::rlx::RLXDialect>();
  EXPECT_FALSE(mlir::rlx::getHostTarget(&bare));
  std::string message;
  bare.getDiagEngine().registerHandler([&](mlir::Diagnostic &d) {
    message = d.str();
    return mlir::success();
  });
  EXPECT_TRUE(mlir::failed(mlir::rlx::parseTarget("host", &bare, [&] {
    return mlir::emitError(mlir::UnknownLoc::get(&bare));
  })));
  EXPECT_NE(message.find("no backend that knows this machine is registered"),
            std::string::npos)
      << message;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::ModuleOp::create(mlir::UnknownLoc::get(&bare));
  EXPECT_EQ(mlir::rlx::getTargetOrDefault(*module),
            mlir::rlx::NamedTargetAttr::get(&bare, "none"));

  mlir::MLIRContext compiler(mlir::rlx::compilerRegistry());
  mlir::rlx::TargetAttrInterface host = mlir::rlx::getHostTarget(&compiler);
  auto cpu = mlir::dyn_cast_or_null<mlir::rlx::CpuTargetAttr>(host);
  ASSERT_TRUE(cpu);
  EXPECT_EQ(cpu.getTriple(), rlx::host::processTriple());
  EXPECT_EQ(cpu.getCpu(), rlx::host::cpuName());
}

TEST(Target, NamesLLVMDoesNotKnowAreErrors) {
  expectTargetError({"", "pentium9", ""},
                    "LLVM does not know the CPU 'pentium9'");
  expectTargetError({"", "x86-64-v3", "+avx9000"},
                    "LLVM does not know the feature 'avx9000'");
  expectTargetError({"", "", "avx2"},
                    "feature entry 'avx2' is not of the form +name or -name");
  expectTargetError({"riscv64-unknown-linux-gnu", "", "+a"},
                    "no LLVM target for triple 'riscv64-unknown-linux-gnu'");
}

TEST(Target, ModuleTargetThatContradictsTheOptionsIsAnError) {
  rlx::Session session;
  rlx::CompileOptions options;
  options.cpuTarget.cpu = "x86-64-v2";
  std::string text = std::string("module attributes {rlx.target = "
                                 "#rlx.cpu<cpu = \"x86-64-v3\">} {\n") +
                     kModel + "}\n";
  auto graph = session.compileWith(text, options);
  ASSERT_FALSE(graph.isOk());
  EXPECT_EQ(graph.status().code(), rlx::StatusCode::invalid_argument);
  EXPECT_NE(
      graph.status().message().find("differs from CompileOptions::cpuTarget"),
      std::string::npos)
      << graph.status().message();
}

} // namespace
