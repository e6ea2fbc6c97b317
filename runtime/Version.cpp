//===- Version.cpp - rlx's version and artifact format version ------------===//
#include "rlx/Version.h"

#include "runtime/Artifact.h"

const char *rlx::version() { return RLX_VERSION_STRING; }

uint32_t rlx::artifactFormatVersion() {
  return runtime::kArtifactFormatVersion;
}
