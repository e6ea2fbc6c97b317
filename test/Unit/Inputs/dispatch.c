/*===- dispatch.c - Hand-written kernels in the rlx CPU kernel ABI --------===*/
/* Compiled to an object file at build time and linked by CpuExecutable
 * through ORC, standing in for what -rlx-lir-to-llvm emits. The entry points
 * are declared with runtime/KernelAbi.h, the one definition of the ABI. */
#include <math.h>
#include <stdint.h>

#include "DispatchLayout.h"
#include "runtime/KernelAbi.h"

static float *slot(void *arena, int64_t offset) {
  return (float *)((char *)arena + offset);
}

/* Each dispatch's footprint (runtime/KernelAbi.h): its grid, then per view
 * the table slot it reads (or RLX_FOOTPRINT_ARENA), offset and size. */
#define BYTES (RLX_TEST_N * 4)
#define GRID (RLX_TEST_N / RLX_TEST_CHUNK), 1, 1

/* output = 2 * input, grid (N / CHUNK, 1, 1). */
const int64_t RLX_DISPATCH_FOOTPRINT(0)[] = {
    GRID,  2, 0, 0, BYTES, 0, RLX_FOOTPRINT_ARENA, RLX_TEST_OUTPUT_OFFSET,
    BYTES, 0};
void RLX_DISPATCH_NAME(0)(RLX_DISPATCH_PARAMS) {
  /* The input is where the slot table says (its arena slot by default). */
  const float *in = (const float *)slots[0];
  float *out = slot(arena, RLX_TEST_OUTPUT_OFFSET);
  for (int64_t i = x * RLX_TEST_CHUNK; i < (x + 1) * RLX_TEST_CHUNK; ++i)
    out[i] = 2.0f * in[i];
}

/* output += constant, grid (N / CHUNK, 1, 1). */
const int64_t RLX_DISPATCH_FOOTPRINT(1)[] = {
    GRID,  2, RLX_FOOTPRINT_ARENA, RLX_TEST_CONSTANT_OFFSET,
    BYTES, 0, RLX_FOOTPRINT_ARENA, RLX_TEST_OUTPUT_OFFSET,
    BYTES, 0};
void RLX_DISPATCH_NAME(1)(RLX_DISPATCH_PARAMS) {
  const float *c = slot(arena, RLX_TEST_CONSTANT_OFFSET);
  float *out = slot(arena, RLX_TEST_OUTPUT_OFFSET);
  for (int64_t i = x * RLX_TEST_CHUNK; i < (x + 1) * RLX_TEST_CHUNK; ++i)
    out[i] += c[i];
}

/* exp_out = expf(output), grid (2, 2, 2): one eighth of N per point, so all
 * three grid coordinates pick the share, and expf comes from the process. */
const int64_t RLX_DISPATCH_FOOTPRINT(2)[] = {2,
                                             2,
                                             2,
                                             2,
                                             RLX_FOOTPRINT_ARENA,
                                             RLX_TEST_OUTPUT_OFFSET,
                                             BYTES,
                                             0,
                                             RLX_FOOTPRINT_ARENA,
                                             RLX_TEST_EXP_OFFSET,
                                             BYTES,
                                             0};
void RLX_DISPATCH_NAME(2)(RLX_DISPATCH_PARAMS) {
  const float *in = slot(arena, RLX_TEST_OUTPUT_OFFSET);
  float *out = slot(arena, RLX_TEST_EXP_OFFSET);
  int64_t part = (z * 2 + y) * 2 + x;
  int64_t n = RLX_TEST_N / 8;
  for (int64_t i = part * n; i < (part + 1) * n; ++i)
    out[i] = expf(in[i]);
}

/* A gate for the concurrent-run test: sets the int at arena offset 0 and
 * spins until the test sets the int at offset 4. */
const int64_t RLX_DISPATCH_FOOTPRINT(gate)[] = {1, 1, 1, 1, RLX_FOOTPRINT_ARENA,
                                                0, 8, 0};
void RLX_DISPATCH_NAME(gate)(RLX_DISPATCH_PARAMS) {
  int *entered = (int *)arena;
  int *release = (int *)((char *)arena + 4);
  __atomic_store_n(entered, 1, __ATOMIC_SEQ_CST);
  while (!__atomic_load_n(release, __ATOMIC_SEQ_CST)) {
  }
}

/* An exported function that is not a dispatch (it has no footprint): a
 * manifest naming it is refused. */
void rlx_test_not_a_dispatch(void *arena) { *(int *)arena = 1; }
