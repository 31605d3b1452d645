// The merge's format check, on the printf reading `erli18n lint` uses (c_format.h): msgmerge
// checks a translation against its msgid with the same rules msgfmt --check-format applies.
#include "merge_c_format.h"

#include <algorithm>

#include "c_format.h"
#include "printf_directive.h"

namespace erli18n::detail {

namespace {

// Whether a directive of `text` has the `I` flag (glibc's locale digits). msgmerge 0.21 takes it
// only in translations: a msgid using it is no format string to check a translation against.
bool uses_locale_digits_flag(std::string_view text) {
  for (std::size_t at = text.find('%'); at != std::string_view::npos;) {
    const printf_directive directive = read_printf_directive(text, at);
    if (directive.flags.find('I') != std::string_view::npos) return true;
    at = text.find('%', std::max(directive.end, at + 2));
  }
  return false;
}

}  // namespace

bool c_format_translation_fits(std::string_view original, std::string_view translation, bool may_omit) {
  if (uses_locale_digits_flag(original)) return true;
  const c_format::parsed want = c_format::parse_c_format(original);
  if (!want.valid) return true;
  const c_format::parsed got = c_format::parse_c_format(translation);
  if (!got.valid) return false;
  const std::size_t n_want = want.args.size(), n_got = got.args.size();
  if (may_omit ? n_got > n_want : n_got != n_want) return false;
  return std::equal(got.args.begin(), got.args.end(), want.args.begin());
}

}  // namespace erli18n::detail
