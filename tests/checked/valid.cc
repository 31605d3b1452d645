// Valid uses of erli18n/checked.h: compiles with -Werror and prints what the unchecked calls
// print (no catalog is loaded, so the msgids, interpolated).
#include <iostream>
#include <string>

#include "keys.h"

// The grammar of the placeholder scan, as interpolate.h defines it.
namespace c = erli18n::checked;
static_assert(c::placeholders_bound("%{a} %{b}", "", R"({"a", 1}, {"b", 2})", false));
static_assert(!c::placeholders_bound("%{a} %{b}", "", R"({"a", 1})", false));
static_assert(c::placeholders_bound("%%{x} %{1y} %{} %{a b} %{z", "", "", false));  // none are placeholders
static_assert(c::bindings_used("%{a}", "",
                               R"({"a", std::string{"}, {\"b\""}})"));  // braces and quotes in a value
static_assert(!c::bindings_used("%{a}", "", R"({"a", 1}, {"a", 2})"));  // repeated
static_assert(!c::bindings_used("%{a}", "", R"({name, 1})"));           // not a literal
static_assert(c::bindings_used("%{a}", "", R"({"a", 1'000})"));         // digit separator
static_assert(c::placeholders_bound("%{count} x", "%{count} xs", R"({"a", 1})", true));

int main() {
  const std::string user = "Ada";
  const std::string disk = "disk";
  std::cout << ERLI18N_GETTEXT("Hello") << '\n';
  std::cout << ERLI18N_PGETTEXT("menu", "Open") << '\n';
  std::cout << ERLI18N_NGETTEXT("Hello", "Hellos", 2) << '\n';
  std::cout << ERLI18N_NPGETTEXT("status", "%d file", "%d files", 1) << '\n';
  std::cout << ERLI18N_MSGID("Größe") << '\n';
  std::cout << ERLI18N_GETTEXTF("Hello, %{name}!", {"name", user}) << '\n';
  std::cout << ERLI18N_NGETTEXTF("%{count} file in %{dir}", "%{count} files in %{dir}", 3, {"dir", "/tmp"})
            << '\n';
  std::cout << ERLI18N_NGETTEXTF("%{count} file in %{dir}", "%{count} files in %{dir}", 1, {"dir", "/tmp"},
                                 {"count", "one"})
            << '\n';
  std::cout << ERLI18N_PGETTEXTF("status", "100%% of %{what} at %{when}, %{1x} kept", {"when", 12.5},
                                 {"what", disk})
            << '\n';
  return 0;
}
