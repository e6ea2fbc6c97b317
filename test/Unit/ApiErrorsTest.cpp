//===- ApiErrorsTest.cpp - RELIABILITY.md's compile/run/session rows ------===//
//
// Each bad input returns the named status code with a message naming the
// culprit, and the same Session / CompiledGraph accepts the next valid call.
//
//===----------------------------------------------------------------------===//
#include "rlx/Session.h"

#include <gtest/gtest.h>

#include <cmath>

#include <string>

namespace {

const char *kScale = R"(
func.func @scale(%x: tensor<4xf32> {hir.name = "x"}) -> (tensor<4xf32> {hir.name = "y"}) {
  %w = hir.param "w" : tensor<4xf32>
  %y = hir.binary mul %x, %w : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
)";

/// Expects `status` to have `code` and contain `fragment`.
void expectError(const rlx::Status &status, rlx::StatusCode code,
                 const std::string &fragment) {
  EXPECT_EQ(status.code(), code) << status.toString();
  EXPECT_NE(status.message().find(fragment), std::string::npos)
      << "message: " << status.message() << "\nwanted: " << fragment;
}

/// The session still compiles and runs a valid model correctly.
void expectStillWorks(rlx::Session &session) {
  auto graph = session.compile(kScale);
  ASSERT_TRUE(graph.isOk()) << graph.status().toString();
  float w[4] = {1, 2, 3, 4}, x[4] = {2, 2, 2, 2};
  ASSERT_TRUE(graph->setParam("w", w, 4).isOk());
  auto out = graph->run({{"x", x, sizeof(x)}});
  ASSERT_TRUE(out.isOk()) << out.status().toString();
  EXPECT_EQ((*out)[0].floats()[3], 8.0f);
}

TEST(CompileErrors, EmptyText) {
  rlx::Session s;
  expectError(s.compile("  \n").status(), rlx::StatusCode::invalid_argument,
              "empty");
  expectStillWorks(s);
}

TEST(CompileErrors, SyntaxErrorHasLineAndColumn) {
  rlx::Session s;
  expectError(s.compile("func.func @f( {\n").status(),
              rlx::StatusCode::invalid_argument, "<module>:1:");
  expectStillWorks(s);
}

TEST(CompileErrors, UnknownOpIsNamed) {
  rlx::Session s;
  expectError(s.compile("func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
                        "  %y = mir.frobnicate %x : tensor<4xf32>\n"
                        "  return %y : tensor<4xf32>\n}\n")
                  .status(),
              rlx::StatusCode::invalid_argument, "mir.frobnicate");
  expectStillWorks(s);
}

TEST(CompileErrors, DeepNestingIsRefusedBeforeParsing) {
  rlx::Session s;
  std::string text = "func.func @f() {\n";
  for (int i = 0; i < 10000; ++i)
    text += "scf.execute_region {\n";
  expectError(s.compile(text).status(), rlx::StatusCode::resource_exhausted,
              "nests deeper than 256");
  expectStillWorks(s);
}

TEST(CompileErrors, OverflowingShape) {
  rlx::Session s;
  expectError(
      s.compile("func.func @f(%x: tensor<4294967296x4294967296xf32>) -> "
                "tensor<4294967296x4294967296xf32> {\n"
                "  %y = mir.unary relu %x : tensor<4294967296x4294967296xf32>\n"
                "  return %y : tensor<4294967296x4294967296xf32>\n}\n")
          .status(),
      rlx::StatusCode::invalid_argument, "overflows int64");
  expectStillWorks(s);
}

TEST(CompileErrors, DenseConstantSizeMismatch) {
  rlx::Session s;
  expectError(s.compile("func.func @f() -> tensor<2xf32> {\n"
                        "  %c = mir.constant dense<[1.0, 2.0, 3.0]> : "
                        "tensor<2xf32>\n  return %c : tensor<2xf32>\n}\n")
                  .status(),
              rlx::StatusCode::invalid_argument, "does not match type");
  expectStillWorks(s);
}

TEST(CompileErrors, UnboundSymbolIsNamed) {
  rlx::Session s;
  const char *text = R"(
func.func @f(%x: tensor<?x4xf32> {hir.dims = ["batch", 4]}) -> tensor<?x4xf32> {
  %y = hir.activation relu %x : tensor<?x4xf32>
  return %y : tensor<?x4xf32>
})";
  expectError(s.compile(text).status(), rlx::StatusCode::invalid_argument,
              "batch");
  expectStillWorks(s);
}

