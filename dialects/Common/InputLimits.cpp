//===- InputLimits.cpp - Checks on IR text before MLIR parses it ----------===//
#include "dialects/Common/InputLimits.h"

#include "llvm/ADT/StringMap.h"
#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace mlir::rlx {

namespace {

bool isIdentifierChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' ||
         c == '$' || c == '-';
}

class Scanner {
public:
  Scanner(llvm::StringRef text, int maxDepth)
      : text(text), maxDepth(maxDepth) {}

  std::string run() {
    for (i = 0; i < text.size() && error.empty(); ++i)
      step();
    return error;
  }

private:
  void fail(const std::string &what,
            const char *why = "to avoid a stack overflow or a runaway parse") {
    if (error.empty())
      error = what + " at line " + std::to_string(line) + ", column " +
              std::to_string(column) + "; rlx refuses it before parsing " + why;
  }

  /// The depth a bracket or an alias use reaches.
  void reach(int depthHere) {
    if (aliasDef)
      aliasDepth = std::max(aliasDepth, depthHere);
    if (depthHere > maxDepth)
      fail("input nests deeper than " + std::to_string(maxDepth) +
           " levels of {, (, [ and < (aliases count as deep as their "
           "definitions)");
  }

  void step() {
    char c = text[i];
    ++column;
    if (c == '\n') {
      ++line;
      column = 0;
      inComment = false;
      atLineStart = true;
      if (aliasDef && depth == 0)
        endAlias();
      return;
    }
    if (inComment)
      return;
    if (inString) {
      if (c == '\\')
        ++i, ++column;
      else if (c == '"')
        inString = false;
      return;
    }
    bool lineStart = atLineStart;
    if (!std::isspace(static_cast<unsigned char>(c)))
      atLineStart = false;
    switch (c) {
    case '"':
      inString = true;
      return;
    case '/':
      if (i + 1 < text.size() && text[i + 1] == '/')
        inComment = true;
      return;
    case '{':
    case '(':
    case '[':
    case '<':
      reach(++depth);
      return;
    case '>':
      // `->` and `>=` are not brackets.
      if ((i > 0 && text[i - 1] == '-') ||
          (i + 1 < text.size() && text[i + 1] == '='))
        return;
      [[fallthrough]];
    case '}':
    case ')':
    case ']':
      if (depth > 0)
        --depth;
      if (depth < affineDepth)
        affineDepth = -1;
      return;
    case '!':
    case '#':
      alias(lineStart);
      return;
    case '+':
    case '*':
    case '-':
      // A unary minus nests as deep as a binary one (`- - - d0`); the `->`
      // of a map counts once, harmlessly.
      affineOperator();
      return;
    default:
      break;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '?')
      shape();
    else if (std::isalpha(static_cast<unsigned char>(c)))
      word();
  }

  /// `!name` / `#name`: a definition at the start of a line, else a use.
  void alias(bool lineStart) {
    size_t start = i;
    size_t end = i + 1;
    while (end < text.size() && isIdentifierChar(text[end]))
      ++end;
    llvm::StringRef name = text.slice(start, end);
    column += end - i - 1;
    i = end - 1;
    if (name.size() < 2)
      return;
    if (lineStart && depth == 0) {
      size_t j = end;
      while (j < text.size() && text[j] == ' ')
        ++j;
      if (j < text.size() && text[j] == '=') {
        aliasDef = true;
        aliasName = name.str();
        aliasDepth = 0;
        return;
      }
    }
    auto it = aliasDepths.find(name);
    if (it != aliasDepths.end())
      reach(depth + it->second);
  }

  void endAlias() {
    aliasDepths[aliasName] = aliasDepth;
    aliasDef = false;
  }

  /// A run of `<size>x` dims: `1x2x?x4xf32`.
  void shape() {
    if (i > 0 && (isIdentifierChar(text[i - 1]) || text[i - 1] == '%' ||
                  text[i - 1] == '#' || text[i - 1] == '!'))
      return;
    size_t j = i;
    int dims = 0;
    while (j < text.size()) {
      size_t digits = j;
      if (text[j] == '?')
        ++j;
      else
        while (j < text.size() &&
               std::isdigit(static_cast<unsigned char>(text[j])))
          ++j;
      if (j == digits || j >= text.size() || text[j] != 'x')
        break;
      ++dims;
      ++j;
      if (dims > kMaxShapeDims) {
        fail("a shape spells more than " + std::to_string(kMaxShapeDims) +
             " dims (rlx allows rank 16)");
        return;
      }
    }
  }

