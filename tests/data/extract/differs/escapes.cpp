// Where xgettext 0.21 is wrong: universal character names in plain literals are dropped,
// and without a header so are the non-ASCII bytes of a message.
void escapes(const erli18n::arg_list& args) {
  gettext("caf\u00e9 \U0001F600");
  gettext(L"na\u00efve");
  erli18n::format(erli18n::gettext("Hi %{name}"), {{"name", "x"}});
  erli18n::format(erli18n::gettext("Bye %{name}"), {{"name", "x"}, {"other", "y"}});
}
void non_ascii() {
  // Without a header, xgettext drops the non-ASCII bytes of this message.
  gettext("déjà vu");
}
