//===- ParamGivenTest.cpp - Params converted once, when set ---------------===//
//
// Under a mixed-precision policy a param that every use casts to f16 / bf16
// is stored in that type and given in f32 (Slot::givenAs, mir-mixed-
// precision): setParam converts it once (runtime/HalfFloat.h) instead of a
// cast kernel on every run. Checked here: the conversion against the
// compiled casts it replaces (bit for bit, over rounding ties, overflow,
// subnormals, zeros, infinities and NaN), the outputs against a graph whose
// params are declared bf16 and given pre-rounded bits (the same kernels:
// bitwise equal), setParam / bindParam / bindStoredParam / packParam on such
// a param, artifacts that keep or corrupt the given dtype, a pipeline's
// shared converted copy, and Vulkan taking converted params.
//
//===----------------------------------------------------------------------===//
#include "LinearGraph.h"
#include "runtime/Artifact.h"
#include "runtime/HalfFloat.h"

#include "rlx/CompiledGraph.h"
#include "rlx/Devices.h"
#include "rlx/ModelPipeline.h"
#include "rlx/Session.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace {

using rlx::DType;

using namespace rlx::test;
using namespace rlx::test::linear;

std::vector<uint16_t> bf16Bits(const std::vector<float> &v) {
  std::vector<uint16_t> bits(v.size());
  for (size_t i = 0; i < v.size(); ++i)
    bits[i] = rlx::runtime::roundToBf16Bits(v[i]);
  return bits;
}

/// Under auto-mixed-bf16, row-major: the conversion alone (a converted
/// param also in bf16 pair panels: ParamPanelsTest).
rlx::CompiledGraph compile(DType paramType) {
  rlx::CompileOptions options;
  options.packParams = false;
  auto graph = rlx::Session(rlx::Device::cpu, rlx::Precision::autoMixedBf16)
                   .compileWith(linear::graph(paramType), options);
  EXPECT_TRUE(graph.isOk()) << graph.status().toString();
  return std::move(*graph);
}

/// The graph declared in bf16, given the bits the test rounds: the f32
/// graph's kernels after its casts of x, w and b (its output, bf16, is
/// widened exactly as the f32 graph's cast back does).
std::vector<float> bf16DeclaredRun() {
  rlx::CompiledGraph graph = compile(DType::bf16);
  std::vector<uint16_t> x = bf16Bits(kX), w = bf16Bits(kW), b = bf16Bits(kB);
  EXPECT_TRUE(
      graph.setParamTyped("w", w.data(), w.size() * 2, DType::bf16).isOk());
  EXPECT_TRUE(
      graph.setParamTyped("b", b.data(), b.size() * 2, DType::bf16).isOk());
  rlx::TensorView in;
  in.dtype = DType::bf16;
  in.shape = {kM, kK};
  in.data = x.data();
  in.bytes = x.size() * 2;
  auto out = graph.run({rlx::NamedInput::of("x", in)});
  EXPECT_TRUE(out.isOk()) << out.status().toString();
  if (!out.isOk())
    return {};
  std::vector<float> y(kM * kN);
  for (size_t i = 0; i < y.size(); ++i) {
    uint32_t bits = uint32_t((*out)[0].bytes[2 * i]) |
                    uint32_t((*out)[0].bytes[2 * i + 1]) << 8;
    bits <<= 16;
    std::memcpy(&y[i], &bits, 4);
  }
  return y;
}

const rlx::Slot &slotNamed(const rlx::CompiledGraph &graph,
                           const std::string &name) {
  return *graph.manifest().findSlot(rlx::SlotRole::param, name);
}

/// Values where rounding decides: ties both ways, just past ties, the
/// largest finite values and the overflow boundary, the smallest normals
/// and subnormals of each type, zeros, infinities and NaN.
std::vector<float> edgeValues() {
  std::vector<float> v = {0.0f,
                          -0.0f,
                          1.0f,
                          -1.0f,
                          1.5f,
                          3.14159265f,
                          65504.0f,
                          65519.0f,
                          65520.0f,
                          70000.0f,
                          -65520.0f,
                          6.103515625e-05f,
                          6.0e-05f,
                          5.9604645e-08f,
                          2.9802322e-08f,
                          2.98023259e-08f,
                          1.0e-8f,
                          1.0e-40f,
                          -1.0e-40f,
                          std::numeric_limits<float>::max(),
                          std::numeric_limits<float>::denorm_min(),
                          std::numeric_limits<float>::infinity(),
                          -std::numeric_limits<float>::infinity(),
                          std::numeric_limits<float>::quiet_NaN()};
  // Halfway and near-halfway cases of both types around 1 and 1024.
  for (uint32_t base : {0x3f800000u, 0x44800000u, 0x38800000u, 0x477fe000u})
    for (uint32_t low : {0x0fffu, 0x1000u, 0x1001u, 0x3000u, 0x7fffu, 0x8000u,
                         0x8001u, 0x18000u, 0x1ffffu}) {
      uint32_t bits = base + low;
      float f;
      std::memcpy(&f, &bits, 4);
      v.push_back(f);
      v.push_back(-f);
    }
  return v;
}

