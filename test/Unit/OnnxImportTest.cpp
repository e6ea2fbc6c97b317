//===- OnnxImportTest.cpp - ONNX models through the API -------------------===//
//
// Models written in ONNX's text syntax (onnx::OnnxParser), so no binary
// fixture is committed: compiled through Session and checked against naive
// references, and hostile models (docs/ONNX.md, "What the loader
// promises"), each a clean error naming its culprit after which the
// Session still works. Built with -fexceptions for ONNX's headers.
//
//===----------------------------------------------------------------------===//
#include "rlx/Onnx.h"
#include "rlx/Session.h"

#include "onnx/defs/parser.h"
#include "onnx/onnx_pb.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <random>
#include <sys/stat.h>
#include <unistd.h>

namespace {

/// The serialized model of ONNX text `text` (the parser's error fails the
/// test).
std::string modelBytes(const char *text) {
  onnx::ModelProto model;
  onnx::Status status = onnx::OnnxParser::Parse(model, text);
  EXPECT_TRUE(status.IsOK()) << status.ErrorMessage();
  std::string bytes;
  model.SerializeToString(&bytes);
  return bytes;
}

onnx::ModelProto modelProto(const char *text) {
  onnx::ModelProto model;
  onnx::Status status = onnx::OnnxParser::Parse(model, text);
  EXPECT_TRUE(status.IsOK()) << status.ErrorMessage();
  return model;
}

std::string serialize(const onnx::ModelProto &model) {
  std::string bytes;
  model.SerializeToString(&bytes);
  return bytes;
}

rlx::Expected<rlx::OnnxModel> fromText(const char *text) {
  return rlx::OnnxModel::fromBytes(modelBytes(text), "test.onnx");
}

/// The message of a failed Expected (empty if it succeeded).
template <typename T> std::string errorOf(const rlx::Expected<T> &e) {
  return e ? std::string() : e.status().message();
}

std::vector<float> randomFloats(size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::vector<float> v(n);
  for (float &x : v)
    x = u(rng);
  return v;
}

/// A temporary directory removed with everything in it.
struct TempDir {
  std::string path;
  TempDir() {
    char tmpl[] = "/tmp/rlx-onnx-XXXXXX";
    path = mkdtemp(tmpl);
  }
  ~TempDir() { std::system(("rm -rf '" + path + "'").c_str()); }
  void write(const std::string &name, const std::string &bytes) const {
    std::ofstream(path + "/" + name, std::ios::binary) << bytes;
  }
};

// A Gemm (transB, as torch writes nn.Linear) + Relu + MatMul model whose
// weights are initializers: compiled, its params set from them, it matches
// a naive reference.
TEST(OnnxImport, InitializersAreParamsSetWhenCompiled) {
  const char *text = R"(
<ir_version: 8, opset_import: ["" : 13]>
mlp (float[N, 4] x) => (float[N, 2] y)
<float[3, 4] w1 = {0.1, -0.2, 0.3, 0.4, 0.5, -0.6, 0.7, 0.8, -0.9, 1.0, 1.1, -1.2},
 float[3] b1 = {0.01, -0.02, 0.03},
 float[3, 2] w2 = {1.0, -1.0, 0.5, 0.25, -0.5, 2.0},
 float scale = {2.0}> {
  h = Gemm <transB = 1> (x, w1, b1)
  r = Relu(h)
  m = MatMul(r, w2)
  y = Mul(m, scale)
}
)";
  rlx::Expected<rlx::OnnxModel> model = fromText(text);
  ASSERT_TRUE(model) << errorOf(model);
  // Float tensors of more than one element are params; a scalar is a
  // constant of the code.
  EXPECT_EQ(model->paramNames(),
            (std::vector<std::string>{"w1", "b1", "w2"}));
  EXPECT_EQ(model->opset(), 13);
  rlx::Session session;
  rlx::CompileOptions options;
  options.dims = {{"N", 5}};
  rlx::Expected<rlx::CompiledGraph> graph = session.compileWith(*model, options);
  ASSERT_TRUE(graph) << errorOf(graph);
  std::vector<float> x = randomFloats(20, 1);
  auto out = graph->run({{"x", x.data(), x.size() * 4}});
  ASSERT_TRUE(out) << out.status().message();
  const float w1[3][4] = {{0.1f, -0.2f, 0.3f, 0.4f},
                          {0.5f, -0.6f, 0.7f, 0.8f},
                          {-0.9f, 1.0f, 1.1f, -1.2f}};
  const float b1[3] = {0.01f, -0.02f, 0.03f};
  const float w2[3][2] = {{1.0f, -1.0f}, {0.5f, 0.25f}, {-0.5f, 2.0f}};
  ASSERT_EQ((*out)[0].shape, (std::vector<int64_t>{5, 2}));
  for (int n = 0; n < 5; ++n) {
    double h[3];
    for (int j = 0; j < 3; ++j) {
      double s = b1[j];
      for (int k = 0; k < 4; ++k)
        s += x[n * 4 + k] * w1[j][k];
      h[j] = std::max(s, 0.0);
    }
    for (int o = 0; o < 2; ++o) {
      double y = 0;
      for (int j = 0; j < 3; ++j)
        y += h[j] * w2[j][o];
      EXPECT_NEAR((*out)[0].floats()[n * 2 + o], 2 * y, 1e-5) << n << "," << o;
    }
  }
}

