//===- InputLimits.cpp - Checks on IR text before MLIR parses it ----------===//
#include "dialects/Common/InputLimits.h"

namespace mlir::rlx {

std::string checkNestingDepth(llvm::StringRef text, int maxDepth) {
  int depth = 0, line = 1, column = 0;
  bool inString = false, inComment = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    ++column;
    if (c == '\n') {
      ++line;
      column = 0;
      inComment = false;
      continue;
    }
    if (inComment)
      continue;
    if (inString) {
      if (c == '\\')
        ++i, ++column;
      else if (c == '"')
        inString = false;
      continue;
    }
    switch (c) {
    case '"':
      inString = true;
      break;
    case '/':
      if (i + 1 < text.size() && text[i + 1] == '/')
        inComment = true;
      break;
    case '{':
    case '(':
    case '[':
      if (++depth > maxDepth)
        return "input nests deeper than " + std::to_string(maxDepth) +
               " levels of {, ( and [ at line " + std::to_string(line) +
               ", column " + std::to_string(column) +
               "; rlx refuses it before parsing to avoid a stack overflow";
      break;
    case '}':
    case ')':
    case ']':
      if (depth > 0)
        --depth;
      break;
    default:
      break;
    }
  }
  return {};
}

} // namespace mlir::rlx
