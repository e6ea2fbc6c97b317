//===- PipelineTest.cpp - rlx-opt and the API compile identically ---------===//
//
// The pipelines rlx-opt registers and the C++ API run the same builders
// with the same options struct (conversion/Pipelines): the LLVM dialect
// `-rlx-cpu-pipeline{...}` produces equals what the API lowers, option for
// option. And a Session compiles one graph at a time, so threads compiling
// on one Session each get their own diagnostics.
//
//===----------------------------------------------------------------------===//
#include "api/Compiler.h"
#include "conversion/Pipelines/Pipelines.h"
#include "rlx/Session.h"

#include "TestUtil.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>

namespace {

std::string printed(mlir::ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  return text;
}

/// The LLVM dialect of `path` the way the API lowers it (compileToLIR, then
/// buildLirToLlvmPipeline with the options the API derives).
std::string throughTheApi(mlir::MLIRContext &ctx, const std::string &text,
                          const mlir::rlx::CompilerOptions &options) {
  auto module = mlir::parseSourceString<mlir::ModuleOp>(text, &ctx);
  EXPECT_TRUE(module);
  rlx::Status s = mlir::rlx::compileToLIR(*module, options);
  EXPECT_TRUE(s.isOk()) << s.toString();
  mlir::rlx::PipelineOptions pipeline;
  mlir::rlx::fillPipelineOptions(pipeline, options);
  mlir::PassManager pm(&ctx);
  mlir::rlx::buildLirToLlvmPipeline(pm, pipeline);
  EXPECT_TRUE(mlir::succeeded(pm.run(*module)));
  return printed(*module);
}

/// The same text through rlx-opt's registered pipeline string (the bare
/// list: wrapped in builtin.module(...) it would nest and run nothing).
std::string throughThePipeline(mlir::MLIRContext &ctx, const std::string &text,
                               const std::string &pipeline) {
  static bool registered = [] {
    mlir::rlx::registerRlxPasses();
    return true;
  }();
  (void)registered;
  auto module = mlir::parseSourceString<mlir::ModuleOp>(text, &ctx);
  EXPECT_TRUE(module);
  mlir::PassManager pm(&ctx);
  std::string errors;
  llvm::raw_string_ostream os(errors);
  EXPECT_TRUE(mlir::succeeded(mlir::parsePassPipeline(pipeline, pm, os)))
      << errors;
  EXPECT_TRUE(mlir::succeeded(pm.run(*module)));
  return printed(*module);
}

struct Case {
  const char *model;
  const char *pipelineOptions;
  std::vector<std::pair<std::string, int64_t>> dims;
  rlx::LoweringPolicy policy;
  rlx::Precision precision;
  bool nativeMatmul;
};

class CpuPipeline : public ::testing::TestWithParam<Case> {};

TEST_P(CpuPipeline, RlxOptAndTheApiProduceTheSameCode) {
  const Case &c = GetParam();
  std::string text =
      rlx::test::readFile(std::string(RLX_SOURCE_DIR) + "/examples/" + c.model);
  ASSERT_FALSE(text.empty());
  mlir::MLIRContext ctx(mlir::rlx::compilerRegistry());
  ctx.loadAllAvailableDialects();
  mlir::rlx::CompilerOptions options;
  options.options.dims = c.dims;
  options.options.nativeMatmul = c.nativeMatmul;
  options.policy = c.policy;
  options.precision = c.precision;
  std::string api = throughTheApi(ctx, text, options);
  std::string tool = throughThePipeline(
      ctx, text, std::string("rlx-cpu-pipeline{") + c.pipelineOptions + "}");
  EXPECT_FALSE(api.empty());
  EXPECT_NE(api.find("llvm.func @rlx_dispatch_0"), std::string::npos);
  if (api != tool) {
    size_t at = 0;
    while (at < api.size() && at < tool.size() && api[at] == tool[at])
      ++at;
    size_t from = at > 200 ? at - 200 : 0;
    ADD_FAILURE() << "the API and -rlx-cpu-pipeline{" << c.pipelineOptions
                  << "} differ at byte " << at
                  << ":\nAPI:  " << api.substr(from, 400)
                  << "\nTOOL: " << tool.substr(from, 400);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Models, CpuPipeline,
    ::testing::Values(Case{"mlp.mlir",
                           "bind=batch=64",
                           {{"batch", 64}},
                           rlx::LoweringPolicy::fusable,
                           rlx::Precision::f32,
                           false},
                      Case{"mlp.mlir",
                           "bind=batch=8 policy=direct native-matmul=true",
                           {{"batch", 8}},
                           rlx::LoweringPolicy::direct,
                           rlx::Precision::f32,
                           true},
                      Case{"encoder.mlir",
                           "bind=batch=1 precision=auto-mixed",
                           {{"batch", 1}},
                           rlx::LoweringPolicy::fusable,
                           rlx::Precision::autoMixed,
                           false}));

const char *kBadShape = R"(
func.func @shape(%x: tensor<4x3xf32>, %y: tensor<5x2xf32>) -> tensor<4x2xf32> {
  %z = hir.matmul %x, %y : (tensor<4x3xf32>, tensor<5x2xf32>) -> tensor<4x2xf32>
  return %z : tensor<4x2xf32>
}
)";
const char *kUnbound = R"(
func.func @unbound(%x: tensor<?x4xf32> {hir.dims = ["rows", 4]}) -> tensor<?x4xf32> {
  %y = hir.activation relu %x : tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}
)";

TEST(SessionThreads, ConcurrentCompilesGetTheirOwnDiagnostics) {
  rlx::Session session;
  auto compileMany = [&](const char *text, const char *mine, const char *theirs,
                         int &wrong) {
    for (int i = 0; i < 8; ++i) {
      auto graph = session.compile(text);
      const std::string &message = graph.status().message();
      if (graph.isOk() || message.find(mine) == std::string::npos ||
          message.find(theirs) != std::string::npos) {
        ++wrong;
        ADD_FAILURE() << message;
      }
    }
  };
  int wrongA = 0, wrongB = 0;
  std::thread a(compileMany, kBadShape, "contraction dims differ", "rows",
                std::ref(wrongA));
  std::thread b(compileMany, kUnbound, "symbol 'rows'", "hir.matmul",
                std::ref(wrongB));
  a.join();
  b.join();
  EXPECT_EQ(wrongA, 0);
  EXPECT_EQ(wrongB, 0);
}

} // namespace
