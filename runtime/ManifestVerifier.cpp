//===- ManifestVerifier.cpp - The rules every loadable manifest obeys -----===//
#include "runtime/ManifestVerifier.h"

#include <set>
#include <string>
#include <utility>

namespace rlx::runtime {

namespace {

Status invalid(std::string message) {
  return Status(StatusCode::invalid_argument, std::move(message));
}

std::string slotLabel(size_t index, const Slot &slot) {
  return "slot " + std::to_string(index) + " ('" + slot.name + "')";
}

std::string dispatchLabel(size_t index, const Dispatch &dispatch) {
  return "dispatch " + std::to_string(index) + " ('" + dispatch.symbol + "')";
}

std::string shapeString(const std::vector<int64_t> &shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      s += ", ";
    s += std::to_string(shape[i]);
  }
  return s + "]";
}

bool isPowerOfTwo(uint64_t v) { return v && !(v & (v - 1)); }

Status verifySlot(size_t index, const Slot &slot, const Manifest &manifest) {
  std::string label = slotLabel(index, slot);
  if (const char *problem = slotNameProblem(slot.name))
    return invalid("slot " + std::to_string(index) + ": the name " + problem);
  auto role = static_cast<uint8_t>(slot.role);
  if (role > static_cast<uint8_t>(SlotRole::constant))
    return invalid(label + ": role " + std::to_string(role) +
                   " is out of range (0..3)");
  auto dtype = static_cast<uint8_t>(slot.dtype);
  if (dtype > static_cast<uint8_t>(DType::i1))
    return invalid(label + ": dtype " + std::to_string(dtype) +
                   " is out of range (0..7)");
  if (slot.shape.size() > kMaxRank)
    return invalid(label + ": rank " + std::to_string(slot.shape.size()) +
                   " exceeds the maximum rank " + std::to_string(kMaxRank));

  // Slot::elementCount() multiplies blindly; recompute with overflow checks.
  int64_t count = 1;
  for (size_t d = 0; d < slot.shape.size(); ++d) {
    int64_t dim = slot.shape[d];
    if (dim < 0)
      return invalid(label + ": dim " + std::to_string(d) + " is " +
                     std::to_string(dim) + " (must be >= 0)");
    if (__builtin_mul_overflow(count, dim, &count))
      return invalid(label + ": element count of shape " +
                     shapeString(slot.shape) + " overflows int64");
  }
  int64_t bytes = 0;
  if (__builtin_mul_overflow(count, static_cast<int64_t>(dtypeSize(slot.dtype)),
                             &bytes))
    return invalid(label + ": byte size of shape " + shapeString(slot.shape) +
                   " x " + dtypeName(slot.dtype) + " overflows int64");
  if (slot.size != static_cast<uint64_t>(bytes))
    return invalid(label + ": size " + std::to_string(slot.size) +
                   " != " + std::to_string(bytes) + " bytes of " +
                   dtypeName(slot.dtype) + shapeString(slot.shape));
  if (slot.offset % manifest.alignment)
    return invalid(label + ": offset " + std::to_string(slot.offset) +
                   " is not a multiple of the alignment " +
                   std::to_string(manifest.alignment));
  // Written so that neither side can wrap around.
  if (slot.offset > manifest.arenaSize ||
      slot.size > manifest.arenaSize - slot.offset)
    return invalid(label + ": offset " + std::to_string(slot.offset) +
                   " + size " + std::to_string(slot.size) +
                   " exceeds arena size " + std::to_string(manifest.arenaSize));
  if (slot.role == SlotRole::constant) {
    if (slot.data.size() != slot.size)
      return invalid(
          label + ": constant carries " + std::to_string(slot.data.size()) +
          " bytes of data, expected size " + std::to_string(slot.size));
  } else if (!slot.data.empty()) {
    return invalid(label + ": " + slotRoleName(slot.role) + " slot carries " +
                   std::to_string(slot.data.size()) +
                   " bytes of data (only constants may)");
  }
  return Status::ok();
}

} // namespace

Status verifyManifest(const Manifest &manifest) {
  if (!isPowerOfTwo(manifest.alignment) || manifest.alignment > kMaxAlignment)
    return invalid("alignment " + std::to_string(manifest.alignment) +
                   " is not a power of two in [1, " +
                   std::to_string(kMaxAlignment) + "]");
  std::set<std::pair<SlotRole, std::string>> seen;
  for (size_t i = 0; i < manifest.slots.size(); ++i) {
    const Slot &slot = manifest.slots[i];
    if (Status s = verifySlot(i, slot, manifest); !s)
      return s;
    // Slots are bound by (role, name): a duplicate would be unreachable.
    if (!seen.emplace(slot.role, slot.name).second)
      return invalid(slotLabel(i, slot) + ": duplicate " +
                     slotRoleName(slot.role) + " name");
  }
  for (size_t i = 0; i < manifest.dispatches.size(); ++i) {
    const Dispatch &dispatch = manifest.dispatches[i];
    if (dispatch.symbol.empty())
      return invalid("dispatch " + std::to_string(i) + ": empty symbol");
    int64_t points = 1;
    for (size_t d = 0; d < 3; ++d) {
      int64_t n = dispatch.grid[d];
      if (n < 1)
        return invalid(dispatchLabel(i, dispatch) + ": grid[" +
                       std::to_string(d) + "] is " + std::to_string(n) +
                       " (must be >= 1)");
      if (__builtin_mul_overflow(points, n, &points))
        return invalid(dispatchLabel(i, dispatch) +
                       ": grid point count overflows int64");
    }
  }
  return Status::ok();
}

int64_t gridPointCount(const Dispatch &dispatch) {
  return dispatch.grid[0] * dispatch.grid[1] * dispatch.grid[2];
}

} // namespace rlx::runtime
