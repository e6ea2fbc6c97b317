//===- SessionInternals.h - What api/ shares about CompiledGraph -*- C++
//-*-===//
#ifndef RLX_API_SESSIONINTERNALS_H
#define RLX_API_SESSIONINTERNALS_H

#include "api/Backend.h"
#include "rlx/Session.h"

namespace rlx {

/// `model` compiled for `device` by a Session of the model's precision and
/// lowering policy.
Expected<CompiledGraph> compileModel(Device device, const Model &model);

} // namespace rlx

#endif // RLX_API_SESSIONINTERNALS_H
