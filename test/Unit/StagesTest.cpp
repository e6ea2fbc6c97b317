//===- StagesTest.cpp - The compile one stage at a time
//--------------------===//
//
// rlx::StagedCompile on the example encoder: the module text after each
// stage, the fusion events as objects (exactly the seven the fusion report
// prints), the manifest's dispatches against the LIR text, and the
// executable against a Session compile of the same model, bitwise; stages
// out of order and after a failed stage.
//
//===----------------------------------------------------------------------===//
#include "rlx/Stages.h"
#include "ModelUtil.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace {

rlx::Model encoderModel() {
  rlx::Model model =
      rlx::Model::fromText(rlx::test::readFile(std::string(RLX_SOURCE_DIR) +
                                               "/examples/encoder.mlir"),
                           "encoder.mlir");
  model.options.dims = {{"batch", 1}};
  return model;
}

size_t count(const std::string &text, const std::string &what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos;
       at = text.find(what, at + what.size()))
    ++n;
  return n;
}

TEST(StagedCompile, EncoderStageByStage) {
  rlx::StagedCompile staged;
  EXPECT_EQ(staged.stage(), rlx::CompileStage::none);
  ASSERT_TRUE(staged.load(encoderModel()).isOk());
  EXPECT_EQ(staged.stage(), rlx::CompileStage::hir);
  std::string hir = staged.moduleText();
  EXPECT_EQ(count(hir, "hir.attention"), 1u);
  EXPECT_EQ(count(hir, "mir."), 0u);

  ASSERT_TRUE(staged.lowerToMIR().isOk());
  std::string mir = staged.moduleText();
  EXPECT_EQ(count(mir, "hir."), 0u);
  EXPECT_EQ(count(mir, "mir.matmul"), 8u)
      << mir; // 4 projections, 2 attention, 2 ff
  EXPECT_NE(mir.find("tensor<?x128x256xf32>"), std::string::npos);

  ASSERT_TRUE(staged.optimize().isOk());
  std::string optimized = staged.moduleText();
  EXPECT_NE(optimized.find("tensor<1x128x256xf32>"), std::string::npos);
  EXPECT_EQ(count(optimized, "mir.shared_matmul"), 1u);
  const std::vector<rlx::FusionEvent> &fusions = staged.fusions();
  ASSERT_EQ(fusions.size(), 9u);
  auto fusedWith = [&](const std::string &pattern) {
    return std::count_if(fusions.begin(), fusions.end(),
                         [&](const rlx::FusionEvent &e) {
                           return e.fused && e.pattern == pattern;
                         });
  };
  EXPECT_EQ(fusedWith("attention"), 1);
  EXPECT_EQ(fusedWith("shared-matmul"), 2); // the matmuls, then the biases
  EXPECT_EQ(fusedWith("matmul-epilogue"), 4);
  EXPECT_EQ(fusedWith("residual-norm"), 2);
  EXPECT_EQ(fusions[0].function, "encoder");
  EXPECT_EQ(fusions[0].message, "q kT, softmax, p v and the head transposes "
                                "into mir.attention");
  EXPECT_NE(fusions[0].op.find("encoder.mlir\":30:8"), std::string::npos)
      << fusions[0].op;
  EXPECT_EQ(fusions[1].message,
            "3 matmuls of one input into mir.shared_matmul");
  EXPECT_NE(fusions[1].op.find("encoder.mlir\":27:8"), std::string::npos)
      << fusions[1].op;
  EXPECT_EQ(fusions[2].message, "3 bias adds into mir.shared_matmul");
  EXPECT_NE(fusions[2].op.find("mir.shared_matmul"), std::string::npos)
      << fusions[2].op;

  EXPECT_FALSE(staged.manifest().isOk());
  ASSERT_TRUE(staged.lowerToLIR().isOk());
  std::string lir = staged.moduleText();
  EXPECT_EQ(count(lir, "lir.program @encoder"), 1u);
  auto manifest = staged.manifest();
  ASSERT_TRUE(manifest.isOk());
  EXPECT_EQ(manifest->dispatches.size(), count(lir, "lir.dispatch @"));
  EXPECT_GT(manifest->dispatches.size(), 0u);
  uint64_t flops = 0;
  for (const rlx::Dispatch &d : manifest->dispatches)
    flops += d.flops;
  // Q, K, V, O and the two ff matmuls, plus the two attention batches:
  // 2 * (4 * 128*256*256 + 2 * 128*256*1024 + 2 * 4 * 128*128*64).
  EXPECT_EQ(flops, 2ull * (4ull * 128 * 256 * 256 + 2ull * 128 * 256 * 1024 +
                           2ull * 4 * 128 * 128 * 64));

  auto graph = staged.compile();
  ASSERT_TRUE(graph.isOk()) << graph.status().toString();
  EXPECT_EQ(staged.stage(), rlx::CompileStage::executable);
  EXPECT_EQ(staged.moduleText(), lir);
  rlx::test::bindParams(*graph, rlx::test::kEncoderParams);
  std::vector<float> x = rlx::test::detValues(128 * 256, 1, 1.0);
  auto out = graph->run(
      {rlx::NamedInput::of("x", rlx::TensorView::of(x.data(), {1, 128, 256}))});
  ASSERT_TRUE(out.isOk()) << out.status().toString();
  rlx::test::expectClose((*out)[0], std::string(RLX_SOURCE_DIR) +
                                        "/test/e2e/goldens/encoder_y.npy");

  rlx::Session session;
  auto direct =
      session.compileWith(encoderModel().text, encoderModel().options);
  ASSERT_TRUE(direct.isOk());
  rlx::test::bindParams(*direct, rlx::test::kEncoderParams);
  auto want = direct->run(
      {rlx::NamedInput::of("x", rlx::TensorView::of(x.data(), {1, 128, 256}))});
  ASSERT_TRUE(want.isOk());
  EXPECT_EQ((*out)[0].bytes, (*want)[0].bytes);
}

TEST(StagedCompile, StagesOutOfOrderAndAfterAFailure) {
  rlx::StagedCompile staged;
  rlx::Status early = staged.optimize();
  EXPECT_EQ(early.code(), rlx::StatusCode::failed_precondition);
  EXPECT_EQ(early.message(),
            "optimize needs the mir stage; the compile is at 'none' (call "
            "load, again after a failed stage)");
  rlx::Model unbound = encoderModel();
  unbound.options.dims.clear();
  ASSERT_TRUE(staged.load(unbound).isOk());
  EXPECT_EQ(staged.lowerToLIR().message(),
            "lowerToLIR needs the optimized-mir stage; the compile is at "
            "'hir'");
  ASSERT_TRUE(staged.lowerToMIR().isOk());
  rlx::Status failed = staged.optimize();
  EXPECT_EQ(failed.code(), rlx::StatusCode::invalid_argument);
  EXPECT_NE(failed.message().find("symbol 'batch'"), std::string::npos)
      << failed.message();
  EXPECT_EQ(staged.stage(), rlx::CompileStage::none);
  EXPECT_EQ(staged.compile().status().code(),
            rlx::StatusCode::failed_precondition);
  // load starts over.
  ASSERT_TRUE(staged.load(encoderModel()).isOk());
  ASSERT_TRUE(staged.lowerToMIR().isOk());
  EXPECT_TRUE(staged.optimize().isOk());
  rlx::Status bad =
      staged.load(rlx::Model::fromText("func.func @f(", "x.mlir"));
  EXPECT_EQ(bad.code(), rlx::StatusCode::invalid_argument);
  EXPECT_EQ(staged.stage(), rlx::CompileStage::none);
}

} // namespace
