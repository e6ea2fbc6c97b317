//===- Enums.cpp - Op kinds shared by the HIR and MIR dialects ------------===//
#include "dialects/Common/Enums.h"

#include "dialects/Common/Enums.cpp.inc"