bool isNanBits(uint16_t bits, DType type) {
  return type == DType::bf16 ? (bits & 0x7f80) == 0x7f80 && (bits & 0x7f)
                             : (bits & 0x7c00) == 0x7c00 && (bits & 0x3ff);
}

// The conversion setParam applies gives the bits of the compiled f32 ->
// f16 / bf16 cast it replaces (NaN: a NaN).
TEST(ParamGiven, ConversionMatchesTheCompiledCasts) {
  std::vector<float> in = edgeValues();
  int64_t n = static_cast<int64_t>(in.size());
  std::string t = "tensor<" + std::to_string(n);
  auto graph = rlx::Session().compile(
      "func.func @casts(%x: " + t + "xf32> {mir.name = \"x\"}) -> (" + t +
      "xbf16>, " + t + "xf16>) {\n  %b = mir.cast %x : " + t + "xf32> to " + t +
      "xbf16>\n  %h = mir.cast %x : " + t + "xf32> to " + t +
      "xf16>\n  return %b, %h : " + t + "xbf16>, " + t + "xf16>\n}\n");
  ASSERT_TRUE(graph.isOk()) << graph.status().toString();
  auto out = graph->run(
      {rlx::NamedInput::of("x", rlx::TensorView::of(in.data(), {n}))});
  ASSERT_TRUE(out.isOk()) << out.status().toString();
  ASSERT_EQ(out->size(), 2u);
  for (int o = 0; o < 2; ++o) {
    DType type = o == 0 ? DType::bf16 : DType::f16;
    std::vector<uint16_t> compiled(n);
    ASSERT_EQ((*out)[o].bytes.size(), size_t(n * 2));
    std::memcpy(compiled.data(), (*out)[o].bytes.data(), n * 2);
    std::vector<uint16_t> converted(n);
    rlx::runtime::convertFromF32(in.data(), type, converted.data(), n);
    for (int64_t i = 0; i < n; ++i) {
      SCOPED_TRACE(std::string(rlx::dtypeName(type)) + " of " +
                   std::to_string(in[i]));
      if (std::isnan(in[i])) {
        EXPECT_TRUE(isNanBits(compiled[i], type));
        EXPECT_TRUE(isNanBits(converted[i], type));
      } else {
        EXPECT_EQ(converted[i], compiled[i]);
      }
    }
  }
}

// auto-mixed-bf16 stores w and b in bf16, given in f32; the graph computes
// the bits of one whose params are declared bf16 (the same kernels), and
// has no cast of a param left.
TEST(ParamGiven, PoliciesStoreParamsInTheirComputeType) {
  rlx::CompiledGraph graph = compile(DType::f32);
  for (const char *name : {"w", "b"}) {
    const rlx::Slot &slot = slotNamed(graph, name);
    EXPECT_EQ(slot.dtype, DType::bf16) << name;
    EXPECT_EQ(slot.givenDType(), DType::f32) << name;
    EXPECT_EQ(slot.size, uint64_t(slot.elementCount() * 2)) << name;
  }
  ASSERT_TRUE(
      graph.setParam("w", rlx::TensorView::of(kW.data(), {kK, kN})).isOk());
  ASSERT_TRUE(graph.setParam("b", rlx::TensorView::of(kB.data(), {kN})).isOk());
  std::vector<float> y = run(graph);
  EXPECT_EQ(y, bf16DeclaredRun());
  // A param declared bf16 is given in bf16 (nothing to convert).
  rlx::CompiledGraph declared = compile(DType::bf16);
  EXPECT_FALSE(slotNamed(declared, "w").convertsWhenSet());
}

// setParam checks against the given dtype and says how the param is stored.
TEST(ParamGiven, SetParamTakesTheGivenDType) {
  rlx::CompiledGraph graph = compile(DType::f32);
  std::vector<uint16_t> w = bf16Bits(kW);
  rlx::Status wrong =
      graph.setParamTyped("w", w.data(), w.size() * 2, DType::bf16);
  EXPECT_EQ(wrong.code(), rlx::StatusCode::invalid_argument);
  EXPECT_EQ(wrong.message(),
            "param 'w' has dtype f32 (stored as bf16), got bf16");
  rlx::Status shape =
      graph.setParam("w", rlx::TensorView::of(kW.data(), {kN, kK}));
  EXPECT_EQ(shape.message(), "param 'w' has shape [96x128], got [128x96]");
  rlx::Status bytes = graph.setParamTyped("w", kW.data(), 8, DType::f32);
  EXPECT_EQ(bytes.message(), "param 'w' needs 12288 elements (49152 bytes), "
                             "got 8 bytes");
}

