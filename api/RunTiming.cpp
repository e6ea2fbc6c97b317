//===- RunTiming.cpp - Timing runs of a compiled graph --------------------===//
#include "api/RunTiming.h"

#include <algorithm>
#include <chrono>
#include <cstring>

namespace rlx {

Status fillGraph(CompiledGraph &graph, bool ones,
                 std::vector<std::vector<uint8_t>> &storage,
                 std::vector<const void *> &inputs) {
  const Manifest &m = graph.manifest();
  storage.clear();
  storage.reserve(m.slots.size());
  inputs.clear();
  for (const Slot &slot : m.slots) {
    if (slot.role != SlotRole::input && slot.role != SlotRole::param)
      continue;
    // A param's values as given (f32 for one stored in f16 / bf16).
    DType dtype = slot.givenDType();
    std::vector<uint8_t> bytes(slot.elementCount() * dtypeSize(dtype), 0);
    if (ones && dtype == DType::f32) {
      const float one = 1.0f;
      for (size_t off = 0; off + sizeof(float) <= bytes.size();
           off += sizeof(float))
        std::memcpy(bytes.data() + off, &one, sizeof(float));
    }
    storage.push_back(std::move(bytes));
    if (slot.role == SlotRole::param) {
      if (Status s = graph.setParamTyped(slot.name, storage.back().data(),
                                         storage.back().size(), dtype);
          !s)
        return s;
    } else {
      inputs.push_back(storage.back().data());
    }
  }
  return Status::ok();
}

Expected<double> medianRunMicros(CompiledGraph &graph,
                                 const std::vector<const void *> &inputs,
                                 int runs) {
  using Clock = std::chrono::steady_clock;
  auto once = [&]() -> Expected<double> {
    auto start = Clock::now();
    Expected<OutputViews> out = graph.runSlots(inputs);
    if (!out)
      return out.status();
    return std::chrono::duration<double, std::micro>(Clock::now() - start)
        .count();
  };
  Expected<double> first = once(); // warm-up
  if (!first)
    return first;
  if (runs <= 0)
    runs = static_cast<int>(
        std::clamp(20000.0 / std::max(*first, 1.0), 5.0, 50.0));
  std::vector<double> times;
  for (int i = 0; i < runs; ++i) {
    Expected<double> t = once();
    if (!t)
      return t;
    times.push_back(*t);
  }
  std::nth_element(times.begin(), times.begin() + times.size() / 2,
                   times.end());
  return times[times.size() / 2];
}

} // namespace rlx
