/* Fixture of tests/parity/xgettext_gnu.sh: --flag rules for C format strings. */
void flags(int n) {
  foo(_("%d x"));
  foo(_("plain"));
  bar(1, _("second %s"));
  bar(_("first %s"), 2);
  baz(_("%d no"));
  printf(_("plain printf"));
  printf(my_("plain my"));
  foo(g(_("nested plain")));
  foo(gettext("gettext plain"));
  qux(_("plain q"));
  _("self plain");
  foo(_("%d y"), _("arg2 plain"));
}
