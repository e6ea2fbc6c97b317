//===- Status.h - Errors as values at rlx's API and runtime boundary ------===//
//
// rlx never throws (it is built without exceptions and RTTI): every call that
// can fail returns a Status or an Expected<T> whose message names the input,
// op, file or value at fault (RELIABILITY.md contract 1).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_STATUS_H
#define RLX_STATUS_H

#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace rlx {

enum class StatusCode {
  ok,
  invalid_argument,
  not_found,
  out_of_range,
  resource_exhausted,
  failed_precondition,
  incompatible,
  data_loss,
  unavailable,
  unimplemented,
  internal,
};

/// "invalid_argument", ... for messages and tests.
const char *statusCodeName(StatusCode code);

class [[nodiscard]] Status {
public:
  Status() = default;
  Status(StatusCode code, std::string message)
      : code_(code), message_(std::move(message)) {}

  static Status ok() { return Status(); }

  bool isOk() const { return code_ == StatusCode::ok; }
  explicit operator bool() const { return isOk(); }
  StatusCode code() const { return code_; }
  const std::string &message() const { return message_; }
  /// "invalid_argument: <message>".
  std::string toString() const;

private:
  StatusCode code_ = StatusCode::ok;
  std::string message_;
};

namespace detail {
/// Prints "rlx: the value of an Expected holding an error was used: <why>"
/// to stderr and aborts.
[[noreturn]] void badExpectedAccess(const std::string &why);
} // namespace detail

/// A value or the error saying why there is none: a Status by default; an
/// error type with more structure (DeviceFallbackError) needs isOk() and
/// message().
///
/// Every accessor of the value checks that there is one: using the value
/// of an error is a programming error (as dereferencing an empty optional)
/// and aborts the process with the error's message, in every build type.
/// Test with isOk() or `if (result)` first.
template <typename T, typename E = Status> class [[nodiscard]] Expected {
public:
  Expected(T value) : value_(std::move(value)) {}
  Expected(E error) : error_(std::move(error)) {
    assert(!error_.isOk() && "an Expected without a value needs an error");
  }

  bool isOk() const { return value_.has_value(); }
  explicit operator bool() const { return isOk(); }
  const E &status() const { return error_; }
  const E &error() const { return error_; }

  T &value() & { return checked(); }
  const T &value() const & { return checked(); }
  T &&value() && { return std::move(checked()); }
  T *operator->() { return &checked(); }
  const T *operator->() const { return &checked(); }
  T &operator*() & { return checked(); }
  const T &operator*() const & { return checked(); }

private:
  T &checked() {
    if (!value_)
      detail::badExpectedAccess(error_.message());
    return *value_;
  }
  const T &checked() const {
    if (!value_)
      detail::badExpectedAccess(error_.message());
    return *value_;
  }

  std::optional<T> value_;
  E error_;
};

} // namespace rlx

#endif // RLX_STATUS_H
