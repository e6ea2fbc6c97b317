//===- ManifestVerifier.cpp - The rules every loadable manifest obeys -----===//
#include "runtime/ManifestVerifier.h"

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

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

/// "[64, 128)"; `end` is computed by the caller only once it cannot wrap.
std::string rangeString(uint64_t begin, uint64_t end) {
  return "[" + std::to_string(begin) + ", " + std::to_string(end) + ")";
}

/// Whether [offset, offset + size) lies inside an arena of `arenaSize`
/// bytes; written so that neither side can wrap around.
bool insideArena(uint64_t offset, uint64_t size, uint64_t arenaSize) {
  return offset <= arenaSize && size <= arenaSize - offset;
}

/// No two slots with bytes share one. Slots have been checked to lie inside
/// the arena, so no end wraps around.
Status verifySlotsDisjoint(const Manifest &manifest) {
  std::vector<size_t> order;
  for (size_t i = 0; i < manifest.slots.size(); ++i)
    if (manifest.slots[i].size)
      order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return manifest.slots[a].offset < manifest.slots[b].offset;
  });
  // The slot reaching furthest so far: any later slot that starts before its
  // end overlaps it.
  const Slot *furthest = nullptr;
  size_t furthestIndex = 0;
  for (size_t i : order) {
    const Slot &slot = manifest.slots[i];
    if (furthest && slot.offset < furthest->offset + furthest->size) {
      size_t a = std::min(i, furthestIndex), b = std::max(i, furthestIndex);
      const Slot &first = manifest.slots[a];
      const Slot &second = manifest.slots[b];
      return invalid(slotLabel(b, second) + ": bytes " +
                     rangeString(second.offset, second.offset + second.size) +
                     " overlap " + slotLabel(a, first) + " at " +
                     rangeString(first.offset, first.offset + first.size));
    }
    if (!furthest ||
        slot.offset + slot.size > furthest->offset + furthest->size) {
      furthest = &slot;
      furthestIndex = i;
    }
  }
  return Status::ok();
}

Status verifyDispatch(size_t index, const Dispatch &dispatch,
                      const Manifest &manifest) {
  if (dispatch.symbol.empty())
    return invalid("dispatch " + std::to_string(index) + ": empty symbol");
  std::string label = dispatchLabel(index, dispatch);
  int64_t points = 1;
  for (size_t d = 0; d < 3; ++d) {
    int64_t n = dispatch.grid[d];
    if (n < 1)
      return invalid(label + ": grid[" + std::to_string(d) + "] is " +
                     std::to_string(n) + " (must be >= 1)");
    if (__builtin_mul_overflow(points, n, &points) || points > kMaxGridPoints)
      return invalid(label + ": grid " +
                     shapeString(std::vector<int64_t>(dispatch.grid.begin(),
                                                      dispatch.grid.end())) +
                     " has more than 2^31 (" + std::to_string(kMaxGridPoints) +
                     ") points, the limit");
  }
  for (size_t v = 0; v < dispatch.views.size(); ++v) {
    const ArenaRange &view = dispatch.views[v];
    std::string where = label + " view " + std::to_string(v);
    if (!insideArena(view.offset, view.size, manifest.arenaSize))
      return invalid(where + ": offset " + std::to_string(view.offset) +
                     " + size " + std::to_string(view.size) +
                     " exceeds arena size " +
                     std::to_string(manifest.arenaSize));
    uint64_t end = view.offset + view.size;
    for (size_t i = 0; i < manifest.slots.size(); ++i) {
      const Slot &slot = manifest.slots[i];
      // Inputs and params are read where the caller holds them (the CPU's
      // slot table), so a view of one must lie inside it.
      if (slot.role != SlotRole::input && slot.role != SlotRole::param)
        continue;
      uint64_t slotEnd = slot.offset + slot.size;
      bool overlaps = view.offset < slotEnd && slot.offset < end;
      bool inside = view.offset >= slot.offset && end <= slotEnd;
      if (overlaps && !inside)
        return invalid(where + ": bytes " + rangeString(view.offset, end) +
                       " cross the edge of " + slotRoleName(slot.role) + " " +
                       slotLabel(i, slot) + " at " +
                       rangeString(slot.offset, slotEnd) + " (a view of " +
                       (slot.role == SlotRole::input ? "an input" : "a param") +
                       " lies inside it)");
    }
  }
  return Status::ok();
}

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
  if (slot.panelWidth != 0)
    if (const char *problem =
            panelLayoutProblem(slot.role, slot.dtype, slot.shape.data(),
                               slot.shape.size(), slot.panelWidth))
      return invalid(label + ": panel width " +
                     std::to_string(slot.panelWidth) + ": " + problem);
  if (slot.givenAs) {
    auto given = static_cast<uint8_t>(*slot.givenAs);
    if (given > static_cast<uint8_t>(DType::i1))
      return invalid(label + ": given dtype " + std::to_string(given) +
                     " is out of range (0..7)");
    if (const char *problem =
            givenDTypeProblem(slot.role, slot.dtype, *slot.givenAs))
      return invalid(label + ": " + dtypeName(slot.dtype) + " given as " +
                     dtypeName(*slot.givenAs) + ": " + problem);
  }
  if (!slot.permutation.empty())
    if (const char *problem = permutationProblem(
            slot.role, slot.state, slot.shape.size(), slot.permutation.data(),
            slot.permutation.size()))
      return invalid(label + ": permutation " + shapeString(slot.permutation) +
                     ": " + problem);
  if (slot.state &&
      (slot.role != SlotRole::param || slot.storedDiffersFromGiven()))
    return invalid(label + ": only a param stored as given (no panels, no "
                           "conversion) can be state");
  if (slot.offset % manifest.alignment)
    return invalid(label + ": offset " + std::to_string(slot.offset) +
                   " is not a multiple of the alignment " +
                   std::to_string(manifest.alignment));
  if (!insideArena(slot.offset, slot.size, manifest.arenaSize))
    return invalid(label + ": offset " + std::to_string(slot.offset) +
                   " + size " + std::to_string(slot.size) +
                   " exceeds arena size " + std::to_string(manifest.arenaSize));
  if (slot.role == SlotRole::constant) {
    // Its bytes, or one element repeated (a splat); the size is a whole
    // number of elements (checked above).
    if (slot.data.size() != slot.size &&
        !(slot.size > 0 && slot.data.size() == dtypeSize(slot.dtype)))
      return invalid(
          label + ": constant carries " + std::to_string(slot.data.size()) +
          " bytes of data, expected size " + std::to_string(slot.size) +
          " (or one " + dtypeName(slot.dtype) + " element, a splat)");
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
  if (Status s = verifySlotsDisjoint(manifest); !s)
    return s;
  for (size_t i = 0; i < manifest.dispatches.size(); ++i)
    if (Status s = verifyDispatch(i, manifest.dispatches[i], manifest); !s)
      return s;
  return Status::ok();
}

int64_t gridPointCount(const Dispatch &dispatch) {
  return dispatch.grid[0] * dispatch.grid[1] * dispatch.grid[2];
}

} // namespace rlx::runtime
