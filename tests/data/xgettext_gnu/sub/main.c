/* Fixture of tests/parity/xgettext_gnu.sh: the main.c of -D sub. */
const char *f(void) { return gettext("From sub/main.c"); }
