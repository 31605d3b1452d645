/// \file
/// erli18n/catalog_path.h — where a catalog lives on disk, without letting names escape it.
///
/// GNU gettext looks for a domain's catalog at `ROOT/LOCALE/LC_MESSAGES/DOMAIN.mo`. Locale and
/// domain names can come from configuration or from requests, and both become path
/// components, so each is checked before it is used: a name that is empty, `.`, contains `..`,
/// a slash, a backslash or a NUL is refused, which keeps the path inside ROOT.
///
/// The functions are pure (no file-system access): call them from any thread.
///
/// \code
/// erli18n::result<std::string> path =
///     erli18n::catalog_path("/usr/share/locale/", "pt_BR", "hello");
/// if (path) open_catalog(*path);  // "/usr/share/locale/pt_BR/LC_MESSAGES/hello.mo"
/// \endcode
#ifndef ERLI18N_CATALOG_PATH_H
#define ERLI18N_CATALOG_PATH_H

#include <string>
#include <string_view>

#include "erli18n/result.h"

namespace erli18n {

/// Checks that `name` can be used as one path component.
///
/// Ok when `name` can be used as one path component; otherwise an `errc::invalid_argument`
/// error whose message starts with `what` (e.g. "domain", "locale") and names the problem:
/// `name` is empty, is `.`, contains `..` anywhere, or contains `/` (which includes an
/// absolute path), `\` or a NUL byte.
result<void> validate_path_component(std::string_view name, std::string_view what);

/// The path of the catalog of (`domain`, `locale`) under `root`.
///
/// `ROOT/LOCALE/LC_MESSAGES/DOMAIN<extension>`, after `validate_path_component(locale,
/// "locale")` and `validate_path_component(domain, "domain")`, whose error it returns.
/// `root` may be relative or absolute; slashes at its end are not doubled (`/` stays `/`).
/// `locale` is used as given, not canonicalized: directory names on disk are what they are.
/// `extension` (".mo", ".po", ...) must start with `.` and pass
/// `validate_path_component(extension, "extension")`. An empty `root`, or one containing a
/// NUL byte, is an `errc::invalid_argument` error too.
result<std::string> catalog_path(std::string_view root, std::string_view locale, std::string_view domain,
                                 std::string_view extension = ".mo");

}  // namespace erli18n

#endif  // ERLI18N_CATALOG_PATH_H
