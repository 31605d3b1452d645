// What the unit tests share: a private temporary folder (temp_dir.h) and catalogs compiled
// from PO text, so that no test keeps its own copy of either.
#ifndef ERLI18N_TESTS_UNIT_TEST_SUPPORT_H
#define ERLI18N_TESTS_UNIT_TEST_SUPPORT_H

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "erli18n/mo.h"
#include "erli18n/po.h"
#include "temp_dir.h"

namespace erli18n::test_support {

// Whether this build runs under ASan or TSan (gcc tells with __SANITIZE_*__, clang with
// __has_feature): their shadow memory and allocators fault and hold pages of their own, so
// a test's bound on RSS or page faults says nothing there.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
inline constexpr bool sanitized = true;
#else
inline constexpr bool sanitized = false;
#endif
#else
inline constexpr bool sanitized = false;
#endif

// The `.mo` bytes msgfmt writes for `po_text` (read as the file `name`). Text that does not
// read or compile is the fixture's mistake: it throws with the diagnostic, which gtest
// reports as the test's failure (and the terminate handler prints, before main).
inline std::string mo_from_po(std::string_view po_text, std::string_view name = "test.po") {
  result<po_file> po = read_po(po_text, name);
  if (!po) throw std::runtime_error(po.error().to_string());
  result<std::string> mo = compile_mo(*po);
  if (!mo) throw std::runtime_error(mo.error().to_string());
  return *std::move(mo);
}

}  // namespace erli18n::test_support

#endif  // ERLI18N_TESTS_UNIT_TEST_SUPPORT_H
