// Built twice, with and without CHECKED: the assembly must be the same (the checks cost nothing).
#include <string>
#include <string_view>

#include "keys.h"

#ifdef CHECKED
std::string_view plain() { return ERLI18N_GETTEXT("Hello"); }
std::string_view context() { return ERLI18N_PGETTEXT("menu", "Open"); }
std::string_view plural(unsigned long n) { return ERLI18N_NGETTEXT("Hello", "Hellos", n); }
std::string format(const std::string& user) { return ERLI18N_GETTEXTF("Hello, %{name}!", {"name", user}); }
std::string plural_format(unsigned long n, std::string_view dir) {
  return ERLI18N_NGETTEXTF("%{count} file in %{dir}", "%{count} files in %{dir}", n, {"dir", dir});
}
#else
std::string_view plain() { return erli18n::gettext("Hello"); }
std::string_view context() { return erli18n::pgettext("menu", "Open"); }
std::string_view plural(unsigned long n) { return erli18n::ngettext("Hello", "Hellos", n); }
std::string format(const std::string& user) {
  return erli18n::format(erli18n::gettext("Hello, %{name}!"), {{"name", user}});
}
std::string plural_format(unsigned long n, std::string_view dir) {
  return erli18n::format(erli18n::ngettext("%{count} file in %{dir}", "%{count} files in %{dir}", n),
                         {{"dir", dir}});
}
#endif
