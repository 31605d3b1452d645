/* Fixture of tests/parity/xgettext_gnu.sh: non-ASCII text. */
const char *s = gettext("Café");
