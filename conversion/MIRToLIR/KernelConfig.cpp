//===- KernelConfig.cpp - How a target wants its kernels ------------------===//
#include "conversion/MIRToLIR/KernelConfig.h"

#include "conversion/MIRToLIR/KernelConfig.cpp.inc"
