auto a = L"x"; auto a1 = gettext(L"wide");
auto a2 = gettext(u"u16"); auto a3 = gettext(U"u32");
auto b = gettext(
   "on line three"
   "and four");
auto c = ngettext("sing",
   "plur", n);
auto d = pgettext(
  "ctx",
  "ctxmsg");
/* TRANSLATORS: before */
auto e = gettext(
  // inner comment
  "inner");
// not adjacent

auto f = gettext("after blank");
// c1
/* c2 */ int x;
auto g = gettext("after code");
int y; // trailing
auto h = gettext("after trailing");
// cA
auto i = foo(gettext("nested"));
auto j = gettext("50%");
auto k = gettext("%%");
auto l = ngettext("no format", "%d many", n);
auto m = gettext("%s %");
auto n1 = gettext("%5.2f %-*d %lld %zu %ls %p %n %hhx %jd %Lf %#o %+i %'d %I64d");
auto o = gettext("%<PRId64>");
auto p = gettext("%m");
auto q = gettext("% ");
auto r = gettext("%1$s %s");