// A binding of a symbol the model lacks is a misspelling, not a size to
// ignore: for model text and for a graph (whose inputs have no symbols).
TEST(CompileErrors, BindingOfAnUnknownSymbolIsRefused) {
  rlx::Session s;
  const char *text = R"(
func.func @f(%x: tensor<?x4xf32> {hir.dims = ["batch", 4]}) -> tensor<?x4xf32> {
  %y = hir.activation relu %x : tensor<?x4xf32>
  return %y : tensor<?x4xf32>
})";
  rlx::CompileOptions options;
  options.dims = {{"batch", 2}, {"btach", 3}};
  expectError(s.compileWith(text, options).status(),
              rlx::StatusCode::invalid_argument,
              "bind entry 'btach=3': the model has no symbol 'btach' (its "
              "symbols: batch)");
  rlx::Graph g;
  g.setOutputs({{"y", g.relu(g.input("x", rlx::DType::f32, {4}))}});
  rlx::CompileOptions seq;
  seq.dims = {{"seq", 8}};
  expectError(s.compileWith(g, seq).status(),
              rlx::StatusCode::invalid_argument,
              "the model has no symbol 'seq' (its symbols: none)");
  expectStillWorks(s);
}

TEST(CompileErrors, GraphWithoutOutputs) {
  rlx::Session s;
  rlx::Graph g;
  g.input("x", rlx::DType::f32, {4});
  expectError(s.compile(g).status(), rlx::StatusCode::invalid_argument,
              "no outputs");
  expectStillWorks(s);
}

TEST(CompileErrors, DuplicateInputNames) {
  rlx::Session s;
  rlx::Graph g;
  rlx::Tensor a = g.input("x", rlx::DType::f32, {4});
  rlx::Tensor b = g.input("x", rlx::DType::f32, {4});
  g.setOutputs({{"y", g.add(a, b)}});
  expectError(s.compile(g).status(), rlx::StatusCode::invalid_argument,
              "input name 'x'");
  expectStillWorks(s);
}

TEST(CompileErrors, BadGraphShapeNamesTheNode) {
  rlx::Session s;
  rlx::Graph g;
  rlx::Tensor a = g.input("a", rlx::DType::f32, {4, 3});
  rlx::Tensor b = g.input("b", rlx::DType::f32, {5, 2});
  g.setOutputs({{"y", g.matmul(a, b)}});
  // The op's own type inference (hir.matmul C2) gives the reason.
  expectError(s.compile(g).status(), rlx::StatusCode::invalid_argument,
              "graph node 2 (hir.matmul): contraction dims differ: lhs has "
              "K = 3, rhs has K = 5");
  expectStillWorks(s);
}

TEST(CompileErrors, GraphNodeAttributesReachTheTypeInference) {
  rlx::Session s;
  rlx::Graph g;
  rlx::Tensor x = g.input("x", rlx::DType::f32, {2, 3});
  // The permutation is a property of the created op: an inference that did
  // not see it would report a missing attribute instead.
  g.setOutputs({{"y", g.transpose(x, {0, 0})}});
  expectError(s.compile(g).status(), rlx::StatusCode::invalid_argument,
              "graph node 1 (mir.transpose): permutation is not a "
              "permutation of [0, rank)");
  expectStillWorks(s);
}

