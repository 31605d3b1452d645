// Where xgettext 0.21 is wrong: universal character names in plain literals are dropped,
// and a braced argument's commas count as argument separators (the bindings of gettextf).
void escapes(const erli18n::arg_list& args) {
  gettext("caf\u00e9 \U0001F600");
  gettext(L"na\u00efve");
  erli18n::gettextf("Hi %{name}", {{"name", "x"}});
  erli18n::gettextf("Bye %{name}", {{"name", "x"}, {"other", "y"}});
}
void non_ascii() {
  // Without a header, xgettext drops the non-ASCII bytes of this message.
  gettext("déjà vu");
}
