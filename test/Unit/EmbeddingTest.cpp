//===- EmbeddingTest.cpp - The API promises an embedding program relies on ===//
//
// Typed tensors (TensorView, checked shapes and dtypes, typed outputs,
// caller-owned output buffers), checked Expected accessors, saving and
// loading artifacts without the compiler, the shared thread pool, the log
// handler, and concurrent use of one CompiledGraph. Exact expected values
// (a small linear layer) throughout.
//
//===----------------------------------------------------------------------===//
#include "rlx/CompiledGraph.h"
#include "rlx/Session.h"
#include "runtime/Artifact.h"

#include <gtest/gtest.h>

#include <atomic>
#include <dirent.h>
#include <filesystem>
#include <fstream>
#include <thread>
#include <unistd.h>

namespace {

/// y = relu(x · w + b) on [2,3] · [3,2].
rlx::Graph linearGraph() {
  rlx::Graph g;
  rlx::Tensor x = g.input("x", rlx::DType::f32, {2, 3});
  rlx::Tensor w = g.param("w", rlx::DType::f32, {3, 2});
  rlx::Tensor b = g.param("b", rlx::DType::f32, {2});
  g.setOutputs({{"y", g.linear(x, w, b, rlx::Activation::relu)}});
  return g;
}
const std::vector<float> kX = {1, 2, 3, 4, 5, 6};
const std::vector<float> kW = {1, 0, 0, 1, 1, -1};
const std::vector<float> kB = {0.5f, 0.5f};
/// x·w = [[4, -1], [10, -1]]; + b; relu.
const std::vector<float> kY = {4.5f, 0.0f, 10.5f, 0.0f};

rlx::CompiledGraph compiled(int threads = 0) {
  rlx::Session session;
  rlx::CompileOptions options;
  options.threads = threads;
  auto graph = session.compileWith(linearGraph(), options);
  EXPECT_TRUE(graph.isOk()) << graph.status().toString();
  EXPECT_TRUE(
      graph->setParam("w", rlx::TensorView::of(kW.data(), {3, 2})).isOk());
  EXPECT_TRUE(graph->setParam("b", kB.data(), kB.size()).isOk());
  return std::move(*graph);
}

std::vector<rlx::NamedInput> inputs() {
  return {rlx::NamedInput::of("x", rlx::TensorView::of(kX.data(), {2, 3}))};
}

TEST(TypedTensors, ShapesAndDtypesAreChecked) {
  rlx::CompiledGraph graph = compiled();
  auto out = graph.run(inputs());
  ASSERT_TRUE(out.isOk()) << out.status().toString();
  auto y = (*out)[0].as<float>();
  ASSERT_TRUE(y.isOk());
  EXPECT_EQ(std::vector<float>(y->begin(), y->end()), kY);

  auto transposed = graph.run(
      {rlx::NamedInput::of("x", rlx::TensorView::of(kX.data(), {3, 2}))});
  EXPECT_EQ(transposed.status().message(),
            "input 'x' has shape [2x3], got [3x2]");
  std::vector<int32_t> ints(6, 1);
  auto wrongType = graph.run(
      {rlx::NamedInput::of("x", rlx::TensorView::of(ints.data(), {2, 3}))});
  EXPECT_EQ(wrongType.status().message(), "input 'x' has dtype f32, got i32");
  EXPECT_EQ(
      graph.setParam("w", rlx::TensorView::of(kW.data(), {2, 3})).message(),
      "param 'w' has shape [3x2], got [2x3]");
  // The graph still runs after each refusal.
  EXPECT_TRUE(graph.run(inputs()).isOk());
}

std::vector<float> runY(rlx::CompiledGraph &graph) {
  auto out = graph.run(inputs());
  EXPECT_TRUE(out.isOk()) << out.status().toString();
  if (!out)
    return {};
  const float *y = (*out)[0].floats();
  return std::vector<float>(y, y + 4);
}

// bindParam: the CPU reads the caller's memory in place (later changes are
// seen), holds the keep-alive exactly as long, and counts the bytes as
// borrowed; setParam makes an owned copy again.
TEST(Params, BindParamReadsTheCallersMemoryInPlace) {
  rlx::Session session;
  auto compiledGraph = session.compile(linearGraph());
  ASSERT_TRUE(compiledGraph.isOk()) << compiledGraph.status().toString();
  rlx::CompiledGraph &graph = *compiledGraph;
  uint64_t paramBytes = 4 * (6 + 2);
  EXPECT_EQ(graph.memoryUse().ownedParamBytes, 0u);
  EXPECT_EQ(graph.memoryUse().borrowedParamBytes, 0u);
  // The arena holds no param on the CPU.
  EXPECT_LE(graph.memoryUse().arenaBytes + paramBytes,
            graph.manifest().arenaSize);

  auto w = std::make_shared<std::vector<float>>(kW);
  std::vector<float> b = kB;
  ASSERT_TRUE(graph
                  .bindParam("w", rlx::TensorView::of(w->data(), {3, 2}),
                             std::shared_ptr<const void>(w, w->data()))
                  .isOk());
  ASSERT_TRUE(graph.bindParam("b", rlx::TensorView::of(b.data(), {2})).isOk());
  EXPECT_EQ(w.use_count(), 2);
  EXPECT_EQ(runY(graph), kY);
  rlx::MemoryUse bound = graph.memoryUse();
  EXPECT_EQ(bound.ownedParamBytes, 0u);
  EXPECT_EQ(bound.borrowedParamBytes, paramBytes);

  // In place: a change to the caller's bias shows in the next run.
  b = {1.5f, 2.0f};
  EXPECT_EQ(runY(graph), (std::vector<float>{5.5f, 1.0f, 11.5f, 1.0f}));

  // Errors name the param; the binding stays as it was.
  std::vector<float> short1(5);
  EXPECT_EQ(
      graph.bindParam("w", rlx::TensorView::of(short1.data(), {5})).message(),
      "param 'w' has shape [3x2], got [5]");
  EXPECT_EQ(graph.bindParam("bias", rlx::TensorView::of(b.data(), {2})).code(),
            rlx::StatusCode::not_found);
  EXPECT_EQ(runY(graph), (std::vector<float>{5.5f, 1.0f, 11.5f, 1.0f}));

  // setParam copies again: the keep-alive goes, later changes do not show.
  ASSERT_TRUE(
      graph.setParam("w", rlx::TensorView::of(kW.data(), {3, 2})).isOk());
  EXPECT_EQ(w.use_count(), 1);
  ASSERT_TRUE(graph.setParam("b", kB.data(), kB.size()).isOk());
  b = {100, 100};
  EXPECT_EQ(runY(graph), kY);
  EXPECT_EQ(graph.memoryUse().borrowedParamBytes, 0u);
  EXPECT_GE(graph.memoryUse().ownedParamBytes, paramBytes);
}

// One buffer bound into two graphs: one copy of the weights in memory.
TEST(Params, TwoGraphsShareOneBoundBuffer) {
  rlx::Session session;
  auto g1 = session.compile(linearGraph());
  auto g2 = session.compile(linearGraph());
  ASSERT_TRUE(g1.isOk() && g2.isOk());
  for (rlx::CompiledGraph *g : {&*g1, &*g2}) {
    ASSERT_TRUE(
        g->bindParam("w", rlx::TensorView::of(kW.data(), {3, 2})).isOk());
    ASSERT_TRUE(g->bindParam("b", rlx::TensorView::of(kB.data(), {2})).isOk());
    EXPECT_EQ(runY(*g), kY);
    EXPECT_EQ(g->memoryUse().ownedParamBytes, 0u);
  }
}

TEST(TypedTensors, TypedOutputsRefuseTheWrongType) {
  rlx::CompiledGraph graph = compiled();
  auto out = graph.run(inputs());
  ASSERT_TRUE(out.isOk());
  const rlx::NamedOutput &y = (*out)[0];
  auto asInt = y.as<int32_t>();
  ASSERT_FALSE(asInt.isOk());
  EXPECT_EQ(asInt.status().message(), "output 'y' is f32, not i32");
  rlx::TensorView view = y.view();
  EXPECT_EQ(view.shape, (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(view.bytes, 16u);

  // An i1 output: floats() is null rather than a reinterpretation.
  rlx::Session session;
  auto cmp = session.compile(R"mlir(
func.func @f(%a: tensor<4xf32> {mir.name = "a"}, %b: tensor<4xf32> {mir.name = "b"}) -> (tensor<4xi1> {mir.name = "gt"}) {
  %c = mir.compare gt %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %c : tensor<4xi1>
}
)mlir");
  ASSERT_TRUE(cmp.isOk()) << cmp.status().toString();
  std::vector<float> a = {1, 2, 3, 4}, b = {2, 2, 2, 2};
  auto flags = cmp->run({{"a", a.data(), 16, rlx::DType::f32},
                         {"b", b.data(), 16, rlx::DType::f32}});
  ASSERT_TRUE(flags.isOk()) << flags.status().toString();
  EXPECT_EQ((*flags)[0].floats(), nullptr);
  auto bits = (*flags)[0].as<bool>();
  ASSERT_TRUE(bits.isOk());
  EXPECT_EQ(std::vector<bool>(bits->begin(), bits->end()),
            (std::vector<bool>{false, false, true, true}));
}

TEST(TypedTensors, OutputsIntoCallerBuffers) {
  rlx::CompiledGraph graph = compiled();
  std::vector<float> y(4, -1.0f);
  ASSERT_TRUE(
      graph.runInto(inputs(), {rlx::OutputBuffer::of("y", y.data(), y.size())})
          .isOk());
  EXPECT_EQ(y, kY);
  std::vector<float> small(3), large(5);
  rlx::Status tooSmall = graph.runInto(
      inputs(), {rlx::OutputBuffer::of("y", small.data(), small.size())});
  EXPECT_EQ(tooSmall.code(), rlx::StatusCode::out_of_range);
  EXPECT_EQ(tooSmall.message(), "output 'y' needs 16 bytes, the buffer has 12");
  EXPECT_EQ(graph
                .runInto(inputs(), {rlx::OutputBuffer::of("y", large.data(),
                                                          large.size())})
                .message(),
            "output 'y' needs 4 elements (16 bytes), got 20 bytes");
  EXPECT_EQ(graph.runInto(inputs(), {rlx::OutputBuffer::of("z", y.data(), 4)})
                .message(),
            "no output named 'z' (the graph's outputs: y)");
  EXPECT_EQ(graph
                .runInto(inputs(), {rlx::OutputBuffer::of("y", y.data(), 4),
                                    rlx::OutputBuffer::of("y", y.data(), 4)})
                .message(),
            "output 'y' is given more than once");
}

/// Diagnostics name the file the text came from, as compilers print them.
TEST(Diagnostics, TheSourceNameIsInTheMessage) {
  rlx::Session session;
  auto bad = session.compileWith("func.func @f(\n", rlx::CompileOptions(),
                                 "model.mlir");
  ASSERT_FALSE(bad.isOk());
  EXPECT_EQ(bad.status().message(),
            "model.mlir:1:14: error: expected non-function type");
  auto unnamed = session.compile("func.func @f(\n");
  EXPECT_EQ(unnamed.status().message(),
            "<module>:1:14: error: expected non-function type");
}

TEST(ExpectedDeathTest, UsingTheValueOfAnErrorAborts) {
  // The compiler's worker threads exist: re-execute rather than fork.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  rlx::Expected<int> error(
      rlx::Status(rlx::StatusCode::not_found, "no such thing"));
  EXPECT_DEATH((void)*error, "rlx: the value of an Expected holding an error "
                             "was used: no such thing");
  EXPECT_DEATH((void)error.value(), "no such thing");
}

/// Zero-element tensors plan and run on every device: a zero-row slice
/// concatenated before and after an input, and as an output of its own.
TEST(ZeroSize, SlicesConcatsAndOutputs) {
  const char *model = R"mlir(
func.func @f(%x: tensor<4x8xf32> {mir.name = "x"}) -> (tensor<4x8xf32> {mir.name = "before"}, tensor<4x8xf32> {mir.name = "after"}, tensor<0x8xf32> {mir.name = "empty"}) {
  %e = mir.slice %x offsets = [4, 0] sizes = [0, 8] strides = [1, 1] : tensor<4x8xf32> -> tensor<0x8xf32>
  %a = mir.concat %e, %x axis = 0 : (tensor<0x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %b = mir.concat %x, %e axis = 0 : (tensor<4x8xf32>, tensor<0x8xf32>) -> tensor<4x8xf32>
  return %a, %b, %e : tensor<4x8xf32>, tensor<4x8xf32>, tensor<0x8xf32>
}
)mlir";
  std::vector<float> x(32);
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = static_cast<float>(i) - 7.5f;
  for (rlx::Device device : rlx::availableDevices()) {
    if (device != rlx::Device::cpu && device != rlx::Device::vulkan)
      continue;
    rlx::Session session(device);
    auto graph = session.compile(model);
    ASSERT_TRUE(graph.isOk())
        << rlx::deviceName(device) << ": " << graph.status().toString();
    auto out = graph->run(
        {rlx::NamedInput::of("x", rlx::TensorView::of(x.data(), {4, 8}))});
    ASSERT_TRUE(out.isOk())
        << rlx::deviceName(device) << ": " << out.status().toString();
    ASSERT_EQ(out->size(), 3u);
    for (int i = 0; i < 2; ++i)
      EXPECT_EQ(std::vector<float>((*out)[i].floats(), (*out)[i].floats() + 32),
                x)
          << rlx::deviceName(device) << " output " << i;
    EXPECT_EQ((*out)[2].shape, (std::vector<int64_t>{0, 8}));
    EXPECT_TRUE((*out)[2].bytes.empty());
  }
}

/// The Graph API's concat and slice, as a KV cache uses them: the new
/// rows appended to the cache, the window of the last rows taken back, and
/// a strided slice (every other column). Exact: data movement only.
TEST(GraphApi, ConcatAndSlice) {
  rlx::Graph g;
  rlx::Tensor cache = g.input("cache", rlx::DType::f32, {3, 4});
  rlx::Tensor fresh = g.input("new", rlx::DType::f32, {2, 4});
  rlx::Tensor joined = g.concat({cache, fresh}, 0);          // [5, 4]
  rlx::Tensor last = g.slice(joined, {1, 0}, {4, 4});        // rows 1-4
  rlx::Tensor odd = g.slice(joined, {0, 1}, {5, 2}, {1, 2}); // columns 1, 3
  rlx::Tensor wide = g.concat({fresh, fresh}, -1);           // [2, 8]
  g.setOutputs(
      {{"joined", joined}, {"last", last}, {"odd", odd}, {"wide", wide}});
  std::vector<float> c(12), n(8);
  for (size_t i = 0; i < c.size(); ++i)
    c[i] = static_cast<float>(i);
  for (size_t i = 0; i < n.size(); ++i)
    n[i] = 100.0f + static_cast<float>(i);
  std::vector<float> joinedWant = c;
  joinedWant.insert(joinedWant.end(), n.begin(), n.end());
  std::vector<float> lastWant(joinedWant.begin() + 4, joinedWant.end());
  std::vector<float> oddWant, wideWant;
  for (int r = 0; r < 5; ++r)
    for (int col : {1, 3})
      oddWant.push_back(joinedWant[r * 4 + col]);
  for (int r = 0; r < 2; ++r)
    for (int k = 0; k < 2; ++k)
      wideWant.insert(wideWant.end(), n.begin() + r * 4, n.begin() + r * 4 + 4);
  for (rlx::Device device : rlx::availableDevices()) {
    if (device != rlx::Device::cpu && device != rlx::Device::vulkan)
      continue;
    SCOPED_TRACE(rlx::deviceName(device));
    rlx::Session session(device);
    auto graph = session.compile(g);
    ASSERT_TRUE(graph.isOk()) << graph.status().toString();
    auto out = graph->run(
        {rlx::NamedInput::of("cache", rlx::TensorView::of(c.data(), {3, 4})),
         rlx::NamedInput::of("new", rlx::TensorView::of(n.data(), {2, 4}))});
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    ASSERT_EQ(out->size(), 4u);
    auto values = [&](size_t i) {
      const rlx::NamedOutput &o = (*out)[i];
      return std::vector<float>(o.floats(), o.floats() + o.bytes.size() / 4);
    };
    EXPECT_EQ((*out)[0].shape, (std::vector<int64_t>{5, 4}));
    EXPECT_EQ(values(0), joinedWant);
    EXPECT_EQ((*out)[1].shape, (std::vector<int64_t>{4, 4}));
    EXPECT_EQ(values(1), lastWant);
    EXPECT_EQ((*out)[2].shape, (std::vector<int64_t>{5, 2}));
    EXPECT_EQ(values(2), oddWant);
    EXPECT_EQ((*out)[3].shape, (std::vector<int64_t>{2, 8}));
    EXPECT_EQ(values(3), wideWant);
  }
}

TEST(SessionModels, EveryFormCompilesThroughOneEntryPoint) {
  // The same linear layer as a graph and as MLIR text, each with its own
  // options (the text's symbol bound by them), through Session::compile.
  const char *text = R"(
func.func @m(%x: tensor<?x3xf32> {mir.name = "x", mir.dims = ["batch", 3]}) -> (tensor<?x2xf32> {mir.name = "y"}) {
  %w = mir.param "w" : tensor<3x2xf32>
  %b = mir.param "b" : tensor<2xf32>
  %y = mir.fused_matmul %x, %w, %b act = relu : (tensor<?x3xf32>, tensor<3x2xf32>, tensor<2xf32>) -> tensor<?x2xf32>
  return %y : tensor<?x2xf32>
}
)";
  rlx::Model fromText = rlx::Model::fromText(text, "linear.mlir");
  fromText.options.dims = {{"batch", 2}};
  for (const rlx::Model &model :
       {rlx::Model::fromGraph(linearGraph()), fromText}) {
    rlx::Session session;
    auto graph = session.compile(model);
    ASSERT_TRUE(graph.isOk()) << graph.status().toString();
    ASSERT_TRUE(
        graph->setParam("w", rlx::TensorView::of(kW.data(), {3, 2})).isOk());
    ASSERT_TRUE(graph->setParam("b", kB.data(), kB.size()).isOk());
    auto out = graph->run(inputs());
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    auto y = (*out)[0].as<float>();
    ASSERT_TRUE(y.isOk());
    EXPECT_EQ(std::vector<float>(y->begin(), y->end()), kY);
  }
  // A model of another precision or policy is refused by name; its own
  // errors keep their file name.
  rlx::Model bf16 = rlx::Model::fromGraph(linearGraph());
  bf16.precision = rlx::Precision::autoMixedBf16;
  auto refused = rlx::Session().compile(bf16);
  EXPECT_EQ(refused.status().code(), rlx::StatusCode::invalid_argument);
  EXPECT_NE(refused.status().message().find("precision is not the Session's"),
            std::string::npos)
      << refused.status().message();
  rlx::Model broken = rlx::Model::fromText("func.func @f(", "broken.mlir");
  auto bad = rlx::Session().compile(broken);
  ASSERT_FALSE(bad.isOk());
  EXPECT_NE(bad.status().message().find("broken.mlir:1:"), std::string::npos)
      << bad.status().message();
}

//===----------------------------------------------------------------------===//
// Artifacts without the compiler
//===----------------------------------------------------------------------===//

std::string tempPath(const std::string &name) {
  return (std::filesystem::temp_directory_path() /
          ("rlx-embedding-" + std::to_string(::getpid()) + "-" + name))
      .string();
}

TEST(Artifacts, SaveLoadAndLoadBytes) {
  rlx::CompiledGraph graph = compiled();
  std::string path = tempPath("linear.rlxa");
  ASSERT_TRUE(graph.save(path).isOk());
  for (int way = 0; way < 2; ++way) {
    auto loaded = way == 0 ? rlx::load(path)
                           : rlx::loadBytes(graph.artifactBytes().data(),
                                            graph.artifactBytes().size());
    ASSERT_TRUE(loaded.isOk()) << loaded.status().toString();
    EXPECT_EQ(loaded->device(), rlx::Device::cpu);
    ASSERT_TRUE(loaded->setParam("w", kW.data(), kW.size()).isOk());
    ASSERT_TRUE(loaded->setParam("b", kB.data(), kB.size()).isOk());
    auto out = loaded->run(inputs());
    ASSERT_TRUE(out.isOk());
    EXPECT_EQ(std::vector<float>((*out)[0].floats(), (*out)[0].floats() + 4),
              kY);
  }
  std::filesystem::remove(path);
}

TEST(Artifacts, BadPathsAreErrors) {
  auto missing = rlx::load(tempPath("missing.rlxa"));
  EXPECT_EQ(missing.status().code(), rlx::StatusCode::not_found);
  auto dir = rlx::load(std::filesystem::temp_directory_path().string());
  EXPECT_EQ(dir.status().code(), rlx::StatusCode::invalid_argument);
  EXPECT_NE(dir.status().message().find("is a directory"), std::string::npos);
  std::string garbage = tempPath("garbage.rlxa");
  std::ofstream(garbage) << "RLXA not an artifact";
  auto bad = rlx::load(garbage);
  EXPECT_EQ(bad.status().code(), rlx::StatusCode::data_loss);
  EXPECT_EQ(bad.status().message().rfind(garbage + ": ", 0), 0u)
      << bad.status().message();
  std::filesystem::remove(garbage);
  EXPECT_EQ(rlx::loadBytes(nullptr, 4).status().code(),
            rlx::StatusCode::invalid_argument);
  EXPECT_EQ(compiled().save("/no/such/dir/x.rlxa").code(),
            rlx::StatusCode::not_found);
}

/// An artifact edited to give a slot a name with a control character (and
/// re-sealed, so the checksum holds) is refused by the name rule.
TEST(Artifacts, SlotNamesAreCheckedAtLoad) {
  rlx::CompiledGraph graph = compiled();
  auto artifact = rlx::runtime::deserializeArtifact(
      graph.artifactBytes().data(), graph.artifactBytes().size());
  ASSERT_TRUE(artifact.isOk());
  for (rlx::Slot &slot : artifact->manifest.slots)
    if (slot.name == "y")
      slot.name = "y\n\x1b[2J";
  std::vector<uint8_t> edited = rlx::runtime::serializeArtifact(*artifact);
  auto loaded = rlx::loadBytes(edited.data(), edited.size());
  ASSERT_FALSE(loaded.isOk());
  EXPECT_NE(loaded.status().message().find(
                "name: byte 1 (0x0a) is not printable ASCII"),
            std::string::npos)
      << loaded.status().message();
}

//===----------------------------------------------------------------------===//
// Threads
//===----------------------------------------------------------------------===//

size_t threadCount() {
  size_t n = 0;
  if (DIR *d = opendir("/proc/self/task")) {
    while (dirent *e = readdir(d))
      n += e->d_name[0] != '.';
    closedir(d);
  }
  return n;
}

/// Graphs loaded with threads = 0 share one pool: loading six starts at
/// most one pool's workers; six graphs with threads = 2 start one worker
/// each.
TEST(Threads, GraphsShareOnePoolByDefault) {
  std::vector<rlx::CompiledGraph> graphs;
  graphs.push_back(compiled(0)); // the shared pool exists from here on
  size_t before = threadCount();
  for (int i = 0; i < 6; ++i)
    graphs.push_back(compiled(0));
  EXPECT_EQ(threadCount(), before);
  for (int i = 0; i < 6; ++i)
    graphs.push_back(compiled(2));
  EXPECT_EQ(threadCount(), before + 6);
  for (rlx::CompiledGraph &g : graphs) {
    auto out = g.run(inputs());
    ASSERT_TRUE(out.isOk());
    EXPECT_EQ((*out)[0].floats()[2], kY[2]);
  }
  rlx::CompileOptions tooMany;
  tooMany.threads = 5000;
  EXPECT_EQ(
      rlx::Session().compileWith(linearGraph(), tooMany).status().message(),
      "threads is 5000; it must be 0 (one per core) to 4096");
}

/// CompiledGraph's contract: runs and setParam from several threads are
/// serialized; every run sees a whole parameter.
TEST(Threads, OneGraphFromManyThreads) {
  rlx::CompiledGraph graph = compiled();
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 50; ++i) {
        if (t == 0 && !graph.setParam("b", kB.data(), kB.size()).isOk())
          ++wrong;
        auto out = graph.run(inputs());
        if (!out || std::vector<float>((*out)[0].floats(),
                                       (*out)[0].floats() + 4) != kY)
          ++wrong;
      }
    });
  for (std::thread &t : threads)
    t.join();
  EXPECT_EQ(wrong, 0);
}

