// The merge's format check, on the printf reading `erli18n lint` uses (c_format.h): msgmerge
// checks a translation against its msgid with the same rules msgfmt --check-format applies.
#include "merge_c_format.h"

#include <algorithm>

#include "c_format.h"

namespace erli18n::detail {

bool c_format_translation_fits(std::string_view original, std::string_view translation, bool may_omit) {
  const c_format::parsed want = c_format::parse_c_format(original);
  if (!want.valid) return true;
  const c_format::parsed got = c_format::parse_c_format(translation);
  if (!got.valid) return false;
  const std::size_t n_want = want.args.size(), n_got = got.args.size();
  if (may_omit ? n_got > n_want : n_got != n_want) return false;
  return std::equal(got.args.begin(), got.args.end(), want.args.begin());
}

}  // namespace erli18n::detail