// bindParam cannot read f32 values in place: the graph converts its own
// copy (owned; later changes do not show). packParam converts; the stored
// bytes bind in place with bindStoredParam (borrowed), in the stored dtype
// only.
TEST(ParamGiven, BindingConvertsOrBorrowsStoredBytes) {
  rlx::CompiledGraph graph = compile(DType::f32);
  const rlx::Slot &slot = slotNamed(graph, "w");
  std::vector<float> weights = kW;
  ASSERT_TRUE(
      graph.bindParam("w", rlx::TensorView::of(weights.data(), {kK, kN}))
          .isOk());
  ASSERT_TRUE(graph.setParam("b", rlx::TensorView::of(kB.data(), {kN})).isOk());
  EXPECT_GE(graph.memoryUse().ownedParamBytes, slot.size);
  weights.assign(weights.size(), 100.0f);
  std::vector<float> want = bf16DeclaredRun();
  EXPECT_EQ(run(graph), want);

  auto stored = std::make_shared<std::vector<uint8_t>>();
  ASSERT_TRUE(
      rlx::packParam(slot, rlx::TensorView::of(kW.data(), {kK, kN}), *stored)
          .isOk());
  std::vector<uint16_t> bits = bf16Bits(kW);
  ASSERT_EQ(stored->size(), bits.size() * 2);
  EXPECT_EQ(std::memcmp(stored->data(), bits.data(), stored->size()), 0);
  bindStored(graph, "w", stored, DType::bf16);
  EXPECT_EQ(graph.memoryUse().borrowedParamBytes, slot.size);
  EXPECT_EQ(run(graph), want);

  // Stored bytes in the given dtype are refused; the binding stays.
  rlx::TensorView f32View = rlx::TensorView::of(kW.data(), {kK, kN});
  rlx::Status refused = graph.bindStoredParam("w", f32View);
  EXPECT_EQ(refused.code(), rlx::StatusCode::invalid_argument);
  EXPECT_EQ(refused.message(),
            "param 'w' is stored as bf16 (given as f32), got f32");
  EXPECT_EQ(run(graph), want);
}

// An artifact keeps the given dtype; a manifest edited to a conversion the
// rules refuse is refused at load, naming the slot.
TEST(ParamGiven, ArtifactsKeepTheGivenDType) {
  rlx::CompiledGraph graph = compile(DType::f32);
  std::vector<uint8_t> bytes = graph.artifactBytes();
  auto loaded = rlx::loadBytes(bytes.data(), bytes.size());
  ASSERT_TRUE(loaded.isOk()) << loaded.status().toString();
  EXPECT_EQ(slotNamed(*loaded, "w").givenAs, std::optional<DType>(DType::f32));
  ASSERT_TRUE(
      loaded->setParam("w", rlx::TensorView::of(kW.data(), {kK, kN})).isOk());
  ASSERT_TRUE(
      loaded->setParam("b", rlx::TensorView::of(kB.data(), {kN})).isOk());
  EXPECT_EQ(run(*loaded), bf16DeclaredRun());

  auto artifact = rlx::runtime::deserializeArtifact(bytes.data(), bytes.size());
  ASSERT_TRUE(artifact.isOk()) << artifact.status().toString();
  struct Edit {
    const char *slot;
    uint8_t given;
    const char *message;
  };
  const Edit edits[] = {
      {"w", uint8_t(DType::f16),
       "bf16 given as f16: a param is converted only from f32 to f16 or "
       "bf16"},
      {"x", uint8_t(DType::f64),
       "f32 given as f64: only params are "
       "converted when set"},
      {"w", 200, "given dtype 200 is out of range (0..7)"},
  };
  for (const Edit &e : edits) {
    rlx::runtime::Artifact a = *artifact;
    for (rlx::Slot &s : a.manifest.slots)
      if (s.name == e.slot)
        s.givenAs = static_cast<DType>(e.given);
    std::vector<uint8_t> tampered = rlx::runtime::serializeArtifact(a);
    auto refused = rlx::loadBytes(tampered.data(), tampered.size());
    ASSERT_FALSE(refused.isOk()) << e.message;
    EXPECT_EQ(refused.status().code(), rlx::StatusCode::invalid_argument);
    EXPECT_NE(refused.status().message().find(e.message), std::string::npos)
        << refused.status().message();
  }
}

