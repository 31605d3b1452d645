// Fixture: non-ASCII messages make the template's charset UTF-8 (xgettext with
// --from-code=UTF-8). Not compared with --omit-header: xgettext then drops non-ASCII bytes.
void utf8() {
  gettext("UTF-8 text: caf\xc3\xa9 na\303\257ve — déjà vu");
  pgettext("café", "Menü");
}