// Eight threads run one graph while a ninth sets and binds its weight in a
// loop, alternating two values: every run's output is exactly the output of
// one of them (a run never sees a weight half replaced), on every device.
// The weight is 64 x 64, so a torn copy would change some rows only; the
// CPU code reads it in matmul panels, so setParam and bindParam both repack.
void expectRunsSeeOneWholeWeight(rlx::Device device) {
  if (!rlx::isAvailable(device))
    GTEST_SKIP() << "no " << rlx::deviceName(device) << " device";
  constexpr int64_t kRows = 8, kK = 64, kN = 64;
  rlx::Graph g;
  rlx::Tensor x = g.input("x", rlx::DType::f32, {kRows, kK});
  rlx::Tensor w = g.param("w", rlx::DType::f32, {kK, kN});
  g.setOutputs({{"y", g.matmul(x, w)}});
  rlx::Session session(device);
  auto compiledGraph = session.compile(g);
  ASSERT_TRUE(compiledGraph.isOk()) << compiledGraph.status().toString();
  rlx::CompiledGraph &graph = *compiledGraph;

  std::vector<float> xs(kRows * kK), a(kK * kN), b(kK * kN);
  for (size_t i = 0; i < xs.size(); ++i)
    xs[i] = float(int(i * 7 % 13) - 6) / 8.0f;
  for (size_t i = 0; i < a.size(); ++i) {
    a[i] = float(int(i * 5 % 11) - 5) / 16.0f;
    b[i] = float(int(i * 3 % 17) - 8) / 32.0f;
  }
  auto run = [&]() -> std::vector<float> {
    auto out = graph.run({rlx::NamedInput::of(
        "x", rlx::TensorView::of(xs.data(), {kRows, kK}))});
    if (!out)
      return {};
    return std::vector<float>((*out)[0].floats(),
                              (*out)[0].floats() + kRows * kN);
  };
  // Each weight's output, checked against a naive product (the values are
  // multiples of 1/256 with sums that f32 holds exactly).
  std::vector<std::vector<float>> wants;
  for (const std::vector<float> *weight : {&a, &b}) {
    ASSERT_TRUE(
        graph.setParam("w", rlx::TensorView::of(weight->data(), {kK, kN}))
            .isOk());
    std::vector<float> want(kRows * kN, 0.0f);
    for (int64_t i = 0; i < kRows; ++i)
      for (int64_t j = 0; j < kN; ++j)
        for (int64_t k = 0; k < kK; ++k)
          want[i * kN + j] += xs[i * kK + k] * (*weight)[k * kN + j];
    ASSERT_EQ(run(), want);
    wants.push_back(std::move(want));
  }
  ASSERT_NE(wants[0], wants[1]);

  std::atomic<bool> stop{false};
  std::atomic<int> runs{0}, torn{0}, failed{0}, writes{0};
  std::thread writer([&] {
    for (int i = 0; !stop; ++i) {
      const std::vector<float> &weight = i % 2 ? b : a;
      rlx::TensorView view = rlx::TensorView::of(weight.data(), {kK, kN});
      rlx::Status s =
          i % 4 < 2 ? graph.setParam("w", view) : graph.bindParam("w", view);
      failed += !s.isOk();
      ++writes;
    }
  });
  std::vector<std::thread> runners;
  for (int t = 0; t < 8; ++t)
    runners.emplace_back([&] {
      for (int i = 0; i < 40; ++i) {
        std::vector<float> y = run();
        if (y.empty())
          ++failed;
        else if (y != wants[0] && y != wants[1])
          ++torn;
        ++runs;
      }
    });
  for (std::thread &t : runners)
    t.join();
  stop = true;
  writer.join();
  EXPECT_EQ(runs, 320);
  EXPECT_EQ(torn, 0) << "runs that saw a weight half replaced";
  EXPECT_EQ(failed, 0);
  EXPECT_GT(writes, 0);
}

