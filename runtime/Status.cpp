//===- Status.cpp - Errors as values --------------------------------------===//
#include "rlx/Status.h"

#include <cstdio>
#include <cstdlib>

namespace rlx {

void detail::badExpectedAccess(const std::string &why) {
  std::fprintf(stderr,
               "rlx: the value of an Expected holding an error was used: %s\n",
               why.c_str());
  std::abort();
}

const char *statusCodeName(StatusCode code) {
  switch (code) {
  case StatusCode::ok:
    return "ok";
  case StatusCode::invalid_argument:
    return "invalid_argument";
  case StatusCode::not_found:
    return "not_found";
  case StatusCode::out_of_range:
    return "out_of_range";
  case StatusCode::resource_exhausted:
    return "resource_exhausted";
  case StatusCode::failed_precondition:
    return "failed_precondition";
  case StatusCode::incompatible:
    return "incompatible";
  case StatusCode::data_loss:
    return "data_loss";
  case StatusCode::unavailable:
    return "unavailable";
  case StatusCode::unimplemented:
    return "unimplemented";
  case StatusCode::internal:
    return "internal";
  }
  return "unknown";
}

std::string Status::toString() const {
  if (isOk())
    return "ok";
  return std::string(statusCodeName(code_)) + ": " + message_;
}

} // namespace rlx