// Shape arithmetic as torch writes it for attention (Shape, Gather, Div,
// Unsqueeze, Concat, Reshape) folds once the symbolic dim is bound; while it
// is not, the error says which dims to bind.
TEST(OnnxImport, ShapeArithmeticFoldsOnceDimsAreBound) {
  const char *text = R"(
<ir_version: 8, opset_import: ["" : 13]>
heads (float[B, S, 8] x) => (float[B, S, 2, 4] y) {
  shape = Shape(x)
  i0 = Constant <value = int64 {0}> ()
  i1 = Constant <value = int64 {1}> ()
  b = Gather(shape, i0)
  s = Gather(shape, i1)
  two = Constant <value = int64 {2}> ()
  eight = Constant <value = int64 {8}> ()
  d = Div(eight, two)
  ax = Constant <value = int64[1] {0}> ()
  b1 = Unsqueeze(b, ax)
  s1 = Unsqueeze(s, ax)
  d1 = Unsqueeze(d, ax)
  h = Constant <value = int64[1] {2}> ()
  target = Concat <axis = 0> (b1, s1, h, d1)
  y = Reshape(x, target)
}
)";
  rlx::Expected<rlx::OnnxModel> model = fromText(text);
  ASSERT_TRUE(model) << errorOf(model);
  rlx::Session session;
  auto unbound = session.compile(*model);
  ASSERT_FALSE(unbound);
  EXPECT_NE(unbound.status().message().find(
                "node with output 'shape' (Shape, opset 13 lifted to 17)"),
            std::string::npos)
      << unbound.status().message();
  EXPECT_NE(unbound.status().message().find("bind the model's symbolic dims "
                                            "(B, S)"),
            std::string::npos)
      << unbound.status().message();
  rlx::CompileOptions options;
  options.dims = {{"B", 2}, {"S", 3}};
  auto graph = session.compileWith(*model, options);
  ASSERT_TRUE(graph) << errorOf(graph);
  std::vector<float> x = randomFloats(48, 2);
  auto out = graph->run({{"x", x.data(), x.size() * 4}});
  ASSERT_TRUE(out) << out.status().message();
  EXPECT_EQ((*out)[0].shape, (std::vector<int64_t>{2, 3, 2, 4}));
  for (size_t i = 0; i < x.size(); ++i)
    EXPECT_EQ((*out)[0].floats()[i], x[i]);
  // A binding of a dim the model does not have is an error, not ignored.
  options.dims = {{"B", 2}, {"seq", 3}};
  auto misspelled = session.compileWith(*model, options);
  ASSERT_FALSE(misspelled);
  EXPECT_NE(misspelled.status().message().find(
                "the model has no symbolic dim 'seq' to bind (its symbolic "
                "dims: B, S)"),
            std::string::npos)
      << misspelled.status().message();
}