TEST(Threads, RunsSeeOneWholeWeightWhileItIsReplaced) {
  expectRunsSeeOneWholeWeight(rlx::Device::cpu);
}

TEST(Threads, RunsSeeOneWholeWeightWhileItIsReplacedOnVulkan) {
  expectRunsSeeOneWholeWeight(rlx::Device::vulkan);
}

//===----------------------------------------------------------------------===//
// Log handler
//===----------------------------------------------------------------------===//

TEST(Log, ReportsGoToTheHandlerElseStderr) {
  rlx::Session session;
  std::vector<std::pair<rlx::LogLevel, std::string>> logged;
  session.setLogHandler([&](rlx::LogLevel level, const std::string &text) {
    logged.push_back({level, text});
  });
  rlx::CompileOptions options;
  options.report = true;
  testing::internal::CaptureStderr();
  ASSERT_TRUE(session.compileWith(linearGraph(), options).isOk());
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  ASSERT_GE(logged.size(), 2u);
  bool fusion = false, dispatch = false;
  for (auto &[level, text] : logged) {
    EXPECT_EQ(level, rlx::LogLevel::report);
    fusion |= text.rfind("=== rlx fusion report: @graph", 0) == 0;
    dispatch |= text.rfind("=== rlx dispatch report: @graph", 0) == 0;
  }
  EXPECT_TRUE(fusion && dispatch);

  session.setLogHandler({});
  size_t count = logged.size();
  testing::internal::CaptureStderr();
  ASSERT_TRUE(session.compileWith(linearGraph(), options).isOk());
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("=== rlx fusion report: @graph"), std::string::npos);
  EXPECT_EQ(logged.size(), count);
}

} // namespace
