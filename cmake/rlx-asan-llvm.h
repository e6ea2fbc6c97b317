/*===- rlx-asan-llvm.h - LLVM's allocator poisoning off in ASan builds ----===*
 *
 * Force-included into every C++ file of an RLX_SANITIZE=address,undefined
 * build (cmake/RlxHelpers.cmake). Under ASan, llvm/Support/Allocator.h's
 * BumpPtrAllocator poisons each new slab and unpoisons what it hands out.
 * Debian's libLLVM / libMLIR are not instrumented, so their copies of the
 * same inline code never unpoison: a slab that rlx's copy started (an MLIR
 * attribute storage, say) and MLIR's copy allocates from reads as poisoned,
 * and ASan reports a use-after-poison in correct code. With the two calls
 * no-ops, every copy behaves as the library's does; heap, stack and global
 * checks are unchanged.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RLX_CMAKE_RLX_ASAN_LLVM_H
#define RLX_CMAKE_RLX_ASAN_LLVM_H

/* Declared first, so that llvm/Support/Compiler.h's include of it is a
 * no-op and the macros below are not expanded inside its declarations. */
#include <sanitizer/asan_interface.h>

#define __asan_poison_memory_region(addr, size) ((void)(addr), (void)(size))
#define __asan_unpoison_memory_region(addr, size) ((void)(addr), (void)(size))

#endif