// Symbolic dims the shape arithmetic does not read stay symbolic: the
// module binds them like any other (CompileOptions::dims).
TEST(OnnxImport, SymbolicDimsStaySymbolic) {
  const char *text = R"(
<ir_version: 8, opset_import: ["" : 17]>
g (float[batch, 3] x) => (float[batch, 3] y) {
  y = Sigmoid(x)
}
)";
  rlx::Expected<rlx::OnnxModel> model = fromText(text);
  ASSERT_TRUE(model) << errorOf(model);
  ASSERT_EQ(model->inputs().size(), 1u);
  EXPECT_EQ(model->inputs()[0].shape, (std::vector<int64_t>{-1, 3}));
  EXPECT_EQ(model->inputs()[0].symbols,
            (std::vector<std::string>{"batch", ""}));
  rlx::Session session;
  auto unbound = session.compile(*model);
  ASSERT_FALSE(unbound);
  EXPECT_NE(unbound.status().message().find("batch"), std::string::npos)
      << unbound.status().message();
  rlx::CompileOptions options;
  options.dims = {{"batch", 2}};
  auto graph = session.compileWith(*model, options);
  ASSERT_TRUE(graph) << errorOf(graph);
  std::vector<float> x = {-2, -1, 0, 1, 2, 3};
  auto out = graph->run({{"x", x.data(), x.size() * 4}});
  ASSERT_TRUE(out) << out.status().message();
  for (size_t i = 0; i < x.size(); ++i)
    EXPECT_NEAR((*out)[0].floats()[i], 1.0 / (1.0 + std::exp(-x[i])), 1e-6);
}

// An input that determines a shape is bound as a compile-time constant:
// compileTimeInputs names it, a compile without it says how to bind it, a
// constant of the wrong type or an unknown name is an error.
TEST(OnnxImport, ShapeInputsBindAsConstants) {
  const char *text = R"(
<ir_version: 8, opset_import: ["" : 13]>
g (float[2, 6] x, int64[2] shape) => (float[3, 4] y) {
  y = Reshape(x, shape)
}
)";
  rlx::Expected<rlx::OnnxModel> model = fromText(text);
  ASSERT_TRUE(model) << errorOf(model);
  EXPECT_EQ(model->compileTimeInputs(), (std::vector<std::string>{"shape"}));
  rlx::Session session;
  auto unbound = session.compile(*model);
  ASSERT_FALSE(unbound);
  EXPECT_NE(unbound.status().message().find(
                "input 1 ('shape', the shape) must be known at compile time, "
                "but it is computed from graph input 'shape'"),
            std::string::npos)
      << unbound.status().message();
  rlx::CompileOptions options;
  int64_t shape[2] = {3, 4};
  std::vector<uint8_t> bytes(reinterpret_cast<uint8_t *>(shape),
                             reinterpret_cast<uint8_t *>(shape) + 16);
  options.constants = {{"shape", rlx::DType::i64, {2}, bytes}};
  auto graph = session.compileWith(*model, options);
  ASSERT_TRUE(graph) << errorOf(graph);
  // The bound input is no input of the compiled graph.
  EXPECT_EQ(graph->manifest().slotsWithRole(rlx::SlotRole::input).size(), 1u);
  std::vector<float> x = randomFloats(12, 3);
  auto out = graph->run({{"x", x.data(), x.size() * 4}});
  ASSERT_TRUE(out) << out.status().message();
  EXPECT_EQ((*out)[0].shape, (std::vector<int64_t>{3, 4}));

  options.constants = {{"shape", rlx::DType::i32, {2}, {0, 0, 0, 3, 0, 0, 0, 4}}};
  auto wrongType = session.compileWith(*model, options);
  ASSERT_FALSE(wrongType);
  EXPECT_NE(wrongType.status().message().find(
                "constant input 'shape' is i32 [2], the model declares i64 "
                "[2]"),
            std::string::npos)
      << wrongType.status().message();
  options.constants = {{"shapes", rlx::DType::i64, {2}, bytes}};
  auto unknown = session.compileWith(*model, options);
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.status().code(), rlx::StatusCode::not_found);
  EXPECT_NE(unknown.status().message().find(
                "the model has no input 'shapes' to bind as a constant (its "
                "inputs: x, shape)"),
            std::string::npos)
      << unknown.status().message();
  // A constant for a model given as MLIR text is refused.
  auto text2 = session.compileWith("func.func @f() { return }", options);
  ASSERT_FALSE(text2);
  EXPECT_NE(text2.status().message().find("binds inputs of ONNX models"),
            std::string::npos);
}

