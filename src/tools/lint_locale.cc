// [language]: the header's Language must be a locale name (else an error: glibc and
// erli18n would never pick the catalog by it) in canonical form (else a warning naming the
// canonical spelling, `pt_BR` for `pt-BR`). A valid Language also becomes the catalog's
// locale for the plural-cldr check.
#include "erli18n/locale_name.h"
#include "lint_context.h"

namespace erli18n::lint_detail {

void check_language(context& c) {
  std::optional<std::string> language = c.po.header_field("Language");
  if (!language || language->empty()) return;  // check_header reports these
  result<std::string> canonical = canonical_locale(*language);
  if (!canonical) {
    c.report(c.field_position("Language"), lint_severity::error, "language",
             "Language '" + *language + "' is not a locale name: " + canonical.error().message);
    return;
  }
  if (*canonical != *language)
    c.report(c.field_position("Language"), lint_severity::warning, "language",
             "Language '" + *language + "' is not in canonical form; write '" + *canonical + "'");
  c.locale = *canonical;
}

}  // namespace erli18n::lint_detail
