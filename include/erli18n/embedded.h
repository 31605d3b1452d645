/// \file
/// erli18n/embedded.h — catalogs compiled into the program (`erli18n compile --cpp`).
///
/// `erli18n compile --cpp -o catalogs.cc --namespace app_catalogs CATALOGS...` writes a C++
/// source holding each catalog's `.mo` bytes as constant data and a function
/// `app_catalogs::register_catalogs(store)` that installs them with
/// `catalog_store::load_static`: no file is opened and nothing is copied or parsed (an `.mo`
/// image is opened in place, in O(1); the store then indexes it as for any `.mo`). The
/// program then needs no catalog files at run time. Declare the generated functions with
/// ERLI18N_EMBEDDED_CATALOGS (at namespace scope) where you call them:
///
/// \code
/// #include "erli18n/embedded.h"
/// ERLI18N_EMBEDDED_CATALOGS(app_catalogs)
/// int main() {
///   if (auto n = app_catalogs::register_catalogs(); !n) { /* n.error().to_string() */ }
///   std::cout << erli18n::dlgettext("app", "fr", "Hello") << '\n';
/// }
/// \endcode
///
/// The CMake package's `erli18n_embed_catalogs(TARGET DIR ...)` runs the generator at build
/// time (see docs/embedded.md).
#ifndef ERLI18N_EMBEDDED_H
#define ERLI18N_EMBEDDED_H

#include <cstddef>

#include "erli18n/catalog_store.h"
#include "erli18n/result.h"

namespace erli18n {

/// One catalog of a generated source: static `.mo` bytes and the key they are installed under.
struct embedded_catalog {
  const char* domain;  ///< the text domain to install it under (NUL-terminated)
  const char* locale;  ///< the locale to install it under (NUL-terminated; canonicalized)
  const char* mo;      ///< the `.mo` image, valid for the whole program
  std::size_t size;    ///< its size in bytes
};

/// Installs `count` catalogs into `store` in order (each replaces the catalog of its key).
/// Returns `count`, or the first error: the catalogs before it stay installed. Each is
/// installed with `catalog_store::load_static`, named `<embedded DOMAIN/LOCALE>` in
/// diagnostics.
result<std::size_t> register_embedded(catalog_store& store, const embedded_catalog* catalogs,
                                      std::size_t count);

}  // namespace erli18n

/// Declares the functions a source generated with `--namespace ns` defines:
/// `ns::register_catalogs(store)` and `ns::register_catalogs()` (the default store).
#define ERLI18N_EMBEDDED_CATALOGS(ns)                                                \
  namespace ns {                                                                     \
  ::erli18n::result<std::size_t> register_catalogs(::erli18n::catalog_store& store); \
  ::erli18n::result<std::size_t> register_catalogs();                                \
  }

#endif  // ERLI18N_EMBEDDED_H
