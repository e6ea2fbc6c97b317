//===- ManifestVerifier.h - The rules every loadable manifest obeys -------===//
//
// One place for the semantic rules on a manifest (sizes, offsets, enums,
// grids), shared by the artifact reader and by CpuExecutable::load, which
// also accepts manifests that never went through bytes.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_RUNTIME_MANIFESTVERIFIER_H
#define RLX_RUNTIME_MANIFESTVERIFIER_H

#include "rlx/Manifest.h"
#include "rlx/Status.h"

#include <cstdint>

namespace rlx::runtime {

/// The largest tensor rank a slot may have (RELIABILITY.md contract 3).
constexpr uint64_t kMaxRank = 16;
/// The largest arena alignment; more than a page buys nothing.
constexpr uint64_t kMaxAlignment = 4096;
/// The most grid points (workgroups) one dispatch may have: 2^31. The
/// compiler's grids are a few thousand at most (a workgroup is a share of
/// a kernel's work, not one element); an edited grid of 2^40 would keep
/// the runtime calling the kernel for days.
constexpr int64_t kMaxGridPoints = int64_t(1) << 31;

/// Checks that `manifest` is safe to execute against: the alignment is a
/// power of two in [1, kMaxAlignment]; every slot has a name unique within its
/// role, an in-range role and dtype, rank <= kMaxRank, non-negative dims whose
/// element count and byte size fit in int64, size == elementCount * dtypeSize,
/// an offset aligned to the alignment, [offset, offset + size) inside the
/// arena, and data of exactly `size` bytes for constants and none otherwise;
/// no two slots share a byte; every dispatch has a non-empty symbol, a grid
/// of entries >= 1 with at most kMaxGridPoints points, and views that lie
/// inside the arena, each either inside an input slot or clear of every
/// input slot (the CPU code reads an input's views from the caller's
/// buffer of the slot's size). Returns invalid_argument naming the first
/// field at fault, e.g. "slot 3 ('fc1.weight'): offset 4096 + size 8192
/// exceeds arena size 8192".
Status verifyManifest(const Manifest &manifest);

/// The number of grid points of `dispatch` (x * y * z); only meaningful once
/// verifyManifest accepted the manifest holding it.
int64_t gridPointCount(const Dispatch &dispatch);

} // namespace rlx::runtime

#endif // RLX_RUNTIME_MANIFESTVERIFIER_H
