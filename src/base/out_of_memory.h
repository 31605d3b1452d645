// out_of_memory.h — the library's one out-of-memory policy (HACKING.md "Errors"), in code:
// a call that returns result<T> reports std::bad_alloc as errc::out_of_memory, nothing changed.
#ifndef ERLI18N_SRC_OUT_OF_MEMORY_H
#define ERLI18N_SRC_OUT_OF_MEMORY_H

#include <new>
#include <string>
#include <string_view>
#include <utility>

#include "erli18n/result.h"

namespace erli18n {

/// The error of a call that ran out of memory "while <doing>", with nothing changed.
inline error out_of_memory(std::string_view doing, std::string file = {}) {
  error e;
  e.code = errc::out_of_memory;
  e.message = "out of memory while ";
  e.message.append(doing);
  e.file = std::move(file);
  return e;
}

/// `f()` (a call returning a result), with std::bad_alloc turned into `out_of_memory(doing)`:
/// the body of a public fallible call, whose own allocations then cannot throw past it.
template <class F>
auto or_out_of_memory(std::string_view doing, F&& f) -> decltype(std::forward<F>(f)()) {
  try {
    return std::forward<F>(f)();
  } catch (const std::bad_alloc&) {
    return out_of_memory(doing);
  }
}

}  // namespace erli18n

#endif  // ERLI18N_SRC_OUT_OF_MEMORY_H
