//===- Manifest.cpp - The ABI of a compiled graph -------------------------===//
#include "rlx/Manifest.h"

#include <algorithm>
#include <cstring>

namespace rlx {

size_t dtypeSize(DType dtype) {
  switch (dtype) {
  case DType::f64:
  case DType::i64:
    return 8;
  case DType::f32:
  case DType::i32:
    return 4;
  case DType::f16:
  case DType::bf16:
    return 2;
  case DType::i8:
  case DType::i1:
    return 1;
  }
  return 1;
}

const char *dtypeName(DType dtype) {
  switch (dtype) {
  case DType::f32:
    return "f32";
  case DType::f16:
    return "f16";
  case DType::bf16:
    return "bf16";
  case DType::f64:
    return "f64";
  case DType::i8:
    return "i8";
  case DType::i32:
    return "i32";
  case DType::i64:
    return "i64";
  case DType::i1:
    return "i1";
  }
  return "unknown";
}

const char *slotRoleName(SlotRole role) {
  switch (role) {
  case SlotRole::input:
    return "input";
  case SlotRole::param:
    return "param";
  case SlotRole::output:
    return "output";
  case SlotRole::constant:
    return "constant";
  }
  return "unknown";
}

int64_t Slot::elementCount() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

std::vector<int64_t> unpermutedShape(const std::vector<int64_t> &shape,
                                     const std::vector<int64_t> &permutation) {
  if (permutation.size() != shape.size())
    return shape;
  std::vector<int64_t> given(shape.size());
  for (size_t i = 0; i < shape.size(); ++i)
    given[static_cast<size_t>(permutation[i])] = shape[i];
  return given;
}

std::vector<int64_t> Slot::givenShape() const {
  return unpermutedShape(shape, permutation);
}

std::vector<const Slot *> Manifest::slotsWithRole(SlotRole role) const {
  std::vector<const Slot *> out;
  for (const Slot &s : slots)
    if (s.role == role)
      out.push_back(&s);
  return out;
}

const Slot *Manifest::findSlot(SlotRole role, const std::string &name) const {
  for (const Slot &s : slots)
    if (s.role == role && s.name == name)
      return &s;
  return nullptr;
}

bool Slot::isSplat() const {
  return role == SlotRole::constant && data.size() == dtypeSize(dtype) &&
         size > data.size();
}

void Slot::fillConstant(uint8_t *dest) const {
  if (!isSplat()) {
    std::memcpy(dest, data.data(), std::min<size_t>(data.size(), size));
    return;
  }
  size_t element = data.size();
  for (uint64_t at = 0; at + element <= size; at += element)
    std::memcpy(dest + at, data.data(), element);
}

} // namespace rlx
