//===- ManifestFromLIR.cpp - The runtime's view of an LIR program ---------===//
#include "api/ManifestFromLIR.h"
#include "dialects/Common/DTypes.h"
#include "dialects/Common/ShapeRules.h"
#include "dialects/LIR/LIROps.h"
#include "dialects/Target/Target.h"

#include "llvm/Support/MathExtras.h"

#include <limits>

namespace mlir::rlx {

static ::rlx::SlotRole roleOf(IOKind kind) {
  switch (kind) {
  case IOKind::input:
    return ::rlx::SlotRole::input;
  case IOKind::param:
    return ::rlx::SlotRole::param;
  case IOKind::output:
    return ::rlx::SlotRole::output;
  case IOKind::constant:
    return ::rlx::SlotRole::constant;
  }
  return ::rlx::SlotRole::input;
}

/// The bytes of a constant in the runtime's layout (i1 as one byte each);
/// a splat of more than one element is its one element (Slot::data).
static std::vector<uint8_t> constantBytes(ElementsAttr value, int64_t size) {
  auto dense = dyn_cast<DenseElementsAttr>(value);
  if (dense && dense.isSplat() && dense.getNumElements() > 1) {
    Type elt = dense.getElementType();
    if (elt.isInteger(1))
      return {static_cast<uint8_t>(dense.getSplatValue<bool>() ? 1 : 0)};
    ArrayRef<char> raw = dense.getRawData();
    size_t eltBytes = elt.getIntOrFloatBitWidth() / 8;
    if (raw.size() >= eltBytes && static_cast<int64_t>(eltBytes) < size)
      return std::vector<uint8_t>(raw.begin(), raw.begin() + eltBytes);
  }
  std::vector<uint8_t> bytes(size, 0);
  if (!dense)
    return bytes;
  Type elt = dense.getElementType();
  if (elt.isInteger(1)) {
    int64_t i = 0;
    for (bool v : dense.getValues<bool>())
      bytes[i++] = v ? 1 : 0;
    return bytes;
  }
  size_t eltBytes = elt.getIntOrFloatBitWidth() / 8;
  ArrayRef<char> raw = dense.getRawData();
  if (dense.isSplat()) {
    for (int64_t off = 0; off + static_cast<int64_t>(eltBytes) <= size;
         off += eltBytes)
      std::memcpy(bytes.data() + off, raw.data(), eltBytes);
  } else if (!raw.empty()) {
    // An empty constant has no data pointer to copy from.
    std::memcpy(bytes.data(), raw.data(),
                std::min<size_t>(raw.size(), bytes.size()));
  }
  return bytes;
}

/// The bytes `dispatch` reads and writes: the sum of its views' byte sizes
/// (a view passed twice counts twice), saturated.
static uint64_t dispatchBytes(lir::DispatchOp dispatch) {
  uint64_t total = 0;
  for (Value arg : dispatch.getArgs()) {
    std::optional<int64_t> bytes =
        checkedByteSize(cast<ShapedType>(arg.getType()));
    if (!bytes)
      return std::numeric_limits<uint64_t>::max();
    total = llvm::SaturatingAdd(total, static_cast<uint64_t>(*bytes));
  }
  return total;
}

/// The arena bytes each operand of `dispatch` sees (a lir.view: its offset
/// and byte size; the LIR verifier keeps both inside the arena). The CPU
/// code's footprint (rlx-outline-dispatches) records the same ranges, and
/// the runtime compares the two.
static std::vector<::rlx::ArenaRange> dispatchViews(lir::DispatchOp dispatch) {
  std::vector<::rlx::ArenaRange> views;
  for (Value arg : dispatch.getArgs()) {
    // Schedules hold only views and dispatches (lir.schedule C1), and
    // lir.view's type is bounded: the byte size fits.
    auto view = arg.getDefiningOp<lir::ViewOp>();
    std::optional<int64_t> bytes =
        checkedByteSize(cast<ShapedType>(arg.getType()));
    views.push_back({view.getOffset(), static_cast<uint64_t>(*bytes)});
  }
  return views;
}

/// The kernel's FLOPs (rlx.flops; 0 without it).
static uint64_t kernelFlops(lir::KernelOp kernel) {
  auto flops = kernel->getAttrOfType<IntegerAttr>(kFlopsAttrName);
  if (!flops || flops.getInt() < 0)
    return 0;
  return static_cast<uint64_t>(flops.getInt());
}

::rlx::Expected<::rlx::Manifest> manifestFromLIR(ModuleOp module) {
  auto programs = module.getOps<lir::ProgramOp>();
  if (std::distance(programs.begin(), programs.end()) != 1)
    return ::rlx::Status(::rlx::StatusCode::internal,
                         "expected exactly one lir.program in the module");
  lir::ProgramOp program = *programs.begin();
  ::rlx::Manifest manifest;
  manifest.name = program.getSymName().str();
  manifest.arenaSize = program.getArenaSizeAttr().getInt();
  manifest.alignment = program.getAlignmentAttr().getInt();
  for (auto io : program.getBody().front().getOps<lir::IOOp>()) {
    MemRefType type = io.getMemRefType();
    std::optional<::rlx::DType> dtype = dtypeOf(type.getElementType());
    if (!dtype)
      return ::rlx::Status(::rlx::StatusCode::unimplemented,
                           "slot '" + io.getName().str() +
                               "' has an element type the runtime lacks");
    ::rlx::Slot slot;
    slot.name = io.getName().str();
    slot.role = roleOf(io.getKind());
    slot.dtype = *dtype;
    slot.shape.assign(type.getShape().begin(), type.getShape().end());
    slot.offset = io.getOffsetAttr().getInt();
    slot.size = slot.elementCount() * ::rlx::dtypeSize(*dtype);
    if (std::optional<uint64_t> panels = io.getPanels())
      slot.panelWidth = static_cast<int64_t>(*panels);
    if (std::optional<Type> given = io.getGiven())
      slot.givenAs = dtypeOf(*given); // lir.io C7: f32
    if (std::optional<ArrayRef<int64_t>> permuted = io.getPermuted())
      slot.permutation.assign(permuted->begin(), permuted->end());
    slot.state = io.getState();
    if (auto value = io.getValueAttr())
      slot.data = constantBytes(value, slot.size);
    manifest.slots.push_back(std::move(slot));
  }
  int index = 0;
  for (auto schedule : program.getBody().front().getOps<lir::ScheduleOp>()) {
    for (auto dispatch : schedule.getBody().front().getOps<lir::DispatchOp>()) {
      auto kernel = program.lookupSymbol<lir::KernelOp>(dispatch.getKernel());
      ::rlx::Dispatch d;
      d.symbol = "rlx_dispatch_" + std::to_string(index++);
      d.kernel = dispatch.getKernel().str();
      ArrayRef<int64_t> grid = kernel.getGrid();
      for (size_t i = 0; i < grid.size() && i < 3; ++i)
        d.grid[i] = grid[i];
      d.flops = kernelFlops(kernel);
      d.bytes = dispatchBytes(dispatch);
      d.views = dispatchViews(dispatch);
      manifest.dispatches.push_back(std::move(d));
    }
  }
  return manifest;
}

} // namespace mlir::rlx
