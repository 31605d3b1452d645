// The catalog files a lookup tries, as paths: for each language of a LANGUAGE-style list,
// expanded when it is an alias (locale_aliases.h), each directory variant
// (locale_variants.h) as DIR/VARIANT/CATEGORY/DOMAIN.mo.
//
// In secure mode (a setuid, setgid or file-capability program: AT_SECURE) the languages come
// from a user who may not read what the program can, so a language that is not one plain path
// component (it contains `/`, is `..`, ...) selects no file there and the list goes on with the
// next one. glibc 2.36 skips the entries containing `/` in secure mode (found by experiment, see
// docs/c-abi.md); outside secure mode it takes every entry as given, and so do we.
//
// Pure functions apart from secure_mode(): callable from any thread, fuzzed by
// fuzz/fuzz_intl_paths.cc.
#ifndef ERLI18N_INTL_CATALOG_PATHS_H
#define ERLI18N_INTL_CATALOG_PATHS_H

#include <string>
#include <string_view>
#include <vector>

namespace erli18n::intl {

/// Whether the process runs in secure mode: getauxval(AT_SECURE), fixed at exec.
bool secure_mode() noexcept;

/// Whether the language `name` (a LANGUAGE entry, a locale name, or an alias's expansion) may
/// name a catalog directory. Always outside secure mode; in secure mode only when it is one path
/// component by erli18n::validate_path_component (no `/`, `\` or NUL, not `.`, no `..`).
bool usable_language(std::string_view name, bool secure);

/// The paths to try, in order and without duplicates, for `domain` under `languages` (a
/// colon-separated list: empty entries skipped, an entry "C" ending it), `aliases` being the
/// text of an alias file. `dir`, `category` and `domain` are the program's and used as given.
std::vector<std::string> catalog_paths(std::string_view dir, std::string_view category,
                                       std::string_view domain, std::string_view languages,
                                       std::string_view aliases, bool secure);

}  // namespace erli18n::intl

#endif  // ERLI18N_INTL_CATALOG_PATHS_H
