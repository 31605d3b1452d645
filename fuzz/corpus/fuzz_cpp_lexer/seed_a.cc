#include <x.h>
// TRANSLATORS: hello comment
// second line
auto a = gettext("Hello %s");
/* block */ auto b = ngettext("one %d file", "%d files", n);
auto c = pgettext("ctx", "Open");
auto d = gettextf("Hi %{name}", {{"name", "x"}});
auto e = gettextf(tr, "Hi2 %{name}", args);
auto f = gettext(R"(raw "x")");
auto g = gettext(u8"utf8 \u00e9" "concat");
auto h = gettext("100% sure");
auto i = gettext("%1$s and %2$s");
auto j = tr.gettext("member");
auto k = erli18n::gettext("qualified");
auto l = gettext(var);
auto m = dgettext("errors", "E1");
char q = '"'; auto n2 = gettext("after char");
int big = 1'000; auto o = gettext("after sep");
auto p = gettext(R"xy(raw)"delim)xy");
auto r = gettext("a very long string that needs wrapping because it is longer than seventy nine columns for sure yes");
auto s = gettext("multi\nline\n");
