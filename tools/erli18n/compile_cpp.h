// `erli18n compile --cpp` and `--keys`: C++ sources generated from catalogs.
#ifndef ERLI18N_TOOLS_COMPILE_CPP_H
#define ERLI18N_TOOLS_COMPILE_CPP_H

#include <string>
#include <string_view>
#include <vector>

#include "erli18n/mo.h"
#include "erli18n/result.h"

namespace erli18n::cli {

/// A catalog to embed: its key and its `.mo` bytes.
struct embed_input {
  std::string domain;
  std::string locale;  ///< canonical
  std::string mo;
};

/// How the key of each catalog is chosen (docs/embedded.md): `domain`/`locale` when given
/// (`locale` only with one catalog); else `.../LOCALE/LC_MESSAGES/DOMAIN.po|mo` gives both,
/// and any other `.../LOCALE.po|mo` gives the locale (the domain must then be given).
struct embed_naming {
  std::string domain;
  std::string locale;
};

/// Reads the catalogs (MO files, told by their magic number, taken as they are after a full
/// check; PO files compiled as msgfmt would with `options`), sorted by (domain, locale). A `.po` with no
/// translated message is skipped with a warning on stderr (msgfmt would write no file either).
result<std::vector<embed_input>> read_embed_inputs(const std::vector<std::string>& paths,
                                                   const embed_naming& naming,
                                                   const mo_compile_options& options);

/// True when `ns` is a C++ namespace name (`a` or `a::b`, identifiers only).
bool is_namespace_name(std::string_view ns);

/// The generated source: the bytes as constant data and `ns::register_catalogs`.
std::string render_embedded_cpp(const std::vector<embed_input>& catalogs, std::string_view ns);

/// `bytes` as C++ string literals (concatenated), `indent` before each line.
std::string cpp_string_literal(std::string_view bytes, std::string_view indent);

/// `erli18n compile --keys`: writes the header of the templates' keys (compile_keys.cc).
void compile_keys(const std::vector<std::string>& templates, const std::string& output, const std::string& ns,
                  int& exit_code);

}  // namespace erli18n::cli

#endif  // ERLI18N_TOOLS_COMPILE_CPP_H
