/*===- forbidden.c - A kernel calling a process function off the list ----===*/
/* puts is in every process, but not on the runtime's allow-list of support
 * functions (runtime/cpu/SupportSymbols.h): CpuExecutableTest checks the
 * object does not link. */
#include <stdint.h>
#include <stdio.h>

#include "runtime/KernelAbi.h"

const int64_t RLX_DISPATCH_FOOTPRINT(0)[] = {1, 1, 1, 0};
void RLX_DISPATCH_NAME(0)(RLX_DISPATCH_PARAMS) { puts("rlx: escaped"); }