// ModelCompilePipeline under the bf16 policy: the template's params are
// given in f32; each specialization stores them in bf16, converted once and
// shared, and computes the bits of a direct compile at the same batch.
TEST(ParamGiven, PipelinesShareOneConvertedCopy) {
  std::ifstream file(std::string(RLX_SOURCE_DIR) + "/examples/mlp.mlir");
  std::stringstream text;
  text << file.rdbuf();
  rlx::ModelCompilePipeline pipeline(rlx::Device::cpu, 4,
                                     rlx::Precision::autoMixedBf16);
  ASSERT_TRUE(pipeline.buildTemplate(text.str()).isOk());
  for (const rlx::ParamSpec &spec : pipeline.params())
    EXPECT_EQ(spec.dtype, DType::f32) << spec.name;
  std::vector<float> w1 = values(784 * 512, 4), b1 = values(512, 5),
                     w2 = values(512 * 10, 6), b2 = values(10, 7);
  const std::vector<std::pair<std::string, const std::vector<float> *>> params =
      {{"fc1.weight", &w1},
       {"fc1.bias", &b1},
       {"fc2.weight", &w2},
       {"fc2.bias", &b2}};
  for (const auto &[name, data] : params)
    ASSERT_TRUE(pipeline.setParam(name, data->data(), data->size()).isOk())
        << name;
  for (int64_t batch : {2, 4}) {
    SCOPED_TRACE("batch " + std::to_string(batch));
    rlx::ModelVariant variant;
    variant.batch = batch;
    auto graph = pipeline.getOrCompile(variant);
    ASSERT_TRUE(graph.isOk()) << graph.status().toString();
    const rlx::Slot &w = slotNamed(**graph, "fc1.weight");
    EXPECT_EQ(w.dtype, DType::bf16);
    EXPECT_EQ((*graph)->memoryUse().ownedParamBytes, 0u);

    rlx::CompileOptions options;
    options.dims = {{"batch", batch}};
    auto direct = rlx::Session(rlx::Device::cpu, rlx::Precision::autoMixedBf16)
                      .compileWith(text.str(), options);
    ASSERT_TRUE(direct.isOk()) << direct.status().toString();
    for (const auto &[name, data] : params)
      ASSERT_TRUE(direct->setParam(name, data->data(), data->size()).isOk());
    std::vector<float> x = values(batch * 784, 8);
    std::vector<rlx::NamedInput> in = {
        rlx::NamedInput::of("x", rlx::TensorView::of(x.data(), {batch, 784}))};
    auto a = (*graph)->run(in);
    auto b = direct->run(in);
    ASSERT_TRUE(a.isOk() && b.isOk());
    EXPECT_EQ((*a)[0].bytes, (*b)[0].bytes);
  }

  // A MIR template that already stores a param converted declares it in
  // the type it is given in.
  rlx::ModelCompilePipeline mir;
  ASSERT_TRUE(
      mir.buildTemplate("func.func @f(%x: tensor<2x4xbf16> {mir.name = \"x\"}) "
                        "-> tensor<2x4xbf16> {\n"
                        "  %w = mir.param \"w\" given f32 : tensor<4x4xbf16>\n"
                        "  %y = mir.matmul %x, %w : (tensor<2x4xbf16>, "
                        "tensor<4x4xbf16>) -> tensor<2x4xbf16>\n"
                        "  return %y : tensor<2x4xbf16>\n}\n")
          .isOk());
  ASSERT_EQ(mir.params().size(), 1u);
  EXPECT_EQ(mir.params()[0].dtype, DType::f32);
}

#ifdef RLX_HAVE_VULKAN
// On Vulkan too the policy stores the params in f16 and setParam converts
// them before they reach device memory: the outputs agree with the CPU's
// under the same policy within two f16 roundings (the kernels differ).
TEST(ParamGiven, VulkanTakesConvertedParams) {
  if (!rlx::isAvailable(rlx::Device::vulkan))
    GTEST_SKIP() << "no Vulkan device";
  std::vector<float> y[2];
  for (rlx::Device device : {rlx::Device::cpu, rlx::Device::vulkan}) {
    auto graph = rlx::Session(device, rlx::Precision::autoMixed)
                     .compile(linear::graph());
    ASSERT_TRUE(graph.isOk()) << graph.status().toString();
    const rlx::Slot &w = slotNamed(*graph, "w");
    EXPECT_EQ(w.dtype, DType::f16);
    EXPECT_EQ(w.givenDType(), DType::f32);
    ASSERT_TRUE(
        graph->setParam("w", rlx::TensorView::of(kW.data(), {kK, kN})).isOk());
    ASSERT_TRUE(
        graph->setParam("b", rlx::TensorView::of(kB.data(), {kN})).isOk());
    y[device == rlx::Device::vulkan] = run(*graph);
  }
  ASSERT_EQ(y[0].size(), y[1].size());
  for (size_t i = 0; i < y[0].size(); ++i)
    ASSERT_NEAR(y[1][i], y[0][i],
                std::ldexp(1.0, -9) * std::fabs(y[0][i]) + std::ldexp(1.0, -14))
        << i;
}
#endif

} // namespace
