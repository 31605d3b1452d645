// Fixture of tests/parity/xgettext_gnu.sh: C++ raw strings (read as C++ only: see docs/cli.md).
const char* raw = gettext(R"raw(A raw string)raw");
const char* raw2 = gettext(
    u8R"(UTF-8 raw)"
    "!");
