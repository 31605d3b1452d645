// Fixture: lexical forms around the keyword calls.
#include <string>  // gettext("not a call: in a comment")
#define GREETING gettext("Message in a macro")
#define LONG_MACRO(x) \
  gettext("Macro body over " \
          "two lines")
#define WRAPPED(s) _(s)
#pragma once /* gettext("pragma comment") */
#if 0
  gettext("Inside if 0");
#endif
/* gettext("block comment") */
// gettext("line comment") \
   gettext("continued line comment")

int chars() {
  char q = '"';
  char a = '\'';
  char b = '\\';
  char32_t c = U'"';
  wchar_t d = L'\'';
  char8_t e = u8'x';
  int sep = 1'000'000;
  double f = 1.5e+10 + 0x1p-3 + 0'7;
  auto g = 10'000ull;
  return q + a + b + static_cast<int>(c + d + e + sep + f + g);
}

void strings(int n) {
  gettext("after " "adjacent " "literals");
  gettext("adjacent"
          " over"
          " lines");
  gettext(u8"u8 literal");
  gettext(L"wide literal");
  gettext(u"utf-16 literal");
  gettext(U"utf-32 literal");
  gettext(u8"mixed" " prefixes");
  gettext(R"(raw "quoted" text)");
  gettext(R"delim(raw with )" inside)delim");
  gettext(R"(raw with \n kept as written)");
  gettext(R"(raw over
two lines)");
  gettext(u8R"(u8 raw)");
  gettext(R"(raw // not a comment /* nor this */)");
  gettext("spliced \
string");
  get\
text("spliced keyword");
  gettext(R"x(raw)" "plain after raw");
  gettext("comma, inside");
  gettext("paren ) inside");
  std::string s = "not extracted" + std::string("nope");
  gettext(nested(gettext("inner call")));
  ngettext("%d nested", "%d nesteds", count(gettext("in argument")));
  foo<int>(gettext("template call"));
  auto lambda = [](const char* x) { return gettext(x); };
  auto arr = {gettext("in braces 1"), gettext("in braces 2")};
  (void)n;
}

int after_all_that = 0;
void last() { gettext("last message"); }