// concat and slice reach their ops' type inference with their attributes:
// the reason names the mismatch.
TEST(CompileErrors, GraphConcatAndSliceShapesAreChecked) {
  rlx::Session s;
  {
    rlx::Graph g;
    rlx::Tensor a = g.input("a", rlx::DType::f32, {2, 3});
    rlx::Tensor b = g.input("b", rlx::DType::f32, {2, 4});
    g.setOutputs({{"y", g.concat({a, b}, 0)}});
    expectError(s.compile(g).status(), rlx::StatusCode::invalid_argument,
                "graph node 2 (mir.concat): input 1 dim 1 is 4 but an earlier "
                "input's is 3");
  }
  {
    rlx::Graph g;
    rlx::Tensor a = g.input("a", rlx::DType::f32, {4, 3});
    g.setOutputs({{"y", g.slice(a, {2, 0}, {3, 3})}});
    expectError(s.compile(g).status(), rlx::StatusCode::invalid_argument,
                "graph node 1 (mir.slice): dim 0: window [2, 4] is outside "
                "the input dim of size 4");
  }
  {
    rlx::Graph g;
    rlx::Tensor a = g.input("a", rlx::DType::f32, {4, 3});
    g.setOutputs({{"y", g.slice(a, {0}, {4, 3})}});
    expectError(s.compile(g).status(), rlx::StatusCode::invalid_argument,
                "graph node 1 (mir.slice): offsets, sizes and strides must "
                "each have 2 entries (the input rank)");
  }
  expectStillWorks(s);
}

TEST(CompileErrors, GraphEnumValueOutOfRangeIsNamed) {
  rlx::Session s;
  rlx::Graph g;
  rlx::Tensor x = g.input("x", rlx::DType::f32, {4});
  // A number no rlx::UnaryKind has (an int cast to the enum).
  g.setOutputs({{"y", g.unary(static_cast<rlx::UnaryKind>(99), x)}});
  expectError(s.compile(g).status(), rlx::StatusCode::invalid_argument,
              "graph node 1 (hir.activation): unknown kind 99");
  expectStillWorks(s);
}

// Each public enum value reaches the IR as the same kind: the printed
// activation keyword of every rlx::Activation and rlx::UnaryKind value.
TEST(CompileErrors, GraphEnumValuesAreTheIRKinds) {
  rlx::Session s;
  rlx::Graph g;
  rlx::Tensor x = g.input("x", rlx::DType::f32, {4});
  rlx::Tensor w = g.param("w", rlx::DType::f32, {4, 4});
  g.setOutputs({{"y", g.linear(g.unary(rlx::UnaryKind::round, x), w, {},
                               rlx::Activation::gelu_tanh)}});
  auto graph = s.compileWith(g, [] {
    rlx::CompileOptions o;
    o.fuse = false;
    return o;
  }());
  ASSERT_TRUE(graph.isOk()) << graph.status().toString();
  float wv[16] = {}, xv[4] = {0.4f, 1.6f, -2.5f, 3.5f};
  for (int i = 0; i < 4; ++i)
    wv[i * 5] = 1.0f; // identity
  ASSERT_TRUE(graph->setParam("w", wv, 16).isOk());
  auto out = graph->run({{"x", xv, sizeof(xv)}});
  ASSERT_TRUE(out.isOk()) << out.status().toString();
  // gelu_tanh(round(x)): round(0.4) = 0, round(1.6) = 2, round(-2.5) = -2
  // (ties to even), round(3.5) = 4.
  auto geluTanh = [](double v) {
    return 0.5 * v *
           (1 + std::tanh(0.7978845608028654 * (v + 0.044715 * v * v * v)));
  };
  const double want[4] = {geluTanh(0), geluTanh(2), geluTanh(-2), geluTanh(4)};
  for (int i = 0; i < 4; ++i)
    EXPECT_NEAR((*out)[0].floats()[i], want[i], 1e-5) << "element " << i;
}

TEST(CompileErrors, OpTheTargetLacksNamesOpAndTarget) {
  rlx::Session s;
  // The module names its target: the claims-only "test" set has no topk.
  const char *text = R"(
module attributes {rlx.target = #rlx.target<"test">} {
func.func @f(%x: tensor<4x8xf32>) -> tensor<4x2xf32> {
  %v, %i = mir.topk %x k = 2 axis = -1 : tensor<4x8xf32> -> tensor<4x2xf32>, tensor<4x2xi64>
  return %v : tensor<4x2xf32>
}
})";
  expectError(s.compile(text).status(), rlx::StatusCode::unimplemented,
              "'mir.topk' is not supported by target 'test'");
  expectStillWorks(s);
}