// UINT8 data is i8 in the compiled graph, computed unsigned: 200 / 3 and
// max(200, 100) as unsigned bytes.
TEST(OnnxImport, UnsignedIntegers) {
  const char *text = R"(
<ir_version: 8, opset_import: ["" : 13]>
g (uint8[2] a, uint8[2] b) => (uint8[2] q, uint8[2] m, bool[2] lt, float[2] f) {
  q = Div(a, b)
  m = Max(a, b)
  lt = Less(a, b)
  f = Cast <to = 1> (a)
}
)";
  rlx::Expected<rlx::OnnxModel> model = fromText(text);
  ASSERT_TRUE(model) << errorOf(model);
  EXPECT_TRUE(model->inputs()[0].isUnsigned);
  EXPECT_EQ(model->inputs()[0].dtype, rlx::DType::i8);
  rlx::Session session;
  auto graph = session.compile(*model);
  ASSERT_TRUE(graph) << errorOf(graph);
  uint8_t a[2] = {200, 7}, b[2] = {3, 250};
  auto out = graph->run({{"a", a, 2, rlx::DType::i8}, {"b", b, 2, rlx::DType::i8}});
  ASSERT_TRUE(out) << out.status().message();
  EXPECT_EQ((*out)[0].bytes, (std::vector<uint8_t>{66, 0}));
  EXPECT_EQ((*out)[1].bytes, (std::vector<uint8_t>{200, 250}));
  EXPECT_EQ((*out)[2].bytes, (std::vector<uint8_t>{0, 1}));
  EXPECT_EQ((*out)[3].floats()[0], 200.0f);
  EXPECT_EQ((*out)[3].floats()[1], 7.0f);
}

//===----------------------------------------------------------------------===//
// Hostile and broken models: a clean error naming the culprit, and the next
// valid call works.
//===----------------------------------------------------------------------===//

struct Broken : ::testing::Test {
  rlx::Session session;
  void expectStillWorks() {
    rlx::Expected<rlx::OnnxModel> ok = fromText(R"(
<ir_version: 8, opset_import: ["" : 17]>
g (float[2] x) => (float[2] y) { y = Neg(x) }
)");
    ASSERT_TRUE(ok) << errorOf(ok);
    auto graph = session.compile(*ok);
    ASSERT_TRUE(graph) << errorOf(graph);
    float x[2] = {1, -2};
    auto out = graph->run({{"x", x, 8}});
    ASSERT_TRUE(out);
    EXPECT_EQ((*out)[0].floats()[1], 2.0f);
  }
};

TEST_F(Broken, NotAModel) {
  for (std::string bytes :
       {std::string(), std::string("\x08\x07\x12", 3),
        std::string("func.func @f() { return }"), std::string(1000, '\xff')}) {
    auto model = rlx::OnnxModel::fromBytes(bytes, "bad.onnx");
    ASSERT_FALSE(model);
    EXPECT_EQ(model.status().code(), rlx::StatusCode::invalid_argument);
    EXPECT_NE(model.status().message().find("bad.onnx: "), std::string::npos)
        << model.status().message();
  }
  expectStillWorks();
}

TEST_F(Broken, TruncatedModel) {
  std::string bytes = modelBytes(R"(
<ir_version: 8, opset_import: ["" : 17]>
g (float[2] x) => (float[2] y) { y = Neg(x) }
)");
  for (size_t keep : {bytes.size() / 2, bytes.size() - 1}) {
    auto model = rlx::OnnxModel::fromBytes(bytes.substr(0, keep), "cut.onnx");
    ASSERT_FALSE(model) << keep;
    EXPECT_NE(model.status().message().find("cut.onnx"), std::string::npos);
  }
  expectStillWorks();
}

TEST_F(Broken, CheckerMessageIsQuoted) {
  // 'z' is no graph input nor the output of an earlier node.
  auto model = fromText(R"(
<ir_version: 8, opset_import: ["" : 17]>
g (float[2] x) => (float[2] y) { y = Add(x, z) }
)");
  ASSERT_FALSE(model);
  EXPECT_NE(model.status().message().find(
                "test.onnx: the ONNX checker refused the model: "),
            std::string::npos)
      << model.status().message();
  EXPECT_NE(model.status().message().find("z"), std::string::npos);
  expectStillWorks();
}

