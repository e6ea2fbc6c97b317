/*===- undefined.c - A kernel calling a function nobody defines -----------===*/
/* Its object links only if rlx_test_no_such_function resolves, which it never
 * does: CpuExecutableTest checks the load error names it. */
#include <stdint.h>

#include "runtime/KernelAbi.h"

void rlx_test_no_such_function(void *arena);

const int64_t RLX_DISPATCH_FOOTPRINT(0)[] = {1, 1, 1, 0};
void RLX_DISPATCH_NAME(0)(RLX_DISPATCH_PARAMS) {
  rlx_test_no_such_function(arena);
}
