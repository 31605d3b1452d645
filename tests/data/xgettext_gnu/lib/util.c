/* Fixture of tests/parity/xgettext_gnu.sh: found through -D and --files-from. */
const char *util(void) { return gettext("From lib/util.c"); }
const char *again(void) { return gettext("Hello, world!"); }
