/*===- KernelAbi.h - The one definition of the CPU kernel ABI --------------===*
 *
 * How compiled CPU code and the runtime meet: the entry point of each
 * dispatch, its symbol name, its arguments and the slot table. Code
 * generation (conversion/LIRToLLVM), manifest building (api/), the runtime
 * (runtime/cpu) and hand-written test kernels all include this header, so the
 * ABI is written down once (docs/CPUBackend.md, "Code ABI").
 *
 * C-compatible (test kernels are C); MLIR-free. Changing anything here that
 * compiled code depends on bumps RLX_KERNEL_ABI_VERSION: artifacts record the
 * version they were compiled against and the loader refuses another one.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RLX_RUNTIME_KERNELABI_H
#define RLX_RUNTIME_KERNELABI_H

#include <stdint.h>

/* Version 1: `void rlx_dispatch_<i>(arena, inputs, x, y, z)`.
 * Version 2: each dispatch function also exports its footprint (below).
 * Version 3: the table holds the params after the inputs; the code reads
 *            params only through it, never from the arena.
 * Version 4: a param may be stored in matmul panels (below); footprints
 *            give each view's panel width.
 * Version 5: a bf16 param may be stored in pair panels (below). */
#define RLX_KERNEL_ABI_VERSION 5

/* The parameters of every dispatch entry point, in order:
 *   arena   the executable's arena (constants, outputs, temporaries, and
 *           the input slots a run without a table reads);
 *   slots   the slot table: slots[j] is where the data of the program's
 *           j-th input slot (manifest order) is, then slots[I + k] where
 *           its k-th param slot's data is (I inputs); at least one entry;
 *   x y z   the workgroup's coordinate in the dispatch's grid. */
#define RLX_DISPATCH_PARAMS                                                    \
  void *arena, const void *const *slots, int64_t x, int64_t y, int64_t z

/* The symbol of dispatch `index` of a program, for C definitions:
 * `void RLX_DISPATCH_NAME(0)(RLX_DISPATCH_PARAMS) { ... }`. */
#define RLX_DISPATCH_NAME(index) rlx_dispatch_##index

typedef void (*rlx_dispatch_fn)(RLX_DISPATCH_PARAMS);

/* The footprint of dispatch function `S`: an exported constant array of
 * int64_t named `S_footprint` that says what the code was compiled to touch:
 *
 *   grid x, grid y, grid z, view count,
 *   then per view (kernel argument, in order): input, offset, size, panels
 *
 * where `input` is RLX_FOOTPRINT_ARENA for a view of the arena (`offset` in
 * the arena) or j for a view of the memory of slot table entry j (an input
 * or a param; `offset` within that slot), and `panels` the panel width the
 * code reads that slot's bytes in (0: row-major; "Matmul panels" below).
 * The loader compares it with the manifest's grid, views and panel widths,
 * so an edited manifest cannot make valid code run past a buffer; a
 * dispatch symbol without a footprint is not loaded. */
#define RLX_FOOTPRINT_SUFFIX "_footprint"
#define RLX_FOOTPRINT_HEADER 4
#define RLX_FOOTPRINT_VIEW_FIELDS 4
#define RLX_FOOTPRINT_ARENA (-1)

/* The footprint of RLX_DISPATCH_NAME(index), for C definitions:
 * `const int64_t RLX_DISPATCH_FOOTPRINT(0)[] = {...};`. */
#define RLX_DISPATCH_FOOTPRINT(index) rlx_dispatch_##index##_footprint

/* Matmul panels: the layout of a param that the code reads only as the B
 * operand of matmuls (manifest Slot::panelWidth W > 0). The param is an f32
 * matrix [K, N] with N a multiple of W, stored as N / W column panels one
 * after the other, each K rows of W contiguous floats: element (k, n) is at
 *
 *   ((n / W) * K + k) * W + n % W
 *
 * which is how the matmul microkernel streams B (one panel row per k), so a
 * panel needs no packing when the code runs: the runtime packs the param
 * once, when it is set (rlx_pack_panels). Same bytes as row-major. */
