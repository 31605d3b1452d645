// Where xgettext 0.21 is wrong: raw strings with L, u, U prefixes are not extracted, and a
// backslash-newline inside a raw string is removed although raw strings keep it.
void raw() {
  gettext(LR"(wide raw)");
  gettext(uR"(utf-16 raw)");
  gettext(UR"(utf-32 raw)");
  gettext(R"(raw with a backslash at the end of a line\
and more)");
}
