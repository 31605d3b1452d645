// Fixture: every call form of the erli18n lookup API and GNU's C names, as xgettext sees them.
#include <cstdio>

#include "erli18n/gettext.h"
#include "erli18n/format.h"

namespace demo {

void free_functions(unsigned long n, const erli18n::arg_list& args) {
  erli18n::gettext("Hello, world!");
  erli18n::ngettext("%lu file", "%lu files", n);
  erli18n::pgettext("menu", "Open");
  erli18n::pgettext("state", "Open");
  erli18n::npgettext("inbox", "%lu message", "%lu messages", n);
  erli18n::dgettext("errors", "Disk full");
  erli18n::dngettext("errors", "%d error", "%d errors", n);
  erli18n::dpgettext("errors", "network", "Timed out");
  erli18n::dnpgettext("errors", "network", "%d retry", "%d retries", n);
  erli18n::dlgettext("errors", "fr", "Permission denied");
  erli18n::dlngettext("errors", "fr", "one try", "many tries", n);
  erli18n::dlpgettext("errors", "fr", "file", "Not found");
  erli18n::dlnpgettext("errors", "fr", "file", "a file", "some files", n);
  erli18n::format(erli18n::gettext("Welcome, %{name}!"), args);
  erli18n::format(erli18n::ngettext("%{count} item", "%{count} items", n), args);
  erli18n::format(erli18n::pgettext("greeting", "Hi %{name}"), args);
  erli18n::format(erli18n::npgettext("cart", "%{count} product", "%{count} products", n), args);
  erli18n::format(erli18n::dgettext("errors", "Cannot open %{path}"), args);
  erli18n::format(erli18n::dngettext("errors", "%{count} warning", "%{count} warnings", n), args);
  erli18n::format(erli18n::dpgettext("errors", "io", "Read %{path}"), args);
  erli18n::format(erli18n::dnpgettext("errors", "io", "%{count} byte", "%{count} bytes", n), args);
  erli18n::format(erli18n::dlgettext("errors", "de", "Bad %{what}"), args);
  erli18n::format(erli18n::dlngettext("errors", "de", "%{count} day", "%{count} days", n), args);
  erli18n::format(erli18n::dlpgettext("errors", "de", "time", "At %{when}"), args);
  erli18n::format(erli18n::dlnpgettext("errors", "de", "time", "%{count} hour", "%{count} hours", n), args);
  erli18n::format(erli18n::gettext("Strict %{x}"), args, erli18n::strict);
  erli18n::format(erli18n::gettext("No placeholder"), {});
}

void translators(const erli18n::translator& tr, const erli18n::translator* fr, unsigned long n,
                 const erli18n::arg_list& args) {
  tr.gettext("Member lookup");
  fr->gettext("Pointer member lookup");
  tr.ngettext("one apple", "%lu apples", n);
  tr.pgettext("fruit", "Orange");
  fr->npgettext("fruit", "a pear", "%lu pears", n);
  erli18n::format(tr.gettext("Hello %{user}"), args);
  erli18n::format(tr.ngettext("%{count} pear", "%{count} pears", n), args);
  erli18n::format(tr.pgettext("fruit", "Fresh %{kind}"), args);
  erli18n::format(tr.npgettext("fruit", "%{count} plum", "%{count} plums", n), args);
}

void gnu_names(int n) {
  gettext("GNU gettext");
  dgettext("gnu", "GNU dgettext");
  dcgettext("gnu", "GNU dcgettext", 5);
  ngettext("GNU ngettext", "GNU ngettexts", n);
  dngettext("gnu", "GNU dngettext", "GNU dngettexts", n);
  dcngettext("gnu", "GNU dcngettext", "GNU dcngettexts", n, 5);
  pgettext("gnu", "GNU pgettext");
  npgettext("gnu", "GNU npgettext", "GNU npgettexts", n);
  _("underscore");
  N_("noop marker");
  gettext_noop("gettext_noop marker");
  std::printf(gettext("Plain text used as a format"));
  std::fprintf(stderr, _("Error: %s\n"), "x");
  std::snprintf(nullptr, 0, ngettext("one", "%d many", n), n);
  std::puts(gettext("Not a format position"));
}

void formats() {
  gettext("%d%% done");
  gettext("100%");
  gettext("%1$s then %2$s");
  gettext("%2$s only");
  gettext("%<PRId64> bytes");
  gettext("%-8.3f|%+05d|%#x|% i|%'lu|%zu|%jd|%td|%lld|%hhu|%Lf|%c|%p|%n|%m");
  gettext("%*d and %.*s");
  gettext("%{name} and %d");
  gettext("%%{literal} not a placeholder");
}

void repeats() {
  gettext("Repeated");
  gettext("Repeated");
  gettext("Repeated"); gettext("Repeated");
  ngettext("Repeated", "Repeated plural", 2);
  pgettext("ctx", "Repeated");
}

void texts() {
  gettext("A long message that is longer than one line of a PO file, so that it must be wrapped at seventy-nine columns like xgettext does it.");
  gettext("Lines\nwith\nnew lines\n");
  gettext("Tabs\tand \"quotes\" and \\backslashes\\");
  gettext("Octal \101\102\103 and hex \x41\x42 escapes");
  gettext("Question\? and apostrophe\'");
  gettext("Trailing space ");
  gettext("   ");
}

}
