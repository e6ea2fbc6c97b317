/*===- DispatchLayout.h - Arena layout shared by kernels and test ---------===*/
/* Included from C (the kernels) and C++ (CpuExecutableTest.cpp), so that the
 * hand-written kernels and the hand-built manifest agree on every offset. */
#ifndef RLX_TEST_UNIT_INPUTS_DISPATCHLAYOUT_H
#define RLX_TEST_UNIT_INPUTS_DISPATCHLAYOUT_H

/* N floats per slot, CHUNK floats per grid point of dispatches 0 and 1. */
#define RLX_TEST_N 256
#define RLX_TEST_CHUNK 64
/* Byte offsets of the f32[N] slots; each is 64-byte aligned. */
#define RLX_TEST_INPUT_OFFSET 0
#define RLX_TEST_CONSTANT_OFFSET 1024
#define RLX_TEST_OUTPUT_OFFSET 2048
#define RLX_TEST_EXP_OFFSET 3072
#define RLX_TEST_ARENA_SIZE 4096

#endif
