/* Fixture of tests/parity/xgettext_gnu.sh: a non-ASCII comment. */
/* naïve */
const char *s = gettext("plain");
