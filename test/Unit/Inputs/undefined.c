/*===- undefined.c - A kernel calling a function nobody defines -----------===*/
/* Its object links only if rlx_test_no_such_function resolves, which it never
 * does: CpuExecutableTest checks the load error names it. */
#include <stdint.h>

void rlx_test_no_such_function(void *arena);

void rlx_dispatch_0(void *arena, int64_t x, int64_t y, int64_t z) {
  rlx_test_no_such_function(arena);
}