TEST(CompileErrors, GraphOperandMustBeAnEarlierValue) {
  rlx::Session s;
  rlx::Graph g;
  rlx::Tensor x = g.input("x", rlx::DType::f32, {4});
  // Node 1 reads node 2, which comes after it: no cycles can be built.
  rlx::Tensor y = g.add(x, rlx::Tensor{2, 0});
  g.setOutputs({{"y", g.relu(y)}});
  expectError(s.compile(g).status(), rlx::StatusCode::invalid_argument,
              "graph node 1 (hir.binary): operand refers to node 2");
  expectStillWorks(s);
}

TEST(SessionErrors, UnavailableDevice) {
  rlx::Session s(rlx::Device::cuda);
  expectError(s.compile(kScale).status(), rlx::StatusCode::unavailable,
              "device 'cuda' has no backend in rlx");
  rlx::Session cpu;
  expectStillWorks(cpu);
}

class RunErrors : public ::testing::Test {
protected:
  void SetUp() override {
    auto compiled = session.compile(kScale);
    ASSERT_TRUE(compiled.isOk()) << compiled.status().toString();
    graph = std::make_unique<rlx::CompiledGraph>(std::move(*compiled));
  }
  void bind() { ASSERT_TRUE(graph->setParam("w", w, 4).isOk()); }
  void expectRunWorks() {
    bind();
    auto out = graph->run({{"x", x, sizeof(x)}});
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    EXPECT_EQ((*out)[0].floats()[0], 2.0f);
  }
  rlx::Session session;
  std::unique_ptr<rlx::CompiledGraph> graph;
  float w[4] = {1, 2, 3, 4};
  float x[4] = {2, 2, 2, 2};
};

TEST_F(RunErrors, UnknownInputName) {
  bind();
  expectError(graph->run({{"z", x, sizeof(x)}}).status(),
              rlx::StatusCode::not_found, "no input named 'z'");
  expectRunWorks();
}

TEST_F(RunErrors, MissingInput) {
  bind();
  expectError(graph->run({}).status(), rlx::StatusCode::invalid_argument,
              "input 'x' is missing");
  expectRunWorks();
}

TEST_F(RunErrors, InputGivenTwice) {
  bind();
  expectError(graph->run({{"x", x, sizeof(x)}, {"x", x, sizeof(x)}}).status(),
              rlx::StatusCode::invalid_argument, "more than once");
  expectRunWorks();
}

TEST_F(RunErrors, WrongElementCount) {
  bind();
  expectError(graph->run({{"x", x, 12}}).status(),
              rlx::StatusCode::invalid_argument,
              "input 'x' needs 4 elements (16 bytes), got 12 bytes");
  expectRunWorks();
}

TEST_F(RunErrors, WrongDtype) {
  bind();
  expectError(graph->run({{"x", x, sizeof(x), rlx::DType::i32}}).status(),
              rlx::StatusCode::invalid_argument, "has dtype f32, got i32");
  expectRunWorks();
}

TEST_F(RunErrors, NullDataWithSize) {
  bind();
  expectError(graph->run({{"x", nullptr, sizeof(x)}}).status(),
              rlx::StatusCode::invalid_argument, "null data pointer");
  expectRunWorks();
}

TEST_F(RunErrors, ParamNeverBound) {
  expectError(graph->run({{"x", x, sizeof(x)}}).status(),
              rlx::StatusCode::not_found, "parameter 'w' was never bound");
  expectRunWorks();
}

TEST_F(RunErrors, ParamWrongSizeOrDtypeOrName) {
  expectError(graph->setParam("w", w, 3), rlx::StatusCode::invalid_argument,
              "param 'w' needs 4 elements");
  expectError(graph->setParamTyped("w", w, 16, rlx::DType::i32),
              rlx::StatusCode::invalid_argument, "has dtype f32, got i32");
  expectError(graph->setParam("v", w, 4), rlx::StatusCode::not_found,
              "no param named 'v'");
  expectRunWorks();
}

TEST_F(RunErrors, RunSlotsChecksCount) {
  bind();
  expectError(graph->runSlots({}).status(), rlx::StatusCode::invalid_argument,
              "runSlots got 0 inputs, the graph has 1");
  auto views = graph->runSlots({x});
  ASSERT_TRUE(views.isOk()) << views.status().toString();
  EXPECT_EQ(static_cast<const float *>((*views)[0].data)[1], 4.0f);
}

} // namespace