TEST_F(Broken, CycleIsRefused) {
  auto model = fromText(R"(
<ir_version: 8, opset_import: ["" : 17]>
g (float[2] x) => (float[2] y) {
  a = Add(x, b)
  b = Neg(a)
  y = Identity(b)
}
)");
  ASSERT_FALSE(model);
  EXPECT_NE(model.status().message().find("the ONNX checker refused"),
            std::string::npos)
      << model.status().message();
  expectStillWorks();
}

TEST_F(Broken, WrongOperandTypesNameTheNode) {
  auto model = fromText(R"(
<ir_version: 8, opset_import: ["" : 17]>
g (float[2] x, int64[2] i) => (float[2] y) { y = Add(x, i) }
)");
  // The checker does not type-check; the importer does.
  if (model) {
    auto graph = session.compile(*model);
    ASSERT_FALSE(graph);
    EXPECT_NE(graph.status().message().find(
                  "node with output 'y' (Add, opset 17): the operands have "
                  "different element types"),
              std::string::npos)
        << graph.status().message();
  }
  expectStillWorks();
}

TEST_F(Broken, UnsupportedOpNamesNodeTypeAndOpset) {
  auto model = fromText(R"(
<ir_version: 8, opset_import: ["" : 14]>
g (float[2, 3] x) => (float[2, 3] y) { y = Einsum <equation = "ij->ij"> (x) }
)");
  ASSERT_TRUE(model) << errorOf(model);
  auto graph = session.compile(*model);
  ASSERT_FALSE(graph);
  EXPECT_EQ(graph.status().code(), rlx::StatusCode::unimplemented);
  EXPECT_NE(graph.status().message().find(
                "test.onnx: node with output 'y' (Einsum, opset 14 lifted to "
                "17): op type 'Einsum' is not supported"),
            std::string::npos)
      << graph.status().message();
  expectStillWorks();
}

// ONNX names may hold any bytes; messages quote them escaped, so a file
// cannot write a terminal escape sequence through an error.
TEST_F(Broken, NamesInMessagesAreEscaped) {
  onnx::ModelProto proto = modelProto(R"(
<ir_version: 8, opset_import: ["" : 14]>
g (float[2, 3] x) => (float[2, 3] y) { y = Einsum <equation = "ij->ij"> (x) }
)");
  proto.mutable_graph()->mutable_node(0)->set_name("n\x1b[2J");
  proto.mutable_graph()->mutable_node(0)->set_op_type("Einsum\x07");
  auto model = rlx::OnnxModel::fromBytes(serialize(proto), "test\x1b.onnx");
  std::string message =
      model ? session.compile(*model).status().message() : errorOf(model);
  EXPECT_EQ(message.find('\x1b'), std::string::npos) << message;
  EXPECT_EQ(message.find('\x07'), std::string::npos) << message;
  EXPECT_NE(message.find("test\\x1b.onnx"), std::string::npos) << message;
  EXPECT_NE(message.find("Einsum\\x07"), std::string::npos) << message;
  expectStillWorks();
}

// A graph output no node, input or initializer defines: ONNX 1.12's checker
// passes it and its version converter crashes on it (found by
// rlx-fuzz-onnx: corpus/onnx/regress-undefined-graph-output.onnx).
TEST_F(Broken, UndefinedGraphOutputIsRefusedBeforeConversion) {
  onnx::ModelProto proto = modelProto(R"(
<ir_version: 7, opset_import: ["" : 13]>
g (float[6] x) => (float[2] a, float[2] b) { a, c = Split <axis = 0> (x) }
)");
  std::string message =
      errorOf(rlx::OnnxModel::fromBytes(serialize(proto), "test.onnx"));
  EXPECT_EQ(message, "test.onnx: graph output 'b' is no input, initializer "
                     "or node output")
      << message;
  expectStillWorks();
}

TEST_F(Broken, OtherDomainIsUnsupported) {
  auto model = fromText(R"(
<ir_version: 8, opset_import: ["" : 17, "com.example" : 1]>
g (float[2] x) => (float[2] y) { y = com.example.Magic(x) }
)");
  ASSERT_TRUE(model) << errorOf(model);
  auto graph = session.compile(*model);
  ASSERT_FALSE(graph);
  EXPECT_NE(graph.status().message().find(
                "domain 'com.example' is not supported"),
            std::string::npos)
      << graph.status().message();
  expectStillWorks();
}