static inline void rlx_pack_panels(const float *rowMajor, float *panels,
                                   int64_t rows, int64_t cols, int64_t width) {
  for (int64_t panel = 0; panel < cols / width; ++panel)
    for (int64_t k = 0; k < rows; ++k)
      for (int64_t j = 0; j < width; ++j)
        panels[(panel * rows + k) * width + j] =
            rowMajor[k * cols + panel * width + j];
}

/* bf16 pair panels: the layout of a bf16 param stored in panels of W, for
 * code that multiplies with AVX512-BF16's dot product (vdpbf16ps), which
 * takes B two rows at a time, rows k and k + 1 interleaved lane by lane.
 * The param is a bf16 matrix [K, N] with K even and N a multiple of W,
 * stored as N / W column panels, each K / 2 pair rows of 2W bf16: element
 * (k, n) is at
 *
 *   ((n / W) * (K / 2) + k / 2) * 2W + 2 * (n % W) + k % 2
 *
 * Same bytes as row-major (rlx_pack_pair_panels, on the bf16 bits). */
static inline void rlx_pack_pair_panels(const uint16_t *rowMajor,
                                        uint16_t *panels, int64_t rows,
                                        int64_t cols, int64_t width) {
  for (int64_t panel = 0; panel < cols / width; ++panel)
    for (int64_t k = 0; k < rows; ++k)
      for (int64_t j = 0; j < width; ++j)
        panels[(panel * (rows / 2) + k / 2) * 2 * width + 2 * j + k % 2] =
            rowMajor[k * cols + panel * width + j];
}

#ifdef __cplusplus
#include <cstddef>
#include <string>
#include <string_view>

namespace rlx::abi {

constexpr uint32_t kKernelAbiVersion = RLX_KERNEL_ABI_VERSION;

using DispatchFn = rlx_dispatch_fn;

/// Positions of the entry point's parameters (RLX_DISPATCH_PARAMS).
enum DispatchParam : unsigned {
  kArenaParam = 0,
  kSlotsParam = 1,
  /// x; y and z follow.
  kFirstCoordinateParam = 2,
  kDispatchParamCount = 5,
};

#define RLX_ABI_STR(x) #x
#define RLX_ABI_XSTR(x) RLX_ABI_STR(x)
/// "rlx_dispatch_", spelled by the same macro as the C definitions.
constexpr std::string_view kDispatchSymbolPrefix =
    RLX_ABI_XSTR(RLX_DISPATCH_NAME());
#undef RLX_ABI_XSTR
#undef RLX_ABI_STR

/// The exported symbol of dispatch `index` (schedule order) of `program`:
/// `rlx_dispatch_<index>`, or `<program>_rlx_dispatch_<index>` when one object
/// holds several programs. The index is the last `_`-separated field and all
/// digits, so distinct (program, index) pairs never share a name.
inline std::string dispatchSymbol(std::string_view program, unsigned index,
                                  bool prefixWithProgram) {
  std::string name(kDispatchSymbolPrefix);
  name += std::to_string(index);
  if (!prefixWithProgram)
    return name;
  return std::string(program) + "_" + name;
}

/// The footprint symbol of dispatch function `symbol`: `<symbol>_footprint`.
/// It never names a dispatch function, whose names end in digits.
inline std::string footprintSymbol(std::string_view symbol) {
  return std::string(symbol) + RLX_FOOTPRINT_SUFFIX;
}

/// Entries of the slot table of a program with `tableSlots` input and
/// param slots: one per slot, and one unused entry when there is none (the
/// code reads the table as a memref of at least one element).
constexpr size_t slotTableSize(size_t tableSlots) {
  return tableSlots == 0 ? 1 : tableSlots;
}

} // namespace rlx::abi
#endif

#endif /* RLX_RUNTIME_KERNELABI_H */
