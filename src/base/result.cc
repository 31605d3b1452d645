#include "erli18n/result.h"

#include <cstdio>
#include <cstdlib>

namespace erli18n {

std::string error::to_string() const {
  std::string out;
  if (!file.empty()) {
    out += file;
    out += ':';
    if (line != 0) {
      out += std::to_string(line);
      out += ':';
      if (column != 0) {
        out += std::to_string(column);
        out += ':';
      }
    }
    out += ' ';
  }
  out += "error: ";
  out += message;
  return out;
}

namespace detail {

// One fputs per piece, no allocation beyond to_string(): the process is about to abort, and
// the message is what tells the user which error was ignored. to_string() may throw
// std::bad_alloc; then the message alone is printed.
void value_of_error(const error& err) noexcept {
  std::fputs("erli18n: result::value() on an error: ", stderr);
  try {
    std::fputs(err.to_string().c_str(), stderr);
  } catch (...) {
    std::fputs(err.message.c_str(), stderr);
  }
  std::fputs("\n", stderr);
  std::abort();
}

void error_of_value() noexcept {
  std::fputs("erli18n: result::error() on a value\n", stderr);
  std::abort();
}

}  // namespace detail
}  // namespace erli18n