TEST_F(Broken, NewerOpsetAndIrVersion) {
  onnx::ModelProto m = modelProto(R"(
<ir_version: 8, opset_import: ["" : 17]>
g (float[2] x) => (float[2] y) { y = Neg(x) }
)");
  m.mutable_opset_import(0)->set_version(18);
  auto newer = rlx::OnnxModel::fromBytes(serialize(m), "m.onnx");
  ASSERT_FALSE(newer);
  EXPECT_EQ(newer.status().code(), rlx::StatusCode::unimplemented);
  EXPECT_NE(newer.status().message().find(
                "m.onnx: opset 18 is newer than rlx implements (opsets 1 to "
                "17"),
            std::string::npos)
      << newer.status().message();
  m.mutable_opset_import(0)->set_version(17);
  m.set_ir_version(9);
  auto ir = rlx::OnnxModel::fromBytes(serialize(m), "m.onnx");
  ASSERT_FALSE(ir);
  EXPECT_EQ(ir.status().code(), rlx::StatusCode::incompatible);
  EXPECT_NE(ir.status().message().find("IR version 9 is newer than rlx reads"),
            std::string::npos)
      << ir.status().message();
  expectStillWorks();
}

TEST_F(Broken, HugeDims) {
  auto model = fromText(R"(
<ir_version: 8, opset_import: ["" : 17]>
g (float[4611686018427387904, 4] x) => (float[4611686018427387904, 4] y) {
  y = Neg(x)
}
)");
  ASSERT_TRUE(model) << errorOf(model);
  auto graph = session.compile(*model);
  ASSERT_FALSE(graph);
  EXPECT_NE(graph.status().message().find(
                "graph input 'x' has more elements than int64 counts"),
            std::string::npos)
      << graph.status().message();
  expectStillWorks();
}

TEST_F(Broken, NonTensorInput) {
  onnx::ModelProto m = modelProto(R"(
<ir_version: 8, opset_import: ["" : 17]>
g (float[2] x) => (float[2] y) { y = Neg(x) }
)");
  auto *input = m.mutable_graph()->mutable_input(0);
  input->mutable_type()->mutable_sequence_type()->mutable_elem_type()->mutable_tensor_type()->set_elem_type(1);
  auto model = rlx::OnnxModel::fromBytes(serialize(m), "seq.onnx");
  ASSERT_FALSE(model);
  EXPECT_NE(model.status().message().find("graph input 'x' is not a tensor"),
            std::string::npos)
      << model.status().message();
  expectStillWorks();
}

TEST_F(Broken, InitializerSizeMismatch) {
  onnx::ModelProto m = modelProto(R"(
<ir_version: 8, opset_import: ["" : 17]>
g (float[2] x) => (float[2] y) <float[2] w = {1.0, 2.0}> { y = Add(x, w) }
)");
  m.mutable_graph()->mutable_initializer(0)->clear_float_data();
  m.mutable_graph()->mutable_initializer(0)->set_raw_data(std::string(12, 'a'));
  auto model = rlx::OnnxModel::fromBytes(serialize(m), "w.onnx");
  ASSERT_FALSE(model);
  EXPECT_NE(model.status().message().find(
                "tensor 'w' has 12 bytes of raw data, its type and dims need "
                "8"),
            std::string::npos)
      << model.status().message();
  expectStillWorks();
}

//===----------------------------------------------------------------------===//
// External data
//===----------------------------------------------------------------------===//

/// The model `y = x + w` whose initializer w (float[4]) is stored at
/// `location` with the given offset and length entries.
onnx::ModelProto externalModel(const std::string &location,
                               const std::string &offset = "",
                               const std::string &length = "") {
  onnx::ModelProto m = modelProto(R"(
<ir_version: 8, opset_import: ["" : 17]>
g (float[4] x) => (float[4] y) <float[4] w = {0.0, 0.0, 0.0, 0.0}> {
  y = Add(x, w)
}
)");
  onnx::TensorProto *w = m.mutable_graph()->mutable_initializer(0);
  w->clear_float_data();
  w->set_data_location(onnx::TensorProto::EXTERNAL);
  auto add = [&](const char *key, const std::string &value) {
    auto *entry = w->add_external_data();
    entry->set_key(key);
    entry->set_value(value);
  };
  add("location", location);
  if (!offset.empty())
    add("offset", offset);
  if (!length.empty())
    add("length", length);
  return m;
}

