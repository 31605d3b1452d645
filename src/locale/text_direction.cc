// text_direction: from the maximized script and CLDR's list of right-to-left scripts.
#include <algorithm>

#include "cldr_locale_data.h"
#include "erli18n/locale_name.h"
#include "likely_subtags.h"

namespace erli18n {

writing_direction text_direction(std::string_view locale) {
  char canonical[max_locale_name + 1];
  const std::size_t size = canonical_locale(locale, canonical, sizeof canonical);
  if (size == 0) return writing_direction::left_to_right;
  const std::string script = detail::maximize_locale(std::string_view(canonical, size)).script;
  return std::binary_search(std::begin(cldr::rtl_scripts), std::end(cldr::rtl_scripts),
                            std::string_view(script))
             ? writing_direction::right_to_left
             : writing_direction::left_to_right;
}

}  // namespace erli18n
