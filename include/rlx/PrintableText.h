//===- PrintableText.h - Text from files, safe to print -------------------===//
//
// Names, symbols and messages that quote them can come from files rlx did not
// write (artifacts, ONNX models, model text). A control byte reaching a
// terminal can be an escape sequence, so such text is either refused
// (artifact fields, slot names) or escaped before it is printed (messages).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_PRINTABLETEXT_H
#define RLX_PRINTABLETEXT_H

#include <cstddef>
#include <string>
#include <string_view>

namespace rlx {

/// True for the printable ASCII bytes, 0x20 to 0x7e.
inline bool isPrintableAscii(char c) {
  auto b = static_cast<unsigned char>(c);
  return b >= 0x20 && b <= 0x7e;
}

/// The index of the first byte of `text` outside printable ASCII, or
/// text.size() when there is none.
inline size_t firstUnprintableByte(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i)
    if (!isPrintableAscii(text[i]))
      return i;
  return text.size();
}

/// `text` with every byte outside printable ASCII written as `\xNN` (a
/// backslash itself stays as it is); newlines and tabs are kept when
/// `keepLineBreaks` (a message of several lines).
inline std::string escapeUnprintable(std::string_view text,
                                     bool keepLineBreaks = true) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (isPrintableAscii(c) || (keepLineBreaks && (c == '\n' || c == '\t'))) {
      out += c;
      continue;
    }
    auto b = static_cast<unsigned char>(c);
    out += "\\x";
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

} // namespace rlx

#endif // RLX_PRINTABLETEXT_H