std::string floatBytes(std::vector<float> v) {
  return std::string(reinterpret_cast<const char *>(v.data()), v.size() * 4);
}

TEST_F(Broken, ExternalDataIsMappedFromTheModelsDirectory) {
  TempDir dir;
  // 8 bytes of padding, then the weights.
  dir.write("weights.bin", std::string(8, '\0') + floatBytes({1, 2, 3, 4}));
  dir.write("model.onnx", serialize(externalModel("weights.bin", "8", "16")));
  auto model = rlx::OnnxModel::readFile(dir.path + "/model.onnx");
  ASSERT_TRUE(model) << errorOf(model);
  auto graph = session.compile(*model);
  ASSERT_TRUE(graph) << errorOf(graph);
  float x[4] = {10, 20, 30, 40};
  auto out = graph->run({{"x", x, 16}});
  ASSERT_TRUE(out);
  EXPECT_EQ((*out)[0].floats()[0], 11.0f);
  EXPECT_EQ((*out)[0].floats()[3], 44.0f);
}

TEST_F(Broken, ExternalDataOutsideTheDirectoryIsRefused) {
  TempDir dir;
  dir.write("weights.bin", floatBytes({1, 2, 3, 4}));
  mkdir((dir.path + "/sub").c_str(), 0700);
  ASSERT_EQ(symlink("/etc/passwd", (dir.path + "/sub/link").c_str()), 0);
  struct Case {
    std::string location, offset, length, expect;
  } cases[] = {
      {"../../../etc/passwd", "", "", "leaves the model's directory ('..')"},
      {"sub/../../x", "", "", "leaves the model's directory"},
      {"/etc/passwd", "", "", "is absolute"},
      {"link", "", "", "outside the model's directory"},
      {"weights.bin", "12", "16", "lies beyond the end of 'weights.bin'"},
      {"weights.bin", "0", "12", "length 12 bytes, its type and dims need 16"},
      {"weights.bin", "-1", "", "is not a byte count"},
      {"missing.bin", "", "", "missing.bin"},
      {"", "", "", "is empty"},
  };
  for (const Case &c : cases) {
    std::string loc = c.location == "link" ? "sub/link" : c.location;
    dir.write("model.onnx", serialize(externalModel(loc, c.offset, c.length)));
    auto model = rlx::OnnxModel::readFile(dir.path + "/model.onnx");
    ASSERT_FALSE(model) << c.location;
    EXPECT_NE(model.status().message().find(c.expect), std::string::npos)
        << c.location << ": " << model.status().message();
    EXPECT_NE(model.status().message().find("tensor 'w'"), std::string::npos)
        << model.status().message();
  }
  // From bytes without a directory, external data is refused.
  auto bytes = rlx::OnnxModel::fromBytes(
      serialize(externalModel("weights.bin")), "mem.onnx");
  ASSERT_FALSE(bytes);
  EXPECT_NE(bytes.status().message().find("without a directory"),
            std::string::npos)
      << bytes.status().message();
  expectStillWorks();
}

TEST_F(Broken, ModelFileProblems) {
  auto missing = rlx::OnnxModel::readFile("/nonexistent/model.onnx");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.status().code(), rlx::StatusCode::not_found);
  auto directory = rlx::OnnxModel::readFile("/tmp");
  ASSERT_FALSE(directory);
  EXPECT_NE(directory.status().message().find("not a regular file"),
            std::string::npos)
      << directory.status().message();
  // A FIFO is refused at once rather than blocking the reader.
  TempDir dir;
  std::string fifo = dir.path + "/model.onnx";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  auto pipe = rlx::OnnxModel::readFile(fifo);
  ASSERT_FALSE(pipe);
  EXPECT_NE(pipe.status().message().find("not a regular file"),
            std::string::npos)
      << pipe.status().message();
  expectStillWorks();
}

} // namespace