  /// A keyword: `affine_map` / `affine_set` open a group whose operators
  /// are counted; `floordiv`, `ceildiv` and `mod` are operators.
  void word() {
    if (i > 0 && isIdentifierChar(text[i - 1]))
      return;
    size_t end = i;
    while (end < text.size() && isIdentifierChar(text[end]))
      ++end;
    llvm::StringRef w = text.slice(i, end);
    column += end - i - 1;
    i = end - 1;
    if (w == "dense" && end < text.size() && text[end] == '<')
      denseLiterals(end);
    if ((w == "affine_map" || w == "affine_set") && affineDepth < 0) {
      affineDepth = depth + 1;
      affineOperators = 0;
    } else if (w == "floordiv" || w == "ceildiv" || w == "mod") {
      affineOperator();
    }
  }

  /// `dense<...> : tensor<...xT>` with T f16, bf16 or f32: a decimal
  /// literal beyond T's largest finite value would parse as infinity
  /// without a word, so it is refused here (hex bit patterns are not
  /// checked: they say exactly what they mean).
  void denseLiterals(size_t open) {
    int level = 0;
    size_t close = open;
    double largest = 0;
    std::string largestText;
    size_t largestAt = 0;
    for (; close < text.size(); ++close) {
      char c = text[close];
      if (c == '"')
        return; // a hex string: bits, not decimals
      if (c == '<')
        ++level;
      else if (c == '>' && --level == 0)
        break;
      char before = text[close - 1];
      bool starts = (std::isdigit(static_cast<unsigned char>(c)) || c == '.') &&
                    !(std::isalnum(static_cast<unsigned char>(before)) ||
                      before == '_' || before == '.');
      if (!starts)
        continue;
      size_t end = close;
      while (end < text.size() &&
             (std::isalnum(static_cast<unsigned char>(text[end])) ||
              text[end] == '.' || text[end] == '+' ||
              (text[end] == '-' &&
               (text[end - 1] == 'e' || text[end - 1] == 'E'))))
        ++end;
      std::string literal = text.slice(close, end).str();
      if (literal.size() > 1 && (literal[1] == 'x' || literal[1] == 'X'))
        return; // hex bits
      double value = std::strtod(literal.c_str(), nullptr);
      if (value > largest) {
        largest = value;
        largestText = literal;
        largestAt = close;
      }
      close = end - 1;
    }
    // The element type: the last `x`-separated part of the type after `:`.
    size_t colon = text.find_first_not_of(" \t\n", close + 1);
    if (colon == llvm::StringRef::npos || text[colon] != ':')
      return;
    size_t typeEnd = text.find('>', colon);
    if (typeEnd == llvm::StringRef::npos)
      return;
    llvm::StringRef type = text.slice(colon, typeEnd);
    llvm::StringRef element = type.rsplit('x').second;
    if (element.empty())
      element = type.rsplit('<').second;
    double max = element == "f32"    ? 3.4028234663852886e38
                 : element == "bf16" ? 3.3895313892515355e38
                 : element == "f16"  ? 65504.0
                                     : 0;
    if (max > 0 && largest > max) {
      // Point at the literal: move line and column up to it.
      for (size_t k = i + 1; k <= largestAt; ++k) {
        ++column;
        if (text[k - 1] == '\n') {
          ++line;
          column = 1;
        }
      }
      fail("the literal " + largestText + " in a dense<> of " + element.str() +
               " is beyond " + element.str() + "'s largest finite value",
           "instead of letting it become infinity without a word");
    }
  }

  void affineOperator() {
    if (affineDepth < 0 || depth < affineDepth)
      return;
    if (++affineOperators > kMaxAffineOperators)
      fail("an affine map or set has more than " +
           std::to_string(kMaxAffineOperators) + " operators");
  }

  llvm::StringRef text;
  int maxDepth;
  size_t i = 0;
  int depth = 0, line = 1, column = 0;
  bool inString = false, inComment = false, atLineStart = true;
  bool aliasDef = false;
  std::string aliasName;
  int aliasDepth = 0;
  llvm::StringMap<int> aliasDepths;
  int affineDepth = -1, affineOperators = 0;
  std::string error;
};

} // namespace

std::string checkNestingDepth(llvm::StringRef text, int maxDepth) {
  return Scanner(text, maxDepth).run();
}

} // namespace mlir::rlx
