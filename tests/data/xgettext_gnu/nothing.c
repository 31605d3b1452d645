/* Fixture of tests/parity/xgettext_gnu.sh: no message at all. */
int nothing(void) { return 0; }
